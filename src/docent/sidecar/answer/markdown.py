"""The Markdown chat models write, read as it streams: fenced code and tables apart from prose.

A model's reply reaches the gate in fragments. `BlockReader` cuts it into prose, which goes on to the sentence
splitter as it was written, fenced code blocks, which leave whole once their closing fence has come (with
the citations written right after that fence), and tables (lines that begin with `|`), which leave whole once a
line that is no row begins (a line of citations alone right after one belongs to it). Where a piece ends depends only on the text, never on how it
was cut up: a line start that may still become a fence waits for the characters that decide it. A blockquote's
mark (`> `, a note the model sets apart) is taken off each line it starts: what it quotes is read as any other line
(prose, a list, a table, a fence whose lines are quoted too), and checked as such. A reference link's address on a
line of its own (`[1]: https://...`) is read as nothing: the link is shown as its words, the address never.

List items that cite nothing wait, whole, for the line after them: a line of citations alone after a list, or after
one blank line after it, cites each of its uncited items, as it cites a table ("- a\\n- b\\n\\n[[id]]": both items cite
`id`); any other line lets them go as written.

A line of `=` or `-` alone is an `Underline`: right under a line of prose, a setext heading's (the gate makes that
line a heading), else a thematic break. A line of citations alone after a table or a fence, or after one blank line
after it, cites it. A sentence's inline marks are read in `marks`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

# A fence may stand indented under a list item ("1. Install it:" then "    ```sh"): models indent it by the item's
# width or by four, past CommonMark's three for a fence at the margin; a line of blanks then backticks is no prose.
_FENCE_OPEN = re.compile(r"[ ]{0,12}(`{3,}|~{3,})[ \t]*([^`\s]*)[^`\n]*")
_CITATIONS_ONLY = re.compile(r"[ \t]*(?:\[\[[^\[\]\n]{1,200}\]\][ \t]*)+")
CITATION = re.compile(r"\[\[([^\[\]\n]{1,200})\]\]")  # `[[id]]` or `[[id, id]]`
# What may still become a fence's opening once more arrives: blanks and a run of ` or ~.
_MAYBE_FENCE = re.compile(r"[ ]{0,12}(?:`{1,2}|~{1,2})?")
# What may still become a line of citations alone: blanks and citations, the last perhaps unfinished.
_MAYBE_CITATIONS = re.compile(r"[ \t]*(?:\[\[[^\[\]\n]{1,200}\]\][ \t]*)*(?:\[(?:\[[^\[\]\n]{0,200}\]?)?)?")

# A reference link's address on a line of its own: `[ref]: https://... "title"`, read as nothing (`BlockReader`).
DEFINITION = re.compile(r"[ ]{0,3}\[[^\[\]\n]+\]:[ \t]*(?:<[^<>\n]*>|\S+)(?:[ \t]+(?:\"[^\"\n]*\"|'[^'\n]*'|\([^()\n]*\)))?[ \t]*")
# What may still become one once more arrives: a bracket opened at the line's start, closed by `]:` or not yet.
_MAYBE_DEFINITION = re.compile(r"[ ]{0,3}\[(?!\[)[^\[\]\n]*(?:\](?::.*)?)?")


@dataclass(frozen=True, slots=True)
class Prose:
    """Text outside any fence, as written: the sentence splitter's input."""

    text: str


@dataclass(frozen=True, slots=True)
class Fence:
    """A fenced code block as the model wrote it: its language, its lines, and the ids cited right after it."""

    language: str
    lines: tuple[str, ...]
    ids: tuple[str, ...] = ()
    closed: bool = True  # False: the reply ended inside the fence


@dataclass(frozen=True, slots=True)
class Table:
    """A table as the model wrote it: its rows' lines, and the ids cited on a line alone right after it."""

    lines: tuple[str, ...]
    ids: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Underline:
    """A line of `=` or `-` alone: right under a line of prose (`heading`), that line may be a heading (a setext
    heading); else a thematic break."""

    heading: bool


