"""`code_term`: inline code is a term: each piece must be written so in one of the sections the sentence cites (or,
uncited, the sections the answer has cited), or be composed of one cited unit's own words: every word of the piece,
in any order or joined by `_`, `-`, `.` or `:`, is a word of one unit of a cited section or of its title ("`strict:
true`" where the section titled "strict" says "Set to true to halt processing"). A word no such unit writes (a value
the section does not give there, a name it never uses) is still held."""

from __future__ import annotations

import re

from ..passage import Passage
from ..shape import holds
from .types import Hold, Reading, Rule, Verdict


def check(sentence: Reading) -> Verdict:
    codes = sentence.draft.codes
    if not codes:
        return None
    mentions = sentence.grounds.mentions
    ids = sentence.ids if sentence.ids else sentence.grounds.uncited_ids()
    sections = [mentions.flat[sid] for sid in ids]
    if all(any(holds(code, text) for text in sections) for code in codes):
        return None
    passages = [mentions.passages[sid] for sid in sentence.ids]  # composed of a unit's words: a cited sentence's only
    if passages and all(any(holds(code, text) for text in sections) or _composed(code, passages) for code in codes):
        return None
    return Hold("code_term")


_WORD = re.compile(r"[a-z0-9]+")
_PIECE = re.compile(r"[\w.:=-]+(?: [\w.:=-]+)?")  # words joined by `_`, `-`, `.`, `:`, `=`, at most one blank


def _composed(code: str, passages: list[Passage]) -> bool:
    """Whether a piece of inline code is composed of the words of one unit of a cited section (with the section's
    title words): `tool.uv.default-groups`, `strict: true`, `timeout_seconds`. Two words at least, no digit the unit
    does not write, nothing but words and their joins (no brackets, quotes or operators: a value or an expression is
    no term composed of prose)."""
    lowered = code.strip().lower()
    if _PIECE.fullmatch(lowered) is None:
        return False
    words = set(_WORD.findall(lowered))
    if len(words) < 2:
        return False
    return any(words <= (u | t) for p in passages for t, units in (_words(p),) for u in units)


def _words(p: Passage) -> tuple[frozenset[str], tuple[frozenset[str], ...]]:
    """A section's title words and each unit's lower-case words, made once per bundle."""
    return p.facts("code words", lambda p: (
        frozenset(_WORD.findall(p.title.text.lower())), tuple(frozenset(_WORD.findall(u.text.lower())) for u in p.units)))


# Asked before unknown_term for a sentence that cites nothing, after it for one that cites sections.
UNCITED = Rule("code_term", check, cited=False)
CITED = Rule("code_term", check, cited=True)
