"""What an honest visitor's proof of work costs while one address bursts (issue 24).

The sidecar runs in this process with the default limits, except that one address may ask as many questions an
hour as the whole guide (600/hour, what the default 10/minute comes to over an hour). One address asks 540 of
them, nine tenths of the overall window, and asks for challenges at its start limit; meanwhile ten visitors, each
from an address of its own, ask for one challenge each through the same endpoint. Their challenges are then solved
by the panel's worker in headless Chromium, as their browsers would.

`pow_honest_solve_s_under_burst`: the honest visitors' median solve time.
`pow_honest_maxnumber_under_burst`, `pow_burster_maxnumber`: the difficulty each side was given (the burster's
last challenge of its minute).
`pow_honest_maxnumber_under_burst_before`: what the honest ones were given before this change, when the overall
rate counted every question alike (worked out from the same window with the old curve: calm to half, then up), and
`pow_honest_solve_s_under_burst_before`: the median solve of ten challenges of that difficulty, side by side.
"""

from __future__ import annotations

import asyncio
import secrets
import statistics
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx

from docent.sidecar.app import create_app
from docent.sidecar.proof import difficulty
from docent.sidecar.settings import Settings
from tests.bench.pow import challenge as made_challenge
from tests.browser.chromium import SOLVE, assets_page, chromium, static_server
from tests.sidecar.appkit import write_bundle

BURST = 540
HONEST = 10
BURSTER = "203.0.113.9"


async def _challenges(folder: Path) -> tuple[list[dict[str, Any]], list[int], float]:
    settings = replace(
        Settings(), enabled=True, bundle=write_bundle(folder / "docent-bundle.json"), pow_secret_made=False,
        rate_address="600/hour", rate_read="100000/minute",
    )
    app = create_app(settings)

    def visitor(address: str) -> httpx.AsyncClient:
        transport = httpx.ASGITransport(app=app, client=(address, 40000))
        return httpx.AsyncClient(transport=transport, base_url="http://guide.test")

    async def challenge(http: httpx.AsyncClient) -> dict[str, Any]:
        response = await http.post("/api/guide/challenge", json={"purpose": "guide"})
        response.raise_for_status()
        return dict(response.json())

    for n in range(BURST):
        await app.state.limits.question(address=BURSTER, conversation=f"burst-{n}")
    async with visitor(BURSTER) as burster:
        burst = [await challenge(burster) for _ in range(10)]  # its start limit: ten a minute
    honest = []
    for n in range(HONEST):
        async with visitor(f"198.51.100.{n + 1}") as http:
            honest.append(await challenge(http))
    overall = await app.state.limits._use(app.state.limits._overall, "overall", "all")  # every question alike, as before
    before = difficulty(0.0, overall, calm=settings.pow_maxnumber, top=settings.pow_maxnumber_top)
    return honest, [int(c["maxnumber"]) for c in burst], float(before)


def run() -> dict[str, float]:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        honest, burst, before = asyncio.run(_challenges(folder))
        root = assets_page(folder / "page")
        with static_server(root) as base, chromium() as (_, browser):
            page = browser.new_page()
            page.goto(base)
            page.evaluate(SOLVE, {**honest[0], "maxnumber": 10})  # warm the worker's script cache
            times = _solved(page, honest)
            # The same visitors under the old curve: challenges of that difficulty, their secret numbers drawn alike.
            old = _solved(page, [made_challenge(secrets.randbelow(int(before) + 1), int(before)) for _ in honest])
    return {
        "pow_honest_solve_s_under_burst": statistics.median(times),
        "pow_honest_solve_max_s_under_burst": max(times),
        "pow_honest_maxnumber_under_burst": float(statistics.median(int(c["maxnumber"]) for c in honest)),
        "pow_honest_maxnumber_under_burst_before": before,
        "pow_honest_solve_s_under_burst_before": statistics.median(old),
        "pow_burster_maxnumber": float(burst[-1]),
    }


def _solved(page: Any, challenges: list[dict[str, Any]]) -> list[float]:
    times = []
    for challenge in challenges:
        out = page.evaluate(SOLVE, challenge)
        if out.get("number") is None:
            raise AssertionError(f"the worker found no answer: {out}")
        times.append(float(out["s"]))
    return times


if __name__ == "__main__":
    for key, value in run().items():
        print(f"{key}  {value:.4f}")
