"""`docent`: the subcommands dispatch, and bad settings stop `serve` with what to fix."""

from __future__ import annotations

import argparse
import errno
import os
from pathlib import Path
from typing import Any

import pytest

from docent.cli import COMMANDS, main
from docent.sidecar.cli import banner, missing_bundle, site_url_mismatch, unlistened
from docent.sidecar.settings import Settings

EVALS = Path(__file__).resolve().parents[1] / "evals"


@pytest.mark.usefixtures("logging_kept")  # serve sets logging up for the process
def test_serve_with_a_bad_setting_stops_before_listening_and_says_what_to_fix(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DOCENT_BUDGET_USD", "lots")
    assert main(["serve", "--port", "0"]) == 2
    assert "DOCENT_BUDGET_USD='lots' is not a number" in capsys.readouterr().err


@pytest.mark.usefixtures("logging_kept")  # serve sets logging up for the process
def test_serve_at_a_port_in_use_says_so_and_how_to_pick_another(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A second `docent serve` on pipx's docs (port 8000 taken) ended in a traceback from bind()."""
    import socket

    monkeypatch.setenv("DOCENT_STATE_DIR", str(tmp_path / "state"))
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port), "--bundle", str(tmp_path / "docent-bundle.json")]) == 2
    err = capsys.readouterr().err
    assert f"Docent cannot start:\n  - 127.0.0.1:{port} is in use already" in err, err
    assert f"--port {port + 1} (--port 0 picks a free one)" in err and "Traceback" not in err
    in_use = OSError(errno.EADDRINUSE, "Address already in use")
    assert "--port 8002 (" in unlistened("127.0.0.1", 8001, in_use)  # never the very port in use


