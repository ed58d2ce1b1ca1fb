"""The record's sections and the site's pages by their address, as an agent gives one to read_section
(`agents.results.located`): a page's path and an anchor, each as two addresses of it compare (`page_key`, the anchor
decoded). Made once a bundle (`Bundle.addresses`): a URL was found by decoding every section's path on each call."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from urllib.parse import unquote

from docent.schema import Page, RecordSection


def page_key(path: str) -> str:
    """A page's path as two addresses of it compare: its index.html and slashes aside, percent codes decoded (MkDocs
    writes a page's URL encoded, "/guide/caf%C3%A9/"; an agent pastes it as a browser shows it, "/guide/café/", or a
    link's anchor encoded, "#caf%C3%A9")."""
    return unquote(path).removesuffix("index.html").strip("/")


@dataclass(frozen=True)
class Addresses:
    at: dict[tuple[str, str], RecordSection]  # (page, anchor): the record's first section there
    only: dict[str, RecordSection | None]  # an anchor: the one section of the site with it; None where several have it
    leads: dict[str, RecordSection]  # a page: its first section in the record, anchored or not
    pages: dict[str, Page]  # a page: the manifest's first page there

    @classmethod
    def of(cls, record: Iterable[RecordSection], pages: Iterable[Page]) -> Addresses:
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

    def section(self, path: str, fragment: str) -> RecordSection | None:
        """The section at a path under the site's own (as the record's) and an anchor: the first there; a page's path
        alone, its first section, anchored or not; an anchor alone (no path), the one section of the site with it."""
        if not path:
            return self.only.get(unquote(fragment))
        found = self.at.get((page_key(path), unquote(fragment)))
        return self.leads.get(page_key(path)) if found is None and not fragment else found

    def page(self, path: str) -> Page | None:
        return self.pages.get(page_key(path)) if path else None
