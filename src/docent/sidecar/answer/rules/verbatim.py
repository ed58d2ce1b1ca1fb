"""Verbatim: a cited sentence that is one of its cited sections' own sentences, word for word (case, code marks and
punctuation aside), restates nothing, so the construction rules, which judge how a restatement differs from the
clause it restates, do not hold it (`construction.rule` and `contrast` ask `copied` before they hold: a copy is
looked for only in a sentence a construction would hold, not in every cited one). Seen on Docent's own documentation: the offline model's extract "Run the sidecar with
`DOCENT_TRUST_PROXY=127.0.0.1` so that it believes nginx's `X-Forwarded-For`, and only nginx's." was held as a
quantifier, read against the next sentence's "every visitor". Only a whole sentence of the record counts: a part of
one ("X was the default" from "Previously, X was the default") is a restatement and is read as one.
"""

from __future__ import annotations

import re

from ..markdown import CITATION
from ..passage import Passage
from .types import Reading

_NOT_WORD = re.compile(r"[\W_]+")
_SHORTEST = 24  # letters and digits: "Yes, it does." is no sentence of the record's worth vouching for this way


# Every byte but an ASCII letter or digit, deleted from ASCII text in one `bytes.translate` (what `_NOT_WORD` takes
# out of it: \W and _ are the rest of ASCII), where the pattern makes a piece for each run between words.
_NOT_ALNUM = bytes(c for c in range(256) if not (c < 128 and chr(c).isalnum()))


def key(text: str) -> str:
    """A sentence's letters and digits, case folded: what two copies of one sentence share however they are marked."""
    folded = text.casefold()
    if folded.isascii():
        return folded.encode().translate(None, _NOT_ALNUM).decode()
    return _NOT_WORD.sub("", folded)


def _own(passage: Passage) -> frozenset[str]:
    """The keys of a section's own sentences and lines, made once per bundle."""
    return frozenset(k for k in (key(u.text) for u in passage.units) if len(k) >= _SHORTEST)


def copied(sentence: Reading) -> bool:
    """Whether the sentence is one of its cited sections' own sentences or lines."""
    text = sentence.draft.text
    said = key(CITATION.sub("", text) if "[[" in text else text)
    return len(said) >= _SHORTEST and any(said in p.facts("verbatim", _own) for p in sentence.passages)
