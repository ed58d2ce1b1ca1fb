"""The panel on real documentation sites nobody here wrote, each with Docent added as the README's five-minute start
says (`docent` in its plugins, no options), built `--strict` once and served by `docent serve --model offline`:
FastAPI Users' docs (`tests/data/sites/fastapi-users`, Material, its own theme folder and snippets) and Django
Ninja's (`tests/data/sites/django-ninja`, Material without instant navigation, its code through codehilite and
superfences: Pygments' `div.highlight > pre > code`, a span per token, the lines a page marks wrapped in `span.hll`,
no line anchors). A visitor asks, opens a citation on another
page (on Django Ninja's, into a code block), and comes back to the panel, at desktop and phone sizes; the set-up
traps hold there too.
"""

from __future__ import annotations

import os
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.answered import copied, figure_of, says, shows_code
from tests.browser.panel import PANEL, SIZES, ask, open_panel, wait_for_answer, whole
from tests.browser.sidecar import BIN, ROOT, Sidecar, free_port, sidecar
from tests.browser.test_code import START_SEEN
from tests.browser.test_layout import CITED, LAST_LINE, LATER_MS, OFF_MIDDLE, RESTS
from tests.evals.docsite import Built, build_copy
from tests.waiting import until

pytestmark = pytest.mark.browser

SITE = ROOT / "tests" / "data" / "sites" / "fastapi-users"
NINJA = ROOT / "tests" / "data" / "sites" / "django-ninja"
# What the visitor asked for on Django Ninja's docs: a query parameter declared with its default.
DEFAULTS = "limit: int = 10"
# What the visitor asking for the current active user needs: `current_user`'s `active` set true, from its page (the
# page's example or its parameter's line).
CURRENT_USER, ACTIVE_USER = "/usage/current-user/", ("current_user(active=True)", "active: If True")
ELSEWHERE = re.compile(r"^https?://(?!127\.0\.0\.1[:/])")  # the README's badges and avatars: no network in tests


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Built, int]:
    port = free_port()  # built for the address it is served at, so that instant navigation follows its links
    return build_copy(SITE, tmp_path_factory.mktemp("fastapi-users"), DOCENT_SITE_URL=f"http://127.0.0.1:{port}/"), port


@pytest.fixture(scope="module")
def served(built: tuple[Built, int]) -> Iterator[Sidecar]:
    site, port = built
    with sidecar(site.site, site.bundle, None, site.root / "log.jsonl", port=port) as running:
        yield running


@pytest.fixture
def visitor(page: Page) -> Page:
    page.route(ELSEWHERE, lambda route: route.abort())
    return page


def test_added_with_no_options_it_builds_strict_with_every_page_in_the_record_said_once(built: tuple[Built, int]) -> None:
    log = built[0].log
    summary = next(line for line in log.splitlines() if "record sections" in line)
    sections = int(re.search(r"(\d+) record sections", summary).group(1))  # type: ignore[union-attr]
    assert sections > 100 and "0 problems" in summary, summary  # the lead's first try: 0 sections, not a word
    assert log.count("No `record_pages` option and no page's front matter chooses the record") == 1, log


def _cross_page_cite(page: Page, path: str) -> tuple[str, str]:
    """The first citation of the last answer that opens another page, at `path`, at a quoted sentence: its href and
    quote."""
    here = page.url.split("#")[0]
    links = page.locator(PANEL).locator(".docent-log .docent-answer").last.locator(".docent-sentence a.docent-cite")
    for i in range(links.count()):
        href, quote = links.nth(i).get_attribute("href") or "", links.nth(i).get_attribute("data-docent-quote") or ""
        at = href.split("#")[0]
        if ":~:text=" in href and at != here and at.endswith(path) and quote and "\n" not in quote:
            return href, quote
    raise AssertionError(f"no citation of a sentence of {path} among {links.count()}")


@SIZES
def test_a_citation_opens_its_page_at_the_sentence_highlighted_clear_of_the_panel_and_the_answer_stays(
    visitor: Page, served: Sidecar
) -> None:
    """Asked on the home page how to get the current active user, the answer says `current_user`'s `active` made
    true, cited to the page that says so; a citation of one of that page's sentences opens it with the sentence
    highlighted, clear of the panel, still so once every timer of the panel's has run; the visitor brings the panel
    back and the answer, the citation pressed, is there."""
    page = visitor
    page.clock.install()
    open_panel(page, served.base)
    log = ask(page, "How do I get the current active user in a route?")
    says(log, ACTIVE_USER)
    href, quote = _cross_page_cite(page, CURRENT_USER)
    page.locator(PANEL).locator(f".docent-log a.docent-cite[href='{href}']").first.click()
    page.wait_for_url(re.compile(re.escape(href.split("#")[0])))
    page.wait_for_function(f"() => {{ const c = ({CITED})(); return c && !c.meets && c.shown; }}", timeout=5_000)
    assert page.evaluate(CITED)["text"] == quote
    page.clock.fast_forward(LATER_MS)  # every timer of the panel's has run: nothing grew back over the line
    cited = page.evaluate(CITED)
    assert cited and not cited["meets"] and cited["shown"], cited
    panel = whole(page)  # it may have made room by shrinking: the visitor brings it back, the answer in it
    expect(panel.locator(f".docent-log a.docent-cite[href='{href}']").first).to_be_attached()
    says(log, ACTIVE_USER)
    page.wait_for_function(RESTS, timeout=5_000)  # its end whole, or its start where it is taller than the log


