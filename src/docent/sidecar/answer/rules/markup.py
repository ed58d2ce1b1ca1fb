"""`markup`: markup is never the record's words; an HTML tag, a Markdown image or a script address is held, not repaired.
A tag inside a piece of inline code that a section the sentence cites has ("the `middleware=<List of Middleware
instances>` style", written with or without its backticks) is that section's term, not markup; so is one its text or
code writes as it is ("the settings file, <CONFIG_ROOT>/settings.yml", where the page writes that path bare)."""

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
    if (found := MARKUP.search(source)) is None:
        return None
    written = [" ".join(block.text.split()) for sid in ids for block in record[sid].blocks if "<" in block.text]
    return None if all(_written(m.group(0), written) for m in MARKUP.finditer(source, found.start())) else Hold("markup")


def _written(mark: str, texts: list[str]) -> bool:
    """A tag its cited sections write as it is; an image or a script's address is markup wherever it stands."""
    return mark.startswith("<") and any(mark in text for text in texts)


RULE: Rule = Rule("markup", check, sure=True)  # markup no cited section writes is shown raw, whatever the sentence means
