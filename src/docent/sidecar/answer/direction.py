"""The direction rule: a change told the other way round ("rose" where the section says it fell).

The sentence's words of direction (rose, grew, more, longer, earlier...; fell, cut, fewer, shorter, later...)
are read against the unit of its cited sections that its other words are about:
- a pair of opposite words (more/fewer, larger/smaller, earlier/later, easier/harder, added/cut, faster/slower,
  ahead/behind, heavy/light ...): held when that
  unit uses the opposite word and not the sentence's own nor one of its side ("large" for "big"), or denies the
  sentence's ("fewer calls, not more"); a sentence that writes both words of the pair where the unit writes one,
  the other side plain ("a more restrictive X for A and a less restrictive one for B" of "a restrictive X for A,
  and a less restrictive X for B"), is let through when the words after the shared one are the unit's after it;
- a direction overall: held when the sentence goes only one way (up, say) and the unit only the other, by its
  words or by its figures ("from 40 minutes to 6" goes down; "from two engineers to four" goes up).
- a comparison of two things by figures ("shipments.scanned has fewer partitions than shipments.booked", "wave 3
  moved more services than wave 4"): each side is found by what tells it from the other (its name, or "wave 3")
  in a unit of the cited sections that also holds the measure (the word after "more"/"fewer", else the side's
  other words), and its figure is the first one after it there (a table's row or column); held when the figures
  go the other way.
What it cannot do: know which way is better (a faster release is a shorter time), or read a change the section
gives only as two figures in two places; then it lets the sentence through.
"""

from __future__ import annotations

import re
from collections.abc import Sequence, Set

from .passage import Passage, Token, Unit, best_of, unit_at

_UP = frozenset(
    """rise rises rose risen rising increase increases increased increasing grow grows grew grown growing raise
    raises raised raising climb climbs climbed climbing gain gains gained higher larger bigger longer more added
    doubled tripled expanded""".split()
)
_DOWN = frozenset(
    """fall falls fell fallen falling drop drops dropped dropping decrease decreases decreased decreasing shrink
    shrinks shrank shrunk shrinking cut cuts cutting lower smaller shorter fewer less lost lose loses reduce
    reduced reduces reducing halved saved saves""".split()
)
_PAIRS = (
    ("more", "fewer less"),
    ("larger bigger large big", "smaller small"),
    ("maximum", "minimum"),
    ("longer", "shorter"),
    ("earlier sooner", "later"),
    ("easier", "harder"),
    ("added adds", "cut cuts saved saves"),
    ("gained gains", "lost loses"),
    ("up", "down"),
    ("faster quicker", "slower"),
    ("higher", "lower"),
    ("better", "worse"),
    ("ahead", "behind"),
    ("heavy heavier", "light lighter"),
    ("simpler", "complex"),
    ("newer", "older"),
)
_OPPOSITE: dict[str, frozenset[str]] = {}
_SAME: dict[str, frozenset[str]] = {}  # a word's own side of its pair: "large" writes what "big" does
for _a, _b in _PAIRS:
    for _w in _a.split():
        _OPPOSITE[_w], _SAME[_w] = frozenset(_b.split()), frozenset(_a.split())
    for _w in _b.split():
        _OPPOSITE[_w], _SAME[_w] = frozenset(_a.split()), frozenset(_b.split())
# wakes is false without one of these words: the gate asks it only then (rules/construction.py)
CUES = _UP | _DOWN | frozenset(_OPPOSITE)  # `| .keys()` would make a set that typeshed calls a frozenset
WAKES_ON_CUES = True  # `wakes` is true wherever the sentence holds a cue: the gate's test of its words decides it
_TIMES_UP = re.compile(r"\btimes\s+as\b", re.I)  # "four times as often" says more
_SCALED = re.compile(r"\bscal\w*\s+(?:[\w'’]+\s+){0,4}?(up|down)\b", re.I)
_FROM_TO = re.compile(r"\bfrom\s+(?:about\s+)?([\d.,]+|[a-z]+)\s+(?:[^\d\s,;]+\s+){0,3}?to\s+(?:under\s+|about\s+)?([\d.,]+|[a-z]+)\b", re.I)
_TO_FROM = re.compile(r"\bto\s+(?:about\s+)?([\d.,]+)\s+(?:[^\d\s,;]+\s+){0,5}?from\s+(?:about\s+)?([\d.,]+)\b", re.I)
_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}



