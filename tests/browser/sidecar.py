"""The example site built once into a temporary folder, and a real sidecar serving it on loopback."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from tests.loopback import free_port
from tests.sidecars import replayed, stop, wait_until_up

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


def build_site(folder: Path, *, material: bool = False, site_url: str | None = None) -> tuple[Path, Path]:
    """`mkdocs build` of the example site into folder/site; its bundle goes to folder/docent-bundle.json."""
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    config["docs_dir"] = str(ROOT / "docs")
    if site_url:
        config["site_url"] = site_url
    if material:
        config["theme"] = {"name": "material", "features": ["navigation.instant"]}
    path = folder / "mkdocs.yml"
    path.write_text(yaml.safe_dump(config, allow_unicode=True, sort_keys=False), encoding="utf-8")
    site = folder / "site"
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--quiet", "-f", str(path), "-d", str(site)],
        check=True, cwd=folder, timeout=120,
    )
    return site, folder / "docent-bundle.json"


@dataclass
class Sidecar:
    base: str  # "http://127.0.0.1:PORT/"
    replay_log: Path

    def requests(self) -> list[dict[str, Any]]:
        """Every request the replay model was sent, oldest first."""
        return replayed(self.replay_log)


@contextlib.contextmanager
def sidecar(site: Path, bundle: Path, script: Path | None, log: Path, *, port: int | None = None) -> Iterator[Sidecar]:
    """`docent serve` on a (free) loopback port, switched on, on the replay model (the embedded offline model when
    there is no script); stopped on the way out."""
    port = port or free_port()
    env = dict(os.environ)
    env.update({
        "DOCENT_REPLAY_LOG": str(log),
        "DOCENT_POW_SECRET": "browser-tests-" + "0" * 32,
        # One browser asks every test's questions from one address: the limits are others' tests.
        "DOCENT_RATE_ADDRESS": "1000/minute",
        "DOCENT_RATE_START": "1000/minute", "DOCENT_RATE_READ": "1000/minute",
        "DOCENT_RATE_CONVERSATION": "1000/hour",
        "DOCENT_RATE_OVERALL": "10000/hour",
    })
    command = [str(BIN / "docent"), "serve", "--site", str(site), "--bundle", str(bundle), "--enable",
               "--model", f"replay:{script}" if script else "offline", "--host", "127.0.0.1", "--port", str(port)]
    output = log.with_suffix(".out")
    with open(output, "wb") as sink:
        process = subprocess.Popen(command, env=env, stdout=sink, stderr=subprocess.STDOUT, cwd=site.parent)
    base = f"http://127.0.0.1:{port}/"
    try:
        wait_until_up(process, base + "api/guide", output, every=0.1)
        yield Sidecar(base, log)
    finally:
        stop(process)
