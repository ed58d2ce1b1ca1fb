"""The bundle file, key for key: what the build writes beside the config and the sidecar loads."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .manifest import Manifest
from .mode import Mode
from .records import LexiconEntry, RecordSection


@dataclass(frozen=True, slots=True)
class BundleFile:
    # The model's wire format, passed to it as built (Anthropic's tool definitions and system blocks).
    tools: list[dict[str, Any]]
    system: list[dict[str, Any]]
    record: tuple[RecordSection, ...]
    lexicon: tuple[LexiconEntry, ...]
    manifest: Manifest
    mode: Mode
    hash: str  # SHA-256 over the file's canonical JSON with both `hash` fields empty (manifest_build.bundle)
