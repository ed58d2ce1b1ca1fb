"""Reworded denials, for the polarity rule: a sentence's denial told in other words than the cited unit that restates
the sentence, where that unit denies too.

"faasd must not be installed on the same host as Docker, because both use containerd, iptables and CNI" where the
section says "faasd must not be co-located with Docker, since they both make use of containerd, iptables and CNI": the
unit that restates the sentence best (it shares `_MOST` of its words at least, and more than any other unit) denies a
word the sentence denies. The rule cannot align the two denials' other words, so it leaves the sentence undecided,
unless a cited unit affirms the denied deed with another word of the denial ("does not install cached wheels" where a
unit says "It installs the wheels it has cached"): then the sentence flips that unit. "A rather than B" is no reworded
denial: turned round ("B rather than A"), it shares the unit's every word.
"""

from __future__ import annotations

from .. import polarity
from ..passage import Unit
from ..words import stems
from .affirmations import affirms_rest
from .refusals import JOINS
from .types import Reading

_MOST = 4  # the words a unit shares with the sentence at least, to be the one it restates


def reworded(sentence: Reading, said: tuple[polarity.Denial, ...]) -> bool:
    """Whether each of the sentence's claimed denials is one the unit restating it denies in its own words."""
    claims = _claims(said)
    if not claims:
        return False
    units = [(len(sentence.said & u.stems), u) for p in sentence.passages for u in p.units]
    most = max((n for n, _ in units), default=0)
    if most < _MOST:
        return False
    best = [u for n, u in units if n == most and polarity.negates(u.text)]
    return any(all(_denies(d, u) for d in claims) for u in best) and not any(_affirmed(d, u) for d in claims for _, u in units)


def _claims(said: tuple[polarity.Denial, ...]) -> list[polarity.Denial]:
    """The denials the sentence claims (not supposed or offered; not the scene it opens with, where it denies more);
    none where one tells an alternative over another ("A rather than B" turned round shares every word: judged)."""
    claims = [d for d in said if d.scope and not d.condition and not d.option]
    claims = [d for d in claims if not d.opening] or claims  # "When no environment is active, ...": the scene
    return [] if any(d.instead for d in claims) else claims


def _denies(mine: polarity.Denial, unit: Unit) -> bool:
    """The unit denies a word the sentence's denial denies."""
    return any(mine.scope & theirs.scope for theirs in polarity.denials(unit.text, stems))


def _affirmed(mine: polarity.Denial, unit: Unit) -> bool:
    """A cited unit affirms the denial's deed in a clause with another of its words: "does not install cached wheels"
    where a unit says "It installs the wheels it has cached"."""
    deed = mine.deed or mine.head
    if affirms_rest(mine, unit, affirming):  # "never run on your local computer": "exercise ... on it"
        return True
    if deed not in unit.stems:
        return False
    rest = (mine.scope | mine.before) - {deed}
    return any(deed in c and rest & c for c in affirming(unit.text))


def affirming(text: str) -> list[set[str]]:
    """The stems of each clause of a text (cut at its joining words too) up to its first negation: what it affirms
    ("with a switch per range and no incident" affirms the switch; "these do not apply and uv ignores Ctrl-C" the
    ignoring)."""
    out = []
    for part in JOINS.split(text):
        negation = polarity.NEGATOR.search(part)
        out.append(set(stems(part[: negation.start()] if negation else part)))
    return out
