"""A name with its version, as a question asks about one, that the record never writes: the record lacks the fact."""

from __future__ import annotations

import re

from ..answer.words import STOP_WORDS as STOPWORDS
from .seen import spans, within

# A name with its version, as a question asks about one: "HTTP/3", "Python 3.14", "Pydantic v2"; never a segment of
# a path or an address ("/api/v1/users", "http://host:8080/nnrf-nfm/v1/"), which names the reader's own route.
VERSIONED = re.compile(r"(?<![\w./-])([A-Za-z][A-Za-z+#]*(?:[.-][A-Za-z]+)*)\s?[/ ]?\s?v?(\d+(?:\.\d+)*)(?![\w.])")
# A version written bare ("3.8", "0.17"), not an address's or a longer number's part ("127.0.0.1", "1.2.3").
BARE_VERSION = re.compile(r"(?<![\w.])\d+\.\d+(?![\w.]|\.\d)")
# A release written whole ("1.4.4"), asked about only where the question asks after releases.
RELEASE = re.compile(r"(?<![\w.])\d+\.\d+\.\d+(?!\w|\.\w)")  # a sentence's full stop may end it
# A question that asks after releases: "which version fixes it?", "is this a known regression?". There the versions
# its reader tells ("worked in 1.4.3, broke in 1.4.4") are what it asks about, and the record must write them.
RELEASES_ASKED = re.compile(r"\b(?:(?:which|what) (?:\w+ )?(?:version|release)s?|regression|changelog|release notes|fixed in)\b",
                            re.IGNORECASE)


def versions_missing(question: str, said: str, *, ask: str | None = None) -> frozenset[str]:
    """The versioned names a question asks about ("HTTP/3", "Python 3.14") that the record's text (`said`, lower
    case) never writes: the record lacks the fact, and an answer about another version would mislead.

    `ask`: what the question asks (`weighing.asking`), where it first tells the reader's situation. The versions only
    that situation writes are the reader's own history ("Just upgraded from 7.2 to 8.1 and it fails with ...; what
    do I do?"), asked about only where the ask asks after releases (`RELEASES_ASKED`)."""
    if ask is not None and not RELEASES_ASKED.search(ask):
        question = ask
    missing = set()
    for m in VERSIONED.finditer(question):
        name, number = m.group(1).lower(), m.group(2)
        before = question[: m.start()].rstrip()
        named = m.group(1)[0].isupper() and before and before[-1] not in ".!?:\"“("  # a name, not a first word
        if name in STOPWORDS or len(name) < 2 or not (named or re.search(r"[/]|\dv|\sv\d|[A-Za-z]v\d", m.group(0))):
            continue
        # with its name, as alone (`_written`): "python 3.14.2" names that release, not 3.14; a major version is
        # the family of its releases ("pydantic 2.1" is Pydantic v2)
        end = r"(?!\d|\.\d)" if "." in number else r"(?!\d)"
        together = re.compile(rf"(?<![\w]){re.escape(name)}\s?[/ -]?\s?v?{re.escape(number)}{end}")
        alone = "." in number and _written(number, said)
        if not together.search(said) and not alone:
            missing.add(m.group(0))
    given = spans(question)
    bare = [*BARE_VERSION.finditer(question), *(RELEASE.finditer(question) if RELEASES_ASKED.search(question) else ())]
    for m in bare:  # "can I still run it on 3.8?": a version, named or not
        if not within(m.span(), given) and not _written(m.group(), said):
            missing.add(m.group())
    return frozenset(missing)


def _written(number: str, said: str) -> bool:
    """Whether the record's text writes a version number by itself: "3.14" in "3.14" or "Python 3.14+", never as the
    start of a longer release ("3.14.0", "1.4.4.post1"), which is another thing's version (a changelog's, an example's)."""
    return re.search(rf"(?<![\w.]){re.escape(number)}(?!\d|\.\d)", said) is not None
