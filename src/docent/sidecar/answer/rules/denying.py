"""The denials a cited sentence makes, as the `polarity` rule reads them: its negations, two words joined where its
sections write them as one, less those that claim nothing its sections could gainsay: of what they only ask about,
of a thing's absence told in their words, of a default value turned down for another."""

from __future__ import annotations

import re

from .. import polarity
from ..passage import Passage, Unit, clause_around
from ..words import fold, stem, stems
from .types import Reading


def sentence_denials(sentence: Reading, text: str | None = None) -> tuple[polarity.Denial, ...]:
    """The sentence's denials (of its prose, or of `text`, another reading of it), less those of what the cited
    sections only ask about: "instead of stretching it" where they ask "whether to stretch it" (their answer is no
    word this rule reads, so it is left undecided)."""
    if text is None:
        text = sentence.text
        if not polarity.negates(text, sentence.plain_words):
            return ()
    elif not polarity.negates(text):
        return ()
    said = polarity.denials(_compounds(text, sentence), stems, most=polarity.SAID_WORDS)
    if not said:
        return ()
    asked = [_asked(sid, passage, sentence) for sid, passage in zip(sentence.ids, sentence.passages, strict=True)]
    return tuple(d for d in said if not (d.head and any(_asks(d.head, a) for a in asked) or _told_absent(d, sentence)
                                         or _default_value(d, sentence)))


# "`--interval=5m` instead of the default `1m`": a value told over the setting's default value, written as a figure or
# as code right after "default".
_OVER_DEFAULT = re.compile(
    r"\b(?:instead\s+of|rather\s+than|as\s+opposed\s+to)\s+(?:the\s+|its\s+|their\s+)?default(?:\s+value)?(?:\s+of)?"
    r"\s+[`'\"]?(\S+?)[`'\"]?(?=[\s,.;:)]|$)", re.IGNORECASE)
_DEFAULT_WORDS = frozenset(stems("default value"))


def _default_value(denial: polarity.Denial, sentence: Reading) -> bool:
    """A value chosen over the default ("5m instead of the default 1m") that a cited section gives as the default: it
    turns down a value, not a deed or a thing, and the value chosen is the number and code rules' to judge, as a scope
    of figures alone is (`polarity.denials`). A default turned down in words ("instead of the default theme"), or one
    no cited section gives ("the default 10m" against "(default 1m)"), is still a denial."""
    if not denial.instead or any(not w[:1].isdigit() and w not in _DEFAULT_WORDS for w in denial.scope):
        return False
    found = _OVER_DEFAULT.search(sentence.draft.text)
    if found is None or not (found.group(1)[:1].isdigit() or found.group(1) in sentence.draft.codes):
        return False
    # the default it names is the one a cited section gives: "(default 1m)", "defaults to 1m", "default: `1m`", the
    # first value after "default" (not the next item's: "(default 1m) - --min-event-sync-interval=5m")
    value = found.group(1)
    sections = [_defaults(sid, passage, sentence) for sid, passage in zip(sentence.ids, sentence.passages, strict=True)]
    names = [code.split("=")[0].strip() for code in sentence.draft.codes if code != value]
    given = [before for flat, defaults, _ in sections for before in _given(value, flat, defaults)]
    if names:
        return any(name and re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", before)  # not `interval` in
                   for before in given for name in names)  # "--min-event-sync-interval=5m ("
    # in words, of the setting the sentence names best among those the sections give a default of ("the minimum event
    # sync interval" is "--min-event-sync-interval=5m (default 5s)"'s, not "--interval=5m (default 1m)"'s)
    best = max((_named(before, sentence) for _, _, figures in sections for before in figures), default=0)
    return any(_named(before, sentence) >= max(best, 1) for before in given)


