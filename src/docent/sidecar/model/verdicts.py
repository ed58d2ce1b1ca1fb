"""Recorded verdicts: a replay model for the sentence check (`answer.checking`), answering each check from a file of
verdicts a model gave before, keyed by the sentence, so the gate and the check are measured through the real code
for nothing (`python -m tests.evals.heldout N --checked FILE`). DOCENT_CHECK_MODEL=replay:<file> names one.

The file: `{"verdicts": [{"sentence": "...", "supported": true, "point": ""}, ...]}`. A sentence is matched with its
citations, Markdown marks and runs of spaces left out (the check is asked the sentence as the visitor would read
it). A check's request asks several sentences: the answer is one `verdict` call with a verdict for each the file
has (`by`, the sections the sentence cites), and none for a sentence the file lacks, which the check holds. A request
with no sentence the file has fails (`Unavailable`), as a check that could not be made, and holds them all.
"""

from __future__ import annotations

import json
import re
from collections.abc import AsyncGenerator
from pathlib import Path
from typing import Any

from .models import spec_for
from .port import ModelEvent, ModelRequest, ModelSpec, Stop, ToolCall, Unavailable, Usage, checked_sentences
from .wire import anthropic_body, body_bytes

_CITES = re.compile(r"\s*\[\[[^\]]*\]\]")
_MARKS = re.compile(r"[`*]+")


class VerdictsError(ValueError):
    """A verdicts file that cannot be read; the message names the file and the place."""


def key(sentence: str) -> str:
    """A sentence as the file and a request are matched: no citations, no Markdown marks, single spaces."""
    return " ".join(_MARKS.sub("", _CITES.sub("", sentence)).split()).rstrip()


def is_verdicts(data: Any) -> bool:
    return isinstance(data, dict) and "verdicts" in data


def read(data: Any, source: str) -> dict[str, dict[str, Any]]:
    rows = data.get("verdicts") if isinstance(data, dict) else None
    if not isinstance(rows, list):
        raise VerdictsError(f'{source}: expected {{"verdicts": [{{"sentence", "supported", "point"}}, ...]}}.')
    out = {}
    for i, row in enumerate(rows):
        if not isinstance(row, dict) or not isinstance(row.get("sentence"), str) or not isinstance(row.get("supported"), bool):
            raise VerdictsError(f'{source}: verdicts[{i}] needs "sentence" (text) and "supported" (true or false).')
        out[key(row["sentence"])] = {"supported": row["supported"], "point": str(row.get("point", ""))}
    return out


class VerdictsModel:
    """Answers a check's request with the verdicts its sentences were given; its size priced as a replay's is.
    `asked`: the sentences asked, `unknown` those the file lacks, `requests` the requests."""

    def __init__(self, path: Path | str, *, spec: ModelSpec | None = None, data: Any = None) -> None:
        if data is None:
            try:
                data = json.loads(Path(path).read_text(encoding="utf-8"))
            except (OSError, ValueError) as exc:
                raise VerdictsError(f"The verdicts file {path} cannot be read: {exc}.") from exc
        self.verdicts = read(data, str(path))
        self.spec = spec or spec_for("replay")
        self.asked = 0
        self.unknown = 0  # asked of a sentence the file lacks
        self.requests = 0

    async def stream(self, request: ModelRequest) -> AsyncGenerator[ModelEvent, None]:
        self.requests += 1
        asked = checked_sentences(request)
        given = [(s, self.verdicts.get(key(s.text)) if s.text else None) for s in asked]
        self.asked += len(asked)
        self.unknown += sum(1 for _s, g in given if g is None)
        if all(g is None for _s, g in given) or not request.tools:
            raise Unavailable("The verdicts file has no verdict for these sentences.")
        usage = Usage(len(body_bytes(anthropic_body(request, self.spec))) // 4, 0)
        yield usage
        said = {"supported": [{"n": s.n, "by": list(s.cites)} for s, g in given if g is not None and g["supported"]],
                "unsupported": [s.n for s, g in given if g is not None and not g["supported"]]}
        raw = json.dumps(said)
        yield ToolCall(f"toolu_verdict_{self.requests}", str(request.tools[0]["name"]), said, raw)
        yield Usage(usage.input_tokens, max(1, len(raw) // 4))
        yield Stop("tool_use")

    async def aclose(self) -> None:
        return None
