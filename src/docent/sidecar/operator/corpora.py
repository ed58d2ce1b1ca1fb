"""The gate's corpora: how much faithful prose it lets through and how many subtle falsehoods it holds back.

Three corpora, written by someone who read only the example site's record, prompt and tools, never the gate
(`tests/evals/corpora/`, described in the documentation's "How the guide checks what it says", site-docs/docs/checking.md):
- `faithful-paraphrases.json`: `[{"sections", "sentence"}]`, true sentences in the third person, each citing
  its sections. Each goes through a fresh gate as a one-sentence answer: `gate_faithful_shown` is the share shown.
- `subtle-falsehoods.json`: `[{"kind", "sections", "sentence", "truth"}]`, false sentences that cite a real
  section (kinds: number, negation, role, employer, time): `gate_subtle_held` is the share held, and per kind.
- `realistic-answers.json`: `[{"question", "screen_page", "calls": [[block, ...], ...]}]`, a model's whole
  answers (text and tool calls, one list per model call) given only the bundle's prompt and tools. Each is
  replayed through the real app, a conversation per answer: `realistic_hold_rate` is the share of sentences
  held back, and every hold is listed with its reason.
- `round2-falsehoods.json` and `round2-faithful.json` (issue 21), and their held-out thirds
  `round2-heldout-*.json`: falsehoods of eight constructions (negation in other words, order, comparatives,
  attribution, quantifiers, causes, units and scale, hedges) and faithful sentences of the same constructions and
  of the kinds the gate used to hold (names from the heading path, negation paraphrases, sentences about the
  record, counts of the sections cited). `gate_subtle_held_<kind>`, `gate_constructions_held` and
  `gate_faithful_shown_constructions` are the seen part's; `gate_heldout_held_<kind>`, `gate_heldout_held` and
  `gate_heldout_faithful_shown` the held-out part's; `gate_blind_*` those of `round2-blind-*.json`, written by a
  writer who never saw the gate nor the other parts (see `round2-notes.md`). List intros
  (`list_intro`), uncited by nature, are judged within a whole answer, not alone: they are counted apart.
- `round3-example-*.json` (`gate_example3_*`), held out whole, and `round3-docs-*.json` on Starlette's
  documentation (`docs()`, against the vendored site's bundle: `gate_docs_*` for the part the rules were written
  against, `gate_docs_heldout_*` for the held-out half); see `round3-notes.md`.
- `round4-example-*.json` (`gate_example4_*`) and `round4-docs-*.json` (`gate_docs4_*`), blind sets held out whole
  through round 4, and `round4-docsdev-*.json` (`gate_docsdev4_*`), the documentation set that round's rules were
  written against; see `round4-notes.md`.
`dropped.json` (optional) lists `{"corpus", "sentence", "why"}` for items that are wrong about the record: they
are left out of the figures, and said so.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..answer.bundle import Bundle
from ..answer.events import Code, Held, Sentence
from ..answer.policy import AnswerPolicy
from ..answer.turn import default_gate
from .client import Events
from .quoted import raw_mark

FAITHFUL = "faithful-paraphrases.json"
SUBTLE = "subtle-falsehoods.json"
REALISTIC = "realistic-answers.json"
DROPPED = "dropped.json"
# Answers in the Markdown chat models write (lists, bold, inline code), and the held-out part of them.
MARKDOWN = ("markdown-answers.json", "markdown-answers-holdout.json")
# The round-2 corpora: (part, falsehoods, faithful sentences).
CONSTRUCTIONS = (
    ("seen", "round2-falsehoods.json", "round2-faithful.json"),
    ("heldout", "round2-heldout-falsehoods.json", "round2-heldout-faithful.json"),
    ("blind", "round2-blind-falsehoods.json", "round2-blind-faithful.json"),  # by a writer who never saw the gate
    # Round 3's blind set on the example, held out whole (written after round 2's rules landed).
    ("example3", "round3-example-falsehoods.json", "round3-example-faithful.json"),
    # Round 4's blind set on the example, held out whole (written at the start of round 4, measured at its end).
    ("example4", "round4-example-falsehoods.json", "round4-example-faithful.json"),
)
# Round 3's corpora on Starlette's documentation: measured against the vendored site's bundle (`docs`).
DOCS_CONSTRUCTIONS = (
    ("docs", "round3-docs-falsehoods.json", "round3-docs-faithful.json"),
    ("docs_heldout", "round3-docs-heldout-falsehoods.json", "round3-docs-heldout-faithful.json"),
    # Round 4's: a development set, mostly faithful prose (`docsdev4`), and a blind set held out whole (`docs4`).
    ("docsdev4", "round4-docsdev-falsehoods.json", "round4-docsdev-faithful.json"),
    ("docs4", "round4-docs-falsehoods.json", "round4-docs-faithful.json"),
)
ALONE = frozenset(("list_intro",))  # kinds that need a whole answer around them: counted apart


@dataclass
class Part:
    """One part of the round-2 corpora, judged sentence by sentence."""

    held: Counter[str] = field(default_factory=Counter)  # kind -> falsehoods held
    falsehoods: Counter[str] = field(default_factory=Counter)
    missed: list[tuple[str, str]] = field(default_factory=list)  # (kind, sentence) shown though false
    faithful: Counter[str] = field(default_factory=Counter)
    shown: Counter[str] = field(default_factory=Counter)  # kind -> faithful sentences shown
    holds: list[tuple[str, str, str]] = field(default_factory=list)  # (kind, reason, sentence) held though true

    def figures(self, per_kind: str, held_key: str, shown_key: str) -> dict[str, float]:
        out: dict[str, float] = {}
        for kind in sorted(self.falsehoods):
            out[f"{per_kind}_{kind}"] = round(self.held[kind] / self.falsehoods[kind], 4)
        if self.falsehoods:
            out[held_key] = round(sum(self.held.values()) / sum(self.falsehoods.values()), 4)
        counted = [k for k in self.faithful if k not in ALONE]
        if counted:
            out[shown_key] = round(sum(self.shown[k] for k in counted) / sum(self.faithful[k] for k in counted), 4)
        return out

    def report(self, name: str) -> list[str]:
        kinds = ", ".join(f"{k} {self.held[k]}/{self.falsehoods[k]}" for k in sorted(self.falsehoods))
        faithful = ", ".join(f"{k} {self.shown[k]}/{self.faithful[k]}" for k in sorted(self.faithful))
        lines = [f"constructions, {name}: held {sum(self.held.values())}/{sum(self.falsehoods.values())} ({kinds})",
                 f"constructions, {name}: faithful shown ({faithful})"]
        lines += [f"  shown though false, {kind}: {sentence}" for kind, sentence in self.missed]
        lines += [f"  held though true, {kind} ({reason}): {sentence}" for kind, reason, sentence in self.holds]
        return lines


@dataclass
class Figures:
    faithful: int = 0
    faithful_shown: int = 0
    faithful_holds: list[tuple[str, str]] = field(default_factory=list)  # (reason, sentence)
    subtle: Counter[str] = field(default_factory=Counter)
    subtle_held: Counter[str] = field(default_factory=Counter)
    subtle_shown: list[tuple[str, str]] = field(default_factory=list)  # (kind, sentence)
    realistic_answers: int = 0
    realistic_sentences: int = 0
    realistic_holds: list[tuple[str, str, str]] = field(default_factory=list)  # (question, reason, message)
    # Answers with a tool call the checks refused: a replay cannot correct itself as a model would, so the
    # sentences that went on as if the call had happened are held, rightly. Counted apart as well.
    realistic_refused: dict[str, list[str]] = field(default_factory=dict)  # question -> the errors sent back
    realistic_sentences_refused: int = 0
    realistic_shown: list[tuple[str, Any]] = field(default_factory=list)  # what the visitor read: text, spans
    realistic_headers: int = 0  # of those, tables' header rows (a header goes out only with a row shown)
    dropped: list[dict[str, str]] = field(default_factory=list)
    parts: dict[str, Part] = field(default_factory=dict)  # the round-2 corpora: "seen", "heldout", "blind"

    def as_json(self) -> dict[str, float]:
        out: dict[str, float] = {}
        if self.faithful:
            out["gate_faithful_shown"] = round(self.faithful_shown / self.faithful, 4)
        if self.subtle:
            out["gate_subtle_held"] = round(sum(self.subtle_held.values()) / sum(self.subtle.values()), 4)
            for kind in sorted(self.subtle):
                out[f"gate_subtle_held_{kind}"] = round(self.subtle_held[kind] / self.subtle[kind], 4)
        if self.realistic_sentences:
            out["realistic_hold_rate"] = round(len(self.realistic_holds) / self.realistic_sentences, 4)
            passed = [h for h in self.realistic_holds if h[0] not in self.realistic_refused]
            sentences = self.realistic_sentences - self.realistic_sentences_refused
            out["realistic_hold_rate_calls_passed"] = round(len(passed) / sentences, 4) if sentences else 0.0
            out["realistic_answers"] = self.realistic_answers
            out["realistic_answers_with_a_refused_call"] = len(self.realistic_refused)
        if "seen" in self.parts:
            seen = self.parts["seen"]
            out.update(seen.figures("gate_subtle_held", "gate_constructions_held", "gate_faithful_shown_constructions"))
        if "heldout" in self.parts:
            heldout = self.parts["heldout"]
            out.update(heldout.figures("gate_heldout_held", "gate_heldout_held", "gate_heldout_faithful_shown"))
        for name, part in self.parts.items():
            if name not in ("seen", "heldout"):  # the blind set, round 3's: gate_<name>_held_<kind>, ...
                out.update(part.figures(f"gate_{name}_held", f"gate_{name}_held", f"gate_{name}_faithful_shown"))
        return out

    def report(self) -> str:
        lines = []
        if self.faithful:
            lines.append(f"faithful paraphrases: {self.faithful_shown}/{self.faithful} shown")
            lines += [f"  held {reason}: {sentence}" for reason, sentence in self.faithful_holds]
        if self.subtle:
            total, held = sum(self.subtle.values()), sum(self.subtle_held.values())
            kinds = ", ".join(f"{k} {self.subtle_held[k]}/{self.subtle[k]}" for k in sorted(self.subtle))
            lines.append(f"subtle falsehoods: {held}/{total} held ({kinds})")
        if self.realistic_answers:
            lines.append(
                f"realistic answers: {len(self.realistic_holds)} of {self.realistic_sentences} sentences held "
                f"in {self.realistic_answers} answers"
            )
            for question, reason, _message in self.realistic_holds:
                refused = self.realistic_refused.get(question)
                after = f" [after a refused call: {refused[0][:120]}]" if refused else ""
                lines.append(f"  held {reason}: {question!r}{after}")
        for name, part in self.parts.items():
            lines += part.report(name)
        if self.dropped:
            lines.append(f"left out as wrong about the record: {len(self.dropped)}")
            lines += [f"  {d['corpus']}: {d['sentence']!r}: {d['why']}" for d in self.dropped]
        return "\n".join(lines)


def _load(folder: Path, name: str) -> list[dict[str, Any]]:
    path = folder / name
    if not path.exists():
        return []
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, list):
        raise ValueError(f"{path}: expected a JSON list.")
    return data


def judge_sentence(bundle: Bundle, sentence: str) -> list[Sentence | Code | Held]:
    """One sentence as a whole answer through a fresh gate: what it gives back."""
    gate = default_gate(bundle, AnswerPolicy())
    return [*gate.feed(sentence), *gate.finish()]


def measure(folder: Path, bundle_path: Path) -> Figures:
    """Every corpus in `folder` against the bundle; the realistic answers through the real app."""
    bundle = Bundle.load(bundle_path)
    figures = Figures(dropped=_load(folder, DROPPED))
    left_out = {(d["corpus"], d["sentence"]) for d in figures.dropped}
    for item in _load(folder, FAITHFUL):
        if (FAITHFUL, item["sentence"]) in left_out:
            continue
        events = judge_sentence(bundle, item["sentence"])
        figures.faithful += 1
        held = [e for e in events if isinstance(e, Held)]
        if events and not held:
            figures.faithful_shown += 1
        else:
            figures.faithful_holds.append((",".join(h.reason for h in held) or "nothing shown", item["sentence"]))
    for item in _load(folder, SUBTLE):
        if (SUBTLE, item["sentence"]) in left_out:
            continue
        events = judge_sentence(bundle, item["sentence"])
        figures.subtle[item["kind"]] += 1
        if any(isinstance(e, Held) for e in events):
            figures.subtle_held[item["kind"]] += 1
        else:
            figures.subtle_shown.append((item["kind"], item["sentence"]))
    for name, falsehoods, faithful in CONSTRUCTIONS:
        if (folder / falsehoods).exists():
            figures.parts[name] = judge_constructions(bundle, _load(folder, falsehoods), _load(folder, faithful))
    answers = [a for a in _load(folder, REALISTIC) if (REALISTIC, a["question"]) not in left_out]
    if answers:
        asyncio.run(replay_answers(answers, bundle_path, figures))
    return figures


def docs(folder: Path, bundle_path: Path) -> Figures:
    """Round 3's corpora on a documentation site, against that site's bundle (the vendored Starlette's)."""
    bundle = Bundle.load(bundle_path)
    figures = Figures()
    for name, falsehoods, faithful in DOCS_CONSTRUCTIONS:
        if (folder / falsehoods).exists():
            figures.parts[name] = judge_constructions(bundle, _load(folder, falsehoods), _load(folder, faithful))
    return figures


def markdown(folder: Path, bundle_path: Path) -> dict[str, float]:
    """The Markdown answers through the real app: the share of sentences held, and the raw marks shown."""
    out: dict[str, float] = {}
    for name, prefix in zip(MARKDOWN, ("markdown", "markdown_holdout"), strict=True):
        answers = _load(folder, name)
        if not answers:
            continue
        figures = Figures()
        asyncio.run(replay_answers(answers, bundle_path, figures))
        out[f"{prefix}_hold_rate"] = round(len(figures.realistic_holds) / max(1, figures.realistic_sentences), 4)
        out[f"{prefix}_raw_marks_shown"] = sum(1 for text, spans in figures.realistic_shown if raw_mark(text, spans))
    return out


def judge_constructions(bundle: Bundle, falsehoods: list[dict[str, Any]], faithful: list[dict[str, Any]]) -> Part:
    """A construction set's falsehoods and faithful sentences (`{"kind", "sentence"}`), each through a fresh gate."""
    part = Part()
    for item in falsehoods:
        kind = item["kind"]
        part.falsehoods[kind] += 1
        if any(isinstance(e, Held) for e in judge_sentence(bundle, item["sentence"])):
            part.held[kind] += 1
        else:
            part.missed.append((kind, item["sentence"]))
    for item in faithful:
        kind = item["kind"]
        events = judge_sentence(bundle, item["sentence"])
        held = [e.reason for e in events if isinstance(e, Held)]
        part.faithful[kind] += 1
        if events and not held:
            part.shown[kind] += 1
        else:
            part.holds.append((kind, ",".join(held) or "nothing shown", item["sentence"]))
    return part


def script_for(answer: dict[str, Any]) -> dict[str, Any]:
    """A realistic answer as a replay script: its model calls, block by block, for its question only."""
    calls = []
    for call in answer["calls"]:
        blocks = []
        for block in call:
            if block.get("type") == "tool_use":
                blocks.append({"tool": block["name"], "input": block.get("input", {})})
            elif block.get("type") == "text":
                blocks.append({"text": block["text"]})
        calls.append(blocks)
    return {"replies": [{"question": "^" + re.escape(answer["question"]) + "$", "calls": calls}], "fragments": 7}


async def replay_answers(
    answers: list[dict[str, Any]], bundle_path: Path, figures: Figures, *, each: Callable[[], None] | None = None,
    check: str | None = None,
) -> None:
    """Each answer through one real app: a conversation per answer, the visitor on the answer's page; `each` is
    called once an answer is counted (the ablation reads what each answer's sentences met there); `check`, a
    DOCENT_CHECK_MODEL value, turns the model check on with that model."""
    from ..model.replay import ReplayModel, Script
    from .client import Recorder, ask, in_process, open_conversation

    scripts = {"replies": [r for a in answers for r in script_for(a)["replies"]], "fragments": 7}
    model = Recorder(ReplayModel(Script.from_json(scripts, source="realistic answers")))
    async with in_process(bundle_path, model, name="corpora", check=check) as client:
        for answer in answers:
            sent = len(model.bodies)
            events = await ask(client, await open_conversation(client), answer["question"], screen={"page": answer["screen_page"]})
            if not events or events[-1][0] != "done":
                raise RuntimeError(f"The answer to {answer['question']!r} did not end with done: {events[-1:]}")
            figures.realistic_answers += 1
            refused = _refused(model.bodies[sent:])
            if refused:
                figures.realistic_refused[answer["question"]] = refused
            _count(figures, answer["question"], events, refused=bool(refused))
            if each is not None:
                each()


def _count(figures: Figures, question: str, events: Events, *, refused: bool) -> None:
    for kind, data in events:
        if kind in ("sentence", "held"):
            figures.realistic_sentences += 1
            figures.realistic_sentences_refused += refused
        if kind == "sentence":
            figures.realistic_shown.append((data["text"], data.get("spans")))
            figures.realistic_headers += bool((data.get("row") or {}).get("header"))
        if kind == "held":
            figures.realistic_holds.append((question, data["reason"], data["message"]))


def _refused(bodies: list[dict[str, Any]]) -> list[str]:
    """The errors the checks sent back for an answer's tool calls, from its last request."""
    if not bodies:
        return []
    return [
        str(block.get("content", ""))
        for message in bodies[-1]["messages"]
        if isinstance(message.get("content"), list)
        for block in message["content"]
        if block.get("type") == "tool_result" and block.get("is_error")
    ]


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(description="The gate's corpora: faithful shown, subtle held, realistic holds.")
    parser.add_argument("--corpora", type=Path, default=Path("tests/evals/corpora"))
    parser.add_argument("--bundle", type=Path, default=Path("tests/evals/bundle.json"))
    parser.add_argument("-v", "--verbose", action="store_true", help="list the falsehoods that were shown too")
    args = parser.parse_args(argv)
    figures = measure(args.corpora, args.bundle)
    print(figures.report())
    if args.verbose:
        print("\n".join(f"  shown {kind}: {sentence}" for kind, sentence in figures.subtle_shown))
    print(json.dumps(figures.as_json(), indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
