"""The site's own names, and the proper names a sentence uses, for the gate.

The site's names are the labels of its pages, home sections, parts, experiments and their presets, tours,
offers, page actions and fields (with their options), and the titles of the record's sections. A sentence may
write one exactly, with or without quote marks ("How I work is open.", "The Kafka event backbone page"), so the
gate takes them out before the rules that a name could trip: first person, the lexicon, numbers, polarity,
roles and proper names. Only the whole name is taken out, its first letter in either case and the rest as
written; the words of a name used in a sentence of fact still have to be in the record.

A proper name (a capitalised word inside a sentence, or a word the record writes as a name, such as Tessellate,
opening a sentence, or one there that is no common English word and that the record never writes in lower case; a
word written in lower case is none: "double encoding" beside "Double Submit Cookie") must be
one its cited sections mention: a citation vouches for the facts of
one employer, not for the name of another ("Since March 2021 she has been a staff engineer at Tessellate
Freight [[roles-alderway]]").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from importlib import resources

from docent.schema import Action, Experiment, Field, Manifest, Offer, Page, Part, Section, Tour

from .words import CONTRACTION, LETTERS, fold, found

_QUOTES = "\"“”‘’'«»*_"
_TOKEN = re.compile(r"[^\W\d_][\w’'\-]*")
_CAPITALISED = re.compile(r"[A-ZÀ-ÖØ-Þ][\w’'\-]*")
_FIRST = re.compile(r"[^\W\d_]+(?:[-'’][^\W\d_]+)*")
_OPENERS = frozenset(".!?:;\"“‘«(-•\n")
# A word joined by a hyphen to digits ("Router-3", "HTTP-01"): no word of English, a name wherever it stands, opening a
# sentence too (where any word is capitalised), so that digits a section never gives the name are read there.
_NUMBERED = re.compile(r"-\d")


def manifest_names(manifest: Manifest) -> list[str]:
    """Every label of the site's map a visitor can see: pages, sections, parts, experiments, presets, tours,
    offers, actions, fields and their options."""
    m = manifest
    names: list[str] = []
    items: list[Page | Section | Part | Experiment | Tour | Offer | Action | Field] = [
        *m.pages, *m.sections, *m.parts, *m.experiments, *m.tours, *m.offers, *m.actions, *m.fields]
    for item in items:
        names.append(item.label)
        if isinstance(item, Experiment):
            names += [p.label for p in item.presets]
        if isinstance(item, Field):
            names += [o.label for o in item.options]
    return names


class SiteNames:
    """One matcher for all of the site's names, built once per bundle; `mask` takes each one out of a text."""

    def __init__(self, names: Iterable[str]) -> None:
        wanted = sorted({" ".join(n.split()) for n in names if n and n.strip()}, key=len, reverse=True)
        self.names = tuple(wanted)
        # A name can only be in a text that has its longest word: most texts are let go without a pattern.
        keys = [max(_FIRST.findall(n.lower()), key=len, default="") for n in wanted]
        # Each longest word's names (their places in `names`, lower case), for `_held`.
        self._named: dict[str, list[tuple[int, str]]] = {}
        # A name with no word ("0.13.0") or beyond ASCII ("Sponsorship Tiers 🎁"), whose lower case may not be its
        # pattern's: found by all of it but its first character, in the text with its blanks made one space.
        self._unkeyed: list[tuple[int, str]] = []
        for i, (key, name) in enumerate(zip(keys, wanted, strict=True)):
            if key and name.isascii():
                self._named.setdefault(key, []).append((i, name.lower()))
            else:
                self._unkeyed.append((i, name[1:]))
        self._keys = frozenset(self._named)
        self._patterns: dict[tuple[int, ...], re.Pattern[str]] = {}  # the pattern of a few names, by their places

    def mask(self, text: str, words: set[str] | None = None) -> str:
        """The text with each of the site's names blanked out; `words` (its lower-case words, `words.LETTERS`) skip
        most texts."""
        if not self.names or (words is not None and not self._unkeyed and self._keys.isdisjoint(words)):
            return text
        held = self._held(text, words)
        if not held:
            return text  # no name of the site is in it: the pattern of them all would find none
        pattern = self._patterns.get(held)
        if pattern is None:
            if len(self._patterns) >= _PATTERNS_KEPT:
                del self._patterns[next(iter(self._patterns))]
            pattern = self._patterns[held] = _compile([self.names[i] for i in held])
        return pattern.sub(" ", text)

    def _held(self, text: str, words: set[str] | None) -> tuple[int, ...]:
        """The places in `names` of the names a text may hold: it has a name's longest word (as a run of its words'
        parts: "limits" in "limits-based", where the pattern finds "Rate limits") and the whole name, lower case,
        blanks one space; or, for a name with no word or beyond ASCII, all of it but its first character (which its
        pattern reads in either case), blanks one space. A name the pattern of them all matches passes these, and the
        others match nowhere in the text: the pattern of these alone, in their order, masks what it masks (the
        pattern of them all read every text of a site with such a name, and every text beyond ASCII)."""
        lowered = text.lower()
        if words is None:
            words = set(found(LETTERS, lowered))
        flat = " ".join(lowered.split())
        held = {
            i
            for word in words
            for part in (_parts(word) if "-" in word or "'" in word or "’" in word else (word,))
            for i, name in self._named.get(part, ())
            if name in flat
        }
        if self._unkeyed:
            plain = " ".join(text.split())
            held.update(i for i, rest in self._unkeyed if rest in plain)
        return tuple(sorted(held))

    def __bool__(self) -> bool:
        return bool(self.names)


