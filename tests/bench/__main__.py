"""`make bench`: every figure measured side by side in one run, printed as a table and saved to bench-results.json.

Each bench module exposes `run() -> dict[str, float]`; a module that fails is reported, not hidden.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import sys
import traceback
from pathlib import Path

import tests.bench as package

ROOT = Path(__file__).resolve().parents[2]


def main() -> int:
    figures: dict[str, float] = {}
    failed = []
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"tests.bench.{info.name}")
        if not hasattr(module, "run"):  # a helper the benches share, not a bench
            continue
        print(f"== {info.name}", flush=True)
        try:
            figures.update(module.run())
        except Exception:  # a broken bench is reported, and the others still run
            traceback.print_exc()
            failed.append(info.name)
    width = max((len(k) for k in figures), default=10)
    print()
    for key, value in figures.items():
        print(f"{key:<{width}}  {value:>14.4f}" if isinstance(value, float) else f"{key:<{width}}  {value!s:>14}")
    (ROOT / "bench-results.json").write_text(json.dumps(figures, indent=2) + "\n")
    if failed:
        print(f"failed: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
