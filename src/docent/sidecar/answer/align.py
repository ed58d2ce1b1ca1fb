"""One alignment per sentence: the clause of the cited sections that a sentence restates, and what differs.

A cited sentence is aligned (`aligned`) with the clause (`passage.Unit`) of its cited sections that holds most of its
content stems; a weak alignment, or a tie between clauses that say different things, decides nothing.

On a strong alignment the two are compared through the contrast classes (`contrasts.CONTRASTS`): the sentence is
held when it has a word of one pole of a class where the clause has a word of another pole of the same class, in
the corresponding place (a content stem within `NEAR` words of one is within `NEAR` words of the other), and
- the sentence's word is not in the clause (its one or two units), nor is any word of its pole: a word the cited
  sections write in another unit still counts (read against all their words, "within a month of an incident" passed);
- the clause's word, and every word of its pole, is absent from the sentence;
- neither word is denied ("not", "never", "n't" just before it; before "any", anywhere in its clause): a pole turned.
Attribution too (`renamed.misnamed`): a name of the sentence where the clause's main unit has another name; a
name of the sections' titles and heading paths (`subjects`) may stand anywhere.
What it cannot do: see a change in words of no class and no name ("the booking service" for "depot scanners"), a
change the clause says in figures only (3.1 and 2.4 basis points, told as "rose"), one the sentence tells across
two clauses, or one between two suppositions ("if ..."), which are two cases; it lets those through, as it does a
sentence it cannot align.
"""

from __future__ import annotations

import re
from collections.abc import Sequence, Set
from typing import NamedTuple

from . import presence
from .contrasts import CONTRASTS, excepted
from .cues import CUES, ENTRIES, PRESENCE, Entry, Mark, marks
from .passage import Passage, Unit, in_clause_before
from .places import COVER, NEAR, stems_near
from .renamed import misnamed, names_of

PLACE = 1  # the content stems two places must share to be the same place


_PART = CONTRASTS[next(k for k, c in enumerate(CONTRASTS) if c.name == "quantifier")].poles.index("some few several a_few one_of")
_SUPPOSING = frozenset(("if", "when", "whenever", "unless", "whether"))
_DENIERS = frozenset(("not", "never", "no", "cannot", "nor"))
_BOUNDS = (("up", "to"), ("at", "most"))
_BOUND = re.compile(r"(?:up\s+to|at\s+most)\s+\d", re.IGNORECASE)


class Clauses(NamedTuple):
    """A section's contrast words as the alignment reads them, found once per bundle: each unit's, and the poles of
    each class that any unit holds (a sentence whose classes the section never uses in another pole is not aligned);
    the first words of the entries that a sentence's contrast word must be to contrast with the section (`cues`);
    each unit's figures (`_figure`)."""

    marks: tuple[tuple[Mark, ...], ...]
    poles: dict[int, frozenset[int]]  # class -> the poles the section's units write
    cues: frozenset[str]
    figures: tuple[frozenset[str], ...]


def _clauses(passage: Passage) -> Clauses:
    found = tuple(marks(u) for u in passage.units)
    poles: dict[int, set[int]] = {}
    for unit_marks in found:
        for m in unit_marks:
            poles.setdefault(m.entry.kind, set()).add(m.entry.pole)
    # What `_contrasted` asks of a sentence's mark, told by the mark's first word: its class written here in another pole.
    cues = frozenset(e.words[0] for kind, written in poles.items() for e in ENTRIES[kind] if len(written) > 1 or e.pole not in written)
    figures = tuple(frozenset(f for t in u.tokens if (f := _figure(t.word)) is not None) for u in passage.units)
    return Clauses(found, {kind: frozenset(p) for kind, p in poles.items()}, cues, figures)


def clauses(passage: Passage) -> Clauses:
    return passage.facts("align", _clauses)


def wakes(words: Set[str]) -> bool:
    """Whether the sentence has a contrast word at all: most sentences have none and are not aligned."""
    return not CUES.isdisjoint(words)


class Alignment(NamedTuple):
    """The clause a sentence restates: a section's unit, or two units in a row (a line and the sentence after it:
    "max_age - in seconds. Defaults to 600."), or three where two such pairs tie on the one they share."""

    section: int
    first: int
    last: int
    shared: int


