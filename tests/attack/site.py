"""The bundle the attack, fault, bad-input and load tests run against: the example site's, as built.

`example_bundle()` builds the example site once per process with `mkdocs build` (in a temporary copy, so the
checkout stays clean); `write_hand_bundle()` copies the snapshot of that build kept in `tests/evals/bundle.json`
(a test checks it is what the build writes), for the tests that need a bundle but not a build.
"""

from __future__ import annotations

import functools
import importlib.util
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SNAPSHOT = ROOT / "tests" / "evals" / "bundle.json"
SEARCH_SNAPSHOT = ROOT / "tests" / "evals" / "bundle-search.json"


def write_hand_bundle(directory: Path) -> Path:
    path = directory / "docent-bundle.json"
    shutil.copy(SNAPSHOT, path)
    return path


def plugin_ready() -> bool:
    return (ROOT / "mkdocs.yml").is_file() and importlib.util.find_spec("docent.plugins.plugin") is not None


@functools.cache
def example_bundle() -> Path:
    """The example site's bundle, built once per process; the snapshot while the plugin is not there."""
    work = Path(tempfile.mkdtemp(prefix="docent-site-"))
    if plugin_ready():
        shutil.copy(ROOT / "mkdocs.yml", work / "mkdocs.yml")
        shutil.copytree(ROOT / "docs", work / "docs")
        done = subprocess.run(
            [sys.executable, "-m", "mkdocs", "build", "-q", "-d", str(work / "site")],
            cwd=work, capture_output=True, text=True, timeout=120,
        )
        bundle = work / "docent-bundle.json"
        if done.returncode == 0 and bundle.is_file():
            return bundle
        raise RuntimeError(f"mkdocs build of the example site failed:\n{done.stdout}\n{done.stderr}")
    return write_hand_bundle(work)


@functools.cache
def example_search_bundle() -> Path:
    """The example site's bundle with its record searched: `docent manifest --record search` over the same build."""
    from docent.manifest_build.cli import main as manifest

    built = example_bundle()
    site = built.parent / "site"
    if not site.is_dir():
        return SEARCH_SNAPSHOT
    search = built.parent / "docent-bundle-search.json"
    code = manifest([str(site), "--config", str(built.parent / "mkdocs.yml"), "--bundle", str(search),
                     "--record", "search", "--strict"])
    if code != 0:
        raise RuntimeError(f"docent manifest --record search of the example site exited {code}")
    return search
