"""What in a visitor's question counts less or more than its words in BM25: what only frames it ("tell me", "how
often", "my question", a number's clause), the site's own name (every page is about it), and its topic (a technology,
a name of parts, the reader's own thing: asked twice, it counts double). `record_queries` asks them so.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping, Sequence

from .clauses import FRAMING, JOIN_SPAN, Clause, clause, matches
from .words import STOP_WORDS, chunks

# The words after "how" that ask for a figure: how long, how often, how big. Any other word after "how" is what the
# question asks about ("how Starlette routes requests", "how sessions are stored", "how secure is the cookie").
MEASURES = frozenset(
    """
    long often big large small many much far fast quickly slow slowly soon early late old frequently high low heavy
    wide deep tall
    """.split()
)


def measures(words: Sequence[Sequence[str]]) -> list[Clause]:
    """The word after "how" that asks for a figure (`MEASURES`: "how long", "how often", "how big", "how quickly"): it
    says what kind of answer the question wants, which the record gives as a number ("every nine days"), so it frames
    the question as `FRAMING`'s words do. "how do", "how to", "how many" are stop words, and ask nothing here."""
    return [clause(after) for how, after in zip(words, words[1:], strict=False)
            if how == ["how"] and len(after) == 1 and after[0] in MEASURES and after[0] not in STOP_WORDS]


# Nouns of the asking itself: "my question is...", "our problem:" say that a question follows, not what it is about.
ASKING = frozenset("question questions problem problems issue issues doubt query concern".split())


def possessed(words: Sequence[Sequence[str]]) -> list[Clause]:
    """The word a reader says is theirs ("my proxy", "our tests", "my .env file"): the thing the question is about,
    which a rarer verb beside it ("runs", "breaks") would outrank in BM25. Not a noun of the asking (`ASKING`)."""
    return [clause(after) for mine, after in zip(words, words[1:], strict=False)
            if mine in (["my"], ["our"]) and not (len(after) == 1 and (after[0] in STOP_WORDS or after[0] in ASKING))]


def asking(words: Sequence[Sequence[str]]) -> list[Clause]:
    """A noun of the asking after "my" or "our" ("my question is...", `ASKING`): it frames the question as `FRAMING`'s
    words do, so it is asked apart with them."""
    return [clause(after) for mine, after in zip(words, words[1:], strict=False)
            if mine in (["my"], ["our"]) and len(after) == 1 and after[0] in ASKING]


def framed(words: Sequence[Sequence[str]]) -> list[Clause]:
    """The clauses that frame the question by where its words stand: "how often" (`measures`), "my question" (`asking`)."""
    return measures(words) + asking(words)


def apart(words: Sequence[Sequence[str]], aliases: Iterable[Clause], said: Iterable[Clause]) -> set[str]:
    """The clauses asked apart, at a quarter, by where they stand ("how often", "my question": `framed`) or by what
    they name: a lexicon name narrower than the question's term (`aliases` not `said`: `alias_clauses`)."""
    return {c.sql for c in framed(words)} | {c.sql for c in aliases} - {c.sql for c in said}


def framing(clause: Clause) -> bool:
    """Whether a clause asks for one word that only frames the question (`FRAMING`)."""
    return all(len(way) == 1 and way[0] in FRAMING for way in clause.ways)


def digits(clause: Clause) -> bool:
    """Whether a clause asks only for numbers: `8000`, `127.0.0.1`, `3.2.1`."""
    return all(word.isdigit() for way in clause.ways for word in way)



_SEGMENT = re.compile(r"\s+[·|—–:-]\s+|:\s+")  # "Mara Lindqvist · Payments and backend engineering": the name first


def site_forms(site_name: str) -> frozenset[str]:
    """The ways a reader writes the site's own name, as one run of letters: "MkDocs" -> mkdocs, "Django REST framework"
    -> djangorestframework and its initials "drf" (of three words or more: two letters say too little)."""
    named = chunks(_SEGMENT.split(site_name.strip(), maxsplit=1)[0])
    joined = "".join(p for w in named for p in w)
    initials = "".join(w[0][0] for w in named) if len(named) >= 3 else ""
    return frozenset(f for f in (joined, initials) if len(f) >= 2)


def site_named(words: Sequence[Sequence[str]], clauses: Iterable[Clause], forms: Collection[str]) -> set[str]:
    """The clauses that name the site itself ("how does DRF decide...", "MkDocs's search"): every page is about it,
    so it says nothing of which page answers; a record that names it rarely (a docs site's third-party packages,
    `drf-nested-routers`) would have BM25 rank those first. A clause whose every way is the name, and each word of a
    run of the question's words that spells it ("Django REST framework")."""
    if not forms:
        return set()
    named = {c.sql for c in clauses if all("".join(way) in forms for way in c.ways)}
    for start in range(len(words)):
        run = ""
        for end in range(start, min(start + JOIN_SPAN, len(words))):
            run += "".join(words[end])
            if run in forms and end > start:
                named |= {clause(w).sql for w in words[start:end + 1]}
    return named


RARE_NAME = 2  # sections: a technology the record names in no more is BM25's heaviest word already, not asked twice


def topic(words: Sequence[Sequence[str]], asked: Sequence[Sequence[str]], aliases: Sequence[Clause],
          counts: Mapping[str, int]) -> set[str]:
    """What the question is about, where it names it: a technology, a name written as one word of parts (`TestClient`,
    `follow_redirects`, "long-polling"), the reader's own thing ("my proxy"). Asked twice, it counts double in BM25, so
    that a rarer ordinary word ("production", "runs") does not outrank it; not a technology the record rarely names
    (`RARE_NAME`), which BM25 weighs heaviest of all already."""
    named = {c.sql for c in aliases if matches(c, counts) > RARE_NAME} | {c.sql for c in possessed(words)}
    return named | {clause(w).sql for w in asked if len(w) > 1}