def wakes(words: Set[str], stems: Set[str], sections: Sequence[Passage]) -> bool:
    return bool(words & CUES)


MORE = frozenset(("more", "higher", "larger", "bigger", "greater", "longer"))
LESS = frozenset(("fewer", "less", "lower", "smaller", "shorter"))
_CLAUSE = re.compile(r"[,;:()]")


def key(tokens: Sequence[Token], others: set[str]) -> list[tuple[str, ...]]:
    """What tells a side from the other: its words the other lacks, a figure with the word before it ("wave 3")."""
    out: list[tuple[str, ...]] = []
    for i, t in enumerate(tokens):
        if t.word in others:
            continue
        if t.word[:1].isdigit():
            out.append((tokens[i - 1].word, t.word) if i else (t.word,))
        elif t.stem and len(t.word) > 2:
            out.append((t.word,))
    return out


def _at(u: Unit, key: tuple[str, ...]) -> int | None:
    """Where a key stands in a unit (the index after it), or None; it must stand there once."""
    words = [t.word for t in u.tokens]
    found = [i + len(key) for i in range(len(words) - len(key) + 1) if tuple(words[i : i + len(key)]) == key]
    return found[0] if len(found) == 1 else None


def _figure(sections: Sequence[Passage], keys: list[tuple[str, ...]], measure: str) -> float | None:
    """A side's figure: the first number after its key in the one unit that holds the key and the measure; the
    first of the side's keys that finds one unit decides."""
    units = [u for passage in sections for u in passage.units if measure in u.stems]
    for key in keys:
        found = []
        for u in units:
            place = _at(u, key)
            if place is not None:
                found.append(next((_value(t.word) for t in u.tokens[place:] if t.word[:1].isdigit()), None))
        if len(found) == 1:
            return found[0]  # a key found in several units tells nothing apart: the next one may
    return None


def _compared(said: Unit, sections: Sequence[Passage]) -> bool:
    """ "A has fewer X than B" where the sections' figures for A and B go the other way, or give both the same."""
    tokens = said.tokens
    than = next((i for i, t in enumerate(tokens) if t.word == "than"), None)
    at = None if than is None else comparison(tokens, than)
    if than is None or at is None:
        return False
    a, b, measure = sides(said, at, than)
    a_key, b_key = key(a, {t.word for t in b}), key(b, {t.word for t in a})
    if not measure or not a_key or not b_key:
        return False
    if _same(sections, a_key, b_key, measure):
        return True  # the section gives both the same: "the same time for teaching as for building"
    fa, fb = _figures(sections, a_key, b_key, measure)
    if fa is None or fb is None or fa == fb:
        return False
    return (fa > fb) != (tokens[at].word in MORE)


_Sides = tuple[Sequence[Token], Sequence[Token], list[str]]


def sides(said: Unit, at: int, than: int) -> _Sides:
    """The comparison's two sides and the stems of its measure: "A has more <measure> than B"."""
    tokens = said.tokens
    start, end = _clause(said, at, than)
    a, b = tokens[start:at], tokens[than + 1 : end]
    between = tokens[at + 1 : than]
    return (_figured_between(tokens[start:at], between, b) or _after_measure(between, b)
            or _opening(tokens, start, a, b, between) or (a, b, [t.stem for t in between if t.stem]))


def _figured_between(before: Sequence[Token], between: Sequence[Token], b: Sequence[Token]) -> _Sides | None:
    """ "Fraud was higher under 3-D Secure 2 than under 3-D Secure 1": the side stands between the comparison and
    "than", the measure before it."""
    if any(t.word[:1].isdigit() for t in between):
        return between, b, [t.stem for t in before if t.stem]
    return None


