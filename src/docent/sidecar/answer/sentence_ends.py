"""Where a sentence ends in text still arriving: the boundary rules that `SentenceSplitter` reads (`boundary`),
each decided by the text alone and undecided (`Undecided`) while the characters that decide have not arrived.

Rules, in order of the text:
- `.`, `!`, `?`, `…` (and runs of them, such as `...` or `?!`) end a sentence when followed by whitespace, a
  citation or the end, after any closing quotes, brackets or emphasis (`He said "yes." Then`), and when the
  next word does not begin in lower case (`e.g. the`, `3 p.m. and`, `paused... then` continue the sentence).
- A cited sentence has ended: after citations right before or after its end mark, a word in lower case begins the
  next one (`cookie auth [[a]]. django_auth is` is two: a name written in lower case begins it).
- An end mark inside brackets or a quotation is none (`("It returns a URL. How do I get the path?") is answered`):
  one opened earlier on the line and closed later on it, not by the closers right after the mark.
- An end mark inside inline code is none (`` `HttpError(503, "Busy. Retry.")` ``): a span of backticks opened
  earlier on the line and closed later on it holds it; a backtick never closed on its line is a stray one, no span.
- Characters right after a period keep it inside a word: decimals (3.5, $1.20), versions (17.0.2, v1.2.3),
  names (Node.js, ASP.NET).
- Abbreviations that are nearly always followed by a name (e.g., i.e., vs., cf., Dr., Mr., Mrs., Ms., Prof.,
  St.) never end a sentence, nor do dotted initials (U.S., U.K., U.S.A.) unless citations follow them: "the
  U.S. Treasury" is one sentence. Others (etc., Inc.) end one when a capitalised word follows.
- A list marker at the start of a line (`1.`), or a heading's number (`## 2. Install`, `**2. Install**`), is not a
  sentence.
- A newline ends a sentence (list items, paragraphs), but for a hard-wrapped paragraph's (`_soft_break`).
- Citations `[[id]]` right after the boundary belong to the sentence before it: `in 2021 [[a]].` and
  `in 2021. [[a]]` both cite `a` from the sentence about 2021.
"""

from __future__ import annotations

import re

# `[.!?…]+|\n`, written to begin with one set of characters: the engine then skips to the next of them in C rather
# than trying both branches at every character (a 48-character buffer 20 k -> 9.5 k instructions).
_TERMINATOR = re.compile(r"[.!?…\n](?:(?<=\n)|[.!?…]*)")
_CLOSERS = frozenset("\"'”’»)*_")
# The citations at a place, with the blanks before each (group 1), then the blanks after them: what `_after_citations`
# reads, one match rather than a character at a time in Python.
_CITES = r"((?:[ \t\r\n\u00a0\u2028\u2029]*\[\[[^\[\]\n]{1,200}\]\])*)[ \t\r\n\u00a0\u2028\u2029]*"
_CITED = re.compile(_CITES)
_AFTER_MARK = re.compile("[\"'\u201d\u2019\u00bb)*_]*" + _CITES)  # an end mark's closers (`_CLOSERS`) first
# What may still become a citation when more text arrives.
_CITATION_PREFIX = re.compile(r"\[(?:\[[^\[\]\n]{0,200}\]?)?")
_TRAILING_CITATION = re.compile(r"\[\[[^\[\]\n]{1,200}\]\]$")
_SPACE = frozenset(" \t\r\n\u00a0\u2028\u2029")
_WORD_BEFORE = re.compile(r"(?:(?<=[^\w.])|^)([A-Za-z][A-Za-z.]*)$")
# Always followed by a name or a phrase, never the end of a sentence.
_NEVER_ENDS = frozenset({"e.g", "i.e", "vs", "cf", "dr", "mr", "mrs", "ms", "prof", "st", "mt", "fig", "approx", "ca", "viz", "resp"})
_INITIALS = re.compile(r"(?:^|(?<=[^\w.]))(?:[A-Z]\.)+[A-Z]$")  # U.S, U.K, U.S.A: before the final period
_LIST_MARKER = re.compile(r"(?:^|\n)[ \t]*(?:#{1,6}[ \t]+)?(?:[*_]{1,2})?(?:\d{1,3}|[A-Za-z])$")  # "2.", "## 2.", "**2."
_RUN_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ."  # what a word or initials before a period are
_TICKS = re.compile(r"`+")
# A hard-wrapped paragraph (`_soft_break`): what ends a line that ends its sentence, a line set wholly in emphasis
# (a label, after a list marker or none), the next line's indent, and what at its start begins another block.
_HARD_ENDS = frozenset(".!?…:]")
_LABEL_LINE = re.compile(r"(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)?([*_]{1,3})\S(?:.*\S)?\1[.:]?")
_NEXT_LINE = re.compile(r"[ \t]*(?=[^ \t])")
_MAYBE_BLOCK = re.compile(r"[-*+=]+[ \t]*|\d{1,9}[.)]?|`{1,2}|~{1,2}|\[|[A-Z][A-Za-z0-9]*")  # "J": "JSON" yet?
# The last words of a line that cannot end a sentence (an article, a preposition, a conjunction; no particle: "log in"),
# nor a verb that asks for what follows it: a form of "be" or "have", a modal, a verb of using or naming ("the server
# it runs on uses\nUvicorn", "a file named\nREADME.md"); "is turned on" may end one
_RUNS_ON = frozenset("a an the of to at by for from with into onto upon via than as per during between and or nor but "
                     "if whether because while although unless whose your its their our my "
                     "is are was were be been being has have had can could will would should must may might "
                     "uses use using requires require called named including".split())