# A section's "default" and the value it gives, the first one after it: within 40 characters, past no full stop, line
# end, closing bracket, digit or " - ", not right after a letter, digit, "_", "." or "-", and not followed by one
# (nor by a dot and one: "1m.", not "1.5"). `_defaults` reads it once per section; `_given` for a sentence's value.
_GIVEN = r"\bdefault(?:s|ed)?\b(?:(?!\s-\s)[^.\n)\d]){0,40}?(?<![\w.-])%s(?![\w-]|\.\w)"
_FIGURE_GIVEN = re.compile(_GIVEN % r"\d[\w.]*", re.IGNORECASE)  # a figure as the default
_DEFAULT = re.compile(r"\bdefault(?:s|ed)?\b", re.IGNORECASE)
_WITHIN = 40
Defaults = tuple[tuple[int, str, tuple[int, ...]], ...]  # each "default": where it starts, `_before` it, its values' places


def _defaults(sid: str, passage: Passage, sentence: Reading) -> tuple[str, Defaults, tuple[str, ...]]:
    """A section's text as the rule reads it (`Mentions.flat`), each "default" it writes with where a value it gives
    may begin (`_places`), and what stands before each figure it gives as a default: made once per bundle."""

    def made(_: Passage) -> tuple[str, Defaults, tuple[str, ...]]:
        flat = sentence.grounds.mentions.flat[sid]
        defaults = tuple((m.start(), _before(flat, m.start()), _places(flat, m.end())) for m in _DEFAULT.finditer(flat))
        return flat, defaults, tuple(_before(flat, m.start()) for m in _FIGURE_GIVEN.finditer(flat)) if defaults else ()

    return passage.facts("defaults", made)


def _places(flat: str, at: int) -> tuple[int, ...]:
    """Where a value may begin after a "default" ending at `at` (`_GIVEN`, before its value), nearest first."""
    out = []
    for place in range(at, min(at + _WITHIN, len(flat)) + 1):
        if place > at and not _passed(flat, place - 1):
            break
        if not place or not _wordy(flat[place - 1]) and flat[place - 1] != ".":
            out.append(place)
    return tuple(out)


def _passed(flat: str, i: int) -> bool:
    """Whether `_GIVEN` reads past the character at `i` between "default" and its value."""
    c = flat[i]
    return c not in ".\n)" and not c.isdecimal() and not (c.isspace() and flat[i + 1 : i + 2] == "-"
                                                          and flat[i + 2 : i + 3].isspace())


def _word(c: str) -> bool:
    """A character of `\\w`: a letter, a digit or "_"."""
    return c.isalnum() or c == "_"


def _wordy(c: str) -> bool:
    """A character of `\\w`, or "-": what may not stand right before or after a value."""
    return _word(c) or c == "-"


def _given(value: str, flat: str, defaults: Defaults) -> list[str]:
    """What stands before each default of `value` a section gives (`_GIVEN`, its matches in turn, none overlapping)."""
    out, end = [], 0
    for start, before, places in defaults:
        if start < end:
            continue
        at = next((p for p in places if _value_at(value, flat, p)), None)
        if at is not None:
            out.append(before)
            end = at + len(value)
    return out


def _value_at(value: str, flat: str, at: int) -> bool:
    """Whether `value` stands at `at` in any case, with no character of `\\w`, "-", or a dot and one of `\\w`
    right after it."""
    written = flat[at : at + len(value)]
    same = written.lower() == value.lower() if written.isascii() and value.isascii() else (
        re.fullmatch(re.escape(value), written, re.IGNORECASE) is not None)
    after = flat[at + len(value) : at + len(value) + 2]
    return same and not (after[:1] and _wordy(after[0])) and not (after[:1] == "." and after[1:] and _word(after[1]))


_NAMED_WITHIN = 80  # characters before a section's "default" where it names the setting the sentence names
_BEFORE = re.compile(r"[\n;)]|\s-\s|\.\s")  # ...in the same line, item or sentence


def _before(flat: str, default: int) -> str:
    """What a section writes before a default it gives (its "default" at `default`), in the same line, item or
    sentence: the setting it is of."""
    return _BEFORE.split(flat[max(0, default - _NAMED_WITHIN) : default])[-1]


def _named(before: str, sentence: Reading) -> int:
    """How many words of the setting a section gives a default of the sentence says, values left out: "interval" of
    "--interval=5m (", "event", "sync" and "interval" of "--min-event-sync-interval=5m (" said "minimum event sync
    interval"."""
    return len({w for w in stems(before) & sentence.said - _DEFAULT_WORDS if not w[:1].isdigit()})


