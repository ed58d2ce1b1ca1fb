"""`docent preflight --model anthropic:<id>`: what the owner runs once, with a key, before switching the guide on.

(`--model openai:<base url>#<model>`, a local or hosted OpenAI-compatible server, is `preflight_openai`'s.)

Seed 000's figures are estimates "until they are measured on the real API, before the guide is turned on". This
measures them, through the real app in-process, on the site's own bundle:
1. the model as the Models API describes it, and where the model table disagrees;
2. the prompt counted exactly (count_tokens), against the model's context;
3. the evals, with the bake-off line;
4. measured: the cost of a question, the share of the prompt read from the cache on follow-ups, and the time
   to the first word.
It spends a few cents of the key's credit; it needs no switch turned on and serves nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

from ..answer.bundle import Bundle, BundleError
from ..answer.policy import AnswerPolicy
from ..model.anthropic import API_URL, AnthropicModel
from ..model.catalogue import ModelFacts, count_tokens, disagreements, informed, read_facts
from ..model.client import using
from ..model.models import UnknownModel, spec_for
from ..model.port import LanguageModel, ModelError, ModelRequest, ModelSpec
from . import evals
from .cases import Case, Outcome, load_cases
from .client import ask, in_process, open_conversation

FOLLOW_UPS = 3  # questions in the one conversation whose later questions measure the cache
NEEDS_KEY = (
    "docent preflight needs a key: set ANTHROPIC_API_KEY to a key from https://console.anthropic.com/settings/keys "
    "and run `docent preflight --model anthropic:<model id>` (e.g. anthropic:claude-haiku-5-5) beside the built "
    "docent-bundle.json. It calls the Models API, count_tokens and the model itself, for a few cents."
)


@dataclass(frozen=True)
class Figures:
    """Seed 000's three figures, measured."""

    questions: int
    cost_per_question: float | None
    cache_share: float | None  # of the prompt tokens of follow-up questions, the share read from the cache
    first_word_ms: float | None  # the median


def measure(eval_dones: list[dict[str, Any]], conversation: list[dict[str, Any]]) -> Figures:
    """The figures from `done` events: every answered question's cost and first word; the follow-ups' cache."""
    answered = [d for d in [*eval_dones, *conversation] if (d.get("input_tokens") or d.get("cache_read_tokens"))]
    costs = [float(d.get("cost_usd") or 0) for d in answered]
    firsts = [float(d["first_word_ms"]) for d in answered if d.get("first_word_ms") is not None]
    later = [d for d in conversation[1:] if d]
    read = sum(int(d.get("cache_read_tokens") or 0) for d in later)
    total = read + sum(int(d.get("input_tokens") or 0) + int(d.get("cache_write_tokens") or 0) for d in later)
    return Figures(
        questions=len(answered),
        cost_per_question=sum(costs) / len(costs) if costs else None,
        cache_share=read / total if total else None,
        first_word_ms=statistics.median(firsts) if firsts else None,
    )


async def converse(bundle_path: Path, model: LanguageModel, questions: list[str]) -> list[dict[str, Any]]:
    """One conversation through the real app, a question after another; each question's `done` (or {})."""
    dones = []
    async with in_process(bundle_path, model, name="preflight") as client:
        token = await open_conversation(client)
        for question in questions:
            events = await ask(client, token, question)
            dones.append(next((data for kind, data in events if kind == "done"), {}))
    return dones


def _facts_line(facts: ModelFacts) -> str:
    context = f"{facts.max_input_tokens:,}" if facts.max_input_tokens else "?"
    output = f"{facts.max_tokens:,}" if facts.max_tokens else "?"
    thinking = ", ".join(sorted(facts.thinking_types)) if facts.thinking_types is not None else "not said"
    effort = ", ".join(sorted(facts.efforts)) if facts.efforts else "none"
    return (f"  {facts.display_name or facts.id}, {facts.lifecycle}; context {context} tokens, {output} out at most;\n"
            f"  thinking types it accepts: {thinking}; effort levels: {effort}.")


