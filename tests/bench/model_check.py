"""What the model check (DOCENT_CHECK, answer/checking.py) costs an operator: its dollars beside the answer's, and the
time it adds before the visitor reads the first sentence and before `done`; round 24's way (a request a sentence:
`before`) beside round 25's (a request a paragraph, answer/check_request.py: `after`), in one run.

Both parts replay careful Markdown answers through the real app (`operator.corpora`'s replay, as `tests.evals.heldout`
replays them), the check switched on in its settings and made by the guide as it makes it (behind the day's budget),
its model a stand-in (`Asked`) that keeps each request and answers `supported` for every sentence, after a fixed time
where one is given.

- `check_requests_per_answer_<before|after>`: the requests an answer's checks make; `check_sentences_per_request`;
  `check_input_tokens_per_answer_<...>`, `check_output_tokens_per_answer_<...>`: their size, counted as the adapters'
  stand-ins count a request (its body's JSON bytes / 4, at the default model), and their `verdict` calls'. `before`
  is each sentence the app asked, sent as round 24's request (`round24_request`: its prompt, its tool, its verdict of
  8 tokens); `after`, the requests the app sent.
- `check_usd_per_1k_answers_<model>_<...>` and `answer_usd_per_1k_answers_<model>`, dollars a thousand answers, at
  each priced row of the model table, and `check_vs_answer_<model>_<...>`, the first over the second;
  `check_vs_answer_<cheap>_on_<dear>_<...>`, the cheapest row checking the dearest row's answers. The check: its
  input at the input price, its verdicts at the output price. The answer, counted the same way: its system prompt and
  tools read from the cache (a warm cache: the bundle's explicit breakpoint), its messages at the cache-write price
  (the automatic breakpoint at the tail), its text at the output price. The answers: the example's of rounds 5-10 (no
  build: seconds); `python -m tests.bench.model_check --rounds` the Markdown answers of every development round,
  5-20, each site built (minutes).
- `check_sections_repeated_share`: of the sections' tokens the requests send, the share an earlier request of the
  same answer sent too (what a cache breakpoint after the sections could read, at best); `check_requests_over_1024`:
  the share of requests of 1,024 tokens or more (what a cache can hold at all, at the 5.x models' likely minimum);
  `check_input_saved_by_a_cache_at_<minimum>`: the share of the requests' input a cache breakpoint after the sections
  would save, each request carrying its answer's earlier sections (`Spent.cached`; not built).
- The time (`_check_lag.py`): `check_first_sentence_lag_ms_<case>`, `check_answer_lag_ms_<case>` and
  `check_behind_<ms|sentences>_<case>`, `off` beside `<ms>ms_places<n>_<before|after>`.
"""

from __future__ import annotations

import asyncio
import json
import sys
import tempfile
import time
from collections.abc import AsyncGenerator, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any
from unittest import mock

from docent.schema import RecordSection
from docent.sidecar.answer.checking import TOOL_NAME, Checker
from docent.sidecar.model.models import DEFAULT_MODEL, MODELS
from docent.sidecar.model.port import (
    ModelEvent,
    ModelRequest,
    ModelSpec,
    Stop,
    TextDelta,
    ToolCall,
    Usage,
    checked_sentences,
)
from docent.sidecar.model.wire import anthropic_body, body_bytes

