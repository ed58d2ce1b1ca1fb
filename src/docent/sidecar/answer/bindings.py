"""Bindings: which of two alternatives a figure or a comparative word goes with ("under 100 ms with Debezium, a
second with polling"; "lower value results in faster compression, while higher value results in slower").

A section's sentence that sets alternatives side by side gives each its own part (a clause, an item between
commas, a table row's cell): "a second with polling, under 100 ms with Debezium"; "3-D Secure 1 3.1; 3-D Secure 2
2.4". A sentence binds the same figure or word to the other alternative when, in its own part, it names what only
the other part of the section names and nothing that only the figure's part names: "under 100 ms with polling".
The words that stand beside the figure in both (its unit, "ms"; the measure after a comparative, "compression")
are no side. Only alternatives of one sentence of the section are compared, and only parts that carry a figure
or a comparative word of the same kind: the first part of a sentence is its frame ("The price is ..."), no
alternative. Where the figure is in several parts, or the sentence's part names neither side, it lets it through.
A table's labelled rows are alternatives too ("wave 1: ...", "wave 2: ..."): a part that names one row, by its label
or its ordinal ("wave 5", "its first wave", "the last wave"), may not say what only another row says and nothing
only its own says. So are a definition list's items ("- ServerErrorMiddleware - Ensures that ..."), each term a
name: a sentence that names one term may not say what only another term's definition says and nothing only its own.
"""

from __future__ import annotations

import re
from collections.abc import Sequence, Set
from typing import NamedTuple

from .passage import Passage, Token, Unit
from .words import LETTERS

_SPLIT = re.compile(r"[,;:]\s|;|\s(?=(?:and|but|while|whereas|than|or|from)\s)", re.IGNORECASE)
_WORDS = frozenset(
    """more fewer less higher lower larger smaller bigger longer shorter faster slower earlier later greater easier
    harder rose fell grew shrank increased decreased raised cut doubled halved above below""".split()
)
_COUNTED = frozenset(
    """two three four five six seven eight nine ten eleven twelve twenty thirty forty fifty sixty seventy eighty
    ninety hundred thousand million billion""".split()
)
_TIMES = frozenset("ms millisecond second minute hour day week month year".split())


class Part(NamedTuple):
    unit: int
    first: bool  # the first part of its sentence: the frame
    tokens: tuple[Token, ...]
    stems: frozenset[str]
    numeric: bool  # carries a figure ("100 ms", "a second", "forty")
    worded: bool  # carries a comparative word ("faster", "higher")
    figures: frozenset[int] = frozenset()  # the indexes of its figures among its tokens
    plain: frozenset[str] = frozenset()  # its words but figures, comparatives and articles: what parts share


def _attribute(part: Part, at: int) -> str | None:
    if at in part.figures:
        return "number"
    return "word" if part.tokens[at].word in _WORDS else None


_UNITS = frozenset("% ms s sec second seconds minute minutes hour hours day days week weeks month months year years "
                   "mb gb kb bp bps basis times x percent".split())


def _figures(u: Unit, tokens: Sequence[Token]) -> set[int]:
    """Which of the tokens are figures: digits, not a name's ("3-D", "p99", "WS_1004") nor a label's single digit
    ("3-D Secure 1", "wave 3") unless a unit follows it ("5 weeks")."""
    out = set()
    text = u.text
    for i, t in enumerate(tokens):
        if not t.word[:1].isdigit():
            continue
        end = t.start + len(t.word)
        if t.start and (text[t.start - 1].isalpha() or text[t.start - 1] in "_-.") or \
                end < len(text) and (text[end].isalpha() or text[end] in "_-"):
            continue  # a name's digits
        if len(t.word) == 1 and not (i + 1 < len(tokens) and tokens[i + 1].word in _UNITS):
            continue  # a label
        out.add(i)
    return out


def _parts(u: Unit, index: int) -> list[Part]:
    out = []
    groups: list[list[Token]] = [[]]
    bounds = iter([*(m.end() for m in _SPLIT.finditer(u.text)), len(u.text) + 1])
    bound = next(bounds)
    for t in u.tokens:  # one pass: each token into the part its offset falls in
        while t.start >= bound:
            bound = next(bounds)
            groups.append([])
        groups[-1].append(t)
    for n, group in enumerate(groups):
        tokens = tuple(group)
        if not tokens:
            continue
        words = [t.word for t in tokens]
        figures = frozenset(_figures(u, tokens))
        numeric = bool(figures) or any(w in _COUNTED or w.rstrip("s") in _TIMES and i and words[i - 1] in
                                       ("a", "an", "one", "half") for i, w in enumerate(words))
        worded = any(w in _WORDS for w in words)
        plain = frozenset(w for i, w in enumerate(words) if i not in figures and w not in _WORDS) - _LINKS
        stems = frozenset(t.stem for t in tokens if t.stem)
        out.append(Part(index, n == 0, tokens, stems, numeric, worded, figures, plain))
    return out


