"""The sections a search found, put in order by where each says the question's words (`RecordIndex.search`'s last step).

BM25 ranks the record by each word apart: a short section that says one rare word of the question in its title ("Static
Files", 13 words) outranks the one that says the rest of it ("StaticFiles", on `index.html` and directories), and the
guide's model answers from the first. So the first sections found are read again, each by the index's own tokenizer,
for what of the question (each word weighed by its rarity, BM25's idf) it says:
- anywhere in its title or text (`COVER`): a section that says all of it over one that repeats a part;
- in its title and its page's label, the title column BM25 reads (`TITLE`), and in its heading trail, the h2 and h3 it
  sits under and its own title (`TRAIL`): the headings name what a section is about;
- within one run of `SPAN` words of its text (`NEAR`): words asked together and said together ("run reload and several
  workers", "fail the build if the lock is out of date") are a phrase of the answer, not words scattered through a page.
Each is a share of the question's weight, 0 to 1, added to the section's score (the best's 1 and its raises) at these
weights. The guide's 8 are chosen so from the first 12 found (`chosen`): a question's many words (a pasted command, a
log line, the story before the ask) make BM25 rank the section that says the ask's rarer words together 9th to 12th,
below sections that say one of them (the six searched development sites' recall@8 0.823 -> 0.834, ExternalDNS's,
a site no one tuned on, 0.542 -> 0.667). Past them, only the order changes, never which are found. The first
`FIRST` are put in order by their score without the family raise (`record_index_rank.with_family`), raised the same:
the raise lifts the best section's page and heading, the best with it, so BM25's first stayed first where the order
read another as saying the question (hit@1 0.531 -> 0.559 on the six searched development sites, Commitizen's 0.417 ->
0.542). The raise still chooses which are found. A search for more than `FIRST` (the rerank's pool of 24, the embedded
model's search within the sections the guide was given) keeps the raised order.

The search gives back the order only: the i-th section keeps the i-th score found, so the scores' spread (how far the
rest fall below the best, which the embedded model reads for the sections it quotes) stays BM25's. With the raised
scores, the rest rose toward the best (every section found says some of the question), and the embedded model quoted
more of them beside the best: its useful answers 155 -> 147 of the development sets' 227.
"""

from __future__ import annotations

import math
import re
import sqlite3
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from docent.schema.mode import CHARS_PER_TOKEN, EXCERPT_TOKENS

from .record_forms import unconflated
from .words import STOP_WORDS, parts, spell_sigils

COVER = 0.5
TITLE = 0.5
TRAIL = 0.5
NEAR = 1.0
SPAN = 8  # positions apart at most: about a clause; 4 and 16 ordered worse on the development sets
# A section's text is read as far as a question's excerpts could give of it whole (`EXCERPT_TOKENS`), so a long one costs
# no more time to read. A longer section is given cut to the lines around the question's words (`excerpts_fill.window`),
# which may lie past what is read here: those words do not put it first (a known limit, kept for the time).
READ = EXCERPT_TOKENS * CHARS_PER_TOKEN
COLUMNS = ("title", "trail", "body")
# The sections found that are put in order, at most (`Order.ordered`): the guide's 8, three times over. The embedded
# model searches the whole record (within the sections the guide was given): past these, BM25's order stands.
ORDERED = 24
FIRST = 8  # the guide's sections (`excerpts.SECTIONS`): those put in order by their scores without the family raise
CHOICE = 4  # found past the guide's 8 that may be chosen in (`chosen`): 12 and 16 found chose as well, 10 worse
LONG = READ // 2  # characters: a longer section is not chosen in from past the first 8 (`chosen`)
MAX_TERMS = 32  # the question's terms a section is read for, its rarest: a long question's common words weigh little
SAID_KEPT = 512  # found sections kept spelt (`Order.said`), each up to `READ` characters: some 8 MB at most


