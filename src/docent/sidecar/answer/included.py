"""The inclusion rule: a whole told to take in what the cited section leaves out.

A sentence that says all of something and names a case inside it ("every signal, SIGKILL included", "all wheels,
including the ones built from source") claims that case for the whole. The case is the first two words of substance
after "including" or before "included", up to the clause's edge, inline code read as written. The sentence is held
when a unit of its cited sections names the case (all its words) beside a word that leaves it out ("with the
exception of SIGKILL", "but retains any wheels that were built from source", "other settings (such as tasks)
overwrite", "doesn't contain secret answers"), and no unit that names it takes it in ("including", "also", "even").
What it cannot do: see a case the sections leave out by not naming it (a list of where a variable is available);
then it lets the sentence through.
"""

from __future__ import annotations

import re
from collections.abc import Sequence, Set

from .passage import Passage, Unit, content

CUES = frozenset(("including", "included"))  # wakes is false without one of these words: the gate asks it only then
WITH_CODE = True  # "`tasks` included": the case is often code
_WHOLE = frozenset(("all", "every", "each", "both"))
_OUT = frozenset(("except", "exception", "excluding", "exclude", "excludes", "excluded", "not", "never", "no",
                  "without", "other", "others", "retains", "retain", "retained", "ignored", "skipped", "omitted"))
_IN = frozenset(("including", "included", "includes", "also", "even"))
_EDGE = re.compile(r"[,;:()]")
_CASE = 2
_PRONOUNS = frozenset(("one",))  # "including the ones built from source": the case is "built from source"


def wakes(words: Set[str], stems: Set[str], sections: Sequence[Passage]) -> bool:
    return bool(words & CUES) and bool(words & _WHOLE)


def held(said: Unit, sections: Sequence[Passage]) -> bool:
    tokens = said.tokens
    for i, t in enumerate(tokens):
        if t.word not in CUES or not any(w.word in _WHOLE for w in tokens[:i]):
            continue
        case = _case(said, i, after=t.word == "including")
        if case and _left_out(case, sections):
            return True
    return False


def _case(said: Unit, i: int, *, after: bool) -> list[str]:
    """The case's words of substance: after "including" up to the clause's edge, or before "included" back to it."""
    tokens, text, at = said.tokens, said.text, said.tokens[i].start
    if after:
        edge = _EDGE.search(text, at)
        end = edge.start() if edge else len(text)
        return [s for s in content(t for t in tokens[i + 1 :] if t.start < end) if s not in _PRONOUNS][:_CASE]
    start = max(text.rfind(mark, 0, at) for mark in ",;:(")
    return [s for s in content(t for t in reversed(tokens[:i]) if t.start > start) if s not in _PRONOUNS][:_CASE]


def _left_out(case: list[str], sections: Sequence[Passage]) -> bool:
    out = False
    for passage in sections:
        for u in passage.units:
            if not all(stem in u.stems for stem in case):
                continue
            if u.words & _IN:
                return False  # a unit takes the case in: the section may say both
            out = out or bool(u.words & _OUT) or any(w.endswith("n't") for w in u.words)
    return out
