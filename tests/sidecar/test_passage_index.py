"""`Passage.holding`, `Passage.counts`, `Passage.best` and `align.aligned` read a section's units through its index of stems to units:
what they find is what a test of every unit finds (the scans they replaced, written out here)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from docent.sidecar.answer import passage as passages
from docent.sidecar.answer.align import COVER, Alignment, _overlapping, aligned
from docent.sidecar.answer.passage import Passage
from docent.sidecar.answer.words import fold

# Few words, so that units share them and scores tie; sentences cut at ". " before a capital (`passage._UNIT_END`).
_WORDS = ["ledger", "payments", "moved", "team", "reviewed", "code", "night", "latency", "records", "Kafka", "2010"]
_UNIT = st.lists(st.sampled_from(_WORDS), min_size=1, max_size=7).map(lambda ws: "A " + " ".join(ws) + ".")
_SECTION = st.tuples(st.sampled_from(["Ledger", "Team code", "Kafka records"]), st.lists(_UNIT, min_size=1, max_size=9))
_STEMS = st.frozensets(st.sampled_from([fold(w.lower()) or w for w in _WORDS]), max_size=6)


def _passage(title: str, units: list[str]) -> Passage:
    return Passage.of(title, " ".join(units), fold)


def _best_scanned(p: Passage, anchors: list[str], *, title: bool) -> tuple[int, float] | None:
    anchors = [a for a in anchors if a in p.weight or title and a in p.title.stems]
    if not anchors:
        return None
    scored = [(sum(p.weight[a] for a in anchors if a in u.stems), i) for i, u in enumerate(p.units)]
    if title and not any(score for score, _ in scored):
        return (-1, float(sum(1 for a in anchors if a in p.title.stems)))
    scored.sort(reverse=True)
    if scored[0][0] <= 0 or len(scored) > 1 and scored[1][0] == scored[0][0]:
        return None
    return scored[0][1], scored[0][0]


def _aligned_scanned(content: frozenset[str], sections: list[Passage]) -> list[Alignment]:
    found: list[tuple[int, int, Alignment]] = []
    least = max(2, COVER * len(content))
    for s, passage in enumerate(sections):
        titled = content & passage.title.stems
        held = [content & u.stems for u in passage.units]
        scores = [len(h | titled) if h else 0 for h in held]
        for i, n in enumerate(scores):
            if n >= least:
                found.append((n, -1, Alignment(s, i, i, n)))
            if n and i + 1 < len(held) and scores[i + 1]:
                pair = len(held[i] | held[i + 1] | titled)
                if pair >= least and pair > max(n, scores[i + 1]):
                    found.append((pair, -2, Alignment(s, i, i + 1, pair)))
    if not found:
        return []
    found.sort(reverse=True)
    top = found[0][:2]
    tied = [a for n, w, a in found if (n, w) == top]
    return _overlapping(tied) if len(tied) > 1 else tied


@settings(max_examples=300, deadline=None)
@given(_SECTION, _STEMS, st.booleans())
def test_the_index_finds_what_a_scan_of_every_unit_finds(section: tuple[str, list[str]], stems: frozenset[str],
                                                         title: bool) -> None:
    p = _passage(*section)
    assert p.holding(stems) == {i: set(stems & u.stems) for i, u in enumerate(p.units) if stems & u.stems}
    assert p.counts(stems) == {i: len(stems & u.stems) for i, u in enumerate(p.units) if stems & u.stems}
    assert p.best(sorted(stems), title=title) == _best_scanned(p, sorted(stems), title=title)
    twice = sorted(stems)[:1] * 2 + sorted(stems)  # an anchor written twice counts twice, as the scan sums it
    assert p.best(twice, title=title) == _best_scanned(p, twice, title=title)


@settings(max_examples=300, deadline=None)
@given(st.lists(_SECTION, min_size=1, max_size=3), _STEMS)
def test_a_sentence_is_aligned_with_the_clause_a_scan_finds(sections: list[tuple[str, list[str]]],
                                                            content: frozenset[str]) -> None:
    passages = [_passage(*s) for s in sections]
    assert aligned(content, passages) == _aligned_scanned(content, passages)


def test_a_unit_that_holds_none_of_the_stems_is_not_among_those_holding_them() -> None:
    p = _passage("Ledger", ["The team moved payments.", "Reviews ran at night.", "The team reviewed payments."])
    assert p.holding(["payment", "team", "absent"]) == {0: {"payment", "team"}, 2: {"payment", "team"}}
    assert p.best(["night"]) == (1, 1.0)
    assert p.best(["payment"]) is None  # two units tie


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="ab Z9.,'%_-\n’é", max_size=40))
def test_a_units_words_and_places_are_the_patterns(text: str) -> None:
    # ASCII text of letters alone is cut in C, any other by the pattern: the words and their places of `_WORD`
    lowered = text.lower()
    assert list(passages._words(lowered)) == [(m.group(), m.start()) for m in passages._WORD.finditer(lowered)]
