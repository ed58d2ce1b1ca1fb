"""A name with its version, as a question asks about one, that the record never writes: the record lacks the fact."""

from __future__ import annotations

import re

from ..answer.words import STOP_WORDS as STOPWORDS
from .seen import spans, within

# A name with its version, as a question asks about one: "HTTP/3", "Python 3.14", "Pydantic v2".
VERSIONED = re.compile(r"(?<![\w.])([A-Za-z][A-Za-z+#]*(?:[.-][A-Za-z]+)*)\s?[/ ]?\s?v?(\d+(?:\.\d+)*)(?![\w.])")
# A version written bare ("3.8", "0.17"), not an address's or a longer number's part ("127.0.0.1", "1.2.3").
BARE_VERSION = re.compile(r"(?<![\w.])\d+\.\d+(?![\w.]|\.\d)")


def versions_missing(question: str, said: str) -> frozenset[str]:
    """The versioned names a question asks about ("HTTP/3", "Python 3.14") that the record's text (`said`, lower
    case) never writes: the record lacks the fact, and an answer about another version would mislead."""
    missing = set()
    for m in VERSIONED.finditer(question):
        name, number = m.group(1).lower(), m.group(2)
        before = question[: m.start()].rstrip()
        named = m.group(1)[0].isupper() and before and before[-1] not in ".!?:\"“("  # a name, not a first word
        if name in STOPWORDS or len(name) < 2 or not (named or re.search(r"[/]|\dv|\sv\d|[A-Za-z]v\d", m.group(0))):
            continue
        together = re.compile(rf"(?<![\w]){re.escape(name)}\s?[/ -]?\s?v?{re.escape(number)}(?![\d])")
        alone = "." in number and re.search(rf"(?<![\w.]){re.escape(number)}(?![\d])", said)
        if not together.search(said) and not alone:
            missing.add(m.group(0))
    given = spans(question)
    for m in BARE_VERSION.finditer(question):  # "can I still run it on 3.8?": a version, named or not
        if not within(m.span(), given) and not re.search(rf"(?<![\w.]){re.escape(m.group())}(?![\d])", said):
            missing.add(m.group())
    return frozenset(missing)
