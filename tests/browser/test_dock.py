"""The panel never covers what the guide shows on a desktop either: where the screen has room for the page beside it,
the page narrows and the panel stays whole beside it (docked, dock.js), as a docs product's side panel does; where it
has none (a narrower screen, or a theme whose bar wraps when narrowed), the panel shrinks to its peek. On the
docs-site fixture (Fetchkit, Material's three columns, instant navigation) at 1280 x 800 the floating panel lay over
the content column: the cited "Retries" line was cut at its edge ("raises ConnectE..."), and the code block above it.
At 1280 x 800, 1440 x 900 and 1024 x 768 (and 900 x 700, where there is no room), on the fixture and on the example:
the opened page's content, the cited line and the ringed part do not meet the panel; the panel is usable; axe-core is
clean. Each test leaves a screenshot under test-output/browser/dock-*.png."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import SCREENSHOTS, _settle
from tests.browser.panel import PANEL, ask, open_panel, serious
from tests.browser.sidecar import Sidecar
from tests.browser.test_layout import CITED, CLEAR

pytestmark = pytest.mark.browser

WIDE = [{"viewport": {"width": w, "height": h}} for w, h in ((1280, 800), (1440, 900), (1024, 768))]
WIDE_IDS = ["1280x800", "1440x900", "1024x768"]
NARROW = {"viewport": {"width": 900, "height": 700}}  # 900 - the panel's 422 px leaves under 560: no room
DESKTOPS = pytest.mark.parametrize("context_options", WIDE, ids=WIDE_IDS)

# The page's content (the element holding the build's markers, as dock.js reads it), its box and the panel's, whether
# their columns meet, whether the page is docked, Material's table of contents shown, and the page's widths.
LAYOUT = """() => {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_COMMENT);
  let holder = null;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeValue === "docent:content") { holder = node.parentElement; break; }
  }
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const a = holder.getBoundingClientRect(), b = document.querySelector("[data-docent-view]").getBoundingClientRect();
  const toc = document.querySelector(".md-sidebar--secondary");
  const root = document.documentElement;
  return {content: box(holder), panel: box(document.querySelector("[data-docent-view]")),
          columnsMeet: a.left < b.right && b.left < a.right, docked: root.classList.contains("docent-docked"),
          toc: Boolean(toc && toc.checkVisibility()), scrollWidth: root.scrollWidth, clientWidth: root.clientWidth,
          width: innerWidth, height: innerHeight};
}"""

# The boxes of the case page's flow diagram that the panel lies over, by their names.
FLOW_UNDER_PANEL = """() => {
  const b = document.querySelector("[data-docent-view]").getBoundingClientRect();
  return [...document.querySelectorAll("figure.flow li")].filter((box) => {
    const a = box.getBoundingClientRect();
    return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  }).map((box) => box.querySelector("strong").textContent);
}"""

PAGE_TITLE_CLEAR = """() => {
  const a = document.querySelector("h1").getBoundingClientRect();
  const b = document.querySelector("[data-docent-view]").getBoundingClientRect();
  return !(a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) && a.top >= 0;
}"""


def _size(page: Page) -> str:
    size = page.viewport_size or {"width": 0, "height": 0}
    return f"{size['width']}x{size['height']}"


def _shot(page: Page, name: str) -> None:
    _settle(page)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"dock-{name}-{_size(page)}.png"))


def _cited_clear(page: Page) -> dict[str, Any]:
    page.wait_for_function(f"() => {{ const c = ({CITED})(); return c && !c.meets && c.shown; }}", timeout=5_000)
    cited: dict[str, Any] = page.evaluate(CITED)
    return cited


def _docked_whole(page: Page) -> dict[str, Any]:
    """Docked: the page's content beside the panel, no column of it under the panel, no sideways scroll; the panel
    whole (its question, its answer's last line in sight), no peek."""
    layout: dict[str, Any] = page.evaluate(LAYOUT)
    assert layout["docked"] and not layout["columnsMeet"], layout
    assert layout["scrollWidth"] <= layout["clientWidth"], layout
    left, top, right, bottom = layout["panel"]
    assert 0 <= top and bottom <= layout["height"] and right <= layout["width"], layout
    panel = page.locator(PANEL)
    expect(panel.get_by_label("Your question")).to_be_visible()
    expect(panel.locator(".docent-peek")).to_be_hidden()
    expect(panel.locator(".docent-sentence").last).to_be_in_viewport(ratio=1)
    return layout


@DESKTOPS
def test_on_a_docs_site_the_page_an_answer_opens_and_its_cited_line_stand_beside_the_whole_panel(
    page: Page, fetchkit: Sidecar
) -> None:
    panel = open_panel(page, fetchkit.base)
    ask(page, "Open the clients page for me", leaving_for=fetchkit.base + "clients/")
    expect(panel.locator(".docent-sentence")).to_have_count(2, timeout=15_000)
    page.wait_for_function(f"() => ({LAYOUT})().docked", timeout=5_000)
    layout = _docked_whole(page)
    assert not layout["toc"], layout  # Material's table of contents gave way; its content column kept the room
    assert page.evaluate(PAGE_TITLE_CLEAR)
    assert serious(page, context=PANEL) == []
    # The citation opens its line on the page: highlighted, clear of the panel, which stays whole beside it.
    panel.locator("a.docent-cite").first.click()
    cited = _cited_clear(page)
    assert cited["text"].startswith("Retries are off by default"), cited
    _docked_whole(page)
    assert serious(page, context=PANEL) == []
    _shot(page, "docs")
    # Instant navigation holds docked: a link in the page's text to the home page (the fixture's pages have none of
    # their own: one is put in) swaps it in without a reload, beside the panel still whole.
    page.evaluate("""(home) => {
      window.docentSamePage = true;
      const link = Object.assign(document.createElement("a"), {href: home, textContent: "Fetchkit's home page"});
      const line = document.createElement("p");
      line.appendChild(link);
      document.querySelector("article h1").after(line);
    }""", fetchkit.base)
    page.get_by_role("link", name="Fetchkit's home page").click()
    page.wait_for_url(fetchkit.base, timeout=5_000)
    expect(page.locator("h1")).not_to_have_text("Clients")
    assert page.evaluate("() => window.docentSamePage === true"), "a full reload: instant navigation was lost"
    _docked_whole(page)
    # Closed, the page takes its width back: the table of contents again, the content as wide as before.
    panel.get_by_role("button", name="Close the guide").click()
    page.wait_for_function(f"() => !({LAYOUT})().docked", timeout=5_000)
    expect(page.locator(".md-sidebar--secondary")).to_be_visible()


@pytest.mark.parametrize("context_options", [WIDE[0]], ids=WIDE_IDS[:1])
def test_the_visitor_shrinking_the_panel_or_narrowing_the_window_gives_the_page_its_width_back(
    page: Page, fetchkit: Sidecar
) -> None:
    panel = open_panel(page, fetchkit.base)
    ask(page, "Open the clients page for me", leaving_for=fetchkit.base + "clients/")
    page.wait_for_function(f"() => ({LAYOUT})().docked", timeout=5_000)
    panel.get_by_role("button", name="Shrink the guide to its header").click()
    page.wait_for_function(f"() => !({LAYOUT})().docked", timeout=5_000)
    panel.get_by_role("button", name="Show the whole guide").click()
    expect(panel.get_by_label("Your question")).to_be_visible()
    panel.locator("a.docent-cite").first.click()  # the guide shows a line again: docked again
    page.wait_for_function(f"() => ({LAYOUT})().docked", timeout=5_000)
    _cited_clear(page)
    page.set_viewport_size(NARROW["viewport"])
    page.wait_for_function(f"() => !({LAYOUT})().docked", timeout=5_000)


@pytest.mark.parametrize("context_options", [NARROW], ids=["900x700"])
def test_on_a_screen_with_no_room_beside_the_page_the_cited_line_stands_above_the_peek(
    page: Page, fetchkit: Sidecar
) -> None:
    panel = open_panel(page, fetchkit.base)
    ask(page, "Open the clients page for me", leaving_for=fetchkit.base + "clients/")
    assert page.evaluate(PAGE_TITLE_CLEAR), "the page's title is under the panel"
    panel.get_by_role("button", name="Read the answer").click()  # the page's content shrank it; the visitor is back
    panel.locator("a.docent-cite").first.click()
    _cited_clear(page)
    layout = page.evaluate(LAYOUT)
    assert not layout["docked"], layout
    expect(panel.get_by_role("button", name="Read the answer")).to_be_visible()
    assert serious(page, context=PANEL) == []
    _shot(page, "docs-peek")


@DESKTOPS
def test_on_the_example_what_the_guide_shows_is_clear_of_the_panel(page: Page, guide: Sidecar) -> None:
    """The portfolio example (MkDocs' own theme): its navbar wraps when the page narrows, so the panel shrinks to its
    peek where neither side is free; the opened page's title, the cited line and the ringed chart are clear of it."""
    panel = open_panel(page, guide.base)
    ask(page, "Open the 3-D Secure case for me", leaving_for=guide.base + "cases/3ds/")
    expect(panel.locator(".docent-sentence")).to_have_count(2, timeout=15_000)
    assert page.evaluate(PAGE_TITLE_CLEAR), "the page's title is under the panel"
    layout = page.evaluate(LAYOUT)
    assert not layout["docked"], layout  # no room beside the page: its content is not under a whole panel
    expect(panel.get_by_role("button", name="Read the answer")).to_be_visible()  # only the peek's corner
    # The peek stands in the page's margin beside its content where the margin is wide enough for it (288 px and a gap
    # each side): at 1280 x 800 it lay at the right over two boxes of the flow diagram lower on the page.
    if layout["content"][0] >= 288 + 2 * 16:
        assert not page.evaluate(LAYOUT)["columnsMeet"], page.evaluate(LAYOUT)
        assert page.evaluate(FLOW_UNDER_PANEL) == []
    _shot(page, "example-opened")
    whole_again = panel.get_by_role("button", name="Read the answer")
    if whole_again.count() and whole_again.is_visible():
        whole_again.click()
    panel.locator(".docent-cite[href*='#case-3ds-results']").first.click()
    _cited_clear(page)
    assert serious(page, context=PANEL) == []
    _shot(page, "example-cited")
    page.goto(guide.base + "lab/")
    whole_again = panel.get_by_role("button", name="Read the answer")
    if whole_again.count() and whole_again.is_visible():
        whole_again.click()
    ask(page, "Point at the chart")
    page.wait_for_function(CLEAR, arg="[data-docent-part='leak-chart']", timeout=5_000)
    assert serious(page, context=PANEL) == []
    _shot(page, "example-ring")


@pytest.mark.parametrize("context_options", [{"viewport": {"width": 390, "height": 844}}], ids=["390x844"])
def test_widened_from_a_phones_size_to_a_desktops_the_panel_docks_whole_beside_the_page_at_once(
    page: Page, fetchkit: Sidecar
) -> None:
    """A window narrowed to a phone's width: the page an answer opened shrank the sheet to its peek. Widened to a
    desktop's, the panel docked again only at the next answer, its peek left in the corner over the page's content
    column. Now it docks at once, whole, beside the page, as if the answer had come at that size; narrowed again, the
    page takes its width back and the sheet shrinks to its peek once more, the page's title above it."""
    panel = open_panel(page, fetchkit.base)
    ask(page, "Open the clients page for me", leaving_for=fetchkit.base + "clients/")
    expect(panel.locator(".docent-sentence")).to_have_count(2, timeout=15_000)
    expect(panel.get_by_role("button", name="Read the answer")).to_be_visible()
    page.set_viewport_size(WIDE[0]["viewport"])  # type: ignore[arg-type]
    page.wait_for_function(f"() => ({LAYOUT})().docked", timeout=5_000)
    _docked_whole(page)
    assert page.evaluate(PAGE_TITLE_CLEAR)
    _shot(page, "widened")
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_function(f"() => !({LAYOUT})().docked", timeout=5_000)
    expect(panel.get_by_role("button", name="Read the answer")).to_be_visible()
    assert page.evaluate(PAGE_TITLE_CLEAR), "the page's title is under the panel"
    _shot(page, "narrowed")
