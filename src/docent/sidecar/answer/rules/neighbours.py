"""The neighbours rule: a fact of a sibling section told of the thing the cited section's title names.

Reference pages give alike things sibling sections, one under each title on one heading path: "AnonRateThrottle",
"UserRateThrottle" and "ScopedRateThrottle" under "API Guide › Throttling". A sentence that names the cited one by
its title and tells a sibling's fact under it ("AnonRateThrottle builds its key from the user id", where only the
UserRateThrottle section says "The user id is used to generate a unique key") is held: the sentence writes the words
of the cited section's title that the sibling's title lacks ("anonratethrottle"; for a twin, its trail's), or one of
them that the sibling's text does not write ("Tessellate" of "Tessellate Freight: senior backend engineer"), and none
of the sibling's own; its other words (three at least, and 0.6 of them) are held by one unit of the sibling, more of
them than any one unit of the cited sections holds (a tie decides nothing; two units in a row restate no one fact); and that unit writes a word
of the sentence that no cited section writes (their heading paths included, as `elsewhere` reads them).
What it cannot do: read siblings whose titles differ only in words they share, a thing named otherwise than by its
title, a sibling's fact told in words the cited section also writes, or one of a section that is no sibling (another
page's, a twin's: `twins`); it lets those through.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from docent.schema import RecordSection

from ..mentions import Mentions
from ..passage import Passage, Unit
from ..places import COVER
from . import twins
from .elsewhere import written_in
from .kin import Index, Kin, cites, kept, words
from .types import Hold, Reading, Rule, Verdict
from .verbatim import copied

_LEAST = 3  # the fewest content stems a sentence needs to be aligned, and a sibling's unit to share with it
_MOST = 16  # siblings of one heading path the rule reads: more is a page of many short entries, read at no cost
_KEY = object()  # the bundle's siblings, kept with its mentions (`Mentions.cues`)


def check(sentence: Reading) -> Verdict:
    mentions = sentence.grounds.mentions
    kin = index(mentions), twins.index(mentions)  # a sibling's title words own it; a twin's, its trail's
    if not cites(sentence.ids, *kin):
        return None
    sections = sentence.passages
    novel = {s for s in sentence.said if not written_in(s, sections)}
    if not novel:
        return None  # every word is the cited sections': no other section's fact to tell
    if held(sentence, novel, kin, mentions.passages) and not copied(sentence):
        return Hold("actor")
    return None


RULE: Rule = Rule("actor", check, cited=True, sure=False)  # unsure: whose fact the sentence tells is a reading of its meaning


def held(sentence: Reading, novel: set[str], kin: Sequence[Mapping[str, list[Kin]]],
         passages: Mapping[str, Passage]) -> bool:
    said = sentence.written  # the sentence as written: a title's name is most often its inline code
    stems, ids, sections = said.stems, sentence.ids, sentence.passages
    mine: dict[frozenset[str], tuple[frozenset[str], int]] = {}  # own words -> the content, the cited units' best
    for sid in ids:
        for other, own, theirs in (sibling for found in kin for sibling in found.get(sid, ())):
            if not theirs.isdisjoint(stems) or other in ids or not _names(own, stems, passages[other]):
                continue  # a sentence citing or naming both compares them; one naming neither tells of neither
            if own not in mine:
                content = stems - own
                mine[own] = content, max(_best(content, p)[0] for p in sections) if len(content) >= _LEAST else 0
            content, cited = mine[own]
            if len(content) < _LEAST:
                continue
            best, units = _best(content, passages[other])
            if best >= max(_LEAST, COVER * len(content)) and best > cited and any(
                    not novel.isdisjoint(u.stems) for u in units):
                return True
    return False


def _names(own: frozenset[str], stems: frozenset[str], other: Passage) -> bool:
    """Whether the sentence names the cited section's thing: all its owner words, or one of them that the sibling's
    own text does not write ("Tessellate" of "Tessellate Freight: senior backend engineer", where the sibling's text
    writes "promoted to senior": a word of its fact, no name of the cited one)."""
    return own <= stems or not (own & stems).issubset(other.stems)


def _best(content: frozenset[str], passage: Passage) -> tuple[int, list[Unit]]:
    """The most of the content stems one unit of a section holds (its title's counted for each unit that holds
    another; a list item's sentences are one unit: "- ordering = ... applied. Defaults to -created."), and the units
    that hold that many: one unit, not two in a row, restates a sibling's fact."""
    titled = content & passage.title.stems
    items = passage.facts("list items", _items)
    held: dict[int, tuple[set[str], list[Unit]]] = {}
    for i in passage.counts(content):
        found, units = held.setdefault(items[i], (set(), []))
        found.update(content & passage.units[i].stems)
        units.append(passage.units[i])
    best, out = 0, []
    for found, units in held.values():
        n = len(found | titled)
        if n > best:
            best, out = n, list(units)
        elif n == best:
            out += units
    return best, out


def _items(passage: Passage) -> tuple[int, ...]:
    """Each unit's item: the first unit of the list item it is a later sentence of, else its own index."""
    return tuple(i if (head := passage.item_head(i)) is None else head for i in range(len(passage.units)))


def index(mentions: Mentions) -> Index:
    """The bundle's siblings (`kin.kept`)."""
    return kept(mentions, _KEY, _siblings)


def _siblings(record: Mapping[str, RecordSection]) -> Index:
    """Each section with siblings: the sections of its page under the same heading path, with the title words that
    own each side."""
    by_path: dict[tuple[str, tuple[str, ...]], list[RecordSection]] = {}
    for s in record.values():
        if len(s.headings) >= 2:
            by_path.setdefault((s.page, tuple(h.lower() for h in s.headings[:-1])), []).append(s)
    out: Index = {}
    for group in by_path.values():
        if not 2 <= len(group) <= _MOST:
            continue
        for s in group:
            for t in group:
                mine, yours = words(s.title), words(t.title)
                if s is not t and mine - yours and yours - mine:
                    out.setdefault(s.id, []).append((t.id, mine - yours, yours - mine))
    return out
