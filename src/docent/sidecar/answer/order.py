"""The order rule: two events or steps told in the opposite order to the cited section's own.

A sentence that orders two things ("X before Y", "X after Y", "After X, Y", "Once X, Y", "X, after which Y", "X once Y", "first X, then Y", "X and later Y", "X first and Y
second", "X came first, and Y followed", "X, and Y afterwards", "X first ..., and Y then ...", "from X to Y", "X; the second Y") is cut at its marker;
two sides after one frame ("reads a value from X first, then from Y") are what follows the preposition both open with. Each side's words of substance nearest the
marker (two at most, and not the words both sides share) find the unit of the cited sections they are about.
- Both in one unit: the order of their words there is the section's order ("I joined as a senior backend
  engineer ... and became the lead"), read backwards across the unit's own "after" or "once" ("L after R",
  "will run only once the response has been sent"), unless a "before" past it opens the later side's clause; a
  "when" between them whose clause reaches the later side ties them in time, and the unit orders nothing.
- In two units of one section: the order of the units (the steps of a list, the sentences of a story), or of the
  dates they state where both state one (a list newest first).
- In two sections: the first date each section states ("From 2013 to 2016", "March 2018"), when both have one.
The sentence is held when the section's order is the opposite of the one it tells.
Also a list of numbers ("1 %, 10 %, 50 %, then everyone") must keep the order of the same numbers in one unit,
and "the first/last N" must be about the first/last unit that names N ("the first wave" is wave 1's row): `order_numbers`.
A side that fits several units equally is ordered when all of them stand on one side of the other's (`order_ties`);
named steps, runs of words a list item or a line of code writes, are read beside this rule (`order_lines`).
What it cannot do: see an order the section gives only in words ("preceded", "earlier") or by dates it does not
state, or order units a side ties between that straddle the other's; then it lets the sentence through.
"""

from __future__ import annotations

import re
from collections.abc import Sequence, Set

from .order_numbers import numbers_reordered, ordinal_wrong
from .order_pairs import OPENS, pairs
from .order_ties import by_ties, drifts
from .passage import Passage, Token, Unit, best_of, content, first_date, unit_at

_SIDE = 2
# wakes is false without one of these words: the gate asks it only then (rules/construction.py)
CUES = frozenset(("then", "later", "afterwards", "before", "after", "first", "second", "from", "last", "preceding",
                  "preceded", "ahead", "once"))  # words of each side nearest the marker
WAKES_ON_CUES = True  # `wakes` is true wherever the sentence holds a cue: the gate's test of its words decides it


def wakes(words: Set[str], stems: Set[str], sections: Sequence[Passage]) -> bool:
    return bool(words & CUES)


def held(said: Unit, sections: Sequence[Passage]) -> bool:
    if not sections:
        return False
    text = said.text
    for first, second in pairs(text):
        verdict = _compare(said, first, second, sections)
        if verdict is False:
            return True
    return numbers_reordered(said, sections) or ordinal_wrong(said, sections)


def side(said: Unit, span: tuple[int, int], toward_end: bool) -> list[Token]:
    """A side's words, nearest the marker first, up to its clause's end ("before it acts, so that ...") or a condition
    of its own ("then test only if lint succeeded")."""
    tokens = [t for t in said.tokens if span[0] <= t.start < span[1]]
    if toward_end:
        tokens.reverse()
    for i in range(1, len(tokens)):
        lo, hi = sorted((tokens[i - 1].start, tokens[i].start))
        if _BREAK.search(said.text, lo + 1, hi) or tokens[i].word in _CONDITION:
            return tokens[:i]
    return tokens


_BREAK = re.compile(r"[,;:()]|\bso\b")
_PREPOSITIONS = frozenset(("from", "in", "into", "on", "at", "to", "through", "via", "with", "by", "over"))


