"""The record's full-text index: SQLite FTS5, ranked by BM25, built once per loaded bundle.

Why FTS5: it ships with Python (no dependency), it is an inverted index written in C with BM25 built in, and the table
is contentless: it keeps postings, not a second copy of the text (the sections stay in the bundle). The sections go in
as they are, so building it costs FTS5's own indexing and no Python per word.

Words as owners write them. FTS5's tokenizer splits `max_poll_records`, `spring-boot` and `3.2.1` into their parts, in
order, and keeps `OutOfMemoryError` and `SpringBoot` whole. So the question is where spellings meet:
- a compound in the question (`Spring-Boot`, `maxPollRecords`, `3.2.1`) asks for its phrase of parts ("spring boot")
  or its parts run together ("springboot"), and neighbouring words also ask for themselves run together, so "out of
  memory error" finds `OutOfMemoryError` (never from or to "my", "the": "my proxy" is no `myproxy`);
- a word the record does not have is tried split in two, as the start of a longer word, and by the word it is made
  from (`record_missing`); a name written as code, by its part that says what it is (`record_queries`);
- a word the question denies asks for its one-word negative too: "not published" -> "unpublished" (`negated`);
- `C++` and `C#` are indexed and asked for as `cplusplus` and `csharp`, so they are not C, nor each other;
- a technology named by an alias in the lexicon ("k8s") brings its term and its other aliases (`clauses.alias_clauses`), and
  a reader's short form ("env var", "creds", "deps") the word spelt out (`record_synonyms.ABBREVIATIONS`).
A question's rare numbers and its addresses count a quarter of its words (`_scaled`); so do the words that frame a
question ("tell me", "explain", "java version", the "often" of "how often"), which BM25 would rank over the topic
wherever the record uses them rarely, and a lexicon name narrower than the term the question writes ("HTTP/1.1",
"CPython" for "http", "python": `clauses.narrower`), written rarely, in logs or builds. What the question names (a
technology of the lexicon, a name written as one word of parts: `TestClient`, "long-polling") counts double, for the
same reason: the site's subject is in many sections, so BM25 weighs it lightly; a technology the record names in two
sections or fewer is already its heaviest word, and doubled it outweighed all else asked (a visitor's own stack: "Flask
behind nginx: which setting...?"). A long section is weighed by BM25's length normalisation, so a short guide section on
the asked words outranks it. What raises a section after BM25 (its family, its title said or named) is
`record_index_rank`'s. The site's own name ("DRF", "MkDocs") is asked apart, as framing is: every page is about it. Stop
words are dropped from a question, never from the index, so phrases still match; "own" stays as a verb ("what does she
own?"), not after a possessive ("my own certificate"). The porter stemmer runs over both sides, so "reviews" finds
"reviewed". A query reads a question to its `MAX_WORDS`th word of substance (`read_words`); one longer than `MAX_WORDS`
written words is also asked sentence by sentence (`_with_sentences`). Last, the sections found are put in order by where
each says the question's words (`record_index_order`): which are found, and their scores, stay the same. The guide's 8
(`given`) are chosen so from the first 12 found (`record_index_order.chosen`).
"""

from __future__ import annotations

import re
import sqlite3
import threading
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass

from docent.schema import Manifest

from .clauses import MAX_ROWS, question_sentences, quote
from .lexicon import Entries
from .record_forms import unconflated
from .record_index_order import CHOICE, FIRST, Order, SectionLike, asked, names, rarest, rarity
from .record_index_rank import FAMILY_MAX, named_runs, title_keys, titled, with_family, with_titles
from .record_queries import Queries
from .record_vocabulary import Vocabulary
from .words import spell_sigils, stems

# BM25's weights by column: a section's title and its page's label say what it is about.
WEIGHTS = {"title": 3.0, "body": 1.0}
# An earlier question of the conversation counts this much against the question itself (after each is scaled to
# its best hit): enough to tell "and the results?" which case it follows, never enough to outweigh a new topic.
EARLIER_WEIGHT = 0.5
EARLIER_QUESTIONS = 3  # the last few questions carry the thread; older ones have moved on
SENTENCES_WEIGHT = 1.0  # a long question's sentences, their scores' mean, against the whole question's (each 1 at best)
# A changelog's sections name every API in a few words each, so BM25 ranks them over the guide that explains one;
# they answer what changed, which a question asks by a version or by naming the changelog.
CHANGELOG = re.compile(r"release[\s_-]*notes|change[\s_-]*log|\bchanges\b|\bhistory\b|what['’]?s[\s_-]*new|\bnews\b",
                       re.IGNORECASE)