# The last question's place in the log: its top below the log's, whether it is whole in the log's sight, whether the
# answer after it is taller than the log, whether the answer's last line is whole in sight, and whether the log stands
# at its end; one frame's layout.
ANSWER_START = """() => {
  const log = document.querySelector("[data-docent-view] .docent-log");
  const questions = log.querySelectorAll(".docent-question");
  if (!questions.length) return null;
  const q = questions[questions.length - 1].getBoundingClientRect(), b = log.getBoundingClientRect();
  const last = log.lastElementChild.getBoundingClientRect();
  return {top: q.top - b.top, whole: q.top >= b.top && q.bottom <= b.bottom, taller: last.bottom - q.top > b.height,
          last: last.top >= b.top - 1 && last.bottom <= b.bottom + 1,
          end: log.scrollTop + log.clientHeight >= log.scrollHeight - 1};
}"""


# The log held to a height an answer of a sentence and a code block passes, at both sizes.
SHORT_LOG = "[data-docent-view] .docent-log { max-height: 180px !important; }"


@SIZES
def test_a_long_answer_with_code_shows_from_its_start_and_its_last_line_whole_once_scrolled_to(
    visitor: Page, served: Sidecar
) -> None:
    """The answer on sending the verification email, a docstring and a code block, was taller than the log: the log
    followed it to its end, and the visitor saw its last line ("Defaults to None.") and not its start. Its start shows
    now: the question whole at the log's top, the log not followed on to the end, where the answer is taller than the
    log; its question and its last line whole, both, where it fits. Either way the visitor scrolls on to its last line,
    whole, and the log is left there. The embedded model's answer may grow or shrink (round 33: search33's changes
    move it), so the log is held to a height (`SHORT_LOG`) the answer is sure to pass: the test always asks what it
    guards, the start of an answer taller than the log."""
    open_panel(visitor, served.base + "configuration/user-manager/")
    ask(visitor, "How do I install FastAPI Users?")
    visitor.add_style_tag(content=SHORT_LOG)
    log = ask(visitor, "How do I send the verification email?")
    expect(log.locator("pre").last).to_be_visible()
    visitor.wait_for_timeout(300)  # the code block laid out, the status line settled: nothing moves the log on
    start = visitor.evaluate(ANSWER_START)
    assert start["taller"], start  # the case guarded: an answer taller than the log
    assert start["whole"] and start["top"] < 16 and not start["end"], start  # read from its start, the rest a scroll away
    log.evaluate("(log) => { log.scrollTop = log.scrollHeight; }")  # the visitor scrolls on to the answer's end
    visitor.wait_for_function(f"() => {{ const l = ({LAST_LINE})(); return l && l.cut < 1; }}", timeout=5_000)
    visitor.wait_for_timeout(300)
    assert visitor.evaluate(ANSWER_START)["end"]  # left where the visitor scrolled to
    box = visitor.locator(PANEL).bounding_box()
    width = visitor.viewport_size["width"]  # type: ignore[index]
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= width, box  # a wide code line scrolls in its block


def test_set_up_traps_on_a_switched_off_guide_served_elsewhere_without_a_bundle(
    visitor: Page, built: tuple[Built, int], tmp_path: Path
) -> None:
    """`docent serve` of the built site, switched off, at another address than site_url, with no bundle, one process
    without DOCENT_POW_SECRET: each trap is said with its fix, none that does not apply, and no button shows."""
    site, port = built
    other = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("DOCENT_")}
    output = tmp_path / "serve.out"
    with open(output, "wb") as sink:
        process = subprocess.Popen(
            [str(BIN / "docent"), "serve", "--site", str(site.site), "--bundle", str(tmp_path / "none.json"),
             "--host", "127.0.0.1", "--port", str(other)], env=env, stdout=sink, stderr=subprocess.STDOUT, cwd=tmp_path)
    try:
        until(lambda: "Application startup complete" in output.read_text(errors="replace"), within_s=30)
        said = output.read_text(errors="replace")
        assert "guide off: pass --enable" in said and "guide on" not in said, said
        assert "No bundle at" in said and "run `mkdocs build`" in said, said
        assert f"site_url http://127.0.0.1:{port}/" in said and f"build with site_url: http://127.0.0.1:{other}/" in said
        assert "DOCENT_POW_SECRET" not in said, said
        with visitor.expect_console_message(lambda m: "the guide is switched off" in m.text):
            visitor.goto(f"http://127.0.0.1:{other}/usage/routes/")
        expect(visitor.locator(".docent-launcher")).to_have_count(0)
    finally:
        process.terminate()
        process.wait(timeout=10)


