"""The obligation reading's "free to" (`answer/obligations.py`, reason `hedge`): an act the sentence leaves one free
to do that the clause it restates forbids ("should not", "must not", "shouldn't") is held; the act the clause forbids
told as forbidden, and a "free to" of an act the clause does not forbid, are shown.

uv's uv.lock section (round 8's development record, concepts/projects/layout.md), its text as the record has it.
"""

from __future__ import annotations

import pytest

from tests.sidecar.gating import docs_section, verdicts

judged = verdicts(
    docs_section("uvlock", "uv.lock",
                 "uv.lock is a cross-platform lockfile that contains exact information about your project's "
                 "dependencies. Unlike the pyproject.toml which is used to specify the broad requirements of your "
                 "project, the lockfile contains the exact resolved versions that are installed in the project "
                 "environment. This file should be checked into version control, allowing for consistent and "
                 "reproducible installations across machines. uv.lock is a human-readable TOML file but is managed by "
                 "uv and should not be edited manually. See the lockfile documentation for more details.",
                 "Working on projects", "Project structure"),
)


def test_an_act_the_clause_forbids_told_as_free_is_held() -> None:
    assert judged("uv.lock is a human-readable TOML file that you are free to edit by hand [[uvlock]].") == "hedge"


@pytest.mark.parametrize("sentence", [
    "uv.lock is a human-readable TOML file, but uv manages it and it should not be edited by hand [[uvlock]].",
    "You are free to commit uv.lock to version control so installations are reproducible across machines "
    "[[uvlock]].",
], ids=["forbidden-told-forbidden", "free-to-do-another-act"])
def test_the_clauses_own_prohibition_is_shown(sentence: str) -> None:
    assert judged(sentence) == "shown"
