"""A visitor's text read as the record index's FTS5 queries: its words' clauses and its numbers', from the rarest.

Where a question's spellings meet the record's (a compound's parts, a word the record lacks, a denied word's negative,
an alias, a reader's short form, the owner's synonyms) is told in `record_index`'s docstring; this reads the question
into those clauses, counts each against the index's words (`record_vocabulary`) and keeps within `QUERY_ROWS`.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Mapping, Sequence

from .clauses import (
    Clause,
    addresses_of,
    alias_clauses,
    as_indexed,
    clause,
    code_heads,
    joins,
    matches,
    name_clause,
    negated,
    owns,
    read_words,
    uncontracted,
    within_rows,
    words_of,
)
from .lexicon import Entries, Lexicon, entries_of
from .question_weights import apart, digits, framing, site_forms, site_named, topic
from .record_forms import phrasal, statuses, unconflated
from .record_missing import bases, longer, splits
from .record_synonyms import instead, spelt_out
from .record_vocabulary import Vocabulary
from .words import STOP_WORDS, chunks

RARE_NUMBER = 50  # sections: a number in fewer is rare enough to outweigh a question's words in BM25


class Queries:
    """The FTS5 queries for a visitor's text (`of`), nothing of FTS5's syntax taken from the text."""

    def __init__(
        self, vocabulary: Vocabulary, db: sqlite3.Connection, lock: threading.Lock, *, lexicon: Entries,
        synonyms: Mapping[str, Sequence[str]] | None, site_name: str,
    ) -> None:
        """`synonyms`: the owner's `synonyms` option, a visitor's word -> the site's words for it; a question with the
        word asks for those too. `site_name`: the site's own name, asked apart."""
        self._vocabulary, self._db, self._lock = vocabulary, db, lock
        self._site = site_forms(site_name)  # the site's own name, as readers write it: asked apart, as framing is
        self._synonyms = {word.lower(): list(means) for word, means in (synonyms or {}).items()}
        entries = entries_of(lexicon)
        self._lexicon = Lexicon(entries)
        self._aliases = {" ".join(e.term.split()): [e.term, *e.aliases] for e in entries}

    def of(self, text: str, *, most: int | None = None) -> tuple[str | None, str | None]:
        """The FTS5 queries for a visitor's text, its words' and its numbers' (clauses of digits only), each an OR of
        clauses, nothing of FTS5's syntax taken from the text. Ranking costs time for every section a clause matches,
        so the clauses go in from the rarest, while the sections they would score stay within `QUERY_ROWS`; the rarest
        always goes in, unless it would score more than `most`. A word in half the record ("default", "use") adds time
        and next to nothing to BM25; a clause that matches nothing is left out."""
        addresses, text = addresses_of(unconflated(text))
        words = [uncontracted(w) for w in read_words(chunks(text))]
        asked = [w for i, w in enumerate(words) if not (len(w) == 1 and w[0] in STOP_WORDS) or owns(words, i)]
        aliases, named = alias_clauses(self._lexicon.names(text), self._aliases, text)  # the lexicon scanned once
        clauses, counts = self._clauses(text, words, asked, addresses, aliases)
        # A rare number is BM25's heaviest term: it is asked apart, to count less. A common one weighs little anyway.
        rare = {c.sql for c in clauses if framing(c) or digits(c) and matches(c, counts) <= RARE_NUMBER}
        rare |= apart(words, aliases, named)  # "how often", "my question"; "CPython" for "python"
        site = site_named(words, clauses, self._site)  # the site's own name: asked only where nothing else is
        said = within_rows([c for c in clauses if c.sql not in rare | site], counts,
                           twice=topic(words, asked, named, counts), most=most)
        numbers = within_rows([c for c in clauses if c.sql in rare or c.sql in site and not said] + addresses, counts,
                              most=most)
        return " OR ".join(said) or None, " OR ".join(numbers) or None

    def _clauses(self, text: str, words: Sequence[Sequence[str]], asked: Sequence[Sequence[str]],
                 addresses: list[Clause], aliases: list[Clause]) -> tuple[list[Clause], dict[str, int]]:
        """Every clause the question's words ask, and how many sections hold each of their words: the words, their runs
        together, aliases, code as indexed, the owner's synonyms, and for a missing word the record's words for it."""
        clauses = [clause(w) for w in asked] + joins(words) + phrasal(words) + aliases + as_indexed(text)
        clauses += negated(words) + statuses(words) + self._synonym_clauses(asked) + spelt_out(asked)
        singles = [w[0] for w in asked if len(w) == 1]
        vocabulary = self._vocabulary
        counts = vocabulary.counts(words_of(clauses + addresses) | set(singles))
        theirs = instead([w for w in singles if not counts.get(w)])
        if theirs:
            counts.update(vocabulary.counts(words_of(theirs)))
            clauses += theirs
        clauses += bases(singles, counts, vocabulary.counts) + splits(singles, counts, vocabulary.counts)
        clauses += longer(singles, counts, vocabulary.spelling, vocabulary.terms, vocabulary.df, RARE_NUMBER)
        clauses += self._heads(text, asked, counts)
        return clauses, counts

    def _heads(self, text: str, asked: Sequence[Sequence[str]], counts: dict[str, int]) -> list[Clause]:
        """A name written as code that the record lacks, asked by the part that says what it is (`clauses.code_heads`):
        `source_address` finds the sections on `local_address`, `api/index.md` those on the index pages."""
        heads = code_heads(text)
        named = [(key, *heads[key]) for key in map(tuple, asked) if key in heads and not counts.get("".join(key))]
        with self._lock:  # a part the record lacks: so does the name; else the index is asked whether it holds it
            wanted = [head for key, head, query in named if not all(counts.get(p) for p in key) or not self._db.execute(
                "SELECT 1 FROM record WHERE record MATCH ? LIMIT 1", (query,)).fetchone()]
        counts.update(self._vocabulary.counts(wanted) if wanted else {})
        return [clause([head]) for head in wanted if counts.get(head)]

    def _synonym_clauses(self, asked: Sequence[Sequence[str]]) -> list[Clause]:
        """The owner's words for a visitor's: with `synonyms: {downsides: [consequences]}`, "downsides" asks for both."""
        named = (name_clause(meaning) for w in asked for meaning in self._synonyms.get("".join(w), ()))
        return [c for c in named if c]
