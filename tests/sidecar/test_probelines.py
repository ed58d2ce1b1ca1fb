"""The probes' line count (`tests/evals/probelines.py`): a held sentence is marked on the lines its words are on,
where the answer writes them after the hold before it, not on an earlier line that writes the same words."""

from __future__ import annotations

from tests.evals.probelines import held_units

ANSWER = (
    "Set the memory limit in the stack file [[hardening]].\n\n"
    "Chromium needs 512Mi at idle [[hardening]].\n\n"
    "**Note:** put the memory limit in the stack file, next to max_inflight [[hardening]].\n"
    "Set the memory limit in the stack file [[hardening]]."
)


def test_a_held_sentence_is_marked_on_its_own_lines() -> None:
    assert held_units(ANSWER, ["Chromium needs 512Mi at idle.", "Set the memory limit in the stack file."]) == {1, 3}


def test_a_hold_written_before_the_last_hold_is_still_found() -> None:
    assert held_units(
        ANSWER, ["Note: put the memory limit in the stack file, next to max_inflight.", "Chromium needs 512Mi at idle."]
    ) == {1, 2}
