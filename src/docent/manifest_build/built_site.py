"""A folder of built HTML read as the plugin reads a build: for `docent manifest SITE_DIR` (Zensical, other tools).

Pages built with the plugin carry a docent meta tag (their id, label, nav order and nav sections, record,
instructions) and markers around their content, so they read exactly as the plugin read them. Other pages are every
`index.html`; their content is the theme's main region, their label their first h1 (else <title>), their order their
path's, and no nav sections: a theme's nav markup is its own (Material's differs with its features), so pages of one
title there stay as titled.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from selectolax.lexbor import LexborHTMLParser

from .annotations import Annotate
from .choice import NO_CHOICE, PageChoice, sources
from .meta import PageMeta, find
from .page import CONTENT_END, CONTENT_START, PageFacts, page_id, read_page
from .text import collapse

# The content region of common themes, most specific first: Material and Zensical, MkDocs' and ReadTheDocs' themes.
CONTENT_REGIONS = ("article.md-content__inner", "[role=main]", "main", "article")


@dataclass(frozen=True, slots=True)
class BuiltPage:
    path: str
    meta: PageMeta
    content: str
    annotate: Annotate = Annotate()  # Material's code annotations, as its page's configuration sets them


def _site_path(site_dir: Path, file: Path) -> str:
    relative = file.relative_to(site_dir).as_posix()
    if relative == "index.html":
        return "/"
    if relative.endswith("/index.html"):
        return "/" + relative[: -len("index.html")]
    return "/" + relative


def _content(document: str) -> str | None:
    start = document.find(CONTENT_START)
    end = document.find(CONTENT_END, start + 1) if start >= 0 else -1
    if start < 0 or end < 0:
        return None
    return document[start + len(CONTENT_START) : end]


def _fallback(document: str, *, path: str) -> tuple[str, str]:
    """The theme's content region and the page's label, for a page built without the plugin's markers."""
    tree = LexborHTMLParser(document)
    region = next((node for sel in CONTENT_REGIONS if (node := tree.css_first(sel)) is not None), tree.body)
    h1 = region.css_first("h1") if region is not None else None
    title_node = tree.css_first("title")
    if h1 is not None:
        for link in h1.css("a.headerlink"):
            link.decompose()
        label = collapse(h1.text())
    elif title_node is not None:
        label = collapse(title_node.text()).split(" - ")[0]
    else:
        label = path
    return (region.html or "") if region is not None else "", label


def _read(site_dir: Path) -> list[tuple[str, dict[str, Any], str, str, int, Annotate]]:
    """Each page's path, meta tag (empty where the page has none), content, label, place in the listing and code
    annotations (Material's, as its `__config` sets them)."""
    read: list[tuple[str, dict[str, Any], str, str, int, Annotate]] = []
    files = sorted(site_dir.rglob("*.html"), key=lambda f: (f.relative_to(site_dir).as_posix() != "index.html", f))
    for number, file in enumerate(files):
        if file.name == "404.html" or file.is_relative_to(site_dir / "docent"):
            continue
        document = file.read_text(encoding="utf-8", errors="replace")
        path = _site_path(site_dir, file)
        found = find(document)
        if found is None and file.name != "index.html":
            continue  # not a page: an HTML asset, a redirect stub
        found = found or {}
        content = _content(document)
        label = found.get("label")
        if content is None or label is None:
            # Markers lost (a minifier) or never written (another generator): read the theme's content region.
            region, heading = _fallback(document, path=path)
            content = region if content is None else content
            label = heading if label is None else label
        read.append((path, found, content, label, number, Annotate.read(document)))
    return read


def built_pages(site_dir: Path, choice: PageChoice = NO_CHOICE) -> tuple[list[BuiltPage], PageChoice]:
    """The site's pages in order, excluded ones left out, and the choice used: a page whose front matter does not
    say whether it is record is record where `choice` chooses its source path (a fallback choice gives way where
    any page's front matter says `record: true`: `PageChoice.given`)."""
    read = _read(site_dir)
    choice = choice.given(any(found.get("record") is True for _, found, *_ in read))
    pages: list[BuiltPage] = []
    for path, found, content, label, number, annotate in read:
        meta = PageMeta(
            page=found.get("page") or page_id(path),
            label=label,
            order=found.get("order", 1_000_000 + number),
            record=_record(found, path=path, choice=choice, content=content),
            exclude=found.get("exclude", False),
            instructions=found.get("instructions", ""),
            langs=found.get("langs", {}),
            nav=found.get("nav", ()),
        )
        if not meta.exclude:
            pages.append(BuiltPage(path, meta, content, annotate))
    pages.sort(key=lambda p: (p.meta.order, p.path))
    return pages, choice


def _record(found: dict[str, object], *, path: str, choice: PageChoice, content: str) -> bool:
    said = found.get("record")
    if isinstance(said, bool):
        return said
    src = found.get("src")
    return choice.chooses(src if isinstance(src, str) and src else sources(path), content)


def read_site(
    site_dir: Path, choice: PageChoice = NO_CHOICE, site_url: str = ""
) -> tuple[list[PageFacts], PageChoice]:
    """Each page's facts, as the plugin reads them (the site at `site_url`), and the choice of record pages used
    (`built_pages`)."""
    pages, used = built_pages(site_dir, choice)
    return [
        read_page(
            page.content,
            path=page.path,
            title=page.meta.label,
            record=bool(page.meta.record),
            instructions=page.meta.instructions,
            id=page.meta.page,
            languages=page.meta.langs,
            site_url=site_url,
            nav=page.meta.nav,
            annotate=page.annotate,
        )
        for page in pages
    ], used
