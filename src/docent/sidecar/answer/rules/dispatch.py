"""The gate's dispatch: which rules' checks a sentence is asked, in order (`checks`, `first`).

A table of rules (`rules.RULES`) is made once into the checks for sentences citing nothing and those citing a section;
a run of rules with cues (`Rule.cues`, `Rule.section_cues`) is made one check that meets the sentence's words with all
the run's cues at once, the cues a set of cited sections gives worked out once per bundle (`Mentions.cues`). A module
of its own, beside the table, so that a compiled build (`native.py`) compiles it: it runs for every sentence.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..mentions import Mentions
from ..passage import Passage
from .types import MARKS, SHOW, Hold, Reading, Rule, SectionCues, Show, Verdict

Check = Callable[[Reading], Verdict]


def checks(rules: Sequence[Rule]) -> tuple[tuple[Check, ...], tuple[Check, ...]]:
    """The checks of the rules that read a sentence citing nothing, and of those that read a cited one, in order:
    made once per table (a gate asks for them per answer), so that a sentence is judged without asking each rule
    whether it reads it. A table is known by identity: hashing its rules would cost as much as making it."""
    made = _MADE.get(id(rules))
    if made is not None and made[0] is rules:
        return made[1]
    table = (
        _gated([r for r in rules if r.cited is None or not r.cited]),
        _gated([r for r in rules if r.cited is None or r.cited]),
    )
    if isinstance(rules, tuple) and len(_MADE) < _TABLES:  # the table is kept with them, so its id stays theirs
        _MADE[id(rules)] = (rules, table)
    return table


_TABLES = 16
_MADE: dict[int, tuple[Sequence[Rule], tuple[tuple[Check, ...], tuple[Check, ...]]]] = {}


def _gated(rules: list[Rule]) -> tuple[Check, ...]:
    """The rules' checks, each run of rules with cues (`Rule.cues`, `Rule.section_cues`) made one: the sentence's
    words are met with all the run's cues at once, and only the rules whose cues it holds are asked, in their order."""
    out: list[Check] = []
    run: list[Rule] = []
    for r in [*rules, None]:
        if r is not None and (r.cues is not None or r.section_cues is not None):
            run.append(r)
            continue
        if run:
            out.append(_by_sections(tuple(run)) if any(r.section_cues for r in run) else _cued(tuple(run)))
            run = []
        if r is not None:
            out.append(r.check)
    return tuple(out)


def _cued(rules: tuple[Rule, ...]) -> Check:
    every = frozenset().union(*(r.cues or () for r in rules))
    asked = tuple((r.cues or frozenset(), r.check) for r in rules)
    marked = not MARKS.isdisjoint(every)  # some rule is woken by a mark of the cue scan too

    def check(reading: Reading) -> Verdict:
        words = _marked(reading, reading.first_words) if marked else reading.first_words
        if every.isdisjoint(words):
            return None
        for cues, ask in asked:
            if not cues.isdisjoint(words):
                verdict = ask(reading)
                if verdict is not None:
                    return verdict
        return None

    return check


def _marked(reading: Reading, words: set[str]) -> set[str]:
    """The sentence's words with its cue scan's marks (`Reading.marks`), for a run of rules some of which a mark wakes."""
    marks = reading.marks
    return words | marks if marks else words


# For one set of cited sections: whether some rule is asked whatever the sentence says, every rule's words and stems
# together, and each rule's (always, words, stems, check).
_Asked = tuple[bool, frozenset[str], frozenset[str], Check]
_Cues = tuple[bool, frozenset[str], frozenset[str], tuple[_Asked, ...]]
# Sets of cited sections whose cues a bundle keeps for each run (about 10 kB a set of several sections).
SETS_KEPT = 1024


