"""Listed entries: start_tour starts one of the manifest's tours, offer shows one of its offers as a button.

An offer is a button: nothing is sent or done until the visitor presses it, and the model is told so (seed 000).
"""

from __future__ import annotations

from typing import Any

from ..bundle import Bundle
from ..events import Action
from ..model.port import ToolCall
from .ids import no_such
from .tables import Tables
from .types import Failed, Family, Here, Outcome, Passed, Verdict

LISTS = {"start_tour": ("tours", "tour"), "offer": ("offers", "offer")}  # tool -> its manifest list, its noun


def check(call: ToolCall, here: Here, tables: Tables) -> Verdict:
    kind, noun = LISTS[call.name]
    id_ = (call.input or {})["id"]
    entry = tables.bundle.by_id(kind).get(id_)
    if entry is None:  # the tool's enum and the manifest disagree: a bundle built by hand
        return Failed(call, no_such(noun, id_, sorted(tables.bundle.ids(kind))))
    return Passed(call, call.name, entry)


def carry_out(passed: Passed, bundle: Bundle, here: Here) -> Outcome:
    if passed.kind == "start_tour":
        return _tour(passed, here)
    return _offer(passed)


def _tour(passed: Passed, here: Here) -> Outcome:
    tour = passed.target
    steps = [dict(step) for step in tour.get("steps", [])]
    first = steps[0] if steps else {}
    event = Action("start_tour", tour["id"], tour["label"], first.get("path", "/"), {"steps": steps})
    if first.get("page"):
        here.page, here.section = first["page"], first.get("section")
    count = "one step" if len(steps) == 1 else f"{len(steps)} steps"
    return Outcome((event,), f"Started {tour['label']} for the visitor: {count}, which the visitor moves through.")


def _offer(passed: Passed) -> Outcome:
    offer = passed.target
    event = Action("offer", offer["id"], offer["label"], offer["target"], {"target": offer["target"]})
    return Outcome(
        (event,), f"Offered {offer['label']} as a button; nothing is sent or done until the visitor presses it."
    )


def unknown(name: str, path: list[Any], value: Any, ids: Any) -> str | None:
    return no_such(LISTS[name][1], value, ids) if path == ["id"] else None


FAMILY = Family(check, carry_out, unknown=unknown)