_LAST_WORD = re.compile(r"(?:^|[^\w'])([A-Za-z]+)$")
_CAPPED = re.compile(r"[A-Za-z][A-Za-z0-9]*[A-Z]")  # a first word with a capital past its first letter: JSON, MkDocs
_BLOCK_START = re.compile(r"\n|(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)|[#>|]|```|~~~|[-=]+[ \t]*(?:\n|$)")


class Undecided:
    """Where to resume, and `end`: where the run of end marks there ends when only what follows it is awaited."""

    __slots__ = ("at", "end")

    def __init__(self, at: int, end: int = 0) -> None:
        self.at = at
        self.end = end


# What `ends_at` and `_after_citations` say while what decides has not arrived: the caller knows where to resume.
_WAITS = Undecided(-1)


def boundary(buf: str, start: int, *, final: bool) -> int | Undecided | None:
    """Where the first sentence of `buf` ends (citations after it included), undecided, or None: no end yet."""
    lead = -1  # where the buffer's first character that is no blank is, found once a terminator needs it
    # The terminators found one `search` at a time: a `finditer` costs some 3 k instructions more to begin.
    at = start
    while (m := _TERMINATOR.search(buf, at)) is not None:
        s, e = m.span()
        at = e
        if lead < 0:
            lead = len(buf) - len(buf.lstrip()) if buf[0].isspace() else 0
        if s <= lead:
            continue  # nothing before it: leading blank lines, a stray mark
        if buf[s] == "\n":
            ended = _line_end(buf, s, e, final=final)
            if ended is None:
                continue
            return ended
        line = buf.rfind("\n", 0, s) + 1
        said = buf[line:s]  # the line before the mark
        inside = _in_code(buf, line, s, e, final=final) if "`" in said else False
        if inside:
            if isinstance(inside, Undecided):
                return inside
            continue
        # what opens brackets or a quotation that an end mark inside of ends nothing: three searches, no set made
        opened = "(" in said or '"' in said or "\u201c" in said
        quoted = _in_quotation(buf, line, s, e, final=final) if opened else False
        if quoted:
            if isinstance(quoted, Undecided):
                return quoted
            continue
        verdict = ends_at(buf, s, e, final=final)
        if verdict is None:
            continue
        if isinstance(verdict, Undecided):  # no code holds it, nor brackets or a quotation: its line is read
            return Undecided(s, 0 if opened else e)
        return verdict
    return None