def section_parts(passage: Passage) -> dict[str, list[Part]]:
    """Each figure or comparative word of a section, and the parts of its sentences that hold it (once a bundle)."""
    out: dict[str, list[Part]] = {}
    for i, u in enumerate(passage.units):
        for part in _parts(u, i):
            for word in {t.word for i, t in enumerate(part.tokens) if _attribute(part, i)}:
                out.setdefault(word, []).append(part)
    return out


def _siblings(passage: Passage, part: Part) -> tuple[frozenset[str], list[Part]]:
    """The words of the frame of the part's sentence (its first part), and the sentence's other parts."""
    key = f"parts:{part.unit}"
    parts: list[Part] = passage.facts(key, lambda p: _parts(p.units[part.unit], part.unit))
    return parts[0].stems, [p for p in parts if p.tokens != part.tokens and not p.first]


_LINKS = frozenset(("a", "an", "the", "and", "of", "to", "in", "it", "its"))


def _parallel(one: Part, other: Part) -> bool:
    """Two parts told alike: a word in common besides articles, figures and comparatives ("a second with polling",
    "under 100 ms with Debezium"; "3-D Secure 1 14 %", "3-D Secure 2 4.2 %")."""
    return not one.plain.isdisjoint(other.plain)


def crossed(parts: list[Part], sections: Sequence[Passage]) -> bool:
    """A figure or comparative word the sentence binds to the alternative the section does not."""
    bound = [p.facts("parts", section_parts) for p in sections]
    for part in parts:
        for at, token in enumerate(part.tokens):
            if not any(token.word in words for words in bound):
                continue
            kind = _attribute(part, at)
            if kind and _bound_elsewhere(part, at, kind, sections):
                return True
    return False