def _parallel(said: Unit, earlier: tuple[int, int], later: tuple[int, int]) -> tuple[int, int]:
    """The earlier side from its last use of the preposition the later side opens with: "reads a value from the .env
    file first, then from an environment variable" orders the two places; "reads a value" is both sides' frame."""
    opening = next((t.word for t in said.tokens if later[0] <= t.start < later[1]), "")
    if opening not in _PREPOSITIONS:
        return earlier
    at = [t.start for t in said.tokens if earlier[0] <= t.start < earlier[1] and t.word == opening]
    return (at[-1], earlier[1]) if at else earlier


_CONDITION = frozenset(("if", "unless", "once"))  # "then test only if lint succeeded": the side is "test", not "lint"


def _compare(said: Unit, first: tuple[int, int], second: tuple[int, int], sections: Sequence[Passage]) -> bool | None:
    """True: the sections agree; False: they tell the opposite order; None: cannot tell."""
    if first[0] < second[0]:
        first = _parallel(said, first, second)
    else:
        second = _parallel(said, second, first)
    a_tokens = side(said, first, toward_end=first[0] < second[0])
    b_tokens = side(said, second, toward_end=second[0] < first[0])
    a_all, b_all = set(content(a_tokens)), set(content(b_tokens))
    a_near = [s for s in content(a_tokens) if s not in b_all and _known(s, sections)]
    b_near = [s for s in content(b_tokens) if s not in a_all and _known(s, sections)]
    if _placeless(said, a_near) or _placeless(said, b_near):
        return None
    fa, fb, apart = _fits(sections, a_near, b_near)
    if fa is None or fb is None:
        titled = _by_titles(sections, a_all, b_all, said)
        return titled if titled is not None else by_ties(sections, fa, fb, a_near, b_near)
    (sa, ua, _), (sb, ub, _) = fa, fb
    if apart or drifts(sections, fa, a_near) or drifts(sections, fb, b_near):
        return None
    if sa != sb:
        return _by_date(sections[sa], sections[sb], said)
    if ua != ub:
        return None if ua < 0 or ub < 0 else _by_units(sections[sa].units[ua], sections[sb].units[ub], ua < ub)
    return _in_one(sections[sa], ua, a_near, b_near, a_tokens, b_tokens)


def _in_one(passage: Passage, ua: int, a_near: list[str], b_near: list[str], a_tokens: list[Token],
            b_tokens: list[Token]) -> bool | None:
    """Both sides in one unit of `passage`: ordered there, unless the unit holds a side by one word alone (`_thin`)."""
    u = unit_at(passage, ua)
    if _thin(passage, u, a_near) or _thin(passage, u, b_near):
        return None
    return _in_unit(u, a_near, b_near, _numbers(a_tokens, u), _numbers(b_tokens, u))


def _placeless(said: Unit, near: list[str]) -> bool:
    """The side has no word to place it by, or only the site's own name, the subject of half its sentences:
    "Commitizen checks `.cz.toml` first, then ..." (its code blanked from the prose) orders nothing of Commitizen's."""
    owner = {t.stem for t in said.tokens if t.word in said.owner}
    return not near or bool(owner) and owner.issuperset(near)


Fit = tuple[int, int, float]


def _fits(sections: Sequence[Passage], a_near: list[str], b_near: list[str]) -> tuple[Fit | None, Fit | None, bool]:
    """The unit each side is about, and whether one unit holding both has one side also in another cited section
    ("added in 0.36.0 and later reverted in 0.38.1" citing the release that added it and the one whose 'Revert "Add
    support for ..."' names it): then that unit orders nothing."""
    fa, a = _fit(sections, a_near)
    fb, b = _fit(sections, b_near)
    if fa is None and fb is not None:
        fa = _beside(sections, fb, a)
    elif fb is None and fa is not None:
        fb = _beside(sections, fa, b)
    if fa is None or fb is None or fa[0] != fb[0] or len(sections) < 2:
        return fa, fb, False
    return fa, fb, _elsewhere(sections, fa[0], a) or _elsewhere(sections, fb[0], b)


