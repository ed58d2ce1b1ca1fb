"""The panel's pieces in Chromium, on a page of our own: its modules loaded as the browser loads ES modules,
SHA-256 against known vectors, the SSE parser over every way a stream can be cut, and the proof-of-work worker
solving a challenge made here."""

from __future__ import annotations

import hashlib
import json
import re
import secrets
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.chromium import SOLVE, assets_page, static_server

pytestmark = pytest.mark.browser

VECTORS = ["", "abc", "a" * 55, "a" * 56, "a" * 63, "a" * 64, "a" * 119, "a" * 1000, "héllo ✓ 漢字",
           "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"]


@pytest.fixture(scope="module")
def page(browser: Browser, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Page]:
    """A page of our own with the assets alone: no site, no sidecar."""
    root = assets_page(tmp_path_factory.mktemp("pieces"))
    with static_server(root) as base:
        page = browser.new_page()
        page.goto(base)
        page.wait_for_function("() => window.sha256 && window.sse")  # the modules have run
        yield page
        page.close()


def test_the_panels_modules_link_in_chromiums_own_module_loader(page: Page) -> None:
    """Every name a module imports is one the module it names exports, as the browser itself checks."""
    page.wait_for_function("() => window.controller || window.errors.length")
    assert page.evaluate("() => window.errors") == []
    assert page.evaluate("() => Object.keys(controller)") == ["Panel"]


def test_sha256_matches_known_vectors(page: Page) -> None:
    got = page.evaluate("(inputs) => inputs.map((s) => sha256.hex(s))", VECTORS)
    assert got == [hashlib.sha256(s.encode()).hexdigest() for s in VECTORS]
    assert got[1] == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"


@pytest.mark.parametrize("salt", ["ab12", "0f" * 12 + "?expires=1900000000&", "s" * 70])
def test_search_finds_the_number_behind_a_challenge(page: Page, salt: str) -> None:
    challenge = hashlib.sha256(f"{salt}4242".encode()).hexdigest()
    assert page.evaluate("([s, c]) => sha256.search(s, c, 0, 10000)", [salt, challenge]) == 4242
    assert page.evaluate("([s, c]) => sha256.search(s, c, 0, 4000)", [salt, challenge]) == -1


STREAM = (
    "\ufeff: ping\r\nevent: start\r\ndata: {\"conversation\":\"t\"}\r\n\r\n"
    "event: sentence\ndata: {\"text\":\"line one\",\n data: \"x\":1}\n\n"
    ":comment\rdata:no space\r\r"
    "id: 7\nevent: done\ndata: {\"model\":\"é✓\"}\n\n"
    "event: empty\n\n"
    "data: never finished"
)
EXPECTED = [
    {"event": "start", "data": "{\"conversation\":\"t\"}", "id": ""},
    {"event": "sentence", "data": "{\"text\":\"line one\",\n\"x\":1}", "id": ""},
    {"event": "message", "data": "no space", "id": ""},
    {"event": "done", "data": "{\"model\":\"é✓\"}", "id": "7"},
]


def test_sse_parser_gives_the_same_events_however_the_bytes_are_cut(page: Page) -> None:
    script = """(stream) => {
      const bytes = new TextEncoder().encode(stream);
      const seen = new Set();
      for (let i = 0; i <= bytes.length; i++) {
        for (let j = i; j <= bytes.length; j += 2) {
          const p = new sse.SseParser();
          const out = [].concat(p.push(bytes.subarray(0, i)), p.push(bytes.subarray(i, j)),
                                p.push(bytes.subarray(j)), p.end());
          seen.add(JSON.stringify(out));
        }
      }
      return [...seen];
    }"""
    outcomes = page.evaluate(script, STREAM.replace("\n data:", "\ndata:"))
    assert [json.loads(o) for o in outcomes] == [EXPECTED]


def test_worker_solves_a_challenge_and_reports_progress(page: Page) -> None:
    salt = secrets.token_hex(12) + "?expires=1900000000&"
    number = 61_234
    challenge = {"algorithm": "SHA-256", "challenge": hashlib.sha256(f"{salt}{number}".encode()).hexdigest(),
                 "maxnumber": 250_000, "salt": salt, "signature": "x"}
    out = page.evaluate(SOLVE, challenge)
    assert out["type"] == "solved"
    assert out["number"] == number
    assert out["progress"] and out["progress"] == sorted(out["progress"]) and out["progress"][-1] < number


def test_worker_says_when_a_challenge_has_no_answer(page: Page) -> None:
    challenge = {"algorithm": "SHA-256", "challenge": "0" * 64, "maxnumber": 500, "salt": "x", "signature": "x"}
    out = page.evaluate(SOLVE, challenge)
    assert out["type"] == "failed"
    assert "500" in out["message"]



