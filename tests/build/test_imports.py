"""manifest_build is pure: it imports no MkDocs, so other generators' sites and the sidecar can use it."""

from __future__ import annotations

import subprocess
import sys


def test_importing_manifest_build_does_not_import_mkdocs():
    code = (
        "import sys, pkgutil, importlib, docent.manifest_build as m\n"
        "for info in pkgutil.iter_modules(m.__path__): importlib.import_module(f'docent.manifest_build.{info.name}')\n"
        "bad = sorted(n for n in sys.modules if n.split('.')[0] in ('mkdocs', 'properdocs'))\n"
        "print(bad); sys.exit(1 if bad else 0)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr
