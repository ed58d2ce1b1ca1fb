"""The panel on a desktop (1280x800) and a phone (390x844): every control in view, room made for what the guide
shows, an empty panel that offers questions, the site's colour scheme, and no button without a guide.
Each test leaves its screenshot under test-output/browser/ (the page fixture)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, Route, expect

from tests.browser.panel import DESKTOP, PANEL, PHONE, SIZES, ask, open_panel, wait_for_answer
from tests.browser.sidecar import Sidecar

pytestmark = pytest.mark.browser

CONTROLS = ".docent-head button, .docent-form textarea, .docent-form button, .docent-suggestion"

# The owner's suggestions in the example's mkdocs.yml.
SUGGESTIONS = ["How did the 3-D Secure rollout go?", "Open the lab and show me the leak chart.",
               "Give me a tour of her work.", "Where can I get her CV?"]


def _box(locator: Locator) -> dict[str, float]:
    box = locator.bounding_box()
    assert box is not None, f"{locator} has no box"
    return box


def _inside_viewport(page: Page, box: dict[str, float]) -> bool:
    size = page.viewport_size or {"width": 0, "height": 0}
    return (box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= size["width"] + 0.5
            and box["y"] + box["height"] <= size["height"] + 0.5)


def _assert_controls_in_view(page: Page) -> None:
    controls = page.locator(f"{PANEL} :is({CONTROLS}), .docent-launcher, .docent-tour button")
    seen = 0
    for i in range(controls.count()):
        control = controls.nth(i)
        if not control.is_visible():
            continue
        seen += 1
        box = _box(control)
        assert _inside_viewport(page, box), f"{control.evaluate('e => e.outerHTML.slice(0, 120)')} at {box}"
    assert seen >= 3


# Whether two boxes meet, and whether the first lies on screen; run in the page so it reads one frame's layout.
CLEAR = """([part, cover]) => {
  const a = document.querySelector(part).getBoundingClientRect();
  const b = document.querySelector(cover).getBoundingClientRect();
  const meets = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  return !meets && a.top >= 0 && a.bottom <= innerHeight;
}"""


def _assert_clear(page: Page, part: str, cover: str) -> None:
    """`part` settles in view and clear of `cover` (the panel or the tour's card), within a moment of moving."""
    try:
        page.wait_for_function(CLEAR, arg=[part, cover], timeout=3_000)
    except Exception:  # noqa: BLE001 - the assertion below says what was wrong
        pass
    assert page.evaluate(CLEAR, [part, cover]), f"{part} and {cover}: {_boxes(page, part, cover)}"


def _boxes(page: Page, part: str, cover: str) -> Any:
    return page.evaluate("""([part, cover]) => [part, cover].map(
      (s) => { const r = document.querySelector(s).getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })""",
                         [part, cover])


@SIZES
def test_every_control_is_in_view_and_the_lab_is_no_wider_than_the_screen(page: Page, guide: Sidecar) -> None:
    panel = open_panel(page, guide.base + "lab/")
    _assert_controls_in_view(page)
    # Against the screen's width: a phone's browser widens its layout viewport (innerWidth) to a page that overflows.
    screen = (page.viewport_size or {"width": 0})["width"]
    wide = page.evaluate("() => document.documentElement.scrollWidth")
    assert wide <= screen, f"the lab is {wide} px wide on a {screen} px screen"
    ask(page, "How did the 3-D Secure rollout go?")
    expect(panel.locator(".docent-sentence")).to_have_count(2)
    _assert_controls_in_view(page)


@SIZES
def test_pointing_makes_room_for_the_part(page: Page, guide: Sidecar) -> None:
    open_panel(page, guide.base + "lab/")
    ask(page, "Point at the chart")
    part = "[data-docent-part='leak-chart']"
    expect(page.locator(part)).to_have_class(re.compile("docent-ring"))
    _assert_clear(page, part, PANEL)
    _assert_controls_in_view(page)


@SIZES
def test_a_tour_step_is_clear_of_its_card_and_leaving_gives_the_question_back(page: Page, guide: Sidecar) -> None:
    open_panel(page, guide.base + "lab/")
    ask(page, "Give me a tour of her work")
    card = page.get_by_role("dialog", name=re.compile("A first visit"))
    expect(card).to_be_visible(timeout=10_000)
    page.wait_for_url(guide.base + "#work")
    part = "[data-docent-rung]"
    expect(page.locator(part)).to_have_count(1)
    _assert_clear(page, part, ".docent-tour")
    _assert_controls_in_view(page)
    card.get_by_role("button", name="Leave the tour").click()
    page.wait_for_url(guide.base + "lab/")
    panel = page.locator(PANEL)
    expect(panel).to_be_visible()
    if page.viewport_size and page.viewport_size["width"] > 600:
        expect(panel.get_by_label("Your question")).to_be_focused()
    else:  # on a touch screen the panel takes focus without raising the keyboard
        expect(panel.locator(".docent-title")).to_be_focused()


def test_done_at_a_tours_end_gives_the_question_back(page: Page, guide: Sidecar) -> None:
    open_panel(page, guide.base)
    ask(page, "Give me a tour of her work")
    card = page.locator(".docent-tour")
    for step in range(1, 4):
        expect(card).to_contain_text(f"step {step} of 4", timeout=10_000)
        card.get_by_role("button", name="Next").click()
    expect(card).to_contain_text("step 4 of 4", timeout=10_000)
    card.get_by_role("button", name="Done").click()
    expect(page.locator(PANEL).get_by_label("Your question")).to_be_focused()


@pytest.mark.parametrize("context_options", [PHONE], ids=["phone"])
def test_a_touch_opens_the_panel_without_the_keyboard(page: Page, guide: Sidecar) -> None:
    page.goto(guide.base)
    page.get_by_role("button", name="Ask the guide").tap()
    panel = page.locator(PANEL)
    expect(panel).to_be_visible()
    expect(panel.locator(".docent-title")).to_be_focused()
    expect(panel.get_by_label("Your question")).not_to_be_focused()
    expect(page.locator(".docent-launcher")).to_be_hidden()  # the sheet's own close button stands in for it
    _assert_controls_in_view(page)


@SIZES
def test_an_empty_panel_offers_the_owners_questions_and_each_asks(page: Page, guide: Sidecar) -> None:
    panel = open_panel(page, guide.base)
    expect(panel.locator(".docent-intro")).to_have_text(re.compile(r"^The guide answers from this site's own pages"))
    buttons = panel.locator(".docent-suggestion")
    expect(buttons).to_have_text(SUGGESTIONS)
    _assert_controls_in_view(page)
    buttons.first.click()
    wait_for_answer(page)
    expect(panel.locator(".docent-question p")).to_have_text(SUGGESTIONS[0])
    expect(panel.locator(".docent-sentence")).to_have_count(2)
    expect(panel.locator(".docent-empty")).to_be_hidden()
    panel.get_by_role("button", name="New conversation").click()
    expect(buttons.first).to_be_visible()


@SIZES
def test_citations_name_page_and_section_fold_repeats_and_are_big_enough_to_tap(page: Page, guide: Sidecar) -> None:
    open_panel(page, guide.base)
    log = ask(page, "Have it said twice")
    sentences = log.locator(".docent-sentence")
    expect(sentences).to_have_count(3)
    expect(sentences.nth(0).locator(".docent-cite")).to_have_count(0)  # its citation follows the next sentence
    expect(sentences.nth(1).locator(".docent-cite")).to_have_text("3-D Secure rollout · What I built")
    expect(sentences.nth(2).locator(".docent-cite")).to_have_text("3-D Secure rollout · Results")
    for i in (1, 2):
        assert _box(sentences.nth(i).locator(".docent-cite"))["height"] >= 24
    # The transcript's last line is in full view once the answer has ended and the status has settled.
    last = _box(sentences.nth(2))
    shown = _box(log)
    assert last["y"] + last["height"] <= shown["y"] + shown["height"] + 1, (last, shown)


def test_held_sentences_are_one_quiet_line_that_opens(page: Page, guide: Sidecar) -> None:
    open_panel(page, guide.base)
    log = ask(page, "Held twice")
    held = log.locator(".docent-held")
    expect(held).to_have_count(1)
    summary = held.locator("summary")
    expect(summary).to_have_text(
        "2 sentences held back: they spoke as the site's owner, and the guide only speaks about the owner.")
    assert float(summary.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")) < float(
        log.locator(".docent-text").first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)"))
    expect(held.locator("li").first).to_be_hidden()
    summary.click()
    expect(held.locator("li")).to_have_count(3)
    expect(held.locator("li").nth(1)).to_have_text(
        "it spoke as the site's owner, and the guide only speaks about the owner.")


def test_action_lines_say_what_was_done_in_the_sites_words(page: Page, guide: Sidecar) -> None:
    open_panel(page, guide.base + "lab/")
    log = ask(page, "Run the slow leak")
    expect(log.locator(".docent-action")).to_have_text("Started The leaking heap with Slow leak: 1.5 MB a second.")
    page.goto(guide.base)  # the panel opens again by itself on the next page
    expect(page.locator(PANEL)).to_have_attribute("data-ready", "true")
    ask(page, "Open the lab")
    page.wait_for_url(guide.base + "lab/")
    expect(page.locator(PANEL).locator(".docent-action").nth(1)).to_have_text("Opened Lab.")


def test_the_panel_takes_the_sites_colour_scheme_not_only_the_systems(page: Page, guide: Sidecar,
                                                                       material: Sidecar) -> None:
    page.emulate_media(color_scheme="dark")
    open_panel(page, guide.base)  # the example's theme is light whatever the system prefers
    panel = page.locator(PANEL)
    expect(panel).to_have_attribute("data-docent-scheme", "light")
    assert panel.evaluate("e => getComputedStyle(e).backgroundColor") == "rgb(255, 255, 255)"
    page.emulate_media(color_scheme="light")
    open_panel(page, material.base)
    expect(panel).to_have_attribute("data-docent-scheme", "light")
    page.evaluate("() => document.body.setAttribute('data-md-color-scheme', 'slate')")  # Material's palette toggle
    expect(panel).to_have_attribute("data-docent-scheme", "dark")
    expect(page.locator(".docent-launcher")).to_have_attribute("data-docent-scheme", "dark")


def test_the_panel_follows_the_mkdocs_themes_colour_mode_toggle(page: Page, guide: Sidecar) -> None:
    """MkDocs's own theme (1.6, `user_color_mode_toggle`) switches Bootstrap's data-bs-theme on the html element:
    on MkDocs's docs the panel stayed dark on the page turned light, and light on one turned dark."""
    open_panel(page, guide.base)
    panel = page.locator(PANEL)
    expect(panel).to_have_attribute("data-docent-scheme", "light")
    page.evaluate("() => document.documentElement.setAttribute('data-bs-theme', 'dark')")  # the theme's menu: Dark
    assert page.evaluate("() => getComputedStyle(document.body).backgroundColor") != "rgb(255, 255, 255)"
    expect(panel).to_have_attribute("data-docent-scheme", "dark")
    expect(page.locator(".docent-launcher")).to_have_attribute("data-docent-scheme", "dark")
    page.evaluate("() => document.documentElement.setAttribute('data-bs-theme', 'light')")
    expect(panel).to_have_attribute("data-docent-scheme", "light")


@pytest.mark.parametrize("answer", ["404", "html"])
def test_without_a_guide_there_is_no_button_and_the_console_says_why(page: Page, guide: Sidecar, answer: str) -> None:
    warnings: list[str] = []
    page.on("console", lambda message: warnings.append(message.text) if message.type == "warning" else None)

    def missing(route: Route) -> None:
        if answer == "404":
            route.fulfill(status=404, content_type="text/plain", body="Not Found")
        else:  # a static host that answers every path with its home page
            route.fulfill(status=200, content_type="text/html", body="<!doctype html><title>Home</title>")

    page.route(re.compile(r".*/api/guide$"), missing)
    page.goto(guide.base)
    page.wait_for_function("() => window.Docent && window.Docent.panel")
    page.wait_for_load_state("networkidle")
    expect(page.locator(".docent-launcher")).to_have_count(0)
    why = "answered 404" if answer == "404" else "answered, but not with JSON"
    assert any("the guide's button is hidden" in w and why in w for w in warnings), warnings
    page.goto(guide.base + "assistant/")  # the page that is the panel says so instead
    expect(page.locator(PANEL).get_by_role("status")).to_have_text("The guide is not running on this site right now.")
    expect(page.locator(PANEL).get_by_label("Your question")).to_be_disabled()


def test_a_page_loads_the_panel_with_three_requests(page: Page, guide: Sidecar) -> None:
    """Its script (with the manifest in it), its style, and one check of the guide; the next page, fewer."""
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))

    def ours() -> list[str]:
        return sorted(u.removeprefix(guide.base) for u in requests if "/docent/" in u or "/api/guide" in u)

    page.goto(guide.base)
    expect(page.locator(".docent-launcher")).to_be_visible()
    page.wait_for_load_state("networkidle")
    assert ours() == ["api/guide", "docent/panel.css", "docent/panel.js"]
    requests.clear()
    page.goto(guide.base + "lab/")
    expect(page.locator(".docent-launcher")).to_be_visible()
    page.wait_for_load_state("networkidle")
    assert len(ours()) <= 3 and "api/guide" not in ours(), ours()  # the tab trusts its check for a while


def test_on_a_desktop_the_panel_moves_to_the_side_a_narrow_part_leaves_free(page: Page, guide: Sidecar) -> None:
    page.set_viewport_size(DESKTOP["viewport"])
    open_panel(page, guide.base + "lab/")
    # The chart drawn narrow at the column's right edge, under where the panel stands.
    page.add_style_tag(content=".lab-chart { width: 380px !important; margin-left: auto !important; }")
    ask(page, "Point at the chart")
    part = "[data-docent-part='leak-chart']"
    expect(page.locator(part)).to_have_class(re.compile("docent-ring"))
    panel = page.locator(PANEL)
    expect(panel).to_have_class(re.compile("is-left"))
    expect(panel).not_to_have_class(re.compile("is-collapsed"))  # moved, not shrunk: the answer stays in view
    _assert_clear(page, part, PANEL)
    _assert_controls_in_view(page)
