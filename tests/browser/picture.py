"""The README's picture of the panel answering: `python -m tests.browser.picture docs-readme/panel.png`.

The example site built and served by a real sidecar on the replay model, a desktop-sized Chromium, one question
asked on the 3-D Secure case page; the answer is written to pass the sidecar's checks like every replayed one.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import expect

from tests.browser.chromium import chromium
from tests.browser.panel import ask, open_panel
from tests.browser.sidecar import build_site, sidecar

QUESTION = "What did she do on 3-D Secure?"
REPLY = {"question": "3-D Secure", "calls": [
    [{"text": "Mara designed the authentication decision service for 3-D Secure at Alderway Bank. "
              "[[case-3ds-approach]] "},
     {"text": "The rollout went by card range over six weeks, with no incident that reached a cardholder. "
              "[[case-3ds-results]] "},
     {"text": "In the first full quarter, 71 % of payments went through without a challenge. [[case-3ds-results]]"},
     {"tool": "offer", "input": {"id": "cv"}}],
    [{"text": "Mara has been a staff engineer at Alderway Bank since 2021. [[roles-alderway]]"}],
]}


def main(out: Path) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        site, bundle = build_site(folder)
        script = folder / "replay.json"
        script.write_text(json.dumps({"replies": [REPLY], "seed": 7}), encoding="utf-8")
        with sidecar(site, bundle, script, folder / "replay-log.jsonl") as guide, chromium() as (_, browser):
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            open_panel(page, guide.base + "cases/3ds/")
            log = ask(page, QUESTION)
            expect(log.locator(".docent-offer")).to_have_count(1)
            page.mouse.move(0, 0)
            page.locator("textarea").blur()
            out.parent.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(out))
    if shutil.which("pngquant"):  # Debian's pngquant, where installed: the same picture in about a third of the bytes
        subprocess.run(["pngquant", "--quality", "70-90", "--speed", "1", "--force", "--output", str(out), str(out)],
                       check=True)
    print(f"wrote {out} ({out.stat().st_size // 1024} KB)")


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs-readme/panel.png"))
