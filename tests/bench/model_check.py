"""What the model check (DOCENT_CHECK, answer/checking.py) costs an operator: its dollars beside the answer's, and the
time it adds before the visitor reads the first sentence and before `done`.

Both parts replay careful Markdown answers through the real app (`operator.corpora`'s replay, as `tests.evals.heldout`
replays them), the check switched on in its settings and made by the guide as it makes it (behind the day's budget),
its model a stand-in (`Asked`) that keeps each request and answers `supported`, after a fixed time where one is given.

- `check_requests_per_answer`: the checks an answer makes (one a sentence the gate would show that the check asks);
  `check_input_tokens_per_sentence`, `check_output_tokens_per_sentence`: a check request's size, counted as the
  adapters' stand-ins count a request (its body's JSON bytes / 4, at the default model), and its `verdict` call's.
- `check_usd_per_1k_answers_<model>` and `answer_usd_per_1k_answers_<model>`, dollars a thousand answers, at each
  priced row of the model table, and
  `check_vs_answer_<model>`, the first over the second. The check: its input at the input price, its verdict at the
  output price. The answer, counted the same way: its system prompt and tools read from the cache (a warm cache: the
  bundle's explicit breakpoint), its messages at the cache-write price (the automatic breakpoint at the tail), its
  text at the output price. The answers: the example's of rounds 5-10 (no build: seconds); `python -m
  tests.bench.model_check --rounds` the Markdown answers of every development round, 5-19, each site built (minutes).
- `check_first_sentence_lag_ms_<case>` and `check_answer_lag_ms_<case>`: the mean time from the question to the first
  `sentence` event and to `done`, `off` (no check) beside `<ms>ms_places<n>` (a check taking that long a request, at
  DOCENT_CHECK_PLACES n), every case in one run, at once, each its own app, warmed by a first question not timed.
  The answer's model writes at `WRITES_CHARS_S` (about 200 tokens a second, a fast hosted model), so checks overlap
  its writing as they would. Benchmarks measure: nothing here asserts a speed (README.md, round 24, reads them).
"""

from __future__ import annotations

import asyncio
import json
import statistics
import sys
import tempfile
import time
from collections.abc import AsyncGenerator, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any
from unittest import mock

from docent.sidecar.answer.checking import TOOL_NAME
from docent.sidecar.model.models import DEFAULT_MODEL, MODELS
from docent.sidecar.model.port import ModelEvent, ModelRequest, ModelSpec, Stop, TextDelta, ToolCall, Usage
from docent.sidecar.model.wire import anthropic_body, body_bytes