def aligned(content: frozenset[str], sections: Sequence[Passage]) -> list[Alignment]:
    """The clauses of the cited sections that hold most of `content` (a sentence's content stems), when that is at
    least COVER of them and two or more; several on a tie, none on a weak alignment. A stem of a section's title
    counts as held by each of its units that holds another of the sentence's stems: the title is what they are
    about ("GZipMiddleware" for "Defaults to 500"). Two units in a row are a clause when they hold more than either.

    The last alignment is kept: contrast, its retellings (`retold`) and `antonyms` each align the same sentence's
    stems with the same cited sections (`Reading.passages`), one after the other."""
    global _last
    last = _last
    if last[1] is sections and last[0] == content:
        return last[2]
    found = _aligned(content, sections)
    # The stems kept frozen (a caller's set may change after), the sections by identity: the one list a sentence's
    # rules share, kept alive by this entry, so that no other list can take its id meanwhile.
    _last = (frozenset(content), sections, found)
    return found


# The last stems and sections aligned, with the clauses found: one for the process, each key all an alignment depends
# on (a section is cut once per bundle and never changes).
_last: tuple[frozenset[str], Sequence[Passage], list[Alignment]] = (frozenset(), (), [])


def _aligned(content: frozenset[str], sections: Sequence[Passage]) -> list[Alignment]:
    found: list[tuple[int, int, Alignment]] = []  # (shared, -width, alignment)
    least = max(2, COVER * len(content))
    for s, passage in enumerate(sections):
        counts = passage.counts(content)  # a unit that holds none of them scores nothing
        units, titled = passage.units, content & passage.title.stems
        room, has = least - len(titled), counts.get  # a unit, or two in a row, holding fewer can reach no `least`
        for i in sorted([i for i, n in counts.items() if n + has(i + 1, 0) >= room]):
            held = content & units[i].stems
            n = len(held | titled)
            if n >= least:
                found.append((n, -1, Alignment(s, i, i, n)))
            if i + 1 in counts:
                after = content & units[i + 1].stems
                pair = len(held | after | titled)
                if pair >= least and pair > max(n, len(after | titled)):
                    found.append((pair, -2, Alignment(s, i, i + 1, pair)))
    if not found:
        return []
    found.sort(reverse=True)
    top = found[0][:2]
    tied = [a for n, w, a in found if (n, w) == top]
    return _overlapping(tied) if len(tied) > 1 else tied


def _overlapping(tied: list[Alignment]) -> list[Alignment]:
    """Tied clauses of one section that share a unit ("A | B", "B | C") restate that unit: one clause of the three."""
    first, last = min(a.first for a in tied), max(a.last for a in tied)
    if len({a.section for a in tied}) == 1 and max(a.first for a in tied) <= min(a.last for a in tied) <= last <= first + 2:
        return [Alignment(tied[0].section, first, last, tied[0].shared)]
    return tied


def _existential(u: Unit, m: Mark, other: Entry) -> bool:
    """ "If any check fails" says what "if one of the checks fails" does: an "any" in a condition against a word of
    the pole of a part ("one of", "some")."""
    return (m.entry.words == ("any",) and other.kind == m.entry.kind and other.pole == _PART
            and any(t.word in _SUPPOSING for t in in_clause_before(u, m.at)))


def _supposed(u: Unit, m: Mark) -> bool:
    """Whether a word stands in a supposition ("If you override both methods"): "if" or "unless" before it in its
    clause. A sentence's supposition and the clause's ("If you only want one of the two methods") are two cases."""
    return any(t.word in ("if", "unless") for t in in_clause_before(u, m.at))


def _denied(u: Unit, at: int) -> bool:
    before = in_clause_before(u, at) if u.tokens[at].word == "any" else u.tokens[max(0, at - 3) : at]
    return any(t.word in _DENIERS or t.word.endswith("n't") for t in before)


def differs(
    said: Unit, sections: Sequence[Passage], names: Set[str] = frozenset(), subjects: Set[str] = frozenset()
) -> str | None:
    """The reason to hold a sentence whose aligned clause says another thing of a contrast class, or gives its
    place to another of the record's names, or None. `names`: the words the record writes as names, lower case;
    `subjects`: the stems of the cited sections' titles and heading paths, names a sentence may put anywhere."""
    named = _named(said, sections, names, subjects)
    # A sentence none of whose words opens an entry that contrasts with a cited section's (`Clauses.cues`) has no mark
    # `_contrasted` would take: without a name either, its contrast words are not looked for.
    if not named and all(clauses(p).cues.isdisjoint(said.words) for p in sections):
        return None
    found = _said_marks(said)
    contrasted = bool(found) and _contrasted(found, sections)
    if not contrasted and not named:
        return None
    skip = {m.at + k for m in found for k in range(len(m.entry.words))}
    content = said.stems.difference([said.tokens[j].stem for j in skip])
    alignments = aligned(content, sections)
    if len(alignments) != 1:  # none, or a tie: which clause it restates is unknown
        return None
    a = alignments[0]
    passage = sections[a.section]
    if contrasted:
        reason = _contrasts(said, found, skip, passage, a)
        if reason:
            return reason
    if named and misnamed(said, named, content, passage.units[a.first : a.last + 1], passage.title.stems, names):
        return "actor"
    return None