# What a section says of a thing that is not there: "If the annotation is not present", "when it is not set" (a
# denial of these), "the key is omitted", "an absent value", "if the flag is missing" (these alone).
_PRESENCE = frozenset(stems("present set specified provided given defined configured passed supplied included"))
_ABSENCE = frozenset(stems("omitted absent missing unset"))


def _told_absent(denial: polarity.Denial, sentence: Reading) -> bool:
    """ "Without the annotation, ..." (or "With no annotation, ...") opening a sentence sets the scene its sections
    set in their own words, in the cited unit that says most of what the sentence says follows (a tie: any of them):
    a denial of the thing's presence ("If the annotation is not present and ...": the thing among the words before it),
    or the thing said omitted, absent, missing or unset. What another unit says (the annotation's "If the value is
    private, use the Nodes' addresses of type InternalIP") is not what follows its absence. Only the opening phrase,
    and only the thing's absence: what the sentence says follows is judged as ever."""
    if not denial.opening or not denial.head:
        return False
    rest = stems(sentence.text.split(",", 1)[-1]) & sentence.said - {denial.head}
    units = [(len(rest & u.stems), u) for p in sentence.passages for u in p.units]
    best = max((n for n, _ in units), default=0)
    return any(n == best and denial.head in u.stems and _absent_in(denial.head, u) for n, u in units)


def _absent_in(thing: str, unit: Unit) -> bool:
    """Whether a unit says the thing absent in a clause of its own: omitted, absent, missing, unset, or not present."""
    said = any(t.stem in _ABSENCE and thing in {c.stem for c in clause_around(unit, i)} for i, t in enumerate(unit.tokens))
    return said or any(d.head in _PRESENCE and thing in d.before for d in polarity.denials(unit.text, stems))


_PAIR = re.compile(r"\b([a-z]{2,}) (?=([a-z]{2,})\b)", re.IGNORECASE)  # each word with the next, overlapping


def _compounds(text: str, sentence: Reading) -> str:
    """The text with two words joined where a cited section writes them as one ("never time out" where it says
    "without a timeout"), so that a denial is read in the sections' words."""
    words = [sentence.grounds.mentions.words[sid] for sid in sentence.ids]

    def join(m: re.Match[str]) -> str:
        joined = m.group(1) + m.group(2)
        one = fold(joined)  # its stem, kept from the last time the words were joined (a stop word's: none kept)
        if one is None:
            one = stem(joined)
        return m.group(1) if any(one in w for w in words) else m.group(0)

    return _PAIR.sub(join, text) if words else text


def _asks(head: str, asked: tuple[str, ...]) -> bool:
    """Whether a section asks whether to do what a stem names: "the question was whether to stretch it", one of the
    words `_asked` keeps beginning with the stem, in any case."""
    return any(word.lower().startswith(head) if word.isascii() and head.isascii() else
               re.match(re.escape(head), word, re.IGNORECASE) is not None for word in asked)


def _asked(sid: str, passage: Passage, sentence: Reading) -> tuple[str, ...]:
    """The words a section asks whether to do: each run of characters up to a blank that stands right after a
    "whether" and after each of its next two words (`_whether`), made once per bundle and kept with the section."""
    return passage.facts("whether", lambda _: _whether(sentence.grounds.mentions.record[sid].text))


_WHETHER = re.compile(r"\bwhether\s+", re.IGNORECASE)
_RUN = re.compile(r"\S*")
_NEXT = re.compile(r"\w+\s+")


def _whether(text: str) -> tuple[str, ...]:
    """What `_asks` reads of a section's text: where it writes "whether" in lower case anywhere, the run of characters
    up to a blank right after each "whether" (in any case) and its blanks, and after each of its next two words (a
    word and its blanks); a stem that begins one of them is what it asks whether to do."""
    if "whether" not in text:
        return ()
    out = []
    for m in _WHETHER.finditer(text):
        at = m.end()
        for _ in range(3):
            out.append(_RUN.match(text, at).group())  # type: ignore[union-attr]  # `\S*` matches anywhere
            step = _NEXT.match(text, at)
            if step is None:
                break
            at = step.end()
    return tuple(out)