Piece = Prose | Fence | Table | Underline
_QUOTE = re.compile(r"[ ]{0,3}>[ ]?")  # a blockquote's mark at a line's start
_ROW = re.compile(r"[ ]{0,3}\|")  # a table's row: a line that begins with a pipe
_ITEM = re.compile(r"[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+\S")  # a list item's line: its marker, then its words
_MAYBE_ITEM = re.compile(r"[ \t]*(?:[-*+]|\d{1,9}[.)]?)?[ \t]*")  # what may still become one once more arrives
_UNDERLINE = re.compile(r"[ ]{0,3}(?:=+|-+)[ \t]*")  # a setext heading's underline, or a thematic break


class BlockReader:
    """Fed text in fragments; hands back prose as soon as it is known not to open a fence, and fences whole."""

    def __init__(self) -> None:
        self._pending = ""  # undecided text: a line start that may open a fence, or after a fence its citations
        self._line_start = True  # the next character starts a line
        self._fence: tuple[str, str] | None = None  # (marker, language) while inside a fence
        self._lines: list[str] = []
        self._closed: Fence | None = None  # a fence whose closing line came, waiting for citations after it
        self._rows: list[str] = []  # the lines of the table under way
        self._items: list[str] = []  # uncited list items in a row, held until what follows them is known
        self._quoted = False  # the fence under way opened inside a blockquote: its lines carry the mark too
        self._quoted_line = False  # the line under way began with a blockquote's mark, taken off
        self._prose_line = False  # the line under way, or the last, is a line of prose with words: an underline's
        # Inside a line of prose with nothing pending, as before most fragments: `feed` hands text with no line break
        # back as prose at once (the gate then gives it to the splitter itself, without a `Prose`). The state after
        # each `feed` and `finish`, read as an attribute: most fragments pay no call for it.
        self.inline = False

    def feed(self, text: str) -> list[Piece]:
        if self.inline and text and "\n" not in text:
            return [Prose(text)]  # inside a line of prose, as most fragments are: nothing to decide
        self._pending += text
        out = self._drain(final=False)
        self._settled()
        return out

    def _settled(self) -> None:
        self.inline = not self._pending and not self._line_start and self._fence is None and self._closed is None

    def finish(self) -> list[Piece]:
        out = self._drain(final=True)
        if self._items:
            out.append(Prose("".join(f"{line}\n" for line in self._items)))
            self._items = []
        if self._rows:
            out.append(Table(tuple(self._rows)))
            self._rows = []
        if self._closed is not None:
            out.append(self._closed)
            self._closed = None
        if self._fence is not None:
            lines = [*self._lines, *([self._pending] if self._pending else [])]
            out.append(Fence(self._fence[1], tuple(lines), closed=False))
            self._fence, self._lines = None, []
        elif self._pending:
            out.append(Prose(self._pending))
        self._pending = ""
        self._settled()
        return out

    def _drain(self, *, final: bool) -> list[Piece]:
        out: list[Piece] = []
        while self._pending:
            step = self._step(final=final)
            if step is None:
                break
            out.extend(step)
        return _merged(out)

    def _step(self, *, final: bool) -> list[Piece] | None:
        """One decision over the pending text; None when it needs more text."""
        if self._closed is not None:
            return self._after_fence(final=final)
        if self._fence is not None:
            return self._in_fence(final=final)
        return self._line(final=final) if self._line_start else self._prose()

    def _line(self, *, final: bool) -> list[Piece] | None:
        """At a line's start: what the line begins (a table's row, a fence, an underline, prose), once it is known."""
        text = self._pending
        taken = self._taken(text, final=final)
        if taken is not False:
            return None if taken is None else []
        newline = text.find("\n")
        line = text if newline < 0 else text[:newline]
        listed = self._item(line, newline, final=final)
        if listed is not False:
            return listed
        if self._rows or _ROW.match(line):
            return self._table(line, newline, final=final)
        opened = _FENCE_OPEN.fullmatch(line)
        if opened or _UNDERLINE.fullmatch(line) or newline < 0 and _MAYBE_FENCE.fullmatch(line):
            if newline < 0 and not final:
                return None  # "``" may yet become "```", an opening line its language, "-" an item
            self._pending = "" if newline < 0 else text[newline + 1 :]
            return self._opening(opened, line, whole=newline >= 0)
        self._prose_line = not line.isspace() and bool(line)
        return self._prose()

    def _opening(self, opened: re.Match[str] | None, line: str, *, whole: bool) -> list[Piece]:
        """A line, taken, that opens a fence (at the reply's end, `whole` false: an unclosed empty one), or a line of
        `=` or `-` alone (an underline), or at the reply's end a run of blanks or backticks, which is prose."""
        heading, self._prose_line = self._prose_line, False
        quoted, self._quoted_line = self._quoted_line, False
        if opened and whole:
            self._fence, self._quoted = (opened.group(1), opened.group(2)), quoted
            return []
        if opened:
            return [Fence(opened.group(2), (), closed=False)]
        return [Underline(heading)] if _UNDERLINE.fullmatch(line) else [Prose(line)]

    def _prose(self) -> list[Piece]:
        text = self._pending
        newline = text.find("\n")
        if newline < 0:
            self._pending, self._line_start, self._quoted_line = "", False, False
            return [Prose(text)]
        self._pending, self._line_start, self._quoted_line = text[newline + 1 :], True, False
        return [Prose(text[: newline + 1])]

    def _taken(self, text: str, *, final: bool) -> bool | None:
        """At a line's start, what is read as nothing: a blockquote's mark, or a reference link's address on a line of
        its own. True: taken off; False: nothing to take; None: undecided until more comes."""
        quote = _QUOTE.match(text)
        if quote is not None:
            if quote.end() == len(text) and not final:
                return None  # "> " may be followed by more blanks: the mark is decided with the next character
            self._pending, self._quoted_line = text[quote.end() :], True
            return True
        if text[:4].lstrip(" ")[:1] != "[" or self._rows:
            return False
        newline = text.find("\n")
        line = text if newline < 0 else text[:newline]
        if newline < 0 and not final and _MAYBE_DEFINITION.fullmatch(line):
            return None
        if not DEFINITION.fullmatch(line):
            return False
        self._pending, self._quoted_line = "" if newline < 0 else text[newline + 1 :], False
        return True

    def _item(self, line: str, newline: int, *, final: bool) -> list[Piece] | None | Literal[False]:
        """At a line's start outside a table: an uncited item held, or the items held let go (`_listed`); None while
        the line may still become an item ("3" of "3. A step"); False: no item's business."""
        if self._rows:
            return False
        if self._items or _ITEM.match(line) and "[[" not in line:
            return self._listed(line, newline, final=final)
        return None if newline < 0 and not final and _MAYBE_ITEM.fullmatch(line) else False

    def _listed(self, line: str, newline: int, *, final: bool) -> list[Piece] | None:
        """A list item that cites nothing is held, whole, with the uncited items right after it, until the line after
        them is known: a line of citations alone (or after one blank line) cites each of them, as it cites a table;
        anything else lets them go as written, and is then read as usual. None: the line must come whole first."""
        if newline < 0 and not final:
            return None
        if _ITEM.match(line) and "[[" not in line:
            self._items.append(line)
            self._pending = "" if newline < 0 else self._pending[newline + 1 :]
            self._prose_line, self._quoted_line = True, False
            return []
        cited = _citing_line(self._pending, final=final)
        if cited is None:
            return None  # a blank line: a line of citations may follow it
        items, self._items = self._items, []
        if not cited[0]:
            return [Prose("".join(f"{item}\n" for item in items))]
        self._pending, self._quoted_line = cited[1], False
        ids = ", ".join(cited[0])
        return [Prose("".join(f"{item} [[{ids}]]\n" for item in items))]

    def _table(self, line: str, newline: int, *, final: bool) -> list[Piece] | None:
        """A line at a table's start or inside one: a row is kept (whole lines only), citations alone end the table
        and are its own, anything else ends it and is then read as usual. None: the line must come whole first."""
        if newline < 0 and not final and (_MAYBE_CITATIONS.fullmatch(line) or _ROW.match(line) or not line.strip()):
            return None  # a row, or citations that may belong to the table before it
        rest = "" if newline < 0 else self._pending[newline + 1 :]
        self._prose_line = False
        if _ROW.match(line):
            self._rows.append(line)
            self._pending, self._quoted_line = rest, False
            return []
        cited = _citing_line(self._pending, final=final)
        if cited is None:
            return None  # a blank line: a line of citations may follow it
        rows, self._rows = tuple(self._rows), []
        if cited[0]:
            self._pending, self._quoted_line = cited[1], False
        return [Table(rows, cited[0])]

    def _in_fence(self, *, final: bool) -> list[Piece] | None:
        assert self._fence is not None
        marker, language = self._fence
        text = self._pending
        newline = text.find("\n")
        line = text if newline < 0 else text[:newline]
        if newline < 0 and not final:
            return None
        self._pending = "" if newline < 0 else text[newline + 1 :]
        if self._quoted and (quote := _QUOTE.match(line)) is not None:
            line = line[quote.end() :]
        if _closes(line, marker):
            self._closed = Fence(language, tuple(self._lines))
            self._fence, self._lines = None, []
            self._line_start = True
            rest = line.lstrip(" ").lstrip(marker[0])
            self._pending = rest + ("\n" if newline >= 0 else "") + self._pending
            return []
        self._lines.append(line)
        return []

    def _after_fence(self, *, final: bool) -> list[Piece] | None:
        """Citations on the closing fence's line, or alone on the line after it, belong to the fence."""
        assert self._closed is not None
        text = self._pending
        newline = text.find("\n")
        if newline < 0 and not final:
            return None
        ids = list(citations(text if newline < 0 else text[:newline]))
        cited = _citing_line("" if newline < 0 else text[newline + 1 :], final=final)
        if cited is None:
            return None
        ids += [sid for sid in cited[0] if sid not in ids]
        rest = cited[1]
        fence, self._closed, self._quoted = self._closed, None, False
        self._pending, self._line_start = rest, True
        return [Fence(fence.language, fence.lines, tuple(ids))]


