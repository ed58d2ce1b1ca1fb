"""The line a citation points at: the sentence of the cited section that a shown sentence says most of.

The panel opens a citation at that line, highlighted (a text fragment, `#id:~:text=`, where the browser has them),
and keeps itself clear of it. It is found by the words the two share, so "Mara leads the team" finds the record's
"I lead the team"; a sentence that shares too little with every line of the section points at the section alone.
"""

from __future__ import annotations

import re

from docent.schema import RecordSection

from .words import kept_table

_SPLIT = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"“(])")
_WORD = re.compile(r"[^\W_]+", re.UNICODE)
_KEPT = kept_table("0123456789")  # what `_WORD`'s words are made of in ASCII text
_COMMON = frozenset(
    """the and for with that this from are was were has have had not but its his her their they she him them you your
    our can will would into than then also when which who what where how does did been being there these those""".split()
)
SHARED = 2  # words a line must share with the sentence to be the one it points at
LONGEST = 300  # characters: a longer line is not a sentence a reader would be pointed at


def words(text: str) -> set[str]:
    """A text's words as lines are compared: three letters or more, common ones left out, a plural's s dropped."""
    text = text.lower()
    # In ASCII text a word is a run of letters and digits: the runs between the rest, made blanks, cut in C.
    said = text.encode().translate(_KEPT).decode().split() if text.isascii() else _WORD.findall(text)
    compared = _COMPARED
    try:  # each word's form looked up, not worked out: most words come again (as `words.stems` does)
        out = set(map(compared.__getitem__, said))
    except KeyError:
        for word in said:
            if word not in compared and len(compared) < 100_000:  # bounded
                compared[word] = _compared(word)
        out = {compared[word] if word in compared else _compared(word) for word in said}
    out.discard("")
    return out


def _compared(word: str) -> str:
    """One word (lower case) as lines are compared by it, or "" for one left out."""
    if len(word) < 3 or word in _COMMON:
        return ""
    return word[:-1] if word.endswith("s") and len(word) > 4 else word


_COMPARED: dict[str, str] = {}


def lines(section: RecordSection) -> list[str]:
    """The section's sentences as the page shows them: prose split at sentence ends, code left out."""
    texts = [b.text for b in section.blocks if b.kind != "code"] if section.blocks else section.text.splitlines()
    return [s.strip() for text in texts for s in _SPLIT.split(text) if s.strip()]


def quotable(section: RecordSection) -> tuple[tuple[str, frozenset[str]], ...]:
    """The section's lines a citation may point at, each with its words: made once per section
    (`Mentions.quotable`)."""
    return tuple((line, frozenset(words(line))) for line in lines(section) if len(line) <= LONGEST)


def cited_line(sentence: str, section: RecordSection) -> str:
    """The section's sentence that `sentence` says most of, or "" when none shares enough of its words."""
    return best_line(words(sentence), quotable(section))


def best_line(said: set[str], candidates: tuple[tuple[str, frozenset[str]], ...]) -> str:
    """Of `quotable`'s lines, the first that shares the most of the words `said` (SHARED at least), or ""."""
    best, shared = "", SHARED - 1
    for line, theirs in candidates:
        common = len(said & theirs)
        if common > shared:
            best, shared = line, common
    return best


def indexed(candidates: tuple[tuple[str, frozenset[str]], ...]) -> dict[str, tuple[int, ...]]:
    """Each word of `quotable`'s lines, with the places of the lines that hold it, in order: made once per section
    (`Mentions.quoted`), so that a sentence's line is found by its own words (`best_indexed`)."""
    index: dict[str, list[int]] = {}
    for i, (_, theirs) in enumerate(candidates):
        for word in theirs:
            index.setdefault(word, []).append(i)
    return {word: tuple(places) for word, places in index.items()}


def best_indexed(
    said: set[str], candidates: tuple[tuple[str, frozenset[str]], ...], index: dict[str, tuple[int, ...]]
) -> str:
    """`best_line` read through the section's index of its lines' words (`indexed`): each line that shares a word
    counted by the words it shares, not every line of the section met with the sentence (a documentation section
    has scores of lines, of which a sentence shares words with a few). The same line: the first sharing the most."""
    counts: dict[int, int] = {}
    for word in said:
        for i in index.get(word, ()):
            counts[i] = counts.get(i, 0) + 1
    best, shared = -1, SHARED - 1
    for i, common in counts.items():
        if common > shared or common == shared and 0 <= best and i < best:
            best, shared = i, common
    return candidates[best][0] if best >= 0 else ""
