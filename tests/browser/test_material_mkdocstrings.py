"""The panel on mkdocstrings' docs (`tests/data/sites/mkdocstrings`), a Material site with an announcement bar over
its header (`announce.dismiss`), sticky navigation tabs under it, code copy buttons and annotations, tabbed examples,
the back-to-top button, a right-hand table of contents and Material's own palette toggle; no instant navigation, so a
citation loads its page whole. Built as its owner would add Docent and served by `docent serve --model offline`
(tests/browser/material.py), at desktop and phone sizes.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

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


@SIZES
def test_a_citation_of_annotated_code_opens_its_lines_markers_and_all_and_one_of_a_note_highlights_nothing_hidden(
    page: Page, mkdocstrings: Sidecar
) -> None:
    """Code annotations (`content.code.annotate`): the record quotes the fence as written, its markers as comments
    ("- search  # (1)!"), while the page shows each as a button inside the code, the comment gone. On the first try the
    panel found no such line: the citation opened the section with nothing highlighted. Now the lines are highlighted
    in the page's code, its markers inside the run. A citation of an annotation's note (Material moves the note's
    list into the markers' tooltips and hides it) once left an empty highlight and moved the panel over the code;
    now nothing hidden is highlighted, and the section opens at its heading, below the sticky header and tabs (behind
    them on the first try)."""
    visit(page).clock.install()
    panel = open_panel(page, mkdocstrings.base + "recipes/")
    log = ask(page, "How do I build the navigation for the reference pages with literate-nav?")
    note = log.locator(".docent-cite[data-docent-quote='Progressively build the navigation object.']").first
    log = ask(page, "How do I configure mkdocs-gen-files in mkdocs.yml?")
    link = log.locator("figure.docent-code .docent-cite").last
    quote = link.get_attribute("data-docent-quote") or ""
    assert quote.startswith("plugins:\n- search  # (1)!\n- gen-files:"), quote
    link.click()
    page.wait_for_function(f"() => {{ const c = ({CITED})(); return c && !c.meets && c.shown; }}", timeout=5_000)
    shown = " ".join(re.sub(r"\s*# \(\d\)!", "", quote).split())
    assert page.evaluate(CITED)["text"] == shown, page.evaluate(CITED)
    assert page.evaluate(IN_CODE), "the run is not in the page's code block"
    assert (
        page.evaluate(
            "() => [...CSS.highlights.get('docent-cited')][0].cloneContents().querySelectorAll('.md-annotation').length"
        )
        == 2
    )
    page.clock.fast_forward(LATER_MS)
    assert not page.evaluate(CITED)["meets"], page.evaluate(CITED)
    shrunk = panel.get_by_role("button", name="Show the whole guide")
    if shrunk.count():
        shrunk.click()
    note.click()
    page.wait_for_url(re.compile(r"/recipes/#generate-a-literate-navigation-file$"))
    assert page.evaluate(CITED) is None, page.evaluate(CITED)
    heading = page.locator("#generate-a-literate-navigation-file")  # its section opened at its heading, in sight
    expect(heading).to_be_in_viewport()
    assert heading.evaluate(ON_TOP), "the section's heading is behind the sticky header and tabs"


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
