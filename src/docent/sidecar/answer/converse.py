"""The converse rule (reason `direction`): a comparison of two named things told the other way round, "A is more
secure than B" where a cited section says "B is more secure than A", or "A is less secure than B".

A comparison is "A <comparative> ... than B": the comparative within four words before "than" ("more", "less",
"fewer", "higher", "lower", "faster", "slower", "stricter", "looser", "newer", "older", "earlier", "later", ...), each
of a scale with its side (up: "more", "faster"; down: "less", "slower"), the words between it and "than" its measure
("more secure than": secure); a word ending in "er" right before "than" that the table does not name ("wider
than") is a scale of its own, its up side. Its sides are its clause's words before the comparative (A) and after "than" (B), each
known by the stems the other side lacks; a section's side that names nothing ("they're more secure than ports using
Explicit TLS") is the words of its sentence before that clause ("Prefer ports with Implicit TLS, they're ...").
The sentence's comparison is read against each comparison of its cited sections on the same scale whose measure it
shares (both without one, or a stem in common), aligned by the sides' own stems: held when the sides stand the other
way round (A's stems on the section's second side and B's on its first, none the other way) with the same side of the
scale, or the same way round with the other side; a section's comparison aligned as the sentence's (the same way
round and side, or both turned) lets it through, as does one that is denied ("not faster than", "no higher than").
A comparative without "than" and its measure ("greater performance", "more user friendly URLs") told of one of two
alternatives the sections list side by side ("Options: 'auto', 'h11', 'httptools'", "true or false") is held where a
unit of theirs writes it of the other ("The httptools implementation provides greater performance") and none of the
sentence's.
What it cannot do: a comparison of sides the sections never list together ("HTTP/1.1 ... the more robust option"
told of HTTP/2), in figures ("Defaults 20", "Default 100": `direction`'s), on another scale ("simpler" for "more
complex") or of sides told in other words; then it lets the sentence through.
"""

from __future__ import annotations

import re
from collections.abc import Sequence, Set
from typing import NamedTuple

from .passage import Passage, Token, Unit

# Each scale's words, up side then down side.
_SCALES = (
    ("more", "less fewer"),
    ("higher greater larger bigger", "lower smaller"),
    ("longer", "shorter"),
    ("faster quicker", "slower"),
    ("newer", "older"),
    ("earlier sooner", "later"),
    ("stricter tighter", "looser laxer"),
    ("easier simpler", "harder"),
    ("better", "worse"),
    ("safer", "riskier"),
    ("cheaper", "costlier"),
    ("stronger", "weaker"),
    ("heavier", "lighter"),
)
_SCALE: dict[str, tuple[int | str, bool]] = {}  # word -> (its scale, whether it is the scale's up side)
for _n, (_up, _down) in enumerate(_SCALES):
    _SCALE.update({w: (_n, True) for w in _up.split()})
    _SCALE.update({w: (_n, False) for w in _down.split()})
_DENIED = frozenset(("not", "no", "never", "nor"))
_NO_COMPARISON = frozenset(("rather", "other"))  # "rather than", "other than": no comparison
_EDGE = re.compile(r"[,;:()]|\s[-–—]\s")
_REACH = 4  # words between the comparative and "than", at most
CUES = frozenset(("than", *_SCALE))  # wakes is false without one: the gate asks the rule only then
WAKES_ON_CUES = True


class Comparison(NamedTuple):
    """ "A <comparative> measure than B": the scale, its side, the measure's stems, each side's own stems."""

    scale: int | str  # a scale of the table, or the comparative of one it does not name
    up: bool
    measure: frozenset[str]
    first: frozenset[str]
    second: frozenset[str]


def wakes(words: Set[str], stems: Set[str], sections: Sequence[Passage]) -> bool:
    return not CUES.isdisjoint(words)


def comparisons(u: Unit, *, said: bool) -> list[Comparison]:
    """The unit's comparisons; a denied one is none, in a section as in a sentence: it neither holds nor passes one."""
    out = []
    tokens = u.tokens
    for than, t in enumerate(tokens):
        if t.word != "than" or not than or tokens[than - 1].word in _NO_COMPARISON:
            continue
        at = next((i for i in range(than - 1, max(-1, than - 1 - _REACH), -1) if tokens[i].word in _SCALE), None)
        if at is None and _comparative(tokens[than - 1].word):
            at = than - 1  # "wider than": a scale of its own, its up side
        if at is None or _denied(tokens, at):
            continue
        found = _compared(u, at, than, said=said)
        if found is not None:
            out.append(found)
    return out


def _comparative(word: str) -> bool:
    """A comparative of a scale the table does not name: "wider", "narrower", "heavier" ("other", "rather" are none)."""
    return len(word) > 4 and word.endswith("er") and word not in _NOT_COMPARATIVE


_NOT_COMPARATIVE = frozenset(("other", "rather", "either", "neither", "whether", "never", "however", "whatever"))


def _denied(tokens: Sequence[Token], at: int) -> bool:
    """ "not faster than", "no higher than", "isn't more secure than": a bound or a denial, no comparison."""
    return any(t.word in _DENIED or t.word.endswith("n't") for t in tokens[max(0, at - 2) : at])


