"""A searched record's excerpts: the sections a question brings into its own message, each given once.

In search mode the cached prefix holds the rules, the map and the tools; each question's message opens with the
sections the record index ranks best for it (and for the conversation's earlier questions), in the `[[id]]`-headed
form the whole record uses, before the fenced question. A section given whole earlier in the conversation is not given
again: it is still there, earlier in the same conversation, which only grows, so its tail stays cached. A section
given cut (to the lines around an earlier question's words) is searched again, and cut again around the new one's:
what the earlier window left out may be what this question needs. The model may cite any section it was given, whole
or cut (`given`).

Budgets: at most `SECTIONS` sections and `TOKENS` tokens a question. Every section found is given: where they do not
all fit whole, the longest are cut to a fair share, each to the lines that hold the question's words
(`excerpts_fill`). Twelve questions then add at most ~48,000
tokens of excerpts to a conversation; with the prefix (a bounded map, the rules, the tools: under 15,000) and twelve
answers, notes and tool results, a full conversation stays well inside the smallest context in the model table
(200,000).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from docent.schema import RecordSection
from docent.schema.mode import CHARS_PER_TOKEN, EXCERPT_TOKENS

from .bundle import Bundle
from .excerpts_fill import MIN_SHARE, shares, window
from .fusion import WIDE
from .rerank import pool

TOKENS = EXCERPT_TOKENS  # `docent.schema.mode`'s, which the record search reads too (`record_index_order.READ`)
SECTIONS = 8  # recall@8 on the example's retrieval set: 0.85 (`make eval` reports it); at 6, 0.81
HEADING = "# Excerpts from the record"
MAX_PARTS = 12  # parts listed for one page of an excerpt
_HEAD = re.compile(r"\[\[([^\[\]]+)\]\] .*\(\S*\)")  # a section's head as `excerpts` writes it: [[id]] trail (/path)
_FENCE = re.compile(r"(`{3,})")


@dataclass(frozen=True)
class Excerpts:
    ids: tuple[str, ...]  # the sections given with this question, in the order given
    text: str  # the block that opens the question's message
    whole: tuple[str, ...] = ()  # those of `ids` given whole: not given again (a cut one may be, cut anew)


def excerpts(bundle: Bundle, question: str, *, earlier: Sequence[str], given: Collection[str],
             asked: Sequence[float] | None = None) -> Excerpts:
    """The sections a question brings that the conversation has not been given whole yet (`given`), and the block
    that says them; `asked`: the conversation's vector where the turn made it already (`rerank.leaned`, in a worker thread)."""
    found = searched(bundle, question, earlier=earlier, asked=asked)
    new = [sid for sid in found if sid not in given]
    budget = TOKENS * CHARS_PER_TOKEN - len(HEADING) - 2
    heads = {sid: f"[[{sid}]] {bundle.record[sid].trail} ({bundle.record[sid].path})" for sid in new}
    shown = {sid: bundle.record[sid].shown() for sid in new}  # code fenced, as the whole record shows it
    while True:  # every section found, the longest cut to a fair share (`excerpts_fill.shares`)
        room = budget - sum(len(heads[sid]) + 2 for sid in new)
        cut = shares([len(shown[sid]) for sid in new], room)
        if len(new) < 2 or all(n >= MIN_SHARE or n == len(shown[sid]) for sid, n in zip(new, cut, strict=True)):
            break
        new = new[:-1]  # too many to say any well (a long trail a section): the lowest-ranked goes
    lines = [HEADING, ""]
    ids: list[str] = []
    for sid, room in zip(new, cut, strict=True):
        lines += [heads[sid], window(shown[sid], room, question), ""]
        ids.append(sid)
    whole = tuple(sid for sid, room in zip(new, cut, strict=True) if room >= len(shown[sid]))
    if not ids:
        said = ("The search found only sections given earlier in this conversation." if found
                else "The search found no section of the record for this question.")
        return Excerpts((), f"{HEADING}\n\n{said}")
    if _bounded(bundle):
        lines += _places(bundle, [bundle.record[sid] for sid in ids])
    return Excerpts(tuple(ids), "\n".join(lines).rstrip(), whole)


