"""The panel on uv's docs (`tests/data/sites/uv`), a Material site that uses most of Material's features: instant
navigation, linked content tabs, code annotations and copy buttons, a sticky header with its search, the back-to-top
button, a right-hand table of contents, and a palette toggle between schemes of the site's own (`astral-light`,
`astral-dark`, neither Material's `default` nor `slate`). Built as its owner would add Docent and served by
`docent serve --model offline` (tests/browser/material.py); a visitor asks, opens a citation into a content tab not
selected, comes back, switches to the dark palette, searches, scrolls and navigates, at desktop and phone sizes.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from tests.browser.answered import directs, figure_of, shows_code
from tests.browser.material import MARK, MARKED, MATERIAL_PARTS, ON_TOP, PANEL_SCHEME, served, visit
from tests.browser.panel import DESKTOP, PANEL, SIZES, ask, open_panel, serious, whole
from tests.browser.sidecar import ROOT, Sidecar
from tests.browser.test_layout import CITED, LATER_MS
from tests.browser.test_vendored_site import IN_CODE

pytestmark = pytest.mark.browser

SITE = ROOT / "tests" / "data" / "sites" / "uv"
INSTALLATION = "/getting-started/installation/"
# What the Windows visitor needs of the answer: the installer's PowerShell line, which runs the script it fetches.
INSTALLER = ("powershell", "install.ps1 | iex")

# The label of the content tab selected in the tabbed set the highlighted run is in, or null outside one.
SELECTED_TAB = """() => {
  const range = [...CSS.highlights.get("docent-cited")][0];
  const set = range.startContainer.parentElement.closest(".tabbed-set");
  if (!set) return null;
  const index = [...set.querySelectorAll(":scope > input")].findIndex((input) => input.checked);
  return set.querySelectorAll(":scope > .tabbed-labels > label")[index].textContent.trim();
}"""

# What the block the highlighted run is in lays over the part of the run's lines it shows, other than its code:
# Material's copy button and the bar it stands in (`.md-code__nav`, with a background of its own) or any part of the
# block placed over its code (absolute), where it shows; their classes, one for each line met.
OVER_RUN = """() => {
  const range = [...CSS.highlights.get("docent-cited")][0];
  const pre = range.startContainer.parentElement.closest("pre");
  const code = pre.querySelector("code") || pre, clip = code.getBoundingClientRect();
  const met = [];
  for (const over of pre.parentElement.querySelectorAll("*")) {
    if (code.contains(over) || over.contains(code) || getComputedStyle(over).position !== "absolute") continue;
    if (!over.checkVisibility({opacityProperty: true, visibilityProperty: true})) continue;
    const b = over.getBoundingClientRect();
    if (!b.width || !b.height) continue;
    for (const r of range.getClientRects()) {
      const left = Math.max(r.left, clip.left), right = Math.min(r.right, clip.right);
      if (left < b.right && b.left < right && r.top < b.bottom && b.top < r.bottom) met.push(String(over.className));
    }
  }
  return met;
}"""

# The page is scrolled as far down as the wheel's 2,500 pixels take it (less on a page shorter than that).
SCROLLED_DOWN = "() => scrollY >= Math.min(2500, document.documentElement.scrollHeight - innerHeight) - 1"


@pytest.fixture(scope="module")
def uv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Sidecar]:
    yield from served(SITE, tmp_path_factory.mktemp("uv"))


@SIZES
def test_a_citation_into_a_tab_not_selected_opens_it_by_instant_navigation_clear_of_the_panel_and_header(
    page: Page, uv: Sidecar
) -> None:
    """Asked on the home page how to install on Windows, the answer shows the PowerShell installer line; its citation
    opens the installation page without a reload, selects the "Windows" tab (the page opens on "macOS and Linux"), and
    highlights the line in the page's own code block, clear of the panel and under no header, still so once every
    timer of the panel's has run; the visitor comes back to the panel and the answer is there."""
    visit(page).clock.install()
    open_panel(page, uv.base)
    page.evaluate(MARK)
    log = ask(page, "How do I install uv on Windows with PowerShell?")
    link = shows_code(log, *INSTALLER, path=INSTALLATION, section="standalone-installer")
    quote = directs(link)  # opened in a new tab instead, the browser highlights the same line
    link.click()
    page.wait_for_url(re.compile(INSTALLATION))
    page.wait_for_function(f"() => {{ const c = ({CITED})(); return c && !c.meets && c.shown; }}", timeout=5_000)
    assert page.evaluate(MARKED), "the citation reloaded the page: instant navigation was lost"
    highlighted = page.evaluate(CITED)["text"]
    assert highlighted == " ".join(quote.split()) and INSTALLER[1] in highlighted, highlighted  # the line shown
    assert page.evaluate(SELECTED_TAB) == "Windows"
    assert page.evaluate(IN_CODE), "the run is not in the page's code block"
    # The line reads to the block's edge: Material's copy button, at the block's corner, lay over its end.
    assert page.evaluate(OVER_RUN) == []
    page.clock.fast_forward(LATER_MS)
    cited = page.evaluate(CITED)
    assert cited and not cited["meets"] and cited["shown"], cited
    assert not any(page.evaluate(MATERIAL_PARTS).values()), page.evaluate(MATERIAL_PARTS)
    whole(page)
    # The code block, where the log stood when the visitor left it (the click scrolled the log to the whole link).
    expect(figure_of(link)).to_contain_text(INSTALLER[1])
    expect(link).to_be_in_viewport()


