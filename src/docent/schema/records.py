"""The manifest's nouns: what the build reads off the rendered site, one frozen record each.

Field order is the order of the keys in the JSON (INTERFACES.md §2 and §3), so the files are the same bytes
every build, and the sidecar reads them back into these same records (`codec.decode`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from msgspec import UNSET, UnsetType

from .blocks import Block, fenced, flat

# The id the guide's refusal cites: `[[none]]` when the record does not answer. No record section has it, in any case
# (the gate reads a citation of `none` the record lacks, lower-cased, as the refusal): the build renames a heading
# "None" as it renames a shared one, and the sidecar refuses a bundle built before it did.
REFUSAL = "none"

# null: an ordinary control; "ring": the visitor's to press, a call only points it out; "confirm": asks first.
Consequential = Literal["ring", "confirm"] | None


@dataclass(frozen=True, slots=True)
class Page:
    id: str
    label: str
    path: str
    # Where another page of the site has the same label: the label with the nav sections that tell them apart,
    # "Docker (Providers)"; UNSET (no key in the file) where the label is the site's only one.
    named: str | UnsetType = UNSET

    @property
    def name(self) -> str:
        """The page as a visitor or an agent reads it among the others: `named` where set, else the label."""
        return self.named if isinstance(self.named, str) else self.label


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
    """A citable part of a record page: the text before its first h2 (titled by the page's title), or an h2, h3 or
    h4 heading's content up to the next of them."""

    id: str
    page: str
    title: str
    text: str  # the blocks as one string (`blocks.flat`): what every reader of the text reads
    path: str
    headings: tuple[str, ...] = ()  # its heading path: the page's title, the h2 it sits under, its own title last
    blocks: tuple[Block, ...] = ()  # paragraphs, list items, table rows, admonitions, code, in the page's order

    @classmethod
    def of(cls, id: str, *, page: str, path: str, headings: tuple[str, ...], blocks: tuple[Block, ...]) -> RecordSection:
        """A section from its blocks: the title is the last heading, the text is made from the blocks."""
        return cls(id, page, headings[-1], flat(blocks), path, headings, blocks)

    @property
    def trail(self) -> str:
        """The heading path as one line: "HTTPX › Advanced › Timeouts"; the title alone for a bundle without one."""
        return " › ".join(self.headings) if self.headings else self.title

    def shown(self) -> str:
        """The text as the prompt shows it to a model: prose as `text` has it, code fenced with its language."""
        return fenced(self.blocks) if self.blocks else self.text


@dataclass(frozen=True, slots=True)
class LexiconEntry:
    term: str
    aliases: tuple[str, ...]
