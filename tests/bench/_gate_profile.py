"""Where a sentence's time goes in the gate: `python -m tests.bench._gate_profile [ANSWERS]`.

The bench's answers (`gate.py`, every rule) judged with a timer around each rule's check, each reading of the
sentence a rule asks for (`types.Reading`: its words, masked text, terms, numbers, stems, Unit...), and the shared
steps of the gate (the stream read and cut into sentences, a draft's citations and shape, a shown sentence's line,
a held one's words); each figure is the step's own time (what it calls that is timed apart is not in it). Times are
the process's CPU time, which other processes on a loaded machine change less than the clock. A timer costs more
than many a step it times: its cost, measured before the run, is taken out of each step (an estimate, within a
microsecond or so a sentence), and each step's share of what is left is shown as a share of the untimed gate's time
in the same run. Not a bench of `make bench` (its name starts with `_`).
"""

from __future__ import annotations

import sys
import time
from collections import defaultdict
from collections.abc import Callable
from typing import Any

from docent.sidecar.answer import (
    align,
    cited,
    drafts,
    judge,
    lexicon,
    markdown,
    names,
    number_words,
    numbers,
    polarity,
    policy,
    sentences,
)
from docent.sidecar.answer import gate as gates
from docent.sidecar.answer.rules import RULES, Rule, proper_name, types
from tests.bench import gate as bench

_spent: dict[str, float] = defaultdict(float)
_calls: dict[str, int] = defaultdict(int)
_children: dict[str, int] = defaultdict(int)
_stack: list[list[float]] = []  # for each timed call under way: the time its timed callees took, and their count


def _timed(label: str, call: Callable[..., Any]) -> Callable[..., Any]:
    def timed(*args: Any, **kwargs: Any) -> Any:
        _stack.append([0.0, 0])
        start = time.process_time()
        try:
            return call(*args, **kwargs)
        finally:
            took = time.process_time() - start
            inner, children = _stack.pop()
            _spent[label] += took - inner
            _calls[label] += 1
            _children[label] += int(children)
            if _stack:
                _stack[-1][0] += took
                _stack[-1][1] += 1

    return timed


def _patch(owner: Any, attr: str, label: str) -> None:
    setattr(owner, attr, _timed(label, getattr(owner, attr)))


def _instrument() -> tuple[Rule, ...]:
    for attr, made in list(vars(types.Reading).items()):
        if isinstance(made, types.once):
            made._make = _timed(f"reading.{attr}", made._make)
    steps = [
        (gates.Gate, "feed", "gate: feed (the stream, blocks)"), (gates.Gate, "flush", "gate: feed (the stream, blocks)"),
        (gates.Gate, "finish", "gate: feed (the stream, blocks)"),
        (sentences.SentenceSplitter, "feed", "splitter"), (sentences.SentenceSplitter, "finish", "splitter"),
        (markdown.BlockReader, "feed", "block reader"), (drafts, "shape", "draft: shape"),
        (drafts, "citations", "draft: citations"), (gates, "draft_of", "draft: the rest"),
        (gates.Gate, "_show", "show: the event"), (cited, "best_line", "show: a citation's line"),
        (cited, "words", "show: a citation's line"), (policy.AnswerPolicy, "held_message", "hold: the policy's words"),
        (gates.Gate, "_hold", "hold: the event"), (judge, "first", "rules: the loop and cue gating"),
        (judge, "Reading", "reading: made"), (names.SiteNames, "mask", "shared: the site's names masked"),
        (lexicon.Lexicon, "find", "shared: the lexicon's search"), (numbers, "quantities", "shared: numbers"),
        (number_words, "may_state", "shared: numbers"), (types, "stems", "shared: stems"),
        (proper_name, "proper_names", "shared: proper names"), (align, "differs", "shared: alignment"),
        (polarity, "negates", "shared: negations"), (polarity, "denials", "shared: negations"),
    ]
    for owner, attr, label in steps:
        _patch(owner, attr, label)
    return tuple(Rule(r.name, _timed(f"rule: {r.name}", r.check), r.cited, r.cues, r.section_cues) for r in RULES)


def _cpu(judge: Callable[..., tuple[float, int]], *args: Any) -> tuple[float, int]:
    """The process's CPU time for a run of the bench's `_judge` (its own figure is the wall clock's)."""
    start = time.process_time()
    _, judged = judge(*args)
    return time.process_time() - start, judged


def _overhead() -> tuple[float, float]:
    """What a timer costs the step it times, and the step that calls it: an empty step timed inside another."""
    inner = _timed("inner", lambda: None)
    outer = _timed("outer", lambda: inner())
    for _ in range(20_000):
        outer()
    own, calling = _spent.pop("inner") / 20_000, _spent.pop("outer") / 20_000
    for made in (_calls, _children):
        made.clear()
    return own, calling


def main(argv: list[str]) -> None:
    count = int(argv[0]) if argv else 500
    record, lexicon_ = bench._record(), bench._lexicon()
    site = bench.Site.of(record, lexicon_)
    mentions = bench._mentions(record, lexicon_, site)
    answers = bench._answers()[:count]
    bench._judge(answers[:50], record, lexicon_, site, mentions, RULES)  # warm: the bundle's caches
    untimed, judged = min(_cpu(bench._judge, answers, record, lexicon_, site, mentions, RULES) for _ in range(2))
    own_cost, calling_cost = _overhead()
    table = _instrument()
    bench._judge(answers[:50], record, lexicon_, site, mentions, table)
    for made in (_spent, _calls, _children):
        made.clear()
    timed, _ = _cpu(bench._judge, answers, record, lexicon_, site, mentions, table)
    for label in _spent:  # less what the timers cost it (an estimate: a step left under zero by it counts none)
        _spent[label] = max(0.0, _spent[label] - _calls[label] * own_cost - _children[label] * calling_cost)
    own = sum(_spent.values())
    print(f"{judged} sentences; untimed {untimed / judged * 1e6:.1f} us a sentence, timed {timed / judged * 1e6:.1f}, "
          f"a timer {own_cost * 1e6:.2f} us (+{calling_cost * 1e6:.2f} in its caller), taken out below")
    print(f"{'step':44s} {'share':>6s} {'us (of untimed)':>15s} {'calls/sentence':>14s}")
    for label, spent in sorted(_spent.items(), key=lambda kv: -kv[1]):
        share = spent / own
        print(f"{label:44s} {share:6.1%} {share * untimed / judged * 1e6:15.1f} {_calls[label] / judged:14.2f}")


if __name__ == "__main__":
    main(sys.argv[1:])
