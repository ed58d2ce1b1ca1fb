"""The offline model says the sentence of the best section that says the ask's distinctive word none of the sentences
it picked says: the sentences that say most of a question may all say its commonest words over again ("is
UvicornWorker deprecated now? what do I pass to gunicorn -k": command lines that say "UvicornWorker", "-k" and
"gunicorn", where "... the workers module is deprecated ..." says what is asked)."""

from __future__ import annotations

from docent.schema import Block, Manifest
from docent.schema import RecordSection as Section
from docent.sidecar.offline import OfflineModel


def _model(*sections: Section, kind: str = "docs") -> OfflineModel:
    return OfflineModel.of({s.id: s for s in sections}, manifest=Manifest(site_name="Toolkit", kind=kind))


def _section(id: str, heading: str, *paragraphs: str) -> Section:
    return Section.of(id, page="guide", path=f"/guide/#{id}", headings=("Guide", heading),
                      blocks=tuple(Block("paragraph", p) for p in paragraphs))


SUPERVISOR = _section(
    "supervisor", "Running under the supervisor",
    "Warning: the toolkit.workers module is obsolete and will be removed in a future release.",
    "The supervisor starts the server with supervisor -w 4 -k toolkit.workers.ToolkitWorker on the command line.",
    "The ToolkitWorker class of toolkit.workers runs under the supervisor with the fast event loop.",
    "For a pure Python setup, run supervisor -w 4 -k toolkit.workers.ToolkitPlainWorker instead of ToolkitWorker.",
    "The supervisor passes its -k worker class to each process it starts, so each runs a ToolkitWorker.",
    "Logs of every worker go to the supervisor's own log file.",
)
ASKED = "is toolkit.workers.ToolkitWorker obsolete now? what should I pass to supervisor -k?"
OBSOLETE = "Warning: the toolkit.workers module is obsolete and will be removed in a future release."


def _said(model: OfflineModel, question: str) -> list[str]:
    return [s.rsplit(" [[", 1)[0] for s in model.answer(question)[0]]


def test_the_asks_distinctive_word_no_picked_sentence_says_is_said() -> None:
    said = _said(_model(SUPERVISOR), ASKED)
    assert OBSOLETE in said, said
    # in the record's order, before the command lines it comes before
    assert said.index(OBSOLETE) == 0, said


def test_a_question_whose_picked_sentences_say_its_distinctive_words_gains_none() -> None:
    # asked after the command line alone, the picked sentences say each distinctive word: nothing is added
    said = _said(_model(SUPERVISOR), "what should I pass to supervisor -k for the ToolkitWorker?")
    assert OBSOLETE not in said, said


def test_a_portfolio_answer_gains_no_sentence_for_an_unsaid_word() -> None:
    assert OBSOLETE not in _said(_model(SUPERVISOR, kind="portfolio"), ASKED)
