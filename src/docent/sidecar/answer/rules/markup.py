"""`markup`: markup is never the record's words; an HTML tag, a Markdown image or a script address is held, not repaired.
A tag inside a piece of inline code that a section the sentence cites has ("the `middleware=<List of Middleware
instances>` style", written with or without its backticks) is that section's term, not markup."""

from __future__ import annotations

import re

from .types import Hold, Reading, Rule, Verdict

MARKUP = re.compile(
    r"<\s*/?\s*[A-Za-z!][^<>]*>|!\[[^\]]*\]\s*[\[(]|(?:javascript|vbscript)\s*:|data\s*:\s*text/html", re.IGNORECASE
)


def check(sentence: Reading) -> Verdict:
    source = sentence.source
    # Each of MARKUP's patterns needs one of these: most sentences are passed without it.
    if not ("<" in source and ">" in source or "![" in source or ":" in source) or MARKUP.search(source) is None:
        return None
    record = sentence.grounds.mentions.record
    ids = sentence.ids if sentence.ids else sentence.grounds.uncited_ids()
    source = " ".join(source.split())
    for sid in ids:
        for code in (c for block in record[sid].blocks for c in block.code if "<" in c):
            source = source.replace(" ".join(code.split()), " ")
    return Hold("markup") if MARKUP.search(source) else None


RULE = Rule("markup", check)
