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
from tests.browser.test_layout import CITED, LATER_MS

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

QUESTION = "How do I set the default pagination class for all views?"
GUIDE = "setting-the-pagination-style"  # the pagination guide's section that says how, with the settings' code
GOLD = "'DEFAULT_PAGINATION_CLASS': 'rest_framework.pagination."  # the fact a reader needs: the setting, set

# The answer's sentences citing `section` alone, each as the visitor reads it (its list of sources left out), in order.
RUN_OF = """(section) => [...document.querySelectorAll("[data-docent-view] .docent-answer .docent-sentence")]
  .filter((s) => s.getAttribute("data-cites") === section)
  .map((s) => {
    const shown = s.cloneNode(true);
    shown.querySelectorAll(".docent-cites").forEach((e) => e.remove());
    return shown.textContent.replace(/\\s+/g, " ").trim();
  })"""

# For each highlighted run: whether it is in `section` (after its heading, before the next heading of its rank or above).
IN_SECTION = """(section) => {
  const heading = document.getElementById(section), rank = Number(heading.tagName[1]);
  const after = (a, b) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
  const next = [...document.querySelectorAll("h1, h2, h3, h4, h5, h6")]
    .find((h) => after(heading, h) && Number(h.tagName[1]) <= rank);
  return [...CSS.highlights.get("docent-cited")].map((range) =>
    after(heading, range.startContainer) && (!next || after(range.endContainer, next)));
}"""


@pytest.fixture(scope="module")
def drf(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Sidecar]:
    yield from served(SITE, tmp_path_factory.mktemp("drf"))


@SIZES
def test_the_citation_of_a_run_of_sentences_opens_at_the_first_with_each_of_them_highlighted(
    page: Page, drf: Sidecar
) -> None:
    """Asked on the home page how to set the default pagination class, the answer shows the settings' code that sets
    it, cited to the pagination guide's "Setting the pagination style", and says sentences of that section in a run,
    cited once after the last (the panel shows a run citing one section once). Pressed, the citation opened the guide
    with the last sentence alone highlighted: a visitor checking the first was shown another. Now it opens by instant
    navigation at the first, highlighted, in sight and clear of the panel and Material's header, each of the run's
    highlighted in that section and, as the run fits the room the panel and the header leave, all of it in sight;
    still so once every timer of the panel's has run; the visitor comes back and the answer is there, the citation
    they followed in sight.

    What the reader needs is held, not the model's wording: which of the section's sentences the run says, and what
    else the answer says around it (the settings reference's sentences on the setting, round 33), may change."""
    visit(page).clock.install()
    open_panel(page, drf.base)
    page.evaluate(MARK)
    log = ask(page, QUESTION)
    answer = log.locator(".docent-answer").last
    code = answer.locator("figure.docent-code").filter(has_text=GOLD)
    expect(code).to_have_count(1)  # the answer holds the setting as the reader writes it, cited to the guide
    expect(code.locator(f"a.docent-cite[href*='/api-guide/pagination/#{GUIDE}']")).to_have_count(1)
    run = page.evaluate(RUN_OF, GUIDE)
    assert len(run) >= 2, run  # a run: the guide's sentences said one after another
    link = answer.locator(f".docent-sentence a.docent-cite[href*='#{GUIDE}']")
    expect(link).to_have_count(1)  # once, after the last sentence of the run
    href = link.get_attribute("href") or ""  # opened in a new tab, the browser highlights each: a text directive each
    assert re.search(rf"/api-guide/pagination/#{GUIDE}:~:text=", href), href
    assert href.count("text=") == len(run), href
    link.click()
    page.wait_for_url(re.compile(r"/api-guide/pagination/"))
    page.wait_for_function(f"() => {{ const c = ({CITED})(); return c && !c.meets && c.shown; }}", timeout=5_000)
    assert page.evaluate(MARKED), "the citation reloaded the page: instant navigation was lost"
    assert page.evaluate(CITED)["text"] == run[0]
    assert page.evaluate(HIGHLIGHTED) == run
    assert page.evaluate(IN_SECTION, GUIDE) == [True] * len(run)
    assert page.evaluate(IN_SIGHT) == [True] * len(run)  # the run (paragraphs and a code block) fits the room left
    assert not any(page.evaluate(MATERIAL_PARTS).values()), page.evaluate(MATERIAL_PARTS)
    page.clock.fast_forward(LATER_MS)
    cited = page.evaluate(CITED)
    assert cited and not cited["meets"] and cited["shown"] and cited["text"] == run[0], cited
    panel = whole(page)
    expect(panel.locator(".docent-log")).to_contain_text(run[0])
    pressed = page.locator(PANEL).locator("a.docent-cite[data-docent-pressed]")
    expect(pressed).to_have_count(1)
    expect(pressed).to_be_in_viewport(ratio=1)  # the citation the visitor followed, whole in the log's sight
