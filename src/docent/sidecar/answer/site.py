"""What the gate knows of the site beyond the record, made once per bundle (`Bundle.site`): its names, its pages'
titles and openings, the owner's name and the prompt's own headings."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from docent.schema import RecordSection

from .lexicon import Lexicon
from .names import SiteNames
from .words import LETTERS, STOP_WORDS, WORD, found


@dataclass(frozen=True)
class Site:
    names: SiteNames
    page_titles: Mapping[str, str]
    terms: frozenset[str]  # the lexicon's terms the site's names name: card words may use them
    # Words never taken for a proper name: stop words, the owner's name and `LITERALS`. Joined once per bundle: the
    # proper-name rule reads them for each sentence.
    ordinary: frozenset[str]
    intros: Mapping[str, str] = field(default_factory=dict)  # each record page's opening, before its sections
    headings: frozenset[str] = frozenset()  # the prompt's own headings, as `heading_words` has them
    # the words of the owner's name, lower case, but stop words: "mara", "lindqvist"; "The Python-Markdown Project"
    # (a site_author) is "python", "markdown", "project", or "the" before any noun would be read as the owner
    owner: frozenset[str] = frozenset()
    # The lexicon's terms of the owner's name (the site's, "Starlette" for its documentation): every section is
    # about them, so any sentence may name them.
    own_terms: frozenset[str] = frozenset()
    docs: bool = False  # a documentation site: no owner the guide could speak as; a quotation of it is its words
    # The owner's names and the site's, each its words in order, lower case, no stop word at its ends: ("docker",
    # "mailserver"), ("material", "for", "mkdocs"); written whole, a name is what every section is about.
    names_said: tuple[tuple[str, ...], ...] = ()

    def is_heading(self, text: str) -> bool:
        """One of the prompt's own headings written back as if it were a sentence (its `#` marks already gone)."""
        return heading_words(text) in self.headings

    @classmethod
    def of(
        cls,
        record: Mapping[str, RecordSection],
        lexicon: Lexicon,
        names: Iterable[str] = (),
        page_titles: Mapping[str, str] | None = None,
        owner: str = "",
        intros: Mapping[str, str] | None = None,
        headings: Iterable[str] = (),
        person: Iterable[str] = (),
        docs: bool = False,
    ) -> Site:
        """`owner`: the site's name ("Mara Lindqvist · Payments..."); `person`: the owner's name and what the guide
        calls them, when the manifest says (else the site's name up to its first separator)."""
        all_names = [*names, *(s.title for s in record.values())]
        terms: set[str] = set()
        for name in all_names:
            terms |= lexicon.names(name)
        person_names = [p for p in person if p]
        person = " ".join(person_names) or _OWNER_NAME.split(owner)[0]  # "Mara Lindqvist · ..."
        owner_words = frozenset(w.lower() for w in WORD.findall(person)) - STOP_WORDS
        ordinary = frozenset(STOP_WORDS | LITERALS | {w.lower() for w in WORD.findall(owner)} | owner_words
                             | _joined(owner) | _joined(person))
        said = {_said(name) for name in (*person_names, _OWNER_NAME.split(owner)[0])} - {()}
        return cls(SiteNames(all_names), dict(page_titles or {}), frozenset(terms), ordinary, dict(intros or {}),
                   frozenset(heading_words(h) for h in headings), owner_words, frozenset(lexicon.names(person)), docs,
                   tuple(sorted(said)))


# A setting's value as documentation writes it ("set www_redirect to False"): a value, no name of a place or a party.
LITERALS = frozenset(("true", "false", "none", "null"))
_OWNER_NAME = re.compile(r"\s[·|:–—-]\s|,")


def _joined(name: str) -> set[str]:
    """A name of several words written as one, as its own docs and readers write it: "external-dns" is also
    "ExternalDNS", "Python-Markdown" "PythonMarkdown", each part of the name up to a separator on its own."""
    return {"".join(w.lower() for w in WORD.findall(part)) for part in (name, *_OWNER_NAME.split(name))} - {""}


def _said(name: str) -> tuple[str, ...]:
    """A name's words in order, lower case, as a sentence's tokens have them, without stop words at its ends: "The
    Python-Markdown Project" is ("python", "markdown", "project")."""
    words = [w.lower().replace("’", "'") for w in WORD.findall(name)]
    while words and words[0] in STOP_WORDS:
        words.pop(0)
    while words and words[-1] in STOP_WORDS:
        words.pop()
    return tuple(words)


def heading_words(text: str) -> str:
    """A heading's words, lower case, without its marks: "## How to answer" and "How to answer." are one."""
    return " ".join(found(LETTERS, text.lower()))
