"""A name told in another name's place: the alignment's attribution (`align.differs`), once it has the clause a
sentence restates: a name of the sentence stands where the clause's main unit has another of the record's names."""

from __future__ import annotations

from collections.abc import Sequence, Set

from .passage import Unit
from .places import COVER, stems_near

RENAMED = 2  # the content stems two names' places must share (a name's place is told by more of its neighbours)


def misnamed(
    said: Unit, named: list[tuple[int, str]], content: frozenset[str], clause: Sequence[Unit], title: Set[str],
    names: Set[str],
) -> bool:
    """Whether a name of the sentence stands where the clause's main unit has another name."""
    # The unit of the clause that holds more of the sentence: in "the Kubernetes migration took bookings to
    # invoicing in 1.2 seconds", the one that says who took them there, not the one that names Kubernetes. That
    # unit alone must restate the sentence: one told across several (a list's steps) has no one place.
    main = max(clause, key=lambda u: len(content & u.stems))
    if len(content & (main.stems | title)) < COVER * len(content):
        return False
    others = [(i, w) for i, w in named if not _written(w, main.words)]
    return bool(others) and _renamed(said, others, main, names)


def names_of(u: Unit, names: Set[str], *, record: bool = False) -> list[tuple[int, str]]:
    """A unit's names: words the record writes as names, and words written with a capital past their first letter
    ("TestClient", "DEBUG"); in the record's own clause, any word with a capital inside a sentence ("Request.form()")."""
    text = u.text
    if not record and text[1:].islower():  # no capital past the first letter: no word has one past its first
        return [(i, t.word) for i, t in enumerate(u.tokens) if t.word in names and t.stem] if not u.words.isdisjoint(names) else []
    return [
        (i, t.word) for i, t in enumerate(u.tokens)
        if t.stem and (
            t.word in names or _capital_inside(text[t.start + 1 : t.start + len(t.word)])
            or record and text[t.start].isupper() and text[: t.start].rstrip()[-1:] not in _OPENERS
        )
    ]


def _capital_inside(rest: str) -> bool:
    """Whether a word's letters past its first hold a capital: in ASCII, whether lower case changes them (no step for
    each letter)."""
    if rest.isascii():
        return rest != rest.lower()
    return any(c.isupper() for c in rest)


_OPENERS = frozenset((*".!?:;\"“‘«(-–—•\n", ""))  # a capital after one of these, or first, opens a sentence or a definition


def _renamed(said: Unit, others: list[tuple[int, str]], clause: Unit, names: Set[str]) -> bool:
    """Whether a name of the sentence that the clause lacks stands where the clause has a name the sentence lacks:
    "the Kubernetes migration took bookings to invoicing" against "the Kafka backbone took bookings to invoicing"."""
    theirs = [(j, w) for j, w in names_of(clause, names, record=True) if not _written(w, said.words)]
    for i, _ in others:
        place = stems_near(said, i, 1, set())
        for j, _ in theirs:
            if len(place & stems_near(clause, j, 1, set())) >= RENAMED:
                return True
    return False


def _written(name: str, words: Set[str]) -> bool:
    """Whether a unit writes a name, or its plural or singular: "AsyncClients" names the "AsyncClient" class."""
    return name in words or name + "s" in words or name.endswith("s") and name[:-1] in words
