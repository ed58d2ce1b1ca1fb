"""What a request must be to go on with a conversation: a question, or the reply to the card the conversation waits on.

The rules, in the order they are checked:
- A request asks a question or replies to a card.
- A reply names the call the conversation waits on: a browser cannot answer for a call never made.
- A choices card is answered with `pick`, one of its options.
- A confirm card is answered with `approved`, true or false.

Each rule is said in two places. The HTTP edge refuses the request before any stream starts, with a status and what
to change in it; the turn, when it is driven without that edge (evals, the attack corpus, tests), ends with an
error event instead.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .conversation import Waiting
from .events import Error


@dataclass(frozen=True)
class Rule:
    status: int  # the HTTP edge's refusal: its status, code and what to change in the request
    code: str
    message: str
    error: Error  # the turn's last event when it is asked to go on anyway


NO_QUESTION = Rule(
    422, "invalid", "Send a question, or a reply to the card the guide showed.",
    Error("invalid", "Ask a question, or answer the card the guide showed."),
)
NO_CARD = Rule(
    409, "no_card", "This reply answers no card the guide is waiting on: ask a question instead.",
    Error("no_card", "There is no card waiting for that answer in this conversation."),
)
NO_PICK = Rule(
    422, "invalid", "reply must carry pick, one of the card's choices.",
    Error("no_card", "That answer is not one of the card's choices."),
)
NOT_A_CHOICE = Rule(
    422, "invalid", "reply.pick is not one of the card's choices: pick one of them.",
    Error("no_card", "That answer is not one of the card's choices."),
)
NO_APPROVAL = Rule(
    422, "invalid", "reply must carry approved (true or false) for a confirmation.",
    Error("no_card", "A confirm card is answered with approved: true or false."),
)


def broken(question: str | None, reply: Mapping[str, Any] | None, waiting: Waiting | None) -> Rule | None:
    """The first rule the request breaks, or None when the conversation may go on with it."""
    if reply is None:
        return NO_QUESTION if question is None else None
    if waiting is None or reply.get("call") != waiting.call:
        return NO_CARD
    if waiting.kind == "choices":
        if "pick" not in reply:
            return NO_PICK
        pick = reply["pick"]
        return None if isinstance(pick, str) and pick in waiting.options else NOT_A_CHOICE
    return None if isinstance(reply.get("approved"), bool) else NO_APPROVAL
