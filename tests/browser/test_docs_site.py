"""Docent's own documentation (`site-docs/`, Material) built --strict and served with its guide on the embedded
offline model, as `make docs` serves it: a question about Docent answered in Chromium, every sentence cited."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from tests.browser.panel import PHONE, SIZES, ask, open_panel
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
    assert "nginx" in log.inner_text()


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
