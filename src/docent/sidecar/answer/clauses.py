"""A visitor's text as FTS5 clauses, none of FTS5's syntax taken from it: a word (or a compound's phrase of parts OR
its parts run together), a lexicon name with every word required, code as the index's tokenizer reads it, and the
question's addresses apart; and, from the index's counts, which clauses a query keeps (`within_rows`)."""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass

from .sentences import SentenceSplitter
from .words import CHUNK, STOP_WORDS, chunks, parts, spell_sigils, stem

# A question's words of substance past these add time, not recall (`read_words`); one of more written words than this is
# asked sentence by sentence too (`question_sentences`).
MAX_WORDS = 32
JOIN_SPAN = 4  # neighbouring words run together, up to this many ("out of memory error")
# Sections a word past a query's rarest may score: on the bench's 40,000 sections, a component's name's parts
# ("tracking", "sync", in ~1,000 each) asked beside its run ("trackingsync") put its usage section out of the 8 for 265
# of 1,000 questions (hit@8 0.985 -> 0.72).
MAX_ROWS = 500
# Sections a query may rank, its words' counts summed (`within_rows`): BM25 costs a microsecond or two for each. At
# MAX_ROWS, a question's rarer words (often its story's: "nightly", "suddenly") took the rows, and the words that name
# what it asks, which a docs site says on many pages, were left out ("help" and "command" of Typer's "show the help if
# no command is given", in 134 and 240 of its 349 sections: that section 60th -> 36th).
QUERY_ROWS = 2000
# An address in a question: a URL with its scheme and host, a host with its port, an IP. It says where the visitor's
# own server runs ("my proxy at http://127.0.0.1:8080"), not what they ask about, so its parts ("http", "localhost",
# "8080") are asked apart with the numbers, at NUMBER_WEIGHT, instead of outweighing the question's words. A scheme
# with no host ("file:// browsing", "redirects come back as http://", `file:///home/me/site`) names what is asked, a
# way of opening pages: it stays a word of the question, and only the path after it is the visitor's own.
ADDRESS = re.compile(
    r"\b[a-z][a-z0-9+.-]*://(?=[^\s/,;'\"<>()])[^\s,;'\"<>()]*"
    r"|\b(?:localhost:\d{1,5}|\d{1,3}(?:\.\d{1,3}){3}(?::\d{1,5})?)(?:/[^\s,;'\"<>()]*)?"
    r"|\b[a-z][\w-]*(?:\.[\w-]+)+:\d{2,5}\b"  # a host with a dot: "redis:6379" may be what the question is about
    # a path of the visitor's own: "/messages", "/users/", a file's with its dot ("/etc/pihole/gravity.db")
    r"|(?:(?<=://)|(?<![\w./]))/[a-z0-9_-]+(?:\.\w[\w-]*)*(?:/[\w{}-]*(?:\.\w[\w-]*)*)*",
    re.IGNORECASE,
)
_SCHEME = re.compile(r"^[a-z][a-z0-9+.-]*://(?=[^\s/])", re.IGNORECASE)  # before a host, "http" says nothing
_DOTTED = re.compile(r"\d\.\d+\.\d")  # what an address without a colon (an IP) needs
# Words that frame a question rather than say its topic: how it is asked ("tell me", "explain", "show me", "I want",
# "what does it mean") or what kind of answer it wants ("java version" wants a number, seldom the word "version").
# A section holding one is no likelier to answer, but BM25 would rank a rare one over the topic, so they are asked
# apart with the numbers, at NUMBER_WEIGHT; a question of nothing else is still ranked by them.
FRAMING = frozenset(
    """
    tell explain explained describe know knows mean means meaning happen happens happened want wants wanted need
    needs wonder wondering please thanks thank show version versions
    """.split()
)

SENTENCE_WORDS = 3  # words of substance a sentence needs to ask something of its own ("Bug?", "Expected?" do not)


def question_sentences(text: str) -> list[str]:
    """A question longer than one query reads (`MAX_WORDS`), as its sentences that ask something of their own, split
    as the answers' sentences are (`SentenceSplitter`); [] for a shorter question, or for one with a single such
    sentence. A reader's long question tells its context, pastes an error, then asks ("... KeyError: 'request' in my
    SerializerMethodField ... how do I get the request in there?"): one query of all its words lets one part's rare
    words outrank the others, and reads none past `MAX_WORDS`."""
    if len(chunks(text)) <= MAX_WORDS:
        return []
    split = SentenceSplitter()
    found = [str(s) for s in split.feed(text) + split.finish()
             if sum(1 for w in chunks(s) if len(w) > 1 or w[0] not in STOP_WORDS) >= SENTENCE_WORDS]
    return found if len(found) > 1 else []


def read_words(words: Sequence[Sequence[str]]) -> list[Sequence[str]]:
    """A question's written words (`chunks`) as one query reads them: up to its `MAX_WORDS`th word of substance. A stop
    word is asked by no query, so it neither costs time nor counts: a reader's long question says what it asks last
    ("... Is there a regex or catch-all path param?"), and counted with its "I", "the" and "to", the question was read
    only to its context (Django Ninja's `{path:value}` section 50th -> 2nd)."""
    kept, said = [], 0
    for word in words:
        said += not (len(word) == 1 and word[0] in STOP_WORDS)
        if said > MAX_WORDS:
            break
        kept.append(word)
    return kept