def ends_at(buf: str, s: int, e: int, *, final: bool) -> int | Undecided | None:
    """Whether the end mark from `s` to `e` ends a sentence: where it ends (its closers and citations after it), None,
    or `_WAITS`. What follows the mark (closers, citations, blanks) is read by one match (`_AFTER_MARK`)."""
    m = _AFTER_MARK.match(buf, e)
    assert m is not None  # every part of the pattern may be empty
    j, end, k = m.start(1), m.end(1), m.end()  # after the closers; after the citations; after the blanks after them
    n = len(buf)
    if j == n:
        return j if final else _WAITS
    # a lone "[" may be a citation's first half still arriving; "![alt](...)" after an end mark is no boundary
    if buf[j] not in _SPACE and (buf[j] != "[" or j + 1 < n and buf[j + 1] != "["):
        return None  # 3.5, v1.2.3, Node.js, e.g., ?!)
    if k == n:
        return end if final else _WAITS
    if buf[k] == "[" and not final and _CITATION_PREFIX.fullmatch(buf, k):
        return _WAITS  # a citation still arriving
    if buf[k].islower() and end == j and not (buf.endswith("]]", 0, s) and _TRAILING_CITATION.search(buf, 0, s)):
        return None  # e.g. the, 3 p.m. and, paused... then; but "auth [[a]]. django_auth is" has ended
    if e - s == 1 and buf[s] == "." and _no_period_end(buf, s, cited=end > j):
        return None
    return end


def _no_period_end(buf: str, s: int, *, cited: bool) -> bool:
    """Whether the period at `s`, a word or more after it, ends no sentence: an abbreviation (`e.g.`), initials (`the
    U.S. Treasury`, unless `cited`: "in the U.S. [[a]] Then" has ended) or a list marker (`2.`)."""
    # Each pattern ends at `s` and can only start where the word, or the line, before it does: searched from
    # there, not across the whole buffer.
    before = s - 1 if s and buf[s - 1] == "\n" else s  # `$` also matches before a newline that ends the text
    start = len(buf[:before].rstrip(_RUN_CHARS))  # where the run of letters and periods before it starts
    # Each pattern can only match the whole run (what stands before the run is no letter or period): a run that is
    # no word of `_NEVER_ENDS` is none of them, one with no period no initials, one of two characters or more no list
    # marker. Most periods end another word: the patterns are not run (some 5 k instructions).
    if buf[start:before].lower() in _NEVER_ENDS:
        word = _WORD_BEFORE.search(buf, start, s)
        if word and word.group(1).lower() in _NEVER_ENDS:
            return True
    if not cited and "." in buf[start:before] and _INITIALS.search(buf, start, s):
        return True
    # A marker ends in a letter or a digit right before the period: no run of letters there needs a digit (`1.`).
    if before - start > 1 or before == start and not (before and buf[before - 1].isdecimal()):
        return False
    # Matched at the line's start, not searched for across the line: the pattern can only begin there (its `^`
    # is the text's start, and no newline stands between the line's start and the period).
    return _LIST_MARKER.match(buf, max(buf.rfind("\n", 0, before), 0), s) is not None


def _in_code(buf: str, line: int, s: int, e: int, *, final: bool) -> bool | Undecided:
    """Whether the end mark at `s` stands inside inline code: a run of backticks opened before it on its line (from
    `line`) is closed by a run as long after it, before the line ends; undecided while neither has arrived."""
    opened = 0
    for m in _TICKS.finditer(buf, line, s):
        run = len(m.group(0))
        opened = 0 if run == opened else opened or run
    if not opened:
        return False
    for m in _TICKS.finditer(buf, e):
        if "\n" in buf[e : m.start()]:
            return False
        if m.end() == len(buf) and not final:
            return Undecided(s)  # a run at the end may grow: "`" yet "``"
        if len(m.group(0)) == opened:
            return True
    if "\n" in buf[e:] or final:
        return False
    return Undecided(s)


