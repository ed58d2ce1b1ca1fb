"""The panel's scripts stay in the style they are written in: ES modules of `const` and `let`, classes and
`async`/`await`, each small. An ES5 leftover (a `var`, a method assigned to a prototype, a `.then` chain) or a
module grown past the size where it is a sign to split fails here, naming the file and the line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ASSETS = Path(__file__).resolve().parents[2] / "src" / "docent" / "plugins" / "assets"
SCRIPTS = sorted(ASSETS.glob("*.js"))
ES5 = re.compile(r"\bvar\s|\.prototype\.|\.then\(")
MOST_LINES = 400  # the limit for any module


def test_the_panel_has_scripts_to_check() -> None:
    assert {"panel.js", "controller.js", "worker.js"} <= {path.name for path in SCRIPTS}


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda path: path.name)
def test_a_panel_module_declares_with_const_and_let_and_awaits_rather_than_chaining(path: Path) -> None:
    lines = path.read_text(encoding="utf-8").splitlines()
    found = [f"{path.name}:{number}: {line.strip()}" for number, line in enumerate(lines, 1) if ES5.search(line)]
    assert not found, "write `const`/`let`, `class` and `await` instead:\n" + "\n".join(found)
    assert len(lines) <= MOST_LINES, f"{path.name} has {len(lines)} lines; split it into modules of one noun each"
