"""Code and Markdown in the panel, on a small documentation site built with Material: the record's code block shown
monospaced with its language and a copy button, scrolling inside the panel without widening the page (a phone's
too), lists, tables and inline code rendered, and axe clean."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from tests.browser.panel import PANEL, ask, open_panel, serious, whole
from tests.browser.sidecar import Sidecar, free_port, sidecar
from tests.browser.test_layout import CITED, _at_rest

pytestmark = pytest.mark.browser

HERE = Path(__file__).parent
LONG_LINES = [
    'with fetchkit.Client(timeout=5.0, follow_redirects=True, headers={"User-Agent": '
    '"fetchkit-example/1.0 (+https://example.org/contact)"}) as client:',
    '    response = client.get("https://example.org/a/rather/long/path/that/goes/on/and/on?with=query&and=more")',
]
# Whether the highlighted run's first line starts inside the box of the block that scrolls it sideways.
START_SEEN = """() => {
  const range = [...CSS.highlights.get("docent-cited")][0];
  const first = range.getClientRects()[0];
  let el = range.startContainer.parentElement;
  while (el && el !== document.body && el.scrollWidth <= el.clientWidth) el = el.parentElement;
  if (!el || el === document.body) return true;
  const box = el.getBoundingClientRect();
  return first.left >= box.left - 1 && first.left < box.right;
}"""
REPLY = (
    "Pass a timeout to the client [[timeouts]]:\n\n```python\n" + "\n".join(LONG_LINES) + "\n```\n[[timeouts]]\n"
    "Two things matter here:\n"
    "1. A `Client` keeps its connections open between requests [[timeouts]].\n"
    "2. Pass `timeout=5.0` to **bound every request** it makes [[timeouts]]."
)
LIMITS = (
    "The client's limits [[limits]]:\n\n| Setting | Default | What it bounds |\n|---|---|---|\n"
    "| `max_connections` | 100 | connections open at once |\n| `keepalive_expiry` | 5.0 | seconds an idle connection is kept |\n"
)
# A heading the model wrote over a paragraph and the record's code block (the sentence event says `heading`).
HEADED = (
    "## Setting a timeout\n\nPass a timeout to the client [[timeouts]]:\n\n```python\n" + "\n".join(LONG_LINES)
    + "\n```\n[[timeouts]]"
)
RETRIES = "Retries are off by default: a request that fails to connect raises `ConnectError` at once [[retries]]."
# Sentences whose cited line the page hides until asked: in a content tab not selected, in a collapsed note.
HIDDEN = {
    "async": "The async client counts its retries the same way, on its own event loop [[retries]].",
    "twice": "The client never sends a request twice, as it may have changed something on the server [[retries]].",
}
# The highlighted line's contrast: its text over the highlight over the page's background, as WCAG reckons it.
CONTRAST = """() => {
  const range = [...CSS.highlights.get("docent-cited")][0];
  const element = range.startContainer.nodeType === 1 ? range.startContainer : range.startContainer.parentElement;
  const rgba = (value) => { const c = value.match(/[\\d.]+/g).map(Number); return [c[0], c[1], c[2], c.length > 3 ? c[3] : 1]; };
  const over = (top, under) => top.slice(0, 3).map((c, i) => c * top[3] + under[i] * (1 - top[3]));
  let page = [255, 255, 255];
  for (let node = element; node; node = node.parentElement) {
    const colour = rgba(getComputedStyle(node).backgroundColor);
    if (colour[3] > 0) { page = over(colour, page); break; }
  }
  const style = getComputedStyle(element, "::highlight(docent-cited)");
  const back = over(rgba(style.backgroundColor), page), text = over(rgba(style.color), back);
  const luminance = (c) => c.map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
    .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  const [a, b] = [luminance(back), luminance(text)].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}"""
# Marks the page open, and notes every page Material's instant navigation asks for (its XMLHttpRequest).
LOADS = """() => {
  document.querySelector("article").dataset.before = "citation";
  window.docentLoads = [];
  const open = XMLHttpRequest.prototype.open;
  XMLHttpRequest.prototype.open = function (method, url, ...rest) {
    if (!String(url).endsWith(".xml")) window.docentLoads.push(String(url));
    return open.call(this, method, url, ...rest);
  };
}"""
# The paragraph holding a line: whether the tab or note it is in is open, and whether it is what the visitor sees at
# its first line's middle (nothing over it, the panel neither).
SEEN = """(line) => {
  const element = [...document.querySelectorAll("article p")].find((p) => p.textContent.trim() === line);
  const holder = element.closest("details, .tabbed-block");
  const opened = holder.tagName === "DETAILS" ? holder.open
    : holder.parentElement.parentElement.querySelectorAll(":scope > input")[[...holder.parentElement.children]
      .indexOf(holder)].checked;
  const box = element.getClientRects()[0];
  const seen = box && document.elementFromPoint((box.left + box.right) / 2, (box.top + box.bottom) / 2);
  return {opened, top: Boolean(seen) && element.contains(seen)};
}"""
DESKTOP = {"viewport": {"width": 1280, "height": 860}}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


@pytest.fixture(scope="module")
def docs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Sidecar]:
    folder = tmp_path_factory.mktemp("docs")
    shutil.copytree(HERE / "docs_site", folder, dirs_exist_ok=True)
    port = free_port()
    config = (folder / "mkdocs.yml").read_text(encoding="utf-8").replace("http://127.0.0.1/", f"http://127.0.0.1:{port}/")
    (folder / "mkdocs.yml").write_text(config, encoding="utf-8")
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet"], check=True, cwd=folder, timeout=120)
    script = folder / "replay.json"
    replies = [{"question": "timeout", "calls": [[{"text": REPLY}]]}, {"question": "retr", "calls": [[{"text": RETRIES}]]},
               {"question": "async", "calls": [[{"text": HIDDEN["async"]}]]},
               {"question": "twice", "calls": [[{"text": HIDDEN["twice"]}]]},
               {"question": "limits", "calls": [[{"text": LIMITS}]]}, {"question": "heading", "calls": [[{"text": HEADED}]]}]
    script.write_text(json.dumps({"replies": replies}), encoding="utf-8")
    with sidecar(folder / "site", folder / "docent-bundle.json", script, folder / "replay-log.jsonl", port=port) as running:
        yield running


@pytest.mark.parametrize("context_options", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_quoted_code_block_is_shown_as_the_record_has_it_and_never_widens_the_page(
    page: Page, docs: Sidecar, context_options: dict[str, object]
) -> None:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=docs.base.rstrip("/"))
    open_panel(page, docs.base + "clients/")
    log = ask(page, "How do I set a timeout?")
    figure = log.locator("figure.docent-code")
    expect(figure).to_have_count(1)
    expect(figure.locator(".docent-code-language")).to_have_text("python")
    assert figure.locator("pre code").evaluate("e => e.textContent") == "\n".join(LONG_LINES)
    # A run of the record's 5-line block: the reader is told which lines, as an agent is (`lines`, `block_lines`).
    expect(figure.locator(".docent-code-run")).to_have_text("lines 3–4 of 5")
    assert figure.locator("pre").evaluate("e => getComputedStyle(e).fontFamily").startswith("ui-monospace")
    # The long lines scroll inside their box; neither the panel nor the page grows for them.
    assert figure.locator("pre").evaluate("e => e.scrollWidth > e.clientWidth")
    width = context_options["viewport"]["width"]  # type: ignore[index]
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    box = figure.bounding_box()
    panel = log.bounding_box()
    assert box and panel and box["x"] >= panel["x"] - 1 and box["x"] + box["width"] <= panel["x"] + panel["width"] + 1
    # Lists and inline code are rendered, never as raw marks.
    items = log.locator("ol.docent-list > li")
    expect(items).to_have_count(2)
    expect(items.nth(1).locator("code.docent-code-inline")).to_have_text("timeout=5.0")
    expect(items.nth(1).locator("strong")).to_have_text("bound every request")
    assert not any(mark in log.inner_text() for mark in ("```", "**", "`"))
    figure.get_by_role("button", name="Copy the python code").click()
    expect(figure.get_by_role("button", name="Copy the python code")).to_have_text("Copied")
    assert page.evaluate("() => navigator.clipboard.readText()") == "\n".join(LONG_LINES)
    # The panel's own part of the page: Material's search dialog and footer have axe findings of their own.
    assert serious(page, context=PANEL) == []


@pytest.mark.parametrize("context_options", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_table_in_an_answer_is_shown_as_a_table_its_cells_as_text_never_wider_than_the_panel(
    page: Page, docs: Sidecar, context_options: dict[str, object]
) -> None:
    open_panel(page, docs.base + "clients/")
    log = ask(page, "What are the client's limits?")
    table = log.locator(".docent-table table")
    expect(table).to_have_count(1)
    expect(table.locator("thead th")).to_have_text(["Setting", "Default", "What it bounds"])
    rows = table.locator("tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.nth(0).locator("td")).to_have_text(["max_connections", "100", "connections open at once"])
    name = rows.nth(0).locator("td").first.locator("code.docent-code-inline")
    expect(name).to_have_text("max_connections")
    # A name stays whole on one line: at 390 px it broke as "max_connec" over "tions" (overflow-wrap: anywhere).
    assert name.evaluate("(code) => code.getClientRects().length") == 1
    # Both rows cite the same section: its citation once, after the last row.
    expect(table.locator(".docent-cite")).to_have_count(1)
    expect(rows.nth(1).locator(".docent-cite")).to_have_count(1)
    assert "|" not in log.inner_text() and "`" not in log.inner_text()
    width = context_options["viewport"]["width"]  # type: ignore[index]
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    box, panel = log.locator(".docent-table").bounding_box(), log.bounding_box()
    assert box and panel and box["x"] >= panel["x"] - 1 and box["x"] + box["width"] <= panel["x"] + panel["width"] + 1
    assert serious(page, context=PANEL) == []


@pytest.mark.parametrize("context_options", [{"viewport": {"width": 1280, "height": 800}}, PHONE], ids=["desktop", "phone"])
def test_a_heading_in_an_answer_is_a_small_h3_over_what_it_labels_inside_the_panel(
    page: Page, docs: Sidecar, context_options: dict[str, object]
) -> None:
    open_panel(page, docs.base + "clients/")
    log = ask(page, "Show it under a heading")
    answer = log.locator(".docent-answer").last
    heading = answer.locator("h3.docent-heading")
    expect(heading).to_have_count(1)
    expect(heading).to_have_text("Setting a timeout")
    assert "#" not in log.inner_text()
    # A real heading under the panel's own h2, never an h1 or h2 of the host page's outline.
    expect(page.locator(PANEL).get_by_role("heading", name="Setting a timeout", level=3)).to_have_count(1)
    assert answer.locator("h1, h2").count() == 0
    # In order: the heading, then the paragraph it labels, then the code block; each its own block, inside the panel.
    kinds = answer.evaluate("(a) => [...a.children].map((c) => c.tagName).filter((tag) => tag !== \"SPAN\")")  # "Guide: ", hidden
    assert kinds == ["H3", "P", "FIGURE"]
    paragraph, figure = answer.locator("p.docent-paragraph"), answer.locator("figure.docent-code")
    expect(paragraph).to_contain_text("Pass a timeout to the client:")
    top, para, code, panel = heading.bounding_box(), paragraph.bounding_box(), figure.bounding_box(), log.bounding_box()
    assert top and para and code and panel
    assert panel["x"] - 1 <= top["x"] and top["x"] + top["width"] <= panel["x"] + panel["width"] + 1
    assert top["y"] + top["height"] <= para["y"] + 1 and para["y"] + para["height"] <= code["y"] + 1
    # Its own small style, in the panel's type whatever the theme does to an h3: no bigger than the panel's title,
    # bolder than the text under it, one line at a desktop's width and at a phone's.
    size = heading.evaluate("(h) => parseFloat(getComputedStyle(h).fontSize)")
    title = page.locator(PANEL).locator(".docent-title").evaluate("(h) => parseFloat(getComputedStyle(h).fontSize)")
    text = paragraph.evaluate("(p) => parseFloat(getComputedStyle(p).fontSize)")
    assert text <= size <= title
    assert heading.evaluate("(h) => Number(getComputedStyle(h).fontWeight)") >= 600
    assert heading.evaluate("(h) => h.getClientRects().length === 1 && h.scrollWidth <= h.clientWidth + 1")
    width = context_options["viewport"]["width"]  # type: ignore[index]
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    assert serious(page, context=PANEL) == []
    outline = Axe().run(page, context=PANEL).response["violations"]  # heading-order is axe's "moderate": asked by name
    assert [v["id"] for v in outline if v["id"] in ("heading-order", "empty-heading", "page-has-heading-one")] == []


@pytest.mark.parametrize("context_options", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_citation_to_the_page_open_keeps_its_highlight_under_instant_navigation_in_the_dark_scheme(
    page: Page, docs: Sidecar, context_options: dict[str, object]
) -> None:
    """Material's instant navigation loads any link of its sitemap again, the page open's own too: a citation to a
    line on the page open is the panel's alone, so the highlighted line stays (on httpx's, Typer's and
    pydantic-settings' docs it was gone at once). In the dark scheme the line reads at WCAG AA and the panel is axe
    clean."""
    page.goto(docs.base + "clients/")
    page.locator("form[data-md-component='palette'] label:visible").first.click()
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", "slate")
    page.get_by_role("button", name="Ask the guide").click()
    expect(page.locator("[data-docent-view]")).to_have_attribute("data-ready", "true", timeout=15_000)
    log = ask(page, "Does it retry a failed connection?")
    link = log.locator(".docent-cite[data-docent-quote]").first
    quote = link.get_attribute("data-docent-quote")
    assert quote and quote.startswith("Retries are off by default"), quote
    page.evaluate(LOADS)
    link.click()
    page.wait_for_function(f"() => {{ const c = ({CITED})(); return c && c.text && !c.meets && c.shown; }}", timeout=5_000)
    # Material would have asked for the page again within the click (its XMLHttpRequest); none was.
    assert page.evaluate("() => window.docentLoads") == []
    cited = page.evaluate(CITED)
    assert cited and cited["text"] == quote and not cited["meets"] and cited["shown"], cited
    assert page.evaluate("() => document.querySelector('article').dataset.before") == "citation"  # never reloaded
    assert page.evaluate(CONTRAST) >= 4.5  # the dark scheme's light text stays readable on the highlight
    whole(page)  # shrunk to its peek on a phone; docked beside the page on a desktop (test_dock.py), whole already
    assert serious(page, context=PANEL) == []


@pytest.mark.parametrize("context_options", [DESKTOP, PHONE], ids=["desktop", "phone"])
@pytest.mark.parametrize(
    ("asked", "line"),
    [("Is it the same for async clients?", "The async client counts its retries the same way, on its own event loop."),
     ("Why is a request never sent twice?",
      "A request may have changed something on the server already, so the client never sends it twice.")],
    ids=["tab", "note"],
)
def test_a_citation_opens_a_line_the_page_hides_in_a_tab_not_selected_or_a_collapsed_note(
    page: Page, docs: Sidecar, asked: str, line: str
) -> None:
    """Material's content tabs and collapsible notes (Typer's "Windows PowerShell" tab, its "Technical details"):
    a cited line in a tab not selected, or in a note not opened, was highlighted where the visitor cannot see it."""
    open_panel(page, docs.base + "clients/")  # the page open: the panel shows the line itself, no text fragment
    log = ask(page, asked)
    link = log.locator(".docent-cite[data-docent-quote]").first
    assert link.get_attribute("data-docent-quote") == line
    assert page.evaluate(SEEN, line) == {"opened": False, "top": False}  # hidden until the citation is followed
    link.click()
    page.wait_for_function(f"() => {{ const c = ({CITED})(); return c && !c.meets && c.shown; }}", timeout=5_000)
    assert page.evaluate(CITED)["text"] == line  # the cited line is the one highlighted
    assert page.evaluate(SEEN, line) == {"opened": True, "top": True}  # its tab or note open, the line on top there


@pytest.mark.parametrize("context_options", [DESKTOP, PHONE], ids=["desktop", "phone"])
@pytest.mark.parametrize("opened", ["clients/", ""], ids=["same-page", "other-page"])
def test_a_cited_code_block_opens_at_its_lines_highlighted_and_clear_of_the_panel(
    page: Page, docs: Sidecar, opened: str
) -> None:
    """pipx's docs in a browser trial: a code block's citation opened its section with nothing highlighted, as the
    sidecar sent no quote for it. Its quote is now the lines it shows: a text fragment of their first and last
    words, and the panel highlights the run in the page's block and keeps clear of it, on the page open or the
    next."""
    open_panel(page, docs.base + opened)
    log = ask(page, "How do I set a timeout?")
    link = log.locator("figure.docent-code .docent-cite").first
    assert link.get_attribute("data-docent-quote") == "\n".join(LONG_LINES)
    href = link.get_attribute("href") or ""
    # The first line's first words and the last line's last: Chromium matches no fragment across a pre's line break.
    assert re.search(r"/clients/#timeouts:~:text=with%20fetchkit\.Client\(timeout%3D5\.0%2C[^,]*,response%20%3D%20client"
                     r"\.get\(%22https", href), href
    link.click()
    page.wait_for_url(re.compile(r"/clients/"))
    page.wait_for_function(f"() => {{ const c = ({CITED})(); return c && !c.meets && c.shown; }}", timeout=5_000)
    cited = page.evaluate(CITED)
    assert cited["text"] == " ".join(line.strip() for line in LONG_LINES), cited  # the run, not the whole block
    assert page.evaluate("() => [...CSS.highlights.get('docent-cited')][0].startContainer.parentElement"
                         ".closest('article pre') !== null")  # in the page's code block, not the prose above it
    # the run's first line shows from its start, though the fragment scrolled the block to the match's end
    assert page.evaluate(START_SEEN), "the cited lines' start is scrolled out of the code block's box"
    _at_rest(page)  # Material's instant navigation (the other page) moves the page no further


# Material's code box made to scroll down too, two lines high (a site's `max-height` on its code blocks, as long
# listings are kept): the cited run, from the block's third line, starts below what the box shows.
SHORT_BLOCKS = ".md-typeset pre > code { max-height: 2.6em; overflow: auto; }"


@pytest.mark.parametrize("context_options", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_cited_line_below_what_its_scrolling_code_block_shows_is_scrolled_into_the_block(
    page: Page, docs: Sidecar
) -> None:
    """Review: the panel scrolled a long code line's start into its block sideways, never down: a cited line below
    what a code block of a fixed height shows was highlighted out of sight inside it, the page scrolled to where it
    would be. Now the block scrolls down to it: the run's first line inside the block's box, on top, clear of the
    panel."""
    open_panel(page, docs.base + "clients/")
    page.add_style_tag(content=SHORT_BLOCKS)
    log = ask(page, "How do I set a timeout?")
    block = page.locator("article pre > code").first
    assert block.evaluate("(code) => code.scrollHeight > code.clientHeight + 20 && code.scrollTop === 0")
    log.locator("figure.docent-code .docent-cite").first.click()
    page.wait_for_function(f"() => {{ const c = ({CITED})(); return c && c.text; }}", timeout=5_000)
    page.wait_for_function(f"() => {{ const c = ({CITED})(); return c && !c.meets && c.shown; }}", timeout=5_000)
    cited = page.evaluate(CITED)
    assert cited["text"] == " ".join(line.strip() for line in LONG_LINES), cited
    assert cited["onTop"] and cited["starts"], cited
    assert block.evaluate("(code) => code.scrollTop") > 0
    assert page.evaluate(START_SEEN)
