"""A sentence as the model wrote it, made into what the visitor reads and what the rules read.

The visitor reads plain text: the citations, a list or heading marker (a task list's box with it) and the Markdown
marks taken off, the marks kept as spans over it, a link's words kept and its address dropped (an image stays: it
is markup), a bare address read as inline code. The rules read the same text with its inline code blanked (code is
checked on its own, as a term its sections must hold, so `my_var`, `<Response [200 OK]>` or `port=8000` are never
taken for the first person, markup or a figure), and the inline code's contents.

A bold label ("**No backoff:** Every client retries") opens what follows it as a sentence's start does: a capital
there is the phrase's first word, not a name or a value written inside a sentence ("None", "Lax"). The rules read
such a first word, one of the common words (`words.STOP_WORDS`) with more words after it, in lower case (`opened`);
a table's cells are read so too (`tables`).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from .events import Item
from .markdown import CITATION
from .marks import inline, item, unlinked
from .words import STOP_WORDS

_HEADING = re.compile(r"^#{1,6}\s+")
_CODE = re.compile(r"(`{1,2})(?!`)(.+?)(?<!`)\1(?!`)")
# a closing mark ends a word; one that begins one (".body()", "the .env file", ".5 s", "../tests/", "./run.sh") keeps
# its space: the run of marks must end the text or meet a blank (round 27: "at ../resources/tests/" was shown as
# "at../resources/tests/", and the check was asked that). Read after
# the blanks are made single spaces (`_tidy`): a space, not `\s+`, which the engine would try at every character
# (a sentence's tidying 12 k -> 5 k instructions)
_SPACE_BEFORE_MARK = re.compile(r" (?=[.,;:!?…)\]”’]+(?: |$))")
_HOLE = "\ue000"  # a private-use character holds inline code's place while the prose around it is tidied
_HOLES = re.compile(f"{_HOLE}(\\d+){_HOLE}")
_OPENING = re.compile(r"([A-Z])([a-z]*)(?= \S)")  # a capitalised word with more words after it
# A bare address is read as inline code, a term its sections must hold: the model writes no address of its own.
_ADDRESS = re.compile(r"(`{1,2})(?!`).+?(?<!`)\1(?!`)|(?<![\w<`])https?://[^\s<>`]*[^\s<>`.,;:!?)\]\"'”’*_]")


_new = tuple.__new__  # a named tuple made without its `__new__`'s frame (one a sentence: some 2 k instructions)


class Shaped(NamedTuple):
    text: str  # what the visitor reads
    spans: tuple[tuple[str, int, int], ...]  # (kind, start, end) over `text`: code, strong, em
    item: Item | None  # the list item the sentence begins
    prose: str  # `text` with its inline code blanked: what the rules read
    codes: tuple[str, ...]  # the inline code's contents, in order


def shape(raw: str) -> Shaped:
    """`raw` is a sentence as written, citations included."""
    text = CITATION.sub(" ", raw).strip() if "[[" in raw else raw.strip()
    marker, text = item(unlinked(text))
    if "://" in text:
        text = _ADDRESS.sub(lambda m: m.group(0) if m.group(1) else f"`{m.group(0)}`", text)
    if marker is None and text.startswith("#"):
        text = _HEADING.sub("", text)
    # Plain prose, as most sentences are: none of the marks inline code and emphasis are written with (three searches
    # cost a tenth of a pattern's).
    if "`" not in text and "*" not in text and "_" not in text:
        text = _tidy(text)
        return _new(Shaped, (text, (), marker, text, ()))
    holes: list[str] = []

    def hold(m: re.Match[str]) -> str:
        holes.append(m.group(0))
        return f"{_HOLE}{len(holes) - 1}{_HOLE}"

    text = _CODE.sub(hold, text)
    text = _tidy(text)
    if holes:
        text = _HOLES.sub(lambda m: holes[int(m.group(1))], text)
    plain, spans = inline(text)
    codes = tuple(plain[s.start : s.end] for s in spans if s.kind == "code")
    prose = plain
    for s in sorted((s for s in spans if s.kind == "code"), key=lambda s: -s.start):
        prose = prose[: s.start] + " " + prose[s.end :]
    prose = _tidy(prose)
    if spans and spans[0].kind == "strong" and spans[0].start == 0:
        prose = _after_label(plain, spans[0].end, prose)
    return _new(Shaped, (plain, tuple((s.kind, s.start, s.end) for s in spans), marker, prose, codes))


def _after_label(plain: str, end: int, prose: str) -> str:
    """The prose with the phrase after a leading bold label ("**Default:** ...", "**Default**: ...") opened."""
    if not (plain[end - 1 : end] == ":" or plain[end : end + 1] == ":"):
        return prose
    colon = prose.find(": ")
    return prose if colon < 0 else prose[: colon + 2] + opened(prose[colon + 2 :])


def opened(phrase: str) -> str:
    """A phrase that begins where a sentence may (a table's cell, what follows a bold label) as the rules read it: its
    first word, a common one capitalised with more words after it ("Every client retries"), in lower case."""
    m = _OPENING.match(phrase)
    if m is None or (m.group(1).lower() + m.group(2)) not in STOP_WORDS:
        return phrase
    return phrase[:1].lower() + phrase[1:]


def _tidy(text: str) -> str:
    """Every run of blanks one space, none at the ends or before a closing mark."""
    # str.split's blanks are re's \s: one space is left. A text whose only blanks are single spaces inside it is left
    # as it is without the split (every blank but the space is a character `isprintable` refuses).
    if "  " in text or not text.isprintable() or text[:1] == " " or text[-1:] == " ":
        text = " ".join(text.split())
    return _SPACE_BEFORE_MARK.sub("", text)


# `distribution = true`: a setting and its value, written as one piece where the section names the setting and then
# says the value in words ("a field distribution ... If it is set to true").
_SETTING = re.compile(r"([\w.-]+)\s*=\s*([\w.-]+)")
_VALUE_WITHIN = 160  # characters after the setting's name where the section must give its value
# Where the setting's sentence ends, and a next sentence that still speaks of it ("If it is set to true"): the value
# must be given of the setting, not of the next one the section names ("debug is false. verbose is true.").
_SENTENCE_END = re.compile(r"[.!?](?=\s|$)|\n")
_OF_IT = re.compile(r"\b(?:it|its|this)\b", re.IGNORECASE)


def holds(code: str, text: str) -> bool:
    """Whether a section's text (its prose and its code) holds a piece of inline code, blanks compared as one; a
    piece `name = value` is held where the text names the setting and gives the value shortly after it, in the
    setting's sentence or in the next one where that speaks of "it"."""
    if " ".join(code.split()) in text:
        return True
    if _filled(code.strip(), text):
        return True
    setting = _SETTING.fullmatch(code.strip())
    if setting is None:
        return False
    name, value = (re.escape(g) for g in setting.groups())
    return any(
        re.search(rf"(?<![\w.-]){value}(?![\w.-])", _said_of(text, m.end()))
        for m in re.finditer(rf"(?<![\w.-]){name}(?![\w.-])", text)
    )


# A flag and its value (`--group lint`, `--group=lint`) or a setting given one (`GROUP=lint`): the value may fill a
# placeholder the section writes after the same name (`--group <name>`, `--group={name}`, `--output FILE`).
_FILL = re.compile(r"(-{1,2}\w[\w.-]*)(?:\s+|=)([^\s<>{}=]+)|([\w.-]+)=([^\s<>{}=]+)")
_PLACEHOLDER = r"(?:<[^<>\n]{1,40}>|\{[^{}\n]{1,40}\})"
# A usage line's metavar in capitals after a flag and a blank (`--output FILE`); after an `=` a word in capitals is a
# value (`--managed-record-types=MX`, `LOG_LEVEL=DEBUG`), and so is one a value in capitals would fill (`--type NS`
# for `--type CNAME`): values of one kind, not a placeholder filled.
_METAVAR = r"\s+[A-Z][A-Z_]{1,30}(?![\w.-])"
# Values that stand for a set or for nothing rather than name one thing (`--group all`, `--only=none`, `KEY=*`): what a
# sentence says they do is a claim of its own, which a placeholder for a name does not make.
_ANY_OF = frozenset(("all", "none", "any", "every", "everything", "nothing", "*"))


def _filled(code: str, text: str) -> bool:
    """Whether a flag or setting written with a value is one the text writes with a placeholder for its value: a
    usage line's `--group <name>` holds `--group lint`, its `KEY=<value>` holds `KEY=prod`. The name must be written
    so; a flag's blank or `=` either way (`--output FILE` holds `--output=out.txt`), a setting's `=` only; a metavar in
    capitals only after a flag's blank, and only for a value not in capitals itself (`_METAVAR`)."""
    found = _FILL.fullmatch(code)
    if found is None:
        return False
    flag, value, setting, setting_value = found.groups()
    if (value or setting_value).strip("'\"").lower() in _ANY_OF:
        return False  # `--group all`: a value that stands for a set, no name filling the placeholder
    join = r"(?:\s+|=)" if flag else "="
    name = re.escape(flag or setting)
    placeholder = rf"(?:{join}{_PLACEHOLDER}|{_METAVAR})" if flag and not value.isupper() else join + _PLACEHOLDER
    return (flag or setting) in text and re.search(rf"(?<![\w.-]){name}{placeholder}", text) is not None


def _said_of(text: str, at: int) -> str:
    """What the text says right after a setting's name at `at`: the rest of its sentence, and the next sentence where
    that speaks of "it", `_VALUE_WITHIN` characters at most."""
    end = _SENTENCE_END.search(text, at)
    if end is None:
        return text[at : at + _VALUE_WITHIN]
    after = _SENTENCE_END.search(text, end.end())
    following = text[end.end() : after.end() if after else len(text)]
    return (text[at : end.end()] + (following if _OF_IT.search(following) else ""))[:_VALUE_WITHIN]


def flat(text: str) -> str:
    """A section's text as `holds` compares it: every run of blanks one space."""
    return " ".join(text.split())
