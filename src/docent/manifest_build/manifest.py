"""The Manifest: every page's facts and the owner's options put together, checked across pages."""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from docent import schema
from docent.schema import Action, Experiment, Field, LexiconEntry, Offer, Page, Part, RecordSection, Section, Tour

from .coverage import coverage, empty_record, record_notes
from .lexicon import lexicon as build_lexicon
from .page import HOME, PageFacts
from .suggestions import suggestions as build_suggestions
from .tours import Places
from .tours import tours as build_tours
from .types import Problem, SiteConfig

# The names the model calls actions and fields by are tool names (Anthropic: ^[a-zA-Z0-9_-]{1,64}$).
TOOL_NAME = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")
BUILT_IN_TOOLS = frozenset(
    {"show_page", "point_at", "run_experiment", "start_tour", "offer", "get_page_content", "show_links", "offer_choices"}
)

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Manifest:
    site_name: str
    owner: str
    sidecar: str
    pages: tuple[Page, ...]
    sections: tuple[Section, ...]
    parts: tuple[Part, ...]
    experiments: tuple[Experiment, ...]
    tours: tuple[Tour, ...]
    offers: tuple[Offer, ...]
    actions: tuple[Action, ...]
    fields: tuple[Field, ...]
    record: tuple[RecordSection, ...]
    lexicon: tuple[LexiconEntry, ...]
    page_text: dict[str, str]
    instructions: dict[str, str]
    called: str = ""  # how sentences name the owner
    pronoun: str = "they"
    refuse: dict[str, Any] = field(default_factory=lambda: {"pay": True, "private": True, "topics": []})
    synonyms: dict[str, list[str]] = field(default_factory=dict)
    suggestions: tuple[str, ...] = ()
    site_url: str = ""
    kind: str = "portfolio"
    coverage: float | None = None  # the share of the record pages' text in the record; None: no page is record
    notes: tuple[str, ...] = ()  # what the owner should know of the record, said beside the summary, never an error

    def written(self, *, hash: str) -> schema.Manifest:
        """The manifest as the bundle holds it (docent.schema.Manifest)."""
        return schema.Manifest(
            hash=hash, site_name=self.site_name, sidecar=self.sidecar, pages=self.pages, sections=self.sections,
            parts=self.parts, experiments=self.experiments, tours=self.tours, offers=self.offers,
            actions=self.actions, fields=self.fields,
            record_hashes={r.id: section_hash(r.text) for r in self.record}, kind=self.kind,
            suggestions=self.suggestions,
            page_text=dict(self.page_text), instructions=dict(self.instructions),
            owner=schema.Owner(self.owner, self.called or self.owner, self.pronoun), refuse=self.refuse,
            synonyms={word: tuple(means) for word, means in self.synonyms.items()},
            site_url=self.site_url,
        )

    def public(self, *, hash: str) -> dict[str, Any]:
        """site/docent/manifest.json (INTERFACES.md §2): what the panel needs, and nothing of the record."""
        return self.written(hash=hash).public()

    def private(self, *, hash: str) -> dict[str, Any]:
        """The bundle's `manifest`: the public one plus each page's text and instructions, and the owner's words."""
        return self.written(hash=hash).json()

    def record_json(self) -> list[dict[str, Any]]:
        return [schema.plain(section) for section in self.record]

    def lexicon_json(self) -> list[dict[str, Any]]:
        return [schema.plain(entry) for entry in self.lexicon]


