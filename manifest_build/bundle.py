"""The files the build writes: the public manifest under the site, the private bundle beside the config.

Canonical JSON (compact, UTF-8, keys in the order built) so that the same content gives the same bytes; the hash
is a SHA-256 over the bundle's content with the manifest's own `hash` left out, and the public manifest carries
it, so the panel and the sidecar can tell whether they were built together.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .manifest import Manifest
from .prompt import system as build_system
from .tools import tools as build_tools

PUBLIC_PATH = "docent/manifest.json"


def canonical(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=False)


@dataclass(frozen=True, slots=True)
class Bundle:
    tools: list[dict[str, Any]]
    system: list[dict[str, Any]]
    record: list[dict[str, Any]]
    lexicon: list[dict[str, Any]]
    manifest: dict[str, Any]
    public: dict[str, Any]
    hash: str

    def json(self) -> dict[str, Any]:
        return {
            "tools": self.tools,
            "system": self.system,
            "record": self.record,
            "lexicon": self.lexicon,
            "manifest": self.manifest,
            "hash": self.hash,
        }

    @property
    def prompt_chars(self) -> int:
        return sum(len(block["text"]) for block in self.system)


def bundle(manifest: Manifest) -> Bundle:
    tools = build_tools(manifest)
    system = build_system(manifest)
    record = manifest.record_json()
    lexicon = manifest.lexicon_json()
    unhashed = manifest.private(hash="")
    del unhashed["hash"]
    digest = hashlib.sha256(
        canonical({"tools": tools, "system": system, "record": record, "lexicon": lexicon, "manifest": unhashed})
        .encode("utf-8")
    ).hexdigest()
    return Bundle(tools, system, record, lexicon, manifest.private(hash=digest), manifest.public(hash=digest), digest)


def _write(path: Path, text: str) -> None:
    """Atomically, so a sidecar reloading the bundle never reads half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write(built: Bundle, *, site_dir: Path, bundle_path: Path) -> tuple[Path, Path]:
    """Writes site_dir/docent/manifest.json and the bundle; returns their paths."""
    public_path = site_dir / PUBLIC_PATH
    _write(public_path, canonical(built.public) + "\n")
    _write(bundle_path, canonical(built.json()) + "\n")
    return public_path, bundle_path