class SectionLike(Protocol):
    """A record section as the index reads it (`RecordIndex`): a bundle's, or a test's."""

    @property
    def id(self) -> str: ...
    @property
    def page(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def text(self) -> str: ...


@dataclass(frozen=True, slots=True)
class Said:
    """A found section as the order reads it: its title column (title and page label), its trail, its text."""

    title: str
    trail: str
    body: str


def said(section: SectionLike, labels: Mapping[str, str]) -> Said:
    """A section's title column (its title and its page's label, as the index has it), heading trail and text (to
    `READ`), spelt as the index spells its own."""
    trail = " ".join(getattr(section, "headings", ())[1:]) or section.title
    title = f"{section.title} {labels.get(section.page) or section.page}"
    return Said(*(spell_sigils(unconflated(t)) for t in (title, trail, section.text[:READ])))


_RUN = re.compile(r"[^\W_]+")  # a token as the index's tokenizer reads it: letters and digits
PART = 3  # letters at least in a camel-case name's part read on its own: "o" (OAuth2), "ql" (GraphQL) say nothing


def asked(text: str, holds: Callable[[str], bool] = lambda word: False) -> list[str]:
    """A question's words as the order reads them, lower-case, once each, no stop word: its runs of letters and digits,
    as the index's tokenizer splits them (`exclude_none` -> exclude, none; `GraphQLApp` whole), and, where the record
    lacks a camel-case name whole (`holds` is false: a record that writes `GraphQL` but never `GraphQLApp`), the
    name's parts and their neighbours run together, of `PART` letters or more ("GraphQLApp" -> graph, graphql, qlapp,
    app), as BM25's query asks them (`record_index`). A name the record writes whole is read whole (review21b): its
    parts ("power" and "shell" of `PowerShell`, "git" of `GitHub`, "java" of `JavaScript`) would count the sections
    that say a part alone as saying the question."""
    out: list[str] = []
    for run in _RUN.findall(text):
        word = run.lower()
        out.append(word)
        pieces = parts(run)
        if len(pieces) > 1 and not holds(word):
            out += [p for p in ("".join(pieces[i:j]) for i in range(len(pieces))
                                for j in range(i + 1, len(pieces) + 1) if j - i < len(pieces)) if len(p) >= PART]
    return [w for w in dict.fromkeys(out) if w not in STOP_WORDS]


_NAME = re.compile(r"[\w.+#/-]*[^\W\d_][\w.+#/-]*")  # a written name: letters, digits and joiners, no apostrophe
MAX_NAMES = 8  # a question's names read as phrases, at most: a pasted log or config writes dozens


def names(text: str) -> list[tuple[str, ...]]:
    """The question's names of code with an underscore in them (an environment variable `ENABLE_FAIL2BAN`, a setting
    `extension_configs`, `FTLCONF_dns_upstreams`, a qualified `response.status_code`), each as its runs of letters
    and digits, lower-case, as the index's tokenizer reads them: one name, which a section says as the phrase of its
    runs, where the order otherwise reads its common words apart ("enable" and "fail2ban", which a page on Fail2ban
    says everywhere). A name joined only by hyphens, dots or slashes is not read so: English writes "built-in" and
    "drop-in", and code `--no-dev`, `request.user`, `requirements-txt` of common words (read so too, uv and
    django-ninja lost a first and a hit, round 23). A name with a run of digits alone (an address, a version) makes
    none."""
    out: dict[tuple[str, ...], None] = {}
    for m in _NAME.finditer(spell_sigils(text)):
        if "_" not in m.group():
            continue
        runs = tuple(run.lower() for run in _RUN.findall(m.group()))
        if len(runs) > 1 and all(not run.isdigit() for run in runs):
            out[runs] = None
    return list(out)[:MAX_NAMES]


def said_together(places: Mapping[str, Sequence[tuple[int, str]]],
                  phrases: Mapping[str, Sequence[str]]) -> dict[str, list[tuple[int, str]]]:
    """A section's places with each phrase's instances added, at its first term's position: its terms at
    consecutive positions of one column, as an FTS5 phrase matches them."""
    out = {col: list(at) for col, at in places.items()}
    for col, at in places.items():
        held = set(at)
        for key, terms in phrases.items():
            out[col] += [(offset, key) for offset, term in at if term == terms[0]
                         and all((offset + i, t) in held for i, t in enumerate(terms[1:], start=1))]
    return out


def rarest(weights: Mapping[str, float]) -> dict[str, float]:
    """The question's `MAX_TERMS` terms of most weight, with their weights: a reader's long question (a pasted config,
    a traceback) says dozens, its common ones next to nothing."""
    return dict(sorted(weights.items(), key=lambda item: -item[1])[:MAX_TERMS])


def rarity(count: int, total: int) -> float:
    """A word's weight by the sections that hold it (BM25's idf, kept above 0 for a word in half the record)."""
    return math.log(1.0 + (total - count + 0.5) / (count + 0.5))


class Reader:
    """Found sections tokenized as the index tokenizes the record, in a table of their own (filled and emptied for each
    question under the index's lock), their instances of the question's terms read back by position."""

    def __init__(self, db: sqlite3.Connection, lock: threading.Lock, tokenizer: str) -> None:
        self._db, self._lock = db, lock
        db.execute(f"CREATE VIRTUAL TABLE said USING fts5(title, trail, body, content='', tokenize='{tokenizer}')")
        db.execute("CREATE VIRTUAL TABLE said_terms USING fts5vocab(said, 'instance')")

    def places(self, found: Sequence[Said], terms: Sequence[str]) -> list[dict[str, list[tuple[int, str]]]]:
        """For each section, by column, its instances of `terms`: (position, term)."""
        out: list[dict[str, list[tuple[int, str]]]] = [{} for _ in found]
        if not found or not terms:
            return out
        marks = ",".join("?" * len(terms))
        with self._lock:
            try:  # emptied whatever happens (a text SQLite cannot bind, a lone surrogate): left, its rows would be
                # read as the next question's sections
                self._db.executemany("INSERT INTO said(rowid, title, trail, body) VALUES(?, ?, ?, ?)",
                                     ((k, s.title, s.trail, s.body) for k, s in enumerate(found, start=1)))
                rows = self._db.execute(f"SELECT doc, col, offset, term FROM said_terms WHERE term IN ({marks})",
                                        tuple(terms)).fetchall()
            finally:
                self._db.execute("INSERT INTO said(said) VALUES('delete-all')")
        for doc, col, offset, term in rows:
            out[doc - 1].setdefault(col, []).append((offset, term))
        return out


def near(places: Sequence[tuple[int, str]], weights: Mapping[str, float]) -> float:
    """The most weight of distinct terms, two or more, that one run of `SPAN` positions holds (0 where none does)."""
    at = sorted(places)
    held: dict[str, int] = {}  # the run's terms, each with its count of instances in it
    best = weight = 0.0
    start = 0
    for offset, term in at:
        held[term] = held.get(term, 0) + 1
        weight += weights[term] if held[term] == 1 else 0.0
        while offset - at[start][0] > SPAN:
            gone = at[start][1]
            held[gone] -= 1
            if not held[gone]:
                del held[gone]
                weight -= weights[gone]
            start += 1
        if len(held) >= 2:
            best = max(best, weight)
    return best


def gain(places: Mapping[str, Sequence[tuple[int, str]]], weights: Mapping[str, float]) -> float:
    """What a section's places of the question's terms add to its score (each share of the question's weight)."""
    whole = sum(weights.values())
    said = {col: {term for _, term in places.get(col, ())} for col in COLUMNS}
    share = {col: sum(weights[t] for t in terms) / whole for col, terms in said.items()}
    anywhere = sum(weights[t] for t in said["title"] | said["body"]) / whole
    return (COVER * anywhere + TITLE * share["title"] + TRAIL * share["trail"]
            + NEAR * near(places.get("body", ()), weights) / whole)


def in_order(found: Sequence[tuple[int, float]], places: Sequence[Mapping[str, Sequence[tuple[int, str]]]],
             weights: Mapping[str, float], weighed: Mapping[int, float], *,
             alone: Mapping[int, float] | None = None) -> list[tuple[int, float]]:
    """The found (rowid, score) pairs, each score raised by its `gain` (times its share in `weighed`, 1 where it has
    none: a changelog's, as its score was), best first (ties by rowid, as the search's). With `alone` (each section's
    score without its family's raise, `record_index_rank.with_family`), the first `FIRST` are put in order again by
    it, raised by the same gain."""
    if not weights or sum(weights.values()) <= 0:
        return list(found)
    gains = {rowid: weighed.get(rowid, 1.0) * gain(at, weights) for (rowid, _), at in zip(found, places, strict=True)}
    raised = sorted(((rowid, score + gains[rowid]) for rowid, score in found), key=lambda item: (-item[1], item[0]))
    if alone is None:
        return raised
    first = sorted(raised[:FIRST], key=lambda item: (-(alone.get(item[0], 0.0) + gains[item[0]]), item[0]))
    return first + raised[FIRST:]


def chosen(found: Sequence[tuple[int, float]], places: Sequence[Mapping[str, Sequence[tuple[int, str]]]],
           weights: Mapping[str, float], weighed: Mapping[int, float], *, first: int,
           lengths: Sequence[int]) -> list[int]:
    """The places in `found` (in found order) of the `first` sections of the first `first + CHOICE` with the best
    scores raised by their `gain` (times their share in `weighed`, as `in_order`'s): one that BM25 ranked 9th to 12th
    and that says more of the question, its rarer words or them together, replaces one of the first 8 that says less.
    A section over `LONG` characters is not chosen in from past the first `first`: it says every word of a long
    question somewhere (docker-mailserver's 14,000-character list of environment variables), and given it would be cut
    to the lines around them."""
    if not weights or sum(weights.values()) <= 0:
        return list(range(min(first, len(found))))
    raised = [(score + weighed.get(rowid, 1.0) * gain(at, weights), rowid, i)
              for i, ((rowid, score), at) in enumerate(zip(found[:first + CHOICE], places, strict=False))
              if i < first or lengths[i] <= LONG]
    return sorted(i for _, _, i in sorted(raised, key=lambda item: (-item[0], item[1]))[:first])


class Order:
    """The record's sections as the order reads them: the first `ORDERED` of those found for a question, each spelt once
    (`said`, kept while the question's search finds it again: a record's sections on its common topics are found by
    question after question) and read by the index's tokenizer (`Reader`)."""

    def __init__(self, sections: Sequence[SectionLike], labels: Mapping[str, str], db: sqlite3.Connection,
                 lock: threading.Lock, tokenizer: str) -> None:
        self._sections, self._labels = sections, labels
        self._reader = Reader(db, lock, tokenizer)
        self._said: dict[int, Said] = {}  # rowid -> the section spelt (`said`), at most SAID_KEPT

    def said(self, rowid: int) -> Said:
        kept = self._said.get(rowid)
        if kept is None:
            if len(self._said) >= SAID_KEPT:
                self._said.clear()
            kept = self._said[rowid] = said(self._sections[rowid - 1], self._labels)
        return kept

    def ordered(self, found: Sequence[tuple[int, float]], weights: Mapping[str, float], weighed: Mapping[int, float],
                *, alone: Mapping[int, float] | None = None, first: int = 0,
                phrases: Mapping[str, Sequence[str]] | None = None) -> list[tuple[int, float]]:
        """The found (rowid, score) pairs, the first `ORDERED` put in order (`in_order`), the rest after them as
        found. With `first` (the guide's `FIRST`, and the rerank's pool, which starts from them: `RecordIndex.pool`),
        the `first` chosen from the first `first + CHOICE` (`chosen`) go first, in order by `alone`, then the rest in
        the order of all of them without it; their places are read once."""
        head = found[:ORDERED]
        if phrases:  # each phrase's terms read for their places, then the phrase's instances found among them
            wanted = list(dict.fromkeys([*(w for w in weights if w not in phrases), *(t for p in phrases.values()
                                                                                     for t in p)]))
            read = self._reader.places([self.said(rowid) for rowid, _ in head], wanted)
            places = [{col: [(o, t) for o, t in at if t in weights] for col, at in said_together(p, phrases).items()}
                      for p in read]
        else:
            places = self._reader.places([self.said(rowid) for rowid, _ in head], list(weights))
        if not first:
            return in_order(head, places, weights, weighed, alone=alone) + list(found[ORDERED:])
        picked = chosen(head, places, weights, weighed, first=first,
                        lengths=[len(self._sections[rowid - 1].text) for rowid, _ in head[:first + CHOICE]])
        given = in_order([head[i] for i in picked], [places[i] for i in picked], weights, weighed, alone=alone)
        taken = {rowid for rowid, _ in given}
        rest = in_order(head, places, weights, weighed) + list(found[ORDERED:])
        return given + [(rowid, score) for rowid, score in rest if rowid not in taken]
