"""The visitor's own stack: the tools a question names as where the visitor stands ("How do I set a timeout with my
FastAPI app?"), not as what they ask about; the record need not name them."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection

from ..answer.words import stem, terms

# The visitor's own stack, named in their first person: "I use FastAPI", "with my Django app", "we run it behind
# nginx". Such a name is where the visitor stands, not what they ask about, so the record need not name it; "Does
# she know Rust?" names no stack of the visitor's, and a record without Rust still does not say.
# A name with a digit (HTTP/3, Python 3.14) is a version, what a question asks about, never forgiven.
VISITOR = re.compile(r"\bI\b|\b(?i:my|we|we're|we’re|our)\b")
_ASKING = "".join(rf"(?<!\b[{w[0].upper()}{w[0]}]{w[1:]}\s)" for w in ("can", "do", "could", "should", "may", "might", "would", "will", "must"))
SENTENCE_END = re.compile(r"(?<=[.?!])\s+")
OWN_STACK = re.compile(
    r"\b(?:" + _ASKING + r"(?:I|we)\s+(?:am\s+|are\s+)?(?:use|using|run|running|deploy|deploying|build|building|work\s+with|"
    r"call|calling)|I['’]m\s+(?:using|running|on|building|calling)|we['’]re\s+(?:using|running|on|building)"
    r"|with|using|via|from|inside|behind|within|on|under|in)\s+(?:(?:a|an|the|my|our)\s+)?"
    r"((?:[A-Z][\w.+#/-]*|[a-z]+[A-Z0-9][\w.+#/-]*)(?:\s+[A-Z][\w.+#/-]*)?)"
    r"|\b(?:my|our)\s+((?:[A-Z][\w.+#/-]*|[a-z]+[A-Z0-9][\w.+#/-]*)(?:\s+[A-Z][\w.+#/-]*)?)"
)


def own_stack(question: str) -> set[str]:
    """The names of the visitor's own tools, in a question that speaks of the visitor ("How do I set a timeout with
    my FastAPI app?"): asked about the rest, the record answers without naming them."""
    if not VISITOR.search(question):
        return set()
    # the visitor speaks in the sentence that names it: "Is PDM compatible with PyInstaller? I want ..." asks about it
    names = (m.group(1) or m.group(2) or "" for sentence in SENTENCE_END.split(question) if VISITOR.search(sentence)
             for m in OWN_STACK.finditer(sentence))
    said = Counter(terms(question))  # named twice, it is asked about as well ("I use Rust; does she use Rust?")
    return {t for name in names if not any(c.isdigit() for c in name) for t in terms(name) if said[t] == 1}


# A tool a question brings in by name in lower case: "build it with maturin", "does it support cython?", "a nox
# session", "like pipenv", "vs django-ninja" (a package's name with its hyphens). A word the record never writes
# standing there is a name, not the reader's phrasing: the record lacking it lacks the fact. In a sentence that tells the visitor's situation ("I build with maturin. ..."),
# not one that asks, it is theirs.
# A tool's name stands alone: at the sentence's end or before punctuation or a small word ("with maturin?", "using
# poetry to build", "with uv and pip"); a word with a noun after it describes that noun ("with huge uploads", "with
# slow servers"), the reader's phrasing, not a name.
_ALONE = (r"(?=\s*(?:[?.!,;:)]|$)|\s+(?:and|or|to|in|for|on|at|as|of|instead|rather|than|when|if|but|so|then|too"
          r"|also|not|is|are|does|do|did|was|were|work|works|installed)\b)")
TOOL = re.compile(
    r"\b(?:with|using|via|use|uses|support|supports|like|from|into|vs\.?|versus)\s+([a-z][a-z0-9]{2,}(?:-[a-z0-9]+)*)\b"
    + _ALONE +
    r"|\b([a-z][a-z0-9]{2,})\s+(?:plugin|backend|extension|integration|support|session)s?\b"
)


def tools_named(question: str) -> set[str]:
    """The words (stemmed) a question writes where a tool's name stands (`TOOL`), outside the sentences that tell the
    visitor's situation."""
    return {t for sentence in SENTENCE_END.split(question) if "?" in sentence or not VISITOR.search(sentence)
            for m in TOOL.finditer(sentence) for t in terms(m.group(1) or m.group(2))}


# Code of another tool the reader compares with ("like Poetry's virtualenvs.in-project", "like cookiecutter's
# --directory option", its name as the reader writes it), not code they ask the
# record for, unless the name is the site's own ("GZipMiddleware's thread_minimum_size" is asked about).
THEIRS = re.compile(r"\b(?i:like|unlike|as in|similar to)\s+([A-Za-z][\w.+#-]*)['’]s\s+$")


def theirs(before: str, known: Collection[str]) -> bool:
    """Whether code comes right after another tool's name the reader compares with ("like Poetry's ..."): `before`,
    the question up to the code; `known`, the site's own names (stemmed)."""
    other = THEIRS.search(before)
    return other is not None and stem(other.group(1)) not in known