ROOT = Path(__file__).resolve().parents[2]
CORPORA = ROOT / "tests" / "evals" / "corpora"
EXAMPLE_BUNDLE = ROOT / "tests" / "evals" / "bundle.json"
EXAMPLE_ANSWERS = [f"markdown-answers-round{n}-holdout.json" for n in range(5, 11)]
VERDICT = {"supported": True, "point": ""}
RAW_VERDICT = json.dumps(VERDICT)
DELAYS_MS = (300, 800)
PLACES = (1, 4, 8)
LAG_ANSWERS = ("markdown-answers-round10-holdout.json", 3)  # the first three of the example's last development round
WRITES_CHARS_S = 800.0


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
    """The check's model: keeps each request and, after `delay_s`, calls `verdict` with `supported`."""

    def __init__(self, delay_s: float = 0.0, spec: ModelSpec | None = None) -> None:
        self.delay_s = delay_s
        self.spec = spec or MODELS["replay"]
        self.requests: list[ModelRequest] = []

    async def stream(self, request: ModelRequest) -> AsyncGenerator[ModelEvent, None]:
        self.requests.append(request)
        if self.delay_s:
            await asyncio.sleep(self.delay_s)
        yield Usage(tokens(anthropic_body(request, self.spec)), 0)
        yield ToolCall(f"toolu_check_{len(self.requests)}", TOOL_NAME, dict(VERDICT), RAW_VERDICT)
        yield Usage(tokens(anthropic_body(request, self.spec)), max(1, len(RAW_VERDICT) // 4))
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
def checking(models: dict[str, Asked]) -> Iterator[None]:
    """While open, DOCENT_CHECK_MODEL=replay:<name> makes the guide's check with `models[name]`."""
    from docent.sidecar.spending import factory

    with mock.patch.dict(factory.ADAPTERS, {"replay": lambda choice, _wiring: models[choice.target]}):
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
    """What the answers asked of the answer's model and of the check's."""

    answers: int = 0
    checks: list[ModelRequest] = field(default_factory=list)
    calls: list[ModelRequest] = field(default_factory=list)
    written: list[int] = field(default_factory=list)
    sentences: int = 0  # sentence and held events

    def figures(self) -> dict[str, float]:
        default = MODELS[DEFAULT_MODEL]
        inputs = [tokens(anthropic_body(r, default)) for r in self.checks]
        output = max(1, len(RAW_VERDICT) // 4)
        out: dict[str, float] = {
            "check_answers": self.answers,
            "check_requests_per_answer": round(len(self.checks) / self.answers, 2),
            "check_share_of_sentences": round(len(self.checks) / max(1, self.sentences), 3),
            "check_input_tokens_per_sentence": round(statistics.fmean(inputs), 1),
            "check_input_tokens_p90": sorted(inputs)[int(0.9 * (len(inputs) - 1))],
            "check_output_tokens_per_sentence": output,
        }
        for spec in priced():
            check = sum(check_usd(tokens(anthropic_body(r, spec)), output, spec) for r in self.checks) / self.answers
            answer = sum(answer_usd(*split(r, spec), w // 4, spec)
                         for r, w in zip(self.calls, self.written, strict=True)) / self.answers
            out[f"check_usd_per_1k_answers_{spec.id}"] = round(1000 * check, 6)
            out[f"answer_usd_per_1k_answers_{spec.id}"] = round(1000 * answer, 6)
            out[f"check_vs_answer_{spec.id}"] = round(check / answer, 3)
        return out


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
    with checking({"asked": asked}):
        client, model, _chunks = app_client(bundle, answers, check="asked")
        async with client:
            for answer in answers:
                events = await ask(client, await open_conversation(client), answer["question"],
                                   screen={"page": answer["screen_page"]})
                if not events or events[-1][0] != "done":
                    raise RuntimeError(f"The answer to {answer['question']!r} did not end with done: {events[-1:]}")
                spent.sentences += sum(name in ("sentence", "held") for name, _ in events)
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
    """Every development round's Markdown answers (5-19), each documentation site built afresh."""
    from tests.evals import docsite
    from tests.evals.heldout import ROUNDS

    spent = Spent()
    for n in range(5, 20):
        held = ROUNDS[n]
        with tempfile.TemporaryDirectory(prefix=f"docent-check-round{n}-") as tmp:
            bundles = {"example": EXAMPLE_BUNDLE, held.site: docsite.build_copy(held.folder, Path(tmp)).bundle}
            for site, name in held.markdown.items():
                asyncio.run(spend(bundles[site], rows(name), spent))
                print(f"  round {n} {site}: {spent.answers} answers, {len(spent.checks)} checks so far", flush=True)
    return spent


async def lags(bundle: Path, answers: list[dict[str, Any]]) -> dict[str, float]:
    """The mean time to the first sentence and to `done`, check off and on at each delay and places: the cases at
    once, each in an app of its own (the check's places are the guide's, shared by its questions), its answers one
    after another."""
    from docent.sidecar.operator.client import open_conversation
    from docent.sidecar.routes import GUIDE

    cases: dict[str, tuple[int, float]] = {"off": (4, 0.0)}
    cases |= {f"{ms}ms_places{p}": (p, ms / 1000) for ms in DELAYS_MS for p in PLACES}
    models = {name: Asked() for name in cases if name != "off"}  # answering at once until every app is warm

    async def one(name: str) -> tuple[str, list[float], list[float]]:
        client, _model, chunks = app_client(bundle, answers, check=None if name == "off" else name,
                                            places=cases[name][0], chars_s=WRITES_CHARS_S)
        first, whole = [], []
        async with client:
            # the bundle loaded and the gate's indexes made by a first question, not timed, in every app before any
            # timed question
            await client.post(f"{GUIDE}/questions", json={"conversation": await open_conversation(client),
                                                          "question": answers[0]["question"]}, timeout=120)
            warm.append(name)
            if len(warm) == len(cases):
                for case, asked in models.items():
                    asked.delay_s = cases[case][1]
                ready.set()
            await ready.wait()
            for answer in answers:
                token = await open_conversation(client)
                chunks.clear()
                began = time.perf_counter()
                said = await client.post(f"{GUIDE}/questions", json={
                    "conversation": token, "question": answer["question"], "screen": {"page": answer["screen_page"]},
                }, timeout=120)
                said.raise_for_status()
                first.append(1000 * (next(t for t, c in chunks if b"event: sentence" in c) - began))
                whole.append(1000 * (next(t for t, c in chunks if b"event: done" in c) - began))
        return name, first, whole

    ready, warm = asyncio.Event(), list[str]()
    with checking(models):
        done = await asyncio.gather(*(one(name) for name in cases))
    out: dict[str, float] = {}
    for name, first, whole in done:
        out[f"check_first_sentence_lag_ms_{name}"] = round(statistics.fmean(first), 1)
        out[f"check_answer_lag_ms_{name}"] = round(statistics.fmean(whole), 1)
    return out


def run() -> dict[str, float]:
    figures = example_spent().figures()
    return figures | asyncio.run(lags(EXAMPLE_BUNDLE, rows(LAG_ANSWERS[0])[:LAG_ANSWERS[1]]))


def main() -> None:
    figures = rounds_spent().figures() if "--rounds" in sys.argv else run()
    width = max(map(len, figures))
    for key, value in figures.items():
        print(f"{key:<{width}}  {value}")


if __name__ == "__main__":
    main()
