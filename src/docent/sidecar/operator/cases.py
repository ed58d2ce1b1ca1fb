"""The eval cases: how a cases file reads, what a case's run came to, and the model a case is asked with.

A cases file (`<cases dir>/cases/*.json`) holds `{"replay": "<script, relative to the file>", "cases": [...]}`;
each case is `{"name", "question", "screen"?, "failed"?, "must", "checks": [...], "scripted": [...]}`.
`checks` hold for every model; `scripted` only for the replay model, whose replies the script fixes (`checks.py`
says what a check may be).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..answer.bundle import Bundle
from ..model.port import LanguageModel
from .client import Events

REPLAY = "replay"


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
    events: Events
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


def replays(model_name: str) -> bool:
    """Whether the model is a replay script, whose replies the `scripted` checks may count on."""
    return model_name == REPLAY or model_name.startswith("replay:")


def make_model(name: str, case: Case, bundle: Bundle) -> LanguageModel:
    from ..model.replay import ReplayModel

    if name == REPLAY:
        if case.script is None:
            raise SystemExit(f"The case {case.name!r} names no replay script.")
        return ReplayModel(case.script)
    if name.startswith("replay:"):
        return ReplayModel(Path(name.split(":", 1)[1]))
    from ..spending.factory import Off, Wiring, make_adapter, make_feature_model

    wiring = Wiring(bundle=lambda: bundle, api_key=os.environ.get("ANTHROPIC_API_KEY"),
                    openai_api_key=os.environ.get("OPENAI_API_KEY"))
    model = make_feature_model("eval", make_adapter(name, wiring), budget_usd=5.0, bulkhead=4)
    if isinstance(model, Off):
        raise SystemExit(f"No model {name!r}: {model.reason}")
    return model
