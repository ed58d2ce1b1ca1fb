"""The model check's request and how its answer is read (answer/checking.py sends it): several sentences in one
request, each with the sections it cites, and a verdict for each.

- The request: a short fixed system prompt; the sections the sentences cite, each once, labelled S1, S2, ... in the
  order first cited, one a line of JSON with its label, the record's heading trail and its text (`port.cited_lines`:
  a section's words are one JSON string's, so no text can end the block, begin another section or pass as a label
  or a sentence's line, whatever it holds: a structure the text cannot write, not a list of forms escaped); then the
  sentences, numbered from 1, one a line of JSON with the labels of the sections it cites (`port.check_lines`); the
  sentence right before a code block the answer shows carries the block's first lines (`code_after`: the site's
  code, not evidence) and the labels of the sections
  the gate matched it to (`code_from`, shown among the sections, after the sentence's own), and the request then says,
  after the fixed prompt, what they are (`CODE_NOTE`: what the sentence says of the code is a claim its cited sections
  or the code's own must support; the block itself is the gate's code rule's, `quote.match`). One tool the model must call, `verdict`, whose input
  puts every sentence in one of two lists: `supported`, {n, by} (`by`, the labels of its own cited sections that
  support it), or `unsupported`, its n. A label is read in either case ("s1": the labels are S and a number).
- Each sentence is judged against its own citations only: a `supported` verdict counts only where `by` names at least
  one section and every one it names is one that sentence cites or, for a sentence with `code_after` alone, one its
  block is from (`code_from`: another sentence's `by` naming that section, uncited by it, still does not count); a
  sentence that cites none, none, and only in a request that shows no section (with another's in view, `by` empty
  cannot say it was not judged by them). Otherwise the sentence has no verdict.
- A sentence with no verdict of its own is held (`unchecked`): in neither list, or supported with a `by` that does not
  count. A sentence given two verdicts is held: `unsupported` if either says so, else `unchecked`. A number out of
  range or not a number, a call to another tool or one without its two lists: the model lost the numbering, and no
  verdict can be read as its sentence's: every sentence of the request is held.
- No cache breakpoint: no later request begins as this one does (each ends with its own sentences).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from docent.schema import RecordSection
from docent.schema.blocks import Block, fence

from ..model.port import ModelRequest, ToolCall, check_lines, cited_lines

TOOL_NAME = "verdict"
MAX_SENTENCES = 8  # a request's most: a long list or table is asked in parts
# The verdicts' room: a verdict is some 15 to 25 tokens. The base leaves room for what a model not forced to call the
# tool writes first (Sonnet 5.5 takes tool_choice auto, and thinks between tools): a call cut off holds the whole
# request. Only the tokens written are billed; the base is the budget's reservation, settled to what was used.
MAX_TOKENS_BASE, MAX_TOKENS_EACH = 256, 40

SYSTEM = (
    "Judge each numbered sentence a documentation assistant wrote against ONLY the sections IT cites (labels S1, S2,"
    " ...). Supported: its cited text states or directly implies every claim (facts, numbers, units, order, who does"
    " what, how many and which, causes, whether required, possible, default or certain); a fair paraphrase is fine; "
    "a heading or lead-in stating nothing (\"Here is how:\") is supported by what it cites. Unsupported: any claim "
    "its cited text contradicts or does not say. Call `verdict` once, every sentence in one list: `supported`, each "
    "with `n` and `by` (the labels of its own cited sections that support it, for a heading or lead-in all it cites;"
    " empty only if it cites none), or `unsupported`, its `n`."
)
# Said only in a request that shows a code block beside a sentence (`code_after`): the others are asked as before.
CODE_NOTE = (
    "A sentence with `code_after` is followed in the answer by that code block (its first lines): the site's own code, "
    "copied from the section(s) its `code_from` names (shown among the sections above), not the sentence's claim (the "
    "block is checked apart). What the sentence says of the code (what it is, what it does, which setting, file or "
    "command, which language: \"looks like this:\", \"install it with:\") is supported where its own cited sections "
    "or its `code_from` sections state it; for that sentence only, `by` may name its `code_from` labels. Its other "
    "claims need its own cited sections, and no other sentence may be supported by a section it does not cite."
)
TOOL: dict[str, Any] = {
    "name": TOOL_NAME,
    "input_schema": {
        "type": "object",
        "properties": {
            "supported": {"type": "array", "items": {
                "type": "object", "properties": {"n": {"type": "integer"}, "by": {"type": "array", "items": {"type": "string"}}},
                "required": ["n", "by"], "additionalProperties": False,
            }},
            "unsupported": {"type": "array", "items": {"type": "integer"}},
        },
        "required": ["supported", "unsupported"],
        "additionalProperties": False,
    },
    "strict": True,
}
_SYSTEM_BLOCKS = [{"type": "text", "text": SYSTEM}]
_SYSTEM_CODE_BLOCKS = [*_SYSTEM_BLOCKS, {"type": "text", "text": CODE_NOTE}]
CODE_LINES, CODE_CHARS = 12, 800  # the most of a code block a request shows beside the sentence before it


def code_after(language: str, text: str) -> str:
    """A code block the answer shows right after a sentence, as the request gives it beside the sentence: fenced, its
    first `CODE_LINES` lines and `CODE_CHARS` characters at most, and how many lines (or parts of one) were left out;
    its fence outruns any backticks in the lines (a Markdown example's own fence does not end it)."""
    head = "\n".join(text.split("\n")[:CODE_LINES])[:CODE_CHARS]
    rest = text[len(head):]
    left = rest.count("\n") + (not rest.startswith("\n")) if rest else 0
    return fence(Block("code", head, lang=language)) + (f"\n({left} more line{'s' * (left > 1)} not shown)" if left else "")


_TOOLS = [TOOL]


class CodeAfter(NamedTuple):
    """A code block the answer shows right after a sentence: as the request gives it beside the sentence (`code_after`)
    and the sections it is the record's own lines of (the gate's `blocks.fence` match), which the request shows too."""

    text: str
    sources: tuple[RecordSection, ...] = ()


class CheckRequest:
    """One request of the check: `asked`, sentences each with the sections it cites, as the model is asked them, and
    its answer read back as a verdict for each: supported (True) or not (False), or None, the sentence has none of
    its own. `code`: the code block the answer shows right after the last sentence (a block sends the request being
    formed, `Batches.block`, so it follows no other)."""

    def __init__(self, asked: Sequence[tuple[str, Sequence[RecordSection]]], code: CodeAfter | None = None) -> None:
        if code is not None and not asked:
            raise ValueError("A code block is shown beside the sentence before it: a request with a block asks one.")
        after = {len(asked) - 1: code} if code is not None else {}  # by a sentence's place, as its line carries it
        labels: dict[str, str] = {}
        sections: list[RecordSection] = []
        for at, (_text, cited) in enumerate(asked):
            for section in (*cited, *(after[at].sources if at in after else ())):  # a block's after its sentence's own
                if section.id not in labels:
                    labels[section.id] = f"S{len(labels) + 1}"
                    sections.append(section)
        self.cites = [tuple(dict.fromkeys(labels[s.id] for s in cited)) for _text, cited in asked]
        # the labels of the sections the code block after a sentence is from: `by` may name them for it alone
        self.code_from = [tuple(dict.fromkeys(labels[s.id] for s in after[at].sources)) if at in after else ()
                          for at in range(len(asked))]
        self.blind = not sections  # no section in view: `by` empty can be no other sentence's section
        shown = {at: (one.text, self.code_from[at]) for at, one in after.items()}
        content = [
            {"type": "text", "text": cited_lines([(labels[s.id], s.trail, s.shown()) for s in sections])},
            {"type": "text", "text": check_lines([(text, cites) for (text, _), cites in zip(asked, self.cites, strict=True)], shown)},
        ]
        self.request = ModelRequest(
            _SYSTEM_CODE_BLOCKS if after else _SYSTEM_BLOCKS, _TOOLS, [{"role": "user", "content": content}],
            max_tokens=MAX_TOKENS_BASE + MAX_TOKENS_EACH * len(asked), tool_choice="any",
            cache_tail=False,  # no later request begins with this one
        )

    def verdicts(self, calls: Sequence[ToolCall]) -> list[bool | None]:
        """A verdict for each sentence from the model's calls: all None where no call was made, a call is no `verdict`
        with its two lists, or one names a number out of range."""
        count = len(self.cites)
        given: dict[int, list[Any]] = {}
        for call in calls:
            said = call.input if call.name == TOOL_NAME and isinstance(call.input, dict) else {}
            yes, no = said.get("supported"), said.get("unsupported")
            if not isinstance(yes, list) or not isinstance(no, list):
                return [None] * count
            for n, item in [*((i.get("n") if isinstance(i, dict) else None, i) for i in yes), *((i, False) for i in no)]:
                if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= count:
                    return [None] * count  # a numbering the model lost: no verdict is surely its sentence's
                given.setdefault(n, []).append(item)
        return [_one(given.get(n, []), cites, code_from, blind=self.blind)
                for n, (cites, code_from) in enumerate(zip(self.cites, self.code_from, strict=True), 1)]


def _one(items: list[Any], cites: tuple[str, ...], code_from: tuple[str, ...], *, blind: bool) -> bool | None:
    """A sentence's verdict from the items that name it (False: in `unsupported`; a dict: in `supported`): none is
    None; two or more, unsupported if either says so, else None; supported only by labels of its own citations, or of
    the sections the code block after it is from (`code_from`: what it says of that code; another sentence's `by`
    naming them does not count)."""
    if len(items) > 1:
        return False if any(item is False for item in items) else None
    if not items:
        return None
    if items[0] is False:
        return False
    by = items[0].get("by")
    if not isinstance(by, list) or not all(isinstance(b, str) and (_label(b) in cites or _label(b) in code_from) for b in by):
        return None  # supported only by its own citations (and its own block's sections)
    # by one of them at least; by none only where it cites none (a card's words before the answer cited anything, which
    # state nothing if they are supported; a link to a page the record lacks), asked with no section in view
    # (`Checked.card`)
    return True if by or (not cites and blind) else None


def _label(said: str) -> str:
    """A label as the model wrote it, read in either case: the request's labels are S and a number ("s1" is S1), so
    no two differ only in case; ASCII only ("ſ1" upper-cases to "S1" and is no label)."""
    return said.upper() if said.isascii() else said