def section_hash(text: str) -> str:
    """A record section's text, as a short hash: a transcript restored after a rebuild marks what changed since."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def _unique(items: Iterable[T], *, key: str, what: str, problems: list[Problem], fix: str = "") -> tuple[T, ...]:
    """The first of each id; every later one is a problem."""
    seen: dict[str, T] = {}
    for item in items:
        id_ = getattr(item, key)
        if id_ in seen:
            first = getattr(seen[id_], "page", "")
            here = getattr(item, "page", "")
            where = f' (pages "{first}" and "{here}")' if first and here else ""
            problems.append(Problem(f'Two {what} have the id "{id_}"{where}.{fix.format(id=id_, title=getattr(item, "title", ""))}'))
            continue
        seen[id_] = item
    return tuple(seen.values())


def _tool_names(items: Iterable[T], *, what: str, problems: list[Problem]) -> list[T]:
    kept = []
    for item in items:
        name = item.name  # type: ignore[attr-defined]
        if not TOOL_NAME.match(name):
            problems.append(Problem(f'The {what} name "{name}" on page "{item.page}" is not a tool name '  # type: ignore[attr-defined]
                                    "(letters, digits, _ and -, at most 64)."))
        elif name in BUILT_IN_TOOLS:
            problems.append(Problem(f'The {what} name "{name}" on page "{item.page}" is a built-in tool\'s name.'))  # type: ignore[attr-defined]
        else:
            kept.append(item)
    return kept


def _actions(found: Iterable[Action], *, problems: list[Problem]) -> tuple[Action, ...]:
    kept, seen = [], set()
    for action in _tool_names(found, what="action", problems=problems):
        if (action.page, action.name) in seen:
            problems.append(Problem(f'Page "{action.page}" has two actions "{action.name}".'))
            continue
        seen.add((action.page, action.name))
        kept.append(action)
    return tuple(kept)


def _fields(found: list[Field], *, actions: Sequence[Action], problems: list[Problem]) -> tuple[Field, ...]:
    named = _tool_names(found, what="field", problems=problems)
    counts = Counter(field.name for field in named)
    clash = {a.name for a in actions} & counts.keys()
    for name in sorted(clash):
        problems.append(Problem(f'"{name}" names both an action and a field.'))
    kept: list[Field] = []
    ids: dict[str, set[str]] = {}
    for named_field in named:
        if named_field.name in clash:
            continue
        if counts[named_field.name] > 1:
            # Same-name fields are told apart by their ids.
            seen = ids.setdefault(named_field.name, set())
            if named_field.id is None or named_field.id in seen:
                problems.append(Problem(f'Fields named "{named_field.name}" (page "{named_field.page}") need distinct id attributes.'))
                continue
            seen.add(named_field.id)
        kept.append(named_field)
    return tuple(kept)


def _record(pages: Sequence[PageFacts], *, problems: list[Problem]) -> tuple[RecordSection, ...]:
    """The record's sections, their ids unique by construction.

    Documentation repeats headings ("Usage", "Notes") from page to page: a heading id that several record sections
    share becomes the page's id and the heading's on each of them (`cases-kafka-notes`), so the ids do not depend
    on which page comes first, stay the same from build to build, and read well in a citation. The path keeps the
    heading's own anchor. A page's opening section has the page's id, which is unique already, and keeps it. A new
    id that another section has already (a heading written `{ #cases-kafka-notes }`) takes the first free number
    after it (`cases-kafka-notes-2`), so the renaming never makes a clash of its own. The refusal's id, `none` in
    any case (`schema.REFUSAL`), is renamed so too, a heading "None" (`fields-null-none`) or a page /none/'s opening
    (`none-none`): cited, it would be read as the section, and the refusal `[[none]]` with it.
    """
    found = [r for f in pages for r in f.record_sections]
    shared = Counter(r.id for r in found)

    def keeps(r: RecordSection) -> bool:
        if r.id.lower() == schema.REFUSAL:
            return False
        return shared[r.id] == 1 or "#" not in r.path  # unique, or a page's opening (at the page, no anchor)

    taken = {r.id for r in found if keeps(r)}
    named: list[RecordSection] = []
    for r in found:
        if keeps(r):
            named.append(r)
            continue
        new, n = f"{r.page}-{r.id}", 1
        while new in taken:
            n += 1
            new = f"{r.page}-{r.id}-{n}"
        taken.add(new)
        named.append(replace(r, id=new))
    fix = ' Two pages have the same id; leave one out, or exclude it with `docent: {{exclude: true}}`.'
    return _unique(named, key="id", what="record sections", problems=problems, fix=fix)


def _home_sections(sections: Sequence[Section], *, pages: set[str]) -> tuple[Section, ...]:
    """The home page's sections, one whose id is a page's (`## Sponsorship` beside the page /sponsorship/) renamed
    `home-<id>` so that show_page can tell them apart; its path keeps the heading's anchor."""
    taken = pages | {s.id for s in sections}
    out = []
    for section in sections:
        if section.id in pages:
            new, n = f"{HOME}-{section.id}", 1
            while new in taken:
                n += 1
                new = f"{HOME}-{section.id}-{n}"
            taken.add(new)
            section = replace(section, id=new)
        out.append(section)
    return tuple(out)


