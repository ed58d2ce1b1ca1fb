"""A negated auxiliary ("don't", "doesn't", "isn't") says how the reader puts it, not what they ask about: once its
"'t" goes, what is left ("don", "doesn", "isn") is no word of the record's topic, and weighed it counted against every
section that does not write the same contraction (Typer's "... types it doesn't support. Is there a way to tell Typer
how to convert the terminal input into my custom type?" was refused; Python-Markdown's "I don't want to add two
trailing spaces ..." weighed "don" as much as "newline")."""

from __future__ import annotations

import pytest

from docent.schema import Block, Manifest
from docent.schema import RecordSection as Section
from docent.sidecar.answer.words import terms
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


def test_the_shared_words_read_a_negated_auxiliary_as_the_negation() -> None:
    # `words.terms`, which the offline model reads the question and the record by: "don't" is "not", a stop word, as
    # search (`clauses.uncontracted`) and the gate (`STOP_WORDS`) read it; another contraction loses its ending alone
    said = "I don't want it: it isn't, won't and can’t convert Mara's input. They'd say it hasn't, needn't."
    assert terms(said) == ["want", "convert", "mara", "input", "say"]


def test_a_section_that_writes_a_negated_auxiliary_holds_no_word_of_it() -> None:
    # the record's side: "If a command doesn't exist ... Don't panic: it isn't fatal" holds "panic", no "don" or "isn"
    model = OfflineModel.of(RECORD, manifest=Manifest(site_name="Typer", kind="docs"))
    df = model.vocabulary(model.source()).df
    assert [df.get(w) for w in ("panic", "don", "doesn", "isn")] == [1, None, None, None]
