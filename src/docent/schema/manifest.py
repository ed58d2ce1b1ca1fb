"""The manifest as the build writes it: the public file's keys first, then what only the bundle holds (INTERFACES.md §2, §3)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, fields
from typing import Any
from urllib.parse import unquote

from .codec import plain
from .records import Action, Experiment, Field, Offer, Page, Part, Section, Tour

# A page whose label says it is a docs site's way in ("Quickstart", "Getting started", "First Steps", "Overview"): the
# build asks it as "How do I get started?" (suggestions) and the embedded model answers that from it (offline.overview).
WAY_IN = re.compile(r"quick\s*start|getting started|get started|first steps|tutorial|introduction|overview|^learn$",
                    re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Owner:
    """The person the record speaks for, and how the guide's sentences name them."""

    name: str = ""
    called: str = ""  # "Mara": the build fills it with the name when the owner sets none
    pronoun: str = "they"  # she, he or they


def _refuse_by_default() -> dict[str, Any]:
    return {"pay": True, "private": True, "topics": []}


@dataclass(frozen=True, slots=True)
class Manifest:
    """Every id a tool may name, with its label; the defaults make the empty manifest of a site with no pages."""

    version: int = 1
    hash: str = ""  # the bundle's: the panel and the sidecar tell whether they were built together
    site_name: str = ""
    sidecar: str = ""
    pages: tuple[Page, ...] = ()
    sections: tuple[Section, ...] = ()
    parts: tuple[Part, ...] = ()
    experiments: tuple[Experiment, ...] = ()
    tours: tuple[Tour, ...] = ()
    offers: tuple[Offer, ...] = ()
    actions: tuple[Action, ...] = ()
    fields: tuple[Field, ...] = ()
    record_hashes: dict[str, str] = field(default_factory=dict)  # each record section's text, hashed short
    kind: str = "portfolio"  # portfolio or docs: the defaults the site asked for (refusals, voice, the panel's intro)
    suggestions: tuple[str, ...] = ()
    # The bundle's alone: never in the public file under the site.
    page_text: dict[str, str] = field(default_factory=dict)
    instructions: dict[str, str] = field(default_factory=dict)
    owner: Owner = field(default_factory=Owner)
    refuse: dict[str, Any] = field(default_factory=_refuse_by_default)  # the owner's rules, as the policy reads them
    synonyms: dict[str, tuple[str, ...]] = field(default_factory=dict)  # a visitor's word -> the site's words
    site_url: str = ""  # mkdocs.yml's site_url: the MCP endpoint's absolute URLs and the host it answers to

    def public(self) -> dict[str, Any]:
        """site/docent/manifest.json: what the panel needs, and nothing of the record."""
        return {name: plain(getattr(self, name)) for name in PUBLIC}

    def json(self) -> dict[str, Any]:
        """The bundle's `manifest`: the public one, each page's text and instructions, and the owner's words."""
        out: dict[str, Any] = plain(self)
        return out


def site_path(path: str, prefix: str) -> str | None:
    """A URL's path as the site's own past `prefix`, the path of its site_url ("/kit" for https://docs.example.org/kit/;
    "" at the host's root): "/kit/deployment/" is "/deployment/", "/kit" is "" (the site's root, its slash left off as
    written); None where the path lies outside ("/blog/", "/kitchen/"). The two are compared segment by segment with
    their percent codes decoded, as a browser requests them ("/my%20docs" is "/my docs"); the rest is kept as written.
    The record's links (`manifest_build.links`) and an agent's addresses (`agents.results`) are read so."""
    if not prefix:
        return path
    segments, wanted = path.split("/"), prefix.split("/")
    if [unquote(s) for s in segments[: len(wanted)]] != [unquote(s) for s in wanted]:
        return None
    return "/".join(["", *segments[len(wanted) :]]) if len(segments) > len(wanted) else ""


# The public file's keys: the manifest's first fields, up to the suggestions.
_NAMES = [f.name for f in fields(Manifest)]
PUBLIC = tuple(_NAMES[: _NAMES.index("suggestions") + 1])
