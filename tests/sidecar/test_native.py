"""What a compiled build compiles (`docent.sidecar.answer.native`, read by setup.py and the bench), and that a pure
install needs nothing of mypy's for the marks mypyc reads."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from docent.sidecar.answer import native, sentences

PACKAGE = Path(native.__file__).parent


def test_the_gate_and_its_rules_are_compiled_and_the_turn_is_not() -> None:
    compiled = {str(p.relative_to(PACKAGE)) for p in native.modules(PACKAGE)}
    assert {"gate.py", "sentences.py", "order.py", "rules/types.py", "rules/polarity.py"} <= compiled
    assert not compiled & {"turn.py", "checking.py", "bundle.py", "native.py", "__init__.py", "rules/__init__.py"}
    assert all((PACKAGE / name).is_file() for name in native.LEFT_PURE)  # a module renamed is not silently compiled


def test_the_mark_is_nothing_at_run_time() -> None:
    assert sentences.Raw.of("It ran.", True).line_start and not sentences.Raw.of("It ran.", False).line_start
    assert native.mypyc_attr(native_class=False)(int) is int


def test_the_gate_imports_without_mypy_extensions() -> None:
    code = ("import sys; sys.modules['mypy_extensions'] = None; import docent.sidecar.answer.gate, "
            "docent.sidecar.answer.rules; print('ok')")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env={"PYTHONPATH": str(PACKAGE.parents[2])})
    assert done.stdout.strip() == "ok", done.stderr


@pytest.mark.slow
def test_mypyc_accepts_the_gate_as_it_stands(tmp_path: Path) -> None:
    """mypyc's front end over the modules a compiled build compiles (mypy with its plugin, the IR, the C: some 5 s, no
    C compiler): what it refuses fails here, not in an owner's `DOCENT_COMPILE=1` build. Twice so far a module-level
    constant read across an import cycle (`rules/polarity.RULE`, `complements.CUES`) had to have its type written
    ("Cannot determine type"), where plain mypy passed."""
    pytest.importorskip("mypyc")
    root = PACKAGE.parents[3]  # the checkout: its pyproject.toml holds mypy's config, as for setup.py
    paths = [str(p.relative_to(root)) for p in native.modules(PACKAGE)]
    code = "import sys; from mypyc.build import mypycify; mypycify(sys.argv[2:], target_dir=sys.argv[1])"
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path), *paths], cwd=root, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
