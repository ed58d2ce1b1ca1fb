"""The parallels rule (reason `actor`): one of two alike units named, the other's facts told of it.

A section tells alike things in alike units, each binding its name to its own acts and values: "When running a tool
with uvx, a virtual environment is stored in the uv cache directory ..." / "When installing a tool with uv tool
install, a virtual environment is created in the uv tools directory."; "OpenFaaS Pro on Kubernetes supports GPUs for
functions via Profiles." / "OpenFaaS Edge supports Nvidia GPUs for core services only."; a table's rows "Gateway:
Variable upstream_timeout; Set via Helm ..." / "Function: Variable exec_timeout; Set via stack.yaml environment". Two
units of a section, at most `_NEAR` apart, are alike when their words stand in the same order for `_ALIKE` of them
(two words of substance at least); the first place where each writes other words (four words at most) is its key,
what names its thing, unless a word of it is the section's title's (both units are then of the section's one thing).
A clause of the sentence (cut at ";", ", and", ", but", "while", "whereas") is held when the first word it writes that
one unit of the pair alone writes is that unit's key, and after its last such word it writes two or more words that
only the other unit writes (its key's left out), at least as many as of its own: the clause binds one unit's name to
the other's facts. It is let through where "and", "or", "than", "then", "before" or "after" stands between the two
(a list, a comparison, a sequence), where it holds a denial, a comparison or a sequence ("not", "unlike", "both",
"only", "first", "higher"), and where a unit of the cited sections writes the name with most of those facts.
What it cannot do: read facts told before the name, alike units told in other word orders, alternatives in two
sections or a name both units write ("Linux" of "Linux (x86_64)" and "Linux (aarch64)"); it lets them through.
"""

from __future__ import annotations

import re
from collections.abc import Sequence, Set
from difflib import SequenceMatcher
from typing import NamedTuple

from .passage import Passage, Token, Unit

WITH_CODE = True  # the alternative's name is most often inline code, which the sections write as words
WAKES_ON_CUES = True  # `wakes` is true wherever the sentence holds a cue: the gate's test of its words decides it

_NEAR = 8  # the most units between two parallel units' openings
_WORDS = 5  # the fewest words of a parallel unit
_SAME = 2  # and the fewest words of substance they share in order
_NAME = 4  # the most words of the place that names each
_ALIKE = 0.3  # the least share of two parallel units' words that stand alike in order (`SequenceMatcher.ratio`)
_LEAST = 2  # the fewest words of the other unit a clause needs
_CUT = re.compile(r";|,\s+(?:and|but)\s|\s(?:while|whereas)\s", re.IGNORECASE)
_CODE = re.compile(r">>>|[={}\[\]]|\w\(|^\s*\$")  # a line of code or a call: no prose binding a name to its facts
# two alternatives listed, compared or told in turn
_BETWEEN = frozenset(("and", "or", "than", "nor", "versus", "vs", "then", "before", "after", "until", "first", "last"))
_OFF = frozenset("""not no never nor unlike like both either neither same differ differs different difference instead
rather than whereas while compared unless except only well also before after then followed first last finally until
higher lower more less""".split())  # a denial, a comparison or a sequence: the clause tells of both


class Pair(NamedTuple):
    """Two alike units of a section: the stems each alone writes, and those of its key (what names its thing)."""

    one: frozenset[str]
    other: frozenset[str]
    one_key: frozenset[str]
    other_key: frozenset[str]


def section_pairs(passage: Passage) -> tuple[Pair, ...]:
    """The section's pairs of alike units (once a bundle)."""
    units, title = passage.units, passage.title.stems
    out = []
    for i, u in enumerate(units):
        if len(u.tokens) < _WORDS or _CODE.search(u.text):
            continue
        for j in range(i + 1, min(len(units), i + _NEAR + 1)):
            v = units[j]
            if len(u.stems & v.stems) < _SAME:
                continue  # cheap: fewer stems in common than two alike units share in order
            keys = _keys(u, v)
            if keys is None or not title.isdisjoint(keys[0]) or not title.isdisjoint(keys[1]):
                continue  # a place naming the section's own thing: both units tell of it
            one, other = u.stems - v.stems, v.stems - u.stems
            if keys[0] & one and keys[1] & other:
                out.append(Pair(one, other, keys[0] & one, keys[1] & other))
    return tuple(out)


