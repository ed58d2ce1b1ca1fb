"""The inclusion rule (issue 21, round 14): a whole told to take in a case its cited section leaves out ("every
signal, SIGKILL included" of "most signals, with the exception of SIGKILL") is held; the same whole told without the
case, a case the section takes in, and a case it never names are shown. The record is a small made-up tool's."""

from __future__ import annotations

import pytest

from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from tests.sidecar.gating import docs_section as _section
from tests.sidecar.gating import fate, record_of

RECORD = record_of(
    _section("prune", "Pruning the cache",
             "The prune command removes every pre-built wheel from the cache, but retains any wheels that were "
             "built from source."),
    _section("merging", "Several documents",
             "Settings given in several documents for exclude and skip_if_exists are concatenated.\n"
             "- Other settings (such as `tasks` or migrations) overwrite earlier definitions."),
    _section("signals", "Signals",
             "The runner forwards most signals to the child process, with the exception of SIGKILL and SIGCHLD."),
    _section("headers", "Headers",
             "The proxy copies every request header to the upstream, including the cookie header, and never "
             "adds headers of its own."),
    _section("answers", "The answers file", "The answers file records the current answers. It is written on "
             "every update."),
)


def verdict(sentence: str) -> str:
    return fate(Gate(RECORD, Lexicon([])), sentence)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # "including Y" and "Y included", where the unit naming Y leaves it out.
        ("The prune command removes all wheels from the cache, including the ones built from source [[prune]].",
         "quantifier"),
        ("When settings are given in several documents, every setting is concatenated, `tasks` included "
         "[[merging]].", "quantifier"),
        ("The runner forwards every signal to the child process, SIGKILL included [[signals]].", "quantifier"),
        # The whole without the case, and the case left out as the section leaves it out.
        ("The prune command removes every pre-built wheel from the cache [[prune]].", "shown"),
        ("The runner forwards most signals to the child process, with the exception of SIGKILL [[signals]].",
         "shown"),
    ],
)
def test_a_whole_told_to_include_what_the_section_leaves_out(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected


@pytest.mark.parametrize(
    "sentence",
    [
        # The unit naming the case takes it in, though it also denies something ("never adds headers").
        "The proxy copies all request headers to the upstream, the cookie header included [[headers]].",
        # A case no unit names: the rule cannot tell.
        "The answers file records all of the current answers, including the secret ones [[answers]].",
    ],
)
def test_a_case_the_section_takes_in_or_never_names_is_shown(sentence: str) -> None:
    assert verdict(sentence) == "shown"
