"""A round's twin sentences and its Markdown answers through the gate and then the model check (answer/checking.py),
the check answered from recorded verdicts (model/verdicts.py): `python -m tests.evals.heldout N --checked FILE`, and
with `--markdown` the answers.

Each falsehood and each faithful sentence goes through a fresh gate, as `heldout`'s constructions do, and what the gate
would show that cites sections through the real check (`Checker.over`: its request, its verdict, its holds), the
check's model a `VerdictsModel` on FILE. A sentence the file lacks is held (`unchecked`), as a check that could not be
made is, and counted apart: a figure with unrecorded sentences in it is no measure of the check. With `refer`, the
gate's unsure holds go to the check too (`Judge.refers`), as they do wherever the check is on (the Markdown answers'
replay below, through the app); without, the gate's holds all stand, as the check was first measured.

The Markdown answers' check requests are whatever sentences the app's gate passes, so their verdicts cannot be written
before a replay: it takes two passes. `heldout N --markdown --checked FILE --collect OUT` replays the answers through
the real app with the check on (DOCENT_CHECK_MODEL=replay:FILE, FILE missing or empty: no verdicts) and adds each
request FILE has no verdict for to OUT/items.json as a judge's item in `check_probe`'s form ({n, sentence, sections}:
the sentence as the check asked it, keyed as `verdicts.key` keys it, each cited section's trail and text), with the
judge's brief.md; a judge's rows made into FILE by `check_probe verdicts`, the second pass measures (`markdown`).
"""

from __future__ import annotations

import asyncio
import json
import tempfile
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from docent.schema import RecordSection
from docent.sidecar.answer.bundle import Bundle
from docent.sidecar.answer.check_request import CodeAfter
from docent.sidecar.answer.checking import Checker
from docent.sidecar.answer.events import Held
from docent.sidecar.answer.judge import GateEvent
from docent.sidecar.answer.policy import AnswerPolicy
from docent.sidecar.answer.turn import default_gate
from docent.sidecar.model.verdicts import VerdictsError, VerdictsModel, key, read
from docent.sidecar.operator.corpora import Figures, Part

CHECK_HOLDS = ("unsupported", "unchecked")  # the check's holds; any other reason is the gate's


async def _judge(bundle: Bundle, checker: Checker, sentence: str, refer: bool) -> tuple[list[GateEvent], int]:
    """The sentence's events through a fresh gate and the check, and how many of its sentences the gate referred."""
    policy = AnswerPolicy()
    checked = checker.over(default_gate(bundle, policy, refer=refer), bundle.record, policy)
    events = [*checked.feed(sentence), *checked.finish()]
    return events + [event async for event in checked.drain()], checked.referred


async def _measure(
    bundle: Bundle, rows: list[tuple[bool, dict[str, Any]]], verdicts: Path, refer: bool
) -> tuple[Part, Counter[str]]:
    model = VerdictsModel(verdicts)
    checker = Checker(model, places=8)
    part, reasons = Part(), Counter[str]()
    judged = await asyncio.gather(*(_judge(bundle, checker, item["sentence"], refer) for _false, item in rows))
    for (false, item), (events, referred) in zip(rows, judged, strict=True):
        kind, held = item["kind"], [e.reason for e in events if isinstance(e, Held)]
        reasons.update(r for r in held if r in ("unsupported", "unchecked"))
        if referred:  # referred, then held (the check did not support it) or shown
            reasons["referred_" + ("falsehood" if false else "faithful") + ("_held" if held else "_shown")] += 1
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
                  verdicts: Path, *, refer: bool = False) -> tuple[Part, Counter[str]]:
    """The gate and the check on one site's twins; with the holds the check made (`unsupported`, `unchecked`), the
    sentences the file had no verdict for (`unrecorded`) and, with `refer`, the sentences the gate referred to the
    check, by what they were and what became of them (`referred_falsehood_held`, ...)."""
    rows = [(True, item) for item in falsehoods] + [(False, item) for item in faithful]
    return asyncio.run(_measure(bundle, rows, verdicts, refer))


@dataclass
class Asked:
    """One check a replay made: the sentence as the check was asked it, its cited sections, and its verdict (None:
    none was had, for want of a recorded one)."""

    sentence: str
    sections: list[RecordSection]
    verdict: bool | None = None  # supported or not


