"""`docent eval`: the evals of seeds 002 and 000, run through the real app in-process, one table per model.

A cases file (`<cases dir>/cases/*.json`) holds `{"replay": "<script, relative to the file>", "cases": [...]}`;
each case is `{"name", "question", "screen"?, "failed"?, "must", "checks": [...], "scripted": [...]}`.
`checks` hold for every model; `scripted` only for the replay model, whose replies the script fixes.
A check is one of:
  {"event": KIND, ...fields}      some event of that kind whose payload has those fields
  {"no_event": KIND, ...fields}   no such event
  {"sentence": REGEX}             some sentence let through matches;  {"no_sentence": REGEX}: none does
  {"held": REASON}                a sentence was held back for that reason
  {"result": {"tool": NAME, "error": BOOL, "says": REGEX}}   what went back to the model for that tool's call
  {"tool_choice_last": "none"}    the turn's last request went with that tool_choice
  {"done": {...fields}}           the `done` event has those fields (waiting, actions, ...)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
from collections.abc import AsyncGenerator, Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import httpx

from .answer.bundle import Bundle
from .model.port import LanguageModel, ModelEvent, ModelRequest
from .model.wire import anthropic_body

REPLAY = "replay"
# the visitor question sets the offline model is measured on (`offline_hit_rate`): the one it was tuned with, and a
# held-out one written by another writer, which says how it does on questions nobody fitted it to
VISITORS = ("visitors.json", "visitors-holdout.json")


class Recorder:
    """A model that keeps every request as the body the Anthropic API would be sent, to check what went back."""

    def __init__(self, inner: LanguageModel) -> None:
        self.inner = inner
        self.spec = inner.spec
        self.bodies: list[dict[str, Any]] = []

    async def stream(self, request: ModelRequest) -> AsyncGenerator[ModelEvent, None]:
        self.bodies.append(json.loads(json.dumps(anthropic_body(request, self.spec))))
        async for event in self.inner.stream(request):
            yield event

    async def aclose(self) -> None:
        await self.inner.aclose()


@dataclass
class Case:
    name: str
    question: str
    must: str
    checks: list[dict[str, Any]]
    scripted: list[dict[str, Any]]
    screen: dict[str, Any] = field(default_factory=dict)
    failed: list[dict[str, Any]] = field(default_factory=list)
    script: Path | None = None


@dataclass
class Outcome:
    case: Case
    events: list[tuple[str, dict[str, Any]]]
    bodies: list[dict[str, Any]]
    misses: list[str]

    @property
    def passed(self) -> bool:
        return not self.misses

    @property
    def done(self) -> dict[str, Any]:
        return next((data for kind, data in self.events if kind == "done"), {})


def load_cases(folder: Path) -> list[Case]:
    cases = []
    for path in sorted((folder / "cases").glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        script = (path.parent / data["replay"]).resolve() if data.get("replay") else None
        for item in data["cases"]:
            cases.append(
                Case(
                    item["name"], item["question"], item["must"], item.get("checks", []), item.get("scripted", []),
                    item.get("screen", {}), item.get("failed", []), script,
                )
            )
    return cases


# Checks: each returns None when it holds, else what came out instead.
def check(outcome: Outcome, rule: dict[str, Any]) -> str | None:
    events = outcome.events
    if "event" in rule or "no_event" in rule:
        kind = rule.get("event") or rule["no_event"]
        fields = {k: v for k, v in rule.items() if k not in ("event", "no_event")}
        found = any(k == kind and all(d.get(f) == v for f, v in fields.items()) for k, d in events)
        if found == ("event" in rule):
            return None
        return f"{'no' if 'event' in rule else 'an'} {kind} {json.dumps(fields) if fields else ''}".strip()
    if "sentence" in rule or "no_sentence" in rule:
        pattern = re.compile(rule.get("sentence") or rule["no_sentence"], re.IGNORECASE)
        texts = [d["text"] for k, d in events if k == "sentence"]
        hit = next((t for t in texts if pattern.search(t)), None)
        if "sentence" in rule:
            return None if hit else f"no sentence matching /{pattern.pattern}/"
        return None if hit is None else f"shown: {hit!r}"
    if "held" in rule:
        reasons = [d["reason"] for k, d in events if k == "held"]
        return None if rule["held"] in reasons else f"held {reasons or 'nothing'}"
    if "result" in rule:
        return _check_result(outcome.bodies, rule["result"])
    if "tool_choice_last" in rule:
        last = (outcome.bodies[-1].get("tool_choice") or {"type": "auto"})["type"] if outcome.bodies else None
        return None if last == rule["tool_choice_last"] else f"last tool_choice {last}"
    if "done" in rule:
        done = outcome.done
        wrong = {k: done.get(k) for k, v in rule["done"].items() if done.get(k) != v}
        return None if not wrong else f"done {json.dumps(wrong)}"
    return f"unknown check {rule}"


def _check_result(bodies: list[dict[str, Any]], want: dict[str, Any]) -> str | None:
    if not bodies:
        return "no model call"
    calls: dict[str, str] = {}
    results: list[tuple[str, dict[str, Any]]] = []
    for message in bodies[-1]["messages"]:
        for block in message["content"] if isinstance(message["content"], list) else []:
            if block.get("type") == "tool_use":
                calls[block["id"]] = block["name"]
            elif block.get("type") == "tool_result":
                results.append((calls.get(block["tool_use_id"], "?"), block))
    for tool, block in results:
        if tool != want["tool"]:
            continue
        error = bool(block.get("is_error"))
        if "error" in want and error != want["error"]:
            continue
        if "says" in want and not re.search(want["says"], block["content"]):
            continue
        return None
    said = [f"{tool}{' error' if b.get('is_error') else ''}: {b['content'][:60]!r}" for tool, b in results]
    return f"results {said or 'none'}"


def summary(events: list[tuple[str, dict[str, Any]]]) -> str:
    """What came out, in a few words: sentence×2, action show_page:lab, held first_person, ..."""
    words: list[str] = []
    for kind, data in events:
        if kind in ("start", "done"):
            continue
        word = {
            "sentence": "sentence",
            "action": f"action {data.get('tool')}:{data.get('id')}",
            "card": f"card {data.get('kind')}",
            "held": f"held {data.get('reason')}",
            "refused": f"refused {data.get('reason')}",
            "error": f"error {data.get('code')}",
        }.get(kind, kind)
        if words and words[-1].split("×")[0] == word:
            count = int(words[-1].split("×")[1]) + 1 if "×" in words[-1] else 2
            words[-1] = f"{word}×{count}"
        else:
            words.append(word)
    if any(kind == "done" and data.get("waiting") for kind, data in events):
        words.append("waits")
    return ", ".join(words) or "nothing"


def parse_sse(text: str) -> list[tuple[str, dict[str, Any]]]:
    """A whole SSE body's events as (name, data): comments (pings) skipped, multi-line data joined."""
    events = []
    for block in text.replace("\r\n", "\n").split("\n\n"):
        name, data = "message", []
        for line in block.split("\n"):
            if line.startswith(":") or not line:
                continue
            key, _, value = line.partition(":")
            value = value[1:] if value.startswith(" ") else value
            if key == "event":
                name = value
            elif key == "data":
                data.append(value)
        if data:
            events.append((name, json.loads("\n".join(data))))
    return events


