"""What the offline model reads: the loaded bundle, handed to it once per request. `Bundle` is one; `Loaded` is a
record given alone (tests, benches), its index and matcher made once, when first asked for."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Protocol

from docent.schema import Manifest, RecordSection

from ..answer.lexicon import Entries, Lexicon
from ..answer.record_index import RecordIndex


class Source(Protocol):
    """The parts of a loaded bundle the offline model reads (`docent.sidecar.answer.bundle.Bundle` has them all)."""

    @property
    def record(self) -> Mapping[str, RecordSection]: ...
    @property
    def manifest(self) -> Manifest: ...
    @property
    def lexicon(self) -> Entries: ...
    @property
    def matcher(self) -> Lexicon: ...
    @property
    def index(self) -> RecordIndex: ...


@dataclass(frozen=True, eq=False)
class Loaded:
    """A record given alone, with the manifest and lexicon a bundle would carry."""

    record: Mapping[str, RecordSection] = field(default_factory=dict)
    manifest: Manifest = field(default_factory=Manifest)
    lexicon: Entries = ()

    @cached_property
    def matcher(self) -> Lexicon:
        return Lexicon(self.lexicon)

    @cached_property
    def index(self) -> RecordIndex:
        return RecordIndex.of(self.record, lexicon=self.lexicon, manifest=self.manifest)
