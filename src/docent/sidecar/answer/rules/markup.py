"""`markup`: markup is never the record's words; an HTML tag, a Markdown image or a script address is held, not repaired."""

from __future__ import annotations

import re

from .types import Hold, Reading, Rule, Verdict

MARKUP = re.compile(
    r"<\s*/?\s*[A-Za-z!][^<>]*>|!\[[^\]]*\]\s*[\[(]|(?:javascript|vbscript)\s*:|data\s*:\s*text/html", re.IGNORECASE
)


def check(sentence: Reading) -> Verdict:
    return Hold("markup") if MARKUP.search(sentence.source) else None


RULE = Rule("markup", check)
