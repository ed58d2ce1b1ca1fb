"""The panel on mkdocstrings' docs (`tests/data/sites/mkdocstrings`), a Material site with an announcement bar over
its header (`announce.dismiss`), sticky navigation tabs under it, code copy buttons and annotations, tabbed examples,
the back-to-top button, a right-hand table of contents and Material's own palette toggle; no instant navigation, so a
citation loads its page whole. Built as its owner would add Docent and served by `docent serve --model offline`
(tests/browser/material.py), at desktop and phone sizes.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.answered import copied, figure_of, shows_code
from tests.browser.material import MATERIAL_PARTS, ON_TOP, PANEL_SCHEME, served, visit
from tests.browser.panel import PANEL, SIZES, ask, open_panel, serious, whole
from tests.browser.sidecar import ROOT, Sidecar
from tests.browser.test_layout import CITED, LATER_MS
from tests.browser.test_vendored_site import IN_CODE

pytestmark = pytest.mark.browser

SITE = ROOT / "tests" / "data" / "sites" / "mkdocstrings"


@pytest.fixture(scope="module")
def mkdocstrings(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Sidecar]:
    yield from served(SITE, tmp_path_factory.mktemp("mkdocstrings"))


@pytest.fixture(scope="module")
def consenting(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Sidecar]:
    """The same site whose owner also asks visitors' cookie consent."""
    yield from served(SITE, tmp_path_factory.mktemp("mkdocstrings-consent"), consent=True)


@pytest.fixture
def foreign_errors_allowed() -> bool:
    """The site's own feedback script looks for a form its theme does not render and throws on every page."""
    return True


@SIZES
def test_under_the_announcement_bar_a_code_citation_opens_its_lines_under_no_sticky_header_and_clear_of_the_panel(
    page: Page, mkdocstrings: Sidecar
) -> None:
    """Open on the home page, under the announcement bar, the panel meets neither the bar nor the header and tabs;
    asked how to cross-reference another project's objects, the answer shows the YAML that loads an inventory, and its
    citation opens the usage page at those lines in the page's own code block, highlighted, clear of the panel and of
    the sticky header and tabs, still so once every timer of the panel's has run; the visitor comes back to it."""
    visit(page).clock.install()
    panel = open_panel(page, mkdocstrings.base)
    parts = page.evaluate(MATERIAL_PARTS)
    assert ".md-banner" in parts and not any(parts.values()), parts
    log = ask(page, "How do I cross-reference an object from another project?")
    assert not any(page.evaluate(MATERIAL_PARTS).values()), page.evaluate(MATERIAL_PARTS)
    link = log.locator("figure.docent-code .docent-cite").last
    quote = link.get_attribute("data-docent-quote") or ""
    assert quote.startswith("plugins:\n- mkdocstrings:\n    handlers:") and "objects.inv" in quote, quote
    href = link.get_attribute("href") or ""
    assert re.search(r"/usage/#cross-references-to-other-projects-inventories:~:text=plugins", href), href
    link.click()
    page.wait_for_url(re.compile(r"/usage/"))
    page.wait_for_function(f"() => {{ const c = ({CITED})(); return c && !c.meets && c.shown; }}", timeout=5_000)
    assert page.evaluate(CITED)["text"] == " ".join(quote.split()), page.evaluate(CITED)
    assert page.evaluate(IN_CODE), "the run is not in the page's code block"
    page.clock.fast_forward(LATER_MS)
    cited = page.evaluate(CITED)
    assert cited and not cited["meets"] and cited["shown"], cited  # shown: on top, under no header or tabs
    assert not any(page.evaluate(MATERIAL_PARTS).values()), page.evaluate(MATERIAL_PARTS)
    whole(page)
    expect(panel.get_by_label("Your question")).to_be_in_viewport()
    expect(panel.locator("figure.docent-code").last).to_contain_text("objects.inv")


