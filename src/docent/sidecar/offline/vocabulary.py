"""The record's words, counted once per record: how rare each is, which each section holds, and the words a text
says as a reader would (`spoken`: a code name's parts, a hyphenated compound written closed). `weighing.py` weighs a
question's words against them.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from docent.schema import RecordSection

from ..answer.words import parts, stem, terms, unaccented
from .heads import NOW_TOKEN, ONGOING

# A class or function name as code writes it, capitals inside: `FileResponse`, `GZipMiddleware`, `TestClient`.
IDENTIFIER = re.compile(r"\b[A-Z][a-z0-9]+(?:[A-Z][A-Za-z0-9]*)+\b|\b[a-z]+[A-Z][A-Za-z0-9]*\b")
# A term written with hyphens ("Cache-Control", "max-age", "keep-alive"): one thing named, its words a section that
# answers holds together; never the reader's phrasing.
COMPOUND = re.compile(r"(?<![\w-])[A-Za-z]+(?:-[A-Za-z]+)+(?![\w-])")


def spoken(text: str) -> list[str]:
    """A text's stemmed words, and the parts of the code names it writes as a reader says them: `CORSMiddleware` is
    also "cors" and "middleware", `max_part_size` also "max", "part" and "size"; and a hyphenated compound written
    closed too, as a reader may write it: "auto-scaling" is also "autoscaling", "e-mail" also "email"."""
    said = terms(text)
    for name in CODE_PARTS.findall(text):
        said += terms(" ".join(parts(name)))
    return said + terms(" ".join(c.replace("-", "") for c in COMPOUND.findall(text)))


# A name with capitals inside or an underscore: its parts are words a reader types ("cors middleware").
CODE_PARTS = re.compile(r"\b(?:[A-Za-z]+[a-z0-9][A-Z][A-Za-z0-9]*|[A-Z]{2,}[a-z][A-Za-z0-9]*|[A-Za-z0-9]+_[\w]+)\b")


# A command line's flag as docs write it (`--ws-ping-interval`): a section that writes one says "flag", the word a
# reader asks by ("which flags change them?") and the docs seldom write.
FLAG = re.compile(r"(?<![\w-])--[a-z][\w-]+")


@dataclass(frozen=True)
class Vocabulary:
    """How rare each of the record's words is, and which words each section holds: to weigh a question's words
    and to pick sentences. The ranking of sections is the record index's (`docent.sidecar.answer.record_index`)."""

    sections: list[RecordSection]
    docs: list[Counter[str]]
    df: Counter[str]
    said: str = ""  # the record's text, lower case, accents folded: to find a versioned name as written
    code: str = ""  # the record's code as written: its code blocks and inline code spans
    stems: tuple[str, ...] = ()  # the record's words (stemmed), sorted: to find those a word starts (`shortened`)
    folded: tuple[str, ...] = ()  # each section's text (`sections`' order), lower case, accents folded: as `said`

    @classmethod
    def build(cls, record: Mapping[str, RecordSection]) -> Vocabulary:
        sections = list(record.values())
        docs = [Counter(spoken(s.title) + terms(s.page.replace("-", " ")) + spoken(s.text)
                        + (["flag"] if FLAG.search(s.text) else []) + ([NOW_TOKEN] if ONGOING.search(s.text) else []))
                for s in sections]
        df: Counter[str] = Counter()
        for doc in docs:
            df.update(doc.keys())
        code = "\n".join(c for s in sections for b in s.blocks for c in ((b.text,) if b.kind == "code" else b.code))
        folded = tuple(unaccented(s.text).lower() for s in sections)  # folded once, the record's text made of them
        said = "\n".join(f"{unaccented(s.title).lower()}\n{text}" for s, text in zip(sections, folded, strict=True))
        return cls(sections, docs, df, said, code, tuple(sorted(df)), folded)

    def code_named(self, question: str) -> set[str]:
        """The names with capitals inside a question writes that the record writes as code (`FileResponse`), lower case;
        "FastAPI" or "GitHub" in its prose alone name a thing, not its code."""
        return {w.lower() for w in IDENTIFIER.findall(question) if self.df[stem(w)] and w in self.code}

    def doc(self, section: RecordSection) -> Counter[str]:
        return self.docs[self.sections.index(section)]

    def idf(self, term: str) -> float:
        n = len(self.docs)
        return math.log(1 + (n - self.df[term] + 0.5) / (self.df[term] + 0.5))
