"""What of the gate mypyc may compile (`DOCENT_COMPILE=1 pip install .`, `make compiled`), and the one mark it reads.

The gate's modules, this package and its rules, are plain typed Python that mypyc compiles into C extension modules
beside their sources, about twice as fast a sentence; a pure install runs the same sources. `setup.py` reads this file
by its path (before the package is installed), the bench (`tests/bench/_gate_mypyc.py`) imports it: one list for both.
Kept pure itself, and imports nothing a pure install lacks.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

# Left pure: the turn's modules (not on a sentence's path), the bundle's (its `cached_property` needs an instance
# `__dict__`), the packages' `__init__`s (code a sentence runs belongs in a module beside them: the rules' dispatch is
# `rules/dispatch.py`), the model check's (`checking.py`: its `drain` is an async generator, which mypyc refuses), and
# this one.
LEFT_PURE = frozenset({"__init__.py", "bundle.py", "checking.py", "conversation.py", "events.py", "native.py",
                       "receipt.py", "reply.py", "toolcheck.py", "turn.py", "underway.py"})


def modules(package: Path) -> list[Path]:
    """The files of `package` (this package's folder, wherever it lies) that a compiled build compiles."""
    return sorted(p for p in package.glob("**/*.py") if p.name not in LEFT_PURE)


if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr as mypyc_attr  # what mypy and mypyc read: the mark is theirs
else:

    def mypyc_attr(*attrs, **kwattrs):
        """At run time a mark does nothing (nor does mypy_extensions' own): a pure install needs no package for it."""
        return lambda cls: cls
