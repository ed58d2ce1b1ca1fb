"""A negated auxiliary ("don't", "doesn't", "isn't") says how the reader puts it, not what they ask about: once its
"'t" goes, what is left ("don", "doesn", "isn") is no word of the record's topic, and weighed it counted against every
section that does not write the same contraction (Typer's "... types it doesn't support. Is there a way to tell Typer
how to convert the terminal input into my custom type?" was refused; Python-Markdown's "I don't want to add two
trailing spaces ..." weighed "don" as much as "newline")."""

from __future__ import annotations

import pytest

from docent.schema import Block, Manifest
from docent.schema import RecordSection as Section
from docent.sidecar.offline import OfflineModel
from docent.sidecar.offline.weighing import Weighed


def _section(id: str, heading: str, *paragraphs: str) -> Section:
    return Section.of(id, page="guide", path=f"/guide/#{id}", headings=("Guide", heading),
                      blocks=tuple(Block("paragraph", p) for p in paragraphs))


RECORD = {s.id: s for s in (
    _section("parser", "Custom types", "A parser callable converts the input value, a string, into your own type."),
    _section("errors", "Errors", "If a command doesn't exist, the app shows an error. Don't panic: it isn't fatal."),
    _section("wins", "Which value wins", "The value given last wins over the default."),
)}


def _weighed(question: str) -> Weighed:
    model = OfflineModel.of(RECORD, manifest=Manifest(site_name="Typer", kind="docs"))
    source = model.source()
    return Weighed.of(question, model.vocabulary(source), model._lexicon(source), source.manifest)


@pytest.mark.parametrize("question", [
    "Typer raises an error on types it doesn't support. How do I convert the input into my own type?",
    "I don't want a string. Isn't there a parser for my own type?",
    "It won't take my type: how do I convert the input?",
])
def test_a_negated_auxiliary_weighs_nothing(question: str) -> None:
    weighed = _weighed(question)
    assert not {"don", "doesn", "isn", "win"} & weighed.weight.keys()
    assert {"convert", "input"} & weighed.weight.keys() or "parser" in weighed.weight


def test_a_word_written_outside_a_contraction_still_weighs() -> None:
    # "won't" leaves "won", stemmed "win": the word the question writes itself still counts
    assert "win" in _weighed("Which value wins? It won't take the default.").weight

