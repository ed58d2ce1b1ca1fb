"""The manifest's nouns: what the build reads off the rendered site, one frozen record each.

Field order is the order of the keys in the JSON (INTERFACES.md §2 and §3), so the files are the same bytes
every build.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

# null: an ordinary control; "ring": the visitor's to press, a call only points it out; "confirm": asks first.
Consequential = Literal["ring", "confirm"] | None


@dataclass(frozen=True, slots=True)
class Page:
    id: str
    label: str
    path: str


@dataclass(frozen=True, slots=True)
class Section:
    """One of the home page's h2 sections."""

    id: str
    label: str
    page: str
    path: str


@dataclass(frozen=True, slots=True)
class Part:
    id: str
    label: str
    page: str
    path: str


@dataclass(frozen=True, slots=True)
class Preset:
    id: str
    label: str
    server: bool


@dataclass(frozen=True, slots=True)
class Experiment:
    id: str
    label: str
    page: str
    path: str
    live: bool
    presets: tuple[Preset, ...]


@dataclass(frozen=True, slots=True)
class Option:
    value: str
    label: str


@dataclass(frozen=True, slots=True)
class Action:
    name: str
    label: str
    page: str
    consequential: Consequential


@dataclass(frozen=True, slots=True)
class Field:
    name: str
    id: str | None
    label: str
    page: str
    options: tuple[Option, ...]
    consequential: Consequential


@dataclass(frozen=True, slots=True)
class TourStep:
    page: str
    path: str
    section: str | None
    part: str | None
    caption: str


@dataclass(frozen=True, slots=True)
class Tour:
    id: str
    label: str
    steps: tuple[TourStep, ...]


@dataclass(frozen=True, slots=True)
class Offer:
    id: str
    label: str
    target: str


@dataclass(frozen=True, slots=True)
class RecordSection:
    id: str
    page: str
    title: str
    text: str
    path: str


@dataclass(frozen=True, slots=True)
class LexiconEntry:
    term: str
    aliases: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Problem:
    """A dangling reference or a clash: a warning in a build, an error under --strict."""

    message: str

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True, slots=True)
class SiteConfig:
    """What the owner configures beside the pages: the docent plugin's entry in mkdocs.yml, and the site's name."""

    site_name: str = ""
    owner: str = ""  # MkDocs' site_author: the person the record speaks for, named in the third person
    sidecar: str = ""
    tours: tuple[dict[str, Any], ...] = ()
    offers: tuple[dict[str, Any], ...] = ()
    lexicon: dict[str, list[str]] = field(default_factory=dict)
    called: str = ""  # how the guide's sentences name the owner ("Mara")
    pronoun: str = "they"  # she, he or they
    refuse: dict[str, Any] = field(default_factory=lambda: {"pay": True, "private": True, "topics": []})
    synonyms: dict[str, list[str]] = field(default_factory=dict)  # a visitor's word -> the site's words
    suggestions: tuple[str, ...] = ()  # questions an empty panel offers; () draws them from the manifest