@pytest.fixture(scope="module")
def ninja(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Sidecar]:
    """Django Ninja's docs built for the address they are served at, and their own sidecar on the embedded model."""
    port = free_port()
    site = build_copy(NINJA, tmp_path_factory.mktemp("django-ninja"), DOCENT_SITE_URL=f"http://127.0.0.1:{port}/")
    with sidecar(site.site, site.bundle, None, site.root / "log.jsonl", port=port) as running:
        yield running


# Whether the highlighted run starts and ends in the page's own code block (not the prose around it).
IN_CODE = """() => {
  const range = [...CSS.highlights.get("docent-cited")][0];
  const inCode = (node) => Boolean((node.nodeType === 1 ? node : node.parentElement).closest("article pre code"));
  return inCode(range.startContainer) && inCode(range.endContainer);
}"""


@SIZES
def test_a_code_blocks_citation_opens_its_lines_in_the_codehilite_block_highlighted_and_clear_of_the_panel(
    visitor: Page, ninja: Sidecar
) -> None:
    """Asked on the home page, the answer shows the guide's example of query parameters with defaults as a code block
    (`limit: int = 10`, cited to the query parameters guide's "Defaults"), whose Copy puts that code on the clipboard;
    its citation opens the guide at those lines in the page's own code block (a span per token, its
    second line inside the page's `span.hll`), the run highlighted, its first line shown from its start, standing in
    the middle of what the panel leaves uncovered, still clear once every timer of the panel's has run; the visitor
    comes back to the panel and the answer is there, its citation pressed in sight."""
    page = visitor
    page.clock.install()
    open_panel(page, ninja.base)
    log = ask(page, "How do I declare query parameters with a default value?")
    link = shows_code(log, DEFAULTS, path="/guides/input/query-params/", section="defaults")
    quote = link.get_attribute("data-docent-quote") or ""
    assert ":~:text=" in (link.get_attribute("href") or ""), link.get_attribute("href")  # a text fragment
    assert DEFAULTS in copied(page, figure_of(link))
    link.click()
    page.wait_for_url(re.compile(r"/guides/input/query-params/"))
    page.wait_for_function(f"() => {{ const c = ({CITED})(); return c && !c.meets && c.shown; }}", timeout=5_000)
    cited = page.evaluate(CITED)
    assert cited["text"] == " ".join(line.strip() for line in quote.splitlines() if line.strip()), cited
    assert DEFAULTS in cited["text"], cited  # the parameter with its default among the lines highlighted
    assert page.evaluate(IN_CODE), "the run is not in the page's code block"
    assert page.evaluate(START_SEEN), "the cited lines' start is scrolled out of the code block's box"
    page.wait_for_timeout(1_000)  # no scroll of the browser's own runs on after the panel's
    assert abs(page.evaluate(OFF_MIDDLE)) <= 1, page.evaluate(OFF_MIDDLE)
    assert page.url.endswith("/guides/input/query-params/#defaults"), page.url
    page.clock.fast_forward(LATER_MS)
    cited = page.evaluate(CITED)
    assert cited and not cited["meets"] and cited["shown"], cited
    whole(page)
    expect(figure_of(link)).to_contain_text(DEFAULTS)
    # The log stands where the visitor left it: the citation pressed whole in sight (the click scrolled the log to
    # it), no longer back at the answer's question, the citation below the log's edge (look31).
    expect(link).to_be_in_viewport(ratio=1)


@SIZES
def test_on_a_docs_site_the_empty_panel_speaks_of_the_documentation_and_offers_its_navs_questions(
    visitor: Page, ninja: Sidecar
) -> None:
    """No owner set, so documentation: the empty panel's one sentence promises nothing to run (a library's docs have
    nothing to run), and its suggestions are drawn from the nav; pressed, one is asked and answered from the docs."""
    panel = open_panel(visitor, ninja.base)
    expect(panel.locator(".docent-intro")).to_have_text(re.compile(r"^The guide answers from this documentation,"))
    expect(panel.locator(".docent-intro")).not_to_contain_text("run")
    suggestions = panel.locator(".docent-suggestion")
    expect(suggestions).to_have_text(["How do I get started?", "What should I know about “Motivation”?",
                                      "What should I know about “Parsing Input”?",
                                      "What should I know about “Handling Responses”?"])
    suggestions.first.click()
    wait_for_answer(visitor)
    log = panel.locator(".docent-log")
    expect(log.locator(".docent-question")).to_contain_text("How do I get started?")
    expect(log.locator(".docent-sentence").first).to_be_visible()
    expect(log.locator("a.docent-cite").first).to_have_attribute("href", re.compile(r"^" + re.escape(ninja.base)))
    expect(panel.get_by_label("Your question")).to_be_in_viewport()