def quote(words: Sequence[str]) -> str:
    return '"' + " ".join(words) + '"'  # parts are letters and digits only: nothing to escape


@dataclass(frozen=True)
class Clause:
    """One clause of a query: its FTS5 text, and the ways it can match, each a set of words all of which it needs
    (to estimate from the index's counts how many sections it would score)."""

    sql: str
    ways: tuple[tuple[str, ...], ...]


def clause(pieces: Sequence[str]) -> Clause:
    """One written word: a plain word, or a compound as its phrase of parts OR its parts run together."""
    if len(pieces) == 1:
        return Clause(quote(pieces), (tuple(pieces),))
    whole = "".join(pieces)
    return Clause(f"({quote(pieces)} OR {quote([whole])})", (tuple(pieces), (whole,)))


_RUN = re.compile(r"[^\W_]+")


def as_indexed(text: str) -> list[Clause]:
    """Code as the index's tokenizer reads it: `httpx.AsyncClient` is "httpx" then "asyncclient", a name's camel case
    kept whole, which neither its parts ("async client") nor its parts run together ("httpxasyncclient") match."""
    clauses = []
    for m in CHUNK.finditer(spell_sigils(text)):
        runs = [run.lower() for run in _RUN.findall(m.group())]
        if len(runs) > 1 and any(run != part for run, part in zip(runs, parts(m.group()), strict=False)):
            clauses.append(Clause(quote(runs), (tuple(runs),)))
    return clauses


_CODE = re.compile(r"[_.][^\W_]|[a-z][A-Z]")  # a name as code writes it: `source_address`, `httpx.ReadTimeout`
# The last part of an exception's or a warning's name says what kind of name it is, not what it is about.
_KINDS = frozenset("error errors exception exceptions warning warnings".split())


def code_heads(text: str) -> dict[tuple[str, ...], tuple[str, str]]:
    """The names the text writes as code, each with the part that says what it is, its last past a kind (`_KINDS`):
    `httpx.ReadTimeout` -> timeout, `source_address` -> address, `httpx.ProxyError` -> proxy; and the FTS5 query of
    the name in each spelling the record may hold it (`clause`, `as_indexed`). A reader types the name of their own
    code or of another library's; where the record lacks it, that part is still the docs' word."""
    heads = {}
    for code in (m.group() for m in CHUNK.finditer(spell_sigils(text)) if _CODE.search(m.group())):
        named = parts(code)
        kept = [p for p in named if p.isalpha() and len(p) > 2 and p not in STOP_WORDS and p not in _KINDS]
        if len(named) > 1 and kept:
            runs = [run.lower() for run in _RUN.findall(code)]
            heads[tuple(named)] = (kept[-1], f"{clause(named).sql} OR {quote(runs)}")
    return heads


def words_of(clauses: Iterable[Clause]) -> set[str]:
    return {word for c in clauses for way in c.ways for word in way}


def addresses_of(text: str) -> tuple[list[Clause], str]:
    """A question's addresses as clauses of their own, less a scheme before a host, and the text without them (most
    questions hold none: the cheap test first)."""
    if ":" not in text and "/" not in text and not _DOTTED.search(text):
        return [], text
    found = [clause(w) for m in ADDRESS.finditer(text) for w in chunks(_SCHEME.sub("", m.group()))]
    return found[:MAX_WORDS], ADDRESS.sub(" ", text)


def matches(clause: Clause, counts: Mapping[str, int]) -> int:
    """How many sections a clause would score, at most: its likeliest way's rarest word's count."""
    return max(min(counts.get(w, 0) for w in way) for way in clause.ways)


_POSSESSIVES = frozenset("my your his her its our their".split())
# Words that open a noun phrase, never part of a name: "my proxy" is the reader's proxy, not a host `myproxy`.
_DETERMINERS = _POSSESSIVES | frozenset("a an the this that these those".split())


def owns(words: Sequence[Sequence[str]], at: int) -> bool:
    """Whether the question's word at `at` is the verb "own" ("what does she own?"), which says what it asks, unlike
    the stop word of "my own certificate"."""
    return list(words[at]) == ["own"] and (at == 0 or words[at - 1][-1] not in _POSSESSIVES)


def joins(words: Sequence[Sequence[str]]) -> list[Clause]:
    """Neighbouring words run together, where one of them says something ("out of memory" -> outofmemory), never
    from or to a determiner: "my proxy" asks for no `myproxy`, which a record's example address may hold."""
    found = []
    for start in range(len(words)):
        if words[start] in _OPENERS:
            continue
        for end in range(start + 2, min(start + JOIN_SPAN, len(words)) + 1):
            run = words[start:end]
            if run[-1] not in _OPENERS and any(len(w) > 1 or w[0] not in STOP_WORDS for w in run):
                found.append(clause(["".join("".join(w) for w in run)]))
    return found


