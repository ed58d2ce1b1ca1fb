"""The bundle file, key for key: what the build writes beside the config and the sidecar loads."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from msgspec import UNSET, UnsetType

from .manifest import Manifest
from .mode import Mode
from .records import LexiconEntry, RecordSection
from .vectors import Vectors


@dataclass(frozen=True, slots=True)
class BundleFile:
    # The model's wire format, passed to it as built (Anthropic's tool definitions and system blocks).
    tools: list[dict[str, Any]]
    system: list[dict[str, Any]]
    record: tuple[RecordSection, ...]
    lexicon: tuple[LexiconEntry, ...]
    manifest: Manifest
    mode: Mode
    # Each record section's vector, where the owner set `rerank: true`; UNSET: the key is left out of the file, which is
    # then the same bytes as before the key was known.
    vectors: Vectors | UnsetType = UNSET
    hash: str = ""  # SHA-256 over the file's canonical JSON with both `hash` fields empty (manifest_build.bundle)
