"""The MkDocs plugin (entry point `docent`) and the panel's browser assets.

This module imports no MkDocs: `docent manifest` (manifest_build/cli.py) copies the panel from here for sites built
where MkDocs plugins do not run.
"""

from __future__ import annotations

from pathlib import Path

ASSETS = Path(__file__).parent / "assets"


def panel_files() -> list[tuple[str, Path]]:
    """The panel's files in a fixed order, each with its name under the site's docent/ folder."""
    return [(path.relative_to(ASSETS).as_posix(), path) for path in sorted(ASSETS.rglob("*")) if path.is_file()]
