"""The batched check's probe (`check_probe ask-batched` / `verdicts-batched`): development rounds' Markdown answers,
canaries planted (tests/evals/check_canaries.py), replayed through the real app with the check on, and every request
the check's model would receive kept as a judge's item {n, system, content, tool}; a judge's tool inputs scored by
the app's own reading (`CheckRequest.verdicts`: a `supported` whose `by` names no section of the sentence's own does
not count).

The check's model in the replay is the replay model (`VerdictsModel`) with its answer replaced: each request is kept
and every sentence of it called supported by its own citations, so the answer goes on as it would with a model that
shows all. The items are the requests themselves: the system text, the user content's text blocks (joined by a blank
line), the tool's name, description and input schema.
"""

from __future__ import annotations

import asyncio
import json
import random
import tempfile
from collections import Counter
from collections.abc import AsyncGenerator, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from docent.sidecar.answer.bundle import Bundle
from docent.sidecar.answer.check_request import CODE_NOTE, CheckRequest
from docent.sidecar.answer.checking import Checker
from docent.sidecar.answer.policy import AnswerPolicy
from docent.sidecar.answer.turn import default_gate
from docent.sidecar.model.models import spec_for
from docent.sidecar.model.port import ModelEvent, ModelRequest, Stop, ToolCall, Usage, checked_sentences, cited_sections
from docent.sidecar.model.verdicts import VerdictsModel, key
from docent.sidecar.operator.corpora import Figures, replay_answers
from tests.evals import check_canaries, docsite
from tests.evals.heldout import CORPORA, EXAMPLE_BUNDLE, ROUNDS

SEED = 25
ABSENT = "cross-support, its donor in another request"
ASK = """Answer each item with the JSON the tool would receive, one per item, as a list of {"n": ..., "input": {...}}
(`input`: the `verdict` tool's input, {"supported": [{"n", "by"}], "unsupported": [n, ...]}). Judge each item on its
own, as the checking model would: read only that item's system text, its content and its tool.
"""


async def _show_all(self: VerdictsModel, request: ModelRequest) -> AsyncGenerator[ModelEvent, None]:
    """A check's model that keeps `request` (in `_KEPT`) and supports every sentence by its own citations."""
    _KEPT.append(request)
    asked = checked_sentences(request)
    said = {"supported": [{"n": s.n, "by": list(s.cites)} for s in asked], "unsupported": []}
    yield Usage(1, 1)
    yield ToolCall(f"toolu_all_{len(_KEPT)}", str(request.tools[0]["name"]), said, json.dumps(said))
    yield Stop("tool_use")


_KEPT: list[ModelRequest] = []


@contextmanager
def requests_kept() -> Iterator[list[ModelRequest]]:
    """While open, every request a replay-model check makes, answered all supported."""
    stream = VerdictsModel.stream
    _KEPT.clear()
    VerdictsModel.stream = _show_all  # type: ignore[method-assign]
    try:
        yield _KEPT
    finally:
        VerdictsModel.stream = stream  # type: ignore[method-assign]


class _Asker:
    """A check with a gate on one bundle: would the check be asked this sentence in this paragraph?"""

    def __init__(self, bundle: Bundle) -> None:
        self.bundle = bundle
        self.model = VerdictsModel("none", data={"verdicts": []}, spec=spec_for("replay"))

    async def _asked(self, paragraph: str) -> list[str]:
        policy = AnswerPolicy()
        checked = Checker(self.model).over(default_gate(self.bundle, policy, refer=True), self.bundle.record, policy)
        [*checked.feed(paragraph), *checked.finish()]
        [event async for event in checked.drain()]
        return [s.text for r in _KEPT for s in checked_sentences(r)]

    def __call__(self, paragraph: str, sentence: str) -> bool:
        with requests_kept():
            asked = asyncio.run(self._asked(paragraph))
        return any(key(sentence) in key(text) for text in asked)


