"""An intro line's citations: a line ending in a colon before a list, a table or a code block that cites nothing.

Up to `INTRO_WORDS` words it passes as a connective of its block ("Three settings matter:"). A longer one says
something of its own ("The raw database instruction from the example, for the client with id 1, is:"), of what the
block after it shows: it cites what that block cites (the fence's citations after it, the list's items', the table's
rows'), and is checked against those sections as any cited sentence is, so that a wrong figure or name in it is held.
A block that cites nothing leaves it uncited, held as before.
"""

from __future__ import annotations

from collections.abc import Collection

from .rules.types import Draft
from .words import count_words

INTRO_WORDS = 12  # an uncited line ending in a colon before a list or a code block: "Three settings matter:"


def long(intro: Draft) -> bool:
    """An uncited intro line too long to pass as its block's connective."""
    return not intro.ids and count_words(intro.prose) > INTRO_WORDS


def cites(intro: Draft, ids: Collection[str]) -> Draft:
    """The intro line as it is checked: citing the block's sections `ids` where it is `long` and they are some."""
    return intro._replace(ids=tuple(ids)) if ids and long(intro) else intro
