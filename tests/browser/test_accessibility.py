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
                                                ("", "Held twice"), ("", "Under a heading"),
                                                ("", "Under a cited heading")],
                         ids=["home", "lab", "held", "heading", "cited-heading"])
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
    if question.endswith("heading"):
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


@pytest.mark.parametrize("context_options", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_heading_that_cites_is_named_by_its_words_its_sources_after_it(page: Page, guide: Sidecar) -> None:
    """A heading the model cited: its accessible name is its words, its sources' links go after it, outside the h3
    (render25: they were inside it, so a screen reader's list of headings read "The rollout by card range Sources:
    3-D Secure rollout · Results"), still links, before the paragraph it labels."""
    open_panel(page, guide.base)
    log = ask(page, "Under a cited heading")
    answer = log.locator(".docent-answer").last
    heading = answer.locator("h3.docent-heading")
    expect(heading).to_have_count(1)
    expect(page.locator(PANEL).get_by_role("heading", level=3)).to_have_accessible_name("The rollout by card range")
    assert heading.locator("a, .docent-cites").count() == 0
    sources = heading.locator("xpath=following-sibling::*[1]")
    expect(sources).to_have_class("docent-cites docent-heading-cites")
    expect(sources.get_by_role("link")).to_have_count(1)
    top, links, para = heading.bounding_box(), sources.bounding_box(), answer.locator("p.docent-paragraph").bounding_box()
    assert top and links and para and top["y"] + top["height"] <= links["y"] + 1 and links["y"] <= para["y"]
    assert serious(page) == []
    outline = Axe().run(page, context=PANEL).response["violations"]
    assert [v["id"] for v in outline if v["id"] in ("heading-order", "empty-heading")] == []
