"""One page's facts, read off its rendered content HTML into a small immutable record.

The plugin reads a page from `on_page_content` (the body, no theme chrome); the CLI from the content region of the
built file. Both end here, so a page reads the same either way.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from selectolax.lexbor import LexborHTMLParser, LexborNode

from docent.schema import Action, Block, Experiment, Field, Page, Part, RecordSection, Section

from . import markup, text
from .annotations import Annotate
from .blocks import read_blocks
from .fences import FALLBACKS, code_key
from .types import Problem

HOME = "home"
CONTENT_START = "<!--docent:content-->"
CONTENT_END = "<!--/docent:content-->"


@dataclass(frozen=True, slots=True)
class PageFacts:
    page: Page
    record: bool
    instructions: str
    text: str
    sections: tuple[Section, ...] = ()
    parts: tuple[Part, ...] = ()
    experiments: tuple[Experiment, ...] = ()
    actions: tuple[Action, ...] = ()
    fields: tuple[Field, ...] = ()
    record_sections: tuple[RecordSection, ...] = ()
    problems: tuple[Problem, ...] = ()
    nav: tuple[str, ...] = ()  # the nav sections the page is under, outermost first ("Reference", "Providers")


def page_id(path: str) -> str:
    """`/` -> home, `/lab/` -> lab, `/cases/payments/` -> cases-payments, `/lab.html` -> lab."""
    parts = [p for p in path.strip("/").split("/") if p]
    if parts and parts[-1].endswith(".html"):
        last = parts.pop()[: -len(".html")]
        if last != "index":
            parts.append(last)
    return "-".join(parts) or HOME


def page_path(url: str) -> str:
    """A page's site-relative path from MkDocs' `page.url` ("" for home, "lab/", "lab.html", "cases/index.html").

    A folder's index.html is the folder, as a built site is served, so the CLI reading files gets the same path.
    """
    path = "/" + url.lstrip("/")
    return path[: -len("index.html")] if path.endswith("/index.html") else path


def _record_sections(
    root: LexborNode, *, page: Page, drop: frozenset[int], languages: Mapping[str, str], site_url: str = "",
    annotate: Annotate | None = None,
) -> list[RecordSection]:
    """The page cut at its h2, h3 and h4 headings: the text before the first one is a section titled by the page's
    title, with the page's id and path; a heading with no blocks of its own (only sub-headings, or nothing) gives
    none, and lends its title to the heading path of those under it."""
    found: list[RecordSection] = []
    title = page.label or page.id
    anchor = ""
    above: dict[int, str] = {}  # the open heading of each level, by level
    blocks: list[Block] = []

    def close() -> None:
        if blocks:
            id_, at = (anchor, f"{page.path}#{anchor}") if anchor else (page.id, page.path)
            headings = (title, *(above[level] for level in sorted(above)))
            found.append(RecordSection.of(id_, page=page.id, path=at, headings=headings, blocks=tuple(blocks)))

    for item in read_blocks(root, drop=drop, title=title, path=page.path, site_url=site_url, annotate=annotate):
        if isinstance(item, Block):
            if item.kind == "code" and (not item.lang or item.lang.lower() in FALLBACKS):
                # the HTML lost it, or says "text" of a language its highlighter does not know; the fence names it
                item = replace(item, lang=languages.get(code_key(item.text), item.lang))
            blocks.append(item)
            continue
        close()
        blocks = []
        above = {level: said for level, said in above.items() if level < item.level}
        above[item.level] = item.title
        anchor = item.anchor
    close()
    return found


def read_page(
    html: str, *, path: str, title: str, record: bool = False, instructions: str = "", id: str | None = None,
    languages: Mapping[str, str] | None = None, site_url: str = "", nav: tuple[str, ...] = (),
    annotate: Annotate | None = None,
) -> PageFacts:
    """Everything the manifest needs from one page's content HTML; `languages`, code_key -> language, names the
    languages of code blocks whose HTML does not (`fences.fence_languages` of the page's Markdown); `site_url`, the
    site's (MkDocs' site_url), where the record's links are read against (`links.target`); `nav`, the titles of the nav
    sections the page is under, outermost first, which tell it apart from a page of the same title (`manifest`);
    `annotate`, how the site sets Material's code annotations (`annotations`)."""
    page = Page(id or page_id(path), text.title_text(title), path)
    is_home = page.id == HOME
    tree = LexborHTMLParser(html)
    root = tree.body
    if root is None:
        return PageFacts(page, record, instructions, "", nav=nav)
    drop = text.dropped_ids(root)
    problems: list[Problem] = []
    marked = "data-docent-" in html
    cuts = root.css("h2[id], h3[id]") if record else root.css("h2[id]") if is_home else []
    chunks, titles = text.read(root, drop=drop, cuts=cuts)
    by_mem = {node.mem_id: node for node in cuts}

    # Each piece is collapsed once; the page's text is the pieces joined.
    page_text = [text.collapse_lines(chunks[0])]
    sections: list[Section] = []
    for (mem_id, heading), chunk in zip(titles, chunks[1:], strict=True):
        page_text.append(heading)
        page_text.append(text.collapse_lines(chunk))
        node = by_mem[mem_id]
        anchor = node.attributes.get("id") or ""
        if is_home and node.tag == "h2":
            sections.append(Section(anchor, heading, page.id, f"{path}#{anchor}"))
    record_sections = (_record_sections(root, page=page, drop=drop, languages=languages or {}, site_url=site_url,
                                        annotate=annotate) if record else [])

    if marked:
        found_parts = markup.parts(root, page=page.id, path=path, drop=drop, problems=problems)
        found_experiments = markup.experiments(root, page=page.id, path=path, drop=drop, problems=problems)
        found_actions = markup.actions(root, page=page.id, drop=drop, problems=problems)
        found_fields = markup.fields(root, page=page.id, drop=drop, problems=problems)
    else:
        found_parts, found_experiments, found_actions, found_fields = [], [], [], []
    return PageFacts(
        page=page,
        record=record,
        instructions=instructions,
        text="\n".join(piece for piece in page_text if piece),
        sections=tuple(sections),
        parts=tuple(found_parts),
        experiments=tuple(found_experiments),
        actions=tuple(found_actions),
        fields=tuple(found_fields),
        record_sections=tuple(record_sections),
        problems=tuple(problems),
        nav=nav,
    )
