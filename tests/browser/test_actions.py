"""The guide acting on the page, against the real sidecar: actions carried out in order, across a page change,
tours, offers, the cards of seed 004, and what could not be done reported with the next question."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.panel import PANEL, ask, open_panel, wait_for_answer
from tests.browser.sidecar import Sidecar

pytestmark = pytest.mark.browser


def test_show_page_navigates_keeps_the_transcript_and_acts_on_the_new_page(page: Page, guide: Sidecar) -> None:
    open_panel(page, guide.base)
    log = ask(page, "Open the lab for me", leaving_for=guide.base + "lab/")
    expect(log.locator(".docent-question")).to_have_text(re.compile("Open the lab for me"))
    expect(log.locator(".docent-sentence")).to_have_count(3)  # words after show_page came before leaving
    expect(log.locator(".docent-action[data-tool='show_page']")).to_have_text("Opened Lab.")
    # point_at came after show_page in the same answer: it happens on the lab page.
    expect(page.locator("[data-docent-part='leak-chart']")).to_have_class(re.compile("docent-ring"))
    expect(log.locator(".docent-action[data-tool='point_at']")).to_have_attribute("data-status", "done")


def test_point_at_rings_the_part(page: Page, guide: Sidecar) -> None:
    open_panel(page, guide.base + "lab/")
    log = ask(page, "Point at the chart")
    chart = page.locator("[data-docent-part='leak-chart']")
    expect(chart).to_have_class(re.compile("docent-ring"))
    expect(chart).to_be_in_viewport()
    assert page.locator(".docent-ring").count() == 1
    outline = chart.evaluate("(el) => getComputedStyle(el).outlineStyle")
    assert outline == "solid"
    expect(log.locator(".docent-action[data-tool='point_at']")).to_have_text(re.compile("Pointed at The leak chart"))


def test_point_at_a_part_on_another_page_opens_it_then_rings_the_part(page: Page, guide: Sidecar) -> None:
    open_panel(page, guide.base)
    log = ask(page, "Point at the chart", leaving_for=guide.base + "lab/")
    expect(page.locator("[data-docent-part='leak-chart']")).to_have_class(re.compile("docent-ring"))
    expect(log.locator(".docent-action[data-tool='point_at']")).to_have_attribute("data-status", "done")
    expect(log.locator(".docent-action[data-tool='point_at']")).to_have_text(re.compile("Pointed at The leak chart"))


@pytest.mark.parametrize("context_options", [{"reduced_motion": "reduce"}])
def test_point_at_under_reduced_motion_rings_without_animation(page: Page, guide: Sidecar) -> None:
    open_panel(page, guide.base + "lab/")
    ask(page, "Point at the chart")
    chart = page.locator("[data-docent-part='leak-chart']")
    expect(chart).to_have_class(re.compile("docent-ring"))
    assert chart.evaluate("(el) => getComputedStyle(el).animationName") == "none"
    assert chart.evaluate("(el) => getComputedStyle(el).outlineStyle") == "solid"


def test_run_experiment_starts_it_with_its_preset(page: Page, guide: Sidecar) -> None:
    open_panel(page, guide.base + "lab/")
    page.select_option("#leak-preset", "healthy")
    page.evaluate("""() => { window.states = [];
      document.addEventListener("docent:state", (e) => window.states.push(e.detail)); }""")
    log = ask(page, "Run the slow leak")
    states = page.evaluate("() => window.states")
    assert states and states[0]["experiment"] == "leak" and states[0]["preset"] == "slow-leak"
    assert states[0]["running"] is True and states[0]["live"] is False
    expect(page.locator("#leak-preset")).to_have_value("slow-leak")
    expect(log.locator(".docent-action[data-tool='run_experiment']")).to_have_text(re.compile("Started The leaking heap"))


def test_tour_steps_across_pages_and_esc_returns_the_visitor(page: Page, guide: Sidecar) -> None:
    open_panel(page, guide.base)
    page.evaluate("() => window.scrollTo(0, 240)")
    ask(page, "Give me a tour")
    tour = page.get_by_role("dialog", name=re.compile("A first visit"))
    expect(tour).to_contain_text("step 1 of 4")
    expect(tour).to_contain_text("Four cases from card payments")
    expect(tour.get_by_role("button", name="Next")).to_be_focused()
    expect(page.locator("#work")).to_have_class(re.compile("docent-ring"))
    page.keyboard.press("Enter")  # Next, from the keyboard
    page.wait_for_url(guide.base + "cases/3ds/")
    tour = page.get_by_role("dialog", name=re.compile("A first visit"))
    expect(tour).to_contain_text("step 2 of 4")
    expect(page.locator("[data-docent-part='3ds-flow']")).to_have_class(re.compile("docent-ring"))
    tour.get_by_role("button", name="Back").focus()
    page.keyboard.press("Escape")
    page.wait_for_url(guide.base)
    expect(page.locator(".docent-tour")).to_have_count(0)
    expect(page.locator(PANEL)).to_be_visible()  # the panel the visitor left open is open again
    assert abs(page.evaluate("() => window.scrollY") - 240) < 2


def test_offer_does_nothing_until_pressed(page: Page, guide: Sidecar) -> None:
    requests: list[str] = []
    open_panel(page, guide.base)
    page.on("request", lambda r: requests.append(r.url))
    # The Navigation API's event comes in the very task that starts a navigation, before anything loads.
    page.evaluate("() => navigation.addEventListener('navigate', (e) => { window.navigated = e.destination.url; })")
    log = ask(page, "Can I have her CV?")
    offer = log.get_by_role("button", name="Download the CV")
    expect(offer).to_be_visible()  # the answer has ended (ask waits for it): whatever it did has begun
    assert page.evaluate("() => window.navigated === undefined")
    assert page.url == guide.base
    assert not any("/cv/" in url for url in requests)
    offer.click()
    page.wait_for_url(guide.base + "cv/")


def test_choices_card_continues_the_turn(page: Page, guide: Sidecar) -> None:
    open_panel(page, guide.base)
    log = ask(page, "Which case should I read?")
    card = log.locator("div[data-assisted-choices]")
    expect(card.locator("p")).to_have_text("Which case interests you?")
    expect(card.get_by_role("button")).to_have_count(2)
    card.get_by_role("button", name="Card payments").click()
    wait_for_answer(page)
    expect(card.locator("button[data-picked]")).to_have_text("Card payments")
    for button in card.get_by_role("button").all():
        expect(button).to_be_disabled()
    expect(log.locator(".docent-sentence").last).to_contain_text("rebuilt authentication for Alderway Bank")
    picked = [r for r in guide.requests() if 'The visitor picked \\"Card payments\\".' in str(r) or
              'The visitor picked "Card payments".' in str(r)]
    assert picked, "the pick went back to the model as the tool's result"


def test_confirm_card_asks_first_and_approval_presses(page: Page, guide: Sidecar) -> None:
    open_panel(page, guide.base + "lab/")
    page.evaluate("""() => { window.cleared = 0;
      document.querySelector("[data-docent-action='clear_lab']").addEventListener("click", () => window.cleared++); }""")
    log = ask(page, "Clear the lab")
    card = log.locator("div[data-assisted-confirm]")
    expect(card.locator("p")).to_have_text("Clear the lab")
    assert page.evaluate("() => window.cleared") == 0  # asked, not pressed
    card.get_by_role("button", name="Approve").click()
    expect(page.locator(PANEL).get_by_label("Your question")).to_be_focused()  # the card's buttons are gone
    wait_for_answer(page)
    expect(log.locator("div[data-assisted-confirm]")).to_have_count(0)
    expect(log).to_contain_text("You approved: Clear the lab")
    assert page.evaluate("() => window.cleared") == 1
    expect(log.locator(".docent-sentence").last).to_contain_text("start again from a clean heap")


def test_links_card_links_to_the_sites_pages(page: Page, guide: Sidecar) -> None:
    open_panel(page, guide.base)
    log = ask(page, "Where next?")
    links = log.locator("ul[data-assisted-links] li")
    expect(links).to_have_count(2)
    expect(links.get_by_role("link")).to_have_text(["The lab", "Roles"])
    expect(links.nth(0).get_by_role("link")).to_have_attribute("href", guide.base + "lab/")
    expect(links.nth(1).get_by_role("link")).to_have_attribute("href", guide.base + "roles/")
    expect(links.locator("p")).to_have_text(["Two experiments to run.", "Where she has worked and what she led."])
    links.get_by_role("link", name="Roles").click()
    page.wait_for_url(guide.base + "roles/")


def test_failed_action_is_reported_with_the_next_question(page: Page, guide: Sidecar) -> None:
    open_panel(page, guide.base + "lab/")
    page.evaluate("() => document.querySelector(\"[data-docent-part='leak-chart']\").remove()")
    log = ask(page, "Point at the chart")
    expect(log.locator(".docent-action[data-tool='point_at']")).to_have_attribute("data-status", "failed")
    expect(log.locator(".docent-action[data-tool='point_at']")).to_have_text(
        "Could not find The leak chart: heap use over time on this page.")
    stored = page.evaluate("() => JSON.parse(sessionStorage.getItem('docent:/')).failed")
    assert stored == [{"tool": "point_at", "id": "leak-chart", "reason": "not_found"}]
    before = len(guide.requests())
    ask(page, "How did the 3-D Secure rollout go?")
    sent = "\n".join(str(r) for r in guide.requests()[before:])
    assert "point_at leak-chart did not happen: it is not on the page" in sent
    assert "The page the visitor has open: Lab" in sent
    assert page.evaluate("() => JSON.parse(sessionStorage.getItem('docent:/')).failed") == []


def test_get_page_content_reads_the_page_as_shown_now_without_what_the_visitor_typed(page: Page, guide: Sidecar) -> None:
    open_panel(page, guide.base + "get-in-touch/")
    page.fill("#contact-name", "Zanzibar Quokka")
    page.fill("#contact-message", "my private message 7731")
    page.evaluate("""() => {
      const form = document.querySelector("form.contact-form");
      form.insertAdjacentHTML("afterend", "<p>Replies this week: 42</p><p data-docent-exclude>hidden note 5150</p>");
    }""")
    before = len(guide.requests())
    ask(page, "What does this page show?")
    sent = [json.dumps(r) for r in guide.requests()[before:]]
    results = [b for r in guide.requests()[before:] for m in r["messages"] if isinstance(m["content"], list)
               for b in m["content"] if b.get("type") == "tool_result"]
    assert results and "Replies this week: 42" in results[-1]["content"]  # the page as shown now, not as built
    assert "I read everything that comes in" in results[-1]["content"]
    for secret in ("Zanzibar", "7731", "5150"):
        assert not any(secret in body for body in sent), secret


def test_a_field_that_disappears_from_the_page_reads_not_showing_in_the_note(page: Page, guide: Sidecar) -> None:
    open_panel(page, guide.base + "lab/")
    before = len(guide.requests())
    ask(page, "What is the leak set to?")
    shown = json.dumps(guide.requests()[before:])
    assert 'leak_preset: Leak preset, now \\"' in shown  # the select is there: its value goes
    page.evaluate("() => document.getElementById('leak-preset').remove()")
    before = len(guide.requests())
    ask(page, "And now?")
    gone = json.dumps(guide.requests()[before:][0]["messages"][-1])
    assert "leak_preset: Leak preset, not showing" in gone
    assert "storm_preset: Storm preset, now" in gone  # the one still there reads as before
