"""The import rules: relative within a stage, `docent.<stage>` across stages, so a file's imports say which is which;
each stage imports only the stages upstream of it; and the sidecar's answering core reaches nothing of its HTTP edge."""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2] / "src" / "docent"  # the package: each stage a folder in it
STAGES = ("schema", "plugins", "manifest_build", "sidecar")
# Which stages each may import, across: data flows one way, and the bundle's nouns (schema) are shared by both
# sides of it, so the sidecar never imports the build.
MAY_IMPORT = {
    "schema": set(),
    "manifest_build": {"schema", "plugins"},  # its CLI copies the panel's files, listed by docent.plugins (no MkDocs)
    "plugins": {"schema", "manifest_build"},
    "sidecar": {"schema"},
}


def _breaches(root: Path, stage: str, path: Path) -> list[str]:
    package = ["docent", *path.relative_to(root).parent.parts]
    where = path.relative_to(root).as_posix()
    out: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
            out += [f"{where}:{node.lineno}: import {n}: import from within the stage relatively" for n in names
                    if n.split(".")[:2] == ["docent", stage]]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module.split(".")[:2] == ["docent", stage]:
                out.append(f"{where}:{node.lineno}: from {node.module}: within the stage, import relatively")
        elif isinstance(node, ast.ImportFrom) and node.level >= len(package):
            # `..` from sidecar/x.py would climb to `docent` itself: another stage, which is named in full
            out.append(f"{where}:{node.lineno}: {'.' * node.level}{node.module or ''}: across stages, import docent.<stage>")
    return out


def test_imports_are_relative_within_a_stage_and_absolute_across_stages() -> None:
    breaches = [b for stage in STAGES for path in sorted((ROOT / stage).rglob("*.py")) for b in _breaches(ROOT, stage, path)]
    assert not breaches, "\n".join(breaches)


def test_the_rule_catches_both_kinds_of_breach(tmp_path: Path) -> None:
    # The check itself can fail: a stage file written each wrong way is named, a right one is not.
    inner = tmp_path / "sidecar" / "model"
    inner.mkdir(parents=True)
    (inner / "bad.py").write_text("from docent.sidecar.answer.bundle import Bundle\nfrom ...plugins import x\n")
    (inner / "good.py").write_text("from ..bundle import Bundle\nfrom docent.manifest_build.types import Page\n")
    found = _breaches(tmp_path, "sidecar", inner / "bad.py") + _breaches(tmp_path, "sidecar", inner / "good.py")
    assert [b.split(": ", 1)[0] for b in found] == ["sidecar/model/bad.py:1", "sidecar/model/bad.py:2"]


def _crossings(root: Path, stage: str, path: Path) -> list[str]:
    """Imports of another stage that `stage` may not import (MAY_IMPORT)."""
    where = path.relative_to(root).as_posix()
    out: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        modules = [a.name for a in node.names] if isinstance(node, ast.Import) else (
            [node.module] if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module else [])
        if isinstance(node, ast.ImportFrom) and node.module == "docent":  # from docent import schema
            modules = [f"docent.{a.name}" for a in node.names]
        for module in modules:
            parts = module.split(".")
            if parts[0] == "docent" and len(parts) > 1 and parts[1] != stage and parts[1] not in MAY_IMPORT[stage]:
                out.append(f"{where}:{node.lineno}: {stage} imports docent.{parts[1]}")
    return out


def test_each_stage_imports_only_the_stages_upstream_of_it() -> None:
    found = [c for stage in STAGES for path in sorted((ROOT / stage).rglob("*.py")) for c in _crossings(ROOT, stage, path)]
    assert not found, "\n".join(found)


def _string_imports(root: Path) -> list[str]:
    """Calls that import a module named by a string (importlib.import_module, __import__): an edge no tool sees."""
    out = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                name = ast.unparse(node.func)
                if name in {"import_module", "importlib.import_module", "__import__"}:
                    out.append(f"{path.relative_to(root).as_posix()}:{node.lineno}: {name}")
    return out


def test_no_module_is_imported_by_a_string() -> None:
    # the command reaches the build and the sidecar with import statements (docent/cli.py), so the checks see it
    assert (ROOT / "cli.py").is_file()
    assert not _string_imports(ROOT), "\n".join(_string_imports(ROOT))


