"""The answer in sight while the panel makes room, at a desktop's size and two phones': where the panel shrinks out of
the way of what the guide shows (a ring, a run, a cited line, on a phone the page an answer opened), it keeps a peek of
the answer under its header, the latest answer's first cited sentence and a "Read the answer" button, low enough that
what it shows stays clear above it; one tap brings the whole answer back. A new visitor's run of `make demo` at
390 x 844: asked about 3-D Secure, the guide opened the case page and the sheet folded to its header bar, the answer
one tap away and out of sight. Each test leaves a screenshot of the peek under test-output/browser/."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.conftest import RETRY_CODE, SCREENSHOTS, _settle
from tests.browser.panel import DESKTOP, PANEL, PHONE, ask, open_panel, serious
from tests.browser.sidecar import Sidecar
from tests.browser.test_dock import _docked_whole
from tests.browser.test_layout import CITED, CLEAR, LATER_MS, RESTS

pytestmark = pytest.mark.browser

SMALL_PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}
LAPTOP = {"viewport": {"width": 1280, "height": 800}}
THREE = pytest.mark.parametrize("context_options", [LAPTOP, PHONE, SMALL_PHONE], ids=["desktop", "phone", "small-phone"])
assert DESKTOP["viewport"] == LAPTOP["viewport"]

# The first sentences the replay script (tests/browser/script.py) answers with, as the page shows them.
LEAK = "The lab draws a JVM service's heap that leaks into the old generation."
BUILT = "Mara built the authentication decision service for 3-D Secure at Alderway Bank."

# The peek's text and boxes, the panel's, the screen's size, and whether the peek's first line is what the visitor
# sees there (nothing over it); one frame's layout.
PEEK = """() => {
  const panel = document.querySelector("[data-docent-view]");
  const peek = panel.querySelector(".docent-peek"), text = panel.querySelector(".docent-peek-text");
  const read = panel.querySelector(".docent-peek-open");
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const shown = !peek.hidden && text.getClientRects().length > 0;
  const r = text.getBoundingClientRect();
  const hit = shown && document.elementFromPoint(r.left + 8, r.top + 6);
  return {shown, text: text.textContent, box: box(text), read: box(read), panel: box(panel), height: innerHeight,
          width: innerWidth, onTop: Boolean(hit) && text.contains(hit),
          lines: Math.round(r.height / parseFloat(getComputedStyle(text).lineHeight))};
}"""

# The page's own first heading: its box and whether it meets the panel's.
TITLE_CLEAR = """() => {
  const a = document.querySelector("h1").getBoundingClientRect();
  const b = document.querySelector("[data-docent-view]").getBoundingClientRect();
  const meets = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  return !meets && a.top >= 0 && a.bottom <= innerHeight;
}"""


def _phone(page: Page) -> bool:
    return bool(page.viewport_size and page.viewport_size["width"] <= 600)


def _peek(page: Page, said: str, name: str) -> dict[str, Any]:
    """The peek is up, its text the answer's first cited sentence, on screen and on top, inside a low panel; its
    button in sight and big enough to tap. Saves the screenshot a visitor would see."""
    page.wait_for_function(f"() => ({PEEK})().shown", timeout=5_000)
    peek: dict[str, Any] = page.evaluate(PEEK)
    assert peek["text"] == said, peek
    left, top, right, bottom = peek["box"]
    p_left, p_top, p_right, p_bottom = peek["panel"]
    assert peek["onTop"] and 0 <= top and bottom <= peek["height"] and bottom - top > 0, peek
    assert p_left - 1 <= left and right <= p_right + 1 and p_top <= top and bottom <= p_bottom, peek
    assert peek["lines"] == 2, peek  # two lines of it, never more: the height holds as the answer goes on
    r_left, r_top, r_right, r_bottom = peek["read"]
    assert r_bottom - r_top >= 24 and r_bottom <= peek["height"] and r_right <= peek["width"], peek
    assert p_bottom - p_top < 0.25 * peek["height"], peek  # a low sheet: the page above it shows
    panel = page.locator(PANEL)
    expect(panel.get_by_role("button", name="Read the answer")).to_be_visible()
    expect(panel.get_by_label("Your question")).to_be_hidden()
    _shot(page, name)
    return peek


def _shot(page: Page, name: str) -> None:
    """The screen as a visitor sees it, once a smooth scroll still running has ended (conftest's _settle)."""
    _settle(page)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"peek-{name}.png"))


