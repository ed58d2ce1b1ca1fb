"""The offline model says the sentence that goes on from a sentence it says, where that sentence says it goes on ("Instead,
...", "... such a file ...", "... instead."): an answer that stops a sentence before the fact says the half of it the
reader's words are not in."""

from __future__ import annotations

from docent.schema import Block, Manifest
from docent.schema import RecordSection as Section
from docent.sidecar.offline import OfflineModel
from docent.sidecar.offline.picking import GOES_ON, SAID


def _model(*sections: Section) -> OfflineModel:
    return OfflineModel.of({s.id: s for s in sections}, manifest=Manifest(site_name="Toolkit", kind="docs"))


def _section(id: str, heading: str, *paragraphs: str) -> Section:
    return Section.of(id, page="guide", path=f"/guide/#{id}", headings=("Guide", heading),
                      blocks=tuple(Block("paragraph", p) for p in paragraphs))


EXCLUDE = _section(
    "exclude", "Excluding files",
    "The exclude setting lists the patterns of files the toolkit never copies into a generated project.",
    "By default the toolkit excludes its own config file and the .git folder from the generated project.",
    "The exclude patterns of the config file replace the default patterns.",
    "Exclude patterns follow the gitignore syntax, and a pattern may exclude a folder of the project.",
)
OPTIONS = _section(
    "options", "Command-line options",
    "The --exclude option of the command line can be passed several times to add several patterns.",
    "A pattern passed with --exclude on the command line does not replace the patterns of the config file. "
    "Instead, it extends them.",
    "The --quiet option prints nothing but errors.",
)


def test_what_says_it_goes_on_is_said_after_the_sentence_it_goes_on_from() -> None:
    for sentence in ("Instead, it extends them.", "To get such a file back, run the recopy command and commit it.",
                     "You should use the worker package instead.", "However, the cache is kept."):
        assert GOES_ON.match(sentence), sentence
    # a sentence that starts afresh says nothing of the one before
    for sentence in ("Patterns follow the gitignore syntax.", "Updates of the file are then applied again.",
                     "Some options such as --limit-concurrency are not available."):  # "such as" gives examples
        assert not GOES_ON.match(sentence), sentence


def test_the_sentence_that_goes_on_from_a_said_one_is_said_after_it() -> None:
    said = [s.rsplit(" [[", 1)[0] for s in _model(EXCLUDE, OPTIONS).answer(
        "I set exclude patterns in the config file and the .git folder gets copied into the generated project. The "
        "patterns I pass with --exclude on the command line never replace the default patterns. Why?")[0]]
    assert "Instead, it extends them." in said, said
    assert said.index("Instead, it extends them.") == 1 + said.index(
        "A pattern passed with --exclude on the command line does not replace the patterns of the config file."), said


STORE = _section(
    "cache", "Cache",
    "The toolkit writes a folder named dot cache. This folder holds the rendered templates of every build.",
    "The clean command empties the folder. This keeps the cache size of the project under its limit.",
    "Old entries expire after a week. These rendered templates are evicted when the cache size reaches the limit.",
    "Remote builds use a shared store. That store keeps rendered templates of every build for the team.",
    "Logs are written to stderr. It also limits the cache size of each build to one gigabyte.",
)


def test_a_sentence_said_before_one_that_points_back_makes_the_answer_no_longer() -> None:
    # each picked sentence opens by pointing back, so the one before it is said first; none of those goes on from a
    # sentence said, so the answer keeps its length: SAID sentences and the one after the best
    said = _model(STORE).answer("How are the rendered templates of every build kept, and what limits the cache size?")[0]
    assert len(said) == SAID + 1, said


RESULTS = Section.of(
    "results", page="work", path="/work/#results", headings=("Work", "Results of the migration"),
    blocks=tuple(Block("paragraph", p) for p in (
        "The migration cut the p99 latency of checkout from 800 ms to 120 ms.",
        "Deploys went from two a week to twelve a day after the migration.",
        "The error rate of checkout fell to 0.2 % in the first month. However, it rose again during the holiday peak, "
        "when the old retry loop came back.",
        "Costs fell by 31 % once the old cluster was retired.",
        "The on-call team was paged 60 % less often.",
    )),
)


def test_asked_for_results_a_sentence_that_goes_on_is_said_right_after_its_own() -> None:
    """Asked for results, the sentences are said as they were asked for (the figures first), not in the record's order;
    95725b1d put the sentences that go on at the answer's end there, where "However, it rose again ..." went on from
    another sentence than its own (review22b)."""
    model = OfflineModel.of({RESULTS.id: RESULTS}, manifest=Manifest(site_name="Mara Lindqvist"))
    said = [s.rsplit(" [[", 1)[0] for s in model.answer("What were the results of the migration?")[0]]
    however = "However, it rose again during the holiday peak, when the old retry loop came back."
    assert said.index(however) == 1 + said.index("The error rate of checkout fell to 0.2 % in the first month."), said
    # whatever follows the sentence that answers best goes on from it, right after it
    assert said[:2] == ["The migration cut the p99 latency of checkout from 800 ms to 120 ms.",
                        "Deploys went from two a week to twelve a day after the migration."], said
