"""The panel keeps out of the way of what it shows, at a desktop's size and a phone's: what it rings or runs and the
line a citation opens at stay uncovered until the visitor comes back to the panel; the assistant page keeps an answer
that opens a page; the transcript's last line shows whole; an offer comes with a sentence.
Each test leaves its screenshot under test-output/browser/ (the page fixture)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.panel import DESKTOP, PANEL, PHONE, SIZES, ask, open_panel, whole
from tests.browser.sidecar import Sidecar

pytestmark = pytest.mark.browser

LATER_MS = 15_000  # longer than any ring, run or timer of the panel's

# The part of a box (a DOMRect) that node's scrolling ancestors show, up to the body, as [left, top, right, bottom]:
# a long code line's run scrolled out of sight in its block is not on the screen (dom.js shownPart, read here anew).
SHOWN_PART = """(r, node) => {
  let [left, top, right, bottom] = [r.left, r.top, r.right, r.bottom];
  for (let el = node; el && el !== document.body && el !== document.documentElement; el = el.parentElement) {
    const style = getComputedStyle(el), own = el.getBoundingClientRect();
    const x = own.left + el.clientLeft, y = own.top + el.clientTop;
    const within = (v, low, high) => Math.min(Math.max(v, low), high);
    if (style.overflowX !== "visible") left = within(left, x, x + el.clientWidth);
    if (style.overflowX !== "visible") right = within(right, left, x + el.clientWidth);
    if (style.overflowY !== "visible") top = within(top, y, y + el.clientHeight);
    if (style.overflowY !== "visible") bottom = within(bottom, top, y + el.clientHeight);
  }
  return [left, top, Math.max(left, right), Math.max(top, bottom)];
}"""

# The highlighted sentence's text and box, the panel's box, and whether the panel meets the lines the sentence is on
# (across its whole paragraph: the words before it on its first line too); one frame's layout. The box is what its
# scrolling blocks show of it (a long code line's run past its block's edge is out of sight), and `starts` whether
# its first character is in sight there. Shown: rendered (a line in a closed note or a tab not selected has an empty
# box at the page's corner), inside the viewport, and on top (no site header, bar or sheet over its first line).
CITED = """() => {
  const highlight = CSS.highlights && CSS.highlights.get("docent-cited");
  if (!highlight || !highlight.size) return null;
  const range = [...highlight][0];
  const node = range.startContainer.parentElement, part = (SHOWN_PART);
  const run = range.getBoundingClientRect();
  const [left, top, right, bottom] = part(run, node);
  const a = {left, top, right, bottom, width: right - left, height: bottom - top};
  const own = node.closest("p, li, td, dd, blockquote, pre, div");
  const [bl, , br] = part(own.getBoundingClientRect(), node);
  const b = document.querySelector("[data-docent-view]").getBoundingClientRect();
  const meets = Math.min(a.left, bl) < b.right && b.left < Math.max(a.right, br) && a.top < b.bottom
    && b.top < a.bottom;
  const rendered = a.width > 0 && a.height > 0 && node.checkVisibility();
  // On top: the middle of its first line's shown part is the page's own text there, under no header, bar or sheet.
  const [fl, ft, fr, fb] = part(range.getClientRects()[0] || run, node);
  const hit = document.elementFromPoint((fl + fr) / 2, (ft + fb) / 2);
  const onTop = Boolean(hit) && (own.contains(hit) || hit.contains(own));
  return {text: range.toString().replace(/\\s+/g, " ").trim(), meets, onTop,
          shown: rendered && onTop && a.top >= 0 && a.bottom <= innerHeight, starts: fl <= run.left + 0.5,
          box: [a.left, a.top, a.right, a.bottom], run: [run.left, run.top, run.right, run.bottom],
          panel: [b.left, b.top, b.right, b.bottom]};
}""".replace("SHOWN_PART", SHOWN_PART)

# A part's box and the panel's, and the screen's height.
BOXES = """(part) => {
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  return {part: box(document.querySelector(part)), panel: box(document.querySelector("[data-docent-view]")),
          height: innerHeight};
}"""

# Whether a part lies on screen clear of the panel.
CLEAR = """(part) => {
  const a = document.querySelector(part).getBoundingClientRect();
  const b = document.querySelector("[data-docent-view]").getBoundingClientRect();
  const meets = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  return !meets && a.top >= 0 && a.bottom <= innerHeight;
}"""


def _cited(page: Page) -> dict[str, Any]:
    page.wait_for_function(f"() => {{ const c = ({CITED})(); return c && !c.meets && c.shown; }}", timeout=5_000)
    cited: dict[str, Any] = page.evaluate(CITED)
    return cited


# How far the cited line's top stands from the middle of the screen's part the panel's overlays leave uncovered above
# the line's columns (where the panel scrolls it), in px, as far as the page scrolls (at its top a line above the middle
# stands where it is, at its end one below); one frame's layout. The columns are those of the line's shown part.
OFF_MIDDLE = """() => {
  const range = [...CSS.highlights.get("docent-cited")][0];
  const a = range.getBoundingClientRect(), seen = visualViewport;
  const [left, , right] = (SHOWN_PART)(a, range.startContainer.parentElement);
  let covered = 0;
  for (const over of document.querySelectorAll(".docent-float:not([hidden]), .docent-tour, .docent-launcher")) {
    const b = over.getBoundingClientRect();
    if (b.width && b.height && b.left < right && left < b.right) covered = Math.max(covered, seen.height - b.top);
  }
  const off = a.top - Math.max(0, (seen.height - covered - a.height) / 2);
  const root = document.scrollingElement;
  if (off < 0 && root.scrollTop <= 0) return 0;
  if (off > 0 && root.scrollTop + root.clientHeight >= root.scrollHeight - 1) return 0;
  return off;
}""".replace("SHOWN_PART", SHOWN_PART)


def _at_rest(page: Page) -> None:
    """The page stands where the panel put the cited line, not passing by: under MkDocs' theme (`scroll-behavior:
    smooth`) the scroll to it ran on for a second, the line clear for a moment on its way; a visitor pressing then had
    the page slide on under their finger, and on a phone a screenshot caught the site's header below a blank band.
    Then the browser's own smooth scroll to the link's fragment ran on after the panel's (the page moved 2 to 115 px
    after the line was shown, more often on a busy machine): the line stands in the middle of the uncovered part."""
    before = page.evaluate("() => [scrollX, scrollY]")
    page.wait_for_timeout(1_000)  # a smooth scroll of a long page takes most of a second; an instant one is over
    assert page.evaluate("() => [scrollX, scrollY]") == before, before
    assert abs(page.evaluate(OFF_MIDDLE)) <= 1, (before, page.evaluate(OFF_MIDDLE))


@SIZES
def test_a_citation_opens_its_line_highlighted_and_the_panel_stays_clear_of_it(page: Page, guide: Sidecar) -> None:
    page.clock.install()
    open_panel(page, guide.base)
    log = ask(page, "How did the 3-D Secure rollout go?")
    link = log.locator(".docent-cite[href*='#case-3ds-results']")
    quote = link.get_attribute("data-docent-quote")
    assert quote and quote.startswith("We rolled out by card range"), quote  # the record's line the sentence says
    href = link.get_attribute("href") or ""
    assert re.search(r"/cases/3ds/#case-3ds-results:~:text=We%20rolled%20out%20by,", href), href  # a text fragment
    link.click()
    page.wait_for_url(re.compile(r"/cases/3ds/"))
    cited = _cited(page)
    assert cited["text"] == quote, cited
    _at_rest(page)
    assert page.url.endswith("/cases/3ds/#case-3ds-results"), page.url  # the address names the section
    page.clock.fast_forward(LATER_MS)  # every timer of the panel's has run when this returns
    cited = page.evaluate(CITED)
    assert cited and not cited["meets"] and cited["shown"], cited  # still clear: nothing grew back over it
    panel = page.locator(PANEL)
    expect(panel).to_be_visible()
    # The visitor comes back to the panel: it grows back, the answer in it.
    panel.get_by_role("button", name="Show the whole guide").click()
    expect(panel.get_by_label("Your question")).to_be_visible()
    expect(panel.locator(".docent-sentence").last).to_contain_text("card range")


@SIZES
def test_without_text_fragments_a_citation_opens_its_sections_anchor_and_the_panel_highlights_the_line(
    page: Page, guide: Sidecar
) -> None:
    """A browser without text fragments (Firefox before 131, Safari before 16.1): the link is the section's anchor,
    and pressed, the panel still opens the page at the cited line, highlighted, the panel clear of it."""
    page.add_init_script("delete Document.prototype.fragmentDirective;")
    open_panel(page, guide.base)
    assert page.evaluate("() => 'fragmentDirective' in document") is False
    log = ask(page, "How did the 3-D Secure rollout go?")
    link = log.locator(".docent-cite[href*='#case-3ds-results']")
    quote = link.get_attribute("data-docent-quote")
    assert (link.get_attribute("href") or "").endswith("/cases/3ds/#case-3ds-results"), link.get_attribute("href")
    link.click()
    page.wait_for_url(re.compile(r"/cases/3ds/"))
    assert _cited(page)["text"] == quote
    _at_rest(page)
    assert page.url.endswith("/cases/3ds/#case-3ds-results"), page.url


@SIZES
def test_a_citation_to_the_page_open_highlights_its_line_without_leaving(page: Page, guide: Sidecar) -> None:
    open_panel(page, guide.base + "cases/3ds/")
    log = ask(page, "How did the 3-D Secure rollout go?")
    page.evaluate("() => { window.sameDocument = true; }")
    link = log.locator(".docent-cite").last
    quote = link.get_attribute("data-docent-quote")
    link.click()
    cited = _cited(page)
    assert cited["text"] == quote
    _at_rest(page)
    assert page.evaluate("() => window.sameDocument") is True and page.url.endswith("#case-3ds-results")


@SIZES
def test_a_citation_of_a_pages_opening_highlights_its_line_and_stays_clear_of_it(page: Page, guide: Sidecar) -> None:
    """Typer's docs: a sentence citing a page's opening (the text before its first h2, whose address has no anchor)
    opened the page at its top with no highlight, the panel over the cited line."""
    open_panel(page, guide.base)
    log = ask(page, "Who led the 3-D Secure team?")
    link = log.locator(".docent-cite").first
    quote = link.get_attribute("data-docent-quote")
    assert quote == "I was the technical lead of a team of five.", quote
    assert re.search(r"/cases/3ds/#:~:text=I%20was%20the%20technical", link.get_attribute("href") or "")
    link.click()
    page.wait_for_url(re.compile(r"/cases/3ds/"))
    assert _cited(page)["text"] == quote


@SIZES
def test_what_the_guide_rings_stays_clear_until_the_visitor_comes_back(page: Page, guide: Sidecar) -> None:
    page.clock.install()
    open_panel(page, guide.base + "lab/")
    ask(page, "Point at the chart")
    part = "[data-docent-part='leak-chart']"
    page.wait_for_function(CLEAR, arg=part, timeout=5_000)
    page.clock.fast_forward(LATER_MS)  # every timer of the panel's has run when this returns
    expect(page.locator(part)).not_to_have_attribute("data-docent-rung", "")  # the ring is over: when it grew back
    assert page.evaluate(CLEAR, part), "the panel grew back over the chart"
    panel = page.locator(PANEL)
    shrunk = panel.get_by_role("button", name="Show the whole guide")
    if shrunk.count():  # it shrank (a phone; a desktop where neither side is free): the visitor brings it back
        shrunk.click()
        expect(panel.get_by_label("Your question")).to_be_visible()


@SIZES
def test_what_the_guide_runs_stays_clear_until_the_visitor_comes_back(page: Page, guide: Sidecar) -> None:
    """An experiment the guide runs keeps the panel out of its way for its run's opening (10 s), and after: the chart
    drawing the run stays clear of the panel once every timer of the panel's has run, until the visitor comes back."""
    page.clock.install()
    open_panel(page, guide.base + "lab/")
    ask(page, "Run the slow leak")
    chart = "[data-docent-part='leak-chart']"
    page.wait_for_function(CLEAR, arg=chart, timeout=5_000)
    page.clock.fast_forward(LATER_MS)  # the run's opening is over, and every timer of the panel's has run
    assert page.evaluate("() => document.querySelector('#leak-preset').value") == "slow-leak"
    assert page.evaluate(CLEAR, chart), "the panel grew back over the running chart"
    # The run's status line (the experiment's foot, taller than the screen's part left on a phone) shows whole: centred,
    # the experiment stood with that line half under the folded panel (769 to 804 px, the panel's top at 789).
    status = "[data-docent-experiment='leak'] [data-lab-status]"
    page.wait_for_function(CLEAR, arg=status, timeout=5_000)  # the smooth scroll to the experiment may still run
    page.wait_for_timeout(1_000)  # at rest, not passing by
    assert page.evaluate(CLEAR, status), page.evaluate(BOXES, status)
    expect(page.locator(status)).to_have_text(re.compile(r"^Running slow-leak"))
    panel = page.locator(PANEL)
    shrunk = panel.get_by_role("button", name="Show the whole guide")
    expect(shrunk).to_be_visible()  # it shrank for the run (the chart spans its columns at both sizes)
    shrunk.click()
    expect(panel.get_by_label("Your question")).to_be_visible()
    expect(panel.locator(".docent-action[data-tool='run_experiment']")).to_contain_text("Started The leaking heap")


@SIZES
def test_the_assistant_page_keeps_an_answer_that_opens_a_page(page: Page, guide: Sidecar) -> None:
    page.goto(guide.base + "assistant/")
    full = page.locator(PANEL)
    expect(full).to_have_attribute("data-ready", "true", timeout=15_000)
    ask(page, "Open the lab for me", leaving_for=guide.base + "lab/")
    panel = page.locator(PANEL)
    expect(panel).to_have_attribute("data-docent-view", "float")
    expect(panel.locator(".docent-sentence").first).to_contain_text("The lab draws a heap in two generations.")
    expect(panel.locator(".docent-sentence")).to_have_count(3, timeout=15_000)
    shrunk = panel.get_by_role("button", name="Show the whole guide")
    if shrunk.count():  # a phone: the sheet made way for the page the visitor asked for; one press brings it back
        shrunk.click()
    expect(panel.locator(".docent-sentence").last).to_be_in_viewport(ratio=1)  # the answer in sight, its end whole
    page.wait_for_function(f"() => {{ const l = ({LAST_LINE})(); return l && l.cut < 1; }}", timeout=5_000)


LAST_LINE = """() => {
  const log = document.querySelector("[data-docent-view] .docent-log");
  const last = log.lastElementChild;
  if (!last) return null;
  const a = last.getBoundingClientRect(), b = log.getBoundingClientRect();
  return {cut: Math.max(0, a.bottom - b.bottom), above: Math.max(0, b.top - a.top), last: last.className};
}"""

# How far the log's last entry runs past the foot of the room the log shows (its inside, the border left out: cut) and
# its last question's top above that room's top (above); null without a question.
INSIDE = """() => {
  const log = document.querySelector("[data-docent-view] .docent-log");
  const questions = log.querySelectorAll(".docent-question");
  if (!questions.length) return null;
  const q = questions[questions.length - 1].getBoundingClientRect();
  const top = log.getBoundingClientRect().top + log.clientTop;
  return {cut: log.lastElementChild.getBoundingClientRect().bottom - (top + log.clientHeight), above: top - q.top};
}"""

# Where the log rests after an answer: its last line whole, or, where the answer to the last question is taller than
# the log, that question whole at the log's top (the answer read from its start); one frame's layout.
RESTS = """() => {
  const log = document.querySelector("[data-docent-view] .docent-log");
  if (!log.lastElementChild) return false;
  const b = log.getBoundingClientRect(), last = log.lastElementChild.getBoundingClientRect();
  if (last.bottom <= b.bottom + 1 && last.top >= b.top - 1) return true;
  const questions = log.querySelectorAll(".docent-question");
  if (!questions.length) return false;
  const q = questions[questions.length - 1].getBoundingClientRect();
  return last.bottom - q.top > b.height && q.top >= b.top && q.bottom <= b.bottom && q.top - b.top < 16;
}"""


# The last answer made as tall as fits the log under its question less one pixel (its question's top to its last
# line's foot): taller than the room under the question held past the log's padding, not than the log.
NEARLY_FILLS = """() => {
  const log = document.querySelector("[data-docent-view] .docent-log");
  const questions = log.querySelectorAll(".docent-question");
  const last = log.lastElementChild;
  Object.assign(last.style, {boxSizing: "border-box", overflow: "hidden"}); // its first line's margin now inside it
  const q = questions[questions.length - 1].getBoundingClientRect(), box = last.getBoundingClientRect();
  last.style.height = `${box.height + log.clientHeight - 1 - (box.bottom - q.top)}px`;
  return {log: log.clientHeight, gap: parseFloat(getComputedStyle(log).paddingTop)};
}"""


@pytest.mark.parametrize("context_options", [DESKTOP], ids=["desktop"])
def test_an_answer_within_the_logs_padding_of_fitting_under_its_question_shows_whole(page: Page, guide: Sidecar) -> None:
    """A docked panel's log was 1.7 px taller than an answer and its question, and the panel held the question past
    the log's top padding, the answer's last line cut 3 px below the fold, both showing at once; now the two show
    whole (the question at the log's top, the last line at its foot). The sheet of a phone grows with its answer: a
    desktop's panel, whose height is its own, stands for the docked one."""
    open_panel(page, guide.base)
    ask(page, "How did the 3-D Secure rollout go?")
    sized = page.evaluate(NEARLY_FILLS)
    assert sized["gap"] > 1, sized  # the log keeps a padding over its question: the answer does not fit under it
    page.wait_for_function(f"() => {{ const i = ({INSIDE})(); return i && i.cut <= 0.5 && i.above <= 0.5; }}",
                           timeout=5_000)
    page.wait_for_function(RESTS, timeout=5_000)


# The log sized so that the last answer, its question's top to its last line's foot, is `over` px taller than the log's
# box; a style rule for this page and the next.
NEARLY_FITS = """(over) => {
  const log = document.querySelector("[data-docent-view] .docent-log");
  const questions = log.querySelectorAll(".docent-question");
  const q = questions[questions.length - 1].getBoundingClientRect();
  const height = log.lastElementChild.getBoundingClientRect().bottom - q.top - over;
  return `[data-docent-view] .docent-log { box-sizing: border-box !important; flex: 0 0 ${height}px !important;
    height: ${height}px !important; min-height: 0 !important; max-height: none !important; }`;
}"""

# Adds a style rule to every page the tab opens next, before the panel's scripts run.
STYLED = """(() => {
  const style = document.createElement("style");
  style.textContent = RULE;
  document.addEventListener("readystatechange", () => { if (!style.isConnected) document.head.appendChild(style); });
})()"""

# The log's measures: how far the last answer with its question is taller than its box, its top padding, where the
# last question's top stands under the log's top edge (cut where negative), and whether the citation followed is whole
# in the log's sight; one frame's layout.
FOLLOWED = """() => {
  const log = document.querySelector("[data-docent-view] .docent-log");
  const questions = log.querySelectorAll(".docent-question");
  const q = questions[questions.length - 1].getBoundingClientRect(), b = log.getBoundingClientRect();
  const top = b.top + log.clientTop, bottom = top + log.clientHeight;
  const link = log.querySelector("a.docent-cite[data-docent-pressed]").getBoundingClientRect();
  return {over: log.lastElementChild.getBoundingClientRect().bottom - q.top - b.height,
          gap: parseFloat(getComputedStyle(log).paddingTop), question: q.top - top,
          pressed: link.top >= top && link.bottom <= bottom, scrolled: log.scrollTop};
}"""


@SIZES
def test_a_followed_citation_of_an_answer_that_nearly_fits_the_log_shows_with_its_question(
    page: Page, guide: Sidecar
) -> None:
    """search33, on DRF's docs: an answer 0.5 px taller than the log, cited on its last line, the citation followed to
    the cited page; there the log, drawn again, stood at its end, the citation whole but the question cut under the
    log's top edge (3 px of its first line): where the log rests, the question held past the log's padding, the
    citation was under the fold, and the end was the next place tried. Now the log scrolls just to the citation where
    that keeps the question's top in sight (to the pixel a scroll stops at): both show, and the log is at rest."""
    open_panel(page, guide.base)
    log = ask(page, "How did the 3-D Secure rollout go?")
    page.add_init_script(script=STYLED.replace("RULE", json.dumps(page.evaluate(NEARLY_FITS, 0.5))))
    log.locator(".docent-cite[href*='#case-3ds-results']").click()  # on the answer's last line
    page.wait_for_url(re.compile(r"/cases/3ds/"))
    _cited(page)
    whole(page)
    followed = page.evaluate(FOLLOWED)
    assert 0 < followed["over"] < followed["gap"], followed  # taller than the log, within its padding of fitting
    assert followed["pressed"], followed  # the citation followed, whole in the log's sight
    assert followed["question"] > -1, followed  # its question's top too (a scroll stops at a whole pixel)
    page.wait_for_function(RESTS, timeout=5_000)


@SIZES
def test_the_transcripts_last_line_shows_whole_after_an_answer_that_acted(page: Page, guide: Sidecar) -> None:
    open_panel(page, guide.base)
    ask(page, "How did the 3-D Secure rollout go?")
    ask(page, "Open the lab for me", leaving_for=guide.base + "lab/")
    whole(page)
    page.wait_for_function(f"() => {{ const l = ({LAST_LINE})(); return l && l.cut < 1; }}", timeout=5_000)
    line = page.evaluate(LAST_LINE)
    assert line["cut"] < 1, line


# The offer's box, the model's sentence after it and its citations, and whether the log shows both whole.
OFFER = """() => {
  const log = document.querySelector("[data-docent-view] .docent-log");
  const offer = log.querySelector(".docent-offer");
  const after = offer && offer.nextElementSibling && offer.nextElementSibling.querySelector(".docent-sentence");
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const whole = (e) => { const r = e.getBoundingClientRect(), b = log.getBoundingClientRect();
                         return r.height > 0 && r.top >= b.top - 1 && r.bottom <= b.bottom + 1; };
  return {offer: offer && box(offer), said: after ? after.textContent : null,
          cites: after ? after.parentNode.querySelectorAll(".docent-cite").length : null,
          whole: Boolean(offer && after && whole(offer) && whole(after))};
}"""


@SIZES
def test_an_offer_comes_with_a_sentence(page: Page, guide: Sidecar) -> None:
    """The browser review: the model's sentence after the CV's offer ("The button opens the CV when pressed.", with a
    citation of Roles added) was held ("shares no words"), and the button stood with the panel's own line alone. The
    offer vouches for a sentence that only says what it offers, cited or not: it shows after the button, in sight,
    without the citation, which vouched for nothing in it."""
    open_panel(page, guide.base)
    log = ask(page, "Where can I get her CV?")
    offer = log.locator(".docent-offer")
    expect(offer).to_have_count(1)
    expect(offer).to_contain_text("nothing happens until you press it")
    expect(offer.get_by_role("button", name=re.compile("CV"))).to_be_visible()
    expect(log.locator(".docent-held")).to_have_count(0)  # nothing held back beside the offer
    placed = page.evaluate(OFFER)
    assert placed["said"] and placed["said"].startswith("The button opens the CV when pressed."), placed
    assert placed["cites"] == 0, placed  # no chip to Roles, which says nothing of the button
    assert placed["whole"], placed  # the offer and its sentence both whole in the log


# A box's place against the part of the page the visitor sees (the visual viewport).
ON_SCREEN = """(selector) => {
  const a = document.querySelector(selector).getBoundingClientRect();
  const v = visualViewport;
  return {box: [a.left, a.top, a.right, a.bottom], seen: [v.offsetLeft, v.offsetTop, v.offsetLeft + v.width,
          v.offsetTop + v.height], layout: [innerWidth, innerHeight],
          inside: a.width > 0 && a.left >= v.offsetLeft && a.top >= v.offsetTop && a.right <= v.offsetLeft + v.width
                  && a.bottom <= v.offsetTop + v.height};
}"""
# What Material's code annotations do on pydantic-settings' docs: a tooltip wider than a phone's screen, which widens
# the layout viewport (innerWidth, and what `position: fixed` measures against) to the page's width.
WIDEN = """() => {
  const tip = document.createElement("div");
  tip.className = "wide-tooltip";
  tip.style.cssText = "position: absolute; left: 300px; top: 40px; width: 900px; height: 3em; background: #fcc";
  tip.textContent = "A code annotation's tooltip, wider than the screen";
  document.body.appendChild(tip);
}"""


@pytest.mark.parametrize("context_options", [PHONE], ids=["phone"])
def test_a_page_wider_than_the_phones_screen_keeps_the_button_and_the_panel_on_screen(page: Page, guide: Sidecar) -> None:
    page.goto(guide.base)
    launcher = page.get_by_role("button", name="Ask the guide")
    expect(launcher).to_be_visible()
    page.evaluate(WIDEN)
    page.wait_for_function("() => innerWidth > 1000")  # the page now reaches past the screen
    page.wait_for_function(f"() => ({ON_SCREEN})('.docent-launcher').inside", timeout=5_000)
    launcher.click()
    panel = page.locator(PANEL)
    expect(panel).to_have_attribute("data-ready", "true", timeout=15_000)
    placed = page.evaluate(ON_SCREEN, PANEL)
    assert placed["inside"] and placed["layout"][0] > 1000, placed  # the sheet on the screen, not at innerWidth's edge
    assert placed["box"][2] - placed["box"][0] == pytest.approx(390, abs=1), placed  # the screen's width, edge to edge
    # An answer, then the panel closed: the button is back where the visitor can press it.
    ask(page, "How did the 3-D Secure rollout go?")
    expect(panel.get_by_label("Your question")).to_be_visible()
    assert page.evaluate(ON_SCREEN, PANEL)["inside"]
    panel.get_by_role("button", name="Close the guide").click()
    assert page.evaluate(ON_SCREEN, ".docent-launcher")["inside"]
    # Scrolled down, the part the visitor sees moves inside the taller layout viewport (pydantic-settings' docs, an
    # annotation opened mid-page): the button follows it, and a tap where the visitor sees it opens the panel.
    page.mouse.wheel(0, 900)
    page.wait_for_function("() => visualViewport.offsetTop > 0")
    page.wait_for_function(f"() => ({ON_SCREEN})('.docent-launcher').inside", timeout=5_000)
    seen = page.evaluate(ON_SCREEN, ".docent-launcher")
    left, top, right, bottom = seen["box"]
    page.touchscreen.tap((left + right) / 2 - seen["seen"][0], (top + bottom) / 2 - seen["seen"][1])
    expect(panel).to_be_visible()
    assert page.evaluate(ON_SCREEN, PANEL)["inside"]


# The launcher's box and whether it shows, the panel's, and the screen's size.
# The example site's sticky header (MkDocs' theme): its box, its name's and its menu button's.
SITE_HEADER = """() => {
  const box = (selector) => { const r = document.querySelector(selector).getBoundingClientRect();
                              return [r.left, r.top, r.right, r.bottom]; };
  return {bar: box(".navbar"), brand: box(".navbar-brand"), toggler: box(".navbar .navbar-toggler")};
}"""

CORNER = """() => {
  const launcher = document.querySelector(".docent-launcher"), panel = document.querySelector("[data-docent-view]");
  const a = launcher.getBoundingClientRect(), b = panel.getBoundingClientRect();
  return {launcher: launcher.checkVisibility() && a.width > 0, panel: [b.left, b.top, b.right, b.bottom],
          height: innerHeight, width: innerWidth};
}"""


@SIZES
def test_the_folded_panel_stands_alone_in_the_buttons_corner(page: Page, guide: Sidecar) -> None:
    """On a trial Material site the folded bar sat above the "Ask the guide" button, the two stacked at the corner
    saying the same twice: folded, the bar takes the button's corner and the button steps aside until it closes."""
    panel = open_panel(page, guide.base)
    panel.get_by_role("button", name="Shrink the guide to its header").click()
    expect(panel.get_by_role("button", name="Show the whole guide")).to_be_visible()
    corner = page.evaluate(CORNER)
    left, top, right, bottom = corner["panel"]
    assert not corner["launcher"], corner  # one thing in the corner: the bar
    assert corner["height"] - 17 <= bottom <= corner["height"] and bottom - top < 80, corner  # low, a header's height
    assert corner["width"] - 17 <= right <= corner["width"], corner
    panel.get_by_role("button", name="Close the guide").click()
    launcher = page.get_by_role("button", name="Ask the guide")
    expect(launcher).to_be_visible()  # closed folded, the button is back to open it
    launcher.click()
    expect(panel.get_by_label("Your question")).to_be_visible()  # it opens whole
    if corner["width"] > 600:  # a desktop: the button stands below the open panel, as before
        expect(launcher).to_be_visible()


@SIZES
def test_a_page_an_answer_opens_is_left_in_sight(page: Page, guide: Sidecar) -> None:
    """On pipx's docs at 390 px "Show me the example pre-commit configuration" opened the page under the sheet, which
    covered all of it but its title. On a phone the sheet makes way (its header and a peek of the answer, test_peek.py,
    until the visitor brings it back);
    on a desktop the panel stays open beside the page, its answer in sight, where the page narrows beside it (docked,
    test_dock.py); the example's navbar wraps narrowed, so there the panel shrinks to its peek, and one press brings
    the answer back whole, its last line in sight."""
    panel = open_panel(page, guide.base)
    ask(page, "Open the 3-D Secure case for me", leaving_for=guide.base + "cases/3ds/")
    expect(panel.locator(".docent-sentence")).to_have_count(2, timeout=15_000)
    if page.viewport_size and page.viewport_size["width"] > 600:
        assert not page.evaluate("() => document.documentElement.classList.contains('docent-docked')")
        panel.get_by_role("button", name="Read the answer").click()
        expect(panel.get_by_label("Your question")).to_be_visible()
        page.wait_for_function(f"() => {{ const l = ({LAST_LINE})(); return l && l.cut < 1; }}", timeout=5_000)
        return
    expect(panel.get_by_role("button", name="Show the whole guide")).to_be_visible()
    corner = page.evaluate(CORNER)
    assert corner["panel"][1] > 0.75 * corner["height"], corner  # its header and a peek of the answer: the page shows
    # The example site's own sticky header is one row on a phone, its name beside the menu's button: on three rows
    # it took 126 px of the screen, and the page showed in a band between it and the sheet.
    header = page.evaluate(SITE_HEADER)
    assert header["brand"][1] < header["toggler"][3] and header["toggler"][1] < header["brand"][3], header
    assert header["bar"][3] - header["bar"][1] < 0.1 * corner["height"], header
    # The theme's button for the page's contents says what it opens (it was a lone chevron above the title).
    expect(page.get_by_role("button", name="On this page")).to_be_visible()
    page.wait_for_timeout(LATER_MS // 5)  # nothing grows it back by itself
    expect(panel.get_by_label("Your question")).to_be_hidden()
    panel.get_by_role("button", name="Show the whole guide").click()
    expect(panel.locator(".docent-sentence").last).to_contain_text("card range over six weeks")
    page.wait_for_function(f"() => {{ const l = ({LAST_LINE})(); return l && l.cut < 1; }}", timeout=5_000)
    # Another page the visitor opens is the page as before: the panel open whole.
    page.goto(guide.base)
    expect(panel.get_by_label("Your question")).to_be_visible()


# The panel's box, the screen's height, and whether the log holds all it has without scrolling; one frame's layout.
SHEET = """() => {
  const box = document.querySelector("[data-docent-view]").getBoundingClientRect();
  const log = document.querySelector("[data-docent-view] .docent-log");
  return {panel: [box.left, box.top, box.right, box.bottom], height: innerHeight,
          fits: log.scrollHeight <= log.clientHeight + 1};
}"""


@pytest.mark.parametrize("context_options", [PHONE], ids=["phone"])
def test_on_a_phone_the_sheet_is_as_tall_as_its_answer_needs_within_its_bounds(page: Page, guide: Sidecar) -> None:
    """At 390 x 844 the sheet stood at 72 % of the screen for a two-sentence answer, the page a band above a blank."""
    panel = open_panel(page, guide.base)
    ask(page, "How did the 3-D Secure rollout go?")
    expect(panel.locator(".docent-sentence")).to_have_count(2)
    sheet = page.evaluate(SHEET)
    top, bottom, height = sheet["panel"][1], sheet["panel"][3], sheet["height"]
    assert sheet["fits"] and abs(bottom - height) < 1 and bottom - top < 0.5 * height, sheet  # the page above shows
    for asked in range(2, 6):  # a longer transcript grows it to its bound, and no further: the log scrolls instead
        ask(page, "And how did the 3-D Secure rollout go?")
        expect(panel.locator(".docent-sentence")).to_have_count(2 * asked)
    sheet = page.evaluate(SHEET)
    top, bottom = sheet["panel"][1], sheet["panel"][3]
    assert not sheet["fits"] and abs(bottom - height) < 1 and 0.6 * height < bottom - top <= 0.72 * height + 1, sheet
    expect(panel.get_by_role("button", name="Ask")).to_be_in_viewport()
    page.wait_for_function(f"() => {{ const l = ({LAST_LINE})(); return l && l.cut < 1; }}", timeout=5_000)
