"""A raw sentence as the gate reads it (`draft_of`): its text as shown, the ids it cites that the record has, whether it
said `[[none]]`, its shape (spans, list item, prose for the rules, inline code), and whether it is a heading."""

from __future__ import annotations

import re
from collections.abc import Container

from docent.schema import REFUSAL as NONE  # the id a refusal cites, which the build gives no section

from . import headings, sentence_labels
from .markdown import citations
from .rules import PLAIN, Draft
from .shape import shape

_ALNUM = re.compile(r"[^\W_]")  # a letter or a digit (str.isalnum's characters)


def draft_of(raw: str, record: Container[str]) -> Draft:
    """The draft of a raw sentence (`sentences.Raw`: whether it began a line rides on its class)."""
    said = citations(raw)
    ids = [sid for sid in said if sid in record]
    none = len(ids) < len(said) and any(sid.lower() == NONE for sid in said if sid not in record)
    shaped = shape(raw)
    # A first letter or digit (str.isalnum's characters, `_ALNUM`'s) answers most sentences without the pattern.
    text = shaped.text if shaped.text[:1].isalnum() or _ALNUM.search(shaped.text) else ""
    line = bool(getattr(raw, "line_start", False))
    if raw[:1] in "#*_ " and headings.written(raw, text, shaped.item, ids):  # a label: its own number no figure
        prose = sentence_labels.unnumbered(shaped.prose)
        note = sentence_labels.note(raw)
        return Draft(text, tuple(ids), none, shaped.spans, None, line, prose, shaped.codes, note, heading=True)
    # "**Step 1:** Run ...", "Note: ...": a label that is no word of its claim
    prose, note = sentence_labels.read(raw, shaped.prose, shaped.item is not None)
    return tuple.__new__(Draft, (text, tuple(ids), none, shaped.spans, shaped.item, line, prose, shaped.codes, note, *PLAIN))