def _bound_elsewhere(part: Part, at: int, kind: str, sections: Sequence[Passage]) -> bool:
    word = part.tokens[at].word
    homes = [(p, home) for p in sections for home in p.facts("parts", section_parts).get(word, ())]
    if len(homes) != 1:
        return False
    passage, home = homes[0]
    frame, siblings = _siblings(passage, home)
    others = [p for p in siblings if (p.numeric if kind == "number" else p.worded) and _parallel(p, home)]
    side = _side(part, at, frame)
    if not side or not others or _paired(part, at, others):
        return False
    own = home.stems.difference(*(p.stems for p in others))
    if side & own:
        return False
    if not any(side & (p.stems - home.stems) for p in others):
        return False
    # "0.15.0 announced it would be removed in a future release" citing the note that says so too: the part's words
    # (two at least, and half of them) are another cited section's sentence, not the other alternative's.
    most = max(2, (len(side) + 1) // 2)
    return not any(len(side & u.stems) >= most for q in sections if q is not passage for u in q.units)


def _side(part: Part, at: int, frame: frozenset[str]) -> set[str]:
    """What the sentence's part binds the figure to: its words but the figure, the sentence's other figures and the
    words beside them (their units, "12 Kafka consumers"), and the words of the section's frame."""
    near = {t.stem for i in part.figures for t in part.tokens[max(0, i - 1) : i + 2] if i != at or t.word in _UNITS}
    return set(part.stems - {part.tokens[at].stem} - near - frame)


def _paired(part: Part, at: int, others: list[Part]) -> bool:
    """Both alternatives' figures in one part: "from 3.1 to 2.4 with 3-D Secure 2" pairs them."""
    figures = {part.tokens[i].word for i in part.figures if i != at}
    return any(figures & {t.word for t in p.tokens} for p in others)


_ORDINALS = {w: i + 1 for i, w in enumerate("first second third fourth fifth sixth seventh eighth ninth tenth".split())}
_ROWS = 3  # a label names rows when at least three units begin with it ("wave 1: ...", "wave 2: ...")


def section_rows(passage: Passage) -> dict[str, dict[int, frozenset[str]]]:
    """A section's labelled rows: units that begin with a word and a number ("wave 3: services 12; ..."), by the
    word, then the number (once a bundle)."""
    rows: dict[str, dict[int, frozenset[str]]] = {}
    for u in passage.units:
        if len(u.tokens) > 2 and u.tokens[1].word.isdigit() and u.tokens[0].stem:
            rows.setdefault(u.tokens[0].stem, {})[int(u.tokens[1].word)] = u.stems - {u.tokens[1].word}
    return {label: found for label, found in rows.items() if len(found) >= _ROWS}


def _label(part: Part, rows: dict[str, dict[int, frozenset[str]]]) -> tuple[str, int, set[str]] | None:
    """The one row a sentence's part names, "wave 5", "the first wave", "its last wave", with the words naming it."""
    found = []
    tokens = part.tokens
    for i, t in enumerate(tokens[:-1]):
        after = tokens[i + 1]
        if t.stem in rows and after.word.isdigit():
            found.append((t.stem, int(after.word), {t.stem, after.word}))
        elif after.stem in rows and (t.word in _ORDINALS or t.word == "last"):
            number = _ORDINALS.get(t.word) or max(rows[after.stem])
            found.append((after.stem, number, {after.stem}))
    return found[0] if len(found) == 1 and found[0][1] in rows[found[0][0]] else None


def _row_crossed(part: Part, sections: Sequence[Passage]) -> bool:
    """The part names a row and says what only another row of the table says, and nothing only its row says."""
    for passage in sections:
        rows = passage.facts("rows", section_rows)
        named = _label(part, rows) if rows else None
        if named is None:
            continue
        label, number, naming = named
        table = rows[label]
        side = part.stems - naming
        own = table[number].difference(*(cells for n, cells in table.items() if n != number))
        if side & own:
            return False
        return any(side & cells.difference(table[number]) for n, cells in table.items() if n != number)
    return False


# A definition list's item: "- ServerErrorMiddleware - Ensures ...", "- --ssl-version <int> - The SSL version to use."
_TERM = re.compile(r"^\s*-?\s*((?:--?)?[A-Za-z][\w.-]*)(?:\s+<[^>]*>)?\s+-\s+\S")


def section_terms(passage: Passage) -> dict[str, frozenset[str]]:
    """A section's definition list: each term's first word, and the stems of its definition (once a bundle). An
    item's later sentences ("- allow_headers - A list of ... Defaults to []. The Accept ... headers are always
    allowed.") are its definition too: the units between an item and the next are the first's; the list's last item
    keeps only its first line and a "Default: ..." line right after it, since where it ends the units do not say."""
    terms: dict[str, frozenset[str]] = {}
    term, between = "", set[str]()
    for u in passage.units:
        m = _TERM.match(u.text)
        if m and _NAMEISH.search(m.group(1)):
            if term:
                terms[term] |= between
            term, between = m.group(1).lower(), set()
            terms[term] = frozenset(t.stem for t in u.tokens if t.start >= m.end(1) and t.stem)
        elif u.text.lstrip().startswith("-") or u.text.rstrip().endswith(":"):  # "- Router", "... like this:"
            term, between = "", set()  # the list is over, or this item defines nothing: where it ends is unknown
        elif term and u.tokens and u.tokens[0].word in ("default", "defaults"):
            terms[term] |= u.stems  # "Default: 16777216": the item's own, the list's last item's too
        elif term:
            between |= u.stems
    return terms if len(terms) >= 2 else {}


_NAMEISH = re.compile(r"[a-z][A-Z]|[_.]|^-")  # a name, not a word: "ServerErrorMiddleware", "max_age", "--reload"


def _term_crossed(said: Unit, sections: Sequence[Passage]) -> bool:
    """The sentence names one term of a definition list and says what only another term's definition says, and
    nothing only its own says ("ExceptionMiddleware ... ensures ... a custom 500 page" where that is
    ServerErrorMiddleware's)."""
    for passage in sections:
        terms = passage.facts("terms", section_terms)
        text = said.text.lower()
        named = [(w, m) for w in terms if w in text and (m := re.search(rf"(?<![\w.]){re.escape(w)}(?![\w.])", text))]
        if len(named) != 1:
            continue
        term, m = named[0]
        side = {t.stem for t in said.tokens if t.stem and not m.start() <= t.start < m.end()}
        own = terms[term].difference(*(d for w, d in terms.items() if w != term))
        if side & own:
            return False
        return any(side & d.difference(terms[term]) for w, d in terms.items() if w != term)
    return False


def wakes(words: Set[str], stems: Set[str], sections: Sequence[Passage]) -> bool:
    """A figure or comparative word of the sentence that the sections bind to a part, or a row's label."""
    for passage in sections:
        bound = passage.facts("parts", section_parts)
        if not stems.isdisjoint(bound) or not words.isdisjoint(bound):
            return True
        if not stems.isdisjoint(passage.facts("rows", section_rows)):
            return True
        if any(_head(term) in words for term in passage.facts("terms", section_terms)):
            return True
    return False


WAKES_ON_CUES = True  # `wakes` is true wherever the sentence holds a cue: the gate's test of its words decides it


def section_cues(passage: Passage) -> tuple[Set[str], Set[str]]:
    """What `wakes` needs of a sentence because of this section: a figure or word it binds, a row's label, or a
    definition list's term's first word."""
    bound, rows = passage.facts("parts", section_parts).keys(), passage.facts("rows", section_rows).keys()
    heads = {_head(term) for term in passage.facts("terms", section_terms)}
    return bound | heads, bound | rows


def _head(term: str) -> str:
    """A term's first word, as a sentence's words are read (`words.LETTERS`): "max" of "max_age", "ssl-version" of
    "--ssl-version"."""
    head: str = LETTERS.findall(term)[0]
    return head


def held(said: Unit, sections: Sequence[Passage]) -> bool:
    # The sentence's parts are read only where a word of it is one the sections bind, or a section has rows.
    if all(said.words.isdisjoint(p.facts("parts", section_parts)) and not p.facts("rows", section_rows) for p in sections):
        return _term_crossed(said, sections)
    parts = _parts(said, 0)
    return (crossed(parts, sections) or any(_row_crossed(part, sections) for part in parts)
            or _term_crossed(said, sections))
