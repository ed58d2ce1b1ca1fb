"""The MkDocs plugin (entry point `docent`) and the panel's browser assets.

The panel's scripts are ES modules in assets/, each one noun, that import what they use. A build links each entry
(panel.js, worker.js) with the modules it imports into one classic script (linker.py), the public manifest inside
the panel's as the module manifest.js, so a page pays for the panel with its script, its style and one status check
of the guide, and the worker is one request too.

This module imports no MkDocs: `docent manifest` (manifest_build/cli.py) writes the panel from here for sites built
where MkDocs plugins do not run.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from .linker import LinkError, link, order

ASSETS = Path(__file__).parent / "assets"
SCRIPT = "panel.js"
WORKER = "worker.js"
ENTRIES = (SCRIPT, WORKER)  # the files a build writes, each linked from the module of its name
MANIFEST = "manifest.js"  # the module the build writes the public manifest into; no file of assets/
BUILT = "/* Docent's panel, assembled by the build"  # how each file a build writes begins


def _read(name: str) -> str:
    return (ASSETS / name).read_text(encoding="utf-8")


def _link(entry: str, read: Callable[[str], str], *, heading: str) -> str:
    try:
        return link(entry, read, heading=heading)
    except LinkError as exc:  # the message names modules by their names in the folder: say which folder
        raise LinkError(f"{ASSETS}: {exc}") from exc


def _manifest_module(public_manifest: str) -> str:
    # "</" cannot end a script element it is inlined in; JSON allows the escape.
    manifest = public_manifest.strip().replace("</", "<\\/")
    return f"/* The public manifest (docent/manifest.json), written in by the build. */\nexport const manifest = {manifest};\n"


def _sources(public_manifest: str) -> Callable[[str], str]:
    def read(name: str) -> str:
        return _manifest_module(public_manifest) if name == MANIFEST else _read(name)

    return read


def modules() -> list[str]:
    """The panel's modules in the order they run, panel.js last: the order the linker reads off their imports."""
    return [module.name for module in order(SCRIPT, _sources("null"))]


def panel_files() -> list[tuple[str, Path]]:
    """The panel's files published as they are (its style; its scripts are linked), each with its name under the
    site's docent/ folder."""
    return [
        (path.relative_to(ASSETS).as_posix(), path)
        for path in sorted(ASSETS.rglob("*"))
        if path.is_file() and path.suffix != ".js"
    ]


def panel_script(public_manifest: str) -> str:
    """docent/panel.js: panel.js linked with the modules it imports, the public manifest (canonical JSON) one of them."""
    heading = f"{BUILT} from src/docent/plugins/assets/: its modules, the manifest, the entry panel.js last. */"
    return _link(SCRIPT, _sources(public_manifest), heading=heading)


def worker_script() -> str:
    """docent/worker.js: the proof-of-work worker linked with the SHA-256 it imports, one request instead of two."""
    return _link(WORKER, _read, heading=f"{BUILT} from src/docent/plugins/assets/: the proof-of-work worker and its SHA-256. */")


def built_files(public_manifest: str) -> list[tuple[str, str]]:
    """The panel's files a build writes (linked), each with its name under the site's docent/ folder."""
    return [(SCRIPT, panel_script(public_manifest)), (WORKER, worker_script())]