def _parts(word: str) -> list[str]:
    """A word joined by hyphens or apostrophes ("rate-limits-based"), and each run of its parts ("rate", "limits",
    "rate-limits", ...), as written."""
    spans = [m.span() for m in _LETTER_RUN.finditer(word)]
    return [word[a[0] : b[1]] for i, a in enumerate(spans) for b in spans[i:]]


_LETTER_RUN = re.compile(r"[^\W\d_]+")
_PATTERNS_KEPT = 512  # patterns of a few names a bundle keeps, the oldest let go past that


def _compile(names: list[str]) -> re.Pattern[str]:
    alternatives = []
    for name in names:
        words = name.split()
        first = words[0]
        head = f"[{re.escape(first[0].lower())}{re.escape(first[0].upper())}]{re.escape(first[1:])}" if first[0].isalpha() else re.escape(first)
        alternatives.append(r"\s+".join([head, *map(re.escape, words[1:])]))
    quote = f"[{re.escape(_QUOTES)}]*"
    # A name joined by a hyphen to digits is part of a longer name ("HTTP-01", "Router-1"): masked, its digits would
    # be left standing alone, a figure (`numbers._digits` reads "ISO-8601" as a name's digits).
    return re.compile(rf"{quote}(?<![\w])(?:{'|'.join(alternatives)})(?![\w]|-\d){quote}")


def record_words(texts: Iterable[str]) -> tuple[frozenset[str], frozenset[str]]:
    """The words a record writes as names: capitalised inside its sentences (Tessellate, Alderway), lower case; and
    the stems of the words it writes in lower case: its everyday vocabulary, the English and the terms of its own prose
    ("caches", "route", "alternatively").

    A word it also writes in lower case inside a sentence ("freight" of "Tessellate Freight" and "road
    freight") is an everyday word too, and no name.
    """
    found: set[str] = set()
    ordinary: set[str] = set()
    for text in texts:
        for m in _TOKEN.finditer(text):
            word = m.group(0)
            if word[0].isupper():
                if not _starts_sentence(text, m.start()):
                    found.add(_fold(word))
            elif word[0].islower():
                ordinary.add(_fold(word))
    return frozenset(found - ordinary), frozenset(filter(None, map(fold, ordinary)))


def page_intros(page_text: Mapping[str, str], first_titles: Mapping[str, str]) -> dict[str, str]:
    """Each record page's opening paragraph, before its first section ("Alderway Bank, 2021–2022."): the context
    its sections share, which names the employer a section's own text may leave out. Only prose: an opening
    with a table or a list (the roles page's timeline names every employer) vouches for no section's names.
    `first_titles`: page -> its first section's title."""
    intros = {}
    for page, title in first_titles.items():
        lines = (page_text.get(page) or "").split("\n")
        if title in lines and lines.index(title) == 1:  # one line: the heading and its prose, no table or list
            intros[page] = lines[0]
    return intros


def proper_names(text: str, *, record: frozenset[str], skip: frozenset[str], everyday: frozenset[str]) -> list[str]:
    """The proper names a text uses: capitalised words inside its sentences, and, opening one (or a table's cell), a
    word the record writes as a name (`record`) or one that is no English word (`ENGLISH`) and that it never writes
    in lower case in any form (`everyday`, the stems of the words it writes in lower case, `record_words`):
    "Tessellate caches ..." where the record knows no "tessellate" (no common English word); not "Caching ...",
    "Alternatively, ..." or "Since ..."; a word joined by a hyphen to digits ("Router-3 has ...") wherever it stands.
    A word in -ing opening a sentence is a verb more likely than a name (one the record writes in a code example's
    string, or a gerund it never writes: "Tweaking ...").

    `skip` (lower case) are words that are never checked here: stop words, the owner's name, the lexicon's
    words (the lexicon rule checks those).
    """
    found = []
    at = 0
    # One `search` at a time, not `finditer`, whose scanner costs more to begin than most sentences' one or two words.
    while (m := _CAPITALISED.search(text, at)) is not None:
        start, at = m.span()
        if start and (text[start - 1].isalnum() or text[start - 1] in "’'-_"):
            continue  # inside a word: "McKinsey" is found at its M
        word = m.group(0)
        folded = _fold(word)
        if folded in skip or len(folded) < 2:
            continue
        if not _starts_sentence(text, start) or _NUMBERED.search(word) or not folded.endswith("ing") and (
            folded in record or _unwritten(folded, everyday, titled=word[1:].islower())
        ):
            found.append(word.rstrip("'’-"))  # "Leaving X at None ...", "Serving the site ...": a verb opens it
    return found