@SIZES
def test_with_materials_dark_palette_the_panel_is_dark_legible_and_the_bar_dismissed_leaves_it_in_place(
    page: Page, mkdocstrings: Sidecar
) -> None:
    """Material's own palette toggle to `slate`: the open panel, answering, turns dark with no serious axe violation
    inside it; the visitor dismisses the announcement bar and the panel stays where it was, reachable."""
    panel = open_panel(visit(page), mkdocstrings.base + "usage/theming/")
    ask(page, "How do I change the CSS of the rendered docs?")
    for _ in range(3):
        if page.evaluate(PANEL_SCHEME)["page"] < 128:
            break
        page.locator("form[data-md-component='palette'] label:visible").first.click()
    expect(panel).to_have_attribute("data-docent-scheme", "dark")
    scheme = page.evaluate(PANEL_SCHEME)
    assert scheme["page"] < 128 and scheme["panel"] < 128, scheme
    assert serious(page, context=PANEL) == []
    before = panel.bounding_box()
    page.get_by_role("button", name="Don't show this again").click()
    expect(page.locator(".md-banner")).to_be_hidden()
    assert panel.bounding_box() == before
    expect(panel.get_by_label("Your question")).to_be_in_viewport()
    assert not any(page.evaluate(MATERIAL_PARTS).values()), page.evaluate(MATERIAL_PARTS)


# Material's code annotations: a marker, as the page's Markdown writes it ("# (1)!", "// (2)"), and the line a marker
# stands on in the page's code, with the number of its note (the page draws it as a button, the note its tooltip).
MARKER = re.compile(r"(?:#|//)\s*\(\d+\)!?")
MARKED_LINES = """() => [...document.querySelectorAll("article pre code .md-annotation [data-md-annotation-id]")].map((m) => {
  const line = m.closest("code > span");
  return [Number(m.dataset.mdAnnotationId), line ? line.textContent.replace(/\\s+/g, " ").trim() : ""];
})"""
# Each highlighted run's text, whether it is in the page's code, and the numbers of the markers on its line(s).
HIGHLIGHTED = """() => [...(CSS.highlights.get("docent-cited") || [])].map((range) => {
  const at = (node) => (node.nodeType === 1 ? node : node.parentElement);
  const line = at(range.startContainer).closest("code > span");
  return {text: range.toString().replace(/\\s+/g, " ").trim(), code: Boolean(at(range.startContainer).closest("article pre code")),
          markers: line ? [...line.querySelectorAll("[data-md-annotation-id]")].map((m) => Number(m.dataset.mdAnnotationId)) : []};
})"""


def _notes(heading: str) -> list[tuple[int, str]]:
    """The notes of the annotated blocks under `heading` in the recipes page's Markdown, each with its number, as
    their author wrote them (a note's lines joined, its Markdown marks left out)."""
    text = (SITE / "docs" / "recipes.md").read_text(encoding="utf-8")
    notes: list[tuple[int, str]] = []
    listed = False
    for line in text[text.index(f"### {heading}\n") :].split("\n")[1:]:
        if line.startswith("##"):  # the next section
            break
        item = re.match(r"(\d+)\.\s+(.*)", line)
        if item:
            notes.append((int(item.group(1)), item.group(2)))
        elif notes and listed and line.startswith((" ", "\t")) and line.strip():
            notes[-1] = (notes[-1][0], f"{notes[-1][1]} {line.strip()}")
        listed = bool(item) or (listed and (not line.strip() or line.startswith((" ", "\t"))))
    return [(n, re.sub(r"[`*]", "", note)) for n, note in notes]


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def _says(quote: str, note: str) -> bool:
    """Whether a cited sentence says a sentence of the note (whichever the embedded model shows)."""
    said = " ".join(_words(quote))
    return any(words and " ".join(words) in said for words in (_words(s) for s in re.split(r"(?<=[.!?])\s+", note)))


def _quotes(link: Locator) -> list[str]:
    """The sentences a citation opens at: its own and, for a run of sentences, the run's others."""
    more = json.loads(link.get_attribute("data-docent-more") or "[]")
    return [link.get_attribute("data-docent-quote") or "", *more]


