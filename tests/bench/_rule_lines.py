"""What each rule costs a sentence, in Python lines: `python -m tests.bench._rule_lines bench|SITES [TOP]`.

Judges the bench's answers (`gate.py`: 50 to warm, then 100) or, given a folder of built sites as `_gate_docs.py`
takes, the development documentation sites' construction corpora (a warm pass, then one), under `sys.settrace`, and
prints the Python lines each rule's check runs a sentence, what it calls included (a construction rule by its
module), then the TOP (60) functions by the lines they run inside a rule, with their own lines and calls a sentence.
A reading of the sentence (`types.Reading`) is counted to the first rule that asks for it. A line is some 500
instructions in Python 3.11 (round 17's note), so this ranks the Python, not the regular expressions or the C:
count the instructions under cachegrind (`_gate_ab.py`) before and after a change. Run it with `PYTHONHASHSEED=0`.
Not a bench of `make bench` (its name starts with `_`).
"""

from __future__ import annotations

import sys
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from types import CodeType, FrameType
from typing import Any

from docent.sidecar.answer.rules import RULES

_lines: dict[str, int] = defaultdict(int)  # a rule's lines, its callees' included
_own: dict[tuple[str, str], int] = defaultdict(int)
_inclusive: dict[tuple[str, str], int] = defaultdict(int)
_calls: dict[tuple[str, str], int] = defaultdict(int)
_total = [0]
_stack: list[tuple[str | None, str, int]] = []  # each call under way: its rule, its function, the lines before it
_labels: dict[CodeType, str] = {}
_construction: list[CodeType] = []  # the check every construction rule shares (`construction.rule`)
for _rule in RULES:
    _code = _rule.check.__code__
    if _code.co_filename.endswith("construction.py"):
        _construction[:] = [_code]
    else:
        _labels[_code] = f"{_rule.name} ({_rule.check.__module__.rsplit('.', 1)[-1]})"


def _called(frame: FrameType, event: str, arg: Any) -> Callable[..., Any] | None:
    if event != "call":
        return None
    code = frame.f_code
    rule = _stack[-1][0] if _stack else None
    if code in _construction:
        rule = frame.f_locals["module"].__name__.rsplit(".", 1)[-1]
    rule = _labels.get(code, rule)
    function = f"{Path(code.co_filename).name}:{code.co_name}:{code.co_firstlineno}"
    _stack.append((rule, function, _total[0]))
    _calls[rule or "", function] += 1
    return _line


def _line(frame: FrameType, event: str, arg: Any) -> Callable[..., Any]:
    if event == "line":
        _total[0] += 1
        rule, function, _ = _stack[-1]
        if rule is not None:
            _lines[rule] += 1
            _own[rule, function] += 1
    elif event == "return":
        rule, function, start = _stack.pop()
        if rule is not None:
            _inclusive[rule, function] += _total[0] - start
    return _line


def _bench() -> int:
    from tests.bench import gate as bench

    record, lexicon = bench._record(), bench._lexicon()
    site = bench.Site.of(record, lexicon)
    mentions = bench._mentions(record, lexicon, site)
    answers = bench._answers()
    bench._judge(answers[:50], record, lexicon, site, mentions, bench.RULES)
    sys.settrace(_called)
    _, judged = bench._judge(answers[50:150], record, lexicon, site, mentions, bench.RULES)
    sys.settrace(None)
    return judged


def _docs(folder: str) -> int:
    from tests.bench import _gate_docs as docs

    loaded = [docs.load(name, Path(folder)) for name in docs.SETS]
    for bundle, sentences in loaded:
        docs.judge(bundle, sentences)
    sys.settrace(_called)
    for bundle, sentences in loaded:
        docs.judge(bundle, sentences)
    sys.settrace(None)
    return sum(len(sentences) for _, sentences in loaded)


def main(argv: list[str]) -> None:
    judged = _bench() if argv[0] == "bench" else _docs(argv[0])
    top = int(argv[1]) if len(argv) > 1 else 60
    print(f"{judged} sentences, {_total[0] / judged:.1f} Python lines a sentence in all; each rule's:")
    for rule, n in sorted(_lines.items(), key=lambda kv: -kv[1]):
        print(f"{n / judged:8.1f}  {rule}")
    print("inside a rule: lines (own) calls a sentence")
    for (rule, function), n in sorted(_inclusive.items(), key=lambda kv: -kv[1])[:top]:
        print(f"{n / judged:8.1f} ({_own[rule, function] / judged:6.1f}) {_calls[rule, function] / judged:6.2f}  "
              f"{rule}  {function}")


if __name__ == "__main__":
    main(sys.argv[1:])