def test_the_string_import_rule_catches_both_spellings(tmp_path: Path) -> None:
    (tmp_path / "cli.py").write_text("import importlib\nm = importlib.import_module('docent.x')\nn = __import__('os')\n")
    assert _string_imports(tmp_path) == ["cli.py:2: importlib.import_module", "cli.py:3: __import__"]


def test_the_stage_rule_catches_a_sidecar_that_imports_the_build(tmp_path: Path) -> None:
    (tmp_path / "sidecar").mkdir()
    (tmp_path / "schema").mkdir()
    bad = tmp_path / "sidecar" / "bad.py"
    bad.write_text("from docent.manifest_build.types import Problem\nfrom docent.schema import Page\n")
    lower = tmp_path / "schema" / "bad.py"
    lower.write_text("from docent import sidecar\n")
    found = _crossings(tmp_path, "sidecar", bad) + _crossings(tmp_path, "schema", lower)
    assert found == ["sidecar/bad.py:1: sidecar imports docent.manifest_build", "schema/bad.py:1: schema imports docent.sidecar"]


# The sidecar's two rooms: the answering core (sidecar/answer/: the turn, the gate, the policy, the tools) and the
# HTTP edge around it (the app, routes, stream, guards, state, operating). The core reaches the model through
# the port alone and knows no web framework, server, store or metrics: besides itself and the standard library
# it imports exactly these. A new library in the core is a decision: add it here. msgspec (round 14, 59c9d18): the
# events a turn yields are its Structs, framed without a dict between (the schema's codec already encodes with it).
# mypy_extensions (round 18, mypyc18): `native.py` alone (`NATIVE`) imports its `mypyc_attr`, under TYPE_CHECKING, the
# mark mypy and mypyc read (DOCENT_COMPILE); at run time the core imports nothing of it.
CORE = "docent.sidecar.answer"
CORE_MAY_IMPORT = {"docent.schema", "docent.sidecar.model.port", "docent.sidecar.model.fence", "jsonschema", "msgspec"}
# ... but not the schema's model loader (round 19, rerank): `docent.schema.embedding` loads WordLlama with numpy,
# safetensors and tokenizers, for the build (the record's vectors) and the sidecar's edge (a question's, injected into
# the core as `Bundle.embed`). The core reads the vectors' format (`docent.schema.vectors`) alone. So too the encoder's
# (round 31, `encoder: true`): `docent.schema.encoder` loads onnxruntime and the model at the edge (`sidecar/vectors`).
CORE_MAY_NOT_IMPORT = {"docent.schema.embedding", "docent.schema.encoder"}
# The one file that may name mypyc's mark, and what it may import for it (under TYPE_CHECKING: nothing at run time).
NATIVE = ("native.py", "mypy_extensions")
# The one file that may import numpy (round 31, encoder31): `fusion.py`, inside its functions, for a bundle built with
# `encoder: true`, whose extra brings it (the edge checks it before such a bundle is served): a question's cosine with
# every record row is one product (0.45 ms for 1,760 rows, round 30's notes), where Python would loop over 384 products
# a row. A core without such a bundle never imports it.
FUSION = ("fusion.py", "numpy")


def _forbidden(module: str) -> bool:
    return any(module == m or module.startswith(m + ".") for m in CORE_MAY_NOT_IMPORT)


def _allowed(module: str) -> bool:
    top = module.split(".")[0]
    if _forbidden(module):
        return False
    return (top in sys.stdlib_module_names or module == CORE or module.startswith(CORE + ".")
            or any(module == m or module.startswith(m + ".") for m in CORE_MAY_IMPORT))


