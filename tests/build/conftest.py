"""Helpers for the build stage's tests: small sites written into tmp_path and built by MkDocs in-process."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]

HOME = """\
# Home

Welcome.

## Work { #work }

The work.

## Contact { #contact }

Write to me.
"""

CASE = """\
---
docent:
  record: true
  instructions: The payments case.
---
# Payments

## 3-D Secure at Acme { #acme-3ds }

I moved card payments to **3-D Secure 2** and reviewed every change.

```java
class Authorise {}
```

<figure data-docent-part="flow" markdown>
![The flow](flow.png)
</figure>

## Kafka { #acme-kafka }

Events go through Kafka.
"""

LAB = """\
# Lab

<div data-docent-experiment="leak" data-docent-live data-docent-label="The leak" markdown>
<div data-docent-part="leak-chart" aria-label="The leak chart"></div>
<select id="leak-preset" data-docent-field="leak_preset" aria-label="Preset">
<option value="slow" data-docent-preset="slow">Slow leak</option>
<option value="full" data-docent-preset="full" data-docent-server>Full heap</option>
</select>
<button data-docent-action="run_leak">Run</button>
</div>
"""


def write_site(root: Path, *, pages: dict[str, str] | None = None, docent: dict[str, Any] | None = None,
               extra: dict[str, Any] | None = None) -> Path:
    """A small site in `root`: mkdocs.yml plus docs; returns the config file's path."""
    pages = pages if pages is not None else {"index.md": HOME, "cases/payments.md": CASE, "lab.md": LAB}
    for name, text in pages.items():
        path = root / "docs" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    (root / "docs" / "cases" / "flow.png").parent.mkdir(parents=True, exist_ok=True)
    (root / "docs" / "cases" / "flow.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    options = {
        "bundle": "docent-bundle.json",
        "tours": [{"id": "first", "label": "First", "steps": [
            {"page": "home", "section": "work", "caption": "The work."},
            {"page": "cases-payments", "part": "flow", "caption": "The flow."},
        ]}],
        "offers": [{"id": "cv", "label": "Download the CV", "target": "/cv/"}],
    }
    options.update(docent or {})
    config = {
        "site_name": "Test site",
        "site_author": "Jo Doe",
        "site_url": "https://example.org/",
        "markdown_extensions": ["attr_list", "md_in_html", {"toc": {"permalink": True}}],
        "plugins": ["search", {"docent": options}],
    }
    config.update(extra or {})
    path = root / "mkdocs.yml"
    path.write_text(yaml.safe_dump(config, sort_keys=False), encoding="utf-8")
    return path


def mkdocs_build(config_file: Path, *, site_dir: Path | None = None, strict: bool = True):
    """`mkdocs build` in-process, as the CLI runs it (on_startup, build, on_shutdown); returns the config."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    config = load_config(config_file=str(config_file), site_dir=str(site_dir) if site_dir else None, strict=strict)
    config.plugins.on_startup(command="build", dirty=False)
    try:
        build(config)
    finally:
        config.plugins.on_shutdown()
    return config


def read_json(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def example_site(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The example site (mkdocs.yml + docs/) built once with --strict, its bundle redirected into tmp_path."""
    if not (ROOT / "mkdocs.yml").is_file():
        pytest.skip("the example site (mkdocs.yml, docs/) is not in the checkout")
    tmp = tmp_path_factory.mktemp("example")
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=yaml.SafeLoader)
    for entry in config["plugins"]:
        if isinstance(entry, dict) and "docent" in entry:
            entry["docent"]["bundle"] = str(tmp / "docent-bundle.json")
    config["docs_dir"] = str(ROOT / "docs")  # the copy lives in tmp_path; the pages stay where they are
    config_file = tmp / "mkdocs.yml"
    config_file.write_text(yaml.safe_dump(config, sort_keys=False, allow_unicode=True), encoding="utf-8")
    mkdocs_build(config_file, site_dir=tmp / "site")
    return {"site": tmp / "site", "bundle_path": tmp / "docent-bundle.json",
            "bundle": read_json(tmp / "docent-bundle.json"), "public": read_json(tmp / "site" / "docent" / "manifest.json"),
            "tmp": tmp}
