"""A round's twin sentences through the gate and then the model check (answer/checking.py), the check answered from
recorded verdicts (model/verdicts.py): `python -m tests.evals.heldout N --checked FILE`.

Each falsehood and each faithful sentence goes through a fresh gate, as `heldout`'s constructions do, and what the gate
would show that cites sections through the real check (`Checker.over`: its request, its verdict, its holds), the
check's model a `VerdictsModel` on FILE. A sentence the file lacks is held (`unchecked`), as a check that could not be
made is, and counted apart: a figure with unrecorded sentences in it is no measure of the check.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from pathlib import Path
from typing import Any

from docent.sidecar.answer.bundle import Bundle
from docent.sidecar.answer.checking import Checker
from docent.sidecar.answer.events import Held
from docent.sidecar.answer.judge import GateEvent
from docent.sidecar.answer.policy import AnswerPolicy
from docent.sidecar.answer.turn import default_gate
from docent.sidecar.model.verdicts import VerdictsModel
from docent.sidecar.operator.corpora import Part


async def _judge(bundle: Bundle, checker: Checker, sentence: str) -> list[GateEvent]:
    policy = AnswerPolicy()
    checked = checker.over(default_gate(bundle, policy), bundle.record, policy)
    events = [*checked.feed(sentence), *checked.finish()]
    return events + [event async for event in checked.drain()]


async def _measure(bundle: Bundle, rows: list[tuple[bool, dict[str, Any]]], verdicts: Path) -> tuple[Part, Counter[str]]:
    model = VerdictsModel(verdicts)
    checker = Checker(model, places=8)
    part, reasons = Part(), Counter[str]()
    judged = await asyncio.gather(*(_judge(bundle, checker, item["sentence"]) for _false, item in rows))
    for (false, item), events in zip(rows, judged, strict=True):
        kind, held = item["kind"], [e.reason for e in events if isinstance(e, Held)]
        reasons.update(r for r in held if r in ("unsupported", "unchecked"))
        if false:
            part.falsehoods[kind] += 1
            if held:
                part.held[kind] += 1
            else:
                part.missed.append((kind, item["sentence"]))
        else:
            part.faithful[kind] += 1
            if events and not held:
                part.shown[kind] += 1
            else:
                part.holds.append((kind, ",".join(held) or "nothing shown", item["sentence"]))
    reasons["unrecorded"] = model.unknown
    return part, reasons


def constructions(bundle: Bundle, falsehoods: list[dict[str, Any]], faithful: list[dict[str, Any]],
                  verdicts: Path) -> tuple[Part, Counter[str]]:
    """The gate and the check on one site's twins; with the holds the check made (`unsupported`, `unchecked`) and the
    sentences the file had no verdict for (`unrecorded`)."""
    rows = [(True, item) for item in falsehoods] + [(False, item) for item in faithful]
    return asyncio.run(_measure(bundle, rows, verdicts))