@contextmanager
def checks_asked() -> Iterator[list[Asked]]:
    """While open, every sentence any `Checker` is asked, in the order asked (a request's sentences in its order)."""
    judge = Checker.judge
    asked: list[Asked] = []

    async def judged(self: Checker, items: list[tuple[str, list[RecordSection]]],
                     code: CodeAfter | None) -> tuple[list[bool | None], float]:
        made = [Asked(text, list(sections)) for text, sections in items]
        asked.extend(made)
        verdicts, cost = await judge(self, items, code)
        for one, verdict in zip(made, verdicts, strict=True):
            one.verdict = verdict
        return verdicts, cost

    Checker.judge = judged  # type: ignore[method-assign]
    try:
        yield asked
    finally:
        Checker.judge = judge  # type: ignore[method-assign]


def recorded(verdicts: Path) -> dict[str, dict[str, Any]]:
    """The verdicts FILE holds, by key; none for a missing or empty file, an error for one that is not verdicts."""
    if not verdicts.is_file() or not verdicts.read_text(encoding="utf-8").strip():
        return {}
    try:
        data = json.loads(verdicts.read_text(encoding="utf-8"))
    except ValueError as exc:
        raise VerdictsError(f"The verdicts file {verdicts} is not JSON: {exc}.") from exc
    return read(data, str(verdicts))


@dataclass
class Markdown:
    """One site's Markdown answers replayed twice: through the gate alone, and through the gate and the check."""

    alone: Figures
    both: Figures
    asked: list[Asked] = field(default_factory=list)
    unrecorded: int = 0  # checks asked of a sentence the verdicts lack (held, `unchecked`)

    def held(self, *reasons: str) -> int:
        """The checked replay's sentences held for one of `reasons` (none given: by the gate)."""
        return sum(1 for _q, why, _m in self.both.realistic_holds if (why in reasons if reasons else why not in CHECK_HOLDS))

    def figures(self, name: str) -> dict[str, float]:
        """Held by the gate, by the check (unsupported), unchecked, and shown, beside the gate alone, as counts and shares."""
        both, alone = self.both, self.alone
        shown = both.realistic_sentences - len(both.realistic_holds)
        share = len(alone.realistic_holds) / max(1, alone.realistic_sentences)
        return {
            f"markdown_{name}_sentences": alone.realistic_sentences, f"markdown_{name}_held": round(share, 4),
            f"checked_{name}_sentences": both.realistic_sentences, f"checked_{name}_held_gate": self.held(),
            f"checked_{name}_held_unsupported": self.held("unsupported"),
            f"checked_{name}_held_unchecked": self.held("unchecked"), f"checked_{name}_shown": shown,
            f"checked_{name}_held": round(1 - shown / max(1, both.realistic_sentences), 4),
            f"checked_{name}_asked": len(self.asked), f"checked_{name}_unrecorded": self.unrecorded,
        }


def markdown(replay: Callable[[str | None], Figures], verdicts: Path) -> Markdown:
    """Answers replayed by `replay` (its argument a DOCENT_CHECK_MODEL value, None for the check off) through the gate
    alone, then with the check on answered from `verdicts` (missing or empty: no verdict for any sentence)."""
    known = recorded(verdicts)
    with tempfile.TemporaryDirectory(prefix="docent-verdicts-") as tmp:
        if not known:
            verdicts = Path(tmp) / "none.json"
            verdicts.write_text('{"verdicts": []}', encoding="utf-8")
        alone = replay(None)
        with checks_asked() as asked:
            both = replay(f"replay:{verdicts.resolve()}")
    return Markdown(alone, both, asked, sum(1 for a in asked if key(a.sentence) not in known))


def collect(out: Path, asked: list[Asked], verdicts: Path) -> int:
    """The checks `verdicts` has no verdict for, added to OUT/items.json as a judge's items (one a sentence, as
    `verdicts.key` keys it; an item there already is kept), and OUT/brief.md; how many items were added."""
    from tests.evals.check_probe import BRIEF

    known = recorded(verdicts)
    out.mkdir(parents=True, exist_ok=True)
    path = out / "items.json"
    items: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else []
    have = {key(item["sentence"]) for item in items} | set(known)
    n = max((int(item["n"]) for item in items), default=-1) + 1
    added = 0
    for check in asked:
        if key(check.sentence) in have:
            continue
        have.add(key(check.sentence))
        sections = {s.id: f"{s.trail}\n{s.shown()}" for s in check.sections}
        items.append({"n": n + added, "sentence": check.sentence, "sections": sections})
        added += 1
    path.write_text(json.dumps(items, indent=1, ensure_ascii=False), encoding="utf-8")
    (out / "brief.md").write_text(BRIEF, encoding="utf-8")
    return added
