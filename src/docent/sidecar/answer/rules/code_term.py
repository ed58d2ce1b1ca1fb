"""`code_term`: inline code is a term: each piece must be written so in one of the sections the sentence cites (or,
uncited, the sections the answer has cited), or be composed of one cited unit's own words: the unit writes the
piece's words in a row, in their order, joined in the piece by `_`, `-`, `.` or `:` (`default-groups` from "the
default groups"), or the piece is the setting the section is titled by and a value the unit gives ("`strict: true`"
where the section titled "strict" says "Set to true to halt processing"). A word no such unit writes (a value the
section does not give there, a name it never uses), or words it writes apart (`call_delay` from "a failed call, with
a delay of 30 seconds"), are still held. A name the record writes in `WIDELY` sections or more (the site's
configuration file, its command: `mkdocs.yml`) is the site's own, whatever the sentence cites (`_widely`). A flag
or setting written with a value is the section's where the section writes it with a placeholder for the value
(`--group lint` for "--group <name>": `shape.holds`). A piece with a code annotation's marker at its end (Material's
"# (1)!", drawn by the page as a button) is held as it is without it (`quote.unmarked`)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..mentions import Mentions
from ..passage import Passage
from ..quote import unmarked
from ..shape import holds
from .types import Hold, Reading, Rule, Verdict


def check(sentence: Reading) -> Verdict:
    codes = sentence.draft.codes
    if not codes:
        return None
    mentions = sentence.grounds.mentions
    ids = sentence.ids if sentence.ids else sentence.grounds.uncited_ids()
    sections = [mentions.flat[sid] for sid in ids]
    if all(_held(code, sections) for code in codes):
        return None
    passages = [mentions.passages[sid] for sid in sentence.ids]  # composed of a unit's words: a cited sentence's only
    for code in codes:
        if not (_held(code, sections) or passages and _composed(code, passages) or _widely(code, mentions)):
            return Hold("code_term")
    return None


def _held(code: str, sections: list[str]) -> bool:
    """Whether a section holds the piece, as written or without a code annotation's marker at its end: a line quoted
    as the page's Markdown writes it ("`with self.suspend():  # (1)!`"), the marker the page's own drawing."""
    if any(holds(code, text) for text in sections):
        return True
    plain = unmarked(code)
    return plain != code and bool(plain.strip()) and any(holds(plain, text) for text in sections)


WIDELY = 5  # sections: a name the record writes in this many is the site's own vocabulary (`_widely`)
# A name: a file, a command or a flag (`mkdocs.yml`, `faas-cli`, `mkdocs serve`, `--strict`): letters, and a dot, a
# dash, a slash or one blank; no value (`true`, `'site'`, `1Gi`) and no setting given one (`strict: true`).
_NAME = re.compile(r"(?=[^ ]*[a-z])(?=.*[./ -])[a-z.-][\w./-]*(?: [\w./-]+)?", re.IGNORECASE)


def _widely(code: str, mentions: Mentions) -> bool:
    """Whether a piece of inline code is a name the record writes, as a word, in `WIDELY` sections or more: the site's
    configuration file, its command (`mkdocs.yml` on MkDocs's settings, each a section that never writes it), which a
    sentence may name whatever it cites, as any section's reader knows it. A name few sections write is still theirs."""
    memo = mentions.widely
    known = memo.get(code)
    if known is None:
        piece = code.strip()
        known = len(piece) >= 4 and _NAME.fullmatch(piece) is not None and _count(piece, mentions.flat.values())
        if len(memo) >= MEMO:  # bounded, the pieces being the model's: the oldest goes, the new ones are kept
            del memo[next(iter(memo))]
        memo[code] = known
    return known


MEMO = 4_096  # pieces whose count a bundle keeps (`Mentions.widely`)


def _count(piece: str, texts: Iterable[str]) -> bool:
    """Whether `WIDELY` of the texts write the piece as a word: the count stops there (the site's own file name is in
    hundreds of sections, each read with a search, on the event loop)."""
    written = re.compile(rf"(?<![\w.-]){re.escape(piece)}(?![\w-]|\.\w)")
    seen = 0
    for text in texts:
        if piece in text and written.search(text):
            seen += 1
            if seen >= WIDELY:
                return True
    return False


_WORD = re.compile(r"[a-z0-9]+")
_PIECE = re.compile(r"[\w.:=-]+(?: [\w.:=-]+)?")  # words joined by `_`, `-`, `.`, `:`, `=`, at most one blank


def _composed(code: str, passages: list[Passage]) -> bool:
    """Whether a piece of inline code is composed of the words of one unit of a cited section: the unit writes its
    words in a row in the same order (`default-groups` from "the default groups"), or the piece is a setting the
    section is titled by and a value the unit gives (`strict: true` where the section titled "strict" says "Set to true
    to halt processing"). Two words at least, nothing but words and their joins (no brackets, quotes or operators: a
    value or an expression is no term composed of prose). Words a unit writes apart (`call_delay` from "a failed call,
    with a delay of 30 seconds") make no name it gives: a made-up name is held."""
    lowered = code.strip().lower()
    if _PIECE.fullmatch(lowered) is None:
        return False
    words = tuple(_WORD.findall(lowered))
    if len(words) < 2:
        return False
    name, _, value = lowered.partition(":") if ":" in lowered else lowered.partition("=")
    named, valued = tuple(_WORD.findall(name)), tuple(_WORD.findall(value))
    for p in passages:
        title, units = _words(p)
        for unit in units:
            if _in_a_row(words, unit) or (named and valued and _in_a_row(named, title) and _in_a_row(valued, unit)):
                return True
    return False


def _in_a_row(words: tuple[str, ...], text: tuple[str, ...]) -> bool:
    """Whether `text` writes `words` one after another, in their order."""
    n = len(words)
    return any(text[i:i + n] == words for i in range(len(text) - n + 1))


def _words(p: Passage) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]:
    """A section's title words and each unit's lower-case words, in their order, made once per bundle."""
    return p.facts("code words in order", lambda p: (
        tuple(_WORD.findall(p.title.text.lower())), tuple(tuple(_WORD.findall(u.text.lower())) for u in p.units)))


# Asked before unknown_term for a sentence that cites nothing, after it for one that cites sections.
# Sure: inline code is a name, written so or composed of one unit's words; one no section writes is not the record's.
UNCITED = Rule("code_term", check, cited=False, sure=True)
CITED = Rule("code_term", check, cited=True, sure=True)
