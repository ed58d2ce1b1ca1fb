"""The code block an answer shows: where the best sections' answer is code, a run of a code block's own lines.

Docs readers need the call, not a sentence about it. The block is chosen by the question's words it holds (weighed
as the question weighs them), the code names the question writes (`request.form()`, `FileResponse`), and whether it
follows a sentence the answer says (docs show the call right after the sentence that explains it), from the best
section, those the sentences came from, then the rest of the best sections (the call asked for may sit in one whose
prose another outweighs); a long block is cut to a window of whole lines around the line that says
most, so the gate finds the record's own lines, byte for byte.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from docent.schema import Block, RecordSection

from .quotes import caption, diagram
from .vocabulary import spoken
from .weighing import Weighed

LINES = 12  # a block longer than this is shown as a window of its lines
# A window that would leave out no more than this many of its block's lines shows the block whole: a block cut by a
# line or two (Uvicorn's 13-line `Config and Server` example without its `import asyncio`) reads as the page's whole
# block to the panel's reader, and pasted alone fails, for a line or two saved.
SPARE = 2
BEFORE = 3  # lines of the window above the line that says most
HEAD = 12  # lines a window may grow upward to start with the lines that open what it is inside
NAMED = 0.5  # a block that writes the question's code names says this much more of it
FOLLOWS = 1.0  # a block right after the sentence that answers best, this much more: docs show the call it explains
# ... after a sentence said other than the best, in full where the block itself says this share of the question, in
# proportion below it: a block that says next to nothing of it is no call the answer explains ("[link=...]Visit my
# blog![/link]" after a sentence on links, shown for "how can I show my Textual app in a web browser?" over `textual
# serve my_app.py`). The block after the sentence that answers best is its call whatever it says (`python -m mkdocs`
# after "... some of the above commands may not work").
FOLLOWS_FULL = 0.1
# The paragraph right before a block says what it does ("You can change the client address by setting ...:"): a block
# is chosen by the question's words its lead-in says too, at this share.
LEADS = 0.5
# A question that asks how, or for an example, is answered by code where its section has some.
HOW = re.compile(r"\b(?:how|example|code|snippet|syntax|usage|use|set|configure|call|write|pass|create|add)\b",
                 re.IGNORECASE)


def _said(text: str, asked: Weighed) -> float:
    if not text.strip():
        return 0.0
    return asked.asks(spoken(text)) + NAMED * asked.code_named(text)


def _scored(block: Block, after: float, lead: str, asked: Weighed) -> float:
    """What a block says of the question: its own words and code names, what its lead-in says (`LEADS`), and, where
    it follows a sentence said (`after`, that sentence's share of the best one's value), `FOLLOWS` of that: in full
    after the best sentence, else only where the block says `FOLLOWS_FULL` of the question itself."""
    said = _said(block.text, asked)
    place = 1.0 if after >= 1.0 else min(1.0, said / FOLLOWS_FULL)
    return said + FOLLOWS * after * place + LEADS * _said(lead, asked)


def _following(section: RecordSection, said: Mapping[str, float]) -> dict[int, float]:
    """The code blocks (by index among the section's blocks) right after a block holding a sentence said, each with
    the share of the best sentence's value that the best sentence before it has."""
    after: dict[int, float] = {}
    blocks = section.blocks
    best = max(said.values(), default=0.0) or 1.0
    for i, block in enumerate(blocks):
        value = max((v for sentence, v in said.items() if sentence in block.text), default=0.0)
        if block.kind != "code" and value > 0:
            j = i + 1
            while j < len(blocks) and blocks[j].kind == "item":  # a list between the sentence and its code
                j += 1
            if j + 1 < len(blocks) and _lead_in(blocks, j + 1):  # a line between that leads into it: "... like this:"
                j += 1
            if j < len(blocks) and caption(blocks, j):  # the code's caption between: "Dockerfile"
                j += 1
            if j < len(blocks) and blocks[j].kind == "code":
                after[j] = max(after.get(j, 0.0), value / best)
    return after


def _code(section: RecordSection) -> list[tuple[int, Block]]:
    """The section's code blocks, each with its index among its blocks; never a diagram's source, which the page draws."""
    return [(j, block) for j, block in enumerate(section.blocks) if block.kind == "code" and not diagram(block)]


def _lead_in(blocks: Sequence[Block], j: int) -> str:
    """The paragraph right before block `j`, where it leads into it (ends with a colon), else ""."""
    before = blocks[j - 1] if j > 0 else None
    return before.text if before is not None and before.kind == "paragraph" and before.text.rstrip().endswith(":") else ""


def _window(block: Block, asked: Weighed) -> str:
    """A long block's run of `LINES` lines that says most of the question, its lines' values summed (the call
    and the lines that use it), starting `BEFORE` lines above its best line where that says as much; the block whole
    where the window would leave out `SPARE` lines or fewer."""
    lines = block.text.split("\n")
    if len(lines) <= LINES + SPARE:
        return block.text
    said = [_said(line, asked) for line in lines]
    best = max(range(len(lines)), key=lambda i: (said[i], -i))
    first = max(0, min(best - BEFORE, len(lines) - LINES))
    start = max(range(len(lines) - LINES + 1), key=lambda i: (sum(said[i : i + LINES]), i == first, -i))
    head = _head(lines, start, start + LINES)
    if head + len(lines) - (start + LINES) <= SPARE:  # grown to its block's head: all but a line or two
        return block.text
    return "\n".join(lines[head : start + LINES])


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


# A line that closes a nesting, never the head of the one below it: a closing mark, or the word "end" (Ruby, Lua),
# not a name that starts with it ("endpoints:").
CLOSING = re.compile(r"\s*(?:[)\]}]|end\b(?![:=]))")


def _head(lines: list[str], start: int, end: int) -> int:
    """Where a window that starts inside a nesting starts with the lines that open it (`server {`, `def handler(...):`,
    `nav:`), at most `HEAD` more lines: a config's inside read without its head says nothing of where it goes. The
    window grows upward, one enclosing head at a time, the outermost within reach last."""
    inner = min((_indent(line) for line in lines[start:end] if line.strip()), default=0)
    head = start
    for i in range(start - 1, max(-1, start - HEAD - 1), -1):
        if lines[i].strip() and _indent(lines[i]) < inner and not CLOSING.match(lines[i]):
            head, inner = i, _indent(lines[i])
            if not inner:
                break
    return head


def quoted(question: str, asked: Weighed, sections: Sequence[RecordSection], said: Mapping[str, float] | None = None
           ) -> list[str]:
    """The code an answer shows, each block a fenced run of its lines with its section's id after it: the block that
    answers best, and where another said sentence's own block follows it (docs show each call after the sentence that
    explains it: "reverse lookups against the application ... return the URL path" before `app.url_path_for(...)`),
    that one too, where it says some of the question; none where no block answers.
    `said`: the record's sentences the answer says, as the record writes them, each with how much it answers."""
    found = [(section, block, follows.get(j, 0.0), _lead_in(section.blocks, j)) for section in sections
             for follows in [_following(section, said or {})]
             for j, block in _code(section)]
    if not found:
        return []
    scored = [(_scored(block, after, lead, asked), -i, section, block) for i, (section, block, after, lead) in enumerate(found)]
    best = max(scored, key=lambda s: (s[0], s[1]))
    score, _, section, block = best
    if score <= 0:
        if not HOW.search(question) or not sections[0].blocks:
            return []
        first = _code(sections[0])
        return [fenced(sections[0], first[0][1], asked)] if first else []
    also = [(value, i, s, b) for (value, i, s, b), (_, _, after, _) in zip(scored, found, strict=True)
            if after > 0 and b is not block and _said(b.text, asked) > 0]
    shown = [best, *sorted(also, key=lambda a: (-a[0], -a[1]))[:1]]
    return [fenced(s, b, asked) for _, _, s, b in sorted(shown, key=lambda a: -a[1])]  # in the record's order


def fenced(section: RecordSection, block: Block, asked: Weighed) -> str:
    """A code block fenced (a long one, its window of lines), with its section's id after it."""
    text = _window(block, asked)
    fence = "`" * max(3, max((len(m) for m in re.findall(r"`+", text)), default=0) + 1)
    return f"{fence}{block.lang}\n{text}\n{fence}\n[[{section.id}]]"