ROOT = Path(__file__).resolve().parents[2]
CORPORA = ROOT / "tests" / "evals" / "corpora"
EXAMPLE_BUNDLE = ROOT / "tests" / "evals" / "bundle.json"
EXAMPLE_ANSWERS = [f"markdown-answers-round{n}-holdout.json" for n in range(5, 11)]
CACHE_MINIMA = (1024, 2048, 4096)  # the minimum cacheable prefixes the sources give (shared/anthropic-api.md, section 3)
ROUND24_VERDICT = json.dumps({"supported": True, "point": ""})  # round 24's verdict of a sentence: 8 tokens
# Round 24's request, a sentence each (answer/checking.py at 1e6fa62): the `before` of each figure.
ROUND24_SYSTEM = (
    "You check one sentence a documentation assistant wrote, before a reader sees it, against ONLY the text of the "
    "sections it cites, given below it. Supported: every claim the sentence makes (facts, numbers, units, order, who "
    "does what, how many and which ones, causes, whether something is required, possible, the default or certain) is "
    "stated or directly implied by the cited text; a paraphrase or a fair summary is fine. Unsupported: the sentence "
    "says something the cited text contradicts or does not say; one wrong point is enough. A heading, a label or a "
    "lead-in that states nothing of its own (\"Installing\", \"Here is how:\") is supported. Answer by calling the "
    "`verdict` tool once, with `point` the claim not supported in a few words (empty when supported)."
)
ROUND24_TOOL = {
    "name": "verdict", "description": "Whether the cited sections support every claim of the sentence.",
    "input_schema": {"type": "object", "properties": {
        "supported": {"type": "boolean", "description": "Every claim of the sentence is in the cited text."},
        "point": {"type": "string", "description": "If unsupported: the claim not supported, in a few words."},
    }, "required": ["supported", "point"], "additionalProperties": False}, "strict": True,
}


def round24_request(text: str, sections: list[RecordSection]) -> ModelRequest:
    """The request round 24 sent for one sentence: its cited sections, then the sentence."""
    cited = "\n\n".join(f"[[{s.id}]] {s.trail}\n{s.shown()}" for s in sections)
    content = [{"type": "text", "text": f"<cited_sections>\n{cited}\n</cited_sections>"},
               {"type": "text", "text": "The sentence: " + text}]
    return ModelRequest([{"type": "text", "text": ROUND24_SYSTEM}], [ROUND24_TOOL], [{"role": "user", "content": content}],
                        max_tokens=256, tool_choice="any", cache_tail=False)


def verdicts_for(request: ModelRequest) -> dict[str, Any]:
    """The stand-in's answer to a check's request: every sentence supported, by its own citations."""
    return {"supported": [{"n": s.n, "by": list(s.cites)} for s in checked_sentences(request)], "unsupported": []}


def tokens(body: dict[str, Any]) -> int:
    """A request's input tokens as the stand-in adapters count them (replay, verdicts, offline): JSON bytes / 4."""
    return len(body_bytes(body)) // 4


def priced() -> list[ModelSpec]:
    """The model table's rows with a price."""
    return [spec for spec in MODELS.values() if spec.input_per_mtok > 0]


def check_usd(input_tokens: float, output_tokens: float, spec: ModelSpec) -> float:
    """A check's dollars: its request at the input price, its verdict at the output price."""
    return (input_tokens * spec.input_per_mtok + output_tokens * spec.output_per_mtok) / 1_000_000


def answer_usd(prefix_tokens: float, tail_tokens: float, output_tokens: float, spec: ModelSpec) -> float:
    """An answer's dollars with a warm cache: its system prompt and tools read from the cache, the rest of the request
    written to it (the automatic breakpoint at the conversation's tail), its text at the output price."""
    return (prefix_tokens * spec.cache_read_per_mtok + tail_tokens * spec.cache_write_per_mtok
            + output_tokens * spec.output_per_mtok) / 1_000_000


