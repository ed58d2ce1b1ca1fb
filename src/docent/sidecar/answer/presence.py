"""The presence class's two poles ("with", "without") told of different things, or of one thing the sections deny,
for the alignment (`align._compare`): no contrast of the clause restated.

- "runs a tool with its dependencies in a temporary environment" against "Tools can be invoked without installation":
  what each word is said of (the first word of substance after it) differs, and the clause's is no word of the
  sentence: two things, no change of one;
- "without jitter" against "With exponential backoff but no jitter", "the alternative syntax without list items"
  against "which does not use list items", "Without canonical inputs, ..." against "Lock files that do not already
  contain canonical inputs ...": the sentence's absence is the sections' own, a negation a few words before what it is
  said of in the aligned unit, or in a unit of the cited section that shares as many of the sentence's words.
"Retries use exponential backoff without jitter" against "Retries use exponential backoff with jitter. Health checks
use a fixed interval and no jitter." is still held: the denial is of another thing, in a unit that restates less.
"With jitter" against "with exponential backoff but no jitter" is still held: "with" is no absence, and what the
clause's "with" is said of is a word of the sentence.
"""

from __future__ import annotations

from .passage import Passage, Unit

_DENIERS = frozenset(("not", "never", "no", "none", "cannot", "nor", "without"))
_WITHIN = 4  # the words a negation may stand before what it denies ("do not already contain canonical inputs")


def apart(said: Unit, after: int, clause: Unit, their_after: int, absence: bool, passage: Passage) -> bool:
    """Whether the sentence's word (its last token before `after`) and the clause's (before `their_after`) say
    nothing against each other (see the module); `absence`: the sentence's word is of the absence pole."""
    mine = _object(said, after)
    if mine is None:
        return False
    theirs = _object(clause, their_after)
    if theirs is not None and theirs != mine and theirs not in said.stems:
        return True
    if not absence:
        return False
    # the denial of the aligned clause, or of a unit that restates the sentence as fully: "Lock files that do not
    # already contain canonical inputs use the legacy content hash" for "Without canonical inputs, PDM uses the
    # legacy content hash", aligned with "Lock files with canonical inputs omit ..."; not "no jitter" of another
    # thing ("Health checks use a fixed interval and no jitter") beside "Retries use exponential backoff with jitter"
    shared = len(said.stems & clause.stems)
    return _denied(clause, mine) or any(len(said.stems & u.stems) >= shared and _denied(u, mine) for u in passage.units)


def _object(u: Unit, at: int) -> str | None:
    """The first word of substance at or after a token: what "with" or "without" is said of."""
    return next((t.stem for t in u.tokens[at : at + _WITHIN] if t.stem), None)


def _denied(u: Unit, stem: str) -> bool:
    """Whether a unit writes a negation a few words before a word of this stem ("no jitter", "does not use list items")."""
    tokens = u.tokens
    return stem in u.stems and any(
        t.stem == stem and any(b.word in _DENIERS or b.word.endswith("n't") for b in tokens[max(0, i - _WITHIN) : i])
        for i, t in enumerate(tokens)
    )