def _figures(figures: Figures) -> str:
    cost = f"${figures.cost_per_question:.5f}" if figures.cost_per_question is not None else "-"
    share = f"{figures.cache_share:.1%}" if figures.cache_share is not None else "-"
    first = f"{figures.first_word_ms:.0f} ms" if figures.first_word_ms is not None else "-"
    return "\n".join([
        "Measured (seed 000's three figures), over "
        f"{figures.questions} answered question(s):",
        f"  cost of a question             {cost}",
        f"  prompt read from the cache     {share}  (follow-ups: questions 2 to {FOLLOW_UPS} of one conversation)",
        f"  time to the first word         {first}  (median)",
    ])


async def preflight(
    model: str,
    *,
    api_key: str | None,
    bundle_path: Path,
    cases_dir: Path,
    client: httpx.AsyncClient | None = None,
    base_url: str = API_URL,
    out: Callable[[str], None] = print,
) -> int:
    """Runs the checks and prints what it found; 0 when the model is ready to switch on, 1 when not, 2 when it cannot run."""
    kind, _, model_id = model.partition(":")
    if kind == "openai":
        return await _openai(model, bundle_path, cases_dir, client=client, out=out)
    if kind != "anthropic" or not model_id:
        out("docent preflight checks a model you would switch on: pass --model anthropic:<model id> or "
            f"openai:<base url>#<model>, not {model!r}.")
        return 2
    if not api_key:
        out(NEEDS_KEY)
        return 2
    try:
        spec = spec_for(model_id)
        bundle = Bundle.load(bundle_path)
    except (UnknownModel, BundleError) as exc:
        out(str(exc))
        return 2
    return await _stopping(
        lambda http: _run(spec, bundle, bundle_path, cases_dir, api_key=api_key, client=http, base_url=base_url, out=out),
        client=client, out=out,
    )


async def _stopping(
    check: Callable[[httpx.AsyncClient], Awaitable[int]], *, client: httpx.AsyncClient | None, out: Callable[[str], None]
) -> int:
    """Runs a check on the given client, or on one of its own that it closes; a model error stops it, exit status 1."""
    async with using(client) as http:
        try:
            return await check(http)
        except ModelError as exc:
            out(f"The check stopped: {exc.message}")
            return 1


async def _openai(
    model: str, bundle_path: Path, cases_dir: Path, *, client: httpx.AsyncClient | None, out: Callable[[str], None]
) -> int:
    from .preflight_openai import preflight_openai

    try:
        Bundle.load(bundle_path)
    except BundleError as exc:
        out(str(exc))
        return 2
    return await _stopping(
        lambda http: preflight_openai(model, bundle_path=bundle_path, cases_dir=cases_dir,
                                      api_key=os.environ.get("OPENAI_API_KEY"), client=http, out=out),
        client=client, out=out,
    )


async def _run(
    table: ModelSpec, bundle: Bundle, bundle_path: Path, cases_dir: Path, *,
    api_key: str, client: httpx.AsyncClient, base_url: str, out: Callable[[str], None],
) -> int:
    policy = AnswerPolicy()
    out(f"Preflight of anthropic:{table.id} on {bundle_path}\n")
    facts = await read_facts(table, api_key=api_key, client=client, base_url=base_url)
    out(f"The model, as GET /v1/models/{table.id} describes it:\n{_facts_line(facts)}")
    wrong = disagreements(table, facts, answer_tokens=policy.max_answer_tokens)
    out("  The model table agrees." if not wrong else "  Where the model table disagrees:\n" + "\n".join(f"  - {w}" for w in wrong))
    spec = informed(table, facts)
    too_big = await _prompt_too_big(spec, bundle, policy, api_key=api_key, client=client, base_url=base_url, out=out)

    def make(_case: Any = None) -> LanguageModel:
        return AnthropicModel(spec, api_key=api_key, client=client, base_url=base_url)

    cases = load_cases(cases_dir)
    outcomes = await _evals(f"anthropic:{spec.id}", make, cases, bundle_path, cases_dir, out=out)
    follow_ups = [c.question for c in cases if policy.refusal(c.question) is None][:FOLLOW_UPS]
    conversation = await converse(bundle_path, make(), follow_ups) if len(follow_ups) > 1 else []
    figures = measure([o.done for o in outcomes], conversation)
    out("\n" + _figures(figures))
    blocking = [w for w in wrong if "is deprecated" in w or "is retired" in w] + (["the prompt does not fit"] if too_big else [])
    return _verdict(spec, outcomes, blocking, figures, out=out)


