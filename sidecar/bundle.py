"""The bundle the build writes: tools, system prompt, record, lexicon and manifest, reloaded when rebuilt."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from .record_index import RecordIndex


class BundleError(Exception):
    """The bundle is missing or unreadable; the message says how to make one."""


@dataclass(frozen=True)
class Section:
    id: str
    page: str
    title: str
    text: str
    path: str


@dataclass(frozen=True)
class Bundle:
    tools: list[dict[str, Any]]
    system: list[dict[str, Any]]
    record: dict[str, Section]  # by id, in the record's order
    lexicon: list[dict[str, Any]]
    manifest: dict[str, Any]
    hash: str
    raw: dict[str, Any] = field(repr=False, default_factory=dict)
    # What the build chose and measured (manifest_build.mode): the record whole in the prompt, or searched.
    mode: dict[str, Any] = field(default_factory=lambda: {"record": "whole"})

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Bundle:
        missing = {"tools", "system", "record", "lexicon", "manifest", "hash"} - data.keys()
        if missing:
            raise BundleError(f"The bundle lacks {', '.join(sorted(missing))}: rebuild it with `mkdocs build`.")
        record = {s["id"]: Section(s["id"], s["page"], s["title"], s["text"], s.get("path", "")) for s in data["record"]}
        mode = data.get("mode") or {"record": "whole"}  # a bundle built before the mode existed is whole
        if mode.get("record") not in ("whole", "search"):
            raise BundleError(f"The bundle's record mode {mode.get('record')!r} is not whole or search: rebuild it.")
        return cls(data["tools"], data["system"], record, data["lexicon"], data["manifest"], data["hash"], data, mode)

    @classmethod
    def load(cls, path: Path) -> Bundle:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise BundleError(
                f"No bundle at {path}: run `mkdocs build` (or `docent manifest SITE_DIR`) first, "
                "or pass --bundle PATH."
            ) from None
        except json.JSONDecodeError as exc:
            raise BundleError(f"The bundle at {path} is not JSON ({exc}): rebuild it.") from exc
        return cls.from_json(data)

    def ids(self, kind: str, key: str = "id") -> set[str]:
        """The ids of one manifest list: pages, sections, parts, experiments, tours, offers."""
        return {item[key] for item in self.manifest.get(kind, [])}

    def by_id(self, kind: str, key: str = "id") -> dict[str, dict[str, Any]]:
        """A manifest list by its ids, made once per bundle: every question looks ids up."""
        index = self._indexes.get((kind, key))
        if index is None:
            index = self._indexes[(kind, key)] = {item[key]: item for item in self.manifest.get(kind, [])}
        return index

    @cached_property
    def _indexes(self) -> dict[tuple[str, str], dict[str, dict[str, Any]]]:
        return {}

    @property
    def searched(self) -> bool:
        """The record is searched for each question rather than sent whole in the cached prompt."""
        return self.mode.get("record") == "search"

    @cached_property
    def index(self) -> RecordIndex:
        """The record's full-text index, made once per loaded bundle: search mode and the offline model rank with it."""
        return RecordIndex.of(self.record, lexicon=self.lexicon, manifest=self.manifest)

    @cached_property
    def pages(self) -> dict[str, dict[str, Any]]:
        return self.by_id("pages")


class BundleSource:
    """Loads the bundle with the first call that needs it, and again when the file changes."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._bundle: Bundle | None = None
        self._stamp: tuple[int, int] | None = None

    def get(self) -> Bundle:
        try:
            st = os.stat(self.path)
            stamp = (st.st_mtime_ns, st.st_size)
        except FileNotFoundError:
            stamp = None
        if self._bundle is None or (stamp is not None and stamp != self._stamp):
            self._bundle = Bundle.load(self.path)
            self._stamp = stamp
        return self._bundle