def _named(said: Unit, sections: Sequence[Passage], names: Set[str], subjects: Set[str]) -> list[tuple[int, str]]:
    """The sentence's names that may stand in another's place: only a name the cited sections write, and not what they
    are about. Each looked up in the sections' words, not their union made for each sentence (a section's words are
    hundreds on a documentation site)."""
    named = names_of(said, names) if names else []
    return [(i, w) for i, w in named if any(w in p.words for p in sections) and said.tokens[i].stem not in subjects] if named else named


def _said_marks(said: Unit) -> tuple[Mark, ...]:
    """The sentence's contrast words, less its bounds on a figure ("up to 400 calls"), which the number rule reads."""
    return tuple(m for m in marks(said) if not (m.entry.words in _BOUNDS and _BOUND.match(said.text, said.tokens[m.at].start)))


def _contrasts(said: Unit, found: tuple[Mark, ...], skip: Set[int], passage: Passage, a: Alignment) -> str | None:
    """The reason of the first contrast word of the sentence that the aligned clause says otherwise, or None."""
    units, facts = passage.units, clauses(passage)
    written = units[a.first].words.union(*(u.words for u in units[a.first + 1 : a.last + 1]))
    theirs = facts.marks[a.first : a.last + 1]
    poles = {(m.entry.kind, m.entry.pole) for unit_marks in theirs for m in unit_marks}
    figures = facts.figures[a.first].union(*facts.figures[a.first + 1 : a.last + 1])
    for index in range(a.first, a.last + 1):
        reason = _compare(said, found, skip, written, units[index], facts.marks[index], poles, figures, passage)
        if reason:
            return reason
    return None


_NUMBER_WORDS = {w: str(i) for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve".split()
)}


def _figure(word: str) -> str | None:
    if word[:1].isdigit():
        return word.replace(",", "")
    return _NUMBER_WORDS.get(word)


_MEASURING = frozenset(("in", "of", "per", "a", "an", "each", "every"))  # "in seconds", "number of hours", "a month"


def _same_figure(said: Unit, at: int, figures: Set[str], kind: int) -> bool:
    """For a unit: the word is a unit in the sentence (after a figure, or "in", "per", "a": "the second wave" is no
    time), and its figure, if any, is one the clause (its one or two units) states: "30 seconds" for "half a minute"
    is the same time converted; "600 minutes" against "in seconds. Defaults to 600." is not."""
    if not CONTRASTS[kind].counted:
        return True
    if at == 0:
        return False
    before = said.tokens[at - 1].word
    figure = _figure(before)
    if figure is None:
        return before in _MEASURING
    return figure in figures


def _events(u: Unit, m: Mark, skip: Set[int]) -> tuple[set[str], set[str]]:
    """The content stems of the two events an order word relates: the one it tells of (the NEAR tokens before it,
    or after the comma that ends its clause where it opens the unit: "before X, Y") and the one it is placed by
    (the NEAR tokens after it)."""
    tokens, end = u.tokens, m.at + len(m.entry.words)

    def stems(lo: int, hi: int) -> set[str]:
        return {t.stem for j, t in enumerate(tokens[lo:hi], start=lo) if t.stem and j not in skip}

    anchor = stems(end, end + NEAR)
    if m.at > 0:
        return stems(max(0, m.at - NEAR), m.at), anchor
    comma = u.text.find(",", tokens[m.at].start)
    after = next((j for j, t in enumerate(tokens) if comma >= 0 and t.start > comma), len(tokens))
    return stems(after, after + NEAR), stems(end, min(after, end + NEAR))


def _swapped(said: tuple[set[str], set[str]], clause: tuple[set[str], set[str]]) -> bool:
    """Whether two order words of opposite poles have each other's events on each side ("B after A", "A before B"):
    then they say the same order."""
    same = len(said[0] & clause[0]) + len(said[1] & clause[1])
    return len(said[0] & clause[1]) + len(said[1] & clause[0]) > same