# Whether the page stands docked beside the panel (dock.js).
DOCKED = "() => document.documentElement.classList.contains('docent-docked')"

# Indents the highlighted line in its code block by `spaces` more (a line nested deeply in its program), so that it
# starts past the block's visible width, and clears the highlight.
INDENT = """(spaces) => {
  const range = [...CSS.highlights.get("docent-cited")][0];
  range.startContainer.insertData(range.startOffset, " ".repeat(spaces));
  CSS.highlights.delete("docent-cited");
}"""


@pytest.mark.parametrize("context_options", [DESKTOP], ids=["desktop"])
def test_at_desktop_a_long_code_line_cited_stands_beside_the_docked_panel_as_far_as_its_block_shows_it(
    page: Page, uv: Sidecar
) -> None:
    """The PowerShell line is wider than its code block: its run reaches on past the block's edge, out of sight. The
    panel judges the line its block shows: at 1280 x 800 it docks (it shrank to its peek while the hidden part counted,
    and the visible line then ran under it), the line's shown part whole and clear of it from its first character, the
    citation pressed in sight in its log. Indented past the block's visible width, the line is scrolled into it from its
    start, beside the panel still docked."""
    visit(page).clock.install()
    open_panel(page, uv.base)
    log = ask(page, "How do I install uv on Windows with PowerShell?")
    link = shows_code(log, *INSTALLER, path=INSTALLATION, section="standalone-installer")
    link.click()
    page.wait_for_url(re.compile(INSTALLATION))
    page.wait_for_function(f"() => {{ const c = ({CITED})(); return c && !c.meets && c.shown; }}", timeout=5_000)
    page.clock.fast_forward(LATER_MS)
    for indented in (False, True):
        cited = page.evaluate(CITED)
        assert INSTALLER[1] in cited["text"], cited
        assert cited["run"][2] > cited["box"][2], cited  # the line runs on out of its block's sight
        assert not cited["meets"] and cited["shown"] and cited["starts"], cited
        assert page.evaluate(DOCKED), cited
        panel = page.locator(PANEL)
        expect(panel.locator(".docent-peek")).to_be_hidden()
        expect(panel.get_by_label("Your question")).to_be_visible()
        expect(link).to_be_in_viewport()
        assert not any(page.evaluate(MATERIAL_PARTS).values()), page.evaluate(MATERIAL_PARTS)
        if indented:
            break
        page.evaluate(INDENT, 160)
        starts_past = page.evaluate(CITED)
        assert starts_past is None, starts_past
        link.click()  # on its page now: the panel shows the line again
        page.wait_for_function(f"() => {{ const c = ({CITED})(); return c && !c.meets && c.shown; }}", timeout=5_000)
        page.clock.fast_forward(LATER_MS)