async def open_conversation(client: httpx.AsyncClient) -> str:
    """What a visitor's browser does first: a challenge, solved, for a conversation's token."""
    from .proof import solve

    challenge = (await client.post("/api/guide/challenge", json={"purpose": "guide"})).raise_for_status().json()
    started = await client.post("/api/guide/conversations", json={"proof": solve(challenge)})
    return str(started.raise_for_status().json()["conversation"])


async def ask_app(bundle_path: Path, model: LanguageModel, case: Case) -> list[tuple[str, dict[str, Any]]]:
    """One case through the real app in-process: a challenge solved in Python, a conversation, the question."""
    from .app import create_app
    from .settings import Settings

    settings = replace(
        Settings(), enabled=True, bundle=bundle_path, pow_maxnumber=2000,
        rate_address="10000/minute", rate_conversation="10000/minute", rate_overall="10000/minute", rate_start="10000/minute", rate_read="10000/minute",
    )
    app = create_app(settings, model_factory=lambda _settings: model)
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://eval") as client:
        token = await open_conversation(client)
        body = {"conversation": token, "question": case.question, "screen": case.screen, "failed": case.failed}
        answer = await client.post("/api/guide/questions", json=body)
        if answer.status_code != 200:
            return [("error", {"code": f"http_{answer.status_code}", "message": answer.text[:200]})]
        return parse_sse(answer.text)


def make_model(name: str, case: Case, bundle: Bundle) -> LanguageModel:
    from .model.replay import ReplayModel

    if name == REPLAY:
        if case.script is None:
            raise SystemExit(f"The case {case.name!r} names no replay script.")
        return ReplayModel(case.script)
    if name.startswith("replay:"):
        return ReplayModel(Path(name.split(":", 1)[1]))
    from .spending.factory import Off, make_feature_model

    model = make_feature_model(
        "eval", model=name, api_key=os.environ.get("ANTHROPIC_API_KEY"), budget_usd=5.0, bulkhead=4,
        record=lambda: bundle.record, manifest=lambda: bundle.manifest, lexicon=lambda: bundle.lexicon, search=lambda: bundle.index,
        replay_log=None, openai_api_key=os.environ.get("OPENAI_API_KEY"),
    )
    if isinstance(model, Off):
        raise SystemExit(f"No model {name!r}: {model.reason}")
    return model


