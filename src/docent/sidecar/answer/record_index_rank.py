"""What raises a section after BM25 has ranked the record for a question (`RecordIndex.search`): its family, where the
best section's page or h2 holds the rest of the answer, and its title, where the question says several of its words.

Each takes the question's scores (rowid -> score, the best 1) and gives them raised; the index keeps what they read:
each section's path (its page and the h2 it sits under) and its families' rowids, and each title's words, stemmed.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence, Set
from functools import lru_cache

from .words import STOP_WORDS, chunks, stem

# The best section's family (its h2's sections, its page's) is raised by these shares of its score, where the family
# has at most FAMILY_MAX sections: a large page (an API reference, a changelog) is about many things.
FAMILY_WEIGHT = 0.15
PAGE_WEIGHT = 0.1
FAMILY_MAX = 12
TITLE_SAID = 0.1  # a section's gain (of the best's 1) when the question says every word of its title
TITLED_MAX = 256  # titles a word may be in and still bring the sections whose titles the question says (`titled`)


def with_family(scores: dict[int, float], paths: Sequence[tuple[str, ...]],
                families: Mapping[tuple[str, ...], Sequence[int]]) -> dict[int, float]:
    """Scores with the best section's family raised: the sections under its h2 by `FAMILY_WEIGHT`, its page's by
    `PAGE_WEIGHT`, each times the best score, where the family is no larger than `FAMILY_MAX`. The part of a page
    that best answers a question holds the rest of the answer ("why not RabbitMQ?" finds a decision record's
    context; its consequences say no word of the question), and a small page is about one thing. A small page's
    opening section (under no h2) introduces each h2: it is raised with the page, once, by FAMILY_WEIGHT."""
    if not scores:
        return scores
    best = max(scores, key=lambda rowid: (scores[rowid], -rowid))
    path = paths[best - 1]
    out = dict(scores)
    chosen = [(path, FAMILY_WEIGHT)] + ([(path[:1], PAGE_WEIGHT)] if len(path) > 1 else [])
    for family, weight in chosen:
        rows = families[family]
        if len(rows) <= FAMILY_MAX:
            for rowid in rows:
                share = FAMILY_WEIGHT if paths[rowid - 1] == path[:1] else weight
                out[rowid] = out.get(rowid, 0.0) + share * scores[best]
    return out


def titled(asked: Set[str], by_word: Mapping[str, Sequence[int]], titles: Sequence[Set[str]]) -> set[int]:
    """The sections whose title the question says whole, every word of two or more (`asked`, stemmed, against `titles`,
    found through `by_word`: rowids by a title's word), for BM25's rows: a raise reads only the rows BM25 gives, and a
    long question's many words put a section it names by its title past them (Traefik's "What does the \"field not
    found\" error mean?" for a question that pastes the error and asks "What does this error mean?": 4th found from
    360 rows, not found from 48). A title word in more than `TITLED_MAX` titles ("Configuration", "Options") brings
    none: a title of such words alone says little of which section a question asks for."""
    found = {rowid for word in asked for rowid in by_word.get(word, ()) if len(by_word[word]) <= TITLED_MAX}
    return {rowid for rowid in found if len(titles[rowid - 1]) >= 2 and titles[rowid - 1] <= asked}


def with_title_said(scores: dict[int, float], titles: Sequence[Set[str]], asked: Set[str]) -> dict[int, float]:
    """Scores raised by `TITLE_SAID` times the share of a section's title the question says, where it says two of its
    words or more: a title names its section's topic in a few words, and a question that says several of them asks for
    it ("keep a package and its dependencies out of the lock file" and "Exclude specific packages and their
    dependencies from the lock file"), which BM25 misses, counting each word apart and weighing the longer section's
    repeats. One word said is BM25's title weight's to judge."""
    said = {rowid: len(titles[rowid - 1] & asked) for rowid in scores}
    return {rowid: score + (TITLE_SAID * said[rowid] / len(titles[rowid - 1]) if said[rowid] >= 2 else 0.0)
            for rowid, score in scores.items()}


TITLE_NAMED = 0.4  # the share of its way to the best's 1 a section gains when the question names its title whole
NAMED_SPAN = 6  # a title's words, at most, that a question names whole


_stem = lru_cache(maxsize=65_536)(stem)  # a record's titles and its questions say the same words again and again


def title_key(title: str) -> str:
    """A title of two words or more, stop words left out, as one run of its words' stems ("HiddenField" -> hidfield,
    "Optional fields" -> optionalfield); "" for a title of one such word ("The bank"), which BM25's title weight
    judges."""
    words = [p for chunk in chunks(title) for p in chunk if p not in STOP_WORDS]
    return "".join(_stem(w) for w in words) if 2 <= len(words) <= NAMED_SPAN else ""


_CALL = re.compile(r"(?<![\w.])[.@]?(?:[A-Za-z_]\w*\.)*([A-Za-z_]\w*)\(")  # `.create()`, `request.url_for(`


def calls(text: str) -> set[str]:
    """The names a text writes as code called ("the `.create()` method", `request.url_for()`), "()" before each: one
    word ("create") said as code names the API, where said as prose it names nothing."""
    return {f"(){name.lower()}" for name in _CALL.findall(text)}


@lru_cache(maxsize=65_536)  # a large site's titles repeat: "Usage", "Configuration"
def title_keys(title: str) -> tuple[str, ...]:
    """The ways a question names a title whole: its `title_key`, and each name it writes as code called (`calls`)."""
    key = title_key(title)
    return (key, *calls(title)) if key else tuple(calls(title))


def named_runs(text: str) -> set[str]:
    """Every run of the text's neighbouring words (stop words left out), two to `NAMED_SPAN`, as `title_key` spells a
    title, and the names it writes as code called (`calls`)."""
    words = [_stem(p) for chunk in chunks(text) for p in chunk if p not in STOP_WORDS]
    runs = {"".join(words[i:j]) for i in range(len(words)) for j in range(i + 2, min(i + NAMED_SPAN, len(words)) + 1)}
    return runs | calls(text) if "(" in text else runs


def with_title_named(scores: dict[int, float], named: Set[int]) -> dict[int, float]:
    """Scores raised where the question names a section's title whole, its words in their order (`named`, by
    `title_keys` and `named_runs`): an API reference's section is titled by what it documents (`HiddenField`,
    `UniqueTogetherValidator`), and a reader who names it ("serializers.HiddenField(default=...)", "the unique together
    validator") asks about it, however many other words the question says; BM25 reads `HiddenField` as one rare word
    among the question's many. The raise is `TITLE_NAMED` of the way to the best's 1, so a section BM25 already ranks
    first keeps its score (and its margin over the rest, which the embedded model reads: "show me the retry storm"
    still shows the storm's reading as well as the lab's summary)."""
    return {rowid: score + TITLE_NAMED * max(0.0, 1.0 - score) if rowid in named else score
            for rowid, score in scores.items()}


def with_titles(scores: dict[int, float], raised: dict[int, float], titles: Sequence[Set[str]], asked: Set[str],
                named: Set[int]) -> tuple[dict[int, float], dict[int, float]]:
    """`with_title_said` and `with_title_named` on `scores` and on `raised` (the same sections' scores with the family
    raise), the title said worked out once for both: each section's share is the same."""
    said = {rowid: len(titles[rowid - 1] & asked) for rowid in raised.keys() | scores.keys()}
    shares = {rowid: TITLE_SAID * n / len(titles[rowid - 1]) if n >= 2 else 0.0 for rowid, n in said.items()}
    alone = with_title_named({rowid: score + shares[rowid] for rowid, score in scores.items()}, named)
    return alone, with_title_named({rowid: score + shares[rowid] for rowid, score in raised.items()}, named)