def _after_measure(between: Sequence[Token], b: Sequence[Token]) -> _Sides | None:
    """ "more time for building than for teaching": the side after the measure, with the other side's preposition."""
    if not b or b[0].stem is not None:
        return None
    k = next((i for i, t in enumerate(between) if i and t.word == b[0].word), None)
    return None if k is None else (between[k:], b, [t.stem for t in between[:k] if t.stem])


def _opening(tokens: Sequence[Token], start: int, a: Sequence[Token], b: Sequence[Token],
             between: Sequence[Token]) -> _Sides | None:
    """ "With 3-D Secure 2, more cardholders abandoned challenges than with 3-D Secure 1": the side opens the
    sentence with the preposition of the other side's."""
    if b and start and b[0].word == tokens[0].word and not key(a, {t.word for t in b}):
        return tokens[:start], b, [t.stem for t in between if t.stem]
    return None


def _figures(sections: Sequence[Passage], a_key: list[tuple[str, ...]], b_key: list[tuple[str, ...]],
             measure: list[str]) -> tuple[float | None, float | None]:
    """Each side's figure for the first of the measure's words that finds both ("cardholders abandoned challenges"
    is found by "abandoned" in "challenges abandoned: ...")."""
    for word in measure:
        fa, fb = _figure(sections, a_key, word), _figure(sections, b_key, word)
        if fa is not None and fb is not None:
            return fa, fb
    return None, None


def _same(sections: Sequence[Passage], a_key: list[tuple[str, ...]], b_key: list[tuple[str, ...]],
          measure: list[str]) -> bool:
    """A unit that says "the same <measure> for A as for B" of both sides."""
    for passage in sections:
        for u in passage.units:
            words = [t.word for t in u.tokens]
            if "same" in u.words and "as" in u.words and words.index("same") < words.index("as") and \
                    measure[0] in u.stems and _at(u, a_key[0]) is not None and _at(u, b_key[0]) is not None:
                return True
    return False


def comparison(tokens: Sequence[Token], than: int) -> int | None:
    """Where the comparative word before "than" stands: within four words, or within eight where a side with a
    figure stands between ("higher under 3-D Secure 2 than")."""
    at = next((i for i in range(than - 1, max(-1, than - 5), -1) if tokens[i].word in MORE | LESS), None)
    if at is not None:
        return at
    at = next((i for i in range(than - 5, max(-1, than - 9), -1) if tokens[i].word in MORE | LESS), None)
    if at is None or not any(t.word[:1].isdigit() for t in tokens[at + 1 : than]):
        return None
    return at


def _clause(said: Unit, at: int, than: int) -> tuple[int, int]:
    """The comparison's clause: from the first word after a clause mark before it to the last before one after."""
    tokens = said.tokens
    start = at
    while start > 0 and not _CLAUSE.search(said.text, tokens[start - 1].start, tokens[start].start):
        start -= 1
    end = than + 1
    while end < len(tokens) and not _CLAUSE.search(said.text, tokens[end - 1].start, tokens[end].start):
        end += 1
    return start, end


def held(said: Unit, sections: Sequence[Passage]) -> bool:
    if "than" in said.words and _compared(said, sections):
        return True
    mine = _directed(said)
    if not mine:
        return False
    anchors = [t.stem for t in said.tokens if t.stem and t.word not in _UP and t.word not in _DOWN]
    fit = best_of(sections, anchors)
    if fit is None:
        return False
    u = unit_at(sections[fit[0]], fit[1])
    theirs, paired, down = _unit_directed(sections[fit[0]], fit[1], u)
    for word in mine & _OPPOSITE.keys():
        if _SAME[word] & paired:
            continue  # the unit writes the sentence's own word, or one of its side ("one large one" for "big")
        if f"not {word}" in u.text.lower():
            return True
        if _OPPOSITE[word] & paired and not _poles_agree(said, u, _OPPOSITE[word] & mine & paired):
            return True
    up = _way(mine, said.text)
    return len(up) == 1 and len(down) == 1 and up != down and not mine & theirs


