"""An intro line's citations: a line ending in a colon before a list, a table or a code block that cites nothing.

Up to `INTRO_WORDS` words it passes as a connective of its block ("Three settings matter:"). A longer one says
something of its own ("The raw database instruction from the example, for the client with id 1, is:"), of what the
block after it shows: it cites what that block cites (the fence's citations after it, the list's items', the table's
rows'), and is checked against those sections as any cited sentence is, so that a wrong figure or name in it is held.
A block that cites nothing leaves it uncited, held as before. A shorter one left uncited may name what the block's
sections mention (its code, its terms: "Then run `faas-cli secret create`:"), as a connective may before the answer's
first citation.

The other way round, a list after a cited line ending in a colon ("Common issues [[timeouts]]:") is that line's: an
item that cites nothing, too long for a connective, cites what the lead line cites (`Lead`), as a table's rows cite
the sentence that introduces it (`tables`), and is checked against those sections as any cited sentence is. A short
item ("`venv`", "Connections fail or hang.") is left as it was written, a connective of its list.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field, replace

from .events import Code, Held, Sentence
from .rules.connective import CONNECTIVE_WORDS
from .rules.types import Draft, Grounds
from .words import count_words, stems

INTRO_WORDS = 12  # an uncited line ending in a colon before a list or a code block: "Three settings matter:"


# Words that order the steps or point at the block ("Next, run this command:"): they say nothing of its code.
_POINTING = stems("next first second third finally last now following below above here command commands")


def long(intro: Draft) -> bool:
    """An uncited intro line too long to pass as its block's connective."""
    return not intro.ids and count_words(intro.prose) > INTRO_WORDS


def cites(intro: Draft, ids: Collection[str]) -> Draft:
    """The intro line as it is checked: citing the block's sections `ids` where it is `long` and they are some."""
    return intro._replace(ids=tuple(ids)) if ids and long(intro) else intro


def read(intro: Draft, ids: Collection[str], grounds: Grounds) -> tuple[Draft, Grounds | None]:
    """The intro line as it is judged before its block, which cites `ids`, and the grounds it is judged on: a long one
    cites the block's sections (`cites`); a short one left uncited may name what they mention (its inline code, its
    terms: "Then run `faas-cli secret create`:"), as a connective before the answer's first citation may name what
    that citation's sections mention (`Grounds.ahead`). One that names inline code may say no more of it than they
    do: where a word of it (less its code) is not theirs ("`faas-cli secret create` deletes every existing secret, so
    run:", "Never run `faas-cli secret create` as root:") it is judged as written, its code not yet cited
    (`code_term`); where it has more than `CONNECTIVE_WORDS` words, it cites the block's sections and is checked
    against them. None: the gate's own grounds."""
    intro = cites(intro, ids)
    if not ids or intro.ids:
        return intro, None
    if intro.codes:
        theirs = grounds.mentions.words
        if not all(s in _POINTING or any(s in theirs[sid] for sid in ids) for s in stems(intro.prose)):
            return intro, None
        if count_words(intro.prose) > CONNECTIVE_WORDS:
            return intro._replace(ids=tuple(ids)), None
    return intro, replace(grounds, ahead=(*grounds.ahead, *ids))


def noted(draft: Draft, before: tuple[str, ...], grounds: Grounds) -> Draft:
    """The draft as it is judged: a note (a line opening with a label, "**Note:** ...", "In short: ...") that cites
    nothing and is too long for a connective cites what the last cited sentence or block before it cites (`before`),
    what it annotates, where it says nothing in words those sections lack (it restates them: "**Tip:** unit
    tests run on your local computer"), and is then checked against them as any cited sentence is. The rules read
    every note without a label that says nothing (`sentence_labels.read`): a short one left uncited is a connective
    of its own words ("In short: yes, it can break things." has five). A note with a word of its own ("a bug", "4Gi")
    is left uncited, held as before. Only a note word's label (`sentence_labels._bare`) says nothing; the words of
    another label set in emphasis ("**Known bug in node22**:") are the note's, checked with it. A list's item is its
    lead line's (`Lead`)."""
    if draft.ids or not before or not draft.line or not draft.note:  # `note`: its label read once, by `draft_of`
        return draft
    if count_words(draft.prose) <= CONNECTIVE_WORDS:  # its prose has no label that says nothing (`sentence_labels`)
        return draft  # a connective of its words: "In short: yes, it can break things."
    theirs = grounds.mentions.words
    restated = all(any(s in theirs[sid] for sid in before) for s in stems(draft.prose))
    return draft._replace(ids=before) if restated else draft


class Lead:
    """The ids of a cited line ending in a colon while the list after it lasts: what its uncited items cite."""

    __slots__ = ("ids",)

    def __init__(self) -> None:
        self.ids: tuple[str, ...] = ()

    def cites(self, draft: Draft) -> Draft:
        """The draft as it is judged: an item of the lead's list (or a sentence inside one) that cites nothing and is
        too long for a connective cites the lead's sections. A line that is no item ends the list; a cited line ending
        in a colon, no item itself, begins one."""
        if draft.item is None and (draft.line or draft.fence is not None or draft.row is not None or draft.heading):
            self.ids = ()
        if draft.ids:
            if draft.item is None and draft.fence is None and draft.row is None and draft.text.endswith(":"):
                self.ids = draft.ids
            return draft
        if not self.ids or count_words(draft.prose) <= CONNECTIVE_WORDS:
            return draft
        return draft._replace(ids=self.ids)


@dataclass
class Listing:
    """An intro line that states a count (cited or not), and the list or table after it so far: the gate judges the
    line once the list has ended, with the list's counts, then shows the list's verdicts that waited behind it."""

    intro: Draft
    ahead: tuple[str, ...]
    known: set[str]  # the grounds' terms and sections when the list began: what the intro line may draw on
    known_ids: set[str]
    items: int = 0
    ids: set[str] = field(default_factory=set)
    events: list[Sentence | Code | Held] = field(default_factory=list)
