"""`docent preflight --model openai:<base url>#<model>`: a local or hosted OpenAI-compatible server, checked once.

What a new owner of a llama.cpp, Ollama or vLLM server needs to know before switching the guide on, each with the
fix when it fails:
1. the server answers, and its context (llama.cpp's `n_ctx`) against the prompt and a conversation;
2. it streams tool calls (a template without tools drops them without a word), and whether its template takes
   a system message mid-conversation (Docent sends the note in the user's message either way);
3. the time to the first word and the tokens a second, on the site's own prompt;
4. the evals, and a verdict: ready, or what to change.
A local model costs nothing: the budget never spends, and says so.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from ..answer.bundle import Bundle
from ..answer.policy import AnswerPolicy
from ..fit import QUESTIONS, conversation_tokens, prompt_tokens
from ..model.openai import ChunkReader, OpenAIModel, ServerSaid, openai_body, server_error
from ..model.port import CutShort, ModelError, ModelRequest, ModelSpec, TextDelta, ToolCall, Usage
from ..model.served import ServerFacts, read_server
from . import evals
from .cases import load_cases

QUESTION = "What did she do on 3-D Secure?"
TOOL_ASK = "Open the lab page for me."
# A conversation that puts a system message after the first user turn, as the note once went.
MID_SYSTEM = [
    {"role": "system", "content": "Answer in one word."},
    {"role": "user", "content": "Hello?"},
    {"role": "system", "content": "The visitor has the home page open."},
    {"role": "assistant", "content": "Hello."},
    {"role": "user", "content": "And now?"},
]


@dataclass
class Findings:
    """What was found, and what stands in the way of switching on, each with its fix."""

    blocking: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Speed:
    first_word_s: float | None
    tokens_per_s: float | None
    usage: Usage
    words: int  # the answer's length in words, to tell a silent model from a slow one


def _split(model: str) -> tuple[str, str] | None:
    url, hashed, name = model.partition(":")[2].rpartition("#")
    return (url, name) if hashed and url.startswith(("http://", "https://")) and name else None


async def preflight_openai(
    model: str, *, bundle_path: Path, cases_dir: Path, api_key: str | None, client: httpx.AsyncClient,
    out: Callable[[str], None] = print,
) -> int:
    """0 when ready to switch on, 1 when not (with what to change), 2 when it cannot run."""
    split = _split(model)
    if split is None:
        out(f"{model!r} names no server: pass --model openai:<base url ending in /v1>#<model>, "
            "e.g. openai:http://127.0.0.1:8080/v1#gemma-3.")
        return 2
    base_url, name = split
    bundle = Bundle.load(bundle_path)
    found = Findings()
    out(f"Preflight of {model} on {bundle_path}\n")
    facts = await read_server(base_url, client=client, api_key=api_key)
    if not facts.answers:
        out(f"The server does not answer: {facts.error}")
        out("\nNot ready: start the server first (\"Models\" in the documentation, site-docs/docs/models.md, has a worked example), then run this again.")
        return 1
    _server(facts, name, out=out)
    spec = ModelSpec(name, mid_system=False, context=facts.context)

    def model_for(_case: object = None) -> OpenAIModel:
        return OpenAIModel(spec, base_url=base_url, api_key=api_key, client=client)

    _context(bundle, facts, found, out=out)
    await _tools(bundle, spec, model_for(), found, facts_tools=facts.tools, out=out)
    await _placement(model_for(), name, out=out)
    speed = await _speed(bundle, model_for(), out=out)
    if speed is not None:
        _measured_context(speed, facts, found, out=out)
    cases = load_cases(cases_dir)
    outcomes = await evals.run_cases(cases, model_name=model, bundle_path=bundle_path, make=model_for) if cases else []
    if outcomes:
        out(f"\nThe evals ({cases_dir}):\n{evals.table(outcomes)}\n\n{evals.bakeoff({model: outcomes})}")
        missed = sum(not o.passed for o in outcomes)
        if missed:
            found.blocking.append(f"{missed} of {len(outcomes)} evals missed: this model does not answer well enough "
                                  "here; try a larger model")
    out("\nCost: $0. A local model's tokens are free, so the guide's budget (DOCENT_BUDGET_USD) never spends; "
        "the bulkhead and the rate limits are what bound it.")
    return _verdict(model, found, out=out)


def _server(facts: ServerFacts, name: str, *, out: Callable[[str], None]) -> None:
    out(f"The server: GET {facts.url}/models answers ({', '.join(facts.models) or 'no model listed'}).")
    if facts.context is not None:
        tools = {True: "declares tools", False: "declares NO tools", None: "says nothing of tools"}[facts.tools]
        out(f"  llama.cpp's server (GET /props): a context of {facts.context:,} tokens a slot; its chat template {tools}.")
    else:
        out("  It does not say its context (no llama.cpp /props): the first question below measures the prompt.")


def _needed(bundle: Bundle) -> int:
    return prompt_tokens(bundle) + conversation_tokens(bundle)


def _context(bundle: Bundle, facts: ServerFacts, found: Findings, *, out: Callable[[str], None]) -> None:
    prompt, needed = prompt_tokens(bundle), _needed(bundle)
    out(f"\nThe prompt: ~{prompt:,} tokens (record {bundle.mode.record}); with a conversation of {QUESTIONS} "
        f"questions, ~{needed:,}.")
    if facts.context is None:
        return
    if facts.context < prompt:
        found.blocking.append(f"the server's context ({facts.context:,}) is smaller than the prompt (~{prompt:,}): "
                              f"every question fails; start it with -c {_round(needed)}")
    elif facts.context < needed:
        found.warnings.append(f"the server's context ({facts.context:,}) holds the prompt but not a conversation of "
                              f"{QUESTIONS} questions (~{needed:,}): later questions of a long conversation fail; "
                              f"start it with -c {_round(needed)}, or set `record: search` and rebuild")
    out(f"  The server's context, {facts.context:,}, {'holds' if facts.context >= needed else 'does NOT hold'} it.")


def _round(tokens: int) -> int:
    return -(-tokens // 4096) * 4096


async def _raw(model: OpenAIModel, body: dict[str, Any]) -> tuple[int, list[Any], ModelError | None]:
    """One request as given, read with the adapter's reader: its status, events, and the error it maps to."""
    reader = ChunkReader(model.spec, model.url)
    events: list[Any] = []
    try:
        async with model.client.stream("POST", model.url, json=body, timeout=model.timeout) as response:
            if response.status_code != 200:
                await response.aread()
                said = ServerSaid.answered(response)
                return response.status_code, [], server_error(response.status_code, said, url=model.url, spec=model.spec)
            async for line in response.aiter_lines():
                if line.startswith("data:"):
                    events += list(reader.feed(line[5:].strip()))
                    if reader.done:
                        break
        events += list(reader.end())
    except ModelError as exc:
        return 200, events, exc
    except httpx.HTTPError as exc:
        return 0, events, model.transport_error(exc, billed=Usage())
    return 200, events, None