def _by_sections(rules: tuple[Rule, ...]) -> Check:
    """A run of rules some of which take cues from the cited sections (`Rule.section_cues`): each set of cited
    sections' cues worked out once per bundle (`Mentions.cues`), then met with the sentence's words and stems."""
    key = object()  # this run's entries among the bundle's
    static = _NONE.union(*(r.cues for r in rules if r.cues))
    marked = not MARKS.isdisjoint(static)  # some rule is woken by a mark of the cue scan too
    # A rule without section cues is asked the same way whatever the sentence cites: one entry for every set.
    fixed: list[_Asked | None] = [None if r.section_cues else (False, r.cues or _NONE, _NONE, r.check) for r in rules]

    def check(reading: Reading) -> Verdict:
        ids = reading.ids
        made: _Cues
        try:
            made = reading.grounds.mentions.cues[key][ids]
        except KeyError:
            made = _made(rules, fixed, static, reading, key)
        always, words, stems, asked = made
        first = _marked(reading, reading.cue_words) if marked else reading.cue_words
        if not always and words.isdisjoint(first) and (not stems or stems.isdisjoint(reading.said)):
            return None
        for woken, its_words, its_stems, ask in asked:
            if woken or not its_words.isdisjoint(first) or its_stems and not its_stems.isdisjoint(reading.said):
                verdict = ask(reading)
                if verdict is not None:
                    return verdict
        return None

    return check


def _made(
    rules: tuple[Rule, ...], fixed: list[_Asked | None], static: frozenset[str], reading: Reading, key: object
) -> _Cues:
    """The cues of a run of rules for the sentence's set of cited sections (`static`: the run's own words)."""
    mentions, ids = reading.grounds.mentions, reading.ids
    asked: list[_Asked] = []
    words: list[frozenset[str]] = []  # what the sections give, besides the rules' own words
    stems: list[frozenset[str]] = []
    for r, same in zip(rules, fixed, strict=True):
        if same is not None or r.section_cues is None:
            asked.append(same or (False, r.cues or _NONE, _NONE, r.check))
            continue
        found = [cues_of(mentions, r.section_cues, sid) for sid in ids]
        if None in found:
            asked.append((True, r.cues or _NONE, _NONE, r.check))
            continue
        theirs = [c[0] for c in found if c and c[0]]
        its_stems = [c[1] for c in found if c and c[1]]
        own = _one(r.cues or _NONE, theirs)
        asked.append((False, own, _one(_NONE, its_stems), r.check))
        words += theirs
        stems += its_stems
    made: _Cues = (any(a[0] for a in asked), _one(static, words), _one(_NONE, stems), tuple(asked))
    kept = mentions.cues.setdefault(key, {})
    if len(kept) >= SETS_KEPT:
        del kept[next(iter(kept))]  # the oldest set: a model citing ever new sets grows no memory without end
    kept[ids] = made
    return made


def _one(first: frozenset[str], more: list[frozenset[str]]) -> frozenset[str]:
    """The sets together, made anew only where there is more than one that is not empty (few objects per bundle)."""
    if not more:
        return first
    if not first and len(more) == 1:
        return more[0]
    return first.union(*more)


_NONE: frozenset[str] = frozenset()


def cues_of(
    mentions: Mentions, section: Callable[[Passage], SectionCues | None], sid: str
) -> tuple[frozenset[str], frozenset[str]] | None:
    """A section's cues for a rule, made once per bundle."""
    made = mentions.cues.setdefault(section, {})
    if sid not in made:
        cues = section(mentions.passages[sid])
        made[sid] = None if cues is None else (frozenset(cues[0]) or _NONE, frozenset(cues[1]) or _NONE)
    found: tuple[frozenset[str], frozenset[str]] | None = made[sid]
    return found


def first(reading: Reading, table: Sequence[Check]) -> Hold | Show:
    """The first verdict of these checks (`checks`); SHOW when none holds the sentence."""
    for check in table:
        verdict = check(reading)
        if verdict is not None:
            return verdict
    return SHOW
