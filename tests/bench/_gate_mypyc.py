"""The gate compiled with mypyc against the same code pure: `python -m tests.bench._gate_mypyc [ROUNDS]`.

A measurement (issue 26), not a build of Docent (`make compiled` is that): this checkout's `src` is copied to a
temporary folder, the gate's modules (`docent.sidecar.answer` and its rules, less the turn's and the bundle's: the
list in `docent/sidecar/answer/native.py`, which setup.py reads too) are compiled there as they stand into extension
modules beside their sources, and then, pure against compiled:
- the events both give the bench's answers (`gate.py`, every rule), which must be the same (a digest of each);
- instructions a sentence, counted under cachegrind (`_gate_ab._instructions`: 100 answers less the same run judging
  none, which the machine's load does not change);
- us a sentence, the process's CPU time, ROUNDS (3) runs of each in turns (`_gate_ab._timed`).
Needs a C compiler, Python's headers and valgrind; takes a few minutes (the compiling one or two of them). Not a
bench of `make bench` (its name starts with `_`): `gate_compiled.py` is, with this file's `cached` build and events.
`tests.evals.verdicts` cannot replay the compiled gate whole: it wraps the `Gate`'s methods, which a compiled class
does not allow; with every module compiled but `gate.py` and `judge.py` (the `Judge` a `Gate` is, which a pure class
cannot subclass compiled) it can (tests/bench/README.md, round 18, mypyc18).
"""

from __future__ import annotations

import hashlib
import importlib.util
import shutil
import statistics
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

from docent.sidecar.answer import native
from tests.bench import _gate_ab
from tests.sidecars import tail

ROOT = Path(__file__).resolve().parents[2]
_PACKAGE = Path("docent/sidecar/answer")
_EVENTS = """
import hashlib
from tests.bench import gate as B
from docent.sidecar.answer import gate as G
record, lexicon = B._record(), B._lexicon()
site = B.Site.of(record, lexicon)
mentions = B._mentions(record, lexicon, site)
said = []
for pieces in B._answers():
    gate = G.Gate(record, lexicon, site=site, mentions=mentions, rules=B.RULES)
    for piece in pieces:
        said += map(repr, gate.feed(piece))
    said += map(repr, gate.finish())
print(len(said), hashlib.sha256("\\n".join(said).encode()).hexdigest()[:16], G.__file__)
"""


def _compiled(into: Path, only: tuple[str, ...] = ()) -> Path:
    """A copy of `src` with the gate's modules compiled beside their sources (only those named, paths under
    `docent/sidecar/answer`, where some are: a build of seconds for a test, not minutes)."""
    src = into / "src"
    shutil.copytree(ROOT / "src", src, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    named = [src / _PACKAGE / name for name in only]
    modules = [str(p.relative_to(src)) for p in (named or native.modules(src / _PACKAGE))]
    built = subprocess.run([sys.executable, "-m", "mypyc", *modules], cwd=src, capture_output=True, encoding="utf-8",
                           errors="replace")
    check_ran(built, "mypyc")
    return src


def check_ran(done: subprocess.CompletedProcess[str], what: str) -> None:
    """Raises, where the command failed, with the ends of what it wrote: a build's error (mypy's, or the C compiler's,
    or a compiler killed) is in its last lines, and `capture_output` would otherwise swallow it."""
    if done.returncode:
        raise RuntimeError(
            f"{what} failed (exit status {done.returncode}); its stderr ends:\n{tail(done.stderr or '')}\n"
            f"its stdout ends:\n{tail(done.stdout or '')}"
        )


def missing() -> str | None:
    """What a compiled build would lack here (mypyc, a C compiler, Python's headers), or None."""
    if importlib.util.find_spec("mypyc") is None:
        return "mypy (mypyc) is not installed"
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(cc) is None:
        return f"no C compiler ({cc})"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file():
        return "no Python headers (Python.h)"
    return None


def cached() -> Path:
    """`_compiled` kept between runs in the temporary folder, named by this checkout and a digest of `src`'s Python,
    Python's version and mypy's: a second run on the same code takes the first one's build rather than compiling again
    (minutes); a new build removes the checkout's last one."""
    from mypy.version import __version__ as mypy_version

    digest = hashlib.sha256(f"{sys.version} {mypy_version}".encode())
    for path in sorted((ROOT / "src").glob("**/*.py")):
        digest.update(f"{path.relative_to(ROOT)}\0".encode() + path.read_bytes())
    checkout = hashlib.sha256(str(ROOT).encode()).hexdigest()[:8]
    kept = Path(tempfile.gettempdir()) / f"docent-gate-compiled-{checkout}-{digest.hexdigest()[:16]}"
    if not kept.is_dir():
        building = Path(tempfile.mkdtemp(dir=kept.parent))
        try:
            _compiled(building)
            building.rename(kept)  # whole or not at all: a build stopped halfway is not taken for one
        finally:
            shutil.rmtree(building, ignore_errors=True)
        for older in kept.parent.glob(f"docent-gate-compiled-{checkout}-*"):  # this checkout's earlier code (100 MB)
            if older != kept:
                shutil.rmtree(older, ignore_errors=True)
    return kept / "src"


def _events(src: Path) -> str:
    done = subprocess.run([sys.executable, "-c", _EVENTS], env=_gate_ab._env(str(src)), capture_output=True,
                          text=True, cwd=ROOT)
    check_ran(done, f"the gate's events from {src}")
    return done.stdout.strip()


def main(argv: list[str]) -> None:
    rounds = int(argv[0]) if argv else 3
    with tempfile.TemporaryDirectory() as tmp:
        versions = {"pure": ROOT / "src", "compiled": _compiled(Path(tmp))}
        events = {name: _events(src) for name, src in versions.items()}
        for name, said in events.items():
            print(f"{name}: events {said}")
        same = len({said.split()[1] for said in events.values()}) == 1
        print("the same events" if same else "THE EVENTS DIFFER")
        counted = {}
        for name, src in versions.items():
            (none, _), (some, judged) = _gate_ab._instructions(str(src), 0), _gate_ab._instructions(str(src), 100)
            counted[name] = (some - none) / judged / 1e3
        spent: dict[str, list[float]] = {name: [] for name in versions}
        for _ in range(rounds):
            for name, src in versions.items():
                spent[name].append(_gate_ab._timed(str(src), 400))
    for name, runs in spent.items():
        print(f"{name}: {counted[name]:.1f} k instructions a sentence; {' '.join(f'{r:.1f}' for r in runs)} us a "
              f"sentence, median {statistics.median(runs):.1f}")
    print(f"pure / compiled: instructions {counted['pure'] / counted['compiled']:.2f}, us (medians) "
          f"{statistics.median(spent['pure']) / statistics.median(spent['compiled']):.2f}")


if __name__ == "__main__":
    main(sys.argv[1:])
