"""Where a sentence orders two things, for the order rule: its markers ("X before Y", "X after Y", "After X, Y",
"Once X, Y", "X, after which Y", "first X, then Y", "from X to Y", "X; the second Y"), each cutting it into the span
told to come first and the one told to come after (`pairs`). `order` finds what each side is about and judges it.
"""

from __future__ import annotations

import re

# What opens the clause after "once" ("once the response has been sent"); "each" only with a verb after its noun:
# "once each worker has started" is a clause, "once each hour", like "once a day", is how often.
OPENS = (r"(?:the|it|they|you|its|their|your|this|these|all|both"
          r"|each\s+[\w-]+\s+(?:has|have|had|is|are|was|were|[\w-]+(?:s|ed)))\b")
# (pattern, the side that comes first): "X before Y" -> left first; "X after Y" -> right first.
MARKERS = (
    # "a little later than the fast one" compares two times; it orders no clauses
    (re.compile(r",?\s+(?:and\s+)?(?:only\s+)?(?:then|later(?!\s+than\b)|afterwards|after\s+that|after\s+this|and\s+then)\s+",
                re.I), "left"),
    (re.compile(r"\s+before\s+", re.I), "left"),
    (re.compile(r",?\s+(?:preceding|ahead\s+of)\s+", re.I), "left"),
    (re.compile(r",?\s+preceded\s+by\s+", re.I), "right"),
    # "sent once the task has completed": "once" before a clause is "after"; "once a day", "once per" are how often
    (re.compile(r"\s+(?:only\s+)?once\s+(?=" + OPENS + ")", re.I), "right"),
    (re.compile(r"\s+preceded\s+(?!by\b)", re.I), "left"),
    (re.compile(r"\s+first,?\s+and\s+", re.I), "left"),  # "X came first, and Y followed"
    # "X, and Y afterwards": the word that orders ends the second clause
    (re.compile(r",?\s+and\s+(?=[^,;]*?\s(?:afterwards|later|after\s+that|next)\s*(?:$|[,;.]))", re.I), "left"),
    (re.compile(r"[;,]\s+the\s+second\b,?\s*", re.I), "left"),
    # "the client first performs the handshake, and the proxy then opens the connection": cut at the "and"; not "the
    # first time ... and is not overridden on later runs", an ordinal after its determiner, which names an occasion
    (re.compile(r"\bfirst\b(?<!\bthe\sfirst)(?<!\bits\sfirst)(?<!\btheir\sfirst)(?<!\bour\sfirst)(?<!\byour\sfirst)[^,;]{0,80}?(?P<cut>,?\s+and\s+)(?=[^,;]*?\b(?:then|afterwards|later|next|finally|after\s+that)\b)",
                re.I), "left"),
    # "X, after which Y" is "X, then Y"; "restarted one after another" orders nothing.
    (re.compile(r",?\s+after\s+which\s+", re.I), "left"),
    # "expires after 2 weeks", "expiring after an hour": a duration, not an event; "the tasks after it": a pronoun's;
    # "rises after every collection": how often, not which came first.
    (re.compile(r"(?<!\bone)\s+(?:only\s+)?after\s+(?!that\b|this\b|it\b|them\b|every\b|each\b|which\b)(?!(?:a|an|one|a\s+few|several|[\d.,]+|two|three|four|five|six|"
                r"seven|eight|nine|ten|twenty|thirty)\s+(?:\w+\s+)?(?:seconds?|minutes?|hours?|days?|weeks?|months?|"
                r"years?|ms|s)\b)", re.I), "right"),
)
# "from X to Y": X one phrase, not "from repo_url and sets it to ..." (a clause of its own) nor "from within the
# block to avoid ..." (a place, then a purpose)
FROM_TO = re.compile(r"\bfrom\s+(?!being\b|having\b|within\b|inside\b|outside\b)((?:(?!\s(?:and|or|then)\s|,\s).){1,60}?)"
                      r"\s+to\s+(?!(?:avoid|prevent|ensure|keep|make|help|allow|let)\b)"
                      r"(.{1,60}?)(?=$|[,;.]|\s+(?:over|in|within|by|after|and|with|at)\b)", re.I)
# "After X, Y" and "Once X, Y" tell X first; "Once a day, ..." is how often (`OPENS`). "Before X, Y" is left out:
# it opens a precondition or a time ("Before enabling prebuild_index, confirm ...", "Before the fix, ...") more
# often than a step, and the section tells those in any order.
# "Once it works, ..." points back at what came before: a pronoun opens no step of its own.
_LEADING = re.compile(r"^\s*(after|once(?=\s+(?!(?:it|they|this|these|that|you|we)\b)" + OPENS + r"))\s+([^,]{3,80}),\s*(.+)$",
                      re.I)


def leading(text: str) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    m = _LEADING.match(text)
    if m is None:
        return []
    return [((m.start(2), m.end(2)), (m.start(3), m.end(3)))]


def pairs(text: str) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """(first span, second span) of the sentence, for each order marker in it: the span told to come first."""
    out = leading(text)
    lowered = text.lower() if text.isascii() else None
    for (pattern, first), needs in zip(MARKERS, _NEEDS, strict=True):
        if lowered is not None:
            for word in needs:  # a loop, not any() over a generator: a generator costs more than these tests
                if word in lowered:
                    break
            else:
                continue
        at = 0
        # One `search` at a time: a `finditer`'s scanner costs more to begin than the one match most sentences hold.
        while (m := pattern.search(text, at)) is not None:
            at = m.end()
            start, end = m.span("cut") if pattern.groupindex else m.span()
            left, right = (0, start), (end, len(text))
            out.append((left, right) if first == "left" else (right, left))
    if lowered is None or "from" in lowered:
        at = 0
        while (m := FROM_TO.search(text, at)) is not None:
            at = m.end()
            out.append(((m.start(1), m.end(1)), (m.start(2), m.end(2))))
    return out


# A word the text must hold, in lower case, for each marker's pattern to match (for the one of "X, and Y afterwards",
# a word of its end). Looked for with str's `in` before the pattern, which the engine tries at every character with no
# letter to skip ahead to (some 300 instructions a character: a 95-character sentence through all eleven and
# `FROM_TO`, 360 k). Only in ASCII text, where lower case is all IGNORECASE changes; other text meets every pattern.
_NEEDS: tuple[tuple[str, ...], ...] = (
    ("then", "later", "after"), ("before",), ("preceding", "ahead"), ("preceded",), ("once",), ("preceded",),
    ("first",), ("after", "later", "next"), ("second",), ("first",), ("after",), ("after",),
)
