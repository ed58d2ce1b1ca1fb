"""What a reader writes of their own situation, not of what they ask: the message they saw, the values they set.

A question on a documentation site often carries what the reader typed or saw: "I put UVICORN_PORT=8081 in .env",
"--limit-max-requests 1000", "hatch publish fails with '401 User has two factor auth enabled ...'", "My code lives in
src/package_name", "--reload-include '*.html'". The record need not write those names and numbers: they are the
reader's values, and a record that lacks them may still answer. A name or version asked about ("does it support
HTTP/3?", "which flag sets max_body_size?", "the client gets a 504") is not in these spans and still counts.
"""

from __future__ import annotations

import re

# A message quoted or pasted: 'Waiting for connections to close', "ModuleNotFoundError: No module named 'yaml'", up to
# the end of its line or a dash that leaves it ("RuntimeError: Response content longer ... -- what is it checking?").
QUOTED = re.compile(r"(?<![\w'])'[^'\n]{3,}'(?![\w'])|\"[^\"\n]{3,}\"|“[^”\n]{3,}”")
PASTED = re.compile(r"\b\w*(?:Error|Warning|Exception):\s[^\n]*?(?=\s+(?:--|->|—)\s|\?|\n|$)")
# A value the reader gave: a setting's (`UVICORN_PORT=8081`, `port = 8081`), a flag's (`--limit-max-requests 1000`,
# `--log-config logging.yaml`, `-w 4`), a path's component (`src/package_name`) or a glob's (`'*.html'`).
VALUE = re.compile(
    r"=\s*(?P<set>[\w.\-/]+)"
    r"|(?<!\S)--?[A-Za-z][\w-]*\s+(?P<flag>(?!-)['\"]?[\w.\-/*]+['\"]?)"
    r"|[/*](?P<path>[\w.\-]+)"
)

# The query string of the reader's own request ("?name=...&category_id=...&price__lt=..."): their fields.
QUERY = re.compile(r"\?[\w.\[\]-]+=[^\s&]*(?:&[\w.\[\]-]+=[^\s&]*)+")


def spans(question: str) -> list[tuple[int, int]]:
    """Where the question writes what the reader saw or set (`QUOTED`, `PASTED`, `VALUE`, `QUERY`), as (start, end)."""
    found = [m.span() for pattern in (QUOTED, PASTED, QUERY) for m in pattern.finditer(question)]
    return found + [m.span(m.lastgroup or 0) for m in VALUE.finditer(question)]


def within(at: tuple[int, int], where: list[tuple[int, int]]) -> bool:
    """Whether a match's span lies inside one of `where`."""
    return any(start <= at[0] and at[1] <= end for start, end in where)


def values(question: str) -> set[str]:
    """The words (lower case) that the question writes only as what the reader saw or set: a number they set once
    counts as theirs wherever it comes again ("--limit-max-requests 1000 ... after 1000 requests")."""
    where = spans(question)
    inside: set[str] = set()
    outside: set[str] = set()
    for m in re.finditer(r"[\w.]+", question):
        (inside if within(m.span(), where) else outside).add(m.group().lower())
    return {w for w in inside if w not in outside or w.isdigit()}


# An ask that only judges what the reader told: "Is that expected?", "is this a bug?", "Expected?", "Is this normal?",
# "am I configuring it wrong?", "what am I doing wrong?". Its judgment word names no topic of the record's: a sentence
# that writes "expected" ("... may not work as expected") or "normal" ("... good enough for normal daily usage") says
# nothing of it. Not an ask that goes on past the word ("is it possible to keep the order?", "is it correct to call
# ...?"), nor a word the question writes elsewhere too ("The expected output differs. Is that expected?").
JUDGE = r"(?:un)?expected|normal|intended|intentional|correct|right|wrong|(?:a\s+)?bug|(?:an\s+)?error|possible|by\s+design"
JUDGING = re.compile(
    rf"(?:\b(?:is|was|are|were|isn'?t|wasn'?t)\s+(?:that|this|it|these|those)\s+(?:(?:really|just|the|an?)\s+)*"
    rf"|(?:^|[.!?;:]|--|—)\s*|\b(?:am\s+i|are\s+we)\b[^.?!]{{0,60}}?\s|\bwhat\s+am\s+i\s+(?:doing|getting)\s+)"
    rf"(?P<judge>{JUDGE})(?:\s+behaviou?r|\s+here|\s+now)?\s*(?:\?|$)",
    re.IGNORECASE,
)


def judged(question: str) -> set[str]:
    """The words (lower case) that a question writes only in an ask that judges what the reader told (`JUDGING`)."""
    found = {w.lower() for m in JUDGING.finditer(question) for w in re.findall(r"\w+", m.group("judge"))}
    rest = {w.lower() for w in re.findall(r"\w+", JUDGING.sub(" ", question))}
    return found - rest - {"a", "an", "by"}
