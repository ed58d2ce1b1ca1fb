"""The tools a page lends (seed 004): its actions, pressed by calling them, and its fields, filled by their names.

A tool lent by a page the visitor has left answers with "has left" and the open page's note. A consequential one
only rings (the visitor presses or fills it); one that asks first shows the confirm card (`cards.confirm`).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from docent.schema import Action as PageAction
from docent.schema import Field

from ...model.port import ToolCall
from ..bundle import Bundle
from ..conversation import Waiting
from ..events import Action
from ..screen import page_note, shown_value
from . import cards
from .ids import listed
from .types import Failed, Family, Fill, Here, Outcome, Passed, Verdict


def kind_of(name: str, bundle: Bundle) -> str | None:
    """The kind of a tool some page lends: a page action or a page field; None for a name no page lends."""
    if name in bundle.lent_actions:
        return "page_action"
    if name in bundle.lent_fields:
        return "page_field"
    return None


def entry(bundle: Bundle, name: str, page: str | None, field_id: str | None = None) -> PageAction | Field | None:
    """The action, or the field of that element id, that `page` lends under `name`; None when it lends none."""
    if field_id is None:
        return bundle.lent_actions.get(name, {}).get(page or "")
    same = (f for f in bundle.lent_fields.get(name, []) if f.page == page and (f.id or name) == field_id)
    return next(same, None)


def check(call: ToolCall, here: Here, bundle: Bundle) -> Verdict:
    if call.name in bundle.lent_actions:
        return _page_action(call, here, bundle)
    if call.name in bundle.lent_fields:
        return _page_field(call, here, bundle, call.input or {})
    return Failed(call, f'No tool is named "{call.name}" on this site.')


def has_left(call: ToolCall, here: Here, bundle: Bundle) -> Failed:
    message = f"The page no longer offers {call.name}."
    if here.page is not None:
        message += "\n\n" + page_note(bundle, here.page, here.fields)
    return Failed(call, message)


def _page_action(call: ToolCall, here: Here, bundle: Bundle) -> Verdict:
    action = entry(bundle, call.name, here.page)
    if action is None:
        return has_left(call, here, bundle)
    return Passed(call, "page_action", action)


def _page_field(call: ToolCall, here: Here, bundle: Bundle, data: Mapping[str, Any]) -> Verdict:
    group = [f for f in bundle.lent_fields[call.name] if f.page == here.page]
    if not group:
        return has_left(call, here, bundle)
    if "id" in data:
        match = [f for f in group if f.id == data["id"]]
        if not match:
            ids = [f.id for f in group]
            return Failed(call, f'No {call.name} has the id "{data["id"]}". Its ids are {listed(ids)}.')
        target = match[0]
    else:
        target = group[0]
    options = [o.value for o in target.options]
    value = data["value"]
    if not options:
        return Failed(
            call,
            f'"{target.label}" lists no options, so what it says is the visitor\'s to write: '
            "suggest a value in words instead.",
        )
    if value not in options:
        allowed = ", ".join(shown_value(target, o) for o in options)
        rejected = f"{call.name} got arguments its parameters reject"
        return Failed(call, f'{rejected}: "{target.label}" takes one of {allowed}.')
    return Passed(call, "page_field", target, Fill(value))


def carry_out(passed: Passed, bundle: Bundle, here: Here) -> Outcome:
    if passed.kind == "page_action":
        return _page_action_done(passed, bundle, here)
    return _page_field_done(passed, bundle, here)


def _page_path(bundle: Bundle, page: str) -> str:
    found = bundle.pages.get(page)
    return found.path if found is not None else "/"


def _page_action_done(passed: Passed, bundle: Bundle, here: Here) -> Outcome:
    action = passed.target
    assert isinstance(action, PageAction)
    name, label, marker = action.name, action.label, action.consequential
    path = _page_path(bundle, action.page)
    if marker == "confirm":
        return cards.confirm(passed.call.id, name, label, page=action.page)
    if marker:
        event = Action(name, name, label, path, {"name": name, "ring": True})
        return Outcome((event,), f'Rang "{label}" for the visitor; pressing it is theirs.')
    return Outcome((pressed(action, path),), with_note(f'Pressed "{label}".', bundle, here))


def with_note(result: str, bundle: Bundle, here: Here) -> str:
    """Seed 004: a press answers with the page's note as the press left it, the fields as the turn knows them."""
    if here.page is None or here.page not in bundle.pages:
        return result
    return result + "\n\n" + page_note(bundle, here.page, here.fields)


def pressed(action: PageAction | Field, path: str) -> Action:
    """The event of a page action pressed, at once or on the visitor's approval."""
    return Action(action.name, action.name, action.label, path, {"name": action.name, "press": True})


def _page_field_done(passed: Passed, bundle: Bundle, here: Here) -> Outcome:
    field, fill = passed.target, passed.detail
    assert isinstance(field, Field) and isinstance(fill, Fill)
    value = fill.value
    name, label = field.name, field.label
    path = _page_path(bundle, field.page)
    id_ = field.id or name
    extra = {"name": name, "value": value}
    if field.consequential == "confirm":
        asked = f"{label}: {_option_label(field, value)}"
        return cards.confirm(passed.call.id, name, asked, page=field.page, field_id=id_, value=value)
    if field.consequential:
        event = Action(name, id_, label, path, {**extra, "ring": True})
        return Outcome((event,), f'Rang "{label}" for the visitor; filling it is theirs.')
    here.fields[id_] = value
    event = Action(name, id_, label, path, {**extra, "fill": True})
    return Outcome((event,), f'Filled "{label}"; it now says {shown_value(field, value)}.')


def _option_label(field: Field, value: str) -> str:
    return next((o.label or value for o in field.options if o.value == value), value)


def approve(waiting: Waiting, lent: PageAction | Field, bundle: Bundle, here: Here) -> tuple[Action, str]:
    """What an approved asks-first action or field does: its event, and its result with the page's note."""
    path = _page_path(bundle, lent.page)  # the card that asked counted as the action already
    if waiting.field_id is None or not isinstance(lent, Field):
        return pressed(lent, path), with_note(cards.approved(lent.label), bundle, here)
    value = waiting.value or ""
    here.fields[waiting.field_id] = value
    filled = {"name": lent.name, "value": value, "fill": True}
    event = Action(lent.name, waiting.field_id, lent.label, path, filled)
    return event, f'Approved by the visitor and filled "{lent.label}"; it now says {shown_value(lent, value)}.'


def unknown(name: str, path: list[Any], value: Any, ids: Any) -> str | None:
    """Same-name fields take an element id from an enum: seed 004's words for one the page does not have."""
    return f'No {name} has the id "{value}". Its ids are {listed(ids)}.' if path == ["id"] else None


def acted(passed: Passed, bundle: Bundle) -> list[str]:
    # The map names a page's tools too ("topic" for the field "What is it about?"): the model writes those.
    target = passed.target
    name = target.name if isinstance(target, PageAction | Field) else ""
    labels = [name.replace("_", " ").replace("-", " ")]
    if isinstance(passed.detail, Fill) and isinstance(target, Field):
        labels.append(shown_value(target, passed.detail.value))
    return labels


def failable(name: str, bundle: Bundle) -> Collection[str]:
    """An action by its name; a field by its name or, where pages lend several, by each one's element id."""
    named = {name} if name in bundle.lent_actions or name in bundle.lent_fields else set()
    return named | {f.id or name for f in bundle.lent_fields.get(name, [])}


FAMILY = Family(check, carry_out, unknown=unknown, acted=acted, failable=failable)
