"""The MkDocs plugin (entry point `docent`) and the panel's browser assets.

The panel's scripts stay separate files in assets/ (each one noun, as panel.js lists them), and a build assembles
them into one script with the public manifest inside it, so a page pays for the panel with its script, its style and
one status check of the guide. The worker gets its SHA-256 inside it the same way.

This module imports no MkDocs: `docent manifest` (manifest_build/cli.py) writes the panel from here for sites built
where MkDocs plugins do not run.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from .linker import link, order

ASSETS = Path(__file__).parent / "assets"
SCRIPT = "panel.js"
WORKER = "worker.js"
BUILT = "/* Docent's panel, assembled by the build"  # how each file a build writes begins


def modules() -> list[str]:
    """The modules panel.js needs, in the order they must run: its own MODULES list, the one place they are named."""
    found = re.search(r"var MODULES = (\[[^\]]*\]);", (ASSETS / SCRIPT).read_text(encoding="utf-8"))
    if found is None:
        raise RuntimeError(f"{ASSETS / SCRIPT} no longer lists its MODULES")
    return list(json.loads(found.group(1)))


def _built_names() -> set[str]:
    return {SCRIPT, *modules(), *(module.name for module in order(WORKER, _read))}


def panel_files() -> list[tuple[str, Path]]:
    """The panel's files published as they are (its style), each with its name under the site's docent/ folder."""
    built = _built_names()
    return [
        (name, path)
        for path in sorted(ASSETS.rglob("*"))
        if path.is_file() and (name := path.relative_to(ASSETS).as_posix()) not in built
    ]


def _read(name: str) -> str:
    return (ASSETS / name).read_text(encoding="utf-8")


def panel_script(public_manifest: str) -> str:
    """docent/panel.js: the modules and the manifest (canonical JSON) inside one guard, then the loader."""
    # "</" cannot end a script element it is inlined in; JSON allows the escape.
    manifest = public_manifest.strip().replace("</", "<\\/")
    parts = [f"/* docent/{name} */\n{_read(name)}" for name in modules()]
    return (
        f"{BUILT} from plugins/assets/: the modules, the manifest, the loader. */\n"
        "(function () {\n"
        "if (self.DocentPanelLoaded) return; // Material may run page scripts again on a swap\n"
        + "\n".join(parts)
        + f"\nself.Docent.manifest = {manifest};\n"
        + f"/* docent/{SCRIPT} */\n{_read(SCRIPT)}"
        + "})();\n"
    )


def worker_script() -> str:
    """docent/worker.js: the proof-of-work worker linked with the SHA-256 it imports, one request instead of two."""
    return link(WORKER, _read, heading=f"{BUILT} from plugins/assets/: the proof-of-work worker and its SHA-256. */")


def built_files(public_manifest: str) -> list[tuple[str, str]]:
    """The panel's files a build writes (assembled), each with its name under the site's docent/ folder."""
    return [(SCRIPT, panel_script(public_manifest)), (WORKER, worker_script())]