def _compared(u: Unit, at: int, than: int, *, said: bool) -> Comparison | None:
    tokens = u.tokens
    start, end = _clause(u, at, than)
    first = {t.stem for t in tokens[start:at] if t.stem}
    second = {t.stem for t in tokens[than + 1 : end] if t.stem}
    if not first and not said:  # "they're more secure than ...": the side is what the sentence named before
        first = {t.stem for t in tokens[:start] if t.stem}
    own_first, own_second = frozenset(first - second), frozenset(second - first)
    if not own_first or not own_second:
        return None
    scale, up = _SCALE.get(tokens[at].word, (tokens[at].word, True))
    measure = frozenset(t.stem for t in tokens[at + 1 : than] if t.stem)
    return Comparison(scale, up, measure, own_first, own_second)


def _clause(u: Unit, at: int, than: int) -> tuple[int, int]:
    """The comparison's clause: from the first word after an edge before the comparative to the last before one
    after "than"."""
    tokens, text = u.tokens, u.text
    start = at
    while start > 0 and not _EDGE.search(text, tokens[start - 1].start, tokens[start].start):
        start -= 1
    end = than + 1
    while end < len(tokens) and not _EDGE.search(text, tokens[end - 1].start, tokens[end].start):
        end += 1
    return start, end


def _theirs(passage: Passage) -> tuple[Comparison, ...]:
    """The section's comparisons, made once per bundle."""
    return tuple(c for u in passage.units if "than" in u.words for c in comparisons(u, said=False))


def held(said: Unit, sections: Sequence[Passage]) -> bool:
    mine = comparisons(said, said=True)
    if not mine:
        return _rival(said, sections)
    theirs = [c for p in sections for c in p.facts("comparisons", _theirs)]
    return any(_verdict(c, theirs) for c in mine)


def _rival(said: Unit, sections: Sequence[Passage]) -> bool:
    """ "names h11 as the implementation with greater performance" where the sections say "The httptools implementation
    provides greater performance" and list h11 and httptools as alternatives ("'h11', 'httptools'", "true or false"):
    the comparative and its measure told of the other alternative, which no unit of the sections writes it of."""
    tokens = said.tokens
    return any(t.word in _SCALE and not (at and _denied(tokens, at)) and _told_of_rival(said, at, sections)
               for at, t in enumerate(tokens))


def _told_of_rival(said: Unit, at: int, sections: Sequence[Passage]) -> bool:
    """Whether the comparative at `at` and its measure are told of an alternative the sections write them of the other."""
    measure = _measure(said, at)
    if not measure:
        return False
    listed = [p.facts("alternatives", _alternatives) for p in sections]
    named = (_holder(said, at) - measure) & frozenset().union(*(items for _pairs, items in listed))
    if not named:
        return False  # none of the sentence's words before it is an alternative the sections list
    word = said.tokens[at].word
    found = [(u, k) for p in sections for u in p.units if word in u.words
             for k, v in enumerate(u.tokens) if v.word == word and _measure(u, k) & measure]
    if any(_holder(u, k) & named for u, k in found):
        return False  # a unit that writes it of one of the sentence's own alternatives
    pairs = frozenset().union(*(pairs for pairs, _items in listed))
    return any(frozenset((r, h)) in pairs for u, k in found for r in named - u.stems for h in _holder(u, k) - said.stems)


def _measure(u: Unit, at: int) -> frozenset[str]:
    """The stems of up to three words after a comparative, to the clause's edge: "greater performance" gives perform."""
    tokens, out = u.tokens, set()
    for t in tokens[at + 1 : at + 4]:
        if _EDGE.search(u.text, tokens[at].start, t.start):
            break
        if t.stem:
            out.add(t.stem)
    return frozenset(out)


def _holder(u: Unit, at: int) -> frozenset[str]:
    """The stems of the comparative's clause before it: what it is told of."""
    start, _end = _clause(u, at, at)
    return frozenset(t.stem for t in u.tokens[start:at] if t.stem)


_BETWEEN_ITEMS = re.compile(r"^[\s'\"`,|/]*(?:,|\||/|\bor\b|\band\b|\bvs\b)[\s'\"`,|/]*$", re.I)


def _alternatives(passage: Passage) -> tuple[frozenset[frozenset[str]], frozenset[str]]:
    """Pairs of stems the section writes side by side as a list's items or choices ("'h11', 'httptools'", "true or
    false"), and those stems; made once per bundle."""
    out: set[frozenset[str]] = set()
    for u in passage.units:
        tokens = u.tokens
        for i in range(len(tokens) - 1):
            a = tokens[i]
            for b in tokens[i + 1 : i + 3]:
                if a.stem and b.stem and a.stem != b.stem and _BETWEEN_ITEMS.match(u.text[a.start + len(a.word) : b.start]):
                    out.add(frozenset((a.stem, b.stem)))
                    break
                if b.stem:
                    break
    return frozenset(out), frozenset().union(*out)


def _verdict(mine: Comparison, theirs: Sequence[Comparison]) -> bool:
    """Whether the sections' comparisons on the sentence's scale and measure tell it the other way, and none the same."""
    against = False
    for c in theirs:
        if c.scale != mine.scale or (c.measure or mine.measure) and not c.measure & mine.measure:
            continue
        same = _aligned(mine.first, mine.second, c.first, c.second)
        turned = _aligned(mine.first, mine.second, c.second, c.first)
        if same == turned:
            continue  # neither, or sides that each side's stems fit both ways: no alignment
        if same == (c.up == mine.up):
            return False  # a section says it as the sentence does
        against = True
    return against


def _aligned(a: frozenset[str], b: frozenset[str], x: frozenset[str], y: frozenset[str]) -> bool:
    """Side a is x and b is y: each shares a stem with its own, none with the other."""
    return bool(a & x and b & y) and not a & y and not b & x