def told_apart(pages: Sequence[Page], *, nav: dict[str, tuple[str, ...]]) -> tuple[Page, ...]:
    """The pages, each whose label another page has too named by the nearest of its nav sections (`nav`, by page id,
    outermost first) that no other page of that label is under: "Docker (Providers)", "Overview (Reference ›
    Routing)"; a page no section tells apart by its path, "Docker (/docker/)", a page under none where the others
    are all under some by its label alone. A page whose label is the site's only one is as it was."""
    by_label: dict[str, list[Page]] = {}
    for page in pages:
        by_label.setdefault(page.label.casefold(), []).append(page)
    named: dict[str, str] = {}
    for same in by_label.values():
        for page in same if len(same) > 1 else ():
            own = nav.get(page.id, ())
            others = [nav.get(other.id, ()) for other in same if other is not page]
            apart = next((own[-k:] for k in range(1, len(own) + 1) if all(o[-k:] != own[-k:] for o in others)),
                         own if all(o != own for o in others) else None)
            if apart is None:
                named[page.id] = f"{page.label} ({page.path})"
            elif apart:
                named[page.id] = f"{page.label} ({' › '.join(apart)})"
    return tuple(replace(page, named=named[page.id]) if page.id in named else page for page in pages)


def build(pages: Sequence[PageFacts], config: SiteConfig) -> tuple[Manifest, list[Problem]]:
    """The manifest of the site's pages (in nav order), and the problems found putting it together."""
    problems: list[Problem] = [p for facts in pages for p in facts.problems]
    page_list = _unique((f.page for f in pages), key="id", what="pages", problems=problems)
    page_list = told_apart(page_list, nav={f.page.id: f.nav for f in reversed(pages)})
    sections = _unique((s for f in pages for s in f.sections), key="id", what="home sections", problems=problems)
    sections = _home_sections(sections, pages={p.id for p in page_list})
    parts = _unique((p for f in pages for p in f.parts), key="id", what="parts", problems=problems)
    experiments = _unique((e for f in pages for e in f.experiments), key="id", what="experiments", problems=problems)
    record = _record(pages, problems=problems)
    if (empty := empty_record(pages, record, kind=config.kind)) is not None:
        problems.append(empty)
    actions = _actions([a for f in pages for a in f.actions], problems=problems)
    fields = _fields([x for f in pages for x in f.fields], actions=actions, problems=problems)
    places = Places.of(pages=page_list, parts=parts, sections=sections, record=record)
    tours = build_tours(config.tours, places, problems=problems)
    offers = _unique((Offer(o["id"], o["label"], o["target"]) for o in config.offers), key="id", what="offers",
                     problems=problems)
    page_text, instructions = _texts(pages)
    manifest = Manifest(
        site_name=config.site_name,
        site_url=config.site_url,
        owner=config.owner,
        sidecar=config.sidecar,
        pages=page_list,
        sections=sections,
        parts=parts,
        experiments=experiments,
        tours=tours,
        offers=offers,
        actions=actions,
        fields=fields,
        record=record,
        lexicon=build_lexicon(config.lexicon),
        page_text=page_text,
        instructions=instructions,
        called=config.called,
        pronoun=config.pronoun,
        refuse=config.refuse,
        synonyms=config.synonyms,
        suggestions=build_suggestions(
            config.suggestions, pages=page_list, tours=tours, experiments=experiments, record=record, offers=offers,
            kind=config.kind, site_name=config.site_name,
        ),
        kind=config.kind,
        coverage=coverage(pages, record),
        notes=record_notes(pages),
    )
    return manifest, problems


def _texts(pages: Sequence[PageFacts]) -> tuple[dict[str, str], dict[str, str]]:
    """Each page's readable text and the owner's instructions for it, by page id; the first page of an id wins."""
    page_text: dict[str, str] = {}
    instructions: dict[str, str] = {}
    for facts in pages:
        if facts.page.id not in page_text:
            page_text[facts.page.id] = facts.text
            if facts.instructions:
                instructions[facts.page.id] = facts.instructions
    return page_text, instructions