def _by_titles(sections: Sequence[Passage], a: set[str], b: set[str], said: Unit) -> bool | None:
    """Sides that no unit tells apart, each named by one cited section's title alone ("the outbox decision ...
    before the Kafka decision"): ordered by those sections' dates."""
    if len(sections) < 2:
        return None
    sa, sb = _titled(sections, a - b), _titled(sections, b - a)
    if sa is None or sb is None or sa == sb:
        return None
    return _by_date(sections[sa], sections[sb], said)


def _titled(sections: Sequence[Passage], words: set[str]) -> int | None:
    """The one section whose title holds some of the words and no other's does."""
    found = [i for i, p in enumerate(sections) if words & p.title.stems]
    return found[0] if len(found) == 1 else None


def _by_date(a: Passage, b: Passage, said: Unit) -> bool | None:
    """Two sides in two sections: the first date each states orders them, unless the sentence gives dates."""
    if a.when is None or b.when is None or a.when == b.when or _dated(said):
        return None
    return a.when < b.when


def _by_units(a: Unit, b: Unit, placed: bool) -> bool:
    """Two units of one section: the dates they state order them where both state one, as a list newest first does
    ("2016 – 2021: Tessellate" above "2013 – 2016: Consultancies"); else their places, as the steps of a list."""
    da, db = first_date(a.text), first_date(b.text)
    return da < db if da is not None and db is not None and da != db else placed


def _in_unit(u: Unit, a_near: list[str], b_near: list[str], na: list[str], nb: list[str]) -> bool | None:
    """Two sides in one unit: the word of each nearest the marker places it ("first used Debezium, then polling"),
    or its figure where both sides have one ("back at 3 s after crashing at 8 s")."""
    pa, pb = (_position(u, na), _position(u, nb)) if na and nb else (_position(u, _placed(u, a_near)), _position(u, _placed(u, b_near)))
    if pa is None or pb is None or pa == pb or _when_between(u, pa, pb):
        return None
    return (pa < pb) != _after_between(u, pa, pb)


def _thin(passage: Passage, u: Unit, near: list[str]) -> bool:
    """The unit holds one of the side's three words nearest the marker, and another unit of the section two or more:
    "the project source is copied in" meets "manage your project" in the lead, while "# Copy the project into the
    image" tells that step. The side is not that unit's, and the unit orders nothing."""
    words = near[:3]
    return sum(s in u.stems for s in words) < 2 <= max(sum(s in v.stems for s in words) for v in passage.units)


def _when_between(u: Unit, pa: float, pb: float) -> bool:
    """A "when" between the sides ties them in time ("happens only when you start iterating"): nothing ordered. Only
    one whose clause reaches the later side: "The migrations run when you deploy, before the new pods receive traffic"
    orders the two (a comma, "before", "after" or "then" between the "when" and that side ends its clause)."""
    lo, hi = sorted((pa, pb))
    tokens = u.tokens
    later = tokens[int(hi)].start
    return any(
        t.word in ("when", "whenever") and "," not in u.text[t.start : later]
        and all(v.word not in _WHEN_ENDS for v in tokens[i + 1 : int(hi)])
        for i, t in enumerate(tokens[: int(hi)]) if i > lo)


_WHEN_ENDS = frozenset(("before", "after", "then"))


def _fit(sections: Sequence[Passage], near: list[str]) -> tuple[tuple[int, int, float] | None, list[str]]:
    """The unit a side is about, from its words nearest the marker: two, or more while units tie."""
    for n in range(min(_SIDE, len(near)), min(len(near), 4) + 1):
        fit = best_of(sections, near[:n], title=True)
        if fit is not None:
            return fit, near[:n]
    return None, near[:_SIDE]


def _placed(u: Unit, near: list[str]) -> list[str]:
    return [s for s in near if s in u.stems][:1]


def _beside(sections: Sequence[Passage], fit: tuple[int, int, float], stems: list[str]) -> tuple[int, int, float] | None:
    """A side that fits several units equally is about the other side's unit when that unit is one of them: it holds
    as many of the side's words as any unit does. One word found there of two that another unit holds both of ("file"
    of "the .po files into .mo files" in "the locale setting in the mkdocs.yml file") places nothing."""
    s, i, _ = fit
    if i < 0:
        return None
    held = sum(stem in sections[s].units[i].stems for stem in stems)
    most = max(sum(stem in u.stems for stem in stems) for p in sections for u in p.units)
    return fit if held and held == most else None


