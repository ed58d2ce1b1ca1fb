"""Vendored documentation sites built once a run and shared read-only.

A test asks the session fixture `site_builds` (tests/conftest.py) for a site's folder and the environment it builds
with, `site_builds(folder, **env)`, and gets the one `docsite.Built` of that pair for the whole run: its bundle and
site are to read, never to write (its files are made read-only; a test that needs a build of its own to change calls
`docsite.build_copy`). uv's, Django Ninja's and docker-mailserver's docs were each built twice a run, once by
tests/build/test_heldout_sites.py and again by the embedded model's tests of them.

Not built ahead in the background: a thread building the marked sites under `nice` while the tests before them ran
was tried, and on a machine loaded by others its builds starved and the tests waiting on them waited longer; what it
would gain on two idle cores could not be measured here.
"""

from __future__ import annotations

import stat
from pathlib import Path

from tests.evals.docsite import SITE, Built, build_copy

SITES = SITE.parent


def folder(name: str | Path) -> Path:
    """A site: a folder of tests/data/sites by name, or a path."""
    return (SITES / name if isinstance(name, str) and "/" not in name else Path(name)).resolve()


class SiteBuilds:
    """The run's shared builds, each under its own folder of `into`."""

    def __init__(self, into: Path) -> None:
        self.into = into
        self._built: dict[tuple[str, tuple[tuple[str, str], ...]], Built] = {}

    def __call__(self, source: str | Path, **env: str) -> Built:
        site = folder(source)
        key = (str(site), tuple(sorted(env.items())))
        if key not in self._built:
            into = self.into / f"{len(self._built)}-{site.name}"
            into.mkdir()
            built = build_copy(site, into, **env)
            _read_only(built.root)
            self._built[key] = built
        return self._built[key]


def _read_only(root: Path) -> None:
    for path in root.rglob("*"):
        if path.is_file() and not path.is_symlink():
            path.chmod(path.stat().st_mode & ~(stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))
