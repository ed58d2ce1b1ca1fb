"""Debian's Chromium under Playwright, and a small static server: what the browser tests and the bench share."""

from __future__ import annotations

import contextlib
import functools
import http.server
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

from playwright.sync_api import Browser, Playwright, sync_playwright

from docent.plugins import worker_script

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ASSETS = Path(__file__).resolve().parents[2] / "src" / "docent" / "plugins" / "assets"

# On an assets_page: starts the panel's worker on a challenge, as the panel does as it opens; resolves with the
# worker's answer ({type: "solved", number} or {type: "failed", message}), the tries it reported, and its seconds.
SOLVE = """(challenge) => new Promise((resolve) => {
  const began = performance.now();
  const worker = new Worker("docent/worker.js");
  const progress = [];
  worker.onmessage = (m) => {
    if (m.data.type === "progress") { progress.push(m.data.tried); return; }
    worker.terminate();
    resolve({...m.data, progress, s: (performance.now() - began) / 1000});
  };
  worker.postMessage(challenge);
})"""


def executable() -> str:
    return shutil.which("chromium") or CHROMIUM


@contextlib.contextmanager
def chromium() -> Iterator[tuple[Playwright, Browser]]:
    """A headless Chromium, closed on the way out."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable(), args=ARGS, headless=True)
        try:
            yield playwright, browser
        finally:
            browser.close()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    extra_headers: dict[str, str] = {}

    def end_headers(self) -> None:
        for name, value in self.extra_headers.items():
            self.send_header(name, value)
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base class's name
        pass


@contextlib.contextmanager
def static_server(root: Path, *, headers: dict[str, str] | None = None) -> Iterator[str]:
    """Serves a folder on a free loopback port; yields its base URL ("http://127.0.0.1:PORT/")."""
    handler = type("Handler", (_QuietHandler,), {"extra_headers": dict(headers or {})})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(root)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def assets_page(folder: Path, body: str = "") -> Path:
    """A page of our own with the panel's assets under docent/, for testing the pieces alone: the browser loads the
    SHA-256, the SSE parser and the controller (with every module it imports) as the ES modules they are
    (window.sha256, window.sse, window.controller), and the worker is docent/worker.js as a build links it."""
    shutil.copytree(ASSETS, folder / "docent", dirs_exist_ok=True)
    (folder / "docent" / "worker.js").write_text(worker_script(), encoding="utf-8")
    (folder / "errors.js").write_text(  # what the page's scripts throw, a module that does not link included
        "window.errors = []; addEventListener('error', (e) => window.errors.push(e.message));", encoding="utf-8")
    (folder / "index.html").write_text(
        "<!doctype html><html><head><meta charset='utf-8'><title>Docent pieces</title><script src='errors.js'></script>"
        "<script type='module'>import * as sha256 from './docent/sha256.js'; import * as sse from './docent/sse.js';"
        " Object.assign(window, { sha256, sse });</script>"
        "<script type='module'>import * as controller from './docent/controller.js'; window.controller = controller;"
        "</script></head>"
        f"<body>{body}</body></html>",
        encoding="utf-8",
    )
    return folder
