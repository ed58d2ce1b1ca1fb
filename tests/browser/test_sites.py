"""Where sites live: the full-size panel on the assistant page, a phone's screen, a guide switched off,
a strict Content-Security-Policy, and Material for MkDocs with its instant navigation."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Page, Route, expect

from docent.sidecar.answer.policy import says
from tests.browser.panel import DESKTOP, PANEL, PHONE, ask, open_panel, wait_for_answer
from tests.browser.sidecar import Sidecar

pytestmark = pytest.mark.browser

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'; worker-src 'self'; "
       "img-src 'self' data:; object-src 'none'; base-uri 'none'; require-trusted-types-for 'script'")


def test_assistant_page_mounts_the_full_panel(page: Page, guide: Sidecar) -> None:
    page.goto(guide.base + "assistant/")
    panel = page.locator("#docent-panel [data-docent-view='full']")
    expect(panel).to_be_visible()
    expect(panel).to_have_attribute("data-ready", "true", timeout=15_000)
    expect(page.locator(".docent-launcher")).to_have_count(0)  # the page is the panel
    panel.get_by_label("Your question").fill("How did the 3-D Secure rollout go?")
    panel.get_by_label("Your question").press("Enter")
    wait_for_answer(page)
    expect(panel.locator(".docent-sentence")).to_have_count(2)
    assert panel.bounding_box()["width"] > 600


@pytest.mark.parametrize("context_options", [{"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}])
def test_on_a_phone_a_suggestion_asked_on_the_assistant_page_leaves_the_question_box_in_view(
    page: Page, guide: Sidecar
) -> None:
    page.goto(guide.base + "assistant/")
    panel = page.locator("#docent-panel [data-docent-view='full']")
    expect(panel).to_have_attribute("data-ready", "true", timeout=15_000)
    panel.get_by_role("button", name="How did the 3-D Secure rollout go?").click()
    wait_for_answer(page)
    expect(panel.locator(".docent-sentence")).to_have_count(2)
    expect(panel.get_by_label("Your question")).to_be_in_viewport()  # the next question is a tap away
    expect(panel.get_by_role("button", name="Ask")).to_be_in_viewport()


@pytest.mark.parametrize("context_options", [{"viewport": {"width": 375, "height": 667}, "has_touch": True}])
def test_panel_fits_a_phone(page: Page, guide: Sidecar) -> None:
    open_panel(page, guide.base)
    log = ask(page, "How did the 3-D Secure rollout go?")
    expect(log.locator(".docent-sentence")).to_have_count(2)
    box = page.locator(PANEL).bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 375 and box["y"] >= 0
    ask_box = page.locator(PANEL).get_by_role("button", name="Ask").bounding_box()
    assert ask_box is not None and ask_box["y"] + ask_box["height"] <= 667


def test_guide_switched_off_says_so(page: Page, guide: Sidecar) -> None:
    def off(route: Route) -> None:
        body = {"on": False, "why": "switched_off", "model": None, "offline": False, "limits": {}, "says": says("switched_off")}
        route.fulfill(status=200, content_type="application/json", body=json.dumps(body))

    page.route(re.compile(r".*/api/guide$"), off)
    # No button to press for nothing; the assistant page's own panel says why.
    with page.expect_console_message(lambda m: "the guide is switched off" in m.text):
        page.goto(guide.base)
    expect(page.locator(".docent-launcher")).to_have_count(0)
    page.goto(guide.base + "assistant/")
    status = page.locator("#docent-dialog-full").get_by_role("status")
    expect(status).to_have_text("The guide is switched off on this site.")
    expect(page.locator("#docent-dialog-full").get_by_label("Your question")).to_be_disabled()


@pytest.mark.parametrize("foreign_errors_allowed", [True])
def test_panel_works_under_a_strict_content_security_policy(page: Page, guide: Sidecar) -> None:
    """Served with script-src 'self', worker-src 'self' and Trusted Types: no violation is ours."""

    def with_csp(route: Route) -> None:
        if route.request.resource_type != "document":
            route.continue_()
            return
        response = route.fetch()
        route.fulfill(response=response, headers={**response.headers, "content-security-policy": CSP})

    page.route("**/*", with_csp)
    page.add_init_script("""window.violations = [];
      document.addEventListener("securitypolicyviolation", (e) => window.violations.push(
        {directive: e.violatedDirective, source: e.sourceFile, blocked: e.blockedURI, sample: e.sample}));""")
    open_panel(page, guide.base + "lab/")
    log = ask(page, "Point at the chart")
    expect(page.locator("[data-docent-part='leak-chart']")).to_have_class(re.compile("docent-ring"))
    expect(log.locator(".docent-sentence")).to_have_count(2)
    violations: list[dict[str, Any]] = page.evaluate("() => window.violations")
    ours = [v for v in violations if "/docent/" in (v["source"] or "") or "/docent/" in (v["blocked"] or "")]
    assert ours == []
    # The MkDocs theme's own inline scripts are blocked (base_url, shortcuts): the fixture fails on ours only.


def test_material_instant_navigation_keeps_the_panel_bound(page: Page, material: Sidecar) -> None:
    open_panel(page, material.base)
    log = ask(page, "How did the 3-D Secure rollout go?")
    expect(log.locator(".docent-sentence")).to_have_count(2)
    page.evaluate("() => { window.sameDocument = true; }")
    page.locator(".md-nav__link[href$='roles/']").first.click()  # Material swaps the page in place
    page.wait_for_url(material.base + "roles/")
    assert page.evaluate("() => window.sameDocument") is True  # no reload: instant navigation
    expect(page.locator(".docent-launcher")).to_have_count(1)
    expect(page.locator(PANEL)).to_have_count(1)
    before = len(material.requests())
    log = ask(page, "How did the 3-D Secure rollout go?")
    expect(log.locator(".docent-sentence")).to_have_count(4)
    sent = "\n".join(str(r) for r in material.requests()[before:])
    assert "The page the visitor has open: Roles" in sent  # the screen is read off the swapped page


@pytest.mark.parametrize("context_options", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_button_waits_behind_materials_drawer_and_search(page: Page, material: Sidecar) -> None:
    """On pipx's Material docs at 390 px "Ask the guide" stood over the open navigation drawer and over the
    full-screen search, in front of their last entries."""
    page.goto(material.base)
    launcher = page.get_by_role("button", name="Ask the guide")
    expect(launcher).to_be_visible()
    drawer = page.locator("label.md-header__button[for='__drawer']")
    if drawer.is_visible():  # a phone: the drawer opens from the header's menu button
        drawer.click()
        expect(page.locator("#__drawer")).to_be_checked()
        expect(launcher).to_be_hidden()
        page.locator("label.md-overlay").click(position={"x": 370, "y": 300})  # the overlay beside it closes it
        expect(page.locator("#__drawer")).not_to_be_checked()
        expect(launcher).to_be_visible()
    search = page.locator("label.md-header__button[for='__search']")
    if search.is_visible():
        search.click()
    else:
        page.locator(".md-search__input").click()
    expect(page.locator("#__search")).to_be_checked()
    expect(launcher).to_be_hidden()
    page.keyboard.press("Escape")  # Material closes its search
    expect(page.locator("#__search")).not_to_be_checked()
    expect(launcher).to_be_visible()
    launcher.click()
    expect(page.locator(PANEL)).to_have_attribute("data-ready", "true", timeout=15_000)
