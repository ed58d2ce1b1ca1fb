"""The example site's lab as a visitor sees it, without the guide: an experiment run from its own button or by the
DOM contract draws its chart, fills its figures and says how it ended; "Clear the lab" empties it all again."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.sidecar import Sidecar

pytestmark = pytest.mark.browser

READY = "Ready. Pick a preset and run it."
RUN = """([id, detail]) => document.querySelector(`[data-docent-experiment='${id}']`)
  .dispatchEvent(new CustomEvent("docent:run", {detail}))"""  # the contract's event, as the panel sends it

# Pixels of one colour on a chart: a drawn band or bar, not the axes drawn on a blank chart.
PIXELS = """([chart, rgb]) => {
  const canvas = document.querySelector(`[data-docent-experiment='${chart}'] canvas[data-lab-chart]`);
  const data = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
  let count = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (data[i] === rgb[0] && data[i + 1] === rgb[1] && data[i + 2] === rgb[2] && data[i + 3] === 255) count++;
  }
  return count;
}"""
SUCCESS_GREEN = [0x16, 0xA3, 0x4A]  # the storm's calls that succeeded
LEAK_ORANGE = [0xC2, 0x41, 0x0C]  # the leak's leaked megabytes


def test_storm_runs_from_its_button_fills_its_figures_and_clear_empties_them(page: Page, guide: Sidecar) -> None:
    page.goto(guide.base + "lab/")
    storm = page.locator("[data-docent-experiment='storm']")
    status = storm.locator("[data-lab-status]")
    expect(status).to_have_text(READY)
    assert page.evaluate(PIXELS, ["storm", SUCCESS_GREEN]) == 0
    storm.locator("#storm-preset").select_option("backoff-jitter")
    storm.get_by_role("button", name="Run the storm").click()
    expect(status).to_have_text(re.compile(r"^Running backoff-jitter"))
    expect(status).to_have_text(re.compile(r"^Finished: [\d,]+ attempts, \d+ calls given up; "), timeout=15_000)
    expect(storm.locator("[data-lab-stat='time']")).to_have_text("30.0 s")
    expect(storm.locator("[data-lab-stat='attempts']")).to_have_text(re.compile(r"^[1-9][\d,]*$"))
    expect(page.locator("[data-lab-result='backoff-jitter:recovery']")).to_have_text(re.compile(r" s$"))
    expect(page.locator("[data-lab-result='no-backoff:recovery']")).to_have_text("–")  # a preset not run
    assert page.evaluate(PIXELS, ["storm", SUCCESS_GREEN]) > 0

    page.get_by_role("button", name="Clear the lab").click()
    expect(status).to_have_text(READY)
    expect(storm.locator("[data-lab-stat='attempts']")).to_have_text("0")
    expect(page.locator("[data-lab-result='backoff-jitter:recovery']")).to_have_text("–")
    assert page.evaluate(PIXELS, ["storm", SUCCESS_GREEN]) == 0


def test_a_server_preset_replays_the_recorded_run_to_its_out_of_memory_error(page: Page, guide: Sidecar) -> None:
    page.goto(guide.base + "lab/")
    leak = page.locator("[data-docent-experiment='leak']")
    page.evaluate("""() => { window.states = [];
      document.addEventListener("docent:state", (e) => window.states.push(e.detail)); }""")
    page.evaluate(RUN, ["leak", {"preset": "full-heap", "live": False}])
    status = leak.locator("[data-lab-status]")
    expect(status).to_have_text(re.compile(r"^Server run replayed: java\.lang\.OutOfMemoryError"), timeout=15_000)
    expect(leak.locator("#leak-preset")).to_have_value("full-heap")
    expect(leak.locator("[data-lab-stat='major']")).not_to_have_text("0")
    expect(leak.locator("[data-lab-stat='floor']")).to_have_text(re.compile(r"^\d+ MB$"))
    expect(leak.locator("[data-lab-value='old']")).to_have_text(re.compile(r"^\d+ / 192 MB$"))
    assert page.evaluate(PIXELS, ["leak", LEAK_ORANGE]) > 0
    states = page.evaluate("() => window.states")
    assert [(s["running"], s["preset"], s["live"], s["error"]) for s in states] == [
        (True, "full-heap", True, None), (False, "full-heap", True, None)]


def test_a_live_run_of_an_experiment_without_one_says_so(page: Page, guide: Sidecar) -> None:
    page.goto(guide.base + "lab/")
    storm = page.locator("[data-docent-experiment='storm']")
    page.evaluate(RUN, ["storm", {"preset": None, "live": True}])
    expect(storm.locator("[data-lab-status]")).to_have_text("This experiment has no live run.")
    expect(storm.locator("[data-lab-stat='attempts']")).to_have_text("0")
