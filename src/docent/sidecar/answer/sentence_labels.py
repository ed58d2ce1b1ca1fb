"""A label opening a sentence that is no word of its claim, taken off the prose the rules read: one way (`read`) for
the two kinds an answer writes.

- A step's number in the answer's order ("Step 1:", "2.", "Option 2 -", "3)"; not "3 ways", a count) is no figure of
  the record. A heading's is taken off (`unnumbered`), and so is the label of a step opening a line, in bold ("**Step
  1:** Run ...", "**1.** Add ...") or named and then a colon or a dash ("Step 1: Run ..."; not "Step 2 runs ...", whose
  step is what the sentence is about, nor a bare "2:", which no label names). The rest is read as written: "**Step 8:**
  Start eight workers" still states eight.
- A note's word with its colon, outside a list's item ("Note:", "**Pro tip:**", "In short:"), says only that a note
  follows: "Note: without a config file, ..." opens its scene as "Without a config file, ..." does. A note word that
  tells how things went ("Bug:", "Failure:") claims it and stays, and so does any other label ("**Known bug in
  node22**:", "Default: ..."). Whether a note's label opens the sentence rides on its draft (`Draft.note`) for `intros.noted`, which decides what an
  uncited note cites.
"""

from __future__ import annotations

import re

from .words import stems

# The words that name a step in the answer's order: "Step 1", "Option 2".
_LABEL_WORDS = ("step", "option", "part", "phase", "stage", "method", "way", "case", "example", "approach")
_NAMED = "|".join(_LABEL_WORDS)
# A heading's own number in the answer's order: "Step 1:", "2.", "Option 2 -", "3)" (not "3 ways", a count).
ORDINAL = re.compile(
    rf"^(?:(?:{_NAMED})\s+\d{{1,2}}\b[.:)]?|\d{{1,2}}[.)])"
    r"(?:\s*[:\-\u2013\u2014]\s*|\s+|$)",
    re.IGNORECASE,
)
# A step's label in bold opening its sentence, a colon in or after it: "**Step 1:** Run ...", "**2.** Add ...".
_STEP_LABEL = re.compile(r"[ ]{0,3}(\*\*|__)(?P<label>[^*_\n]{1,60}?)\1[ \t]*(?P<colon>:?)")
# The same label unmarked, named and then a colon or a dash: "Step 1: Run ...", "Option 2 - Use ...".
_PLAIN_STEP = re.compile(
    rf"[ ]{{0,3}}(?:{_NAMED})\s+\d{{1,2}}[ \t]*(?::|[\-\u2013\u2014][ \t])",
    re.IGNORECASE,
)
# The first characters of a sentence a step's label may open: a bold mark, a blank, or a plain label's first letter.
_STEP_STARTS = frozenset("*_ " + "".join(w[0] + w[0].upper() for w in _LABEL_WORDS))

# A note's label at its line's start: set in emphasis with its colon ("**Note:**", "_Tip_:", "**Scale to zero**:"; not
# "**MkDocs** builds"), or a note's word, then a colon ("Note:", "In short:"); a blockquote's mark is taken off.
_NOTE = re.compile(r"([*_]{1,2})([^*_\n]{1,40}?)(?::\1|\1:)[ \t]|([a-z][a-z; ]{0,14}?)[ \t]*:[ \t]", re.IGNORECASE)
# The labels that say nothing, only that a note follows, compared by stem ("Notes", "Warnings"): GitHub's alerts',
# Material's admonition types and their kin, with a filler before them ("Important note", "Pro tip", "Quick note") ...
_NOTE_STEMS = frozenset(stems(
    "note tip hint info important warning caution attention example summary abstract tldr remember danger question "
    "quote success failure bug"))
_FILLERS = frozenset(stems("important pro quick"))
_NOTE_PHRASES = frozenset(("tl;dr", "in short", "in summary", "bottom line", "heads up", "see also"))
# ... but a label that tells how things went ("Bug:", "Failure:", "Success:") claims it: its word is checked with the
# note's, so that "**Bug:** ..." is a note only where the sections write of a bug.
_CLAIMS = frozenset(stems("bug failure success"))


def read(raw: str, prose: str, listed: bool) -> tuple[str, bool]:
    """A sentence's prose (`prose`, of `raw` as the model wrote it: whether it began a line rides on its class) as the
    rules read it: less a step's number opening its line, or else less a note's label that says nothing, outside a
    list's item (`listed`); and whether a note's label opens it (`note`), its label matched once for both."""
    stepped = None
    if raw[:1] in _STEP_STARTS and getattr(raw, "line_start", False):
        if (s := _STEP_LABEL.match(raw)) is not None:
            label = s.group("label").strip()
            ordinal = ORDINAL.match(label)
            if ordinal is not None and (s.group("colon") or label.endswith((":", ".")) or ordinal.end() == len(label)):
                stepped = unnumbered(prose)
        elif _PLAIN_STEP.match(raw):
            stepped = unnumbered(prose)
    # `_NOTE` needs a colon: most sentences have none, and are spared the pattern
    m = None if listed or ":" not in raw else _NOTE.match(raw)
    if m is None:
        return prose if stepped is None else stepped, False
    says = _bare(m)
    noted = says is not None or not m[3]  # a plain line with a colon ("Default: ...") is no note
    if stepped is not None:
        return stepped, noted
    return prose.partition(":")[2].lstrip() if says else prose, noted


def unnumbered(prose: str) -> str:
    """A heading's or a step's prose less its own number in the answer's order."""
    return ORDINAL.sub("", prose, count=1)


def note(raw: str) -> bool:
    """Whether a note's label opens a sentence outside a list's item (`read` says so of any other): a note word's
    ("Note:", "**Bug:**", "In short:") or any label set in emphasis ("**Known bug in node22**:"); not "Default:"."""
    m = _NOTE.match(raw) if ":" in raw else None
    return m is not None and (not m[3] or _bare(m) is not None)


def _bare(label: re.Match[str]) -> bool | None:
    """Whether a note's label (`note`) says nothing ("Note", "Pro tip", "Heads up"); False for a note word that claims
    something ("Bug"), None for no note word ("Default")."""
    said = (label[2] or label[3]).strip().lower()
    if said in _NOTE_PHRASES:
        return True
    words = stems(said)
    if not words & _NOTE_STEMS or not words <= _NOTE_STEMS | _FILLERS:
        return None
    return not words & _CLAIMS