def searched(bundle: Bundle, question: str, *, earlier: Sequence[str] = (),
             asked: Sequence[float] | None = None) -> list[str]:
    """The sections the search finds for a question, best first, at most `SECTIONS`: where the bundle has the record's
    vectors (`Bundle.rerank`), the search's own first `SECTIONS` and after them the rest of its first `rerank.POOL`
    (`rerank.pool`), put in order by meaning with the conversation's thread; where it has the encoder's rows
    (`Bundle.fusion`), the search's first `fusion.WIDE` and the encoder's nearest together, by their fused scores; else
    the search's own (`RecordIndex.given`: chosen from its first 12). `asked`: the conversation's vector (`rerank.leaned`)
    where it was made already; else the rerank or the encoder makes it here."""
    if (fusion := bundle.fusion) is not None:
        scored = bundle.index.scored_pool(question, first=SECTIONS, limit=WIDE, earlier=earlier)
        return fusion.order(question, scored, earlier=earlier, asked=asked)[:SECTIONS]
    rerank = bundle.rerank
    if rerank is None:
        return bundle.index.given(question, earlier=earlier)
    found = pool(bundle.index, question, first=SECTIONS, earlier=earlier)
    return rerank.order(question, found, earlier=earlier, asked=asked)[:SECTIONS]


def given(messages: Sequence[Mapping[str, Any]]) -> list[str]:
    """The ids of the sections a conversation's messages were given as excerpts, in order (for a model that reads
    the request, like the offline one: in search mode it may cite these and no others)."""
    ids: list[str] = []
    for message in messages:
        content = message.get("content")
        if message.get("role") != "user" or not isinstance(content, list):
            continue
        for block in content:
            text = block.get("text", "") if isinstance(block, Mapping) and block.get("type") == "text" else ""
            if text.startswith(HEADING):
                ids += bodies(text)
    return list(dict.fromkeys(ids))


def bodies(text: str) -> dict[str, str]:
    """An excerpts block's sections: each head's id (`[[id]] trail (/path)`, read outside the code blocks, so a TOML
    table's `[[tool.uv.index]]` in a section's code is no section) -> the text given under it, whole or cut."""
    out: dict[str, list[str]] = {}
    under: list[str] = []
    fence = ""
    for line in text.splitlines():
        if fence:
            fence = "" if line.strip() == fence else fence
        elif mark := _FENCE.match(line):
            fence = mark.group(1)
        elif head := _HEAD.fullmatch(line):
            under = out.setdefault(head.group(1), [])
            continue
        under.append(line)
    return {sid: "\n".join(lines).strip() for sid, lines in out.items()}


def excerpted(messages: Sequence[Mapping[str, Any]]) -> list[str] | None:
    """The sections given, in search mode (the messages carry excerpts); None when the record went whole."""
    searched = any(
        isinstance(block, Mapping) and str(block.get("text", "")).startswith(HEADING)
        for m in messages if m.get("role") == "user" and isinstance(m.get("content"), list) for block in m["content"]
    )
    return given(messages) if searched else None


def _bounded(bundle: Bundle) -> bool:
    """The map does not list every page: the tools take ids as text (manifest_build.tools.bounded)."""
    show = next((t for t in bundle.tools if t.get("name") == "show_page"), None)
    schema = (show or {}).get("input_schema", {}).get("properties", {}).get("id", {})
    return show is not None and "enum" not in schema


def _places(bundle: Bundle, sections: Sequence[RecordSection]) -> list[str]:
    """The excerpts' pages and their parts, for a map too large to list them all."""
    lines = ["Their pages and parts (show_page, point_at):"]
    by_page = bundle.parts_by_page
    for page in dict.fromkeys(s.page for s in sections):
        entry = bundle.pages.get(page)
        if entry is None:
            continue
        parts = by_page.get(page, [])[:MAX_PARTS]
        listed = "; parts: " + ", ".join(f"{p.id} ({p.label})" for p in parts) if parts else ""
        lines.append(f"- {page}: {entry.name} ({entry.path}){listed}")
    return lines
