"""The swap rule (reason `actor`): two things' facts told of each other ("A does P, while B does Q" where the
sections say A does Q and B does P).

Documentation sets alike things side by side, each in its own sentence or table cell ("OpenFaaS Pro supports a single
shared queue for asynchronous requests." / "OpenFaaS Enterprise supports dedicated queues per function."; "Copier
Single YAML file; Cookiecutter Single JSON file"). A sentence of two clauses joined by "while" or "whereas" tells
each clause's subject (its first word of substance the other clause lacks, past a frame before a comma: "In DMS,
Dovecot is ...") with the rest of its own words (its predicate). It is held when a part of the cited sections (a
unit, or a cell of a table row, its row label left out) names the first subject, not the second, with more of the
second clause's predicate than of its own, and another part does the same the other way round, and no part names
either subject with more of its own predicate than of the other's.
A unit whose subject is a pronoun is about its section's title; an "unlike X" opening it sets X beside the subject.
A table's row is a line with a label ("Configuration: ...") or no end mark: a sentence's semicolon cuts no cells.
A thing and its complement ("X are A; others are B") are read in `complements`.
What it cannot do: read a swap of two clauses joined otherwise ("and", "but"), or one whose predicates share their
words; then it lets the sentence through.
"""

from __future__ import annotations

import re
from collections.abc import Sequence, Set

from . import complements, polarity
from .passage import Passage, Token, Unit

CUES = frozenset(("while", "whereas")) | complements.CUES
WAKES_ON_CUES = True  # `wakes` is true wherever the sentence holds a cue: the gate's test of its words decides it
_JOIN = re.compile(r",?\s+(?:while|whereas)\s+", re.I)
_LABEL = re.compile(r"^[^:;]{1,60}:\s")  # a table row's label: "Configuration: Copier Single YAML file"
_Side = tuple[str, frozenset[str]]  # a clause's subject and predicate stems


def wakes(words: Set[str], stems: Set[str], sections: Sequence[Passage]) -> bool:
    return bool(words & CUES)


def held(said: Unit, sections: Sequence[Passage]) -> bool:
    joins = list(_JOIN.finditer(said.text))
    if len(joins) != 1 or not sections:
        return bool(sections) and complements.held(said, sections)  # "X are A; others are B"
    cut = joins[0]
    frame = max(said.text.rfind(",", 0, cut.start()), said.text.rfind(";", 0, cut.start()))
    left = [t for t in said.tokens if frame < t.start < cut.start() and t.stem]
    right = [t for t in said.tokens if t.start >= cut.end() and t.stem]
    sides = _sides(left, right)
    if sides is None:
        return False
    (a, pa), (b, pb) = sides
    parts = [part for p in sections for part in p.facts("swap parts", _parts)]
    if any(_tells(part, a, b, pa, pb) or _tells(part, b, a, pb, pa) for part in parts):
        return False  # a part tells a subject with its own predicate: the sentence restates it
    return any(_tells(part, a, b, pb, pa) for part in parts) and any(_tells(part, b, a, pa, pb) for part in parts)


def _sides(left: Sequence[Token], right: Sequence[Token]) -> tuple[_Side, _Side] | None:
    """Each clause's subject (its first stem the other lacks) and predicate (its other stems the other lacks)."""
    ls, rs = {t.stem for t in left if t.stem}, {t.stem for t in right if t.stem}
    a = next((t.stem for t in left if t.stem and t.stem not in rs), None)
    b = next((t.stem for t in right if t.stem and t.stem not in ls), None)
    if a is None or b is None:
        return None
    pa, pb = frozenset(ls - rs - {a}), frozenset(rs - ls - {b})
    return ((a, pa), (b, pb)) if pa and pb else None


def _tells(part: frozenset[str], subject: str, other: str, mine: frozenset[str], theirs: frozenset[str]) -> bool:
    """Whether the part names `subject` and not `other`, with more of `mine` than of `theirs`."""
    return subject in part and other not in part and len(part & mine) > len(part & theirs)


def _parts(passage: Passage) -> tuple[frozenset[str], ...]:
    """The section's units, a table row's cut into its cells (";"), the row's label left out. A row is a line with a
    label ("Configuration: Copier Single YAML file1; ...") or with no end mark; a sentence's semicolon ("Unlike basic
    authentication it provides encryption; it can be used over http") cuts no cells, and its pronoun is read."""
    out: list[frozenset[str]] = []
    for u in passage.units:
        label = _LABEL.match(u.text) if ";" in u.text else None
        if label is None and (";" not in u.text or u.text.rstrip().endswith((".", "!", "?"))):
            out.append(_own(u, passage.title.stems))
            continue
        start = label.end() if label else 0
        for cell in _cells(u, start):
            out.append(frozenset(t.stem for t in cell if t.stem))
    return tuple(out)


def _own(u: Unit, title: frozenset[str]) -> frozenset[str]:
    """A unit's stems, less what an "unlike X" sets beside its subject (to a comma or a pronoun); a unit whose subject is
    a pronoun ("Unlike basic authentication it provides encryption", "This method is used by ...") is about its
    section's title. A unit that negates keeps its plain stems: "Unlike digest authentication it needs no nonce"
    tells its subject no nonce, and names digest with the nonce it has."""
    tokens, at = u.tokens, 0
    if polarity.negates(u.text):
        return u.stems
    if tokens and tokens[0].word == "unlike":
        at = next((i for i, t in enumerate(tokens) if i and (t.word in _PRONOUNS or "," in u.text[tokens[i - 1].start : t.start])),
                  len(tokens))
    stems = frozenset(t.stem for t in tokens[at:] if t.stem)
    return stems | title if at < len(tokens) and tokens[at].word in _PRONOUNS else stems


_PRONOUNS = frozenset(("it", "this", "they", "these"))


def _cells(u: Unit, start: int) -> list[list[Token]]:
    marks = [m.start() for m in re.finditer(";", u.text)] + [len(u.text)]
    cells: list[list[Token]] = [[] for _ in marks]
    for t in u.tokens:
        if t.start >= start:
            cells[next(k for k, m in enumerate(marks) if t.start < m)].append(t)
    return [c for c in cells if c]

