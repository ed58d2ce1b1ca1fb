"""Where a lexicon's name may start in a text: the quick tests that let the matcher pass over prose that names nothing.

Most words of prose start no name. `Keys` says with a few string methods whether any name may start in a text at all
(its words against the names' first words); `Openings` whether one may start at a place, from the text's next three
characters. Both are built from the ways the names' patterns (`lexicon._pattern`) may be written, so a text they pass
over is one the patterns would match nothing in; `lexicon.Lexicon` reads the rest by its patterns.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from itertools import pairwise

# The characters of ASCII a name's blank or hyphen matches (`[\s\-]`), and those its end may be followed by.
_BLANKS = tuple(c for c in map(chr, range(128)) if re.match(r"[\s\-]", c))
_ENDS = tuple(c for c in map(chr, range(128)) if not re.match(r"[\w+#]", c))


class Openings:
    """How a text may go on, three characters from where a name starts: most words of prose start no name, and are
    passed over without trying the names' patterns.

    Built from each name's pattern (`lexicon._pattern`): its letters in either case, a blank as one or more of
    `_BLANKS`, a hyphen as none or one, and after a name's last letter or digit any of `_ENDS`. A text whose next three
    characters are not ASCII is always tried, as is one with fewer than three left (`Lexicon.find`).
    """

    def __init__(self, names: Iterable[str]) -> None:
        self.heads: tuple[set[str], set[str], set[str]] = (set(), set(), set())  # open after 1, 2 or 3 characters
        for name in names:
            self._walk(name, 0, "")

    def _walk(self, name: str, at: int, said: str) -> None:
        if len(said) == 3:
            self.heads[2].add(said)
            return
        if at == len(name):
            if name[-1].isalnum() or name[-1] == "_":  # the pattern's (?![\w+#])
                for ch in _ENDS:
                    self._open(said + ch)
            else:
                self._open(said)
            return
        ch = name[at]
        if ch == " ":
            for blank in _BLANKS:
                self._walk(name, at, said + blank)  # more blanks
                self._walk(name, at + 1, said + blank)
        elif ch == "-":
            self._walk(name, at + 1, said)
            for blank in _BLANKS:
                self._walk(name, at + 1, said + blank)
        elif ch.isascii():
            self._walk(name, at + 1, said + ch.lower())
        else:
            self._open(said)  # a letter the pattern may match in more ways than its lower case

    def _open(self, said: str) -> None:
        if not said:
            self.heads[0].add("")  # a name that may start anywhere: every start is tried
        else:
            self.heads[min(len(said), 3) - 1].add(said[:3])


# A text as words, lower case: every mark and blank a space. For ASCII, bytes' table (one C loop); beyond it, the
# common marks and blanks too, and the letters Python's case-insensitive matching takes for ASCII ones though their
# lower case is not it (dotless i, long s).
_ASCII_WORDS = bytes(c if chr(c).isalnum() or c == 95 else 32 for c in range(128)).lower() + bytes(128)
_AS_WORDS = str.maketrans(
    {**{c: " " for c in map(chr, range(128)) if not (c.isalnum() or c == "_")},
     **dict.fromkeys("\u00a0\u00ab\u00bb\u2000\u2001\u2002\u2003\u2009\u200a\u200b\u2010\u2011\u2012\u2013\u2014\u2015"
                     "\u2018\u2019\u201a\u201c\u201d\u201e\u2022\u2026\u2028\u2029\u202f\u2192\u3000", " "),
     "\u0131": "i", "\u017f": "s"}
)


def as_words(text: str) -> list[bytes] | None:
    """The text's words, lower case, cut at every mark and blank; None where a character beyond ASCII is left."""
    if text.isascii():
        return text.encode().translate(_ASCII_WORDS).split()
    text = text.lower().translate(_AS_WORDS)
    return text.encode().split() if text.isascii() else None


class Keys:
    """A test that most texts pass with a few string methods: whether a name may start anywhere in the text at all.

    A name matches only where the text's words (runs of letters, digits and `_`, as the text is cut at every other
    character) begin with its first two words, or its only word, in one of the ways it may be written (a hyphen as
    a blank or nothing, the last word plural or singular): "kafka", "code review", "3d secure", "3 d", "node js".
    A text with none of these names nothing; any other is read by the names' patterns, so what is found is what
    those say. A text with characters beyond ASCII that are not cut at, and a lexicon with a name beyond ASCII
    (case folding matches more than lower case there), a name of marks alone or one ending in a hyphen, are read
    by the patterns whole.
    """

    def __init__(self, names: Iterable[str]) -> None:
        self.always = False
        self.one: set[bytes] = set()
        self.two: set[tuple[bytes, bytes]] = set()
        for name in names:
            if not name.isascii() or name.endswith("-"):  # a final hyphen may be left out: "ab-" names "abc"
                self.always = True
                continue
            for variant in _variants(name):
                words = as_words(variant) or []
                if not words:
                    self.always = True
                elif len(words) == 1:
                    self.one.add(words[0])
                else:
                    self.two.add((words[0], words[1]))
        self.firsts = {w for w, _ in self.two}
        # The same as text, met with a sentence's words where they are cut already (`Lexicon.find`'s `words`).
        self.one_text = {w.decode() for w in self.one}
        self.two_text = {(a.decode(), b.decode()) for a, b in self.two}
        self.firsts_text = {w for w, _ in self.two_text}

    def firsts_in(self, said: list[str]) -> set[str]:
        """The words of `said` (a text's words as `as_words` cuts them, as text) that a name may begin with there: its
        only word, or its first where the next is its second. Empty: the text names nothing (`may_name`). Not for a
        lexicon whose names are read whole (`always`)."""
        out = self.one_text.intersection(said)
        if not self.firsts_text.isdisjoint(said) and not self.two_text.isdisjoint(pairwise(said)):
            out.update(a for a, b in pairwise(said) if (a, b) in self.two_text)
        return out

    def may_name(self, text: str, said: list[str] | None = None) -> bool:
        """Whether a name may start in the text; `said`: its words as `as_words` cuts them, as text, where they are
        cut already."""
        if self.always:
            return True
        if said is not None:
            if not self.one_text.isdisjoint(said):
                return True
            if self.firsts_text.isdisjoint(said):
                return False
            return not self.two_text.isdisjoint(pairwise(said))
        words = as_words(text)
        if words is None:
            return True
        if not self.one.isdisjoint(words):
            return True
        if self.firsts.isdisjoint(words):
            return False
        return not self.two.isdisjoint(pairwise(words))


def _variants(name: str) -> set[str]:
    """The ways a text may write a name (`lexicon._pattern`), lower case, blanks one space: a hyphen as a blank or nothing,
    the last word's plural or singular."""
    out = {""}
    for ch in name.lower():
        if ch == " ":
            out = {v + " " for v in out}
        elif ch == "-":
            out = {v + " " for v in out} | out
        else:
            out = {v + ch for v in out}
    last = name.split()[-1]
    if last.isalpha() and len(last) >= 4 and not last.isupper():
        cut = last.endswith("s") and not last.endswith(("ss", "us", "is"))
        out |= {v[:-1] if cut else v + "s" for v in out}
    return out