CHANGELOG_WEIGHT = 0.5
MAX_WRITTEN = 4096  # camel-case names remembered as written outside the changelog or not (`_written`), then forgotten
ASKS_CHANGES = re.compile(r"\d+\.\d+|\b(?:versions?|releases?|released|changelog|change\s*log|release\s*notes|changed"
                          r"|what['’]?s\s+new|upgrad\w*|breaking)\b", re.IGNORECASE)
NUMBER_WEIGHT = 0.25  # a question's numbers against its words: a port or an address names a detail, not the topic
# Rows fetched for each one wanted: room for the guide beside a weighed-down changelog, and a section its family raises
FETCHED = 3  # (`record_index_rank`) keeps its own BM25 score, not the family's share alone (a seventeenth row's was lost)
TOKENIZER = "porter unicode61 remove_diacritics 2"
MAX_PHRASES = 100_000  # the question's names' counts of sections remembered (`RecordIndex._phrases`)


@dataclass(frozen=True, slots=True)
class _Spelt:
    """A section's text as the index spells it (`record_forms.unconflated`)."""

    id: str
    page: str
    title: str
    text: str


class RecordIndex:
    """The record's sections, searchable by a visitor's words (`search`: `(section id, score)` pairs, best first, a
    score comparable only within one call). Built once per bundle; safe to share across turns."""

    def __init__(
        self,
        sections: Iterable[SectionLike],
        *,
        lexicon: Entries = (),
        pages: Mapping[str, str] | None = None,
        synonyms: Mapping[str, Sequence[str]] | None = None,
        site_name: str = "",
    ) -> None:
        """`pages`: each page's label by its id, indexed with the section's title (a section titled "Results" is
        about its page's subject); without it the page's id stands in. `synonyms`: the owner's `synonyms` option,
        a visitor's word -> the site's words for it; a question with the word asks for those too."""
        labels = pages or {}
        self._ids: list[str] = []
        self._titles: list[frozenset[str]] = []  # each section's title's words, stemmed
        self._by_word: dict[str, list[int]] = {}  # rowids by each word of their title, stemmed (`titled`)
        self._named: dict[str, list[int]] = {}  # rowids by the ways a question names their title whole (`title_keys`)
        self._paths: list[tuple[str, ...]] = []  # each section's page and the h2 it sits under (or is)
        self._families: dict[tuple[str, ...], list[int]] = {}  # rowids by page, and by page and h2
        self._aside: set[int] = set()  # rowids of changelog sections, weighed down unless a question asks for changes
        self._written_out: dict[str, bool] = {}  # a word -> whether a section not aside writes it (`_written`)
        self._sections: list[SectionLike] = []  # as given: the found ones are read again for their order
        self._labels = labels
        self._lock = threading.Lock()
        # One connection per index, used under a lock: a sqlite3 connection is not to be shared across threads bare.
        self._db = sqlite3.connect(":memory:", check_same_thread=False)
        self._db.execute(
            f"CREATE VIRTUAL TABLE record USING fts5(title, body, content='', tokenize='{TOKENIZER}')"
        )
        weights = ", ".join(str(w) for w in WEIGHTS.values())
        self._db.execute(f"INSERT INTO record(record, rank) VALUES('rank', 'bm25({weights})')")
        rows = []
        for rowid, found in enumerate(sections, start=1):
            section = _Spelt(found.id, found.page, unconflated(found.title), unconflated(found.text))
            self._ids.append(section.id)
            self._sections.append(found)
            path = (section.page, *getattr(found, "headings", ())[1:2])
            self._paths.append(path)
            for family in {path[:1], path}:
                members = self._families.setdefault(family, [])
                if len(members) <= FAMILY_MAX:
                    members.append(rowid)
            self._titles.append(frozenset(stems(section.title)))
            for word in self._titles[-1]:
                self._by_word.setdefault(word, []).append(rowid)
            for key in title_keys(section.title):
                self._named.setdefault(key, []).append(rowid)
            title = f"{section.title} {labels.get(section.page) or section.page}"
            if CHANGELOG.search(f"{section.page} {labels.get(section.page, '')}"):
                self._aside.add(rowid)
            rows.append((rowid, spell_sigils(title), spell_sigils(section.text)))
        self._db.executemany("INSERT INTO record(rowid, title, body) VALUES(?, ?, ?)", rows)
        self._vocabulary = Vocabulary(self._db, self._lock, TOKENIZER)
        self._order = Order(self._sections, labels, self._db, self._lock, TOKENIZER)
        self._phrase_df: dict[str, int] = {}  # a question's name's terms as a phrase -> its count of sections
        self._db.commit()
        self._queries = Queries(self._vocabulary, self._db, self._lock, lexicon=lexicon, synonyms=synonyms,
                                site_name=site_name)

    @classmethod
    def of(cls, record: Mapping[str, SectionLike], *, lexicon: Entries = (), manifest: Manifest | None = None) -> RecordIndex:
        """The index of a bundle's record (by id, in order), its lexicon and its manifest's page labels."""
        manifest = manifest or Manifest()
        pages = {p.id: p.label for p in manifest.pages}
        return cls(record.values(), lexicon=lexicon, pages=pages, synonyms=manifest.synonyms,
                   site_name=manifest.site_name)

    def __len__(self) -> int:
        return len(self._ids)

    def search(
        self,
        text: str,
        *,
        limit: int = 8,
        earlier: Sequence[str] = (),
        exclude: Collection[str] = (),
    ) -> list[tuple[str, float]]:
        """The sections that best answer `text`, best first, at most `limit`, none of `exclude`. `earlier`: the
        conversation's earlier questions, oldest first; they lean the ranking toward the thread a follow-up continues
        ("and what were the results?"), at `EARLIER_WEIGHT` of the question's own pull."""
        if limit <= 0:
            return []
        text = unconflated(text)
        found, alone = self._found(text, limit, earlier, exclude)
        ordered = zip(self._ordered(found, text, alone if limit <= FIRST else None), found, strict=True)  # (`in_order`)
        return [(self._ids[rowid - 1], round(score, 6)) for (rowid, _), (_, score) in ordered]

    def given(self, text: str, *, earlier: Sequence[str] = ()) -> list[str]:
        """The guide's `FIRST` sections for a question (`excerpts.searched`), best first: chosen from the first
        `FIRST + CHOICE` found by what each says of the question (`record_index_order.chosen`), where `search` gives
        its first `FIRST` found."""
        return self.pool(text, first=FIRST, limit=FIRST, earlier=earlier)

    def pool(self, text: str, *, first: int, limit: int, earlier: Sequence[str] = ()) -> list[str]:
        """The first `first` chosen from the first `first + CHOICE` found (the guide's, `given`), in their order, then
        the rest of the first `limit` of the same rows, in the order of them all: the rerank's pool (`rerank.pool`),
        which starts from the guide's own 8. One search (BM25 asked for the rows a search for `first` asks: 48 hold
        24), its sections read once for their order, where a search for 8 and another for 24 cost a question twice
        over (OpenFaaS: 6.5 -> 17 ms)."""
        return [sid for sid, _ in self.scored_pool(text, first=first, limit=limit, earlier=earlier)]

    def scored_pool(self, text: str, *, first: int, limit: int, earlier: Sequence[str] = ()) -> list[tuple[str, float]]:
        """`pool`, each section with the search's score (the encoder's fusion weighs them: `fusion.Fusion`)."""
        if limit <= 0:
            return []
        text = unconflated(text)
        found, alone = self._found(text, max(first + CHOICE, limit), earlier, (), fetched=first)
        pooled = self._ordered(found, text, alone if first <= FIRST else None, first=first)
        return [(self._ids[rowid - 1], score) for rowid, score in pooled][:max(first, limit)]

    def _found(self, text: str, limit: int, earlier: Sequence[str],
               exclude: Collection[str], *, fetched: int = 0) -> tuple[list[tuple[int, float]], dict[int, float]]:
        """The first `limit` (rowid, score) pairs found, none of `exclude`, best first, and every score without the
        family raise (`alone`, which puts the guide's first in order: `in_order`). `fetched`: the rows BM25 is asked
        for are a search for this many's (`FETCHED`), where it is not `limit`: the pool's first are the guide's own."""
        text, earlier = unconflated(text), [unconflated(e) for e in earlier]
        wanted = ((fetched or limit) + len(exclude)) * 2
        runs = named_runs(text)
        named = {rowid for key in runs & self._named.keys() for rowid in self._named[key]}
        said = stems(text)  # a section whose title the question says whole is scored, past BM25's rows (`titled`)
        rows = named | titled(said, self._by_word, self._titles)
        scores = self._with_sentences(text, self._weighed(self._scaled(text, wanted * FETCHED, rows), text),
                                      wanted * FETCHED)
        thread = " ".join(earlier[-EARLIER_QUESTIONS:])
        if thread.strip():
            then = self._weighed(self._scaled(thread, wanted * FETCHED), thread)
            scores = {i: scores.get(i, 0.0) + EARLIER_WEIGHT * then.get(i, 0.0) for i in scores.keys() | then.keys()}
        # the title raises, each worked out once, on the scores with the family raise and without (`alone`)
        alone, scores = with_titles(scores, with_family(scores, self._paths, self._families), self._titles,
                                    said, named)
        ranked = sorted(scores.items(), key=lambda item: (-item[1], item[0]))
        return [(rowid, score) for rowid, score in ranked if self._ids[rowid - 1] not in exclude][:limit], alone

    def _ordered(self, found: list[tuple[int, float]], text: str, alone: Mapping[int, float] | None, *,
                 first: int = 0) -> list[tuple[int, float]]:
        """The sections found put in order by where each says the question's words (`record_index_order`): each word
        as the index spells it, weighed by its rarity in the record; a word the record lacks weighs nothing. `alone`:
        the scores without the family raise, which put the guide's first in order (`in_order`); `first`: the pool's
        (`Order.ordered`)."""
        if len(found) < 2:
            return found  # nothing to put in order
        vocabulary = self._vocabulary
        asks_changes = ASKS_CHANGES.search(text) is not None
        words = asked(text, lambda word: self._written(word, aside=asks_changes))  # a name the record writes whole
        if fresh := [w for w in words if w not in vocabulary.spelt]:
            vocabulary.counts(fresh)  # each spelt as the index spells it, and remembered
        terms = dict.fromkeys(t for w in words for t in vocabulary.spelling(w) if vocabulary.df.get(t))
        counted = self._phrases(text)  # a snake_case name as one term, beside its words (`record_index_order.names`)
        weights = rarest({t: rarity(vocabulary.df[t], len(self._ids)) for t in terms}
                         | {key: rarity(count, len(self._ids)) for key, (_, count) in counted.items()})
        phrases = {key: spelt for key, (spelt, _) in counted.items() if key in weights}
        aside = self._aside.intersection(r for r, _ in found) if not asks_changes else set()
        return self._order.ordered(found, weights, {rowid: CHANGELOG_WEIGHT for rowid in aside}, alone=alone,
                                   first=first, phrases=phrases)

    def _phrases(self, text: str) -> dict[str, tuple[tuple[str, ...], int]]:
        """The question's snake_case names (`record_index_order.names`) that the record says, each as the phrase of its
        parts the index holds (`ENABLE_FAIL2BAN`: "enable fail2ban"), keyed by its terms as the index spells them with
        a space between (a key no token is), with the phrase's count of sections. A count is remembered
        (`_phrase_df`), and the memory emptied when full, under the index's lock; each count is read where it was
        found or made, never back from the memory, which another thread's question may empty at any moment."""
        vocabulary, out = self._vocabulary, {}
        for runs in names(text):
            vocabulary.counts([r for r in runs if r not in vocabulary.spelt])
            spelt = [vocabulary.spelling(run) for run in runs]
            if any(len(s) != 1 or not vocabulary.df.get(s[0]) for s in spelt):
                continue  # a run the tokenizer drops or the record lacks: no phrase of the record's
            terms = tuple(s[0] for s in spelt)
            key = " ".join(terms)
            count = self._phrase_df.get(key)
            if count is None:
                with self._lock:
                    (count,) = self._db.execute("SELECT count(*) FROM record WHERE record MATCH ?",
                                                (quote(list(runs)),)).fetchone()
                    if len(self._phrase_df) >= MAX_PHRASES:
                        self._phrase_df.clear()
                    self._phrase_df[key] = count
            if count:
                out[key] = terms, count
        return out

    def _written(self, word: str, *, aside: bool) -> bool:
        """Whether the record writes a word (a camel-case name whole), in a section it does not set aside (a changelog's,
        `_aside`) unless `aside`, the question asking what changed: a release note's line naming `GraphQLApp` is no
        sign the docs name it, and four of Starlette's did where its docs say only "GraphQL" (review22a)."""
        count = self._vocabulary.counts([word])[word]
        if aside or not count or count > len(self._aside):
            return count > 0
        written = self._written_out.get(word)
        if written is None:  # a run of letters and digits (`asked`), quoted: spelt by the index's own tokenizer
            with self._lock:
                rows = self._db.execute("SELECT rowid FROM record WHERE record MATCH ?", (f'"{word}"',)).fetchall()
            if len(self._written_out) >= MAX_WRITTEN:
                self._written_out.clear()
            written = self._written_out[word] = any(rowid not in self._aside for (rowid,) in rows)
        return written

    def _with_sentences(self, text: str, scores: dict[int, float], limit: int) -> dict[int, float]:
        """Scores with a long question's sentences' own (`clauses.question_sentences`) added, their mean at `SENTENCES_WEIGHT`:
        each part of the question (its context, the error it pastes, what it asks) gets its voice, where one query of
        all its words ranks by one part's rarest words, and reads none past `read_words`. A sentence asks only words that
        score at most `MAX_ROWS` sections, its rarest too: one of common words alone ("Nothing in our code changed.")
        says little and would rank the whole record (10,000 pages: a long question's p50 26 ms -> 3 ms)."""
        asked = question_sentences(text)
        out = dict(scores)
        for part in (self._weighed(self._scaled(s, limit, most=MAX_ROWS), s) for s in asked):
            for rowid, score in part.items():
                out[rowid] = out.get(rowid, 0.0) + SENTENCES_WEIGHT * score / len(asked)
        return out

    def _weighed(self, scores: dict[int, float], text: str) -> dict[int, float]:
        """Scores with a changelog's sections weighed down, unless the text asks what changed (a version, "upgrade")."""
        if not self._aside or ASKS_CHANGES.search(text):
            return scores
        return {i: score * CHANGELOG_WEIGHT if i in self._aside else score for i, score in scores.items()}

    def _scaled(self, text: str, limit: int, named: Collection[int] = (), *,
                most: int | None = None) -> dict[int, float]:
        """rowid -> score in (0, 1], the best hit 1: BM25's scale differs from query to query.

        A question's rare numbers (a port, a version) and its addresses (`ADDRESS`: a URL, localhost:8000, an IP)
        rank only a question of them alone. Otherwise its words rank, and a section found that also holds them gains
        `NUMBER_WEIGHT`: a number the record holds once is BM25's rarest term and would outweigh every word, and an
        address's "http" or "localhost" would outweigh what the question asks about.
        """
        words, numbers = self.queries(text, most=most)
        if words is None:
            return self._ranked(numbers, limit)
        scores = self._ranked(words, limit, named)
        if numbers is not None and scores:
            marks = ",".join("?" * len(scores))
            with self._lock:
                holding = self._db.execute(
                    f"SELECT rowid FROM record WHERE record MATCH ? AND rowid IN ({marks})", (numbers, *scores)
                ).fetchall()
            for (rowid,) in holding:
                scores[rowid] += NUMBER_WEIGHT
        return scores

    def _ranked(self, query: str | None, limit: int, named: Collection[int] = ()) -> dict[int, float]:
        """rowid -> BM25 score over the best's, of the `limit` best, and of the sections `named` (their title said) that
        BM25 ranked lower: the last row's, their score's bound, since another query to score them cost as much again."""
        if query is None:
            return {}
        with self._lock:
            rows = self._db.execute(
                "SELECT rowid, rank FROM record WHERE record MATCH ? ORDER BY rank LIMIT ?", (query, limit)
            ).fetchall()
        if not rows:
            return {}
        rows += [(rowid, rows[-1][1]) for rowid in set(named) - {r for r, _ in rows}]  # at most the last row's
        best = -rows[0][1]  # FTS5's bm25 is negative, lower is better
        return {rowid: -rank / best for rowid, rank in rows} if best > 0 else {}

    def query(self, text: str) -> str | None:
        """The FTS5 query for a visitor's text, its words and numbers together (see `queries`)."""
        words, numbers = self.queries(text)
        return " OR ".join(q for q in (words, numbers) if q) or None

    def queries(self, text: str, *, most: int | None = None) -> tuple[str | None, str | None]:
        """The FTS5 queries for a visitor's text, its words' and its numbers' (`record_queries.Queries.of`)."""
        return self._queries.of(text, most=most)

    def close(self) -> None:
        with self._lock:
            self._db.close()
