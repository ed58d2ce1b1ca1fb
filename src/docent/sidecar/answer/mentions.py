"""What each section of the record mentions, for the gate's rules: computed once per record and lexicon, shared by
every gate (`Bundle.mentions`). The record's full-text index, for search, is `record_index.RecordIndex`."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from docent.schema import RecordSection

from . import actors, cited, hedges, numbers, opposites, quantifiers, rates, record_denials, siblings
from .lexicon import Lexicon
from .names import record_words
from .passage import Passage
from .quote import Code
from .roles import roles
from .shape import flat
from .table_cells import tables
from .words import fold, stems


class Mentions:
    """A section mentions what its text, its title, its heading path and its page's title say: "Kubernetes" for a
    section of the page "Kubernetes migration" whose text never repeats the word, "Alderway Bank" for "Leading and
    mentoring" under "Alderway Bank: staff engineer"."""

    def __init__(
        self,
        record: Mapping[str, RecordSection],
        lexicon: Lexicon,
        page_titles: Mapping[str, str] | None = None,
        intros: Mapping[str, str] | None = None,
    ) -> None:
        self.record = record
        titles = page_titles or {}
        # The heading path is context: "Leading and mentoring" under "Alderway Bank: staff engineer" names the bank.
        whole = {
            sid: f"{s.title}\n{titles.get(s.page, '')}\n{chr(10).join(s.headings)}\n{s.text}" for sid, s in record.items()
        }
        self.terms = {sid: frozenset(lexicon.names(text)) | _formats(text, lexicon) for sid, text in whole.items()}

        self.words = {sid: frozenset(stems(text)) for sid, text in whole.items()}
        self.flat = {sid: flat(text) for sid, text in whole.items()}  # what inline code is looked up in
        self.codes = {sid: _codes(s) for sid, s in record.items()}  # what a fenced block may quote
        self.quantities = {sid: numbers.stated(text) for sid, text in whole.items()}
        # A title denies too: "OpenTelemetry instead of a vendor's agent" vouches for its sub-sections' denial.
        self.denied = {
            sid: record_denials.section_denials(f"{s.title}\n{chr(10).join(s.headings)}\n{s.text}", stems)
            for sid, s in record.items()
        }
        self.heads = {sid: record_denials.heads(s.text, stems) for sid, s in record.items()}
        self.roles = {sid: roles(text, record=True) for sid, text in whole.items()}
        # the record's names, and the stems of its everyday words (those it writes in lower case)
        self.names, self.everyday = record_words(s.text for s in record.values())
        self.name_words = _name_words(record, self.words, intros)
        # What a section is about, named in its title, its page's title, its heading path, its page's opening or its
        # parent section: a sentence may name it anywhere ("GZipMiddleware skips ..." for "The middleware won't
        # GZip ..."; "At Alderway, all services ..." under an ADR accepted at Alderway Bank).
        self.subjects = {
            sid: frozenset(stems(f"{s.title}\n{titles.get(s.page, '')}\n{chr(10).join(s.headings)}"))
            | self.name_words[sid].difference(stems(s.text))
            for sid, s in record.items()
        }
        self.un_words = opposites.un_bases(w for words in self.words.values() for w in words)
        self.passages = {sid: _prepared(Passage.of(s.title, s.text, fold)) for sid, s in record.items()}
        for sid, passage in self.passages.items():
            passage.memo["context"] = self.words[sid]  # with the heading path: what names a section's place
            passage.memo["heads"] = self.heads[sid]  # what the section denies, read from its text: polarity's cues
            passage.memo["tables"] = tables(record[sid].blocks)  # its rows' cells under their headers: `rules.cells`
        self._quotable: dict[str, tuple[tuple[str, frozenset[str]], ...]] = {}
        self._quoted: dict[str, dict[str, tuple[int, ...]]] = {}  # each section's index of its lines' words
        self.widely: dict[str, bool] = {}  # inline code the record writes in many sections (`rules.code_term`)
        # What the gate's dispatch works out for each set of cited sections, kept with the bundle (`rules.checks`).
        self.cues: dict[object, dict[Any, Any]] = {}

    def prepare(self) -> None:
        """What a gate otherwise makes for a section on its first citation, made now for every section (`Bundle.warm`):
        the lines a citation may point at with the index of their words, and the index of each section's units by stem
        (`Passage.holding`)."""
        for sid, passage in self.passages.items():
            self.quoted(sid)
            passage.holding(())

    def quotable(self, sid: str) -> tuple[tuple[str, frozenset[str]], ...]:
        """The lines of a section a citation may point at, with their words (`cited.quotable`), made on first use."""
        try:
            return self._quotable[sid]
        except KeyError:
            made = self._quotable[sid] = cited.quotable(self.record[sid])
            return made

    def quoted(self, sid: str) -> tuple[tuple[tuple[str, frozenset[str]], ...], dict[str, tuple[int, ...]]]:
        """A section's quotable lines and the index of their words (`cited.indexed`), made on first use."""
        try:
            return self._quotable[sid], self._quoted[sid]
        except KeyError:
            lines = self.quotable(sid)
            index = self._quoted[sid] = cited.indexed(lines)
            return lines, index


