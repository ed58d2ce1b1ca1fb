"""The turn's opening: the note where the model takes it, and the earlier messages never changed."""

from __future__ import annotations

import json
from typing import Any

from docent.sidecar.answer.opening import Opening

EARLIER: list[dict[str, Any]] = [
    {"role": "user", "content": [{"type": "text", "text": "<question>Who is she?</question>"}]},
    {"role": "system", "content": "## The page the visitor has open: Home"},
    {"role": "assistant", "content": [{"type": "text", "text": "A payments engineer."}]},
]
QUESTION = [{"type": "text", "text": "<question>Has she led a team?</question>"}]
NOTE = "## The page the visitor has open: Lab"
REMINDER = {"type": "text", "text": f"<system-reminder>\n{NOTE}\n</system-reminder>"}


def wire(messages: list[dict[str, Any]]) -> str:
    """The messages as the request's bytes put them."""
    return json.dumps(messages, separators=(",", ":"), ensure_ascii=False)


def test_the_note_is_a_system_message_after_the_users_where_the_model_takes_one() -> None:
    opening = Opening.of(EARLIER, QUESTION, NOTE, mid_system=True)
    assert opening.placed == [{"role": "user", "content": QUESTION}, {"role": "system", "content": NOTE}]
    assert opening.messages == [*EARLIER, *opening.placed]
    assert opening.sends_system


def test_the_note_ends_the_users_message_as_a_reminder_where_the_model_takes_no_system_message() -> None:
    opening = Opening.of(EARLIER, QUESTION, NOTE, mid_system=False)
    assert opening.placed == [{"role": "user", "content": [*QUESTION, REMINDER]}]
    assert not opening.sends_system


def test_no_note_no_second_message_and_nothing_a_system_refusal_could_be_about() -> None:
    opening = Opening.of(EARLIER, QUESTION, "", mid_system=True)
    assert opening.placed == [{"role": "user", "content": QUESTION}]
    assert not opening.sends_system


def test_a_refused_system_message_is_placed_again_as_a_reminder_and_nothing_before_it_changes() -> None:
    before = wire(EARLIER)
    opening = Opening.of(EARLIER, QUESTION, NOTE, mid_system=True)
    again = opening.reminding()
    assert wire(again.messages).startswith(before[:-1] + ",")  # the earlier messages, byte for byte
    assert wire(EARLIER) == before  # and the conversation it was made from is untouched
    assert again.messages == [*EARLIER, {"role": "user", "content": [*QUESTION, REMINDER]}]  # the question kept
    assert not again.sends_system


def test_a_conversation_that_fell_back_keeps_the_reminder_though_the_model_table_says_system() -> None:
    fell_back = Opening.of(EARLIER, QUESTION, NOTE, mid_system=True).reminding().messages
    reply = {"role": "assistant", "content": [{"type": "text", "text": "Yes."}]}
    later = Opening.of([*fell_back, reply], QUESTION, NOTE, mid_system=True)
    assert later.as_reminder and not later.sends_system
    assert later.placed == [{"role": "user", "content": [*QUESTION, REMINDER]}]  # the note kept, as a reminder
