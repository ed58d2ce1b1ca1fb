"""A heading the model writes in an answer: a label for the part under it, not a claim (issue 21).

A line that begins with `#` marks, or a line in bold alone with no end mark ("**Updating a project**"), names what
follows it. One that cites nothing is judged with the sentence after it, as a table's header is with its rows: it
passes as a card's words do (`Gate._unfit`: no markup, no first person, only the terms that the sections of the
sentence after it, or the answer's, mention), and its inline code and its figures must be those sections' or the
answer's too (`unstated`); its own number in the answer's order ("Step 1:", "2.") is none. The prompt's own headings
written back stay held (`uncited`), as sentences.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from . import numbers
from .events import Item
from .rules.types import Draft, Grounds, Hold
from .shape import holds

_MARK = re.compile(r"[ ]{0,3}#{1,6}[ \t]")  # a heading's mark, at its line's start
_BOLD_LINE = re.compile(r"[ ]{0,3}(\*\*|__)[^\n]+\1[ \t]*:?")  # a line in bold alone: a heading in all but its mark
# A heading's own number in the answer's order ("Step 1:", "2.", "Option 2 -"): a label, no figure of the record.
_ORDINAL = re.compile(r"^(?:(?:step|option|part|phase|stage|method|way|case|example|approach)\s+)?\d{1,2}\b\W*", re.I)


def written(raw: str, text: str, item: Item | None, ids: Sequence[str]) -> bool:
    """Whether a sentence as the model wrote it (`raw`, shown as `text`) is a heading."""
    if item is not None:
        return False
    return _MARK.match(raw) is not None or (
        not ids and text[-1:] not in (".", "!", "?") and _BOLD_LINE.fullmatch(raw) is not None
    )


def unstated(draft: Draft, grounds: Grounds, about: Sequence[str]) -> Hold | None:
    """Why a heading is the prompt's own (`uncited`), or writes inline code or a figure that neither the sections after
    it (`about`) nor the answer's state, or None."""
    if grounds.site.is_heading(draft.text):
        return Hold("uncited")
    ids = [*about, *grounds.known_ids]
    texts = [grounds.mentions.flat[sid] for sid in ids]
    if any(not any(holds(code, text) for text in texts) for code in draft.codes):
        return Hold("code_term")
    said = numbers.quantities(_ORDINAL.sub("", draft.prose))
    return Hold("number") if said and numbers.unstated(said, grounds.stated(ids)) else None
