"""A snippet pymdownx.snippets downloads (`url_download`) is fetched once per build, by the site's own render of the
page, and its fence still keeps its language in the record: Docent reads the page as that render leaves it. A real
`mkdocs build` with the fetch replaced by a local stand-in that counts its calls (no test calls the internet)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pymdownx.snippets
import pytest

from .conftest import mkdocs_build, read_json, write_site

URL = "https://example.org/src/app.py"
CODE = "import typer\n\n\ntyper.run(print)\n"
PAGE = f'# Code\n\n## Run\n\nRun the app:\n\n```python\n--8<-- "{URL}"\n```\n'


class _Response(io.BytesIO):
    status = 200
    headers: dict[str, str] = {}


def test_a_downloaded_snippet_is_fetched_once_and_its_fence_keeps_its_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fetched: list[str] = []

    def urlopen(request: Any, timeout: float | None = None) -> _Response:
        fetched.append(request.full_url)
        return _Response(CODE.encode())

    monkeypatch.setattr(pymdownx.snippets.urllib.request, "urlopen", urlopen)
    config = write_site(
        tmp_path,
        pages={"index.md": "# Home\n\nWelcome.\n", "code.md": PAGE},
        docent={"record_pages": {"include": ["code.md"]}, "tours": [], "offers": []},
        extra={"markdown_extensions": ["pymdownx.superfences", {"pymdownx.snippets": {"url_download": True}}]},
    )
    mkdocs_build(config, site_dir=tmp_path / "site")
    assert fetched == [URL]
    record = read_json(tmp_path / "docent-bundle.json")["record"]
    code = [(b["lang"], b["text"]) for section in record for b in section["blocks"] if b["kind"] == "code"]
    assert code == [("python", CODE.rstrip("\n"))]
