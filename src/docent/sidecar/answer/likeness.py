"""The likeness rule (reason `opposite`): a thing told to be like another where the cited sections tell them apart,
or unlike it where they liken them.

"Like X, ...", "just like X", "much like X", "the same as X", "similar to X" liken what the sentence says to X;
"unlike X", "in contrast to X", "contrary to X", "different from X", "as opposed to X" tell it apart. X is the words
of substance after the marker, up to the clause's edge (two at most, inline code read as written). A sentence is
held when a unit of its cited sections writes X after a marker of the other side ("Unlike gunicorn, uvicorn does
not use pre-fork" against "Like gunicorn, Uvicorn's process manager uses pre-fork") and none writes it after a
marker of the sentence's own side: a section that says both decides nothing.
A "like" inside a clause gives an example ("decorators like cache_page", "a tag like v2.0.0a1"), no likeness: only
one that opens the sentence, or follows "just", "much", "exactly" or "very much", is read.
What it cannot do: see a contrast the sections make without such a marker ("requests defers to urllib3. On the other
hand, HTTPX uses HTTPCore"), or a likeness they state as "as with X" or "X too"; then it lets the sentence through.
"""

from __future__ import annotations

import re
from collections.abc import Sequence, Set

from .passage import Passage, Unit, content

CUES = frozenset(("like", "unlike", "same", "similar", "contrast", "contrary", "different", "opposed"))
WAKES_ON_CUES = True  # `wakes` is true wherever the sentence holds a cue: the gate's test of its words decides it
WITH_CODE = True  # "unlike `.request()`": X is often code
# (pattern, side): the marker's end is where X begins
_MARKERS = (
    (re.compile(r"(?:^|\b(?:just|much|exactly))\s*like\s+", re.I), "like"),
    (re.compile(r"\b(?:the\s+same\s+as|similar\s+to|similarly\s+to)\s+", re.I), "like"),
    (re.compile(r"\b(?:unlike|in\s+contrast\s+to|contrary\s+to|different(?:ly)?\s+from|as\s+opposed\s+to)\s+", re.I),
     "unlike"),
)
_OTHER = {"like": "unlike", "unlike": "like"}
_EDGE = re.compile(r"[,;:()]|\s(?:and|or|but|which|that|who|does|do|did|is|are|was|were)\s")
_X = 2  # X's words of substance nearest the marker
_WINDOW = 5  # words after a section's marker in which X is looked for


def wakes(words: Set[str], stems: Set[str], sections: Sequence[Passage]) -> bool:
    return bool(words & CUES)


def held(said: Unit, sections: Sequence[Passage]) -> bool:
    for side, thing in _likened(said):
        found = {found for passage in sections for u in passage.units for found, x in _likened(u, window=_WINDOW)
                 if all(stem in x for stem in thing)}
        if _OTHER[side] in found and side not in found:
            return True
    return False


def _likened(u: Unit, *, window: int = 0) -> list[tuple[str, list[str]]]:
    """(side, X's stems) for each marker of the unit; with `window`, X is the stems of that many words after the
    marker (a section's, where the sentence's X is looked for), else up to the clause's edge, `_X` at most."""
    if u.words.isdisjoint(CUES):
        return []
    text, out = u.text, []
    for pattern, side in _MARKERS:
        for m in pattern.finditer(text):
            after = [t for t in u.tokens if t.start >= m.end()]
            if window:
                out.append((side, content(after[:window])))
                continue
            edge = _EDGE.search(text, m.end())
            end = edge.start() if edge else len(text)
            out.append((side, content(t for t in after if t.start < end)[:_X]))
    return [(side, x) for side, x in out if x]
