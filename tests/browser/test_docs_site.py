"""Docent's own documentation (`site-docs/`, Material) built --strict and served with its guide on the embedded
offline model, as `make docs` serves it: a question about Docent answered in Chromium, every sentence cited."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from tests.browser.answered import says
from tests.browser.panel import PANEL, PHONE, SIZES, ask, open_panel, serious
from tests.browser.sidecar import Sidecar, free_port, sidecar
from tests.browser.test_layout import RESTS
from tests.evals import docent_docs

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def docs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Sidecar]:
    port = free_port()  # built for the address it is served at, as `make docs` does
    built = docent_docs.build(tmp_path_factory.mktemp("docent-docs"), site_url=f"http://127.0.0.1:{port}/")
    with sidecar(built.site, built.bundle, None, built.root / "log.jsonl", port=port) as running:
        yield running


def test_the_guide_answers_a_question_about_docent_from_its_documentation_cited(page: Page, docs: Sidecar) -> None:
    asked = next(q for q in docent_docs.questions() if q["id"] == "nginx")  # "How do I put the guide behind nginx?"
    open_panel(page, docs.base + "getting-started/")
    log = ask(page, asked["question"])
    sentences = log.locator(".docent-sentence")
    expect(sentences.first).to_be_visible()
    cites = log.locator("a.docent-cite")
    expect(cites.first).to_be_visible()
    hrefs = [cites.nth(i).get_attribute("href") or "" for i in range(cites.count())]
    cited = {h.removeprefix(docs.base).split("#")[1].split(":~:")[0] for h in hrefs}  # page/#id:~:text=...
    assert cited & set(asked["sections"]), hrefs
    says(log, "nginx")  # in the answer's words, not the question's alone


@SIZES
def test_the_log_rests_whole_when_the_status_line_grows_as_the_answer_ends(page: Page, docs: Sidecar) -> None:
    """On Typer's docs the offline model's answer came whole in one frame, and the status line that then said
    "Answers come from the site's offline guide, which quotes the record." took a second line from the log: the
    scroll to the answer's end landed after the log had shrunk, was taken for the visitor scrolling up, and the
    last line stayed 19 px cut."""
    open_panel(page, docs.base + "getting-started/")
    ask(page, "How do I put the guide behind nginx?")
    ask(page, "What does the offline model do?")
    expect(page.locator("[data-docent-view] .docent-status")).to_contain_text("offline")
    # The scroll to the answer's end (or, this answer being taller than the log, to its start) lands once the log has
    # its last size; cut, it stayed cut.
    page.wait_for_function(RESTS, timeout=5_000)


# The lines a status line's text takes on screen, its box, and whether it is cut with an ellipsis.
STATUS_LINES = """() => {
  const status = document.querySelector("[data-docent-view] .docent-status");
  const range = document.createRange();
  range.selectNodeContents(status);
  const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
  const box = status.getBoundingClientRect(), panel = status.closest("[data-docent-view]").getBoundingClientRect();
  return {lines: tops.size, text: status.textContent, inside: box.left >= panel.left && box.right <= panel.right,
          cut: status.scrollWidth > status.clientWidth && getComputedStyle(status).textOverflow === "ellipsis"};
}"""


@pytest.mark.parametrize("context_options", [PHONE], ids=["phone"])
def test_the_offline_guides_note_keeps_to_one_line_of_a_phones_sheet_and_a_tap_shows_it_whole(
    page: Page, docs: Sidecar
) -> None:
    """At 390 px "Answers come from the site's offline guide, which quotes the record." took two lines of the sheet
    from the transcript."""
    open_panel(page, docs.base + "getting-started/")
    status = page.locator("[data-docent-view] .docent-status")
    expect(status).to_contain_text("offline guide")
    said = page.evaluate(STATUS_LINES)
    assert said["lines"] == 1 and said["cut"] and said["inside"], said
    assert said["text"].endswith("which quotes the site's own pages."), said  # whole for a screen reader
    status.click()
    whole = page.evaluate(STATUS_LINES)
    assert whole["lines"] == 2 and not whole["cut"] and whole["inside"], whole


# The status line's row: its text's box, and the "More"/"Less" button's (null where none shows), each [l, t, r, b].
STATUS_ROW = """() => {
  const status = document.querySelector("[data-docent-view] .docent-status");
  const more = status.parentElement.querySelector("button");
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const shown = more && more.getClientRects().length > 0 ? box(more) : null;
  const panel = status.closest("[data-docent-view]").getBoundingClientRect();
  return {status: box(status), more: shown, panelRight: panel.right};
}"""


@SIZES
def test_a_cut_status_line_says_it_can_be_shown_whole_with_a_button_beside_it(page: Page, docs: Sidecar) -> None:
    """look31: on a phone the offline guide's note was cut to one line ("...which quot..."), and a tap on it showed it
    whole, but nothing said so, and no keyboard or screen reader could reach the tap. Now a "More" button stands at the
    line's end, on its line, inside the sheet (a disclosure: aria-expanded, aria-controls), and says "Less" once
    pressed; the note stays the status region. On a desktop, where the note fits, there is no button."""
    open_panel(page, docs.base + "getting-started/")
    panel = page.locator(PANEL)
    status = panel.get_by_role("status")
    expect(status).to_contain_text("offline guide")
    more = panel.get_by_role("button", name="More")
    if page.viewport_size and page.viewport_size["width"] > 600:
        assert not page.evaluate(STATUS_LINES)["cut"]
        expect(more).to_have_count(0)
        return
    expect(more).to_be_visible()
    expect(more).to_have_attribute("aria-expanded", "false")
    expect(more).to_have_attribute("aria-controls", status.get_attribute("id") or "?")
    row = page.evaluate(STATUS_ROW)
    left, top, right, bottom = row["more"]
    s_left, s_top, s_right, s_bottom = row["status"]
    assert s_right <= left and right <= row["panelRight"] and top < s_bottom and s_top < bottom, row  # at its end
    assert bottom - top >= 24, row  # a finger's height
    assert page.evaluate(STATUS_LINES)["cut"]
    assert serious(page, context=PANEL) == []
    more.tap()
    less = panel.get_by_role("button", name="Less")
    expect(less).to_have_attribute("aria-expanded", "true")
    whole = page.evaluate(STATUS_LINES)
    assert whole["lines"] == 2 and not whole["cut"] and whole["inside"], whole
    less.tap()
    expect(more).to_have_attribute("aria-expanded", "false")
    assert page.evaluate(STATUS_LINES)["cut"]
