"""The sibling rule: a fact of one name told of its sibling, another name the cited sections write elsewhere.

Documentation tells alike things side by side: two worker classes, two options, two HTTP methods, two servers
("The UvicornWorker implementation uses the uvloop and httptools implementations ... use the UvicornH11Worker
class"; "POST requests require the add permission. PUT and PATCH requests require the change permission"). A
sentence that tells one's fact of the other ("UvicornH11Worker uses uvloop and httptools") is aligned, by its words
other than names, with the clause it restates (`align.aligned`): it is held when that clause does not write a name
of the sentence that the cited sections write in another clause (a sibling), and writes a name of the same sort that
the sentence does not (the one whose fact it is), in the same place: code shares a word around it in its clause,
or is of one family with it ("FileUploadParser", "MultiPartParser"), capitalised names the word after or before.
Code names are siblings only when written alike (`_shape`): a class is no sibling of a parameter or a value.
A clause that shares fewer than three words of substance with the sentence does not place it: a short line ("The
recipient defaults to POSTMASTER_ADDRESS if you don't set PFLOGSUMM_RECIPIENT") is as near several options' clauses.

A name is written as code or as a proper name: an option ("--reload-include"), a dotted or underscored identifier
("customs.cleared", "remote_branch"; not "i.e." nor "e.g.", the prose's abbreviations), a word with a capital past its first letter ("FileUploadParser", "NGINX",
"PATCH"), or a capitalised word inside a sentence ("Daphne"); a capital letter alone opening a sentence is a name only
where the cited sections write it as one inside a sentence ("C", "R"), and never "A" or "I". A capitalised word of the sections' titles is what
they are about, which a sentence may name anywhere ("At Tessellate, ..."): it counts only as code does.
A list item's later sentence that names nothing is its head's: "- --reload-exclude <glob-pattern> - Specify ... . By
default the following patterns are excluded: .*, ..." gives those patterns to --reload-exclude.
The sentence is read as written, its inline code in: docs write the name they mean as code ("`CAP_NET_ADMIN` lets
FTL bind to port 53"), and the sections' text has their names as plain words.
What it cannot do: see a fact moved between names the sections word as common nouns ("the vendor", "the
merchant"), or one told across two clauses; a sentence that names both names compares them, and passes.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence, Set
from typing import NamedTuple

from . import align
from .passage import Passage, Unit
from .words import LETTERS, stem

_WORD = r"(?:[A-Z][a-z0-9'’]*(?:-[a-z0-9]+)*|[A-Z][A-Z0-9]+)"  # "Daphne", "NGINX", "Cross-platform"
_NAME = re.compile(
    r"(?<![\w.-])(?:(?P<option>--?[A-Za-z][\w-]*)"
    r"|(?P<code>[A-Za-z_]\w*(?:[._]\w+)+|\w*[a-z0-9][A-Z][\w-]*|[A-Z]{2,}[a-z]\w*)"  # dotted, a capital inside
    rf"|(?P<name>{_WORD}(?:\s+{_WORD})*))"  # capitalised words in a row: "Access Control Server"
    r"(?![\w-])"
)
_UNITS = frozenset("b kb mb gb tb kib mib gib ms".split())  # capitals that measure, no name
# The record's "I" (its owner, whom a sentence names) and the calendar's words ("in March 2018") are capitalised but
# name no thing a fact could be moved to.
_NO_NAMES = frozenset(
    "i january february march april may june july august september october november december monday tuesday "
    "wednesday thursday friday saturday sunday".split()
)
WITH_CODE = True  # a sentence's name is most often its inline code, which the sections write as words
_OPENERS = frozenset(".!?:;\"“‘«(-–—•")
_LEAST = 3  # the fewest content stems of a sentence this rule aligns
_BREAK = re.compile(r",\s")  # what ends a clause within a sentence (a table row's ";" and ":" part its cells)
_PART = re.compile(r"[-_.\s]+")  # what joins a name's parts
_NEAR = 6  # words either side of a name that make its place ("UvicornH11Worker class is the one that uses")


class Name(NamedTuple):
    text: str  # lower case, as written
    kind: str  # "option", "code" (dotted, underscored, a capital inside) or "name" (capitalised words)
    start: int
    end: int


def names(text: str, known: Set[str] = frozenset()) -> list[Name]:
    """The names a text writes, in order; a capitalised word that opens a sentence or a line is none, but a word in
    capitals (`_capitals`; `known`: the one-letter names, lower case, that the text's sections write as names).

    The last text's names are kept: the sibling, pairing and crossed rules each read the names of the same sentence as
    written, one after the other (a pattern run over the sentence each time, some 2 % of the gate's time on the
    development rounds' answers)."""
    global _last
    last = _last
    if last[0] == text and last[1] == known:
        return list(last[2])
    out = _names(text, known)
    _last = (text, frozenset(known), tuple(out))
    return out


# The last text read, with its names: one for the process, every bundle's gates sharing it. Its key is all a text's
# names depend on (the text, and the one-letter names its cited sections write), so it gives no bundle another's
# (tests/sidecar/test_gate_siblings.py, two bundles in one process).
_last: tuple[str, frozenset[str], tuple[Name, ...]] = ("", frozenset(), ())


def _names(text: str, known: Set[str]) -> list[Name]:
    out = []
    at = 0
    while (m := _NAME.search(text, at)) is not None:  # one `search` at a time: a `finditer` costs more to begin
        at = m.end()
        kind = m.lastgroup or "name"
        start, word = m.start(), m.group()
        before = start  # the last character before the name that is no blank, found without slicing the text
        while before and text[before - 1].isspace():
            before -= 1
        opens = not before or text[before - 1] in _OPENERS or _symbol(text[before - 1])
        first_word = word.split()[0]
        if kind == "name" and opens and not (_capitals(first_word, known) or _lettered(text, m.end(), word, known)):
            first, _, rest = word.partition(" ")  # "The UvicornWorker": the opener is none, the rest may be
            if not rest.strip():
                continue
            start, word = start + len(first) + 1, rest.strip()
        if word.lower() in _UNITS or word.lower() in _NO_NAMES or _abbreviation(word):
            continue
        word = word.rstrip("-")  # "GitHub- or GitLab-hosted": the name is GitHub
        out.append(Name(" ".join(word.lower().split()), kind, start, start + len(word)))
    return out


def _lettered(text: str, end: int, word: str, known: Set[str]) -> bool:
    """Whether an "A" opening a sentence, alone, names the thing the sections name with their "A" inside a sentence, by
    the word after it ("A records map ..." where they write "creates an A record"): DNS's record type, no article."""
    if word != "A" or not known:
        return False
    after = _NEXT.match(text, end)
    return after is not None and f"a {stem(after[1].lower())}" in known


_NEXT = re.compile(r"\s+([A-Za-z]+)")


def _capitals(word: str, known: Set[str] = frozenset()) -> bool:
    """A word in capitals, an acronym that names a thing wherever it stands ("NGINX"). A one-letter word only where the
    sections write it as a name ("C", "R": `known`), and never "A" or "I", which at a sentence's start are its article
    and its pronoun."""
    if len(word) > 1:
        return word.isupper()
    return word.isupper() and word not in "AI" and word.lower() in known


# A capital letter standing alone, but "I": where a sentence may open on a one-letter name ("C", "R", "A records").
_LETTER = re.compile(r"(?<![\w.'’-])[A-HJ-Z](?![\w.'’-])")


def _letters(sections: Sequence[Passage]) -> frozenset[str]:
    """The one-letter names the sections write as names, inside a sentence ("written in C"), lower case; an "A" with the
    word after it, stemmed ("a record": "creates an A record"), since "A" alone opening a sentence is its article."""
    return frozenset().union(*(p.facts("letter names", _section_letters) for p in sections))


def _section_letters(passage: Passage) -> frozenset[str]:
    out = {n for n in passage.facts("siblings", _section_names) if len(n) == 1}
    for unit, found in zip(passage.units, passage.facts("unit names", unit_names), strict=True):
        for n in found:
            if n.text == "a" and (after := _NEXT.match(unit.text, n.end)) is not None:
                out.add(f"a {stem(after[1].lower())}")
    return frozenset(out)


def _written(name: Name, text: str, found: Sequence[Name]) -> bool:
    """Whether a text (lower case) writes a name: a one-letter one only among its names (`found`), as a name, never as
    the article "a" every clause writes."""
    return any(n.text == name.text for n in found) if len(name.text) == 1 else _writes(text, name.text)


def _abbreviation(word: str) -> bool:
    """Letters with dots between ("i.e", "e.g", "a.k.a"): an abbreviation of the prose, no dotted name."""
    return "." in word and all(len(part) == 1 for part in word.split("."))


def _symbol(char: str) -> bool:
    """A mark that opens a line as a bullet does ("✅ Self-contained", "❌ Can't", "➡️ Use it", "→ Then"): the capital
    after it opens a sentence, no name."""
    return char == "\ufe0f" or unicodedata.category(char) in ("So", "Sm")


def _writes(text: str, name: str) -> bool:
    """Whether a text (lower case) writes a name as a whole word or as the end of a dotted path
    ("uvicorn.workers.UvicornWorker" writes "UvicornWorker"): with no letter, digit, "_" or "-" right before or after
    it, as `(?<![\\w-])name(?![\\w-])` reads it. Each place it stands is looked at in turn, with no pattern made for the
    name: the names asked of are the cited sections', a pattern each, more than `re`'s cache keeps (2 to 5 percent of
    a documentation site's Markdown answers' time in the gate went to compiling them again)."""
    at, end = text.find(name), len(text)
    while at >= 0:
        after = at + len(name)
        if not (at and _joined(text[at - 1])) and not (after < end and _joined(text[after])):
            return True
        at = text.find(name, at + 1)
    return False


def _joined(char: str) -> bool:
    """A character of `\\w` (a letter, a digit, "_") or "-": one that joins a name to what stands beside it."""
    return char.isalnum() or char in "_-"


def unit_names(passage: Passage) -> tuple[tuple[Name, ...], ...]:
    """The names each unit of a section writes, made once per bundle."""
    return tuple(tuple(names(u.text)) for u in passage.units)


def _section_names(passage: Passage) -> frozenset[str]:
    return frozenset(n.text for found in passage.facts("unit names", unit_names) for n in found)


def section_cues(passage: Passage) -> tuple[Set[str], Set[str]]:
    """A sentence can tell a sibling's fact only by writing a name the section writes: its words."""
    words = {w for name in passage.facts("siblings", _section_names) for w in LETTERS.findall(name)}
    return frozenset(words), frozenset()


def wakes(words: Set[str], stems: Set[str], sections: Sequence[Passage]) -> bool:
    return True  # the section cues do the sifting; `held` reads the sentence's names as written


def held(said: Unit, sections: Sequence[Passage]) -> bool:
    # the owner's name is no sibling: the sections say "I", never it; a one-letter name may open the sentence ("C")
    mine = names(said.text, _letters(sections) if _LETTER.search(said.text) else frozenset())
    if not mine:
        return False
    inside = _named(said, mine)
    content = frozenset(t.stem for i, t in enumerate(said.tokens) if t.stem and i not in inside)
    if len(content) < _LEAST:
        return False
    found = align.aligned(content, sections)
    if len(found) != 1 or found[0].shared < _LEAST:
        return False  # two words in common say too little to place a short line on one clause of several alike
    a = found[0]
    passage = sections[a.section]
    # the unit that restates it: its names are the fact's
    at = max(range(a.first, a.last + 1), key=lambda i: len(content & passage.units[i].stems))
    main = passage.units[at]
    mine = _restating(said, mine, main)
    theirs_all = list(passage.facts("unit names", unit_names)[at])
    head = passage.item_head(at) if not theirs_all else None
    if head is not None:  # a list item's later sentence is its head's name's: "- --reload-exclude <glob> - ..."
        main, theirs_all = passage.units[head], list(passage.facts("unit names", unit_names)[head])
    theirs = _unwritten(said, mine, theirs_all)
    if not theirs:
        return False
    return _told_of_sibling(said, mine, sections, a, main, theirs, theirs_all)


def _restating(said: Unit, mine: list[Name], main: Unit) -> list[Name]:
    """The names of the part of the sentence (between semicolons) that restates the clause: "Closing a websocket
    before accepting it sends a 403; for another response, call `websocket.send_denial_response()`" restates the
    clause about `websocket.close()` in its first part, and names the method of another clause in its second."""
    text = said.text
    if ";" not in text:
        return mine
    cuts = [0, *(m.end() for m in _PARTS.finditer(text)), len(text) + 1]
    spans = list(zip(cuts, cuts[1:], strict=False))
    best = max(spans, key=lambda span: len({t.stem for t in said.tokens if span[0] <= t.start < span[1]} & main.stems))
    return [n for n in mine if best[0] <= n.start < best[1]]


_PARTS = re.compile(r";\s")


def _unwritten(said: Unit, mine: list[Name], theirs_all: list[Name]) -> list[Name]:
    """The clause's names the sentence does not write, nor as a part of ("GitLab-hosted" for a sentence's "GitLab").
    Nor the same name spelled otherwise ("api_view" for "APIView"), nor one holding it or held in it
    ("APIRequestFactory" extends "RequestFactory": a sentence naming the one may restate the other's clause)."""
    written = {n.text for n in mine}
    squashed = {_PART.sub("", n.text) for n in mine}
    return [n for n in theirs_all if not _written(n, said.text.lower(), mine) and written.isdisjoint(_PART.split(n.text))
            and not _within(_PART.sub("", n.text), squashed)]


def _told_of_sibling(said: Unit, mine: list[Name], sections: Sequence[Passage], a: align.Alignment, main: Unit,
                     theirs: list[Name], theirs_all: list[Name]) -> bool:
    """Whether a name of the sentence is a sibling the sections write elsewhere, standing where one of the clause's
    names does."""
    titled = " ".join(p.title.text for p in sections)
    others = [(u, p.facts("unit names", unit_names)[i]) for s, p in enumerate(sections) for i, u in enumerate(p.units)
              if not (s == a.section and a.first <= i <= a.last)]
    rest = " ".join(u.text for u, _ in others).lower()
    for n in mine:
        if _written(n, main.text.lower(), theirs_all) or not (
                any(_written(n, rest, found) for _, found in others) if len(n.text) == 1 else _writes(rest, n.text)):
            continue  # the clause's own name, or none of the sections' siblings
        if n.kind == "name" and _written(n, titled.lower(), names(titled)):
            continue  # what the sections are about may stand anywhere
        if any(t.kind == n.kind and _same_place(said, n, mine, main, t, theirs_all) for t in theirs):
            return True
    return False


def _same_place(said: Unit, n: Name, mine: list[Name], clause: Unit, t: Name, theirs: list[Name]) -> bool:
    """Whether two names stand in one place: code shares a word of substance around it; a capitalised name, the
    word right after it or right before it ("PUT and PATCH requests" for "POST requests"; "Uvicorn is running
    behind" for "NGINX itself is running behind"). The names' own words and figures are no place."""
    if n.kind != "name":
        if _shape(said.text[n.start : n.end]) != _shape(clause.text[t.start : t.end]):
            return False  # a class is no sibling of a parameter or a value: "PageNumberPagination", "page_size"
        family = kin(said.text[n.start : n.end], clause.text[t.start : t.end])
        return family or bool(_around(said, n, mine) & _around(clause, t, theirs))
    return any(_side(said, n, mine, k) is not None and _side(said, n, mine, k) == _side(clause, t, theirs, k)
               for k in (1, -1))


def _shape(name: str) -> str:
    """How a code name is written: an option, dotted, with underscores, or in capitals inside ("FileUploadParser")."""
    if name.startswith("-"):
        return "option"
    if "." in name:
        return "dotted"
    return "underscored" if "_" in name else "capitals"


def _within(name: str, others: Set[str]) -> bool:
    return any(name in other or other in name for other in others)


def kin(one: str, other: str) -> bool:
    """Two code names of one family, which stand for each other wherever they are: the same last part or the same first
    part ("FileUploadParser", "MultiPartParser"; "remote_branch", "remote_name"; "--reload-include", "--reload-exclude")."""
    a, b = _parts(one), _parts(other)
    return len(a) > 1 and len(b) > 1 and (a[-1] == b[-1] or a[0] == b[0])


def _parts(name: str) -> list[str]:
    """A code name's words, lower case: "MultiPartParser" -> multi, part, parser; "--reload-include" -> reload, include."""
    return [p.lower() for p in re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+", name)]


def _named(u: Unit, spans: list[Name]) -> set[int]:
    return {i for i, t in enumerate(u.tokens) for n in spans if n.start <= t.start < n.end}


def _around(u: Unit, name: Name, spans: list[Name]) -> set[str]:
    """The stems within `_NEAR` words of a name in its own clause (to the comma either side), no
    name's and no figure: its place. "set it on an APIView, or use the decorator with function based views": the
    decorator is no place of APIView's."""
    inside = [i for i, t in enumerate(u.tokens) if name.start <= t.start < name.end]
    if not inside:
        return set()
    named = _named(u, spans)
    tokens, text = u.tokens, u.text
    lo = max(0, inside[0] - _NEAR)
    while lo < inside[0] and _BREAK.search(text, tokens[lo].start, name.start):
        lo += 1
    hi = min(len(tokens), inside[-1] + 1 + _NEAR)
    while hi > inside[-1] + 1 and _BREAK.search(text, name.end, tokens[hi - 1].start):
        hi -= 1
    return {t.stem for i, t in enumerate(u.tokens[lo:hi], lo) if t.stem and i not in named and not t.word[:1].isdigit()}


def _side(u: Unit, name: Name, spans: list[Name], step: int) -> str | None:
    """The first word of substance after the name (`step` 1) or before it (-1), past other names, in the name's own
    clause: "the authentication decision service, while the Access Control Server" has no word before the name
    there, and the "service" before the comma is no place of it."""
    named = _named(u, spans)
    inside = [i for i, t in enumerate(u.tokens) if name.start <= t.start < name.end]
    if not inside:
        return None
    i = inside[-1] + 1 if step > 0 else inside[0] - 1
    while 0 <= i < len(u.tokens):
        t = u.tokens[i]
        lo, hi = (name.end, t.start) if step > 0 else (t.start, name.start)
        if _BREAK.search(u.text, lo, hi):
            return None
        if t.stem and i not in named:
            return t.stem
        i += step
    return None


def prepare(passage: Passage) -> None:
    """Made once per bundle: the names the section writes, and the one-letter ones among them."""
    passage.facts("siblings", _section_names)
    passage.facts("letter names", _section_letters)
