"""The panel on Django REST framework's docs (`tests/data/sites/drf`), a Material site with instant navigation, tabs,
a theme folder of its own and a palette that follows the system's, built as its owner would add Docent and served by
`docent serve --model offline` (tests/browser/material.py); a visitor asks, and opens the citation of an answer whose
sentences all come from one section, at desktop and phone sizes.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from tests.browser.material import MARK, MARKED, MATERIAL_PARTS, served, visit
from tests.browser.panel import PANEL, SIZES, ask, open_panel, whole
from tests.browser.sidecar import ROOT, Sidecar
from tests.browser.test_layout import CITED, LATER_MS, RESTS

pytestmark = pytest.mark.browser

SITE = ROOT / "tests" / "data" / "sites" / "drf"

# Each highlighted run's text, whitespace read as one space, in the highlight's order.
HIGHLIGHTED = """() => {
  const highlight = CSS.highlights.get("docent-cited");
  return highlight ? [...highlight].map((range) => range.toString().replace(/\\s+/g, " ").trim()) : [];
}"""

# For each highlighted run: whether it is in sight whole, on top (under no header) and clear of the panel.
IN_SIGHT = """() => [...CSS.highlights.get("docent-cited")].map((range) => {
  const rects = [...range.getClientRects()], first = rects[0], last = rects[rects.length - 1];
  const box = range.getBoundingClientRect(), panel = document.querySelector("[data-docent-view]").getBoundingClientRect();
  const hit = document.elementFromPoint((first.left + first.right) / 2, (first.top + first.bottom) / 2);
  const meets = box.left < panel.right && panel.left < box.right && box.top < panel.bottom && panel.top < box.bottom;
  return first.top >= 0 && last.bottom <= innerHeight && Boolean(hit)
    && range.startContainer.parentElement.closest("p, li").contains(hit) && !meets;
})"""

# The pagination guide's sentences the answer says, in its order (and the page's).
RUN = [
    "The pagination style may be set globally, using the DEFAULT_PAGINATION_CLASS and PAGE_SIZE setting keys.",
    "Both DEFAULT_PAGINATION_CLASS and PAGE_SIZE are None by default.",
    "You can also set the pagination class on an individual view by using the pagination_class attribute.",
    "Typically you'll want to use the same pagination style throughout your API, although you might want to vary"
    " individual aspects of the pagination, such as default or maximum page size, on a per-view basis.",
]


@pytest.fixture(scope="module")
def drf(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Sidecar]:
    yield from served(SITE, tmp_path_factory.mktemp("drf"))


@SIZES
def test_the_citation_of_a_run_of_sentences_opens_at_the_first_with_each_of_them_highlighted(
    page: Page, drf: Sidecar
) -> None:
    """Asked on the home page how to set the default pagination class, the answer says four sentences of the
    pagination guide's "Setting the pagination style", cited once after the last (the panel shows a run citing one
    section once). Pressed, the citation opened the guide with the last sentence alone highlighted: a visitor checking
    the first ("may be set globally") was shown another. Now it opens by instant navigation at the first, highlighted,
    in sight and clear of the panel and Material's header, each of the four highlighted, and, as the run fits the
    room the panel and the header leave, all of it in sight; still so once every timer of the panel's has
    run; the visitor comes back and the answer is there."""
    visit(page).clock.install()
    open_panel(page, drf.base)
    page.evaluate(MARK)
    log = ask(page, "How do I set the default pagination class for all views?")
    paragraph = log.locator(".docent-paragraph").first
    expect(paragraph.locator(".docent-sentence")).to_have_count(4)
    link = paragraph.locator("a.docent-cite")
    expect(link).to_have_count(1)  # once, after the last sentence
    href = link.get_attribute("href") or ""  # opened in a new tab, the browser highlights each: a text directive each
    assert re.search(r"/api-guide/pagination/#setting-the-pagination-style:~:text=The%20pagination", href), href
    assert href.count("text=") == 4, href
    link.click()
    page.wait_for_url(re.compile(r"/api-guide/pagination/"))
    page.wait_for_function(f"() => {{ const c = ({CITED})(); return c && !c.meets && c.shown; }}", timeout=5_000)
    assert page.evaluate(MARKED), "the citation reloaded the page: instant navigation was lost"
    assert page.evaluate(CITED)["text"] == RUN[0]
    assert page.evaluate(HIGHLIGHTED) == RUN
    assert page.evaluate(IN_SIGHT) == [True] * 4  # the run (three paragraphs and a code block) fits the room left
    assert not any(page.evaluate(MATERIAL_PARTS).values()), page.evaluate(MATERIAL_PARTS)
    page.clock.fast_forward(LATER_MS)
    cited = page.evaluate(CITED)
    assert cited and not cited["meets"] and cited["shown"] and cited["text"] == RUN[0], cited
    panel = whole(page)
    expect(panel.locator(".docent-log")).to_contain_text("may be set globally")
    page.wait_for_function(RESTS, timeout=5_000)
    expect(page.locator(PANEL).locator("a.docent-cite").first).to_be_in_viewport()