def _imports(root: Path, path: Path) -> Iterator[tuple[int, str, list[str] | None]]:
    """Each module a file imports, by line: its full name (relative imports resolved) and, for `from M import a, b`,
    the names it takes (None for `import M`, a row per module)."""
    package = ["docent", *path.relative_to(root).parent.parts]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from ((node.lineno, a.name, None) for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = ".".join(package[: len(package) - node.level + 1]) if node.level else ""
            yield node.lineno, ".".join(p for p in (base, node.module or "") if p), [a.name for a in node.names]


def _core_reaches(root: Path, path: Path) -> list[str]:
    """What a core module imports beyond CORE_MAY_IMPORT, relative imports resolved to their full names."""
    where = path.relative_to(root).as_posix()
    out: list[str] = []
    for line, module, names in _imports(root, path):
        if (path.name, module) in (NATIVE, FUSION):
            continue
        if names is None:
            out += [f"{where}:{line}: import {module}"] if not _allowed(module) else []
        # `from ..model import fence` names a module of the package it reads from
        elif ((not _allowed(module) and not all(_allowed(f"{module}.{name}") for name in names))
              or any(_forbidden(f"{module}.{name}") for name in names)):
            out.append(f"{where}:{line}: from {module} import {', '.join(names)}")
    return out


def test_the_answering_core_imports_only_itself_the_model_port_and_the_schema() -> None:
    core = sorted((ROOT / "sidecar" / "answer").rglob("*.py"))
    assert any(p.name == "turn.py" for p in core)
    found = [r for path in core for r in _core_reaches(ROOT, path)]
    assert not found, "the answering core reaches outside itself:\n" + "\n".join(found)


def test_the_core_rule_catches_the_edge_a_library_and_the_model_beyond_its_port(tmp_path: Path) -> None:
    tools = tmp_path / "sidecar" / "answer" / "tools"
    tools.mkdir(parents=True)
    bad = tools / "bad.py"
    bad.write_text("from ...routes import guide\nimport starlette.responses\nfrom redis import Redis\n"
                   "from ...model import anthropic\nfrom docent.sidecar.model.offline import Offline\n"
                   "def later() -> None:\n    import prometheus_client\n"
                   "from docent.schema.embedding import Embedding\nfrom docent.schema import embedding\n"
                   "from docent.schema.encoder import Encoder\nfrom docent.schema import encoder\n")
    good = tools / "good.py"
    good.write_text("import re\nfrom ...model.port import ToolCall\nfrom ...model import fence\nfrom ..gate import Gate\n"
                    "from . import cards\nfrom docent.schema import Page\nfrom jsonschema import Draft202012Validator\n")
    found = _core_reaches(tmp_path, bad) + _core_reaches(tmp_path, good)
    assert [f.split(": ", 1)[1] for f in found] == [
        "from docent.sidecar.routes import guide", "import starlette.responses", "from redis import Redis",
        "from docent.sidecar.model import anthropic", "from docent.sidecar.model.offline import Offline",
        "from docent.schema.embedding import Embedding", "from docent.schema import embedding",
        "from docent.schema.encoder import Encoder", "from docent.schema import encoder", "import prometheus_client"]


# The model port (sidecar/model/: the port, the wire pieces, the adapters) is the bottom of the sidecar: the core and
# the edge import it, and it imports nothing of the sidecar above itself, nor the bundle's nouns (an adapter speaks
# the port's requests and events only). The offline model, which reads the record, is a room of its own (offline/).
PORT = "docent.sidecar.model"


def _above_the_port(root: Path, path: Path) -> list[str]:
    where = path.relative_to(root).as_posix()
    return [f"{where}:{line}: {m}" for line, m, _ in _imports(root, path)
            if m.split(".")[0] == "docent" and not (m == PORT or m.startswith(PORT + "."))]


def test_the_model_port_imports_nothing_above_itself() -> None:
    port = sorted((ROOT / "sidecar" / "model").rglob("*.py"))
    assert any(p.name == "port.py" for p in port)
    found = [r for path in port for r in _above_the_port(ROOT, path)]
    assert not found, "the model port reaches above itself:\n" + "\n".join(found)


def test_the_port_rule_catches_the_core_the_edge_and_the_schema(tmp_path: Path) -> None:
    model = tmp_path / "sidecar" / "model"
    model.mkdir(parents=True)
    bad = model / "bad.py"
    bad.write_text("from ..answer.lexicon import Lexicon\nfrom docent.schema import Page\nimport docent.sidecar.guide\n"
                   "def later() -> None:\n    from ..offline import OfflineModel\n")
    good = model / "good.py"
    good.write_text("import httpx\nfrom .port import ModelRequest\nfrom . import wire\nfrom docent.sidecar.model.retry import Retry\n")
    found = _above_the_port(tmp_path, bad) + _above_the_port(tmp_path, good)
    assert [f.split(": ", 1)[1] for f in found] == [
        "docent.sidecar.answer.lexicon", "docent.schema", "docent.sidecar.guide", "docent.sidecar.offline"]
