"""How a number is written in words: the number words ("forty", "a dozen", "twenty-two"), a unit of one ("an hour",
"every week", "/month"), a frequency ("weekly"), "the two" that counts nothing, and the quick test whether a text may
state a number at all (`may_state`). `numbers` reads what these find, with its unit, as a quantity.
"""

from __future__ import annotations

import re

_SMALL = {
    "zero": 0, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
    "seventeen": 17, "eighteen": 18, "nineteen": 19, "dozen": 12,
}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
UNITS_OF_ONE = {
    "one": 1.0, "a": 1.0, "an": 1.0, "every": 1.0, "each": 1.0, "per": 1.0, "/": 1.0, "half": 0.5, "half a": 0.5,
    "half an": 0.5,
}
_DIGITS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9}
# A frequency is a duration too: "weekly" says what "every week" and "a week" say.
FREQUENCIES = {
    "hourly": 3600.0, "daily": 86400.0, "nightly": 86400.0, "weekly": 604800.0, "fortnightly": 1209600.0,
    "biweekly": 1209600.0, "monthly": 2592000.0, "quarterly": 7776000.0, "yearly": 31536000.0,
    "annually": 31536000.0, "annual": 31536000.0,
}

_number_words = "|".join(sorted([*_SMALL, *_TENS], key=len, reverse=True))
# After "a", "an" or "one" only a unit that cannot start another phrase: "a second engineer", "a quarter of".
_whole_units = "minutes?|hours?|days?|weeks?|fortnights?|months?|years?"
# The words' pattern, apart from the digits' (`numbers`): it starts with what it looks for, so the engine skips ahead.
WORD_TOKEN = re.compile(
    rf"""
    \b(?:(?P<word>(?:{"|".join(_TENS)})(?:[\s\-](?:{"|".join(_DIGITS)}))?|{_number_words})(?!\w)
    | (?P<one>(?:half\s+an?|one|an?|half|every|each|per)[\s\-]+|/\s*)(?=(?:{_whole_units}|nights?)(?!\w))
    | (?P<often>{"|".join(FREQUENCIES)})(?!\w))
    """,
    re.IGNORECASE | re.VERBOSE,
)
# The same for ASCII text in lower case (`numbers._worded`): there lower case is all IGNORECASE changes, and without the flag
# the engine passes over an alternative whose first letter differs at a glance, where with it each is tried letter by
# letter (its words are written in lower case). The same matches at the same places, in a quarter of the time.
WORD_TOKEN_LOWER = re.compile(WORD_TOKEN.pattern, WORD_TOKEN.flags & ~re.IGNORECASE)
OFTEN_UNIT = re.compile(rf"\s+({_whole_units})(?!\w)", re.IGNORECASE)
ARTICLE = re.compile(r"\b(?:a|an|one)\s+$", re.IGNORECASE)
_THE = re.compile(r"\b(?:the|these|those)\s+$", re.IGNORECASE)
_NEXT = re.compile(r"\s+([^\W\d_]+)(?:\s+([^\W\d_]+))?")
_SINGULAR_S = frozenset(("is", "was", "has", "does", "this", "its", "us", "as", "less", "across", "always", "perhaps"))
_PLURALS = frozenset(("people", "men", "women", "children", "data", "media", "criteria", "feet", "teeth"))


def anaphoric(text: str, m: re.Match[str]) -> bool:
    """"the two" standing for things already named, no count of its own: "requests and httpx, as the two differ a
    bit", "the two of them". A count is followed by what it counts, a plural: "the two largest services"."""
    if not _THE.search(text, max(0, m.start() - 7), m.start()):
        return False
    nxt = _NEXT.match(text, m.end())
    if nxt is None:
        return not text[m.end() : m.end() + 1].isalnum() and text[m.end() : m.end() + 1] != "-"
    return not any(w and (w.lower() in _PLURALS or w.lower().endswith("s") and w.lower() not in _SINGULAR_S)
                   for w in nxt.groups())


_NUMBER_WORDS = frozenset([*_SMALL, *_TENS, *FREQUENCIES])
_ONES = frozenset(("half", "one", "a", "an", "every", "each", "per"))
_WHOLE_UNITS = frozenset(
    f"{u}{s}" for u in ("minute", "hour", "day", "week", "fortnight", "month", "year", "night") for s in ("", "s")
)


def words_may_state(words: set[str]) -> bool:
    """Whether a text's lower-case words may write a number: a number word, or "an", "every" ... before a unit."""
    if words & _NUMBER_WORDS or words & _ONES and words & _WHOLE_UNITS:
        return True
    # "twenty-two", "five-week": a hyphen joins a number word to the next.
    return any(w.partition("-")[0] in _NUMBER_WORDS for w in words if "-" in w)


def may_state(text: str, words: set[str], *, digits: bool = True) -> bool:
    """A quick test before `numbers.quantities`: a digit, or the words a number can be written with. `digits`: False where
    the caller knows the text holds no digit (the pattern's search is left out)."""
    if not words.isdisjoint(_NUMBER_WORDS) or not words.isdisjoint(_ONES) and not words.isdisjoint(_WHOLE_UNITS):
        return True
    if "-" in text and any(w.partition("-")[0] in _NUMBER_WORDS for w in words if "-" in w):  # `words_may_state`
        return True
    return digits and _DIGIT.search(text) is not None


_DIGIT = re.compile(r"\d")


def word_value(word: str) -> float:
    parts = re.split(r"[\s\-]+", word)
    if parts[0] in _TENS:
        return float(_TENS[parts[0]] + (_DIGITS[parts[1]] if len(parts) > 1 else 0))
    return float(_SMALL[parts[0]])