def _unit_directed(passage: Passage, index: int, u: Unit) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """The section's unit at `index` (`u`) read as `held` reads it: its words of direction (`_directed`), those with
    "more" where it says "four times as often", and its way (`_way`); made once per bundle for each unit a sentence
    fits, not again for each sentence that fits it (a documentation unit has scores of words)."""
    made = passage.facts("direction units", _no_units)
    read = made.get(index)
    if read is None:
        theirs = frozenset(_directed(u))
        paired = theirs | {"more"} if _TIMES_UP.search(u.text) else theirs  # "four times as often" is more often
        read = made[index] = (theirs, paired, frozenset(_way(theirs, u.text)))
    return read


def _no_units(passage: Passage) -> dict[int, tuple[frozenset[str], frozenset[str], frozenset[str]]]:
    return {}


def _poles_agree(said: Unit, u: Unit, shared: Set[str]) -> bool:
    """The sentence writes both words of a pair and the unit one of them, the other left plain ("a restrictive
    throttle for X, and a less restrictive one for Y" told as "a more restrictive throttle for X and a less
    restrictive one for Y"): each pole is where the unit has it when the words after the shared one tell the unit's
    side after it (Y) and none of its other side (X)."""
    if len(shared) != 1:
        return False
    pole = next(iter(shared))
    mine, (theirs, rest) = _after(said, pole)[0], _after(u, pole)
    return bool(mine & (theirs - rest)) and not mine & (rest - theirs)


def _after(u: Unit, pole: str) -> tuple[set[str], set[str]]:
    """The stems after the first `pole` word, up to the next word of direction or the clause's end; and the rest."""
    tokens = u.tokens
    start = next((i for i, t in enumerate(tokens) if t.word == pole), len(tokens))
    end = start + 1
    while end < len(tokens) and tokens[end].word not in CUES and not _CLAUSE.search(
            u.text, tokens[end - 1].start, tokens[end].start):
        end += 1
    span = {t.stem for t in tokens[start + 1 : end] if t.stem}
    return span, {t.stem for t in (*tokens[:start], *tokens[end:]) if t.stem}


def _directed(u: Unit) -> set[str]:
    """The unit's words of direction, less those it turns down ("not more", "rather than more", "instead of more") and
    the "longer" of "no longer" and "any longer", which ends a state in time and compares no length (but "no longer
    than 63 characters" bounds one)."""
    tokens = u.tokens
    denied = {tokens[i + 1].word for i, t in enumerate(tokens[:-1])
              if t.word == "not" or i and (t.word, tokens[i - 1].word) in _TURNING_DOWN}
    if "longer" in u.words and all(_ended(tokens, i) for i, t in enumerate(tokens) if t.word == "longer"):
        denied.add("longer")
    words = {w for w in u.words if (w in _UP or w in _DOWN or w in _OPPOSITE) and w not in denied}
    words.discard("up")
    words.discard("down")
    for m in _SCALED.finditer(u.text):
        words.add(m.group(1).lower())
    return words


_TURNING_DOWN = frozenset((("than", "rather"), ("of", "instead")))  # (a word, the word before it)
_ENDED = frozenset(("no", "any"))  # "no longer", "not ... any longer": a state ended


def _ended(tokens: Sequence[Token], i: int) -> bool:
    """Whether the "longer" at `i` ends a state ("no longer supported"), not a length's bound ("no longer than 63")."""
    return i > 0 and tokens[i - 1].word in _ENDED and (i + 1 == len(tokens) or tokens[i + 1].word != "than")


def _way(words: Set[str], text: str) -> set[str]:
    out = {"up" for w in words if w in _UP or w == "up"} | {"down" for w in words if w in _DOWN or w == "down"}
    for m in _FROM_TO.finditer(text):
        a, b = _value(m.group(1)), _value(m.group(2))
        if a is not None and b is not None and a != b:
            out.add("up" if b > a else "down")
    for m in _TO_FROM.finditer(text):  # "rose to 3.1 from 2.4"
        b, a = _value(m.group(1)), _value(m.group(2))
        if a is not None and b is not None and a != b:
            out.add("up" if b > a else "down")
    return out


def _value(word: str) -> float | None:
    word = word.lower().replace(",", "")
    if word in _WORDS:
        return float(_WORDS[word])
    try:
        return float(word)
    except ValueError:
        return None
