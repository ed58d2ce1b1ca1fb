"""A careful model's answers on a documentation site, replayed through the real app: is its code shown intact?

The answers were written by a writer who saw only the site's bundle prompt (its rules, its record with code fenced,
its map) and never the gate: `[{"question", "answer"}]`, each answer one model call's text. Each is asked in a
conversation of its own against the real app, and what the visitor would read is compared with what was written:
- `code_intact`: the share of the answer's fenced blocks shown as a `code` event, byte for byte as written;
- `held_rate`: the share of the answer's sentences held back (code blocks apart);
- `raw_marks_shown`: sentences shown with a Markdown mark left in them.
"""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..answer.markdown import BlockReader, Fence

# emphasis, code, a list's or a heading's marker, a link's or an image's `](`, a task list's box
_RAW_MARK = re.compile(r"\*\*|__|`|(?:^|\s)\*\S|^\s*(?:[-*+]|\d{1,3}[.)]|#{1,6})\s|\]\(|^\s*\[[ xX]?\]\s")
_CODE_HOLDS = frozenset(("code_edited", "code_unknown"))


@dataclass
class Quoting:
    answers: int = 0
    blocks: int = 0  # fenced blocks the model wrote
    intact: int = 0  # of those, shown byte for byte
    sentences: int = 0  # sentences shown or held, code apart
    held: list[tuple[str, str]] = field(default_factory=list)  # (question, reason), code apart
    code_held: list[tuple[str, str]] = field(default_factory=list)  # (question, reason)
    raw: list[str] = field(default_factory=list)  # shown sentences with a raw mark

    def as_json(self, prefix: str) -> dict[str, float]:
        return {
            f"{prefix}_code_intact": round(self.intact / self.blocks, 4) if self.blocks else 1.0,
            f"{prefix}_held_rate": round(len(self.held) / self.sentences, 4) if self.sentences else 0.0,
            f"{prefix}_raw_marks_shown": len(self.raw),
            f"{prefix}_code_blocks": self.blocks,
        }

    def report(self) -> str:
        lines = [f"{self.answers} answers: {self.intact}/{self.blocks} code blocks intact, "
                 f"{len(self.held)}/{self.sentences} sentences held"]
        lines += [f"  code held {reason}: {question!r}" for question, reason in self.code_held]
        lines += [f"  held {reason}: {question!r}" for question, reason in self.held]
        return "\n".join(lines)


def raw_mark(text: str, spans: list[list[Any]] | None = None) -> bool:
    """Whether a shown sentence still carries a Markdown mark, its inline code (a glob's `*`, say) aside."""
    for kind, start, end in sorted(spans or (), key=lambda span: -span[1]):
        if kind == "code":
            text = text[:start] + " " + text[end:]
    return _RAW_MARK.search(text) is not None


def fences(text: str) -> list[str]:
    """The fenced blocks of a model's text, each as its lines joined."""
    reader = BlockReader()
    pieces = [*reader.feed(text), *reader.finish()]
    return ["\n".join(piece.lines) for piece in pieces if isinstance(piece, Fence) and any(piece.lines)]


def measure(answers: list[dict[str, Any]], bundle_path: Path) -> Quoting:
    figures = Quoting()
    asyncio.run(_replay(answers, bundle_path, figures))
    return figures


async def _replay(answers: list[dict[str, Any]], bundle_path: Path, figures: Quoting) -> None:
    from ..model.replay import ReplayModel, Script
    from .client import ask, in_process, open_conversation

    replies = [
        {"question": "^" + re.escape(a["question"]) + "$", "calls": [[{"text": a["answer"]}]]} for a in answers
    ]
    model = ReplayModel(Script.from_json({"replies": replies, "fragments": 7}, source="quoted answers"))
    async with in_process(bundle_path, model, name="quoted") as client:
        for answer in answers:
            events = await ask(client, await open_conversation(client), answer["question"])
            figures.answers += 1
            shown = [data["text"] for kind, data in events if kind == "code"]
            written = fences(answer["answer"])
            figures.blocks += len(written)
            figures.intact += sum(1 for block in written if block in shown)
            for kind, data in events:
                if kind == "sentence":
                    figures.sentences += 1
                    if raw_mark(data["text"], data.get("spans")):
                        figures.raw.append(data["text"])
                elif kind == "held" and data["reason"] in _CODE_HOLDS:
                    figures.code_held.append((answer["question"], data["reason"]))
                elif kind == "held":
                    figures.sentences += 1
                    figures.held.append((answer["question"], data["reason"]))