def test_the_banner_gives_the_address_and_whether_the_guide_is_on(tmp_path: Path) -> None:
    on = Settings(enabled=True, model="offline", site=tmp_path)
    assert banner(on, 8000) == f"Docent: serving http://127.0.0.1:8000/ (guide on, offline model; site from {tmp_path})"
    assert "guide off: pass --enable" in banner(Settings(), 8000)


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_each_subcommand_is_reached_and_its_help_says_what_it_and_each_option_does(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        main([command, "--help"])
    assert exited.value.code == 0
    said = capsys.readouterr().out
    assert f"docent {command}" in said
    load, summary = COMMANDS[command]
    assert summary[1:] + "." in said  # the one line `docent --help` lists, as the subcommand's description
    parser = argparse.ArgumentParser()
    load().add_arguments(parser)
    assert [a.dest for a in parser._actions if not a.help] == []


def test_without_a_bundle_the_banner_and_the_next_line_say_what_to_run(tmp_path: Path) -> None:
    settings = Settings(enabled=True, model="offline", bundle=tmp_path / "docent-bundle.json")
    assert banner(settings, 8000, bundled=False) == (
        "Docent: serving http://127.0.0.1:8000/ (guide on, offline model, but no bundle to answer from yet)")
    said = missing_bundle(settings)
    assert said is not None and said.startswith(f"No bundle at {tmp_path / 'docent-bundle.json'}: run `mkdocs build`")
    assert missing_bundle(Settings(bundle=EVALS / "bundle.json")) is None


def _site(tmp_path: Path, site_url: str | None, features: str | None = '"navigation.instant", "navigation.tabs"') -> Path:
    """A home page as Material writes it: the canonical link, and the features in its configuration script
    (features None: no such script, as MkDocs's own themes write it)."""
    link = f'<link rel="canonical" href="{site_url}">' if site_url else ""
    config = "" if features is None else (
        f'<script id="__config" type="application/json">{{"base": ".", "features": [{features}]}}</script>')
    (tmp_path / "index.html").write_text(f"<html><head>{link}</head><body>{config}</body></html>", encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(
    ("site_url", "host", "warned"),
    [
        ("http://127.0.0.1:8000/", "127.0.0.1", False),
        ("http://127.0.0.1:8000/", "0.0.0.0", False),  # listening everywhere: the port is what can be checked
        ("https://docs.example.org/", "127.0.0.1", True),
        ("http://127.0.0.1:8001/", "127.0.0.1", True),
        ("http://127.0.0.1:8000/docs/", "127.0.0.1", True),  # a subpath, served here at the root
    ],
)
def test_a_site_url_other_than_the_served_address_is_warned_about_with_the_fix(
    tmp_path: Path, site_url: str | None, host: str, warned: bool
) -> None:
    said = site_url_mismatch(Settings(site=_site(tmp_path, site_url), host=host), 8000)
    if not warned:
        assert said is None
        return
    assert said is not None
    assert f"built with site_url {site_url}, but is served here at http://{host}:8000/" in said
    assert "each click reloads the page" in said and f"build with site_url: http://{host}:8000/" in said


def test_instant_navigation_without_a_site_url_is_warned_about_with_the_fix(tmp_path: Path) -> None:
    """pipx's Material docs set no site_url; with navigation.instant on, the sitemap lists no page, so every click
    reloaded the page (checked in Chromium), and serve said nothing."""
    said = site_url_mismatch(Settings(site=_site(tmp_path, None)), 8767)
    assert said is not None and "navigation.instant but no site_url" in said, said
    assert "each click reloads the page" in said and "site_url: http://127.0.0.1:8767/" in said


@pytest.mark.parametrize("features", ['"navigation.tabs"', None])
def test_a_site_without_instant_navigation_is_not_warned_about_its_site_url(
    tmp_path: Path, features: str | None
) -> None:
    """MkDocs's own theme (its docs built for https://www.mkdocs.org/, previewed on loopback), or Material with
    navigation.instant off, reloads on each click wherever it is served: a warning about it would be wrong."""
    site = _site(tmp_path, "https://www.mkdocs.org/", features)
    assert site_url_mismatch(Settings(site=site, host="127.0.0.1"), 8000) is None


def test_serve_says_at_its_start_what_to_build_and_that_the_sites_site_url_is_another_address(tmp_path: Path) -> None:
    """The two set-up traps that said nothing: a guide with no bundle (it said "guide on") and a site built for
    another address than the one served (each click reloaded the page). Both are said before the first request,
    and nothing else: one process alone makes its own proof-of-work secret without a word (that warning is for
    sidecars sharing a Redis), so it is no line here."""
    import os
    import subprocess
    import sys
    import threading

    site = tmp_path / "site"
    site.mkdir()
    _site(site, "https://docs.example.org/")
    env = {name: value for name, value in os.environ.items() if not name.startswith("DOCENT_")}
    env["DOCENT_STATE_DIR"] = str(tmp_path / "state")  # the day's spend kept here, not in the home folder
    command = [sys.executable, "-c", "from docent.cli import main; raise SystemExit(main())", "serve", "--site",
               str(site), "--bundle", str(tmp_path / "docent-bundle.json"), "--enable", "--model", "offline",
               "--port", "0"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    stop = threading.Timer(60, process.kill)  # were a line never to come, the read below ends with the process
    stop.start()
    try:
        banner_line = process.stdout.readline() if process.stdout else ""
        said = [process.stderr.readline() if process.stderr else "" for _ in range(2)]
    finally:
        stop.cancel()
        process.kill()
        process.communicate()
    assert "guide on, offline model, but no bundle to answer from yet" in banner_line, banner_line
    assert said[0].startswith(f"Docent: No bundle at {tmp_path / 'docent-bundle.json'}: run `mkdocs build`"), said
    assert said[1].startswith("Docent: the site was built with site_url https://docs.example.org/, but is served "
                              "here at http://127.0.0.1:"), said
    assert "build with site_url: http://127.0.0.1:" in said[1]


@pytest.mark.usefixtures("logging_kept")  # serve sets logging up for the process
def test_serve_collects_the_young_generation_less_often_and_leaves_its_start_out_of_collections(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under a burst the collector's young collections found the answers in flight alive and moved them into the old
    generation, whose full collections walk every object held: `docent serve` sets the young threshold before it
    serves (the other two as they were), and a worker of several does when it makes its app. Once the app it serves
    has started, the bundle read and warmed, what the process holds is out of every later collection (`gc.freeze`):
    the bundle is no longer among the objects a collection walks. An app made and started outside serving (the
    tests, the evals) freezes nothing."""
    import asyncio
    import gc
    import socket

    import uvicorn

    from docent.sidecar import cli, collector
    from docent.sidecar.app import create_app
    from tests.sidecar.appkit import write_bundle

    bundle = write_bundle(tmp_path / "docent-bundle.json")
    monkeypatch.setenv("DOCENT_STATE_DIR", str(tmp_path / "state"))
    monkeypatch.setenv("DOCENT_BUNDLE", str(bundle))
    monkeypatch.setattr(collector, "_serving", [False])  # this test process serves nothing before the test

    def start(app: Any) -> tuple[int, bool]:
        """The app's start run (its lifespan, as uvicorn runs it): how many objects are frozen then, and whether
        the bundle it loaded is among those a collection walks."""

        async def started() -> tuple[int, bool]:
            async with app.router.lifespan_context(app):
                loaded = app.state.guide.bundle()
                assert loaded is not None
                return gc.get_freeze_count(), any(o is loaded for o in gc.get_objects())

        return asyncio.run(started())

    seen: list[tuple[int, int, int]] = []
    started: list[tuple[int, bool]] = []

    def serves(self: uvicorn.Server, sockets: list[socket.socket] | None = None) -> None:
        seen.append(gc.get_threshold())  # as it begins to serve
        started.append(start(self.config.app))
        for sock in sockets or []:
            sock.close()

    monkeypatch.setattr(uvicorn.Server, "run", serves)
    kept = gc.get_threshold()
    try:
        gc.set_threshold(700, 10, 10)
        assert start(create_app(Settings.from_env(os.environ))) == (0, True)  # not serving: nothing frozen
        assert gc.get_threshold() == (700, 10, 10)
        assert main(["serve", "--port", "0", "--bundle", str(bundle)]) == 0
        assert seen == [(cli.YOUNG_COLLECTION, 10, 10)]
        assert cli.YOUNG_COLLECTION > 700
        [(frozen, walked)] = started
        assert frozen > 0 and not walked, started
        gc.unfreeze()
        gc.set_threshold(700, 10, 10)
        monkeypatch.setattr(collector, "_serving", [False])
        monkeypatch.setattr("docent.sidecar.app.create_app", lambda settings: "app")
        assert cli.worker_app() == "app"
        assert gc.get_threshold() == (cli.YOUNG_COLLECTION, 10, 10)
        assert collector._serving == [True]  # its app's start freezes what it holds, as serve's does
    finally:
        gc.unfreeze()
        gc.set_threshold(*kept)
