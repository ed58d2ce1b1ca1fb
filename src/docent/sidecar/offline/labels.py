"""A question's words matched to the manifest's ids and labels: a page, a section, a part, an experiment, a tour.

An entry shares words with the question; a word several entries share counts less, so that "how this assistant
works" names the Assistant page and not the labels with "work" in them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import Protocol, TypeVar

from ..answer.words import terms


class Labelled(Protocol):
    """A manifest entry a question may name by its id or its label: a page, section, part, experiment, preset, tour."""

    @property
    def id(self) -> str: ...
    @property
    def label(self) -> str: ...


L = TypeVar("L", bound=Labelled)


def ranked(
    entries: Iterable[L],
    asked: set[str],
    *,
    least: int = 1,
    extra: Callable[[L], str] = lambda _: "",
) -> list[L]:
    """The entries whose id and label share the most words with the question, if they share enough; ties kept.
    A word counts less the more entries share it: "how this assistant works" names the Assistant page, not the three
    labels with "work" in them."""
    names = [(entry, set(terms(f"{entry.id.replace('-', ' ')} {entry.label} {extra(entry)}"))) for entry in entries]
    spread = Counter(word for _, named in names for word in named & asked)
    scored = []
    for entry, named in names:
        shared = named & asked
        if shared and len(shared) >= min(least, len(named)):
            scored.append((sum(1 / spread[word] for word in shared), entry))
    if not scored:
        return []
    top = max(s for s, _ in scored)
    return [e for s, e in scored if s >= top - 1e-9]


def best_of(entries: Iterable[L], asked: set[str], *, least: int = 1) -> L | None:
    found = ranked(entries, asked, least=least)
    return found[0] if found else None
