"""The first event under a burst, two versions side by side: `python -m tests.bench._burst [OTHER_SRC] [ROUNDS] [N]
[--encoder]`.

Starts `docent serve` (one worker, the replay model, as load.py does) from this checkout and, given OTHER_SRC (another
version's `src` folder), a second server from it; with `--encoder`, both on the example's bundle with its record
searched and each section's encoder row (as `encoder: true` builds it: `encoded`), so that each question is embedded; then lets go N questions at once (100), in turns, one burst on each
server per round (ROUNDS, 6), after a burst of 20 on each to warm. Prints, per server, each burst's p50 and p99 of
the first event (ms) and the server's CPU a question, then the median of each over the rounds: the machine is shared,
so what to read is the two versions side by side in the same rounds (tests/bench/README.md).
Not a bench of `make bench` (its name starts with `_`).
"""

from __future__ import annotations

import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import anyio
import httpx

from tests.bench import load

SEARCHED = Path(__file__).resolve().parents[1] / "evals" / "bundle-search.json"


def encoded(work: Path) -> Path:
    """The example's bundle with its record searched (`tests/evals/bundle-search.json`) and the encoder's row for each
    section, as `encoder: true` builds it (the `encoder` extra's model, rows cached under `work`)."""
    from docent.manifest_build.vector_cache import VectorCache
    from docent.manifest_build.vectors import encoder_vectors
    from docent.schema import plain
    from docent.sidecar.answer.bundle import Bundle

    data = json.loads(SEARCHED.read_text(encoding="utf-8"))
    record = list(Bundle.from_json(data).record.values())
    path = work / "encoded-bundle.json"
    path.write_text(json.dumps({**data, "vectors": plain(encoder_vectors(record, VectorCache(work / "rows.sqlite")))}))
    return path


def _server(work: Path, src: str | None, bundle: Path | None = None) -> tuple[subprocess.Popen[bytes], str]:
    previous = os.environ.get("PYTHONPATH")
    if src is not None:
        os.environ["PYTHONPATH"] = src
    try:
        work.mkdir()
        return load._start(work, bundle)
    finally:
        if previous is None:
            os.environ.pop("PYTHONPATH", None)
        else:
            os.environ["PYTHONPATH"] = previous


async def _rounds(servers: list[tuple[str, str, int]], rounds: int, count: int) -> dict[str, list[dict[str, float]]]:
    results: dict[str, list[dict[str, float]]] = {name: [] for name, _, _ in servers}
    clients = {name: httpx.AsyncClient(base_url=url, timeout=60) for name, url, _ in servers}
    try:
        for name, _, _ in servers:
            await load._ready(clients[name])
        for warm in (True, *([False] * rounds)):
            for name, url, pid in servers:
                burst = await load._burst(clients[name], url, pid, 20 if warm else count)
                if warm:
                    continue
                firsts = burst["firsts"]
                results[name].append({
                    "p50": round(statistics.median(firsts), 1),
                    "p99": round(load._p99(firsts), 1),
                    "cpu_ms": round(burst["cpu"] * 1000 / max(1, len(firsts)), 2),
                    "errors": burst["errors"],
                })
                print(name, json.dumps(results[name][-1]), flush=True)
    finally:
        for client in clients.values():
            await client.aclose()
    return results


def main(argv: list[str]) -> None:
    others = [a for a in argv if not a.isdigit() and a != "--encoder"]
    numbers = [int(a) for a in argv if a.isdigit()]
    rounds, count = (numbers + [6, 100])[:2] if len(numbers) < 2 else numbers[:2]
    processes: list[subprocess.Popen[bytes]] = []
    with tempfile.TemporaryDirectory(prefix="docent-burst-") as tmp:
        try:
            servers: list[tuple[str, str, int]] = []
            bundle = encoded(Path(tmp)) if "--encoder" in argv else None
            for name, src in (("this", None), *((f"other{i}", other) for i, other in enumerate(others, 1))):
                process, url = _server(Path(tmp) / name, src, bundle)
                processes.append(process)
                servers.append((name, url, process.pid))
            results = anyio.run(_rounds, servers, rounds, count)
        finally:
            for process in processes:
                process.send_signal(signal.SIGTERM)
                try:
                    process.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    process.kill()
    summary: dict[str, Any] = {
        name: {key: statistics.median(r[key] for r in runs) for key in ("p50", "p99", "cpu_ms")}
        for name, runs in results.items()
    }
    print(json.dumps(summary))


if __name__ == "__main__":
    main(sys.argv[1:])
