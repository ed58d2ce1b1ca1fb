"""The model check of a card's words before it is shown (answer/checking.py's `Checked.card` asks it): which of a
card's texts are asked, against which sections, and the card shown or refused by their verdicts."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from docent.schema import RecordSection

from .check_batches import Asked, Judging
from .tools.cards import link_sections, link_words
from .tools.types import Choices, Failed, Links, Passed
from .words import stems

if TYPE_CHECKING:
    from .bundle import Bundle

log = logging.getLogger(__name__)

# What the model is told of a card the check kept from the visitor (`Checked.card`), as the gate's refusals of a card are.
CARD_UNSUPPORTED = "show_links was not shown: a second check found its words say what the pages do not. Write what they say."
CARD_UNCHECKED = "show_links was not shown: its words could not be checked just now. Answer in cited sentences."
CHOICES_UNSUPPORTED = ("offer_choices was not shown: a second check found its words say what the sections this answer "
                       "cites do not. Use the record's words.")
CHOICES_UNCHECKED = "offer_choices was not shown: its words could not be checked just now. Answer in cited sentences."


def card_words(passed: Passed, bundle: Bundle, record: Mapping[str, RecordSection], cites: Iterable[str]) -> Asked:
    """A card's texts to ask, each with the sections it is asked against (`Checked.card`); `cites`: every section the
    answer has cited so far."""
    detail = passed.detail
    if isinstance(detail, Links):
        return [(": ".join(said), [record[s] for s in link_sections(link, bundle) if s in record])
                for link in detail.links if (said := link_words(link))]
    if isinstance(detail, Choices):
        cited = [record[s] for s in cites if s in record]
        return [(text, cited) for text in (detail.question, *detail.options) if text not in bundle.labels and stems(text)]
    return []


def card_shown(passed: Passed, verdicts: list[bool | None]) -> Passed | Failed:
    """The card, or its refusal: any text unsupported, or unchecked, and it is not shown."""
    unsupported, unchecked = (CARD_UNSUPPORTED, CARD_UNCHECKED) if isinstance(passed.detail, Links) else (
        CHOICES_UNSUPPORTED, CHOICES_UNCHECKED)
    if any(v is None for v in verdicts):
        return Failed(passed.call, unchecked, check="card")
    if not all(verdicts):
        return Failed(passed.call, unsupported, check="card")
    return passed


async def card_verdicts(asked: Asked, judge: Judging, size: int) -> tuple[list[bool | None], float]:
    """A verdict for each of a card's texts (in no order), each None where a check broke (unchecked, as a sentence's
    is; the answer goes on), and what the requests cost. Asked `size` at a time (show_links has no most); a text
    citing no section (a link to a page the record lacks) is supported only by `by` empty, which names no section, so
    it is asked apart, with no other text's sections in view."""
    groups = [[a for a in asked if not a[1]], [a for a in asked if a[1]]]
    parts = [group[i:i + size] for group in groups for i in range(0, len(group), size)]
    judged = await asyncio.gather(*(judge(part, None) for part in parts), return_exceptions=True)
    cost = sum(one[1] for one in judged if not isinstance(one, BaseException))
    broke = next((one for one in judged if isinstance(one, BaseException)), None)
    if broke is not None:
        log.error("A card's check broke; the card is not shown", exc_info=broke)
        return [None] * len(asked), cost
    return [v for one in judged if not isinstance(one, BaseException) for v in one[0]], cost
