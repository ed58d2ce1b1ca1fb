"""What an agent gives read_section, found in the record (`results.located`, `left_out`): an id with its percent codes
decoded, or a page's path and an anchor, each as two addresses of it compare (`page_key`, the anchor decoded). Made
once a loaded bundle, each table on its first use (`of`): a miss decoded every id, and a URL every section's path, on
each call."""

from __future__ import annotations

import weakref
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property, partial
from typing import TypeVar
from urllib.parse import unquote

from docent.schema import Page, RecordSection

from ..answer.bundle import Bundle


def page_key(path: str) -> str:
    """A page's path as two addresses of it compare: its index.html and slashes aside, percent codes decoded (MkDocs
    writes a page's URL encoded, "/guide/caf%C3%A9/"; an agent pastes it as a browser shows it, "/guide/café/", or a
    link's anchor encoded, "#caf%C3%A9")."""
    return unquote(path).removesuffix("index.html").strip("/")


class Addresses:
    """A loaded bundle's sections and pages by what an agent gives for them; each table made on its first use."""

    def __init__(self, record: Mapping[str, RecordSection], pages: Mapping[str, Page], listed: Iterable[Page]) -> None:
        self._record, self._pages, self._listed = record, pages, listed

    # The sections and the pages whose ids hold percent codes, by their ids decoded: an agent names "guide-café" the
    # page whose id the build made from its URL as MkDocs encoded it, "guide-caf%C3%A9" (`results._keyed`).
    @cached_property
    def record_ids(self) -> dict[str, RecordSection]:
        return _decoded(self._record)

    @cached_property
    def page_ids(self) -> dict[str, Page]:
        return _decoded(self._pages)

    @cached_property
    def _paths(self) -> _Paths:
        return _Paths.of(self._record.values(), self._listed)

    def section(self, path: str, fragment: str) -> RecordSection | None:
        """The section at a path under the site's own (as the record's) and an anchor: the first there; a page's path
        alone, its first section, anchored or not; an anchor alone (no path), the one section of the site with it."""
        paths = self._paths
        if not path:
            return paths.only.get(unquote(fragment))
        found = paths.at.get((page_key(path), unquote(fragment)))
        return paths.leads.get(page_key(path)) if found is None and not fragment else found

    def page(self, path: str) -> Page | None:
        return self._paths.pages.get(page_key(path)) if path else None


@dataclass(frozen=True)
class _Paths:
    at: dict[tuple[str, str], RecordSection]  # (page, anchor): the record's first section there
    only: dict[str, RecordSection | None]  # an anchor: the one section of the site with it; None where several have it
    leads: dict[str, RecordSection]  # a page: its first section in the record, anchored or not
    pages: dict[str, Page]  # a page: the manifest's first page there

    @classmethod
    def of(cls, record: Iterable[RecordSection], pages: Iterable[Page]) -> _Paths:
        at: dict[tuple[str, str], RecordSection] = {}
        only: dict[str, RecordSection | None] = {}
        leads: dict[str, RecordSection] = {}
        for section in record:
            path, _, anchor = section.path.partition("#")
            page, anchor = page_key(path), unquote(anchor)
            at.setdefault((page, anchor), section)
            only[anchor] = None if anchor in only else section
            leads.setdefault(page, section)
        by_page: dict[str, Page] = {}
        for p in pages:
            by_page.setdefault(page_key(p.path), p)
        return cls(at, only, leads, by_page)


_T = TypeVar("_T")


def _decoded(by_id: Mapping[str, _T]) -> dict[str, _T]:
    """The entries whose id holds percent codes, by that id decoded; of two that decode alike, the first."""
    out: dict[str, _T] = {}
    for key, value in by_id.items():
        if "%" in key:
            out.setdefault(unquote(key), value)
    return out


# Each loaded bundle's addresses, by the bundle's identity (a bundle is a value, not hashable), dropped with it: the
# sidecar loads a new bundle when its file changes, and the old one goes.
_MADE: dict[int, tuple[weakref.ref[Bundle], Addresses]] = {}


def of(bundle: Bundle) -> Addresses:
    """The bundle's addresses, made with its first lookup and kept while it is loaded."""
    key = id(bundle)
    held = _MADE.get(key)
    if held is not None and held[0]() is bundle:
        return held[1]
    made = Addresses(bundle.record, bundle.pages, bundle.manifest.pages)
    _MADE[key] = (weakref.ref(bundle, partial(_forget, key)), made)
    return made


def _forget(key: int, _: object) -> None:
    _MADE.pop(key, None)
