"""The bundle the build writes, read back into the build's own records (docent.schema), once per file.

What the sidecar derives from a bundle hangs on the loaded object, made on first use and dropped with it: the id
tables, the lexicon's matcher, the gate's view of the site, the record's index and the tools' compiled schemas.
A rebuilt bundle is a new object, so nothing here is keyed by a hash or an id().
"""

from __future__ import annotations

import asyncio
import json
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator

from docent.schema import (
    REBUILD,
    REFUSAL,
    Action,
    BundleError,
    BundleFile,
    Experiment,
    Field,
    LexiconEntry,
    Manifest,
    Mode,
    Offer,
    Page,
    Part,
    RecordSection,
    Section,
    Tour,
    Vectors,
    decode,
)
from docent.schema.mode import prefix_chars, tokens

from .fusion import Fusion
from .lexicon import Lexicon
from .mentions import Mentions
from .names import manifest_names, page_intros
from .record_index import RecordIndex
from .rerank import Embed, Rerank
from .rules import prepare
from .site import Site

__all__ = ["Bundle", "BundleError", "BundleSource", "Embedder"]

# The edge's loader of the model a bundle's vectors name (`sidecar.vectors`): a question's embedding, loaded once; a
# BundleError that says what to install where it cannot be.
Embedder = Callable[[str], Embed]