@SIZES
def test_annotated_code_is_shown_copied_and_cited_as_the_page_shows_it_and_a_cited_note_opens_at_its_line(
    page: Page, mkdocstrings: Sidecar
) -> None:
    """Code annotations (`content.code.annotate`): the page shows each marker ("- search  # (1)!" in its Markdown) as
    a button inside the code, the comment gone, its note as the button's tooltip, and Material's copy button leaves
    the markers out. Asked how to configure mkdocs-gen-files, the answer shows the annotated block's configuration
    with no marker, and copies it so; its citation highlights the block's lines in the page's code, the markers
    inside the run, clear of the panel and of the sticky header and tabs. Asked about literate-nav, an answer says a
    note of the literate-nav section's blocks (whichever sentence of it the embedded model shows, the notes read from
    the page's Markdown), and the note's citation opens that section with the line the note annotates highlighted in
    the page's code: the note itself is hidden in its marker, and its citation highlighted nothing of it."""
    visit(page).clock.install()
    open_panel(page, mkdocstrings.base + "recipes/")
    log = ask(page, "How do I configure mkdocs-gen-files in mkdocs.yml?")
    link = shows_code(log, "- gen-files:", path="/recipes/")
    figure = figure_of(link)
    shown = figure.locator("pre code").evaluate("e => e.textContent")
    assert not MARKER.search(shown), shown
    assert copied(page, figure) == shown
    quote = link.get_attribute("data-docent-quote") or ""
    assert quote == shown, (quote, shown)
    link.click()
    page.wait_for_function(f"() => {{ const c = ({CITED})(); return c && !c.meets && c.shown; }}", timeout=5_000)
    assert page.evaluate(CITED)["text"] == " ".join(shown.split()), page.evaluate(CITED)
    assert page.evaluate(IN_CODE), "the run is not in the page's code block"
    markers = "() => [...CSS.highlights.get('docent-cited')][0].cloneContents().querySelectorAll('.md-annotation').length"
    assert page.evaluate(markers) >= 1, "the cited lines are not the annotated block's"
    page.clock.fast_forward(LATER_MS)
    cited = page.evaluate(CITED)
    assert cited and not cited["meets"] and cited["shown"], cited
    whole(page)

    notes = _notes("Generate a literate navigation file")
    assert len(notes) == 4, notes  # the script's three, the nav's one
    log = ask(page, "How do I build the navigation for the reference pages with literate-nav?")
    cites = log.locator(".docent-cite")
    said = [(cites.nth(i), quote) for i in range(cites.count()) for quote in _quotes(cites.nth(i))]
    noted = [(link, n) for link, quote in said for n, note in notes if _says(quote, note)]
    assert noted, [quote for _, quote in said]
    link, number = noted[0]
    lines = [line for n, line in page.evaluate(MARKED_LINES) if n == number]
    link.click()
    page.wait_for_url(re.compile(r"/recipes/#generate-a-literate-navigation-file$"))
    page.wait_for_function(f"() => {{ const c = ({CITED})(); return c && !c.meets && c.shown; }}", timeout=5_000)
    runs = page.evaluate(HIGHLIGHTED)
    at = [run for run in runs if run["code"] and number in run["markers"]]
    assert at and at[0]["text"] in lines, (number, lines, runs)
    assert not MARKER.search(at[0]["text"]), at


@SIZES
def test_the_guide_waits_behind_materials_cookie_consent_until_it_is_answered(page: Page, consenting: Sidecar) -> None:
    """Material's cookie consent stands along the screen's bottom until the visitor answers it; on a phone "Ask the
    guide" stood over its "Manage settings". The guide's button waits behind it, every consent button on top; once
    the visitor accepts, the button is back and opens the guide."""
    visit(page).goto(consenting.base)
    consent = page.locator("[data-md-component='consent'] .md-consent__inner")  # the form, fixed along the bottom
    expect(consent).to_be_visible()
    expect(page.locator(".docent-launcher")).to_be_hidden()
    # Material slides the form in from below (its `consent` animation): judge what is on top once it has come to rest
    consent.evaluate("(e) => Promise.all(e.closest('[data-md-component]').getAnimations({subtree: true}).map((a) => a.finished))")
    for choice in ("Accept", "Manage settings"):
        assert consent.get_by_text(choice, exact=True).evaluate(ON_TOP), choice
    consent.get_by_text("Accept", exact=True).click()
    expect(consent).to_be_hidden()
    panel = open_panel(page, consenting.base)  # the page again: the consent answered, remembered
    expect(consent).to_be_hidden()
    expect(panel.get_by_label("Your question")).to_be_in_viewport()