def _read_the_answer(page: Page, target: Locator) -> Locator:
    """One tap (a click on a desktop) on target brings the whole panel back, the answer in it, its log at rest."""
    if _phone(page):
        target.tap()
    else:
        target.click()
    panel = page.locator(PANEL)
    expect(panel.get_by_label("Your question")).to_be_visible()
    expect(panel.locator(".docent-peek")).to_be_hidden()
    page.wait_for_function(RESTS, timeout=5_000)
    return panel


def _size(page: Page) -> str:
    size = page.viewport_size or {"width": 0, "height": 0}
    return f"{size['width']}x{size['height']}"


@THREE
def test_a_ring_shrinks_the_panel_to_a_peek_of_the_answer_that_stays_clear_of_it(page: Page, guide: Sidecar) -> None:
    page.clock.install()
    open_panel(page, guide.base + "lab/")
    ask(page, "Point at the chart")
    chart = "[data-docent-part='leak-chart']"
    page.wait_for_function(CLEAR, arg=chart, timeout=5_000)
    _peek(page, LEAK, f"ring-{_size(page)}")
    panel = page.locator(PANEL)
    # Focus, lost with the Ask button disabled as the guide answered, is on the peek's button, after the header's.
    read = panel.get_by_role("button", name="Read the answer")
    expect(read).to_be_focused()
    for name in ("Close the guide", "Show the whole guide", "New conversation"):
        page.keyboard.press("Shift+Tab")
        expect(panel.get_by_role("button", name=name)).to_be_focused()
    assert serious(page) == []
    page.clock.fast_forward(LATER_MS)  # every timer of the panel's has run: the chart and the peek are as they were
    assert page.evaluate(CLEAR, chart), "the panel grew back over the chart"
    assert page.evaluate(PEEK)["shown"] and page.evaluate(PEEK)["text"] == LEAK
    panel = _read_the_answer(page, read)
    expect(panel.locator(".docent-sentence").first).to_contain_text(LEAK)
    expect(panel.locator(".docent-sentence").last).to_be_in_viewport(ratio=1)
    if _phone(page):  # the touch opened it without the keyboard; a click gives the question back
        expect(panel.locator(".docent-title")).to_be_focused()
    else:
        expect(panel.get_by_label("Your question")).to_be_focused()


# Rewrites the words of the latest answer's first cited sentence in the log (its first text node), as an answer still
# streaming does.
REWRITE = """(words) => {
  const questions = document.querySelectorAll("[data-docent-view] .docent-log > .docent-question");
  let sentence = null;
  for (let node = questions[questions.length - 1].nextElementSibling; node && !sentence; node = node.nextElementSibling) {
    sentence = node.querySelector(".docent-sentence[data-cites]");
  }
  const walker = document.createTreeWalker(sentence, NodeFilter.SHOW_TEXT);
  walker.nextNode().nodeValue = words;
}"""


# Counts, in window.docentLogWatch, each run of the callback of an observer that watches the panel's log deep (subtree:
# the peek's, peek.js; view.js's own watches the log's children alone), whatever its code is named.
COUNT_LOG_WATCH = """(() => {
  window.docentLogWatch = 0;
  const Base = window.MutationObserver;
  window.MutationObserver = class extends Base {
    constructor(callback) {
      const self = { deep: false };
      super((records, observer) => { if (self.deep) window.docentLogWatch += 1; return callback(records, observer); });
      this.counted = self;
    }
    observe(target, options) {
      if (options && options.subtree && target.classList && target.classList.contains("docent-log")) this.counted.deep = true;
      return super.observe(target, options);
    }
  };
})();"""


@pytest.mark.parametrize("context_options", [LAPTOP, PHONE], ids=["desktop", "phone"])
def test_the_peek_follows_the_answer_while_it_shows_and_watches_the_log_only_then(page: Page, guide: Sidecar) -> None:
    """The peek reads the log while it shows (peek.js watches it from then until the panel grows back): the answer's
    first cited sentence rewritten under it, the peek says the new words; grown back, asked again and shrunk again
    for the guide, it still does. While the panel is whole, nothing watches the log for it: an answer streamed into
    the whole panel, and the log changed after it grew back, run the peek's watch not once (before dd3b4725 it ran
    on every token batch of every answer, for the page's life)."""
    page.add_init_script(COUNT_LOG_WATCH)
    open_panel(page, guide.base + "lab/")
    text = page.locator(PANEL).locator(".docent-peek-text")
    ask(page, "How did the 3-D Secure rollout go?")  # nothing to show on the page: the panel stays whole
    expect(page.locator(PANEL).get_by_label("Your question")).to_be_visible()
    assert page.evaluate("() => window.docentLogWatch") == 0
    for words in ("The lab draws a heap.", "The lab draws a leak."):
        ask(page, "Point at the chart")
        _peek(page, LEAK, f"follows-{_size(page)}")
        page.evaluate(REWRITE, words)
        expect(text).to_have_text(re.compile("^" + re.escape(words)))
        assert page.evaluate("() => window.docentLogWatch") > 0  # the count sees the peek's watch at work
        _read_the_answer(page, page.locator(PANEL).get_by_role("button", name="Read the answer"))
        page.evaluate("() => { window.docentLogWatch = 0; }")
        page.evaluate(REWRITE, "The lab draws nothing.")  # the log changes under the whole panel
        ask(page, "How did the 3-D Secure rollout go?")
        assert page.evaluate("() => window.docentLogWatch") == 0


