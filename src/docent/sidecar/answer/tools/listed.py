"""Listed entries: start_tour starts one of the manifest's tours, offer shows one of its offers as a button.

An offer is a button: nothing is sent or done until the visitor presses it, and the model is told so (seed 000).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from docent.schema import Offer, Tour, plain

from ...model.port import ToolCall
from ..bundle import Bundle
from ..events import Action
from .ids import no_such
from .types import Failed, Family, Here, Outcome, Passed, Verdict

NOUNS = {"start_tour": "tour", "offer": "offer"}  # each tool's noun in errors


def check(call: ToolCall, here: Here, bundle: Bundle) -> Verdict:
    entries: Mapping[str, Tour | Offer] = bundle.tours if call.name == "start_tour" else bundle.offers
    id_ = (call.input or {})["id"]
    entry = entries.get(id_)
    if entry is None:  # the tool's enum and the manifest disagree: a bundle built by hand
        return Failed(call, no_such(NOUNS[call.name], id_, sorted(entries)))
    return Passed(call, call.name, entry)


def carry_out(passed: Passed, bundle: Bundle, here: Here) -> Outcome:
    if passed.kind == "start_tour":
        return _tour(passed, here)
    return _offer(passed)


def _tour(passed: Passed, here: Here) -> Outcome:
    tour = passed.target
    assert isinstance(tour, Tour)
    steps = [plain(step) for step in tour.steps]
    first = tour.steps[0] if tour.steps else None
    event = Action("start_tour", tour.id, tour.label, first.path if first else "/", {"steps": steps})
    if first is not None and first.page:
        here.page, here.section = first.page, first.section
    count = "one step" if len(steps) == 1 else f"{len(steps)} steps"
    return Outcome((event,), f"Started {tour.label} for the visitor: {count}, which the visitor moves through.")


def _offer(passed: Passed) -> Outcome:
    offer = passed.target
    assert isinstance(offer, Offer)
    event = Action("offer", offer.id, offer.label, offer.target, {"target": offer.target})
    return Outcome(
        (event,), f"Offered {offer.label} as a button; nothing is sent or done until the visitor presses it."
    )


def unknown(name: str, path: list[Any], value: Any, ids: Any) -> str | None:
    return no_such(NOUNS[name], value, ids) if path == ["id"] else None


def failable(name: str, bundle: Bundle) -> Collection[str]:
    return bundle.tours.keys() if name == "start_tour" else bundle.offers.keys()


FAMILY = Family(check, carry_out, unknown=unknown, failable=failable)
