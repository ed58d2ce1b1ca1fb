"""Content: get_page_content reads the open page as it is shown now (seed 004). It looks, not acts: no cap counts it."""

from __future__ import annotations

from docent.schema import Page

from ...model.fence import fence_page
from ...model.port import ToolCall
from ..bundle import Bundle
from .types import Failed, Family, Here, Outcome, Passed, Verdict


def check(call: ToolCall, here: Here, bundle: Bundle) -> Verdict:
    if here.page is None:
        return Failed(call, "No page has introduced itself, so there is no page content to read.")
    return Passed(call, call.name, bundle.pages[here.page])


def carry_out(passed: Passed, bundle: Bundle, here: Here) -> Outcome:
    """The page as it is shown now, as the panel read it; the build's text once the turn has moved elsewhere.

    Either is page data in its own fence: the panel's text is whatever the request carried, up to 8 KB.
    """
    assert isinstance(passed.target, Page)
    page = passed.target.id
    if here.shown is not None and here.shown[0] == page:
        return Outcome((), fence_page(here.shown[1]), counts=False)
    text = bundle.manifest.page_text.get(page, "").strip()
    return Outcome((), fence_page(text) if text else "The page shows no text.", counts=False)


FAMILY = Family(check, carry_out, reads=True)
