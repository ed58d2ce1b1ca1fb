"""The linker beside Chromium's own module loader: a graph of modules that log as they run gives the same log loaded
as native ES modules and as the one classic script the build links from them."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser

from docent.plugins.linker import link
from tests.browser.chromium import static_server

pytestmark = pytest.mark.browser

MODULES = {
    "main.js": """/* the entry */
import { greet, Counter } from "./lib/greet.js";
import { seen as shared } from "./shared.js";
import { total } from "./total.js";
window.log.push("main: " + greet("you") + ", " + new Counter().next() + ", " + shared.join("+") + ", " + total());
window.log.push("main this: " + typeof this + ", strict: " + (function () { return this === undefined; })());
""",
    "lib/greet.js": """import { seen } from "../shared.js";
seen.push("greet");
window.log.push("greet runs");
export function greet(name) { return prefix() + name; }
function prefix() { return "hello "; }
export class Counter { constructor() { this.n = 0; } next() { return ++this.n; } }
""",
    "shared.js": """window.log.push("shared runs");
const seen = [];
export { seen };
""",
    "total.js": """import { seen } from "./shared.js";
import { Counter as Count } from "./lib/greet.js";
seen.push("total");
window.log.push("total runs");
export const total = () => seen.length + new Count().next();
""",
}


def test_the_linked_script_runs_as_chromium_runs_the_modules(browser: Browser, tmp_path: Path) -> None:
    for name, text in MODULES.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    (tmp_path / "linked.js").write_text(link("main.js", lambda name: MODULES[name], heading="/* linked */"))
    head = "<!doctype html><meta charset='utf-8'><title>linker</title><script src='log.js'></script>"
    (tmp_path / "log.js").write_text("window.log = [];\n", encoding="utf-8")
    (tmp_path / "native.html").write_text(head + "<script type='module' src='main.js'></script>", encoding="utf-8")
    (tmp_path / "linked.html").write_text(head + "<script src='linked.js' defer></script>", encoding="utf-8")
    logs = {}
    with static_server(tmp_path) as base:
        page = browser.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(error.message))
        for kind in ("native", "linked"):
            page.goto(f"{base}{kind}.html")
            page.wait_for_function("() => window.log.length === 5")
            logs[kind] = page.evaluate("() => window.log")
        page.close()
    assert not errors
    assert logs["native"] == [
        "shared runs", "greet runs", "total runs", "main: hello you, 1, greet+total, 3",
        "main this: undefined, strict: true"]
    assert logs["linked"] == logs["native"]