async def _tools(
    bundle: Bundle, spec: ModelSpec, model: OpenAIModel, found: Findings, *, facts_tools: bool | None,
    out: Callable[[str], None],
) -> None:
    request = ModelRequest([{"type": "text", "text": "You open pages for the visitor with your tools."}], bundle.tools,
                           [{"role": "user", "content": TOOL_ASK}], max_tokens=120)
    body = openai_body(request, spec)
    body["tool_choice"] = "required"  # a tool call, whatever the model would rather do: the server's part is tested
    status, events, exc = await _raw(model, body)
    if exc is not None and status == 400:
        body["tool_choice"] = "auto"
        status, events, exc = await _raw(model, body)
    calls = [e for e in events if isinstance(e, ToolCall)]
    if calls:
        out(f"\nTool calls: streamed ({', '.join(f'{c.name}({c.raw})' for c in calls)[:160]}).")
        return
    why = exc.message if exc is not None else "the model answered in words only, with tool_choice " + body["tool_choice"]
    out(f"\nTool calls: NONE came back ({why}).")
    if facts_tools:
        # The template takes tools, so the server passed them on: it is the model that did not call one.
        found.blocking.append("the model called no tool even when told to (tool_choice required): it will not act "
                              "on the page; try a larger or instruction-tuned model")
        return
    found.blocking.append("the server streams no tool calls: with llama-server, start it with --jinja and a chat "
                          "template that declares tools (--chat-template-file); llama-cpp-python's server cannot "
                          "stream them; vLLM needs --enable-auto-tool-choice --tool-call-parser <name>")


