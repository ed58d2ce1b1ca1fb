"""The lexicon: the technologies and practices the gate's rule knows by name, built in plus the owner's additions."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from importlib import resources

from docent.schema import LexiconEntry

from .text import collapse


def parse(text: str) -> tuple[LexiconEntry, ...]:
    """`Term | alias | alias` a line; blank lines and `#` comments skipped."""
    entries = []
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        term, *aliases = (collapse(name) for name in line.split("|"))
        entries.append(LexiconEntry(term, tuple(a for a in aliases if a)))
    return tuple(entries)


@cache
def built_in() -> tuple[LexiconEntry, ...]:
    return parse(resources.files(__package__).joinpath("data/lexicon.txt").read_text(encoding="utf-8"))


def lexicon(additions: Mapping[str, Sequence[str]] | None = None) -> tuple[LexiconEntry, ...]:
    """The built-in list with the owner's additions: a known term gains aliases, a new term joins at the end."""
    entries = {entry.term.casefold(): entry for entry in built_in()}
    for term, aliases in (additions or {}).items():
        key = term.casefold()
        known = entries.get(key)
        if known is None:
            entries[key] = LexiconEntry(term, tuple(dict.fromkeys(aliases)))
        else:
            have = {a.casefold() for a in (known.term, *known.aliases)}
            extra = tuple(a for a in dict.fromkeys(aliases) if a.casefold() not in have)
            entries[key] = LexiconEntry(known.term, known.aliases + extra)
    return tuple(entries.values())