def _keys(u: Unit, v: Unit) -> tuple[frozenset[str], frozenset[str]] | None:
    """Where two units are alike (`_ALIKE` of their words in order, `_SAME` at least), the stems each writes in the
    first place where both write other words: the names of the things they tell alike ("uvx", "uv tool install")."""
    if len(v.tokens) < _WORDS or _CODE.search(v.text):
        return None
    a, b = [t.word for t in u.tokens], [t.word for t in v.tokens]
    matcher = SequenceMatcher(None, a, b, autojunk=False)
    if matcher.ratio() < _ALIKE:
        return None
    if sum(1 for i, _, size in matcher.get_matching_blocks() for t in u.tokens[i:i + size] if t.stem) < _SAME:
        return None
    place = next(((i1, i2, j1, j2) for op, i1, i2, j1, j2 in matcher.get_opcodes() if op == "replace"), None)
    if place is None or place[1] - place[0] > _NAME or place[3] - place[2] > _NAME:
        return None
    i1, i2, j1, j2 = place
    return frozenset(t.stem for t in u.tokens[i1:i2] if t.stem), frozenset(t.stem for t in v.tokens[j1:j2] if t.stem)


def section_cues(passage: Passage) -> tuple[Set[str], Set[str]]:
    """A sentence names one of two parallel units only by a stem of its key."""
    pairs = passage.facts("parallels", section_pairs)
    return frozenset(), frozenset().union(*(p.one_key | p.other_key for p in pairs)) if pairs else frozenset()


def wakes(words: Set[str], stems: Set[str], sections: Sequence[Passage]) -> bool:
    return any(not stems.isdisjoint(p.one_key) or not stems.isdisjoint(p.other_key)
               for passage in sections for p in passage.facts("parallels", section_pairs))


def held(said: Unit, sections: Sequence[Passage]) -> bool:
    pairs = [p for passage in sections for p in passage.facts("parallels", section_pairs)]
    if not pairs:
        return False
    text = said.text
    start = 0
    for m in [*_CUT.finditer(text), None]:
        end = m.start() if m else len(text)
        tokens = [t for t in said.tokens if start <= t.start < end]
        if not any(t.word in _OFF for t in tokens) and "n't" not in text[start:end]:
            if any(_crossed(text, tokens, p.one, p.other, p.one_key, p.other_key, sections)
                   or _crossed(text, tokens, p.other, p.one, p.other_key, p.one_key, sections) for p in pairs):
                return True
        start = m.end() if m else end
    return False


def _crossed(text: str, tokens: list[Token], mine: frozenset[str], theirs: frozenset[str], my_key: frozenset[str],
             their_key: frozenset[str], sections: Sequence[Passage]) -> bool:
    """Whether the clause names the unit `mine` first (by its key) and then tells what the unit `theirs` alone
    writes."""
    first = next((k for k, t in enumerate(tokens) if t.stem in mine or t.stem in theirs), None)
    if first is None or tokens[first].stem not in my_key:
        return False
    other = _told_after(text, tokens, mine, theirs, their_key)
    if not other:
        return False
    name = tokens[first].stem
    most = len(other) // 2 + 1
    return not any(name in u.stems and len(other & u.stems) >= most for p in sections for u in p.units)


def _told_after(text: str, tokens: list[Token], mine: frozenset[str], theirs: frozenset[str],
                their_key: frozenset[str]) -> set[str]:
    """The other unit's own words the clause writes after the last of this unit's (its key's left out), where they
    are `_LEAST` and as many as this unit's, and nothing lists or orders the two between (nor a comma, where the
    other's key stands before them: "X-Call-Id (its tracing UUID), X-Function-Status (the HTTP status code ...)");
    else none."""
    last_mine = max(k for k, t in enumerate(tokens) if t.stem in mine)
    told = [k for k, t in enumerate(tokens) if t.stem in theirs and t.stem not in their_key]
    own = {t.stem for t in tokens if t.stem in mine}
    other = {stem for k in told if (stem := tokens[k].stem)}
    if len(other) < _LEAST or len(other) < len(own) or told[0] < last_mine:
        return set()
    if any(t.word in _BETWEEN for t in tokens[last_mine:told[0]]):
        return set()
    if "," in text[tokens[last_mine].start:tokens[told[0]].start] and any(t.stem in their_key for t in tokens[:told[0]]):
        return set()
    return other
