"""axe-core over whole pages with the panel open and an answer shown: no serious or critical violation, on the home
page, the lab (with a ring on its chart) and the assistant page, at a desktop's size and a phone's."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from tests.browser.material import MARK, MARKED
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


# The element that has focus: in the guide's own parts (the skip link, the launcher) or not, its accessible name's
# words, and whether it shows whole on screen, on top of the site's bar.
FOCUSED = """() => {
  const e = document.activeElement, r = e.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return {ours: Boolean(e.closest(".docent-skip, .docent-launcher")), text: (e.textContent || "").trim(),
          shown: r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth
                 && Number(getComputedStyle(e).opacity) === 1 && Boolean(hit) && e.contains(hit)};
}"""


def _tab_to_the_guide(page: Page) -> tuple[int, dict[str, object]]:
    """Tab from the page's top until focus is on the guide's own way in; the presses it took, and where focus is."""
    for presses in range(1, 201):
        page.keyboard.press("Tab")
        focused: dict[str, object] = page.evaluate(FOCUSED)
        if focused["ours"]:
            return presses, focused
    raise AssertionError("200 Tab presses from the page's top never reached the guide")


@pytest.mark.parametrize("context_options", [DESKTOP], ids=["desktop"])
@pytest.mark.parametrize("site", ["guide", "material"])
def test_the_keyboard_reaches_the_guide_in_two_tabs_from_the_pages_top(
    page: Page, request: pytest.FixtureRequest, site: str
) -> None:
    """look31: on SQLModel's home page the guide's button, the body's last element, was 60+ Tab stops from the page's
    top (81 on Typer's, 132 on Commitizen's). A skip link shown on focus, after the site's own "Skip to content"
    (Material's) or first: Enter opens the panel at the question, Escape closes it and gives focus back to the link;
    on Material it stays beside the site's skip link across an instant page swap, which replaces that link's holder."""
    served: Sidecar = request.getfixturevalue(site)
    page.goto(served.base)
    expect(page.get_by_role("button", name="Ask the guide")).to_be_visible()
    presses, focused = _tab_to_the_guide(page)
    assert presses <= 2 and focused == {"ours": True, "text": "Skip to the guide", "shown": True}, (presses, focused)
    assert serious(page, context=".docent-skip") == []  # Material's own parts have theirs (its search's dialog)
    page.keyboard.press("Enter")
    panel = page.locator(PANEL)
    expect(panel.get_by_label("Your question")).to_be_focused()
    expect(panel).to_have_attribute("data-ready", "true", timeout=15_000)
    page.keyboard.press("Escape")
    expect(panel).to_be_hidden()
    skip = page.get_by_role("link", name="Skip to the guide")
    expect(skip).to_be_focused()
    assert page.evaluate(FOCUSED)["shown"]
    if site == "material":
        page.evaluate(MARK)
        page.locator(".md-nav__link", has_text="Lab").first.click()
        page.wait_for_url("**/lab/")
        assert page.evaluate(MARKED)  # swapped in place, not loaded
        expect(skip).to_have_count(1)
        assert page.evaluate("() => document.querySelector('[data-md-component=skip]').nextElementSibling.className")\
            == "docent-skip"