_OPENERS = [[d] for d in _DETERMINERS]


_NEGATORS = (["not"], ["cannot"])  # "can't", "don't" are "not" by now (`uncontracted`)
_BETWEEN = frozenset("be been being get got yet ever".split())  # "not be published", "not yet released"


def negated(words: Sequence[Sequence[str]]) -> list[Clause]:
    """A word the question denies, as one word of the record would deny it: "could not answer" asks for
    "unanswered" too, "not published" "unpublished", "not valid" "invalid", "not blocking" "non-blocking" (English's
    negative prefixes; "im", "il", "ir" before the letters that take them). A reader writes the "not"; docs name the
    state ("left unanswered", `draft pages are unpublished`). A form the record lacks matches nothing and is dropped
    by `within_rows`."""
    found = []
    for at, word in enumerate(words):
        if word not in _NEGATORS:
            continue
        rest = [w for w in words[at + 1:at + 4] if not (len(w) == 1 and w[0] in _BETWEEN)]
        after = rest[0] if rest else []
        if len(after) != 1 or not after[0].isalpha() or after[0] in STOP_WORDS or after[0] in FRAMING:
            continue  # "I don't want", "don't know" frame the question: no "unwanted", "unknown"
        denied = after[0]
        found += [clause(["un" + denied]), clause(["non", denied])]
        found += [clause([_IN.get(denied[0], "in") + denied])] if len(denied) >= IN_MIN else []
    return found


_IN = {"b": "im", "m": "im", "p": "im", "l": "il", "r": "ir"}
IN_MIN = 5  # letters: "not valid" is "invalid", but "not form" is no "inform", "not port" no "import"


def narrower(term: str, name: str, text: str) -> bool:
    """Whether a lexicon name holds its term and more, and the text writes the term and not the name: a version ("HTTP"
    -> "HTTP/1.1"), an implementation or a kind ("Python" -> "CPython", "TLS" -> "mutual TLS"), which the question did
    not ask for. A docs site names it rarely (HTTPX's logs write `http11.send_request_headers`; uv's CPython builds), so
    asked as a word of the question it ranked those sections first. Not a plural ("WebSockets"), nor any name of a text
    that names the thing by another alias ("3DS": "3-D Secure 2" is as near as "3-D Secure")."""
    whole, named, said = ("".join(p for w in chunks(n) for p in w) for n in (term, name, text))
    return stem(named) != stem(whole) and whole in named and whole in said and named not in said


def alias_clauses(terms: Iterable[str], aliases: Mapping[str, Sequence[str]],
                  text: str) -> tuple[list[Clause], list[Clause]]:
    """A technology the text names (`terms`) by any of its names brings all of them: "k8s" finds "Kubernetes"; and
    those of them that say what it asks, its topic: not one narrower than what it wrote (`narrower`)."""
    clauses, said = [], []
    for term in sorted(terms):
        for name in aliases.get(term, [term]):
            named = name_clause(name)
            if named:
                clauses.append(named)
            if named and not narrower(term, name, text):
                said.append(named)
    return clauses, said


def name_clause(name: str) -> Clause | None:
    """A lexicon name as one clause, every word of it required: "apache" AND "kafka"."""
    found = [clause(p) for p in chunks(name)]
    if len(found) <= 1:
        return found[0] if found else None
    every = tuple(word for clause in found for word in clause.ways[0])
    return Clause("(" + " AND ".join(c.sql for c in found) + ")", (every,))


def within_rows(clauses: Iterable[Clause], counts: Mapping[str, int], twice: Collection[str] = (),
                most: int | None = None) -> list[str]:
    """The clauses' FTS5 text from the rarest, while the sections they would score stay within QUERY_ROWS, each past the
    rarest scoring at most MAX_ROWS; a clause of `twice` is asked again where the rows allow (BM25 adds each asking: it
    counts double). The rarest goes in whatever it costs, unless it would score more than `most` sections."""
    unique = {c.sql: c for c in clauses}.values()
    scored = sorted((matches(c, counts), c.sql) for c in unique)
    scored = sorted(scored + [(n, sql) for n, sql in scored if sql in twice])
    kept: list[str] = []
    rows = 0
    for n, sql in scored:
        if n == 0 or (kept and (n > MAX_ROWS or rows + n > QUERY_ROWS)) or (most is not None and n > most):
            continue
        kept.append(sql)
        rows += n
    return kept


_CONTRACTED = frozenset("t re ll ve d m".split())


def uncontracted(word: Sequence[str]) -> Sequence[str]:
    """A contraction as the stop word it is: "can't", "didn't" -> not, "they're" -> they, where the tokenizer's parts
    ("didn", "t") would be asked as a compound, counted double as what the question names."""
    if len(word) != 2 or word[1] not in _CONTRACTED or not word[0].isalpha():
        return word
    if word[1] == "t" and (word[0] in STOP_WORDS or word[0].endswith("n")):
        return ["not"]
    return [word[0]] if word[0] in STOP_WORDS else word
