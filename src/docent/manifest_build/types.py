"""The build's own nouns, beside the bundle's (docent.schema): what the owner configures, and what went wrong."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


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
    site_url: str = ""  # MkDocs' site_url, without its trailing slash ("" when unset)
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
    kind: str = "portfolio"  # portfolio (a person's site) or docs (a project's documentation)
