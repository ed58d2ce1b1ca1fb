"""The tools a page lends (seed 004): its actions, pressed by calling them, and its fields, filled by their names.

A tool lent by a page the visitor has left answers with "has left" and the open page's note. A consequential one
only rings (the visitor presses or fills it); one that asks first shows the confirm card (`cards.confirm`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..bundle import Bundle
from ..conversation import Waiting
from ..events import Action
from ..model.port import ToolCall
from ..screen import page_note, shown_value
from . import cards
from .ids import listed
from .tables import Tables
from .types import Failed, Family, Here, Outcome, Passed, Verdict


def check(call: ToolCall, here: Here, tables: Tables) -> Verdict:
    if call.name in tables.actions:
        return _page_action(call, here, tables)
    if call.name in tables.fields:
        return _page_field(call, here, tables, call.input or {})
    return Failed(call, f'No tool is named "{call.name}" on this site.')


def has_left(call: ToolCall, here: Here, bundle: Bundle) -> Failed:
    message = f"The page no longer offers {call.name}."
    if here.page is not None:
        message += "\n\n" + page_note(bundle, here.page, here.fields)
    return Failed(call, message)


def _page_action(call: ToolCall, here: Here, tables: Tables) -> Verdict:
    action = tables.lent(call.name, here.page)
    if action is None:
        return has_left(call, here, tables.bundle)
    return Passed(call, "page_action", action)


def _page_field(call: ToolCall, here: Here, tables: Tables, data: Mapping[str, Any]) -> Verdict:
    group = [f for f in tables.fields[call.name] if f["page"] == here.page]
    if not group:
        return has_left(call, here, tables.bundle)
    if "id" in data:
        match = [f for f in group if f.get("id") == data["id"]]
        if not match:
            ids = [f.get("id") for f in group]
            return Failed(call, f'No {call.name} has the id "{data["id"]}". Its ids are {listed(ids)}.')
        target = match[0]
    else:
        target = group[0]
    options = [o["value"] for o in target.get("options") or []]
    value = data["value"]
    if not options:
        return Failed(
            call,
            f'"{target["label"]}" lists no options, so what it says is the visitor\'s to write: '
            "suggest a value in words instead.",
        )
    if value not in options:
        allowed = ", ".join(shown_value(target, o) for o in options)
        rejected = f"{call.name} got arguments its parameters reject"
        return Failed(call, f'{rejected}: "{target["label"]}" takes one of {allowed}.')
    return Passed(call, "page_field", target, {"value": value})


def carry_out(passed: Passed, bundle: Bundle, here: Here) -> Outcome:
    if passed.kind == "page_action":
        return _page_action_done(passed, bundle, here)
    return _page_field_done(passed, bundle, here)


def _page_path(bundle: Bundle, page: str) -> str:
    path: str = bundle.pages.get(page, {}).get("path", "/")
    return path


def _page_action_done(passed: Passed, bundle: Bundle, here: Here) -> Outcome:
    action = passed.target
    name, label, marker = action["name"], action["label"], action.get("consequential")
    path = _page_path(bundle, action["page"])
    if marker == "confirm":
        return cards.confirm(passed.call.id, name, label, page=action["page"])
    if marker:
        event = Action(name, name, label, path, {"name": name, "ring": True})
        return Outcome((event,), f'Rang "{label}" for the visitor; pressing it is theirs.')
    return Outcome((pressed(action, path),), with_note(f'Pressed "{label}".', bundle, here))


def with_note(result: str, bundle: Bundle, here: Here) -> str:
    """Seed 004: a press answers with the page's note as the press left it, the fields as the turn knows them."""
    if here.page is None or here.page not in bundle.pages:
        return result
    return result + "\n\n" + page_note(bundle, here.page, here.fields)


def pressed(action: Mapping[str, Any], path: str) -> Action:
    """The event of a page action pressed, at once or on the visitor's approval."""
    return Action(action["name"], action["name"], action["label"], path, {"name": action["name"], "press": True})


def _page_field_done(passed: Passed, bundle: Bundle, here: Here) -> Outcome:
    field, value = passed.target, passed.detail["value"]
    name, label = field["name"], field["label"]
    path = _page_path(bundle, field["page"])
    id_ = field.get("id") or name
    extra = {"name": name, "value": value}
    if field.get("consequential") == "confirm":
        asked = f"{label}: {_option_label(field, value)}"
        return cards.confirm(passed.call.id, name, asked, page=field["page"], field_id=id_, value=value)
    if field.get("consequential"):
        event = Action(name, id_, label, path, {**extra, "ring": True})
        return Outcome((event,), f'Rang "{label}" for the visitor; filling it is theirs.')
    here.fields[id_] = value
    event = Action(name, id_, label, path, {**extra, "fill": True})
    return Outcome((event,), f'Filled "{label}"; it now says {shown_value(field, value)}.')


def _option_label(field: Mapping[str, Any], value: str) -> str:
    return next((o.get("label") or value for o in field.get("options") or [] if o["value"] == value), value)


def approve(waiting: Waiting, entry: dict[str, Any], bundle: Bundle, here: Here) -> tuple[Action, str]:
    """What an approved asks-first action or field does: its event, and its result with the page's note."""
    path = _page_path(bundle, entry["page"])  # the card that asked counted as the action already
    if waiting.field_id is None:
        return pressed(entry, path), with_note(cards.approved(entry["label"]), bundle, here)
    value = waiting.value or ""
    here.fields[waiting.field_id] = value
    filled = {"name": entry["name"], "value": value, "fill": True}
    event = Action(entry["name"], waiting.field_id, entry["label"], path, filled)
    return event, f'Approved by the visitor and filled "{entry["label"]}"; it now says {shown_value(entry, value)}.'


def unknown(name: str, path: list[Any], value: Any, ids: Any) -> str | None:
    """Same-name fields take an element id from an enum: seed 004's words for one the page does not have."""
    return f'No {name} has the id "{value}". Its ids are {listed(ids)}.' if path == ["id"] else None


def acted(passed: Passed, bundle: Bundle) -> list[str]:
    # The map names a page's tools too ("topic" for the field "What is it about?"): the model writes those.
    labels = [str(passed.target.get("name", "")).replace("_", " ").replace("-", " ")]
    if passed.kind == "page_field" and "value" in passed.detail:
        labels.append(shown_value(passed.target, str(passed.detail["value"])))
    return labels


FAMILY = Family(check, carry_out, unknown=unknown, acted=acted)