def _citing_line(text: str, *, final: bool) -> tuple[tuple[str, ...], str] | None:
    """A line of citations alone at `text`'s start, or after one blank line (a table's or a fence's, written after
    it): its ids and the text after it; no ids and `text` as it is when there is none; None while undecided."""
    at = 0
    for _ in range(2):
        end = text.find("\n", at)
        line = text[at:] if end < 0 else text[at:end]
        if (quote := _QUOTE.match(line)) is not None:  # citations quoted, what they cite quoted or not
            line = line[quote.end() :]
        if end < 0 and not final and _MAYBE_CITATIONS.fullmatch(line):
            return None
        if line.strip() and _CITATIONS_ONLY.fullmatch(line):
            return citations(line), "" if end < 0 else text[end + 1 :]
        if line.strip() or end < 0:
            break
        at = end + 1
    return (), text


def _closes(line: str, marker: str) -> bool:
    """A closing fence: indented as an opening may be, at least the opening's run of its character, then citations
    only."""
    m = re.match(r"[ ]{0,12}(`{3,}|~{3,})", line)
    if m is None or m.group(1)[0] != marker[0] or len(m.group(1)) < len(marker):
        return False
    rest = line[m.end() :]
    return not rest.strip() or _CITATIONS_ONLY.fullmatch(rest) is not None


def citations(text: str) -> tuple[str, ...]:
    """The ids a text cites, each once, in order: `[[a, b]] [[a]]` -> (a, b)."""
    if "[[" not in text:
        return ()
    out: list[str] = []
    for said in CITATION.findall(text):
        for part in said.split(","):
            if (sid := part.strip()) and sid not in out:
                out.append(sid)
    return tuple(out)


def _merged(pieces: list[Piece]) -> list[Piece]:
    out: list[Piece] = []
    for piece in pieces:
        if isinstance(piece, Prose) and out and isinstance(out[-1], Prose):
            out[-1] = Prose(out[-1].text + piece.text)
        else:
            out.append(piece)
    return out