def _dark(page: Page) -> None:
    """Presses the palette toggle until the page is dark (this site's toggle goes system, light, dark)."""
    for _ in range(3):
        if page.evaluate(PANEL_SCHEME)["page"] < 128:
            return
        page.locator("form[data-md-component='palette'] label:visible").first.click()
    assert page.evaluate(PANEL_SCHEME)["page"] < 128, page.evaluate(PANEL_SCHEME)


@SIZES
def test_in_the_sites_own_dark_scheme_the_panel_is_dark_steps_aside_for_search_and_drawer_and_follows_navigation(
    page: Page, uv: Sidecar, context_options: dict[str, object]
) -> None:
    """The panel follows the site's own dark scheme (on the first try it stayed white on `astral-dark`), legibly;
    it meets none of Material's parts, the back-to-top button included once the visitor scrolls back up; it steps
    aside while Material's search (desktop) or navigation drawer (phone; on the first try the sheet covered the
    drawer's links from its fourth down) is open, and comes back as it was; a link followed by instant navigation
    keeps it open, dark, with the answer."""
    phone = bool(context_options.get("is_mobile"))
    panel = open_panel(visit(page), uv.base + "guides/scripts/")
    page.evaluate(MARK)
    log = ask(page, "How do I run a script with inline dependencies?")
    _dark(page)
    expect(panel).to_have_attribute("data-docent-scheme", "dark")
    assert page.evaluate(PANEL_SCHEME)["panel"] < 128, page.evaluate(PANEL_SCHEME)
    assert serious(page, context=PANEL) == []
    assert not any(page.evaluate(MATERIAL_PARTS).values()), page.evaluate(MATERIAL_PARTS)
    page.mouse.move(page.viewport_size["width"] / 4, 120)  # type: ignore[index]  # over the page, above the panel
    page.mouse.wheel(0, 2500)
    page.wait_for_function(SCROLLED_DOWN, timeout=5_000)  # Material saw the page scroll down before it goes back up
    page.mouse.wheel(0, -400)  # Material shows its back-to-top button as the visitor scrolls back up
    page.wait_for_function(f"() => '.md-top' in ({MATERIAL_PARTS})()", timeout=5_000)  # faded in
    parts = page.evaluate(MATERIAL_PARTS)
    assert ".md-top" in parts and not any(parts.values()), parts
    if phone:
        page.locator("label.md-header__button[for='__drawer']").click()
        expect(panel).to_be_hidden()
        link = page.locator(".md-nav--primary a[href$='/guides/tools/']").first
        expect(link).to_be_visible()
        page.wait_for_function(ON_TOP, arg=link.element_handle(), timeout=5_000)  # the drawer slid in, uncovered
    else:
        page.locator(".md-search__input").click()
        page.keyboard.type("cache")
        expect(page.locator(".md-search-result__item").first).to_be_visible()
        expect(panel).to_be_hidden()
        page.keyboard.press("Escape")
        expect(panel).to_be_visible()
        link = page.locator(".md-sidebar--primary a[href$='/guides/tools/']").first
    link.click()
    # Material's navigation.tracking writes the section in sight into the fragment soon after the page is swapped in
    page.wait_for_url(re.compile(r"/guides/tools/(#[\w-]*)?$"))
    expect(page.locator(".md-content article h1")).to_have_text("Using tools")
    assert page.evaluate(MARKED), "the link reloaded the page: instant navigation was lost"
    expect(panel).to_be_visible()
    expect(panel).to_have_attribute("data-docent-scheme", "dark")
    expect(log.locator(".docent-question").last).to_contain_text("How do I run a script with inline dependencies?")
    expect(panel.get_by_label("Your question")).to_be_in_viewport()
    assert not any(page.evaluate(MATERIAL_PARTS).values()), page.evaluate(MATERIAL_PARTS)
