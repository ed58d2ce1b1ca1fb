"""`offline_hit_rate`: the embedded model measured on questions as visitors ask them, through the real app.

Measured on each set in the eval folder (`visitors.json`; `visitors-holdout.json` and `visitors-round4-holdout.json`,
written by other writers and kept out of the model's tuning) and on all of them together.

A visitor set is a JSON list of `{"question", "screen_page", "cites": [ids], "action": null | {"tool", "id" | "value"},
"refuse": null | "pay" | "private" | "none"}`, written by someone who does not see the model. A question is a hit when
everything it expects came out:
- `refuse`: a `refused` event with that reason (and no sentence let through);
- otherwise no refusal, and, when `cites` is not empty, a sentence let through that cites one of those sections;
- `action`: an action or card of that tool, naming that id or value when the set gives one (`show_links`: any card
  of links; a page's own action such as `send_message`: that action, rung, pressed or asked about).
An action the set does not ask for is no miss: opening the page a fact is on is the guide doing its job.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..answer.bundle import Bundle
from .cases import Case, make_model
from .client import Events, Recorder, ask, in_process, open_conversation


@dataclass(frozen=True)
class Visit:
    question: str
    page: str | None
    cites: tuple[str, ...]
    action: dict[str, Any] | None
    refuse: str | None

    @classmethod
    def from_json(cls, item: dict[str, Any]) -> Visit:
        return cls(item["question"], item.get("screen_page"), tuple(item.get("cites") or ()), item.get("action"),
                   item.get("refuse"))


def misses(visit: Visit, events: Events) -> list[str]:
    """What the visit expected and did not get; empty for a hit."""
    refused = [d.get("reason") for k, d in events if k == "refused"]
    said = [d for k, d in events if k == "sentence"]
    if visit.refuse is not None:
        if visit.refuse not in refused:
            return [f"not refused as {visit.refuse} (refused: {refused or 'no'})"]
        return ["a sentence shown beside the refusal"] if said else []
    out = [f"refused as {refused[0]}"] if refused else []
    cited = {c["id"] for d in said for c in d.get("cites", [])}
    if visit.cites and not cited & set(visit.cites):
        out.append(f"cited {sorted(cited) or 'nothing'}, not one of {list(visit.cites)}")
    if visit.action is not None and not _acted(visit.action, events):
        out.append(_not_acted(visit.action, events))
    return out


def _not_acted(want: dict[str, Any], events: Events) -> str:
    done = [(d.get("tool"), d.get("id")) for k, d in events if k == "action"]
    cards = [d.get("kind") for k, d in events if k == "card"]
    return f"no {json.dumps(want)} (actions {done}, cards {cards})"


def _acted(want: dict[str, Any], events: Events) -> bool:
    """Whether the action the visit wants came out; the first card of links decides for `show_links`."""
    target = want.get("id", want.get("value"))
    for kind, data in events:
        if kind == "card" and want.get("tool") == "show_links" and data.get("kind") == "links":
            return target is None or target in [i.get("id") for i in data.get("items", [])]
        if _acts(want, target, kind, data):
            return True
    return False


def _acts(want: dict[str, Any], target: Any, kind: str, data: dict[str, Any]) -> bool:
    if kind == "card":
        return data.get("kind") == "confirm" and data.get("name") == want.get("tool")
    named = data.get("value") if "value" in want else data.get("id")
    return kind == "action" and data.get("tool") == want.get("tool") and (target is None or named == target)


async def run_visits(visits: list[Visit], *, bundle_path: Path, model_name: str = "offline") -> list[tuple[Visit, list[str]]]:
    """Each visit's question in a conversation of its own, all through one app on the bundle, as one sidecar serves
    every visitor: the bundle is read, and the gate and the model made ready, once a set (an app a question read it
    and made them again for each, 85% of the time `docent eval` spent on the visitor sets)."""
    if not visits:
        return []
    bundle = Bundle.load(bundle_path)
    cases = [Case("visit", v.question, "", [], [], {"page": v.page} if v.page else {}) for v in visits]
    results = []
    async with in_process(bundle_path, Recorder(make_model(model_name, cases[0], bundle)), name="eval") as client:
        for visit, case in zip(visits, cases, strict=True):
            token = await open_conversation(client)
            events = await ask(client, token, case.question, screen=case.screen, failed=case.failed)
            results.append((visit, misses(visit, events)))
    return results


def load(path: Path) -> list[Visit]:
    return [Visit.from_json(item) for item in json.loads(path.read_text(encoding="utf-8"))]


def rate_line(results: list[tuple[Visit, list[str]]], *, name: str = "offline", where: str = "") -> str:
    """`offline_hit_rate: 0.92 (60/65 visitor questions in visitors.json); useful 0.93 (51/55 that the site answers),
    refused 0.90 (9/10 that it should refuse)`: the hits, then apart the questions with an answer and those without."""
    hits = sum(not m for _, m in results)
    rate = hits / len(results) if results else 0.0
    answered = [m for v, m in results if v.refuse is None]
    refusals = [m for v, m in results if v.refuse is not None]
    split = "".join(
        f"; {label} {sum(not m for m in part) / len(part):.2f} ({sum(not m for m in part)}/{len(part)} {what})"
        for label, part, what in (("useful", answered, "that the site answers"),
                                  ("refused", refusals, "that it should refuse")) if part
    )
    return f"{name}_hit_rate: {rate:.2f} ({hits}/{len(results)} visitor questions{where}){split}"


def report(results: list[tuple[Visit, list[str]]], *, name: str = "offline", where: str = "") -> str:
    lines = [f"{'HIT ' if not m else 'MISS'} {v.question[:70]:<70} {'; '.join(m)}" for v, m in results]
    lines.append(rate_line(results, name=name, where=where))
    return "\n".join(lines)


def measure(path: Path, *, bundle_path: Path) -> tuple[float, str]:
    results = asyncio.run(run_visits(load(path), bundle_path=bundle_path))
    hits = sum(not m for _, m in results)
    return (hits / len(results) if results else 0.0), report(results, where=f" in {path.name}")


def measure_sets(paths: list[Path], *, bundle_path: Path) -> tuple[float, str]:
    """Each set's questions and rate, then, with several sets, their rate together: a set written after the model
    was tuned on another (a held-out set) says how well it answers questions nobody fitted it to."""
    everything: list[tuple[Visit, list[str]]] = []
    parts = []
    for path in paths:
        results = asyncio.run(run_visits(load(path), bundle_path=bundle_path))
        everything += results
        parts.append(f"{path}:\n{report(results, where=f' in {path.name}')}")
    if len(paths) > 1:
        parts.append("All sets:\n" + "\n".join(
            [*(line.rsplit("\n", 1)[-1] for line in parts), rate_line(everything, where=", all sets together")]
        ))
    hits = sum(not m for _, m in everything)
    return (hits / len(everything) if everything else 0.0), "\n\n".join(parts)