async def _prompt_too_big(
    spec: ModelSpec, bundle: Bundle, policy: AnswerPolicy, *,
    api_key: str, client: httpx.AsyncClient, base_url: str, out: Callable[[str], None],
) -> bool:
    """The prompt with one question, counted by the API; whether it is over the model's context."""
    question = [{"role": "user", "content": [{"type": "text", "text": policy.fence("What did she do on 3-D Secure?")}]}]
    tokens = await count_tokens(ModelRequest(bundle.system, bundle.tools, question), spec, api_key=api_key, client=client,
                                base_url=base_url)
    share = f", {tokens / spec.context:.1%} of its context of {spec.context:,}" if spec.context else ""
    too_big = bool(spec.context and tokens > spec.context)
    out(f"\nThe prompt (POST /v1/messages/count_tokens): {tokens:,} tokens with one question{share}.")
    if too_big:
        out("  It does not fit: shorten the record, or choose a model with a larger context.")
    return too_big


async def _evals(
    name: str, make: Callable[[Any], LanguageModel], cases: list[Case], bundle_path: Path, cases_dir: Path, *,
    out: Callable[[str], None],
) -> list[Outcome]:
    outcomes = await evals.run_cases(cases, model_name=name, bundle_path=bundle_path, make=make) if cases else []
    if outcomes:
        out(f"\nThe evals ({cases_dir}):\n{evals.table(outcomes)}\n\n{evals.bakeoff({name: outcomes})}")
    else:
        out(f"\nNo eval cases in {cases_dir / 'cases'}: pass --cases DIR to run them.")
    return outcomes


def _verdict(spec: ModelSpec, outcomes: list[Outcome], blocking: list[str], figures: Figures, *, out: Callable[[str], None]) -> int:
    missed = sum(not o.passed for o in outcomes)
    if missed or blocking or not figures.questions:
        why = [*blocking, *([f"{missed} eval(s) missed"] if missed else []), *([] if figures.questions else ["no question was answered"])]
        out(f"\nNot ready: {'; '.join(w.rstrip('.') for w in why)}.")
        return 1
    out(f"\nReady: switch the guide on with DOCENT_MODEL=anthropic:{spec.id} and DOCENT_ENABLED=1.")
    return 0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--model", required=True, metavar="MODEL",
                        help="the model to check: anthropic:<model id> (e.g. anthropic:claude-haiku-5-5), or "
                             "openai:<base url>#<model> (e.g. openai:http://127.0.0.1:8080/v1#gemma-3)")
    parser.add_argument("--bundle", type=Path, default=None, metavar="PATH",
                        help="the bundle to answer from (default: ./docent-bundle.json when built, else DIR/bundle.json)")
    parser.add_argument("--cases", type=Path, default=Path("tests/evals"), metavar="DIR",
                        help="the folder holding the eval cases (cases/*.json), as for docent eval (default: tests/evals)")


def run(args: argparse.Namespace) -> int:
    bundle = args.bundle or evals.default_bundle(args.cases)
    return asyncio.run(preflight(args.model, api_key=os.environ.get("ANTHROPIC_API_KEY"), bundle_path=bundle, cases_dir=args.cases))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="docent preflight", description=__doc__.splitlines()[0] if __doc__ else None)
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
