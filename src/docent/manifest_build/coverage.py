"""How much of the record pages' text the record holds: the build's check that no part of a page is lost.

The page's text is read apart from the record's blocks (`text.read`, every word the reader sees in the page's main
region), so a part the blocks miss (text before the first heading once was) shows as a share below 1.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence

from docent.schema import RecordSection

from .choice import LEFT_OUT_SAID
from .page import PageFacts
from .types import Problem

_WORD = re.compile(r"\w+")


def _words(texts: Iterable[str]) -> Counter[str]:
    return Counter(w for text in texts for w in _WORD.findall(text.lower()))


def coverage(pages: Sequence[PageFacts], record: Iterable[RecordSection]) -> float | None:
    """The share of the record pages' words that are in their sections (text and heading path), or None when no
    page is record. Words are counted as a multiset, so a word the record holds once covers one of the page's."""
    chosen = {f.page.id: f for f in pages if f.record}
    if not chosen:
        return None
    total = _words(f.text for f in chosen.values())
    held: Counter[str] = Counter()
    titles: list[str] = [f.page.label for f in chosen.values()]
    groups: dict[str, set[str]] = {}  # the headings over sections that hold no section of their own, by page
    for section in record:
        if section.page not in chosen:
            continue
        held += _words([section.text])
        if "#" in section.path:  # a page's opening is titled by the page's title, counted once above
            titles.append(section.title)
        groups.setdefault(section.page, set()).update(section.headings[1:-1])
    for page, over in groups.items():
        own = {s.title for s in record if s.page == page}
        titles += sorted(over - own)
    held += _words(titles)
    size = sum(total.values())
    return sum((held & total).values()) / size if size else 1.0


def record_notes(pages: Sequence[PageFacts]) -> tuple[str, ...]:
    """What the build says of the record beside its summary: record pages that give it nothing.

    A note, not a problem: a site that built `--strict` clean before Docent was added still does (a site with no
    record at all is a problem: `empty_record`)."""
    empty = [f"{f.page.id} ({f.page.path})" for f in pages if f.record and not f.record_sections]
    if not empty:
        return ()
    return (f"{len(empty)} record pages give the record nothing, having no text in their main region: "
            f"{', '.join(empty)}.",)


def empty_record(pages: Sequence[PageFacts], record: Sequence[RecordSection], *, kind: str) -> Problem | None:
    """The problem of a site whose record holds nothing, so that the guide can answer nothing: a warning that says
    what to add, which `mkdocs build --strict` turns into a failure."""
    if not pages or record:
        return None
    chosen = [f.page.id for f in pages if f.record]
    if chosen:  # choosing more of the same pages would change nothing: the pages themselves give no text
        return Problem(f"The record is empty (its pages, {', '.join(chosen)}, have no text in their main region), so "
                       "the guide can answer nothing: choose pages with text of their own for the record "
                       "(`record_pages`, or front matter `docent: {record: true}`).")
    fix = (f"add `record_pages: ['**']` to the docent plugin's options in mkdocs.yml (every page but {LEFT_OUT_SAID})"
           if kind == "docs" else
           "mark each page the guide may answer from with front matter `docent: {record: true}`, or add "
           "`record_pages: ['**']` to the docent plugin's options in mkdocs.yml")
    return Problem(f"The record is empty (no page is in it), so the guide can answer nothing: {fix}.")