@dataclass(frozen=True)
class Bundle:
    """One loaded bundle file: its parts as docent.schema's records, and what is derived from them, made once."""

    tools: list[dict[str, Any]]  # the model's tool definitions, sent as built
    system: list[dict[str, Any]]  # the system prompt's blocks, sent as built
    record: dict[str, RecordSection]  # by id, in the record's order
    lexicon: tuple[LexiconEntry, ...]
    manifest: Manifest
    hash: str
    # What the build chose and measured (manifest_build.mode): the record whole in the prompt, or searched.
    mode: Mode
    # The file as parsed, less its `vectors` (the base64 text, 13.7 MB at 40,000 sections, is held decoded in `vectors`)
    raw: dict[str, Any] = field(repr=False, compare=False, default_factory=dict)
    vectors: Vectors | None = field(default=None, repr=False)  # each record section's, built with `rerank` or `encoder`
    embed: Embed | None = field(default=None, repr=False, compare=False)  # a question's, by the vectors' model

    @classmethod
    def from_json(cls, data: object, *, embedder: Embedder | None = None) -> Bundle:
        """The parsed file; a key it lacks, a value of the wrong kind or a record section with the refusal's id (a
        bundle built before the build renamed it: `schema.REFUSAL`) is a BundleError saying to rebuild. With
        `embedder`, a bundle that has vectors reranks the guide's excerpts (`rerank`) or finds them with the encoder
        (`fusion`), by the vectors' model; without, it is searched alone."""
        raw: dict[str, Any] = data if isinstance(data, dict) else {}
        before = isinstance(data, dict) and "mode" not in data  # built before the build measured its prompt
        read = decode(BundleFile, {**raw, "mode": _WHOLE} if before else data, where="")
        if before:  # its record went whole; its prompt is estimated as the build would
            read = replace(read, mode=replace(read.mode, prompt_tokens=tokens(prefix_chars(read.tools, read.system))))
        record = {s.id: s for s in read.record}
        if reserved := next((sid for sid in record if sid.lower() == REFUSAL), None):
            raise BundleError(f'The bundle\'s record has a section with the id "{reserved}", which the guide\'s refusal '
                              f"`[[{REFUSAL}]]` reserves (a refusal would be read as citing it): {REBUILD}.")
        vectors = read.vectors.checked(len(read.record)) if isinstance(read.vectors, Vectors) else None
        embed = None
        if vectors is not None and embedder is not None and read.mode.searched:  # whole: no excerpts to rerank
            embed = embedder(vectors.model)
        kept = {key: value for key, value in raw.items() if key != "vectors"}
        return cls(read.tools, read.system, record, read.lexicon, read.manifest, read.hash, read.mode, kept, vectors,
                   embed)

    @classmethod
    def load(cls, path: Path, *, embedder: Embedder | None = None) -> Bundle:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise BundleError(
                f"No bundle at {path}: run `mkdocs build` (or `docent manifest SITE_DIR`) first, "
                "or pass --bundle PATH."
            ) from None
        except json.JSONDecodeError as exc:
            raise BundleError(f"The bundle at {path} is not JSON ({exc}): {REBUILD}.") from exc
        try:
            return cls.from_json(data, embedder=embedder)
        except BundleError as exc:
            raise type(exc)(f"{path}: {exc}") from None  # its kind kept: a missing extra stops `docent serve`

    @property
    def searched(self) -> bool:
        """The record is searched for each question rather than sent whole in the cached prompt."""
        return self.mode.searched

    # The manifest's lists by id: every question looks ids up.
    @cached_property
    def pages(self) -> dict[str, Page]:
        return {p.id: p for p in self.manifest.pages}

    @cached_property
    def sections(self) -> dict[str, Section]:
        """The home page's sections by id."""
        return {s.id: s for s in self.manifest.sections}

    @cached_property
    def record_pages(self) -> dict[str, tuple[str, ...]]:
        """Each page's sections in the record, by id, in the record's order: what a link to the page is about, what
        list_pages lists; a page the record leaves out has none. Tuples: every caller shares them, none copies."""
        out: dict[str, list[str]] = {}
        for sid, section in self.record.items():
            out.setdefault(section.page, []).append(sid)
        return {page: tuple(ids) for page, ids in out.items()}

    @cached_property
    def parts(self) -> dict[str, Part]:
        return {p.id: p for p in self.manifest.parts}

    @cached_property
    def parts_by_page(self) -> dict[str, list[Part]]:
        """Each page's parts, in the manifest's order: the excerpts' map lists them for a map too large to."""
        out: dict[str, list[Part]] = {}
        for part in self.manifest.parts:
            out.setdefault(part.page, []).append(part)
        return out

    @cached_property
    def experiments(self) -> dict[str, Experiment]:
        return {e.id: e for e in self.manifest.experiments}

    @cached_property
    def tours(self) -> dict[str, Tour]:
        return {t.id: t for t in self.manifest.tours}

    @cached_property
    def offers(self) -> dict[str, Offer]:
        return {o.id: o for o in self.manifest.offers}

    @cached_property
    def links(self) -> dict[str, Page | Section]:
        """What show_page and show_links may name: the home sections, then the pages."""
        return {**self.sections, **self.pages}

    @cached_property
    def lent_actions(self) -> dict[str, dict[str, Action]]:
        """Each page's actions by name, then page: one name may be lent by several pages, each with its label."""
        out: dict[str, dict[str, Action]] = {}
        for a in self.manifest.actions:
            out.setdefault(a.name, {})[a.page] = a
        return out

    @cached_property
    def lent_fields(self) -> dict[str, list[Field]]:
        """Each page's fields by name; same-name fields are told apart by their element ids."""
        out: dict[str, list[Field]] = {}
        for f in self.manifest.fields:
            out.setdefault(f.name, []).append(f)
        return out

    @cached_property
    def validators(self) -> dict[str, Draft202012Validator]:
        """Each tool's input schema, compiled once per bundle rather than once per question."""
        return {t["name"]: Draft202012Validator(t.get("input_schema") or {}) for t in self.tools}

    @cached_property
    def labels(self) -> frozenset[str]:
        """Every label the manifest gives: of pages, sections, parts, experiments and presets, tours, offers,
        actions, fields and their options."""
        return frozenset(filter(None, manifest_names(self.manifest)))

    @cached_property
    def quotable(self) -> tuple[str, ...]:
        """Names the first-person rule lets a sentence quote: the site's parts and the record's sections."""
        parts = [p.label for p in self.manifest.parts]
        return tuple(dict.fromkeys([*parts, *(s.title for s in self.record.values())]))

    @cached_property
    def matcher(self) -> Lexicon:
        """The lexicon compiled: the gate's one rule and the record index find its technologies with it."""
        return Lexicon(self.lexicon)

    @cached_property
    def site(self) -> Site:
        """What the gate knows of the site beyond the record: every name of its map, its pages' titles."""
        names = [*manifest_names(self.manifest), *self.quotable]
        titles = {pid: page.label for pid, page in self.pages.items()}
        first_titles: dict[str, str] = {}
        for section in self.record.values():
            first_titles.setdefault(section.page, section.title)
        intros = page_intros(self.manifest.page_text, first_titles)
        # The prompt's own headings ("# How to answer"): written back, they are no connective.
        headings = [line.lstrip("#") for block in self.system for line in block.get("text", "").splitlines()
                    if line.startswith("#")]
        return Site.of(self.record, self.matcher, names, titles, owner=self.manifest.site_name, intros=intros,
                       person=(self.manifest.owner.name, self.manifest.owner.called),
                       headings=headings, docs=self.manifest.kind == "docs")

    @cached_property
    def mentions(self) -> Mentions:
        """What each section of the whole record mentions, for the gate: terms, words, quantities, names."""
        return Mentions(self.record, self.matcher, self.site.page_titles, self.site.intros)

    def warm(self) -> Bundle:
        """Make what the gate reads of the bundle (its lexicon compiled, the site's names, each section's mentions)
        now, not in the first question's turn: there they held the event loop (300 ms of CPU on load.py's bundle)
        while every question of a burst on a fresh server waited behind it for its first event. And what the gate
        otherwise makes for a section on its first citation: the rules' cues of each section, its lines a citation may
        point at, its units by stem (a documentation site's first pass over its sections cost 1.7 to 2.6 times a
        warm one); the record's index too where every question searches it."""
        _ = self.matcher, self.site, self.mentions
        self.mentions.prepare()
        prepare(self.mentions)
        if self.searched:
            _ = self.index, self.fusion  # the encoder's rows widened here, not in the first question's turn
        return self

    @cached_property
    def rerank(self) -> Rerank | None:
        """The guide's excerpts reranked by meaning (`rerank`), where the bundle has vectors and a question can be
        embedded; None: the search's order stands."""
        if self.vectors is None or self.embed is None or self.vectors.encoded:
            return None
        return Rerank.of(self.embed, self.vectors, list(self.record))

    @cached_property
    def fusion(self) -> Fusion | None:
        """The guide's excerpts found by the search and the encoder together (`encoder`), where the bundle has the
        encoder's rows and a question can be embedded; None: the search's order stands."""
        if self.vectors is None or self.embed is None or not self.vectors.encoded:
            return None
        return Fusion.of(self.embed, self.vectors, list(self.record))

    @cached_property
    def index(self) -> RecordIndex:
        """The record's full-text index, made once per loaded bundle: search mode and the offline model rank with it."""
        return RecordIndex.of(self.record, lexicon=self.lexicon, manifest=self.manifest)


