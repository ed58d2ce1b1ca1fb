"""The record index's words: how many sections hold each word, and a visitor's word as the index spells it.

FTS5 keeps each term's count of sections in a vocabulary table (`terms`); a visitor's word is spelt as the index spells
it (stemmed by the same tokenizer) by writing it to a small table of that tokenizer (`probe`) and reading its terms
back. A word probed once is remembered (`MAX_KNOWN`), since visitors ask with the same words again and again.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterable

MAX_KNOWN = 100_000  # words whose counts are remembered: a few MB at most


class Vocabulary:
    """The index's terms, each with its count of sections (`df`), in order (`terms`), and the words probed so far."""

    def __init__(self, db: sqlite3.Connection, lock: threading.Lock, tokenizer: str) -> None:
        """Made once the sections are in `db`'s `record` table: its vocabulary is read once, as the index never
        changes."""
        self._db, self._lock = db, lock
        # Each term's count of sections, to leave out of a query what would cost more than it tells; and a small
        # table of the same tokenizer, to spell a question's words as the index does.
        self._db.execute("CREATE VIRTUAL TABLE terms USING fts5vocab(record, 'row')")
        self.df: dict[str, int] = dict(self._db.execute("SELECT term, doc FROM terms"))
        self.terms = sorted(self.df)  # to find the longer words a start opens
        self._db.execute(f"CREATE VIRTUAL TABLE probe USING fts5(word, tokenize='{tokenizer}')")
        self._db.execute("CREATE VIRTUAL TABLE probe_terms USING fts5vocab(probe, 'instance')")
        self._known: dict[str, int] = {}  # a word -> its count of sections, as probed once (the index never changes)
        self.spelt: dict[str, tuple[str, ...]] = {}  # a word probed -> its terms as the index spells them

    def counts(self, words: Iterable[str]) -> dict[str, int]:
        """How many sections hold each word, as the index spells it (stemmed by the same tokenizer); a word probed
        once is remembered, since visitors ask with the same words ("how", "default", "timeout") again and again."""
        asked = list(dict.fromkeys(words))
        # One read a word (`get`), not a test and a read: another question's thread may empty the memory between them.
        known = {w: count for w in asked if (count := self._known.get(w)) is not None}
        spelt = self._probe([w for w in asked if w not in known])
        fresh = {word: min((self.df.get(t, 0) for t in terms), default=0) for word, terms in spelt.items()}
        if len(self._known) + len(fresh) > MAX_KNOWN:
            self._known.clear()
            self.spelt.clear()
        self._known.update(fresh)
        self.spelt.update(spelt)  # after the clearing: `record_missing.longer` reads this question's words' spellings
        return known | fresh

    def spelling(self, word: str) -> tuple[str, ...]:
        """A word as the index spells it: probed by this question's `counts`, or again, the memory being new."""
        spelt = self.spelt.get(word)  # () is a spelling too: a word the tokenizer drops is not probed again
        return spelt if spelt is not None else self._probe([word])[word]

    def _probe(self, wanted: list[str]) -> dict[str, tuple[str, ...]]:
        if not wanted:
            return {}
        with self._lock:
            try:  # emptied whatever happens: a row left behind would be the next question's
                self._db.executemany("INSERT INTO probe(rowid, word) VALUES(?, ?)", enumerate(wanted, start=1))
                tokens = self._db.execute("SELECT doc, term FROM probe_terms").fetchall()
            finally:
                self._db.execute("DELETE FROM probe")
        found: dict[int, list[str]] = {}
        for doc, term in tokens:
            found.setdefault(doc, []).append(term)
        return {word: tuple(found.get(i, ())) for i, word in enumerate(wanted, start=1)}
