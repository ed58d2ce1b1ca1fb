"""`docent`: the subcommands dispatch, and bad settings stop `serve` with what to fix."""

from __future__ import annotations

from pathlib import Path

import pytest

from docent.sidecar.cli import banner, main
from docent.sidecar.settings import Settings


def test_serve_with_a_bad_setting_stops_before_listening_and_says_what_to_fix(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DOCENT_BUDGET_USD", "lots")
    assert main(["serve", "--port", "0"]) == 2
    assert "DOCENT_BUDGET_USD='lots' is not a number" in capsys.readouterr().err


def test_the_banner_gives_the_address_and_whether_the_guide_is_on(tmp_path: Path) -> None:
    on = Settings(enabled=True, model="offline", site=tmp_path)
    assert banner(on, 8000) == f"Docent: serving http://127.0.0.1:8000/ (guide on, offline model; site from {tmp_path})"
    assert "guide off: pass --enable" in banner(Settings(), 8000)


@pytest.mark.parametrize("command", ["manifest", "eval"])
def test_the_other_subcommands_are_reached(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main([command, "--help"])
    assert exited.value.code == 0
    assert f"docent {command}" in capsys.readouterr().out