_WHOLE = {"record": "whole", "asked": "whole", "budget_tokens": 0, "prompt_tokens": 0, "whole_tokens": 0}


class BundleSource:
    """Loads the bundle with the first call that needs it, and again when the file changes.

    The file is looked at once every `look_s` at most (a question's own `stat` cost more than the look is worth). In
    an event loop, a rebuilt file is loaded and warmed (`Bundle.warm`) in a worker thread while the last bundle
    serves, then swapped in: loaded in a question's head, then warmed in its turn, it held the loop (300 ms of CPU
    on load.py's bundle) while every other question waited. Outside a loop it is loaded at once. A file that cannot be
    loaded (a rebuild caught half-written, a bundle built with `rerank: true` where the extra is missing) raises its
    BundleError from `get`, the same error each time, and is not read again until it changes (`failure`): it was read
    every second, and said so each time.
    """

    def __init__(self, path: Path, *, look_s: float = 1.0, clock: Callable[[], float] = time.monotonic,
                 embedder: Embedder | None = None) -> None:
        self.path = path
        self.embedder = embedder
        self.look_s = look_s
        self._clock = clock
        self._bundle: Bundle | None = None
        self._stamp: tuple[int, int] | None = None
        self._next_look = 0.0
        self._loading: asyncio.Future[Bundle] | None = None  # a rebuilt file being loaded in a worker thread
        self._failed: BaseException | None = None  # what that load raised, for the next `get` to raise
        self.failure: BundleError | None = None  # why the file as it stands could not be loaded, until it changes
        self._failed_stamp: tuple[int, int] | None = None  # that file's stamp

    @property
    def failed(self) -> BundleError | None:
        """Why a bundle file that is there could not be loaded (None where it loaded, or where there is none)."""
        return self.failure if self._failed_stamp is not None else None

    def get(self) -> Bundle:
        failed, self._failed = self._failed, None
        if failed is not None:
            raise failed
        now = self._clock()
        if self._bundle is not None and (now < self._next_look or self._loading is not None):
            return self._bundle
        self._next_look = now + self.look_s
        stamp = _stamp(self.path)
        if self.failure is not None and stamp == self._failed_stamp:  # the file that failed, unchanged
            if self._bundle is not None:
                return self._bundle
            raise self.failure
        if self._bundle is None:
            self._bundle, self._stamp = self._load_now(stamp), stamp
        elif stamp is not None and stamp != self._stamp:
            self._reload(stamp)
        return self._bundle

    def _load_now(self, stamp: tuple[int, int] | None) -> Bundle:
        try:
            bundle = Bundle.load(self.path, embedder=self.embedder)
        except BundleError as exc:
            self.failure, self._failed_stamp = exc, stamp
            raise
        self.failure = self._failed_stamp = None
        return bundle

    def _reload(self, stamp: tuple[int, int]) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop to keep free (a script, the CLI): at once
            self._bundle, self._stamp = self._load_now(stamp), stamp
            return
        self._loading = loading = loop.run_in_executor(None, _load_warm, self.path, self.embedder)
        loading.add_done_callback(lambda done: self._loaded(done, stamp))

    def _loaded(self, done: asyncio.Future[Bundle], stamp: tuple[int, int]) -> None:
        self._loading = None
        if done.cancelled():
            return
        failed = done.exception()
        if failed is not None:
            self._failed = failed
            if isinstance(failed, BundleError):
                self.failure, self._failed_stamp = failed, stamp
            return
        self._bundle, self._stamp = done.result(), stamp
        self.failure = self._failed_stamp = None


def _stamp(path: Path) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    return st.st_mtime_ns, st.st_size


def _load_warm(path: Path, embedder: Embedder | None) -> Bundle:
    return Bundle.load(path, embedder=embedder).warm()
