"""Navigation: show_page opens a page or a section of the home page; point_at rings a part, opening its page first.

A call to open what the visitor has open already fails, so the model does not claim to have opened it.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from docent.schema import Page, Part, Section

from ...model.port import ToolCall
from ..bundle import Bundle
from ..events import Action
from ..screen import page_note
from .ids import no_such
from .types import Failed, Family, Here, Outcome, Passed, Verdict, named

NOUNS = {"show_page": "page", "point_at": "part"}  # each tool's noun in errors


def check(call: ToolCall, here: Here, bundle: Bundle) -> Verdict:
    id_ = (call.input or {})["id"]
    if call.name == "show_page":
        return _show_page(call, here, bundle, id_)
    return _point_at(call, bundle, id_)


def _show_page(call: ToolCall, here: Here, bundle: Bundle, id_: str) -> Verdict:
    target = bundle.links.get(id_)
    if target is None:
        return Failed(call, no_such("page", id_, bundle.links))
    if id_ in bundle.pages and id_ == here.page:
        return Failed(call, f"The visitor is on {named(target)} already: nothing was opened.")
    if id_ == here.section and isinstance(target, Section) and target.page == here.page:
        return Failed(call, f"The visitor is at {target.label} already: nothing was opened.")
    return Passed(call, "show_page", target)


def _point_at(call: ToolCall, bundle: Bundle, id_: str) -> Verdict:
    part = bundle.parts.get(id_)
    if part is None:  # the tool's enum and the manifest disagree: a bundle built by hand
        return Failed(call, no_such("part", id_, sorted(bundle.parts)))
    # A part on another page: the panel opens that page, then points (the tool's description says so).
    return Passed(call, "point_at", part)


def carry_out(passed: Passed, bundle: Bundle, here: Here) -> Outcome:
    if passed.kind == "show_page":
        return _opened(passed, bundle, here)
    return _pointed(passed, bundle, here)


def _opened(passed: Passed, bundle: Bundle, here: Here) -> Outcome:
    target = passed.target
    assert isinstance(target, Page | Section)  # the check passed it as a page or a home section
    id_ = target.id
    page = target.page if isinstance(target, Section) and id_ not in bundle.pages else id_
    event = Action("show_page", id_, named(target), target.path)
    if page != here.page:
        here.fields = {}  # the new page's fields are unknown until the browser says
    here.page, here.section = page, (None if id_ in bundle.pages else id_)
    result = f"Opened {named(target)} for the visitor."
    note = page_note(bundle, page) if page in bundle.pages else ""
    return Outcome((event,), result + ("\n\n" + note if note else ""))


def _pointed(passed: Passed, bundle: Bundle, here: Here) -> Outcome:
    part = passed.target
    assert isinstance(part, Part)
    event = Action("point_at", part.id, part.label, part.path, {"page": part.page})
    if part.page == here.page or part.page not in bundle.pages:
        return Outcome((event,), f"Pointed at {part.label} for the visitor.")
    page = bundle.pages[part.page]
    # The new page's fields are unknown until the browser says.
    here.page, here.section, here.fields = part.page, None, {}
    opened = f"Opened {page.label} and pointed at {part.label} for the visitor."
    return Outcome((event,), opened + "\n\n" + page_note(bundle, part.page))


def unknown(name: str, path: list[Any], value: Any, ids: Any) -> str | None:
    return no_such(NOUNS[name], value, ids) if path == ["id"] else None


def acted(passed: Passed, bundle: Bundle) -> list[str]:
    """A part elsewhere opens its page: the sentence may name that page too."""
    part = passed.target
    if passed.kind == "point_at" and isinstance(part, Part) and part.page in bundle.pages:
        return [bundle.pages[part.page].label]
    return []


def failable(name: str, bundle: Bundle) -> Collection[str]:
    return bundle.links.keys() if name == "show_page" else bundle.parts.keys()


FAMILY = Family(check, carry_out, unknown=unknown, acted=acted, failable=failable)
