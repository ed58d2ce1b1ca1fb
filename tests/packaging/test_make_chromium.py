"""`make chromium` gives the browser tests Chromium's emoji font where apt-get installs packages, and leaves a machine
without apt-get, or one where the font cannot be installed, to run the tests all the same. Run with stand-ins on PATH
for the programs the recipe asks (chromium, id, apt-get, dpkg-query), which say what was asked of them."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MAKE = shutil.which("make")
pytestmark = pytest.mark.skipif(MAKE is None, reason="no make on this machine")


def _stub(folder: Path, name: str, body: str) -> None:
    path = folder / name
    path.write_text(f"#!/bin/sh\n{body}\n")
    path.chmod(0o755)


def _make(tmp_path: Path, *, uid: int, apt: str | None, installed: bool) -> tuple[subprocess.CompletedProcess[str], str]:
    """`make chromium` with Chromium present, as user `uid`; `apt`: None where no apt-get is on PATH, else what its
    install does ("ok", or "fail"); `installed`: the font's package is installed. Returns the run and apt-get's calls."""
    bin_ = tmp_path / "bin"
    bin_.mkdir()
    calls = tmp_path / "apt-calls"
    calls.touch()
    _stub(bin_, "chromium", "exit 0")
    _stub(bin_, "id", f"echo {uid}")
    _stub(bin_, "grep", f'exec {shutil.which("grep")} "$@"')
    _stub(bin_, "dpkg-query", "echo 'install ok installed'" if installed else "exit 1")
    if apt is not None:
        fails = 'case "$1" in install) exit 100;; esac' if apt == "fail" else ""
        _stub(bin_, "apt-get", f'echo "$*" >> {calls}\n{fails}\nexit 0')
    run = subprocess.run([str(MAKE), "-s", "-C", str(ROOT), "chromium"], capture_output=True, text=True, timeout=60,
                         env={"PATH": str(bin_), "HOME": str(tmp_path)})
    return run, calls.read_text()


def test_as_root_with_apt_the_emoji_font_is_installed(tmp_path: Path) -> None:
    run, calls = _make(tmp_path, uid=0, apt="ok", installed=False)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "install -y -qq --no-install-recommends fonts-noto-color-emoji" in calls


def test_an_installed_font_is_left_alone(tmp_path: Path) -> None:
    run, calls = _make(tmp_path, uid=0, apt="ok", installed=True)
    assert run.returncode == 0 and calls == "" and run.stdout == ""


def test_without_apt_nothing_is_asked_and_the_tests_go_on(tmp_path: Path) -> None:
    run, calls = _make(tmp_path, uid=0, apt=None, installed=False)
    assert run.returncode == 0 and calls == "" and run.stdout == "", run.stdout + run.stderr


def test_a_user_is_told_how_and_the_tests_go_on(tmp_path: Path) -> None:
    run, calls = _make(tmp_path, uid=1000, apt="ok", installed=False)
    assert run.returncode == 0 and calls == "", run.stdout + run.stderr
    assert "sudo apt-get install fonts-noto-color-emoji" in run.stdout


def test_a_font_that_cannot_be_installed_is_said_and_the_tests_go_on(tmp_path: Path) -> None:
    run, calls = _make(tmp_path, uid=0, apt="fail", installed=False)
    assert run.returncode == 0 and "fonts-noto-color-emoji" in calls, run.stdout + run.stderr
    assert "could not be installed" in run.stdout