def _unwritten(folded: str, everyday: frozenset[str], *, titled: bool = False) -> bool:
    """Whether a word (lower case) is no word of English (`ENGLISH`) nor one the record writes in lower case in any
    form: "tessellate", not "caches", "watch" or "separately" (an adverb in -ly is its adjective's word), nor a
    contraction's tail ("It'll"). A word capitalised only at its first letter (`titled`; not "MultiMarkdown") may be
    one English makes of a known word (`_derived`): "Programmatically", "Installable", "Unfiltered"."""
    for part in _LETTER_RUN.findall(CONTRACTION.sub("", folded) if "'" in folded else folded):  # "built-in": each part
        stem = fold(part)
        if stem is None or stem in everyday or stem in ENGLISH:
            continue
        if part.endswith("ly") and _known(part[:-2], everyday):
            continue
        if not titled or not _derived(part, everyday):
            return True
    return False


# The endings English derives a word with from a known one, and what the known one ends in instead: "programmatically"
# of "programmatic" (and that of "program"), "prioritization" of "prioritize", "installable" of "install",
# "validators" of "validate", "idempotency" of "idempotent", "mentees" of "mentor". Not an agent's "-er" alone, which
# names are made with ("Docker", "Typer"), nor a compound of two words ("Firefox", "Whitetail").
_ENDINGS = (
    ("ically", ("ic", "ical")), ("ally", ("al",)), ("izations", ("ize",)), ("ization", ("ize",)),
    ("isations", ("ise",)), ("isation", ("ise",)), ("ations", ("", "e", "ate")), ("ation", ("", "e", "ate")),
    ("izable", ("ize",)), ("isable", ("ise",)), ("able", ("", "e")), ("ible", ("", "e")),
    ("izers", ("ize",)), ("izer", ("ize",)), ("isers", ("ise",)), ("iser", ("ise",)), ("ators", ("ate",)),
    ("ator", ("ate",)), ("ency", ("ent",)), ("ancy", ("ant",)), ("ness", ("",)), ("ments", ("",)), ("ment", ("",)),
    ("ful", ("",)), ("less", ("",)), ("ity", ("", "e")), ("atic", ("",)), ("ees", ("", "e", "or")),
    ("ee", ("", "e", "or")),
)
# The prefixes that undo or repeat what a known word says ("Deserializes", "Misconfigured", "Revalidated"), before five
# letters or more, and only before a participle, a verb in -ize or a derived word ("Unfiltered", "Unprocessable"): a
# prefix and a bare word makes names too ("Unsplash", "Unbounce"; "Recharts", "Remotion", "Retable" of "charts",
# "motion", "table"), so "Reimport" stays a name, as before the prefixes were read.
_PREFIXES = ("un", "re", "de", "dis", "mis", "non")
_PARTICIPLES = ("ed", "en", "ize", "izes", "ise", "ises")
_ROOT = 3  # the fewest letters an ending leaves
_PREFIXED = 5  # the fewest letters a prefix leaves


def _derived(part: str, everyday: frozenset[str]) -> bool:
    """Whether a word (lower case, letters only) is one English derives from a known word, by a prefix (`_PREFIXES`),
    an ending (`_ENDINGS`, two at most: "programmatically" of "program") or both ("deserialization")."""
    for prefix in _PREFIXES:
        if part.startswith(prefix) and len(part) - len(prefix) >= _PREFIXED:
            rest = part[len(prefix):]
            if _ended(rest, everyday, 2) or rest.endswith(_PARTICIPLES) and _known(rest, everyday):
                return True
    return _ended(part, everyday, 2)


def _ended(part: str, everyday: frozenset[str], endings: int) -> bool:
    """Whether a word is a known one with an ending of `_ENDINGS` (`endings` of them at most)."""
    for ending, instead in _ENDINGS:
        if part.endswith(ending) and len(part) - len(ending) >= _ROOT:
            root = part[: -len(ending)]
            roots = [root, root[:-1]] if len(root) > _ROOT and root[-1] == root[-2] else [root]  # "programm"
            for known in (r + tail for r in roots for tail in instead):
                if _known(known, everyday) or endings > 1 and _ended(known, everyday, endings - 1):
                    return True
    return False


def _known(word: str, everyday: frozenset[str]) -> bool:
    stem = fold(word)
    return stem is not None and (stem in ENGLISH or stem in everyday)


# The stems of English's common words: SCOWL's size-50 lists, American and British (`data/english.txt`, derived by
# `tests/lexicon/scowl.py`; `data/README.md` says how). The embedded model reads them too (`offline/english.py`).
ENGLISH = frozenset(resources.files(__package__).joinpath("data/english.txt").read_text(encoding="utf-8").split())


def _starts_sentence(text: str, i: int) -> bool:
    """Whether the word at `i` opens a sentence, an item or a quotation, where any word is capitalised."""
    j = i - 1
    while j >= 0 and text[j] in " \t\u00a0":
        j -= 1
    return j < 0 or text[j] in _OPENERS


def _fold(word: str) -> str:
    word = word.lower().replace("’", "'").rstrip("'-")
    return word[:-2] if word.endswith("'s") else word
