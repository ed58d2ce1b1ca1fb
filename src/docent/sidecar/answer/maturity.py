"""The maturity rule (reason `hedge`): a feature told stable where the cited sections call it experimental, and
supported where they call it unsupported, or the reverse.

Two scales, each of two sides:
- maturity: "stable", "stabilized", "finalized", "production-ready", "mature", "generally available" against
  "experimental", "unstable", "subject to change", "in preview" ("in beta", "in alpha"), "a preview feature";
- support: "supported", "officially supported", "fully supported" against "unsupported", "not supported", "a
  temporary workaround".
A word "not", "n't", "never" or "no longer" in the two words before a side's word turns it to the other ("not
stable", "no longer experimental"); one after "until", "once", "before" or "when" states a condition, neither side
("subject to change until stabilized"), and "community supported" is no side. "stable" before "release", "version",
"channel", "branch", "tag" or "build" names a release channel, no maturity; nor is "a beta version" read as one.
A sentence that says one side of a scale (and not the other) is held where a clause of its cited sections says the
other side of that scale of the same thing, and no clause of theirs that says the sentence's side shares a word of
substance with the sentence's clause (inline code read as written; the scale's words and "support" left out). The same
thing: the sentence writes every word of substance of that clause before its side's word ("Support for upgrading
Python patch versions is in preview"), or after it ("include the experimental --default option"), or, where nothing
stands before it ("This is an experimental anti-spam weigh method"), more than half its words, two at least (one
where it has one: "This is an unsupported way to update."). "Upgrading Python patch versions with `uv python
upgrade` is a stable feature" is held; "The supported way is to link by the relative path" is not against "Using
absolute paths with links is not officially supported", nor "only Linux is officially supported" against "Windows and
macOS are not supported" beside "Linux is officially supported". A clause whose words before its side's word
except what they name ("Strategies other than eager and lazy are not supported") gives that side to everything else,
and no side to what it names: it ties nothing (`passage.excepting`, as a section's denials are read by polarity).
What it cannot do: tie a side the section gives by a pronoun or a heading alone ("It is experimental" far from the
name), or read maturity in other words ("may change without notice", "not ready for production", "community
maintained"); then it lets the sentence through.
"""

from __future__ import annotations

import re
from collections.abc import Sequence, Set

from .passage import Passage, Token, Unit, clause_around, excepting

# (scale, side) of each word or phrase; a side True is the sure one (stable, supported)
_SIDES = (
    (re.compile(r"\b(?:stable|stabili[sz]ed|finali[sz]ed|production[- ]ready|mature|generally\s+available)\b"),
     "maturity", True),
    (re.compile(r"\b(?:experimental|unstable|subject\s+to\s+change|in\s+(?:preview|beta|alpha)|(?:preview|beta|alpha)"
                r"\s+features?)\b"), "maturity", False),
    (re.compile(r"\b(?:(?:officially|fully)\s+)?supported\b"), "support", True),
    (re.compile(r"\b(?:unsupported|temporary\s+workaround)\b"), "support", False),
)
_CHANNEL = re.compile(r"\s*(?:releases?|versions?|channels?|branch(?:es)?|tags?|builds?)\b")
_DENIAL = frozenset(("not", "never"))
_CONDITION = frozenset(("until", "once", "before", "when", "unless", "after"))
_SCALE_WORDS = frozenset((
    "stable", "stabilized", "stabilised", "finalized", "finalised", "production", "ready", "mature", "generally",
    "available", "experimental", "unstable", "subject", "change", "preview", "beta", "alpha", "feature", "features",
    "officially", "fully", "support", "supported", "unsupported", "temporary", "workaround"))
CUES = frozenset(("stable", "stabilized", "stabilised", "finalized", "finalised", "production", "mature", "available",
                  "experimental", "unstable", "change", "preview", "beta", "alpha", "supported", "unsupported",
                  "workaround"))
WAKES_ON_CUES = True  # `wakes` is true wherever the sentence holds a cue: the gate's test of its words decides it
WITH_CODE = True  # the thing told stable is often code ("`uv python upgrade`"), which the sections write as words

_MIN_SHARED = 2  # words of substance a unit shares with the sentence's clause to be about the same thing


def wakes(words: Set[str], stems: Set[str], sections: Sequence[Passage]) -> bool:
    return bool(words & CUES)


