"""The lexicon: the technologies and practices the gate's one rule knows, compiled into one fast matcher.

Matching rules:
- Case does not matter (`kafka`, `Kafka`, `KAFKA`), with one exception. A name that is also an everyday word
  of the prose an answer is written in (`Go`, `Spring`, `Swift`, `React`, `REST`, `Oracle`, `hypothesis`:
  the list is `COMMON_WORDS`), and any name of two characters or fewer (`Go`, `C`, `JS`, `uv`), matches
  only as it is written: a capitalised one only with its capital ("He wrote Go" names Go, "go live" does not),
  one in capitals only in capitals (`REST`, not "the rest"), one in lower case only in lower case (`uv`).
  A sentence that starts with such a word ("Spring is ...") names it: the price of the rule.
- Why so few: a name the matcher misses is a claim the gate does not check, and a name it finds by mistake
  only holds a sentence back. So a name is case-bound only where its everyday use in an answer about work is
  common; `Rust`, `Python` or `Ruby` are named in any case ("an expert in rust" is the claim it looks like).
- Names are whole words: `Java` is not in `JavaScript`, `Go` is not in `Google`; punctuation inside a name
  is kept (`C++`, `C#`, `.NET`, `Node.js`, `CI/CD`), and a name ending in a word character is not matched
  when `+` or `#` follows it (`C` is not named by `C++`).
- A space in a name matches any run of spaces or hyphens, a hyphen matches a hyphen, a space or nothing:
  `3-D Secure` is named by "3D Secure" and "3-D-Secure", `event sourcing` by "event-sourcing".
- A name whose last word is four letters or more (not in capitals) also matches in the singular or the plural
  ("microservice" and "microservices", "idempotency key" and "idempotency keys").
- The longest name wins where names overlap: "Spring Boot" names Spring Boot, not Spring.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from itertools import pairwise
from typing import Any

from docent.schema import LexiconEntry

# Tech names that are also everyday words of an answer about work: matched only as written.
COMMON_WORDS = frozenset(
    """
    go spring swift express react next rest make play less spark storm helm crystal rails bootstrap tailwind
    iceberg snowflake hypothesis flux tempo litmus oracle compose delta glue material solid echo fiber lambda
    shell fleet teams slack zoom notion sketch dash pyramid logo basic scheme camel arrow lean
    """.split()
)


# The bundle's entries, or the same in JSON's form ({"term", "aliases"}) as tests and benches write them.
Entries = Iterable[LexiconEntry | Mapping[str, Any]]


def entries_of(entries: Entries) -> list[LexiconEntry]:
    return [e if isinstance(e, LexiconEntry) else LexiconEntry(str(e["term"]), tuple(map(str, e.get("aliases", ()))))
            for e in entries]


class Lexicon:
    """`names(text)`: the canonical terms a text names. Built once per bundle; safe to share."""

    def __init__(self, entries: Entries) -> None:
        self.terms: tuple[str, ...] = ()
        names: dict[str, str] = {}  # name as written -> canonical term
        seen: dict[str, str] = {}  # a name two terms share belongs to the first
        same: dict[str, set[str]] = {}  # two terms that share a name are one thing under two names
        terms = []
        for entry in entries_of(entries):
            term = " ".join(entry.term.split())
            if not term:
                continue
            terms.append(term)
            for name in (term, *entry.aliases):
                name = " ".join(str(name).split())
                if not name:
                    continue
                first = seen.get(name.casefold())
                if first is None:
                    seen[name.casefold()] = term
                    names[name] = term
                elif first != term:
                    group = same.setdefault(first, {first}) | same.setdefault(term, {term})
                    for t in group:
                        same[t] = group
        self.terms = tuple(terms)
        # "Transactional outbox" (aliases: outbox pattern, outbox) and "Outbox pattern" (alias: transactional
        # outbox): a section that names one mentions the other.
        self.same: dict[str, frozenset[str]] = {t: frozenset(g) for t, g in same.items()}
        self._buckets = _compile(names)
        firsts = "".join(sorted({re.escape(k[0]) for k in self._buckets}))
        # A name starts a word: after the text's start or a character that is no word's and no dot. The
        # character before is matched, not looked behind at, so the engine scans for it quickly.
        self._starts = re.compile(rf"(?:^|[^\w.])([{firsts}])", re.IGNORECASE) if firsts else None
        heads = {k[0] for k in self._buckets}  # lower case, as the keys are
        plain = all(h.isascii() and (h.isalnum() or h in "_.") for h in heads)
        self._heads = frozenset(heads | {h.upper() for h in heads}) if plain else None
        self._opens = _Openings(names)
        self._keys = _Keys(names)

    @classmethod
    def empty(cls) -> Lexicon:
        return cls(())

    def names(self, text: str) -> set[str]:
        return self.find(text)[0]

    def _word_starts(self, text: str, firsts: set[str] | None = None) -> list[int]:
        """Where `_starts` finds a name's first character at a word's start. In ASCII text, where every first
        character is a word's or a dot, those are the starts of the runs of word characters and dots whose first
        character is one, found with str's methods: the pattern, tried at every character, cost some 45 k
        instructions a sentence. `firsts`: the words a name may begin with here (`_Keys.firsts_in`), where the text's
        words are known; a run whose first word is none of them starts no name."""
        assert self._starts is not None
        if self._heads is None or not text.isascii():
            return [m.start(1) for m in self._starts.finditer(text)]
        out = []
        at = 0
        low = text.lower()  # ASCII: each character where it stood
        for run in low.encode().translate(_RUNS).decode().split():
            at = low.find(run, at)  # no character of a run stands between two runs: it is found where it stands
            if run[0] in self._heads and (firsts is None or (run.lstrip(".").partition(".")[0] in firsts)):
                out.append(at)
            at += len(run)
        return out

    def find(self, text: str, words: list[str] | None = None) -> tuple[set[str], str]:
        """The terms a text names, and the text with each name blanked out (for the rules that come after); `words`:
        its words as `_words` cuts them (lower case, cut at every mark and blank), as text, where the caller has them."""
        found: set[str] = set()
        if self._starts is None:
            return found, text
        firsts = None
        if words is not None and not self._keys.always:
            # A name starts only where the text's words begin with its own (`_Keys`): the words it may begin with.
            firsts = self._keys.firsts_in(words)
            if not firsts:
                return found, text
        elif not self._keys.may_name(text, words):
            return found, text
        after = 0
        pieces: list[str] = []
        one, two, full = self._opens.heads
        anywhere = "" in one
        for i in self._word_starts(text, firsts):
            if i < after:
                continue
            three = text[i : i + 3]
            # No name can start at `i` where its three characters are ASCII and begin none (`_Openings`), looked
            # at here rather than in a call for each word.
            if not anywhere and len(three) == 3 and three.isascii():
                three = three.lower()
                if three not in full and three[:2] not in two and three[:1] not in one:
                    continue
            key = _key_at(text, i)
            for k in (key, key[:1]):
                entry = self._buckets.get(k)
                if entry is None:
                    continue
                m = entry[0].match(text, i)
                if m is not None:
                    found.add(entry[1][m.lastindex - 1])  # type: ignore[operator]
                    pieces += [text[after:i], " "]
                    after = m.end()
                    break
        if not found:
            return found, text
        pieces.append(text[after:])
        return found, "".join(pieces)

    def __len__(self) -> int:
        return len(self.terms)


# The characters of ASCII a name's blank or hyphen matches (`[\s\-]`), and those its end may be followed by.
_BLANKS = tuple(c for c in map(chr, range(128)) if re.match(r"[\s\-]", c))
_ENDS = tuple(c for c in map(chr, range(128)) if not re.match(r"[\w+#]", c))


class _Openings:
    """How a text may go on, three characters from where a name starts: most words of prose start no name, and are
    passed over without trying the names' patterns.

    Built from each name's pattern (`_pattern`): its letters in either case, a blank as one or more of `_BLANKS`,
    a hyphen as none or one, and after a name's last letter or digit any of `_ENDS`. A text whose next three
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
_RUNS = bytes(c if c < 128 and (chr(c).isalnum() or chr(c) in "_.") else 32 for c in range(256))  # `_word_starts`
_ASCII_WORDS = bytes(c if chr(c).isalnum() or c == 95 else 32 for c in range(128)).lower() + bytes(128)
_AS_WORDS = str.maketrans(
    {**{c: " " for c in map(chr, range(128)) if not (c.isalnum() or c == "_")},
     **dict.fromkeys("\u00a0\u00ab\u00bb\u2000\u2001\u2002\u2003\u2009\u200a\u200b\u2010\u2011\u2012\u2013\u2014\u2015"
                     "\u2018\u2019\u201a\u201c\u201d\u201e\u2022\u2026\u2028\u2029\u202f\u2192\u3000", " "),
     "\u0131": "i", "\u017f": "s"}
)