def item(n: int, request: ModelRequest) -> dict[str, Any]:
    """A request as the judge reads it."""
    content = request.messages[-1]["content"]
    tool = request.tools[0]
    return {"n": n, "system": "\n\n".join(b["text"] for b in request.system),
            "content": "\n\n".join(b["text"] for b in content if b.get("type") == "text"),
            "tool": {"name": tool["name"], "description": tool.get("description", ""), "input_schema": tool["input_schema"]}}


def _plant(rows: list[dict[str, Any]], bundle: Bundle, rng: random.Random) -> tuple[list[dict[str, Any]], list[check_canaries.Canary]]:
    texts, canaries = check_canaries.plant([row["answer"] for row in rows], bundle, rng, _Asker(bundle))
    return [{"question": row["question"], "screen_page": row["screen_page"], "calls": [[{"type": "text", "text": text}]]}
            for row, text in zip(rows, texts, strict=True)], canaries


def ask(numbers: list[int], seed: int = SEED) -> tuple[list[dict[str, Any]], dict[int, dict[str, Any]], dict[str, int]]:
    """Items, key (item n -> round, site and a row for each sentence: its text, canary or not, kind, rule) and counts:
    items, sentences, canaries asked by kind, and `unasked <kind>` for a canary no request asked (none expected)."""
    rng = random.Random(seed)
    items: list[dict[str, Any]] = []
    key_out: dict[int, dict[str, Any]] = {}
    counts = Counter[str]()
    with tempfile.TemporaryDirectory(prefix="docent-batched-") as tmp:
        for number in numbers:
            held = ROUNDS[number]
            bundles = {"example": EXAMPLE_BUNDLE, held.site: docsite.build_copy(held.folder, Path(tmp) / str(number)).bundle}
            for site, name in held.markdown.items():
                rows = json.loads((CORPORA / name).read_text(encoding="utf-8"))
                counts += replay(bundles[site], rows, rng, items, key_out, {"round": number, "site": site})
    counts["items"], counts["sentences"] = len(items), sum(len(k["sentences"]) for k in key_out.values())
    return items, key_out, dict(counts)


def replay(bundle_path: Path, rows: list[dict[str, Any]], rng: random.Random, items: list[dict[str, Any]],
           key_out: dict[int, dict[str, Any]], where: dict[str, Any]) -> Counter[str]:
    """One site's answers (`rows`, heldout's Markdown answers) with canaries planted, replayed through the real app
    with the check on: each request added to `items`, its key to `key_out` (with `where`); the canaries by kind."""
    bundle = Bundle.load(bundle_path)
    answers, canaries = _plant(rows, bundle, rng)
    requests = captured(bundle_path, answers)
    by_key = {key(c.sentence): c for c in canaries}
    counts, seen = Counter[str](), set()
    for request in requests:
        n = len(items)
        items.append(item(n, request))
        rows_key = []
        for s in checked_sentences(request):
            canary = next((c for k, c in by_key.items() if k and k in key(s.text)), None)
            if canary is None:
                rows_key.append({"n": s.n, "sentence": s.text, "canary": False, "kind": None})
                continue
            seen.add(key(canary.sentence))
            kind = canary.kind
            if canary.donor and bundle.record[canary.donor].trail not in [trail for _l, trail, _t in cited_sections(request)]:
                kind = ABSENT  # its donor section went in another request: a plain falsehood there
            counts[kind] += 1
            rows_key.append({"n": s.n, "sentence": s.text, "canary": True, "kind": kind, "rule": canary.rule,
                             "was": canary.was, "donor": canary.donor or None})
        key_out[n] = {**where, "sentences": rows_key}
    counts.update(f"unasked {c.kind}" for c in canaries if key(c.sentence) not in seen)
    return counts