async def run_cases(
    cases: list[Case], *, model_name: str, bundle_path: Path, make: Callable[[Case], LanguageModel] | None = None
) -> list[Outcome]:
    """Each case through the app; `make` gives a case's model where the caller has its own (preflight's client)."""
    bundle = Bundle.load(bundle_path)
    outcomes = []
    for case in cases:
        recorder = Recorder(make(case) if make is not None else make_model(model_name, case, bundle))
        events = await ask_app(bundle_path, recorder, case)
        outcome = Outcome(case, events, recorder.bodies, [])
        rules = case.checks + (case.scripted if model_name == REPLAY or model_name.startswith("replay:") else [])
        outcome.misses = [miss for rule in rules if (miss := check(outcome, rule)) is not None]
        if not events or events[-1][0] not in ("done", "error"):
            outcome.misses.append("the stream did not end with done or error")
        outcomes.append(outcome)
    return outcomes


def table(outcomes: list[Outcome]) -> str:
    rows = [("case", "question", "must come to", "came out", "pass")]
    for o in outcomes:
        came = summary(o.events) + ("" if o.passed else f" [missed: {'; '.join(o.misses)}]")
        rows.append((o.case.name, _cut(o.case.question, 48), o.case.must, came, "yes" if o.passed else "NO"))
    widths = [min(max(len(r[i]) for r in rows), 60) for i in range(4)]
    lines = []
    for r in rows:
        lines.append("  ".join(_cut(c, w).ljust(w) for c, w in zip(r[:4], widths, strict=True)) + "  " + r[4])
    return "\n".join(lines)


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def bakeoff(results: dict[str, list[Outcome]]) -> str:
    lines = ["model                        passed   cost_usd   first_word_ms (mean)"]
    for name, outcomes in results.items():
        passed = sum(o.passed for o in outcomes)
        cost = sum(float(o.done.get("cost_usd") or 0) for o in outcomes)
        firsts = [o.done["first_word_ms"] for o in outcomes if o.done.get("first_word_ms") is not None]
        first = f"{sum(firsts) / len(firsts):.0f}" if firsts else "-"
        lines.append(f"{name[:28]:<28} {passed:>3}/{len(outcomes):<4} {cost:>9.4f}   {first}")
    return "\n".join(lines)


def default_bundle(cases: Path) -> Path:
    built = Path("docent-bundle.json")
    return built if built.exists() else cases / "bundle.json"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--model", action="append", dest="models", metavar="M",
                        help="a model to run the evals on: replay (the cases' scripts, the default), replay:PATH, "
                        "offline, anthropic:<model id>; repeat for a bake-off")
    parser.add_argument("--cases", type=Path, default=Path("tests/evals"), metavar="DIR",
                        help="the folder holding cases/*.json, their replay scripts and bundle.json")
    parser.add_argument("--bundle", type=Path, default=None, metavar="PATH",
                        help="the bundle to answer from (default: ./docent-bundle.json when built, else DIR/bundle.json)")


def run(args: argparse.Namespace) -> int:
    cases = load_cases(args.cases)
    if not cases:
        print(f"No eval cases in {args.cases / 'cases'}.")
        return 1
    bundle_path = args.bundle or default_bundle(args.cases)
    models = args.models or [REPLAY]
    results: dict[str, list[Outcome]] = {}
    for name in models:
        results[name] = asyncio.run(run_cases(cases, model_name=name, bundle_path=bundle_path))
        print(f"\n{name} ({bundle_path}):\n{table(results[name])}")
    if len(models) > 1:
        print("\n" + bakeoff(results))
    missed = sum(not o.passed for outcomes in results.values() for o in outcomes)
    print(f"\n{'All evals passed.' if not missed else f'{missed} eval(s) missed.'}")
    visitors = [args.cases / name for name in VISITORS if (args.cases / name).is_file()]
    if visitors:
        from .visitors import measure_sets

        _, report = measure_sets(visitors, bundle_path=bundle_path)
        print(f"\nThe offline model on questions as visitors ask them, on {len(visitors)} set(s):\n{report}")
    corpora_folder = args.cases / "corpora"
    if corpora_folder.is_dir():
        from .corpora import measure as measure_corpora

        figures = measure_corpora(corpora_folder, bundle_path)
        print(f"\nThe gate's corpora ({corpora_folder}):\n{figures.report()}\n{json.dumps(figures.as_json())}")
    return 1 if missed else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="docent eval", description="Run the guide's evals and print a table.")
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    raise SystemExit(main())