def _words(text: str) -> list[bytes] | None:
    """The text's words, lower case, cut at every mark and blank; None where a character beyond ASCII is left."""
    if text.isascii():
        return text.encode().translate(_ASCII_WORDS).split()
    text = text.lower().translate(_AS_WORDS)
    return text.encode().split() if text.isascii() else None


class _Keys:
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
                words = _words(variant) or []
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
        """The words of `said` (a text's words as `_words` cuts them, as text) that a name may begin with there: its
        only word, or its first where the next is its second. Empty: the text names nothing (`may_name`). Not for a
        lexicon whose names are read whole (`always`)."""
        out = self.one_text.intersection(said)
        if not self.firsts_text.isdisjoint(said) and not self.two_text.isdisjoint(pairwise(said)):
            out.update(a for a, b in pairwise(said) if (a, b) in self.two_text)
        return out

    def may_name(self, text: str, said: list[str] | None = None) -> bool:
        """Whether a name may start in the text; `said`: its words as `_words` cuts them, as text, where they are
        cut already."""
        if self.always:
            return True
        if said is not None:
            if not self.one_text.isdisjoint(said):
                return True
            if self.firsts_text.isdisjoint(said):
                return False
            return not self.two_text.isdisjoint(pairwise(said))
        words = _words(text)
        if words is None:
            return True
        if not self.one.isdisjoint(words):
            return True
        if self.firsts.isdisjoint(words):
            return False
        return not self.two.isdisjoint(pairwise(words))