def sides(u: Unit) -> list[tuple[str, bool, int]]:
    """(scale, side, token index) of each side the unit says, a denial turning it over, a condition dropping it."""
    text, tokens, out = u.text.lower(), u.tokens, []
    for pattern, scale, sure in _SIDES:
        for m in pattern.finditer(text):
            if sure and scale == "maturity" and _CHANNEL.match(text, m.end()):
                continue  # "the stable release": a channel
            at = next((i for i, t in enumerate(tokens) if t.start >= m.start()), None)
            if at is None:
                continue
            before = [t.word for t in tokens[max(0, at - 2) : at]]
            if any(w in _CONDITION for w in before) or scale == "support" and before[-1:] == ["community"]:
                continue  # "subject to change until stabilized"; "community supported" is no official support
            denied = any(w in _DENIAL or w.endswith("n't") for w in before) or before[-2:] == ["no", "longer"]
            out.append((scale, sure != denied, at))
    return out


def _facts(passage: Passage) -> dict[tuple[str, bool], tuple[tuple[frozenset[str], ...], ...]]:
    """(scale, side) -> the clauses of the units that say that side only (not the other side of the scale too), each
    as the words of substance of the clause, of its part before the side's word, and of its part after it."""
    out: dict[tuple[str, bool], list[tuple[frozenset[str], ...]]] = {}
    for u in passage.units:
        told = sides(u)
        said = {(scale, side) for scale, side, _ in told}
        for scale, side, at in told:
            if (scale, not side) not in said:
                clause, start = clause_around(u, at), u.tokens[at].start
                before = [t for t in clause if t.start < start]
                if before and excepting(u.text, before[0].start, start):
                    continue  # "Strategies other than eager and lazy are not supported": no side of what it names
                out.setdefault((scale, side), []).append((
                    _substance(clause), _substance(before), _substance([t for t in clause if t.start > start])))
    return {key: tuple(units) for key, units in out.items()}


def _substance(tokens: Sequence[Token]) -> frozenset[str]:
    return frozenset(t.stem for t in tokens if t.stem and t.word not in _SCALE_WORDS)


def held(said: Unit, sections: Sequence[Passage]) -> bool:
    told = sides(said)
    for scale, side, at in told:
        if any(s == scale and d != side for s, d, _ in told):
            return False  # the sentence says both sides of the scale: which thing is which is not read
        anchors = {t.stem for t in _around(said, at) if t.stem and t.word not in _SCALE_WORDS}
        if len(anchors) < _MIN_SHARED:
            continue
        # ... and no clause that says the sentence's side shares a word with it ("Linux is officially supported")
        if _tied(sections, anchors, (scale, not side)) and not _shares(sections, anchors, (scale, side)):
            return True
    return False


def _around(said: Unit, at: int) -> Sequence[Token]:
    """The clause around the side's word, or the whole sentence where the clause holds too few words to tie."""
    clause = clause_around(said, at)
    return clause if sum(1 for t in clause if t.stem and t.word not in _SCALE_WORDS) >= _MIN_SHARED else said.tokens


def _tied(sections: Sequence[Passage], anchors: Set[str], key: tuple[str, bool]) -> bool:
    """Whether a clause of the sections that says this side only is about the sentence's thing: the sentence writes
    every word of substance of the clause before the side's word ("Support for upgrading Python patch versions is in
    preview") or after it ("include the experimental --default option"); or, where nothing stands before it ("This
    is an experimental anti-spam method"), more than half the clause's words, two at least (one where it has one:
    "This is an unsupported way to update."). "Using absolute paths with links is not officially supported" is not
    about "The supported way is to link ... by its relative path"."""
    for passage in sections:
        for clause, before, after in passage.facts("maturity", _facts).get(key, ()):
            if before and before <= anchors or after and after <= anchors:
                return True
            shared = len(clause & anchors)
            if not before and shared >= min(_MIN_SHARED, len(clause)) and 2 * shared > len(clause):
                return True
    return False


def _shares(sections: Sequence[Passage], anchors: Set[str], key: tuple[str, bool]) -> bool:
    """Whether a clause of the sections that says this side only holds any of the anchors."""
    return any(clause & anchors for passage in sections
               for clause, _, _ in passage.facts("maturity", _facts).get(key, ()))
