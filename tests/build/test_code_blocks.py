"""Code kept as code: a page's fenced blocks reach the record byte for byte as the page shows them, each with the
language its fence names (a fence that includes a file by pymdownx.snippets too), though the highlighter
(pymdownx.highlight without `pygments_lang_class`, as most sites set it) writes no language into the HTML. One real
`mkdocs build`, shared by the module; read back by the plugin and by `docent manifest` from the built files."""

from __future__ import annotations

from pathlib import Path

import pytest

from docent.manifest_build.built_site import read_site
from docent.manifest_build.choice import PageChoice
from docent.manifest_build.fences import fence_languages
from docent.manifest_build.page import read_page
from docent.schema import Block

from .conftest import mkdocs_build, read_json, write_site

PAGE = """\
# Code

## Definitions

```python
import os


def main():
    return os.sep


class App:
    pass
```

## Terminal

```console
$ pip install docent
---> 100%
Successfully installed docent
```

## Titled

```python title="app.py"
app = App()
```

## Numbered

```python linenums="1"
first = 1


second = 2
```

## Tabs

=== "Go"

    ```go
    func main() {
    \tfmt.Println("hi")
    }
    ```

=== "Shell"

    ```bash
    go run .
    ```

## Indented past its fence

```yaml
    services:
      web: {}
```

## Script

<div class="termy" markdown>

```console
$ typer main.py run
<span style="color: green;">Hello</span> &lt;NAME&gt;
```

</div>

## Included

```python
--8<-- "included.py"
```
"""

# Each block as the page shows it, and its fence's language, in the page's order.
SHOWN = [
    ("python", "import os\n\n\ndef main():\n    return os.sep\n\n\nclass App:\n    pass"),
    ("console", "$ pip install docent\n---> 100%\nSuccessfully installed docent"),
    ("python", "app = App()"),
    ("python", "first = 1\n\n\nsecond = 2"),
    ("go", 'func main() {\n    fmt.Println("hi")\n}'),
    ("bash", "go run ."),
    ("yaml", "    services:\n      web: {}"),
    ("console", "$ typer main.py run\nHello <NAME>"),
    ("python", "import typer\n\n\ntyper.run(print)"),
]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("code")
    extensions = [
        "attr_list",
        "md_in_html",
        {"pymdownx.highlight": {"anchor_linenums": True, "line_spans": "__span"}},
        "pymdownx.superfences",
        {"pymdownx.tabbed": {"alternate_style": True}},
        {"pymdownx.snippets": {"base_path": [str(root)]}},
    ]
    (root / "included.py").write_text("import typer\n\n\ntyper.run(print)\n", encoding="utf-8")
    config = write_site(
        root,
        pages={"index.md": "# Home\n\nWelcome.\n", "code.md": PAGE},
        docent={"record_pages": {"include": ["code.md"]}, "tours": [], "offers": []},
        extra={"markdown_extensions": extensions},
    )
    mkdocs_build(config, site_dir=root / "site")
    return root


def _code(blocks: list[Block]) -> list[tuple[str, str]]:
    return [(b.lang, b.text) for b in blocks if b.kind == "code"]


def test_each_fenced_block_is_kept_exactly_with_its_fences_language(built: Path) -> None:
    record = read_json(built / "docent-bundle.json")["record"]
    blocks = [Block(**b) for section in record for b in section["blocks"]]
    assert _code(blocks) == SHOWN


def test_docent_manifest_reads_the_same_blocks_back_from_the_built_files(built: Path) -> None:
    pages, _ = read_site(built / "site", PageChoice.read({"include": ["code.md"]}))
    page = next(p for p in pages if p.record)
    assert _code([b for s in page.record_sections for b in s.blocks]) == SHOWN


def test_a_highlighters_text_for_a_language_it_does_not_know_gives_way_to_the_fences_name() -> None:
    """pymdownx's `pygments_lang_class` writes `language-text` for a fence Pygments has no lexer for ("```tree")."""
    html = '<div class="language-text highlight"><pre><span></span><code>repo/\n    src/\n</code></pre></div>'
    languages = fence_languages("```tree\nrepo/\n    src/\n```\n")
    facts = read_page(html, path="/layout/", title="Layout", record=True, languages=languages)
    assert _code(list(facts.record_sections[0].blocks)) == [("tree", "repo/\n    src/")]