def _variants(name: str) -> set[str]:
    """The ways a text may write a name (`_pattern`), lower case, blanks one space: a hyphen as a blank or nothing,
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


def _key_at(text: str, i: int) -> str:
    """The first two characters of a name starting at `i`, spaces and hyphens skipped, case folded."""
    pair = text[i : i + 2]
    if len(pair) == 2 and pair[1] not in " -\t\n" and pair[0] not in " -\t\n":
        return pair.lower()  # the common case, without the loop
    key = ""
    for ch in text[i : i + 8]:
        if ch in " -\t\n":
            continue
        key += ch.lower()
        if len(key) == 2:
            break
    return key


def _compile(names: dict[str, str]) -> dict[str, tuple[re.Pattern[str], list[str]]]:
    """One alternation per first two characters, longest names first, one group per name."""
    grouped: dict[str, list[tuple[str, str]]] = {}
    for name, term in names.items():
        key = _key_at(name, 0)
        if len(name.replace(" ", "").replace("-", "")) == 1:
            key = key[:1]
        grouped.setdefault(key, []).append((name, term))
    buckets = {}
    for key, items in grouped.items():
        items.sort(key=lambda item: -len(item[0]))
        pattern = "|".join(f"({_pattern(name)})" for name, _ in items)
        buckets[key] = (re.compile(pattern, re.IGNORECASE), [term for _, term in items])
    return buckets


def _pattern(name: str) -> str:
    bound = name.casefold() in COMMON_WORDS or len(name) <= 2
    parts = []
    for ch in name:
        if ch == " ":
            parts.append(r"[\s\-]+")
        elif ch == "-":
            parts.append(r"[\s\-]?")
        else:
            parts.append(re.escape(ch))
    last = name.split()[-1]
    if last.isalpha() and len(last) >= 4 and not last.isupper():
        if last.endswith("s") and not last.endswith(("ss", "us", "is")):
            parts[-1] += "?"  # keys -> key
        else:
            parts.append("s?")
    if bound and name[0].isalpha() and not (name.isupper() or name.islower() or len(name) <= 2):
        body = f"(?-i:{parts[0]})" + "".join(parts[1:])  # capitalised: the capital is the name
    elif bound:
        body = "(?-i:" + "".join(parts) + ")"
    else:
        body = "".join(parts)
    if name[-1].isalnum() or name[-1] == "_":
        body += r"(?![\w+#])"
    return body