def _elsewhere(sections: Sequence[Passage], s: int, stems: list[str]) -> bool:
    """A unit of another cited section than `s` holds all of a side's words."""
    return any(all(stem in u.stems for stem in stems) for j, p in enumerate(sections) if j != s for u in p.units)


def _numbers(tokens: list[Token], u: Unit) -> list[str]:
    return [t.word for t in tokens if t.word[0].isdigit() and t.stem in u.stems][:1]


def _known(stem: str, sections: Sequence[Passage]) -> bool:
    return any(stem in p.stems or stem in p.title.stems for p in sections)


def _position(u: Unit, stems: list[str]) -> float | None:
    found = [i for i in (u.first(s) for s in stems) if i is not None]
    return sum(found) / len(found) if found else None


def _after_between(u: Unit, pa: float, pb: float) -> bool:
    """The unit says "L after R", "L once R", "L if R" (a condition comes before what it brings) or "not L until R"
    between the two positions, or opens "Before R, L": its words then run against the order of events ("will not
    start serving requests until the lifespan has run": the lifespan runs first)."""
    lo, hi = sorted((pa, pb))
    words = u.tokens
    if words and words[0].word == "before" and _opening_ends(u, words[int(lo)].start, words[int(hi)].start):
        return True  # "Before running the view, each permission is checked": the clause after the comma comes first
    for i, t in enumerate(words):
        if t.word in _THEN_CLAUSE and (not _opens_clause(u, t.start, lo, i) or i and words[i - 1].word == "and"):
            continue  # "first check the key, and if not set will check the header": it conditions what follows it
        if t.word in _AFTER_OR_THEN and lo < i < hi and i > 0 and not _before_later(words, i, hi):
            following = words[i + 1].word if i + 1 < len(words) else ""
            if following not in ("that", "this", "which") and words[i - 1].word != "one":  # "one after another"
                return True
        if t.word in ("until", "till") and lo < i < hi and any(_denies(w.word) for w in words[max(0, int(lo) - 3) : i]):
            return True
    return False


def _before_later(words: Sequence[Token], i: int, hi: float) -> bool:
    """A "before" after the "after" at `i` and before the later side opens that side's clause: "Called after a request
    is fully prepared, but before it is sent": the call comes before the sending."""
    return any(w.word == "before" for w in words[i + 1 : int(hi)])


def _opening_ends(u: Unit, lo: int, hi: int) -> bool:
    """The unit's opening clause ends between two offsets: at its first comma, or, with none, somewhere between
    ("Before running the view each permission is checked")."""
    comma = u.text.find(",")
    return comma < 0 or lo < comma < hi


_ONCE = re.compile(r"once\s+" + OPENS, re.I)
_THEN_CLAUSE = frozenset(("once", "if"))
_AFTER_OR_THEN = _THEN_CLAUSE | {"after"}
_CLAUSE_MARK = re.compile(r"[;:()]|,(?!\s+(?:and|or|but)\b)")  # ", and will run" goes on with the same subject


def _opens_clause(u: Unit, start: int, lo: float, i: int) -> bool:
    """ "once" or "if" opens the clause of what comes first, right after the clause it conditions: "a task should be
    attached, and will run only once the response has been sent", not "the Request, which is only generated once the
    view is called" read from a word before its comma, nor "once a day"."""
    if u.tokens[i].word == "once" and not _ONCE.match(u.text, start):
        return False
    first = u.tokens[max(0, min(i, int(lo)))].start
    return _CLAUSE_MARK.search(u.text, first, start) is None


def _denies(word: str) -> bool:
    return word in ("not", "never", "cannot", "no") or word.endswith(("n't", "n’t"))


def _dated(said: Unit) -> bool:
    return any(len(t.word) == 4 and t.word.isdigit() and t.word[:2] in ("19", "20") for t in said.tokens)
