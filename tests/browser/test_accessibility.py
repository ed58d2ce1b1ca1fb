"""axe-core over whole pages with the panel open and an answer shown: no serious or critical violation, on the home
page, the lab (with a ring on its chart) and the assistant page, at a desktop's size and a phone's."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from tests.browser.panel import PANEL, ask, open_panel, serious, wait_for_answer
from tests.browser.sidecar import Sidecar

pytestmark = pytest.mark.browser

DESKTOP = {"viewport": {"width": 1280, "height": 800}}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


@pytest.mark.parametrize("context_options", [DESKTOP, PHONE], ids=["desktop", "phone"])
@pytest.mark.parametrize(("path", "question"), [("", "How did the 3-D Secure rollout go?"),
                                                ("lab/", "Point at the chart"),
                                                ("", "Held twice"), ("", "Under a heading")],
                         ids=["home", "lab", "held", "heading"])
def test_a_page_with_the_panel_open_and_answering_has_no_serious_violation(
    page: Page, guide: Sidecar, path: str, question: str
) -> None:
    open_panel(page, guide.base + path)
    log = ask(page, question)
    shrunk = page.locator(PANEL).get_by_role("button", name="Show the whole guide")
    if shrunk.count():  # it shrank out of the way of what it showed: that state too, then the visitor brings it back
        assert serious(page) == []
        shrunk.click()
    expect(log.locator(".docent-sentence").first).to_be_visible()
    assert serious(page) == []
    # A heading in the answer keeps the outline: an h3 under the panel's h2 (axe's heading-order is "moderate"); the
    # heading case draws one, or the outline's check would pass on an answer with no heading at all.
    if question == "Under a heading":
        expect(log.locator("h3.docent-heading")).to_have_count(1)
    outline = Axe().run(page, context=PANEL).response["violations"]
    assert [v["id"] for v in outline if v["id"] in ("heading-order", "empty-heading")] == []


@pytest.mark.parametrize("context_options", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_assistant_page_answering_has_no_serious_violation(page: Page, guide: Sidecar) -> None:
    page.goto(guide.base + "assistant/")
    panel = page.locator(PANEL)
    expect(panel).to_have_attribute("data-ready", "true", timeout=15_000)
    assert serious(page) == []  # empty, with its suggestions
    panel.get_by_role("button", name="How did the 3-D Secure rollout go?").click()
    wait_for_answer(page)
    expect(panel.locator(".docent-sentence")).to_have_count(2)
    assert serious(page) == []
