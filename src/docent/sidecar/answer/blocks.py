"""A fenced code block's and a table header's verdicts: blocks of an answer that no sentence rule reads.

A fence passes as a run of the record's own lines in a section the answer cites (`quote.match`); a table's header
states nothing, so it passes as a card's words do (`vetting.unfit`), and is shown with its table's first row shown.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from docent.schema import RecordSection

from . import vetting
from .events import Cite, Code, Sentence
from .quote import Quoted, match
from .rules.types import Draft, Grounds, Hold


def fence(
    draft: Draft, answer_ids: Sequence[str], grounds: Grounds, record: Mapping[str, RecordSection]
) -> Code | Hold | None:
    """The fence shown, quoted from the section whose lines it is (which the answer now stands on), why it is held,
    or None (nothing to show). Its own citations are tried first, then every section the answer cited so far."""
    assert draft.fence is not None
    ids = [*draft.ids, *(sid for sid in answer_ids if sid not in draft.ids)]
    blocks = [(sid, code) for sid in ids for code in grounds.mentions.codes[sid]]
    verdict = match(draft.fence.lines, draft.fence.language, blocks)
    if verdict is None:
        return None
    if not isinstance(verdict, Quoted):
        return Hold(verdict.reason)
    grounds.known |= grounds.mentions.terms[verdict.section]
    grounds.known_ids.add(verdict.section)
    section = record[verdict.section]
    cite = Cite(verdict.section, section.title, section.path, verdict.text)  # quoted: the panel opens at its lines
    return Code(verdict.language, verdict.text, (cite,), verdict.run)


def header(draft: Draft, grounds: Grounds) -> Sentence | Hold:
    """A table's header as it will be shown, or why it is held: no markup, no first person, and only the terms the
    table's sections, or the answer's, mention."""
    unfit = vetting.unfit(draft.text, draft.ids, grounds)
    return unfit if unfit is not None else Sentence(draft.text, (), draft.spans, None, True, draft.row)