def _name_words(
    record: Mapping[str, RecordSection], words: Mapping[str, frozenset[str]], intros: Mapping[str, str] | None
) -> dict[str, frozenset[str]]:
    """The words a section's proper names may come from: its own, and its context's.

    A proper name may come from the section's page's opening, before any section: the case's employer.
    """
    # The opening is now a section of the record at its page with no anchor, its id the page's (a page /none/'s
    # is renamed, `schema.REFUSAL`): prose only, as `page_intros` asks (the roles page's timeline, a table, names
    # every employer and vouches for none).
    intros = dict(intros or {})
    for s in record.values():
        # Prose and headings: an h1 that says more than the page's title is a heading block of the opening.
        opening = s.id == s.page or "#" not in s.path
        if opening and s.blocks and all(block.kind in ("paragraph", "heading") for block in s.blocks):
            intros.setdefault(s.page, s.text)
    out = {sid: words[sid] | frozenset(stems(intros[s.page])) if intros.get(s.page) else words[sid]
           for sid, s in record.items()}
    # A sub-section's parent section is its context too: "Decision" under an ADR that says "Accepted at
    # Tessellate Freight" may name the employer.
    parents = {(s.page, s.headings): sid for sid, s in record.items() if s.headings}
    for sid, s in record.items():
        parent = parents.get((s.page, s.headings[:-1])) if len(s.headings) > 2 else None
        if parent:
            out[sid] |= words[parent]
    return out


# A file's extension names its format: a section that writes `.copier-answers.yml` mentions YAML, one that writes
# `conf.py` Python. The extensions whose format has another name; any other is its format's name in capitals.
_EXTENSION = re.compile(r"(?<=\w)\.(yml|yaml|json|toml|md|py|js|ts|html|css|rst|ini|cfg|csv|xml|sql)(?![\w.])")
_FORMATS = {"yml": "YAML", "md": "Markdown", "py": "Python", "js": "JavaScript", "ts": "TypeScript",
            "rst": "reStructuredText"}


def _formats(text: str, lexicon: Lexicon) -> frozenset[str]:
    """The lexicon's terms for the formats of the files a text names (`_EXTENSION`)."""
    found = {m.group(1).lower() for m in _EXTENSION.finditer(text)}
    return frozenset(lexicon.names(" ".join(_FORMATS.get(e, e.upper()) for e in found))) if found else frozenset()


def _codes(section: RecordSection) -> tuple[Code, ...]:
    """A section's code blocks, as the record keeps them."""
    return tuple(Code(block.lang, block.text) for block in section.blocks if block.kind == "code")


def _prepared(passage: Passage) -> Passage:
    """A section with the construction rules' facts made once per bundle, so that no sentence pays for them."""
    for prepare in (rates.prepare, hedges.prepare, quantifiers.prepare, actors.prepare, siblings.prepare):
        prepare(passage)
    return passage
