"""Tours: each step checked against what the site has (the page; the part on that page; the section)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from docent.schema import Page, Part, RecordSection, Section, Tour, TourStep

from .types import Problem

# What a step may point at besides a page: each sits on one page, at a path.
Placed = Part | Section | RecordSection


@dataclass(frozen=True)
class Places:
    """What a tour's step may name, by id: the pages, the parts, the home page's sections and the record's."""

    pages: Mapping[str, Page]
    parts: Mapping[str, Part]
    sections: Mapping[str, Section]
    record: Mapping[str, RecordSection]

    @classmethod
    def of(cls, *, pages: Sequence[Page], parts: Sequence[Part], sections: Sequence[Section],
           record: Sequence[RecordSection]) -> Places:
        return cls({p.id: p for p in pages}, {p.id: p for p in parts}, {s.id: s for s in sections},
                   {r.id: r for r in record})


def tours(raw: Sequence[Mapping[str, Any]], places: Places, *, problems: list[Problem]) -> tuple[Tour, ...]:
    """The configured tours with their steps resolved; a step naming what does not exist is a problem, and left out."""
    found: list[Tour] = []
    seen: set[str] = set()
    for tour in raw:
        if tour["id"] in seen:
            problems.append(Problem(f'Two tours have the id "{tour["id"]}".'))
            continue
        seen.add(tour["id"])
        steps = []
        for number, step in enumerate(tour["steps"], start=1):
            resolved = _step(step, places, where=f'Tour "{tour["id"]}" step {number}', problems=problems)
            if resolved is not None:
                steps.append(resolved)
        if steps:
            found.append(Tour(tour["id"], tour["label"], tuple(steps)))
    return tuple(found)


def _step(step: Mapping[str, Any], places: Places, *, where: str, problems: list[Problem]) -> TourStep | None:
    page_id, part_id, section_id = step.get("page"), step.get("part"), step.get("section")
    if part_id is not None:
        part = _placed(places.parts.get(part_id), "part", part_id, page_id=page_id, where=where, problems=problems)
        return None if part is None else TourStep(part.page, part.path, None, part_id, step["caption"])
    if section_id is not None:
        # A section is one of the home page's h2 sections or a record section; either has a path with its anchor.
        target = places.sections.get(section_id) or places.record.get(section_id)
        section = _placed(target, "section", section_id, page_id=page_id, where=where, problems=problems)
        return None if section is None else TourStep(section.page, section.path, section_id, None, step["caption"])
    page = places.pages.get(page_id) if isinstance(page_id, str) else None
    if page is None:
        problems.append(Problem(f'{where} names the page "{page_id}", which the site does not have.'))
        return None
    return TourStep(page.id, page.path, None, None, step["caption"])


def _placed(
    target: Placed | None, kind: str, id_: str, *, page_id: str | None, where: str, problems: list[Problem]
) -> Placed | None:
    """The step's part or section, when it exists and is on the page the step names (if it names one)."""
    if target is None:
        problems.append(Problem(f'{where} names the {kind} "{id_}", which no page has.'))
        return None
    if page_id is not None and page_id != target.page:
        problems.append(Problem(f'{where}: the {kind} "{id_}" is on page "{target.page}", not "{page_id}".'))
        return None
    return target
