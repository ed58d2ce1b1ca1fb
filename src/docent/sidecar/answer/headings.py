"""A heading the model writes in an answer: a label for what follows it, shown only with it (issue 21).

A line that begins with `#` marks, or a line in bold alone with no end mark ("**Updating a project**"), names the
part under it; so does a step's label in bold that opens a paragraph, numbered in the answer's order, end mark and
all ("**1. Create the cluster.** This command ..."). One that cites nothing waits for what it labels: the first sentence, row or code block after it that
the gate gives a verdict on (`Gate._labelled`). That one held, the label is never shown; that one shown, the label is
judged once, in one of two readings chosen by what it says, and shown before it:
- six words or fewer naming no term the answer has not already stood on ("## Updating a project"): a connective,
  uncited, on the grounds as they were before what it labels;
- else as a sentence citing what it labels' sections, shown with their citations: nothing uncited of more than six
  words is shown, and a term it names must be theirs.
Its own number in the answer's order ("Step 1:", "2.", "Option 2 -") is no figure of the record: the rules read it
without (`sentence_labels.unnumbered`), as they read a sentence a step's label opens (`sentence_labels.read`). The
prompt's own headings written back stay held (`uncited`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import NamedTuple

from . import numbers
from .events import Code, Held, Item, Referred, Sentence
from .markdown import CITATION
from .rules.connective import CONNECTIVE_WORDS
from .rules.types import Draft, Grounds
from .sentence_labels import ORDINAL
from .sentences import Raw
from .words import count_words

_MARK = re.compile(r"[ ]{0,3}#{1,6}[ \t]")  # a heading's mark, at its line's start
_ITEM = re.compile(r"[ \t]*(?:[-*•+]|\d{1,3}[.)])[ \t]")  # a list item's marker: its line's underline is a break
_END_MARKS = frozenset(".!?:;,")  # a line ending in one is a sentence, not a heading
_BOLD_LINE = re.compile(r"[ ]{0,3}(\*\*|__)[^\n]+\1[ \t]*:?")  # a line in bold alone: a heading in all but its mark


class Label(NamedTuple):
    """A heading waiting for what it labels, with the grounds as they were when it was written."""

    draft: Draft
    grounds: Grounds

    def reading(self, ids: tuple[str, ...]) -> tuple[Draft, Grounds | None] | None:
        """How the label is judged before what it labels, citing `ids`: as a connective on the grounds before it
        (its draft and those grounds), as a sentence citing them (None: the gate's grounds), or held (None)."""
        draft, grounds = self.draft, self.grounds
        prose = draft.prose
        if count_words(prose) <= CONNECTIVE_WORDS and not numbers.quantities(prose):
            if grounds.lexicon.names(grounds.site.names.mask(prose)) <= grounds.known:
                return draft, replace(grounds, ahead=ids)
        return (draft._replace(ids=ids), None) if ids else None


Event = Sentence | Code | Held


class Labels:
    """The headings waiting for what they label."""

    def __init__(self) -> None:
        self.waiting: list[Label] = []

    def wait(self, draft: Draft, grounds: Grounds) -> None:
        """`grounds` as they stand before what it labels: copied, not the sets the answer grows."""
        grounds = replace(grounds, known=set(grounds.known), known_ids=set(grounds.known_ids), ahead=())
        self.waiting.append(Label(draft, grounds))

    def before(self, events: list[Event], judge: Callable[[Label, Event], Event | None]) -> list[Event]:
        """The waiting labels' verdicts (`judge`) before the first verdict after them, a shown one (a table's header
        with its first row) or one referred to the model check with its sentence, which the check holds back with the
        labels over it until its verdict (`checking.Checked`); before a held one, none."""
        out: list[Event] = []
        for at, event in enumerate(events):
            if self.waiting and isinstance(event, Held) and not (isinstance(event, Referred) and event.sentence):
                self.waiting.clear()
            elif self.waiting:
                header = isinstance(event, Sentence) and event.row is not None and event.row.header
                about = events[at + 1] if header and at + 1 < len(events) else event
                labels, self.waiting = self.waiting, []
                out += [e for label in labels if (e := judge(label, about)) is not None]
            out.append(event)
        return out


def written(raw: str, text: str, item: Item | None, ids: Sequence[str]) -> bool:
    """Whether a sentence as the model wrote it (`raw`, shown as `text`) is a heading."""
    if item is not None or not text:
        return False
    return _MARK.match(raw) is not None or (
        not ids and (text[-1] not in ".!?" or _stepped(raw, text)) and _BOLD_LINE.fullmatch(raw) is not None
    )


def _stepped(raw: str, text: str) -> bool:
    """A step's label in bold that opens a paragraph, its end mark inside ("**1. Create the cluster.** This command
    ..."): numbered in the answer's order, it labels the step's sentences after it, as a heading does."""
    return bool(getattr(raw, "line_start", False)) and ORDINAL.match(text) is not None


def underlined(raws: list[str], *, heading: bool) -> list[str]:
    """The sentences pending when a line of `=` or `-` alone came; right under a line of prose (`heading`), the last
    made a heading (`## `) where it has no end mark ("Configuration" then "---"): a setext heading. Under a sentence,
    an item or a blank line, the line is a thematic break, which says nothing."""
    last = raws[-1] if raws and heading else ""
    if not last or _MARK.match(last) or _ITEM.match(last):
        return raws
    if CITATION.sub("", last).rstrip(" *_")[-1:] in _END_MARKS:
        return raws
    return [*raws[:-1], Raw.of("## " + last, getattr(last, "line_start", False))]