@THREE
def test_a_cited_line_opened_on_another_page_is_clear_of_the_peek(page: Page, guide: Sidecar) -> None:
    open_panel(page, guide.base)
    log = ask(page, "How did the 3-D Secure rollout go?")
    link = log.locator(".docent-cite[href*='#case-3ds-results']")
    quote = link.get_attribute("data-docent-quote")
    link.click()
    page.wait_for_function(f"() => {{ const c = ({CITED})(); return c && !c.meets && c.shown; }}", timeout=5_000)
    assert page.evaluate(CITED)["text"] == quote
    if not page.locator(f"{PANEL}.is-collapsed").count():  # a desktop: the panel stayed beside the line, whole
        assert not _phone(page)
        expect(page.locator(PANEL).get_by_label("Your question")).to_be_visible()
        return
    _peek(page, BUILT, f"cited-{_size(page)}")
    cited = page.evaluate(CITED)
    assert not cited["meets"] and cited["shown"], cited
    panel = _read_the_answer(page, page.locator(PANEL).locator(".docent-peek-text"))  # the lines are the tap too
    expect(panel.locator(".docent-sentence").last).to_contain_text("card range")


@THREE
def test_a_page_an_answer_opens_shows_above_a_peek_of_the_answer(page: Page, guide: Sidecar) -> None:
    """The new visitor's case: on a phone the page the answer opened shows from its title above the peek; on a desktop
    too where the page has no room beside the panel (the example's navbar wraps narrowed: test_dock.py), else the panel
    stays open beside it, whole."""
    panel = open_panel(page, guide.base)
    ask(page, "Open the 3-D Secure case for me", leaving_for=guide.base + "cases/3ds/")
    expect(panel.locator(".docent-sentence")).to_have_count(2, timeout=15_000)
    assert page.evaluate(TITLE_CLEAR), "the page's title is under the panel"
    assert not page.evaluate("() => document.documentElement.classList.contains('docent-docked')")
    _peek(page, BUILT, f"opened-{_size(page)}")
    page.wait_for_timeout(LATER_MS // 5)  # nothing grows it back by itself, nor takes the peek away
    assert page.evaluate(PEEK)["shown"]
    panel = _read_the_answer(page, panel.get_by_role("button", name="Read the answer"))
    expect(panel.locator(".docent-sentence").last).to_contain_text("card range over six weeks")
    expect(panel.locator(".docent-sentence").last).to_be_in_viewport(ratio=1)


@THREE
def test_on_a_docs_site_a_page_an_answer_opens_shows_above_a_peek_of_the_answer(page: Page, fetchkit: Sidecar) -> None:
    panel = open_panel(page, fetchkit.base)
    ask(page, "Open the clients page for me", leaving_for=fetchkit.base + "clients/")
    expect(panel.locator(".docent-sentence")).to_have_count(2, timeout=15_000)
    expect(page.locator("h1")).to_have_text(re.compile("^Clients"))
    assert page.evaluate(TITLE_CLEAR), "the page's title is under the panel"
    said = "Retries are off by default: a request that fails to connect raises ConnectError at once."
    if not _phone(page):  # docked beside the page (test_dock.py), whole: the answer's first and last lines in sight
        page.wait_for_function("() => document.documentElement.classList.contains('docent-docked')", timeout=5_000)
        _docked_whole(page)
        expect(panel.locator(".docent-sentence").first).to_contain_text(said)
        expect(panel.locator(".docent-sentence").first).to_be_in_viewport()
        _shot(page, f"docs-{_size(page)}")
        assert serious(page, context=PANEL) == []
        return
    _peek(page, said, f"docs-{_size(page)}")
    assert serious(page, context=PANEL) == []  # the panel's own part: Material's search and footer have their own
    panel = _read_the_answer(page, panel.get_by_role("button", name="Read the answer"))
    expect(panel.locator(".docent-sentence").last).to_contain_text("three more times")
    assert serious(page, context=PANEL) == []


@pytest.mark.parametrize("context_options", [LAPTOP, PHONE], ids=["desktop", "phone"])
def test_a_new_conversation_pressed_under_a_peek_brings_the_question_back(page: Page, guide: Sidecar) -> None:
    """Review: "New conversation" (in the header, in sight above the peek) emptied the transcript and left the peek
    up, no words in it, above a "Read the answer" that read none, the question one more tap away. Now the panel grows
    back, empty, its question in sight, the button pressed still focused."""
    open_panel(page, guide.base + "lab/")
    ask(page, "Point at the chart")
    page.wait_for_function(CLEAR, arg="[data-docent-part='leak-chart']", timeout=5_000)
    page.wait_for_function(f"() => ({PEEK})().shown", timeout=5_000)
    panel = page.locator(PANEL)
    forget = panel.get_by_role("button", name="New conversation")
    if _phone(page):
        forget.tap()
    else:
        forget.click()
    expect(panel.get_by_label("Your question")).to_be_visible()
    expect(panel.locator(".docent-peek")).to_be_hidden()
    expect(panel.locator(".docent-sentence")).to_have_count(0)
    expect(forget).to_be_focused()


@pytest.mark.parametrize("context_options", [PHONE], ids=["phone"])
def test_an_answer_that_is_code_alone_peeks_its_first_line(page: Page, fetchkit: Sidecar) -> None:
    """Review: an answer of one code block that opened its page peeked two blank lines above "Read the answer". The
    peek now says the block's first line."""
    panel = open_panel(page, fetchkit.base)
    ask(page, "Show me only its code for retries", leaving_for=fetchkit.base + "clients/")
    expect(panel.locator(".docent-pre")).to_have_count(1, timeout=15_000)
    _peek(page, RETRY_CODE, "code-alone")


@pytest.mark.parametrize("context_options", [LAPTOP, PHONE], ids=["desktop", "phone"])
def test_a_citation_of_an_earlier_answer_followed_to_another_page_keeps_that_answer_in_sight_and_in_the_peek(
    page: Page, guide: Sidecar
) -> None:
    """Seen on SQLModel's docs (look31): a visitor scrolled back up to an earlier answer and followed its citation to
    another page; there the transcript, drawn again, stood at its end, the citation pressed out of sight, and on a phone
    the peek beside the highlighted line spoke of the latest answer (a refusal: "The site does not say"). The peek
    speaks of the answer whose citation was followed, and the panel, whole again, shows that citation in its log."""
    open_panel(page, guide.base)
    log = ask(page, "How did the 3-D Secure rollout go?")
    for _ in range(2):
        ask(page, "In her own words, how does she work?")
    link = log.locator(".docent-cite[href*='#case-3ds-results']")
    link.scroll_into_view_if_needed()
    link.click()
    page.wait_for_url(re.compile(r"/cases/3ds/"))
    page.wait_for_function(f"() => {{ const c = ({CITED})(); return c && !c.meets && c.shown; }}", timeout=5_000)
    if page.locator(f"{PANEL}.is-collapsed").count():
        _peek(page, BUILT, f"earlier-{_size(page)}")
        page.locator(PANEL).get_by_role("button", name="Read the answer").click()
        expect(page.locator(PANEL).get_by_label("Your question")).to_be_visible()  # not at its end: at the citation
    else:
        assert not _phone(page)
        _shot(page, f"earlier-{_size(page)}")
    expect(log.locator(".docent-cite[href*='#case-3ds-results']")).to_be_in_viewport()
    ask(page, "In her own words, how does she work?")  # a new answer is the one the peek speaks of again
    assert page.locator(f"{PANEL} [data-docent-pressed]").count() == 0


@pytest.mark.parametrize("context_options", [LAPTOP, PHONE], ids=["desktop", "phone"])
def test_the_peek_says_a_sentence_of_the_answer_not_its_lead_in(page: Page, guide: Sidecar) -> None:
    """Seen on docker-mailserver's docs (look31, docker-mailserver-phone-09-opened.png): the guide opened the SSL/TLS
    page and the peek under it said "These options in conjunction mean:", the answer's first cited sentence, a lead-in
    to a list, saying nothing alone. The peek says the answer's first cited sentence that does not end in a colon."""
    open_panel(page, guide.base + "lab/")
    log = ask(page, "How to read the chart?")
    page.wait_for_function(CLEAR, arg="[data-docent-part='leak-chart']", timeout=5_000)
    assert log.locator(".docent-sentence").first.inner_text().startswith("How to read it:")
    _peek(page, "Watch the old generation right after each major collection.", f"lead-in-{_size(page)}")