_AMOUNTS = frozenset(("half", "third", "quarter", "dozen", "hundred", "thousand", "million", "billion", "twice"))


def _on_figure(u: Unit, m: Mark) -> bool:
    """A hedge on a figure is one before a figure ("about 4 %", "around a third"): "strict about the header" and "a
    wrapper around the app" are no estimate. Other words stand anywhere."""
    if not CONTRASTS[m.entry.kind].figured or m.entry.pole != 0:
        return True
    after = [t.word for t in u.tokens[m.at + len(m.entry.words) : m.at + len(m.entry.words) + 2]]
    if after[:1] and after[0] in ("a", "an"):
        after = after[1:]
    return bool(after) and (_figure(after[0]) is not None or after[0] in _AMOUNTS)


def _contrasted(found: Sequence[Mark], sections: Sequence[Passage]) -> bool:
    """Whether a cited section writes another pole of a class the sentence uses: if none does, nothing to align."""
    for passage in sections:
        poles = clauses(passage).poles
        for m in found:
            written = poles.get(m.entry.kind)
            if written and (len(written) > 1 or m.entry.pole not in written):
                return True
    return False


def _same_place(said: Unit, m: Mark, place: Set[str], clause: Unit, t: Mark, figures: Set[str]) -> bool:
    """Whether a word of the sentence and one of the clause stand in one place (`place`: the sentence's word's), and
    for a unit, whether the sentence's figure is the clause's. A unit after a figure the clause states is in its
    place whatever its neighbours: "600 minutes" against "in seconds. Defaults to 600."."""
    kind = m.entry.kind
    figured = CONTRASTS[kind].counted and m.at > 0 and _figure(said.tokens[m.at - 1].word) in figures
    if not figured and len(place & stems_near(clause, t.at, len(t.entry.words), set())) < PLACE:
        return False
    return _same_figure(said, m.at, figures, kind)


def _opening(said: Unit, m: Mark, skip: Set[int]) -> set[str]:
    """The place of a word that opens the sentence with a short phrase ("Before the fix, the occupancy climbed"): the
    phrase's own words, up to its comma, not the words of the clause after it; none for any other word."""
    if m.at != 0:
        return set()
    comma = said.text.find(",")
    if comma < 0:
        return set()
    width = len(m.entry.words)
    out = {t.stem for j, t in enumerate(said.tokens) if t.start < comma and t.stem and j not in skip and j >= width}
    return out if len(out) <= NEAR else set()  # a longer opening is read as any other place


def _apart(said: Unit, m: Mark, clause: Unit, t: Mark) -> bool:
    """Whether two words of one class, of other poles, say nothing against each other: the clause's is denied or no
    hedge on a figure; "if any check fails" for "if one of them fails"; two suppositions; `contrasts.excepted`."""
    return (_denied(clause, t.at) or not _on_figure(clause, t) or _existential(said, m, t.entry)
            or _existential(clause, t, m.entry) or _supposed(said, m) and _supposed(clause, t)
            or excepted(m.entry[:2], t.entry[:2], clause, t.at, said, m.at))


def _compare(
    said: Unit, found: tuple[Mark, ...], skip: Set[int], written: Set[str], clause: Unit, theirs: tuple[Mark, ...],
    their_poles: Set[tuple[int, int]], figures: Set[str], passage: Passage,
) -> str | None:
    """The reason a word of the sentence and another of the same class in the clause differ in one place, or None."""
    said_poles = {(m.entry.kind, m.entry.pole) for m in found}
    for m in found:
        e = m.entry
        if (e.kind, e.pole) in their_poles or _denied(said, m.at) or not _on_figure(said, m):
            continue
        if all(w in written for w in e.words):  # the clause writes it too ("with ... no incident" for "with no")
            continue
        place = None
        for t in theirs:
            f = t.entry
            if f.kind != e.kind or f.pole == e.pole or (f.kind, f.pole) in said_poles or _apart(said, m, clause, t):
                continue
            if place is None:
                place = _opening(said, m, skip) or stems_near(said, m.at, len(e.words), skip)
            if not _same_place(said, m, place, clause, t, figures):
                continue
            if CONTRASTS[e.kind].name == "order" and _swapped(_events(said, m, skip), _events(clause, t, set())):
                continue  # "B after A" for "A before B": the events change sides with the word
            if e.kind == PRESENCE and presence.apart(said, m.at + len(e.words), clause, t.at + len(f.words), e.pole == 1, passage):
                continue  # "with" and "without" said of two things, or "without" what the sections deny
            return CONTRASTS[e.kind].reason
    return None
