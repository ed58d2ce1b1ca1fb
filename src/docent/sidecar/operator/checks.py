"""An eval case's checks: one checker per rule, found by the rule's key in CHECKERS.

A check is one of:
  {"event": KIND, ...fields}      some event of that kind whose payload has those fields
  {"no_event": KIND, ...fields}   no such event
  {"sentence": REGEX}             some sentence let through matches;  {"no_sentence": REGEX}: none does
  {"held": REASON}                a sentence was held back for that reason
  {"result": {"tool": NAME, "error": BOOL, "says": REGEX}}   what went back to the model for that tool's call
  {"tool_choice_last": "none"}    the turn's last request went with that tool_choice
  {"done": {...fields}}           the `done` event has those fields (waiting, actions, ...)
Each checker returns None when the rule holds, else what came out instead.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from .cases import Outcome

Rule = dict[str, Any]
Checker = Callable[[Outcome, Rule], "str | None"]


def check(outcome: Outcome, rule: Rule) -> str | None:
    checker = next((checker for key, checker in CHECKERS.items() if key in rule), None)
    return checker(outcome, rule) if checker is not None else f"unknown check {rule}"


def _event(outcome: Outcome, rule: Rule) -> str | None:
    wanted = "event" in rule
    kind = rule["event"] if wanted else rule["no_event"]
    fields = {k: v for k, v in rule.items() if k not in ("event", "no_event")}
    found = any(k == kind and all(d.get(f) == v for f, v in fields.items()) for k, d in outcome.events)
    if found == wanted:
        return None
    return f"{'no' if wanted else 'an'} {kind} {json.dumps(fields) if fields else ''}".strip()


def _sentence(outcome: Outcome, rule: Rule) -> str | None:
    wanted = "sentence" in rule
    pattern = re.compile(rule["sentence"] if wanted else rule["no_sentence"], re.IGNORECASE)
    hit = next((d["text"] for k, d in outcome.events if k == "sentence" and pattern.search(d["text"])), None)
    if wanted:
        return None if hit else f"no sentence matching /{pattern.pattern}/"
    return None if hit is None else f"shown: {hit!r}"


def _held(outcome: Outcome, rule: Rule) -> str | None:
    reasons = [d["reason"] for k, d in outcome.events if k == "held"]
    return None if rule["held"] in reasons else f"held {reasons or 'nothing'}"


def _tool_choice_last(outcome: Outcome, rule: Rule) -> str | None:
    last = (outcome.bodies[-1].get("tool_choice") or {"type": "auto"})["type"] if outcome.bodies else None
    return None if last == rule["tool_choice_last"] else f"last tool_choice {last}"


def _done(outcome: Outcome, rule: Rule) -> str | None:
    done = outcome.done
    wrong = {k: done.get(k) for k, v in rule["done"].items() if done.get(k) != v}
    return None if not wrong else f"done {json.dumps(wrong)}"


def _result(outcome: Outcome, rule: Rule) -> str | None:
    if not outcome.bodies:
        return "no model call"
    want = rule["result"]
    results = _tool_results(outcome.bodies[-1])
    if any(_result_is(want, tool, block) for tool, block in results):
        return None
    said = [f"{tool}{' error' if b.get('is_error') else ''}: {b['content'][:60]!r}" for tool, b in results]
    return f"results {said or 'none'}"


def _tool_results(body: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """The tool results in a request's messages, each with the name of the tool whose call it answers."""
    calls: dict[str, str] = {}
    results: list[tuple[str, dict[str, Any]]] = []
    for message in body["messages"]:
        for block in message["content"] if isinstance(message["content"], list) else []:
            if block.get("type") == "tool_use":
                calls[block["id"]] = block["name"]
            elif block.get("type") == "tool_result":
                results.append((calls.get(block["tool_use_id"], "?"), block))
    return results


def _result_is(want: dict[str, Any], tool: str, block: dict[str, Any]) -> bool:
    return (tool == want["tool"]
            and ("error" not in want or bool(block.get("is_error")) == want["error"])
            and ("says" not in want or re.search(want["says"], block["content"]) is not None))


# The rule's key -> its checker; a rule is checked by the first of these keys it has, in this order.
CHECKERS: dict[str, Checker] = {
    "event": _event,
    "no_event": _event,
    "sentence": _sentence,
    "no_sentence": _sentence,
    "held": _held,
    "result": _result,
    "tool_choice_last": _tool_choice_last,
    "done": _done,
}