def captured(bundle_path: Path, answers: list[dict[str, Any]]) -> list[ModelRequest]:
    """Every request the check's model receives while `answers` (replay answers: question, screen_page, calls) are
    replayed through the real app with the check on, each answered all supported."""
    with tempfile.TemporaryDirectory(prefix="docent-batched-") as tmp:
        none = Path(tmp) / "none.json"
        none.write_text('{"verdicts": []}', encoding="utf-8")
        with requests_kept() as kept:
            asyncio.run(replay_answers(answers, bundle_path, Figures(), check=f"replay:{none}"))
            return list(kept)


def brief(items: list[dict[str, Any]]) -> str:
    """The judge's instructions: the check's own system prompt and tool, and how to answer."""
    first = items[0] if items else {"system": "", "tool": {}}
    plain = first["system"].removesuffix(f"\n\n{CODE_NOTE}")
    coded = (f"An item one of whose sentences carries `code_after` has this after it, in its system text too:\n\n{CODE_NOTE}\n\n"
             if any(one["system"].endswith(CODE_NOTE) for one in items) else "")
    return (f"# The check's model\n\nRead items.json: a JSON list of items {{n, system, content, tool}}, each one request "
            f"exactly as the checking model receives it. Every item's system text is this:\n\n{plain}\n\n{coded}"
            f"and its tool (which the model must call) this:\n\n```json\n{json.dumps(first['tool'], indent=1)}\n```\n\n"
            f"{ASK}")


def write(out: Path, items: list[dict[str, Any]], key_out: dict[Any, Any], counts: dict[str, int],
          key_path: Path | None = None) -> None:
    """A judges' folder: `items.json` and the brief (`brief`) in `out`, the key in `key_path` (`out`/key.json where
    not given: keep it from the judges), the counts and where each file went printed."""
    key_path = key_path or out / "key.json"
    out.mkdir(parents=True, exist_ok=True)
    (out / "items.json").write_text(json.dumps(items, indent=1, ensure_ascii=False), encoding="utf-8")
    (out / "brief.md").write_text(brief(items), encoding="utf-8")
    key_path.write_text(json.dumps(key_out, indent=1, ensure_ascii=False), encoding="utf-8")
    print(json.dumps(counts, sort_keys=True))
    print(f"{len(items)} items in {out}/items.json, brief.md; the key in {key_path}, kept from the judges")


def _request(one: dict[str, Any]) -> CheckRequest:
    """The app's reading of a request rebuilt from an item: its sentences' own citations and the sections a lead-in's
    block is from, from its content."""
    lines = one["content"][one["content"].index("The sentences, one a line"):]
    told = ModelRequest([], [], [{"role": "user", "content": [{"type": "text", "text": lines}]}])
    read = CheckRequest.__new__(CheckRequest)
    sentences = checked_sentences(told)
    read.cites, read.code_from = [s.cites for s in sentences], [s.code_from for s in sentences]
    read.blind = not any((*read.cites, *read.code_from))  # no section in view
    return read


def score(items: list[dict[str, Any]], key_in: dict[str, Any], answers: list[dict[str, Any]]) -> dict[str, Any]:
    """Canaries held (plain, cross-support), faithful shown, and unchecked, each verdict read by the app's reading."""
    by_n = {int(one["n"]): one for one in items}
    unknown = [a.get("n") for a in answers if not isinstance(a, dict) or a.get("n") not in by_n]
    if unknown:
        raise ValueError(f"answers for items never asked: {unknown[:5]}")
    given = {int(a["n"]): a.get("input") for a in answers}
    figures: Counter[str] = Counter()
    for n, one in by_n.items():
        calls = [ToolCall("judge", one["tool"]["name"], given[n], "")] if n in given else []
        verdicts = _request(one).verdicts(calls)
        for row, verdict in zip(key_in[str(n)]["sentences"], verdicts, strict=True):
            what = row["kind"] if row["canary"] else "faithful"
            figures[f"{what}"] += 1
            outcome = "unchecked" if verdict is None else ("shown" if verdict else "unsupported")
            figures[f"{what} {outcome}"] += 1
    figures["items answered"], figures["items"] = len(given), len(by_n)
    return dict(figures)
