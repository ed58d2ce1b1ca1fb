"""The lexicon: the technologies and practices the gate's one rule knows, compiled into one fast matcher.

Matching rules:
- Case does not matter (`kafka`, `Kafka`, `KAFKA`), except for names that are also common English words
  or two letters or fewer (`Go`, `Rust`, `Spring`, `Swift`, `R`, `C`): those match only when their first
  letter is a capital, as a name is written. "He will go on to rust-proof it" names nothing; "He wrote
  Go" names Go. A sentence that starts with such a word ("Spring is ...") names it: the price of the rule.
- Names are whole words: `Java` is not in `JavaScript`, `Go` is not in `Google`; punctuation inside a name
  is kept (`C++`, `C#`, `.NET`, `Node.js`, `CI/CD`), and a name ending in a word character is not matched
  when `+` or `#` follows it (`C` is not named by `C++`).
- A space in a name matches any run of spaces or hyphens, a hyphen matches a hyphen, a space or nothing:
  `3-D Secure` is named by "3D Secure" and "3-D-Secure", `event sourcing` by "event-sourcing".
- A name in lower case whose last word is four letters or more also matches with a plural `s` ("microservices").
- The longest name wins where names overlap: "Spring Boot" names Spring Boot, not Spring.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

# Tech names that are also everyday English words: matched only when capitalised, as a name is written.
COMMON_WORDS = frozenset(
    """
    go rust spring swift ruby dart julia express flask rails chef puppet salt jest mocha react next nest
    ember meteor crystal scheme elm ada make ant spark storm hive pig beam airflow vault consul nomad helm
    envoy camel play gatling locust cypress parcel babel less bootstrap material slack teams zoom sketch
    notion torch celery compose lambda glue athena delta iceberg arrow dash falcon bottle pyramid tornado
    sanity ghost remix astro solid alpine stimulus turbo phoenix gin echo fiber iris rocket electron ionic
    groovy basic pascal logo shell bash fish vim atom brackets eclipse rider fleet insomnia kong caddy squid
    varnish couch cockroach titan raven mercury lean tempo
    """.split()
)


class Lexicon:
    """`names(text)`: the canonical terms a text names. Built once per bundle; safe to share."""

    def __init__(self, entries: Iterable[Mapping[str, Any]]) -> None:
        self.terms: tuple[str, ...] = ()
        names: dict[str, str] = {}  # name as written -> canonical term
        seen: set[str] = set()  # a name two terms share belongs to the first
        terms = []
        for entry in entries:
            term = " ".join(str(entry["term"]).split())
            if not term:
                continue
            terms.append(term)
            for name in (term, *entry.get("aliases", ())):
                name = " ".join(str(name).split())
                if name and name.casefold() not in seen:
                    seen.add(name.casefold())
                    names[name] = term
        self.terms = tuple(terms)
        self._buckets = _compile(names)
        firsts = "".join(sorted({re.escape(k[0]) for k in self._buckets}))
        self._starts = re.compile(rf"(?<![\w.])[{firsts}]", re.IGNORECASE) if firsts else None

    @classmethod
    def empty(cls) -> Lexicon:
        return cls(())

    def names(self, text: str) -> set[str]:
        found: set[str] = set()
        if self._starts is None:
            return found
        after = 0
        for start in self._starts.finditer(text):
            i = start.start()
            if i < after:
                continue
            key = _key_at(text, i)
            for k in (key, key[:1]):
                entry = self._buckets.get(k)
                if entry is None:
                    continue
                m = entry[0].match(text, i)
                if m is not None:
                    found.add(entry[1][m.lastindex - 1])  # type: ignore[operator]
                    after = m.end()
                    break
        return found

    def __len__(self) -> int:
        return len(self.terms)


def _key_at(text: str, i: int) -> str:
    """The first two characters of a name starting at `i`, spaces and hyphens skipped, case folded."""
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
    ambiguous = name.casefold() in COMMON_WORDS or len(name) <= 2
    parts = []
    for i, ch in enumerate(name):
        if ch == " ":
            parts.append(r"[\s\-]+")
        elif ch == "-":
            parts.append(r"[\s\-]?")
        elif i == 0 and ambiguous and ch.isalpha():
            parts.append(f"(?-i:{re.escape(ch.upper())})")
        else:
            parts.append(re.escape(ch))
    body = "".join(parts)
    last = name.split()[-1] if name.split() else name
    if last.isalpha() and len(last) >= 4 and last.lower() == last:
        body += "s?"
    if name[-1].isalnum() or name[-1] == "_":
        body += r"(?![\w+#])"
    return body