def _in_quotation(buf: str, line: int, s: int, e: int, *, final: bool) -> bool | Undecided:
    """Whether the end mark at `s` stands inside brackets or a quotation: one opened before it on its line (from `line`)
    and not closed by the closers right after it (`"yes." Then` has ended) is closed later on the line; undecided
    while neither the closer nor the line's end has arrived. A stray "(" or '"' never closed on its line holds nothing."""
    j = e
    while j < len(buf) and buf[j] in _CLOSERS:
        j += 1
    said = buf[line:j]
    wanted = [close for opener, close in (("(", ")"), ("\u201c", "\u201d")) if said.count(opener) > said.count(close)]
    if said.count('"') % 2:
        wanted.append('"')
    if not wanted:
        return False
    stop = buf.find("\n", j)
    rest = buf[j:] if stop < 0 else buf[j:stop]
    if any(close in rest for close in wanted):
        return True
    return False if stop >= 0 or final else Undecided(s)


def _line_end(buf: str, s: int, e: int, *, final: bool) -> int | Undecided | None:
    """Where the line break at `s` ends a sentence (after citations on the next line alone), undecided, or None: a
    hard-wrapped paragraph's break (`_soft_break`), which ends none."""
    soft = _soft_break(buf, s, final=final)
    if soft:
        return soft if isinstance(soft, Undecided) else None
    end = _after_citations(buf, e, final=final)
    if isinstance(end, Undecided):
        return Undecided(s)
    return end if end > e else s


def _soft_break(buf: str, s: int, *, final: bool) -> bool | Undecided:
    """Whether the line break at `s` is a hard-wrapped paragraph's (a soft break, which ends no sentence): the line
    before stops short of an end mark, a colon or a citation, is no heading nor a label set wholly in emphasis
    (`**Install**`), and the next line goes on with words, not a blank line, a list item, a heading, a quotation, a
    table, a fence or an underline; and either the next line cannot open a sentence (it starts in lower case, with a
    digit, inline code, a citation, or an acronym or name: "JSON", "MkDocs") or the line before cannot end one (a comma, an article, a preposition, a
    conjunction last: `_RUNS_ON`). A line missing its full stop before a sentence ("... after each deploy\nWith the
    template, ...") ends there: read as one, the citation after would cover both. Undecided until the next line's
    first word has come."""
    line = buf.rfind("\n", 0, s) + 1
    said = buf[line:s].strip()
    if not said or said[-1] in _HARD_ENDS or said[0] in "#|" or _LABEL_LINE.fullmatch(said):
        return False
    m = _NEXT_LINE.match(buf, s + 1)
    if m is None or not final and _MAYBE_BLOCK.fullmatch(buf, m.end()):  # "1" may yet be "1. ", "`" a fence
        return False if m is None and final else Undecided(s)
    i, last = m.end(), _LAST_WORD.search(said)
    if _BLOCK_START.match(buf, i):
        return False
    first = buf[i]  # a line that cannot open a sentence, or one after a line that cannot end one
    return (first.islower() or first.isdigit() or first == "`" or buf.startswith("[[", i) or said[-1] == ","
            or _CAPPED.match(buf, i) is not None or last is not None and last.group(1).lower() in _RUNS_ON)


def _after_citations(buf: str, i: int, *, final: bool) -> int | Undecided:
    """The end of the citations (and the blanks between them) that start at `i`; `i` when none do."""
    m = _CITED.match(buf, i)
    assert m is not None  # the pattern may be empty
    end, k = m.end(1), m.end()
    if k == len(buf):
        return end if final else _WAITS
    if buf[k] == "[" and not final and _CITATION_PREFIX.fullmatch(buf, k):
        return _WAITS  # a citation still arriving
    return end


def looks_complete(text: str) -> bool:
    """Whether text that stops here reads as a whole sentence: an end mark, closers, or citations last."""
    body = text.rstrip()
    cited = False
    while (m := _TRAILING_CITATION.search(body)) is not None:
        body, cited = body[: m.start()].rstrip(), True
    while body and body[-1] in _CLOSERS:
        body = body[:-1]
    return cited or (bool(body) and body[-1] in ".!?…")
