"""The time the model check adds (tests/bench/model_check.py): three of the example's answers through the real app, the
check off beside it on at each delay and places, round 24's way (a request a sentence: `before`) and round 25's (a
request a paragraph: `after`), every case at once, each its own app, warmed by a first question not timed. The
answer's model writes at `WRITES_CHARS_S` (about 200 tokens a second, a fast hosted model), so checks overlap its
writing as they would.

- `check_first_sentence_lag_ms_<case>`, `check_answer_lag_ms_<case>`: the mean time from the question to the first
  `sentence` event and to `done`.
- `check_behind_ms_<case>`: how far each sentence (or hold) goes out behind the same one with the check off, the gate
  alone, in the same run: the mean over the answers' sentences; `check_behind_sentences_<case>`: how many sentences the
  gate alone had let out by then beyond it (the answer's lag in sentences), the mean.
Benchmarks measure: nothing here asserts a speed (README.md, rounds 24 and 25, reads them).
"""

from __future__ import annotations

import asyncio
import statistics
import time
from pathlib import Path
from typing import Any

from tests.bench.model_check import EXAMPLE_BUNDLE, Asked, app_client, checking, rows

DELAYS_MS = (300, 800)
PLACES = (1, 4)
WAYS = {"before": 1, "after": None}  # the most sentences a request: 1, round 24's; None, the check's own
LAG_ANSWERS = ("markdown-answers-round10-holdout.json", 3)  # the first three of the example's last development round
WRITES_CHARS_S = 800.0


async def lags(bundle: Path, answers: list[dict[str, Any]]) -> dict[str, float]:
    """The cases at once, each in an app of its own (the check's places are the guide's, shared by its questions), its
    answers one after another; each answer's sentence and hold events timed from its question."""
    from docent.sidecar.operator.client import open_conversation
    from docent.sidecar.routes import GUIDE

    cases: dict[str, tuple[int, float, int | None]] = {"off": (4, 0.0, None)}
    cases |= {f"{ms}ms_places{p}_{way}": (p, ms / 1000, batch) for ms in DELAYS_MS for p in PLACES
              for way, batch in WAYS.items()}
    models = {name: Asked(batch=case[2]) for name, case in cases.items() if name != "off"}  # at once until all are warm
    timed: dict[str, list[list[float]]] = {}

    async def one(name: str) -> tuple[str, list[float], list[float]]:
        client, _model, chunks = app_client(bundle, answers, check=None if name == "off" else name,
                                            places=cases[name][0], chars_s=WRITES_CHARS_S)
        first, whole = [], []
        async with client:
            # the bundle loaded and the gate's indexes made by a first question, not timed, in every app before any
            # timed question
            await client.post(f"{GUIDE}/questions", json={"conversation": await open_conversation(client),
                                                          "question": answers[0]["question"]}, timeout=120)
            warm.append(name)
            if len(warm) == len(cases):
                for case, asked in models.items():
                    asked.delay_s = cases[case][1]
                ready.set()
            await ready.wait()
            for answer in answers:
                token = await open_conversation(client)
                chunks.clear()
                began = time.perf_counter()
                said = await client.post(f"{GUIDE}/questions", json={
                    "conversation": token, "question": answer["question"], "screen": {"page": answer["screen_page"]},
                }, timeout=120)
                said.raise_for_status()
                first.append(1000 * (next(t for t, c in chunks if b"event: sentence" in c) - began))
                whole.append(1000 * (next(t for t, c in chunks if b"event: done" in c) - began))
                timed.setdefault(name, []).append([1000 * (t - began) for t, c in chunks for _ in range(
                    c.count(b"event: sentence") + c.count(b"event: held"))])
        return name, first, whole

    ready, warm = asyncio.Event(), list[str]()
    with checking(models):
        done = await asyncio.gather(*(one(name) for name in cases))
    out: dict[str, float] = {}
    for name, first, whole in done:
        out[f"check_first_sentence_lag_ms_{name}"] = round(statistics.fmean(first), 1)
        out[f"check_answer_lag_ms_{name}"] = round(statistics.fmean(whole), 1)
    for name in cases.keys() - {"off"}:
        out |= behind(name, timed["off"], timed[name])
    return out


def behind(name: str, alone: list[list[float]], checked: list[list[float]]) -> dict[str, float]:
    """How far each answer's sentences went out behind the gate alone's: in ms, and in sentences the gate alone had let
    out by then beyond it."""
    ms, sentences = [], []
    for off, on in zip(alone, checked, strict=True):
        for k, (t_off, t_on) in enumerate(zip(off, on, strict=False)):
            ms.append(t_on - t_off)
            sentences.append(sum(1 for t in off if t <= t_on) - (k + 1))
    return {f"check_behind_ms_{name}": round(statistics.fmean(ms), 1),
            f"check_behind_sentences_{name}": round(statistics.fmean(sentences), 2)}


def lag_figures() -> dict[str, float]:
    figures = asyncio.run(lags(EXAMPLE_BUNDLE, rows(LAG_ANSWERS[0])[:LAG_ANSWERS[1]]))
    return dict(sorted(figures.items()))