async def _placement(model: OpenAIModel, name: str, *, out: Callable[[str], None]) -> None:
    _, _, exc = await _raw(model, {"model": name, "messages": MID_SYSTEM, "max_tokens": 1, "stream": True})
    if exc is not None and exc.code == "system_role_unsupported":
        out("The note: its chat template refuses a system message mid-conversation (a 400); Docent sends the note "
            "inside the user's message, as it does for every openai: model, so that is fine.")
    elif exc is None:
        out("The note: its chat template takes a system message mid-conversation too; Docent sends the note inside "
            "the user's message, which every template takes.")
    else:
        out(f"The note: the check failed ({exc.message}).")


async def _speed(bundle: Bundle, model: OpenAIModel, *, out: Callable[[str], None]) -> Speed | None:
    policy = AnswerPolicy()
    request = ModelRequest(bundle.system, bundle.tools, [{"role": "user", "content": [
        {"type": "text", "text": policy.fence(QUESTION)}]}], max_tokens=policy.max_answer_tokens)
    started, first, usage, text = time.perf_counter(), None, Usage(), ""
    out(f"\nOne question on the site's prompt ({QUESTION!r}); on a CPU the first one reads the whole prompt, "
        "which takes from a minute to a quarter of an hour on two cores (later ones read only what is new):")
    try:
        async for event in model.stream(request):
            if isinstance(event, (TextDelta, ToolCall)) and first is None:
                first = time.perf_counter()
            if isinstance(event, TextDelta):
                text += event.text
            elif isinstance(event, Usage):
                usage = event
    except CutShort as exc:
        # It ran to the answer's allowance: the time to the first word and the speed are measured all the same.
        out(f"  It was cut short, an answer that ran on to its {policy.max_answer_tokens} tokens ({exc.message})")
        usage = exc.billed
    except ModelError as exc:
        out(f"  It failed: {exc.message}")
        return None
    ended = time.perf_counter()
    rate = usage.output_tokens / (ended - first) if first is not None and ended > first and usage.output_tokens else None
    speed = Speed(first - started if first is not None else None, rate, usage, len(text.split()))
    first_word = f"{speed.first_word_s:.1f} s" if speed.first_word_s is not None else "no word came"
    per_second = f"{rate:.1f} tokens a second" if rate is not None else "tokens a second unknown (no usage sent)"
    out(f"  the first word after {first_word}; {per_second}; {usage.output_tokens} tokens out, "
        f"{usage.input_tokens + usage.cache_read_tokens:,} in.")
    if model.sends_usage is False:
        out("  The server sends no usage: `done` counts 0 tokens for every answer.")
    return speed


def _measured_context(speed: Speed, facts: ServerFacts, found: Findings, *, out: Callable[[str], None]) -> None:
    measured = speed.usage.input_tokens + speed.usage.cache_read_tokens
    if measured and facts.context and measured > facts.context:
        found.blocking.append(f"the prompt measured {measured:,} tokens, over the server's context of {facts.context:,}")


def _verdict(model: str, found: Findings, *, out: Callable[[str], None]) -> int:
    for warning in found.warnings:
        out(f"\nWarning: {warning}.")
    if found.blocking:
        out("\nNot ready:\n" + "\n".join(f"  - {b}." for b in found.blocking))
        return 1
    out(f"\nReady: switch the guide on with DOCENT_MODEL={model} and DOCENT_ENABLED=1.")
    return 0
