"""The app's figures with the gate compiled, beside the pure ones (issue 26): what an operator who installs the wheel
`make compiled` builds (`DOCENT_COMPILE`) gets.

`sidecar.py`, `load.py` and `redis_path.py` measure the app as they always have, then again in processes started from
the `src` that `_gate_mypyc.cached` builds (the gate's modules compiled beside their sources, as the wheel has them),
and print those figures under the same names with `_compiled` after them. A process started so must have loaded the
gate compiled, or the bench fails: a server's `/proc/PID/maps` must map the gate's extension modules from that `src`
(`check_mapped`), and a process the bench reads after its end says which file its gate came from (`check_file`).
Without mypyc, a C compiler or Python's headers, `src` says so and gives None: the pure figures stand alone.
"""

from __future__ import annotations

import os
from pathlib import Path

from tests.bench import _gate_mypyc

ROOT = _gate_mypyc.ROOT
# The extension module a compiled gate is loaded by, relative to its `src` (its name's stem): the turn imports the gate
# from it; the modules the gate imports are initialised inside the build's shared library (`<hash>__mypyc`), not
# through their own extension modules, so they need not be mapped.
GATE = "docent/sidecar/answer/gate"


def src() -> Path | None:
    """The compiled `src` (built once for a version of this checkout's `src`: minutes the first time), or None where
    it cannot be built here, having said why."""
    lacking = _gate_mypyc.missing()
    if lacking:
        print(f"the app is not measured with the gate compiled: {lacking}; its pure figures stand alone", flush=True)
        return None
    return _gate_mypyc.cached()


def env(compiled: Path) -> dict[str, str]:
    """What a process started from `compiled` needs in its environment: that `src` first on its path, this checkout's
    `tests` after it (the venv's editable install would otherwise give it the pure `src`)."""
    return {"PYTHONPATH": f"{compiled}{os.pathsep}{ROOT}"}


def mapped(pid: int, under: Path) -> set[str]:
    """The extension modules under `under` that process `pid` has mapped, by their paths' stems relative to it
    (`docent/sidecar/answer/gate` for `.../gate.cpython-311-x86_64-linux-gnu.so`)."""
    found = set()
    root = f"{under.resolve()}{os.sep}"
    for line in Path(f"/proc/{pid}/maps").read_text().splitlines():
        path = line.split(maxsplit=5)[-1]  # address, perms, offset, device, inode, then the path where one is
        if path.startswith(root) and path.endswith(".so"):
            found.add(path[len(root):].split(".", 1)[0])
    return found


def check_mapped(pid: int, compiled: Path) -> None:
    """Fails unless process `pid` runs the gate compiled from `compiled`."""
    have = mapped(pid, compiled)
    if GATE not in have or not any(stem.endswith("__mypyc") for stem in have):
        raise AssertionError(f"the compiled run did not load the compiled gate from {compiled}: it maps "
                             f"{sorted(have) or 'no extension module'} there")


def check_file(file: str, compiled: Path) -> None:
    """Fails unless `file` (a module's `__file__` in the process that ran it) is an extension module under `compiled`."""
    if not (file.startswith(f"{compiled.resolve()}{os.sep}") and file.endswith(".so")):
        raise AssertionError(f"the compiled run did not load the compiled gate from {compiled}: its gate was {file}")


def suffixed(figures: dict[str, float], names: tuple[str, ...]) -> dict[str, float]:
    """The named figures of a compiled run, each under its name with `_compiled` after it."""
    return {f"{name}_compiled": figures[name] for name in names}