class Asked:
    """The check's model: keeps each request and, after `delay_s`, calls `verdict` with every sentence supported.
    `batch`: the most sentences the guide's check asks it in one request (1: round 24's, a request a sentence)."""

    def __init__(self, delay_s: float = 0.0, spec: ModelSpec | None = None, *, batch: int | None = None) -> None:
        self.delay_s = delay_s
        self.spec = spec or MODELS["replay"]
        self.batch = batch
        self.requests: list[ModelRequest] = []

    async def stream(self, request: ModelRequest) -> AsyncGenerator[ModelEvent, None]:
        self.requests.append(request)
        if self.delay_s:
            await asyncio.sleep(self.delay_s)
        given = verdicts_for(request)
        raw = json.dumps(given)
        yield Usage(tokens(anthropic_body(request, self.spec)), 0)
        yield ToolCall(f"toolu_check_{len(self.requests)}", TOOL_NAME, given, raw)
        yield Usage(tokens(anthropic_body(request, self.spec)), max(1, len(raw) // 4))
        yield Stop("tool_use")

    async def aclose(self) -> None:
        return None


class Writer:
    """The answer's model: a replay, each piece of text after the time a model writing `chars_s` takes to write it;
    it keeps each request and what it wrote."""

    def __init__(self, inner: Any, chars_s: float | None = None) -> None:
        self.inner = inner
        self.spec = inner.spec
        self.chars_s = chars_s
        self.requests: list[ModelRequest] = []
        self.written: list[int] = []

    async def stream(self, request: ModelRequest) -> AsyncGenerator[ModelEvent, None]:
        self.requests.append(request)
        self.written.append(0)
        began = time.perf_counter()
        async for event in self.inner.stream(request):
            if isinstance(event, TextDelta):
                self.written[-1] += len(event.text)
                if self.chars_s:  # on a schedule from the call's start, so the loop's own delays do not add up
                    await asyncio.sleep(max(0.0, began + self.written[-1] / self.chars_s - time.perf_counter()))
            yield event

    async def aclose(self) -> None:
        await self.inner.aclose()


@contextmanager
def checking(models: dict[str, Asked], asked: list[list[tuple[str, list[RecordSection]]]] | None = None) -> Iterator[None]:
    """While open, DOCENT_CHECK_MODEL=replay:<name> makes the guide's check with `models[name]`, asking at most its
    `batch` sentences a request; each request's sentences and their sections kept in `asked`."""
    from docent.sidecar.spending import factory

    made, judge = Checker.__init__, Checker.judge

    def init(self: Checker, model: Any, **options: Any) -> None:
        made(self, model, **options)
        stand_in = getattr(model, "_model", model)  # inside the guide's spending layers
        self.batch = getattr(stand_in, "batch", None) or self.batch

    async def judged(self: Checker, items: list[tuple[str, list[RecordSection]]], code: Any = None) -> Any:
        if asked is not None:
            asked.append(list(items))
        return await judge(self, items, code)

    with mock.patch.dict(factory.ADAPTERS, {"replay": lambda choice, _wiring: models[choice.target]}), \
            mock.patch.object(Checker, "__init__", init), mock.patch.object(Checker, "judge", judged):
        yield


def app_client(bundle: Path, answers: list[dict[str, Any]], *, check: str | None, places: int = 4,
               chars_s: float | None = None) -> tuple[Any, Writer, list[tuple[float, bytes]]]:
    """A client of the real app answering `answers` from their replay, the check on with model `check` (None: off);
    with every chunk of the answer's stream as it left the app, timed."""
    import httpx

    from docent.sidecar.app import create_app
    from docent.sidecar.model.replay import ReplayModel, Script
    from docent.sidecar.operator.client import UNLIMITED
    from docent.sidecar.operator.corpora import script_for
    from docent.sidecar.settings import Settings

    script = {"replies": [r for a in answers for r in script_for(replay(a))["replies"]], "fragments": 7}
    model = Writer(ReplayModel(Script.from_json(script, source="careful answers")), chars_s)
    settings = replace(
        Settings(), enabled=True, bundle=bundle, pow_maxnumber=2000, rate_address=UNLIMITED,
        rate_conversation=UNLIMITED, rate_overall=UNLIMITED, rate_start=UNLIMITED, rate_read=UNLIMITED,
        check_sentences=check is not None, check_model=f"replay:{check}" if check else None, check_places=places,
    )
    app = create_app(settings, model_factory=lambda _settings: model)
    chunks: list[tuple[float, bytes]] = []

    async def timed(scope: Any, receive: Any, send: Any) -> None:
        async def sent(message: Any) -> None:
            if message.get("type") == "http.response.body" and message.get("body"):
                chunks.append((time.perf_counter(), message["body"]))
            await send(message)

        await app(scope, receive, sent)

    client = httpx.AsyncClient(transport=httpx.ASGITransport(app=timed), base_url="http://check")
    return client, model, chunks


def replay(answer: dict[str, Any]) -> dict[str, Any]:
    """A careful Markdown answer (text only, one model call) as the replay's answer."""
    return {"question": answer["question"], "screen_page": answer["screen_page"],
            "calls": [[{"type": "text", "text": answer["answer"]}]]}


def rows(name: str) -> list[dict[str, Any]]:
    return list(json.loads((CORPORA / name).read_text(encoding="utf-8")))


@dataclass
class Spent:
    """What the answers asked of the answer's model and of the check's: `checks`, the check's requests as sent; `asked`,
    each one's sentences with their sections; `answer_of`, the answer each was made for."""

    answers: int = 0
    checks: list[ModelRequest] = field(default_factory=list)
    asked: list[list[tuple[str, list[RecordSection]]]] = field(default_factory=list)
    answer_of: list[int] = field(default_factory=list)
    calls: list[ModelRequest] = field(default_factory=list)
    written: list[int] = field(default_factory=list)
    sentences: int = 0  # sentence and held events

    def figures(self) -> dict[str, float]:
        default = MODELS[DEFAULT_MODEL]
        before = [round24_request(text, sections) for items in self.asked for text, sections in items]
        ways = {"before": (before, [max(1, len(ROUND24_VERDICT) // 4)] * len(before)),
                "after": (self.checks, [max(1, len(json.dumps(verdicts_for(r))) // 4) for r in self.checks])}
        out: dict[str, float] = {"check_answers": self.answers,
                                 "check_share_of_sentences": round(len(before) / max(1, self.sentences), 3),
                                 "check_sentences_per_request": round(len(before) / max(1, len(self.checks)), 2)}
        for way, (requests, outputs) in ways.items():
            out[f"check_requests_per_answer_{way}"] = round(len(requests) / self.answers, 2)
            out[f"check_input_tokens_per_answer_{way}"] = round(
                sum(tokens(anthropic_body(r, default)) for r in requests) / self.answers, 1)
            out[f"check_output_tokens_per_answer_{way}"] = round(sum(outputs) / self.answers, 1)
        answers = {spec.id: sum(answer_usd(*split(r, spec), w // 4, spec)
                                for r, w in zip(self.calls, self.written, strict=True)) / self.answers for spec in priced()}
        checks = {(spec.id, way): sum(check_usd(tokens(anthropic_body(r, spec)), o, spec)
                                      for r, o in zip(requests, outputs, strict=True)) / self.answers
                  for spec in priced() for way, (requests, outputs) in ways.items()}
        cheap, dear = min(priced(), key=lambda s: s.input_per_mtok).id, max(priced(), key=lambda s: s.input_per_mtok).id
        for spec in priced():
            out[f"answer_usd_per_1k_answers_{spec.id}"] = round(1000 * answers[spec.id], 6)
            for way in ways:
                out[f"check_usd_per_1k_answers_{spec.id}_{way}"] = round(1000 * checks[spec.id, way], 6)
                out[f"check_vs_answer_{spec.id}_{way}"] = round(checks[spec.id, way] / answers[spec.id], 3)
        for way in ways:
            out[f"check_vs_answer_{cheap}_on_{dear}_{way}"] = round(checks[cheap, way] / answers[dear], 3)
        return out | self.repeats(default)

    def repeats(self, spec: ModelSpec) -> dict[str, float]:
        """How much of the sections the requests send an earlier request of the same answer sent, and how many
        requests are long enough to cache."""
        sent = repeated = 0
        seen: dict[int, set[str]] = {}
        for items, answer in zip(self.asked, self.answer_of, strict=True):
            known = seen.setdefault(answer, set())
            for section in {s.id: s for _text, cited in items for s in cited}.values():
                size = len(f"{section.trail}\n{section.shown()}".encode()) // 4
                sent += size
                repeated += size if section.id in known else 0
                known.add(section.id)
        long = sum(1 for r in self.checks if tokens(anthropic_body(r, spec)) >= 1024)
        out = {"check_sections_repeated_share": round(repeated / max(1, sent), 3),
               "check_requests_over_1024": round(long / max(1, len(self.checks)), 3)}
        for minimum in CACHE_MINIMA:
            out[f"check_input_saved_by_a_cache_at_{minimum}"] = round(1 - self.cached(spec, minimum) / max(1, sum(
                tokens(anthropic_body(r, spec)) for r in self.checks)), 3)
        return out

    def cached(self, spec: ModelSpec, minimum: int) -> float:
        """The requests' input, in tokens at the input price, were each to carry every section an earlier request of its
        answer sent before its own new ones, with a cache breakpoint after them (not built: README, round 25): where
        the last request's prefix (system prompt, tool, sections) reached the model's `minimum` it was written to the
        cache and is read at the cache-read price, the new sections written at the cache-write price where the prefix
        reaches it; where it did not, the request sends its own sections only, written where they reach it."""
        fixed = tokens({k: v for k, v in anthropic_body(self.checks[0], spec).items() if k in ("system", "tools")})
        read, write = spec.cache_read_per_mtok / spec.input_per_mtok, spec.cache_write_per_mtok / spec.input_per_mtok
        total, chain, prefix, last = 0.0, set[str](), 0, -1
        for request, items, answer in zip(self.checks, self.asked, self.answer_of, strict=True):
            own = {s.id: len(f"{s.trail}\n{s.shown()}".encode()) // 4 for _text, cited in items for s in cited}
            rest = tokens(anthropic_body(request, spec)) - fixed - sum(own.values())
            if answer != last:
                chain, prefix, last = set(), 0, answer
            if prefix >= minimum:  # the last request wrote its prefix: read it, and write the new sections after it
                new = sum(n for i, n in own.items() if i not in chain)
                total += prefix * read + new * (write if prefix + new >= minimum else 1) + rest
                chain, prefix = chain | set(own), prefix + new
            else:
                prefix = fixed + sum(own.values())
                total += prefix * (write if prefix >= minimum else 1) + rest
                chain = set(own)
        return total


def split(request: ModelRequest, spec: ModelSpec) -> tuple[int, int]:
    """An answer call's input tokens as (its cached prefix, the system prompt and tools; the rest)."""
    whole = anthropic_body(request, spec)
    prefix: dict[str, Any] = {k: whole[k] for k in ("system", "tools") if k in whole}
    cached = tokens(prefix) if prefix else 0
    return cached, tokens(whole) - cached


async def spend(bundle: Path, answers: list[dict[str, Any]], spent: Spent) -> None:
    """Each answer through the real app, the check on and answering at once; what each model was asked, kept."""
    from docent.sidecar.operator.client import ask, open_conversation

    asked = Asked()
    with checking({"asked": asked}, spent.asked):
        client, model, _chunks = app_client(bundle, answers, check="asked")
        async with client:
            for answer in answers:
                events = await ask(client, await open_conversation(client), answer["question"],
                                   screen={"page": answer["screen_page"]})
                if not events or events[-1][0] != "done":
                    raise RuntimeError(f"The answer to {answer['question']!r} did not end with done: {events[-1:]}")
                spent.sentences += sum(name in ("sentence", "held") for name, _ in events)
                spent.answer_of += [spent.answers] * (len(spent.asked) - len(spent.answer_of))
                spent.answers += 1
    spent.checks += asked.requests
    spent.calls += model.requests
    spent.written += model.written


def example_spent() -> Spent:
    spent = Spent()
    for name in EXAMPLE_ANSWERS:
        asyncio.run(spend(EXAMPLE_BUNDLE, rows(name), spent))
    return spent


def rounds_spent() -> Spent:
    """Every development round's Markdown answers (5-20), each documentation site built afresh."""
    from tests.evals import docsite
    from tests.evals.heldout import ROUNDS

    spent = Spent()
    for n in range(5, 21):
        held = ROUNDS[n]
        with tempfile.TemporaryDirectory(prefix=f"docent-check-round{n}-") as tmp:
            bundles = {"example": EXAMPLE_BUNDLE, held.site: docsite.build_copy(held.folder, Path(tmp)).bundle}
            for site, name in held.markdown.items():
                asyncio.run(spend(bundles[site], rows(name), spent))
                print(f"  round {n} {site}: {spent.answers} answers, {len(spent.checks)} requests so far", flush=True)
    return spent


def run() -> dict[str, float]:
    from tests.bench._check_lag import lag_figures

    return example_spent().figures() | lag_figures()


def main() -> None:
    figures = rounds_spent().figures() if "--rounds" in sys.argv else run()
    width = max(map(len, figures))
    for key, value in figures.items():
        print(f"{key:<{width}}  {value}")


if __name__ == "__main__":
    main()
