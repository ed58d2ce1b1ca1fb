"""The panel against the real sidecar: opening, the proof of work, streamed and cited sentences, what the gate
held back, what the policy refused, and model text that must stay text."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, Route, expect

from tests.browser.panel import PANEL, ask, open_panel
from tests.browser.sidecar import Sidecar

pytestmark = pytest.mark.browser


def test_panel_opens_solves_the_challenge_and_opens_a_conversation(page: Page, guide: Sidecar) -> None:
    page.goto(guide.base)
    button = page.get_by_role("button", name="Ask the guide")
    expect(button).to_have_attribute("aria-expanded", "false")
    button.click()
    dialog = page.get_by_role("dialog", name=re.compile("Guide to Mara Lindqvist"))
    expect(dialog).to_be_visible()
    expect(button).to_have_attribute("aria-expanded", "true")
    expect(dialog.get_by_label("Your question")).to_be_focused()
    expect(dialog).to_have_attribute("data-ready", "true", timeout=15_000)
    stored = page.evaluate("() => JSON.parse(sessionStorage.getItem('docent:/'))")
    assert re.fullmatch(r"[A-Za-z0-9_-]{16,}", stored["token"])
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(button).to_be_focused()


def test_question_streams_cited_sentences(page: Page, guide: Sidecar) -> None:
    open_panel(page, guide.base)
    log = ask(page, "How did the 3-D Secure rollout go?")
    expect(log.locator(".docent-question")).to_have_text(re.compile("How did the 3-D Secure rollout go"))
    sentences = log.locator(".docent-sentence")
    expect(sentences).to_have_count(2)
    expect(sentences.nth(0).locator(".docent-text")).to_have_text(
        "Mara built the authentication decision service for 3-D Secure at Alderway Bank.")
    cite = sentences.nth(0).locator("a.docent-cite")
    expect(cite).to_have_text("3-D Secure rollout · What I built")  # the page, then the section
    # The section's anchor, then a text fragment for the sentence the shown one says most of (the cited line).
    href = cite.get_attribute("href") or ""
    assert href.startswith(guide.base + "cases/3ds/#case-3ds-approach:~:text=")
    expect(sentences.nth(1).locator("a.docent-cite")).to_have_attribute(
        "href", re.compile(re.escape(guide.base + "cases/3ds/#case-3ds-results:~:text=")))
    assert log.get_attribute("aria-live") == "polite"
    assert "[[" not in log.inner_text()
    cite.click()
    expect(page).to_have_url(guide.base + "cases/3ds/#case-3ds-approach")
    expect(page.locator(PANEL).locator(".docent-sentence")).to_have_count(2)  # the transcript came along


def test_held_sentence_shows_its_reason(page: Page, guide: Sidecar) -> None:
    open_panel(page, guide.base)
    log = ask(page, "Say it in her own words")
    expect(log.locator(".docent-sentence")).to_have_count(1)
    held = log.locator(".docent-held")
    expect(held).to_have_count(1)
    expect(held.locator("summary")).to_have_text(
        "1 sentence held back: it spoke as the site's owner, and the guide only speaks about the owner.")
    assert "I measure before I guess" not in log.inner_text()


def test_refusal_shows_the_policys_words(page: Page, guide: Sidecar) -> None:
    open_panel(page, guide.base)
    log = ask(page, "What is her salary?")
    expect(log.locator(".docent-refused")).to_have_text(
        "The guide does not answer questions about pay, rates or money; "
        "those are for a conversation with Mara.")
    expect(log.locator(".docent-sentence")).to_have_count(0)


def test_answer_that_shows_nothing_says_so(page: Page, guide: Sidecar) -> None:
    """A turn that ends with no sentence, code, refusal or action (the embedded model met one on a real docs site)
    leaves a line that says so, rather than the question alone with the panel ready as if answered."""
    open_panel(page, guide.base)
    log = ask(page, "Is there nothing to say about it?")
    expect(log.locator(".docent-answer")).to_have_count(0)
    expect(log.locator(".docent-info")).to_have_text(
        "The guide found nothing to show for this question. Asking it in other words may help.")
    log = ask(page, "What did she do on the 3-D Secure rollout?")  # an answer that says something gets no such line
    expect(log.locator(".docent-sentence")).to_have_count(2)
    expect(log.locator(".docent-info")).to_have_count(1)


def test_model_markup_stays_text(page: Page, guide: Sidecar) -> None:
    """The gate holds sentences with markup back; and a stream that carried markup all the same shows it as text."""
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    open_panel(page, guide.base)
    log = ask(page, "Show me some markup")
    expect(log.locator(".docent-held summary")).to_have_text(re.compile("^2 sentences held back: they carried code or markup"))
    assert log.locator("img").count() == 0

    events = [
        ("sentence", {"text": "She wrote <img src=x onerror=\"document.title='pwned'\"> here.",
                      "cites": [{"id": "x", "title": "<b>bold</b>", "path": "javascript:alert(1)"},
                                {"id": "y", "title": "Far away", "path": "//evil.example/x"}]}),
        ("sentence", {"text": "And ![chart](http://127.0.0.1:9/leak.png) there. [[case-3ds-results]]", "cites": []}),
        ("done", {"model": "replay", "waiting": False}),
    ]
    body = "".join(f"event: {name}\r\ndata: {json.dumps(data)}\r\n\r\n" for name, data in events)

    def answer(route: Route) -> None:
        route.fulfill(status=200, headers={"Content-Type": "text/event-stream"}, body=body)

    page.route("**/api/guide/questions", answer)
    log = ask(page, "Again, with markup")
    texts = log.locator(".docent-answer").last.locator(".docent-text")
    expect(texts.nth(0)).to_have_text("She wrote <img src=x onerror=\"document.title='pwned'\"> here.")
    expect(texts.nth(1)).to_have_text("And ![chart](http://127.0.0.1:9/leak.png) there. [[case-3ds-results]]")
    assert log.locator("img, b").count() == 0
    assert log.locator("a[href^='javascript:'], a[href*='evil.example']").count() == 0
    expect(log.locator(".docent-cite").first).to_have_text("<b>bold</b>")
    assert page.title() != "pwned"
    assert not any("leak.png" in url for url in requests)


def test_new_conversation_forgets_the_old_one(page: Page, guide: Sidecar) -> None:
    deleted: list[str] = []
    page.on("request", lambda r: deleted.append(r.post_data or "") if r.method == "DELETE" else None)
    panel = open_panel(page, guide.base)
    log = ask(page, "How did the 3-D Secure rollout go?")
    expect(log.locator(".docent-sentence")).to_have_count(2)
    old = page.evaluate("() => JSON.parse(sessionStorage.getItem('docent:/')).token")
    panel.get_by_role("button", name="New conversation").click()
    expect(log.locator(".docent-question, .docent-sentence")).to_have_count(0)
    page.wait_for_function("""(old) => { const token = JSON.parse(sessionStorage.getItem('docent:/')).token;
      return token && token !== old; }""", arg=old, timeout=15_000)  # a new conversation, its own proof of work
    expect(panel).to_have_attribute("data-ready", "true", timeout=15_000)
    assert any(old in body for body in deleted)  # the sidecar is told to forget it now
    page.reload()  # and the panel, open again on the next page, does not bring it back
    expect(page.locator(PANEL)).to_be_visible()
    expect(page.locator(PANEL).locator(".docent-log")).to_have_text("")
