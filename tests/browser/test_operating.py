"""The panel when the site is run for real: answers pinned to the sections they cited across a rebuild, and the
one quiet line that says the offline model stands in for the usual one."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, Route, expect

from tests.browser.panel import PANEL, PHONE, ask, open_panel
from tests.browser.sidecar import Sidecar
from tests.browser.test_docs_site import STATUS_LINES

pytestmark = pytest.mark.browser

DEGRADED = "The guide's usual model is resting, so answers now quote the site directly."


def rebuilt(changed: str, gone: str):  # type: ignore[no-untyped-def]
    """The panel's script as a rebuild would serve it: in its public manifest, one section's text changed, another
    section removed (the build writes the manifest into docent/panel.js)."""

    def serve(route: Route) -> None:
        script = route.fetch().text()
        line = re.search(r"^const manifest = (.*);$", script, re.M)
        assert line is not None, "docent/panel.js carries no manifest"
        manifest = json.loads(line.group(1))
        manifest["record_hashes"][changed] = "0" * 12
        del manifest["record_hashes"][gone]
        body = script[: line.start(1)] + json.dumps(manifest) + script[line.end(1):]
        route.fulfill(status=200, content_type="text/javascript", body=body)

    return serve


def test_a_restored_transcript_marks_changed_citations_and_drops_gone_ones(page: Page, guide: Sidecar) -> None:
    open_panel(page, guide.base)
    log = ask(page, "How did the 3-D Secure rollout go?")
    sentences = log.locator(".docent-sentence")
    expect(sentences).to_have_count(2)
    expect(log.locator(".docent-changed")).to_have_count(0)  # answered from this build: nothing changed
    stored = page.evaluate("() => JSON.parse(sessionStorage.getItem('docent:/')).transcript")
    cites = [c for entry in stored if entry["kind"] == "sentence" for c in entry["cites"]]
    assert all(re.fullmatch(r"[0-9a-f]{12}", c["hash"]) for c in cites)

    page.route("**/docent/panel.js", rebuilt("case-3ds-approach", "case-3ds-results"))
    page.reload()
    sentences = page.locator(PANEL).locator(".docent-sentence")
    expect(sentences).to_have_count(2)  # the words stay
    first, second = sentences.nth(0), sentences.nth(1)
    expect(first.locator("a.docent-cite")).to_have_text("3-D Secure rollout · What I built")
    expect(first.locator(".docent-changed")).to_have_text("changed since this answer")
    expect(second.locator(".docent-text")).to_have_text("The rollout went by card range over six weeks.")
    expect(second.locator(".docent-cite")).to_have_count(0)  # its section is gone from the site


def test_the_panel_says_in_one_quiet_line_when_the_offline_model_stands_in(page: Page, guide: Sidecar) -> None:
    def degraded(route: Route) -> None:
        status = route.fetch().json()
        status.update(degraded="budget_spent", model="offline", offline=True)
        route.fulfill(status=200, content_type="application/json", body=json.dumps(status))

    page.route(re.compile(r".*/api/guide$"), degraded)
    panel = open_panel(page, guide.base)
    status = panel.locator(".docent-status")
    expect(status).to_have_text(DEGRADED)
    expect(panel.locator(".docent-log")).to_have_text("")  # a line of status, not an entry in the transcript


def test_a_guide_whose_owner_lets_conversations_reach_a_disk_tells_the_visitor(page: Page, guide: Sidecar) -> None:
    panel = open_panel(page, guide.base)
    expect(panel.locator(".docent-status")).not_to_contain_text("disk")  # the usual guide: memory only, no line

    def on_disk(route: Route) -> None:
        status = route.fetch().json()
        assert status["on_disk"] is False
        status.update(on_disk=True)  # as DOCENT_CONVERSATIONS_ON_DISK=1 answers it
        route.fulfill(status=200, content_type="application/json", body=json.dumps(status))

    page.route(re.compile(r".*/api/guide$"), on_disk)
    page.reload()
    expect(page.locator(PANEL).locator(".docent-status")).to_have_text(
        "This site's server may write your conversation to its disk, where it stays for a while after it ends.")


@pytest.mark.parametrize("context_options", [PHONE], ids=["phone"])
def test_the_disk_notice_shows_whole_on_a_phone_beside_the_offline_note(page: Page, guide: Sidecar) -> None:
    """At 390 px the disk notice went on the offline note's one cut line: "...quotes the record. This site's serv…"
    until tapped; what happens to a visitor's words is read whole."""

    def on_disk(route: Route) -> None:
        status = route.fetch().json()
        status.update(on_disk=True, offline=True, model="offline")  # DOCENT_CONVERSATIONS_ON_DISK=1, the offline model
        route.fulfill(status=200, content_type="application/json", body=json.dumps(status))

    page.route(re.compile(r".*/api/guide$"), on_disk)
    open_panel(page, guide.base)
    expect(page.locator(PANEL).locator(".docent-status")).to_contain_text("offline guide")
    said = page.evaluate(STATUS_LINES)
    assert said["text"].endswith("where it stays for a while after it ends."), said
    assert said["lines"] >= 2 and not said["cut"] and said["inside"], said


def test_an_answer_from_the_offline_model_mid_conversation_brings_the_line(page: Page, guide: Sidecar) -> None:
    panel = open_panel(page, guide.base)
    expect(panel.locator(".docent-status")).not_to_have_text(DEGRADED)
    events = [
        ("sentence", {"text": "Mara built the decision service.",
                      "cites": [{"id": "case-3ds-approach", "title": "What I built", "path": "/cases/3ds/#case-3ds-approach"}]}),
        ("done", {"model": "offline", "waiting": False}),
    ]
    body = "".join(f"event: {name}\r\ndata: {json.dumps(data)}\r\n\r\n" for name, data in events)
    page.route("**/api/guide/questions", lambda route: route.fulfill(
        status=200, headers={"Content-Type": "text/event-stream"}, body=body))
    ask(page, "How did the 3-D Secure rollout go?")
    expect(panel.locator(".docent-status")).to_have_text(DEGRADED)
