"""The likeness rule: "like X" where the cited section says "unlike X", and the reverse, are held; a section that says
both, a "like" that gives an example, and a likeness the section never states are let through. The record is made
up, in the manner of a server's and a client's docs."""

from __future__ import annotations

import pytest

from docent.sidecar.answer import likeness
from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from docent.sidecar.answer.rules import RULES, Rule
from docent.sidecar.answer.rules.construction import rule
from tests.sidecar.gating import docs_section as _section
from tests.sidecar.gating import fate

RECORD = {
    s.id: s
    for s in [
        _section("workers", "Workers", "Unlike gunicorn, the server starts its workers with spawn, which lets the "
                 "process manager work on Windows. Workers that die are restarted."),
        _section("bodies", "Request bodies", "The get and head functions take no body. Just like the requests "
                 "library, the client encodes a dict passed as json."),
        _section("both", "Pools", "Like the sync client, the async client keeps a pool. Unlike the sync client, it "
                 "closes the pool on exit."),
        _section("hooks", "Hooks", "Hooks like log_request run on every request."),
    ]
}
LIKENESS = rule("opposite", likeness)  # the rule alone


def verdict(sentence: str, rules: tuple[Rule, ...] = RULES) -> str:
    return fate(Gate(RECORD, Lexicon([]), rules=rules), sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "Like gunicorn, the server starts its workers with spawn [[workers]].",
        "The server starts its workers with spawn, just like gunicorn [[workers]].",
        "The server starts its workers the same as gunicorn does [[workers]].",
        "Unlike the requests library, the client encodes a dict passed as json [[bodies]].",
        "In contrast to the requests library, the client encodes a dict passed as json [[bodies]].",
    ],
)
def test_a_likeness_turned_round_is_held(sentence: str) -> None:
    assert verdict(sentence, (LIKENESS,)) == "opposite"
    assert verdict(sentence) != "shown"


@pytest.mark.parametrize(
    "sentence",
    [
        # as the sections say it
        "Unlike gunicorn, the server starts its workers with spawn [[workers]].",
        "Just like the requests library, the client encodes a dict passed as json [[bodies]].",
        # the section likens and contrasts the same thing: it cannot decide
        "Like the sync client, the async client closes the pool on exit [[both]].",
        "Unlike the sync client, the async client keeps a pool [[both]].",
        # an example, not a likeness: "hooks like log_request"
        "Hooks such as log_request run on every request, unlike log_response [[hooks]].",
        # a likeness to a thing the section neither likens nor contrasts
        "Like uvicorn, the server restarts workers that die [[workers]].",
    ],
)
def test_what_the_sections_do_not_turn_round_is_let_through(sentence: str) -> None:
    assert verdict(sentence, (LIKENESS,)) == "shown"
