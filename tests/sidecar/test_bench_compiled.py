"""The compiled `src` the benches start the app from (tests/bench/_compiled_app.py, `_gate_mypyc`'s build): a process
started from it runs the gate compiled, and the check that says so refuses a process that runs the gate pure."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.bench import _compiled_app, _gate_mypyc

PURE = _compiled_app.ROOT / "src"
# The gate imported, its file said, and the process kept alive until its stdin closes, for its /proc/PID/maps.
RUNS_THE_GATE = ("import sys, docent.sidecar.answer.gate as gate; print(gate.__file__, flush=True); "
                 "sys.stdin.read()")


@contextmanager
def _running(src: Path) -> Iterator[tuple[int, str]]:
    """A process started from `src` as the benches start theirs (`_compiled_app.env`), with the gate imported: its
    pid and the file its gate came from."""
    process = subprocess.Popen([sys.executable, "-c", RUNS_THE_GATE], cwd=_compiled_app.ROOT, text=True,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               env={**os.environ, **_compiled_app.env(src)})
    try:
        assert process.stdout is not None
        yield process.pid, process.stdout.readline().strip()
    finally:
        process.communicate(timeout=30)


def test_a_process_that_runs_the_gate_pure_is_refused() -> None:
    with _running(PURE) as (pid, file):
        assert file == str(PURE / "docent/sidecar/answer/gate.py")
        assert _compiled_app.mapped(pid, PURE) == set()
        with pytest.raises(AssertionError, match="did not load the compiled gate"):
            _compiled_app.check_mapped(pid, PURE)
        with pytest.raises(AssertionError, match="did not load the compiled gate"):
            _compiled_app.check_file(file, PURE)


@pytest.mark.slow
def test_a_process_started_from_the_compiled_src_runs_the_gate_compiled(tmp_path: Path) -> None:
    """The bench's build (`_gate_mypyc._compiled`) of the gate and the class it is (`Judge`), not of the whole
    gate's modules (minutes): the same copy of `src`, the same mypyc, the same start."""
    lacking = _gate_mypyc.missing()
    if lacking:
        pytest.skip(f"no compiled build here: {lacking}")
    src = _gate_mypyc._compiled(tmp_path, ("gate.py", "judge.py"))
    with _running(src) as (pid, file):
        assert "docent/sidecar/answer/gate" in _compiled_app.mapped(pid, src)
        _compiled_app.check_mapped(pid, src)
        _compiled_app.check_file(file, src)
