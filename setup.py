"""The build's one switch: `DOCENT_COMPILE=1 pip install .` (or `make compiled`) compiles the gate with mypyc.

Everything else about the package is in pyproject.toml. Without DOCENT_COMPILE this adds nothing, and the build is the
pure wheel it always was. With it, the gate's modules (the list in `docent/sidecar/answer/native.py`, which the bench
reads too) are compiled into C extension modules beside their sources, which they shadow: the wheel is then CPython's
and the platform's, and needs a C compiler, Python's headers and mypy (with mypyc) to build, nothing more to run.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

from setuptools import setup

_COMPILE = os.environ.get("DOCENT_COMPILE", "") not in ("", "0")


def _ext_modules() -> list:
    if not _COMPILE:
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:  # `pip install` asks for mypy below (setup_requires); a build without isolation may lack it
        print("DOCENT_COMPILE is set but mypy (mypyc) is not installed: the gate is left pure", file=sys.stderr)
        return []
    here = Path(__file__).resolve().parent
    spec = importlib.util.spec_from_file_location("_docent_native", here / "src/docent/sidecar/answer/native.py")
    assert spec is not None and spec.loader is not None
    native = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(native)
    os.chdir(here)  # mypycify names the modules from their paths relative to here (src/docent/...)
    return mypycify([str(p.relative_to(here)) for p in native.modules(here / "src/docent/sidecar/answer")])


# setup_requires: what an isolated build (`pip install .`) installs before it runs this file to build the wheel: mypy,
# and the types of what the gate imports, which mypyc reads (msgspec, a dependency already: the events and the model
# port are its Structs; jsonschema's stubs, for the bundle's validator).
_BUILD_REQUIRES = ["mypy>=2.4,<3", "msgspec>=0.19,<1", "types-jsonschema>=4.21"]
setup(**({"ext_modules": _ext_modules(), "setup_requires": _BUILD_REQUIRES} if _COMPILE else {}))
