"""Opposite words, for the gate's `polarity` rule: a sentence that says the opposite word of its sections ("fell"
where they say "rose", "unbounded" where they say "bounded") keeps every other word of them, so only the word tells.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

# Opposites an answer may swap while keeping every other word of the record: each side's forms.
OPPOSITES = (
    ("rise rises rose risen rising", "fall falls fell fallen falling"),
    ("increase increases increased increasing", "decrease decreases decreased decreasing reduce reduced reduces"),
    ("grow grows grew grown growing", "shrink shrinks shrank shrunk shrinking"),
    ("keep keeps kept keeping", "retire retires retired retiring remove removed dropped"),
    ("continue continues continued continuing", "stop stops stopped stopping ended ceased"),
    ("right", "wrong"),
    ("succeed succeeds succeeded success successful", "fail fails failed failure"),
    ("accept accepts accepted", "reject rejects rejected"),
    ("faster quicker", "slower"),
    ("higher", "lower"),
    ("hit hits", "miss misses missed"),
    ("allow allows allowed", "forbid forbids forbidden"),
)
_NOT_UN = frozenset(("unless", "until", "under", "unit", "union", "united", "unique", "unusual"))
_opposites: dict[int, tuple[list[tuple[frozenset[str], frozenset[str]]], frozenset[str]]] = {}


def _pairs(stems: Callable[[str], Iterable[str]]) -> tuple[list[tuple[frozenset[str], frozenset[str]]], frozenset[str]]:
    made = _opposites.get(id(stems))
    if made is None:
        pairs = []
        for a, b in OPPOSITES:
            left = frozenset(x for w in a.split() for x in stems(w))
            right = frozenset(x for w in b.split() for x in stems(w))
            pairs += [(left, right), (right, left)]
        made = _opposites[id(stems)] = (pairs, frozenset().union(*(p[0] for p in pairs)))
    return made


def opposed(
    said: frozenset[str] | set[str],
    has: Callable[[str], bool],
    stems: Callable[[str], Iterable[str]],
    un_words: frozenset[str] = frozenset(),
    denies: Callable[[str], bool] | None = None,
    near: Callable[[str], bool] | None = None,
) -> bool:
    """Whether a sentence's words (stems) say the opposite word of its sections; `has(stem)`: they use it.

    `un_words`: the words after "un" of every "un-" word the record uses (bounded -> of unbounded), so that
    most sentences skip that test. `denies(stem)`: a negation of the sections denies it, so that "left
    uncompressed" stands on "do not compress". `near(stem)`: the parts of the sections that restate the sentence
    use it, where the opposite must be said ("unchanged" is no opposite of a "changed" told of another thing).
    """
    said_near = has if near is None else near
    pairs, every = _pairs(stems)
    if said & every:
        for mine, theirs in pairs:
            if said & mine and any(said_near(w) for w in theirs) and not any(has(w) for w in mine):
                return True
    return _un_opposed(said, has, said_near, un_words, denies)


def opposed_cues(words: frozenset[str], stems: Callable[[str], Iterable[str]]) -> frozenset[str]:
    """The stems of which a sentence must say one for `opposed` to find in it the opposite of a text whose stems are
    `words` (its `has`): a side of a pair whose other side they use, and the word after "un" of an "un-" word they
    use. (A sentence's own "un-" word, against their word without it, is none of these: `types.UN` marks it.)"""
    pairs, _ = _pairs(stems)
    found = {w for mine, theirs in pairs if not theirs.isdisjoint(words) for w in mine}
    found.update(w[2:] for w in words if w.startswith("un"))
    return frozenset(found)


def _un_opposed(
    said: frozenset[str] | set[str], has: Callable[[str], bool], said_near: Callable[[str], bool],
    un_words: frozenset[str], denies: Callable[[str], bool] | None,
) -> bool:
    """ "unbounded" where the sections say "bounded", and the reverse (`opposed`)."""
    for word in said & un_words:
        if "un" + word not in _NOT_UN and said_near("un" + word) and not has(word):
            return True
    return any(word.startswith("un") and len(word) > 5 and word not in _NOT_UN and said_near(word[2:])
               and not has(word) and not (denies is not None and denies(word[2:])) for word in said)


def un_bases(words: Iterable[str]) -> frozenset[str]:
    """The words after "un" of a record's "un-" words: "bounded" of "unbounded"."""
    return frozenset(w[2:] for w in words if w.startswith("un") and len(w) > 5 and w not in _NOT_UN)


def opposite_in(word: str, words: frozenset[str] | set[str], stems: Callable[[str], Iterable[str]]) -> bool:
    """Whether `words` (stems) hold the opposite of `word` (a stem): "fall" beside "rise"."""
    pairs, every = _pairs(stems)
    return word in every and any(word in mine and words & theirs for mine, theirs in pairs)