# A code block 200 x 60 px that clips both ways (no scroll bars to narrow it), its line a run 40 px high and 100 px wide put at (left, top) inside
# it, and what dom.js's shownPart makes of the run's box: [left, top, right, bottom] of the part shown and the
# block's padding box.
SHOWN = """async ([left, top]) => {
  const { shownPart } = await import("./docent/dom.js");
  const block = Object.assign(document.createElement("pre"), { style: "position: absolute; left: 50px; top: 50px;"
    + " width: 200px; height: 60px; margin: 0; padding: 0; border: 0; overflow: hidden" });
  const line = Object.assign(document.createElement("span"), { textContent: "x", style: "position: absolute;"
    + ` left: ${left}px; top: ${top}px; width: 100px; height: 40px; display: block` });
  block.appendChild(line);
  document.body.appendChild(block);
  const a = shownPart(line.getBoundingClientRect(), line), b = block.getBoundingClientRect();
  block.remove();
  return { part: [a.left, a.top, a.right, a.bottom, a.width, a.height], block: [b.left, b.top, b.right, b.bottom] };
}"""


@pytest.mark.parametrize(
    ("at", "part"),
    [((20, 10), [70, 60, 170, 100, 100, 40]),  # wholly in sight: the run's own box
     ((150, 40), [200, 90, 250, 110, 50, 20]),  # cut at the block's right and bottom edges
     ((400, 10), [250, 60, 250, 100, 0, 40]),  # wholly past the right edge: empty, on that edge
     ((20, 300), [70, 110, 170, 110, 100, 0]),  # wholly below: empty, on the bottom edge
     ((-300, -200), [50, 50, 50, 50, 0, 0])],  # wholly above and to the left: empty, on the top left corner
    ids=["inside", "cut", "past-right", "below", "above-left"],
)
def test_the_part_of_a_line_its_block_shows_lies_inside_the_block_even_when_none_shows(
    page: Page, at: tuple[int, int], part: list[float]
) -> None:
    """Review: for a line wholly scrolled out of its block, shownPart gave an empty box where the line was, past the
    block's edge (a run scrolled out past the right at 400 px: left 450, where the block shows nothing), and its callers
    (cited.js's room for the line, coveredBelow) read its edges as a part under the panel's columns. It is now empty
    on the block's nearest edge, inside the block's box; a box partly in sight is cut as before."""
    got = page.evaluate(SHOWN, list(at))
    assert got["block"] == [50, 50, 250, 110]
    assert got["part"] == part, got
    left, top, right, bottom = got["part"][:4]
    assert 50 <= left <= right <= 250 and 50 <= top <= bottom <= 110, got


# The panel's answer at each width from 200 to 420 px holding one sentence with inline code: for each width, the lines
# each inline code's text is laid out on (its characters grouped by the line they stand on).
CODE_LINES = """async ([text, spans]) => {
  const { marked } = await import("./docent/marks.js");
  if (!document.getElementById("panel-css")) {
    const link = Object.assign(document.createElement("link"), { id: "panel-css", rel: "stylesheet", href: "docent/panel.css" });
    await new Promise((resolve) => { link.onload = resolve; document.head.appendChild(link); });
  }
  const panel = document.createElement("div"), log = document.createElement("div"), answer = document.createElement("p");
  panel.className = "docent-panel"; log.className = "docent-log"; answer.className = "docent-answer";
  answer.appendChild(marked(text, spans)); log.appendChild(answer); panel.appendChild(log); document.body.appendChild(panel);
  const out = [];
  for (let width = 200; width <= 420; width += 2) {
    panel.style.width = `${width}px`;
    for (const code of answer.querySelectorAll("code")) {
      const lines = [], range = document.createRange();
      let top = null;
      const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (let i = 0; i < node.length; i++) {
          range.setStart(node, i); range.setEnd(node, i + 1);
          const y = Math.round(range.getClientRects()[0].top);
          if (y !== top) lines.push("");
          top = y;
          lines[lines.length - 1] += node.data[i];
        }
      }
      out.push({ width, text: code.textContent, lines });
    }
  }
  panel.remove();
  return out;
}"""


def test_an_options_hyphens_stay_with_its_name_when_inline_code_wraps(page: Page) -> None:
    """look32, Commitizen's docs at 390 x 844: "`cz bump` is equivalent to `cz bump --annotated-tag`" wrapped as
    "cz bump -" | "-annotated-tag" (Chromium breaks between two hyphens), which reads as another command. At no width
    from 200 to 420 px does a line of inline code end inside an option's leading hyphens (a name may still break
    after a hyphen inside it, "--annotated-" | "tag", as the site's own page breaks it); the code's text is as written
    (a copy or a screen reader gets it whole)."""
    text = "When set to true, cz bump is equivalent to cz bump --annotated-tag, and -v to --verbose."
    spans = [["code", text.index(word), text.index(word) + len(word)]
             for word in ("true", "cz bump --annotated-tag", "-v", "--verbose")]
    laid = page.evaluate(CODE_LINES, [text, spans])
    assert {each["text"] for each in laid} == {"true", "cz bump --annotated-tag", "-v", "--verbose"}
    cut = [(each["width"], each["lines"]) for each in laid
           if any(re.search(r"(^|\s)-+$", line) for line in each["lines"][:-1])]
    assert cut == [], cut[:3]
    assert any(len(each["lines"]) > 1 for each in laid)  # the option's code did wrap somewhere: the check meant something
