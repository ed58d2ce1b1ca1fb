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
from typing import Any

from docent.schema import LexiconEntry

from .lexicon_keys import Keys, Openings

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
        self._opens = Openings(names)
        self._keys = Keys(names)

    @classmethod
    def empty(cls) -> Lexicon:
        return cls(())

    def names(self, text: str) -> set[str]:
        return self.find(text)[0]

    def _word_starts(self, text: str, firsts: set[str] | None = None) -> list[int]:
        """Where `_starts` finds a name's first character at a word's start. In ASCII text, where every first
        character is a word's or a dot, those are the starts of the runs of word characters and dots whose first
        character is one, found with str's methods: the pattern, tried at every character, cost some 45 k
        instructions a sentence. `firsts`: the words a name may begin with here (`Keys.firsts_in`), where the text's
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
        its words as `as_words` cuts them (lower case, cut at every mark and blank), as text, where the caller has them."""
        found: set[str] = set()
        if self._starts is None:
            return found, text
        firsts = None
        if words is not None and not self._keys.always:
            # A name starts only where the text's words begin with its own (`Keys`): the words it may begin with.
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
            # No name can start at `i` where its three characters are ASCII and begin none (`Openings`), looked
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


# A text as runs of word characters and dots, lower case, for `_word_starts`: bytes' table, one C loop, for ASCII.
_RUNS = bytes(c if c < 128 and (chr(c).isalnum() or chr(c) in "_.") else 32 for c in range(256))


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
