"""Material's code annotations read as the page means them: a block's markers (`# (1)!`, `# (1)`) are no part of the
code the record keeps, as Material's page and copy button leave them out, and each note is kept after its block
with the line it annotates, not as a list item quoted without its code (look32, Textual's DataTable question). Three
real development sites' annotated blocks, taken from their vendored pages: Textual's `App.suspend` example (a
stripped `# (1)!`), Material's own YAML example (a plain `# (1)`) and SQLModel's test of its session (a `# (6)!` alone
after its last line); one real `mkdocs build` with Material and `content.code.annotate`, read back by the plugin and
by `docent manifest` from the built files."""

from __future__ import annotations

from pathlib import Path

import pytest

from docent.manifest_build.annotations import Annotate
from docent.manifest_build.built_site import read_site
from docent.manifest_build.choice import PageChoice
from docent.manifest_build.page import read_page
from docent.schema import Block, RecordSection, decode
from docent.sidecar.answer.events import Code, Held
from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from docent.sidecar.answer.site import Site
from tests.sidecar.gating import verdicts

from .conftest import mkdocs_build, read_json, write_site

SITES = Path(__file__).resolve().parents[1] / "data" / "sites"


def _between(path: Path, start: str, end: str) -> str:
    text = path.read_text(encoding="utf-8")
    at = text.index(start)
    return text[at : text.index(end, at)]


def _page() -> str:
    suspend = _between(SITES / "textual" / "content" / "guide" / "app.md", "=== \"suspend.py\"", "=== \"Output\"")
    yaml = _between(SITES / "material" / "content" / "reference" / "code-blocks.md", "<div class=\"result\" markdown>\n\n``` yaml\ntheme:",
                    "</div>").removeprefix("<div class=\"result\" markdown>\n\n")
    testing = _between(SITES / "sqlmodel" / "content" / "tutorial" / "fastapi" / "tests.md", "``` { .python .annotate",
                       "### Import Table Models")
    return (f"# Annotations\n\n## Suspending\n\n{suspend}\n## Features\n\n{yaml}\nAfter the list.\n\n"
            f"## Testing\n\n{testing}")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("annotations")
    extensions = ["attr_list", "md_in_html", "pymdownx.highlight", "pymdownx.superfences",
                  {"pymdownx.tabbed": {"alternate_style": True}}]
    config = write_site(
        root,
        pages={"index.md": "# Home\n\nWelcome.\n", "annotations.md": _page()},
        docent={"record_pages": {"include": ["annotations.md"]}, "tours": [], "offers": []},
        extra={"markdown_extensions": extensions,
               "theme": {"name": "material", "features": ["content.code.annotate", "content.code.copy"]}},
    )
    mkdocs_build(config, site_dir=root / "site", strict=False)  # the page's links to Textual's API pages go nowhere
    return root


def _blocks(built: Path) -> dict[str, list[Block]]:
    record = read_json(built / "docent-bundle.json")["record"]
    return {section["id"]: [decode(Block, b, where="block") for b in section["blocks"]] for section in record}


def test_a_stripped_markers_comment_is_no_part_of_the_code_and_its_note_follows_with_its_line(built: Path) -> None:
    blocks = _blocks(built)["suspending"]
    code = next(b for b in blocks if b.kind == "code")
    assert "# (1)" not in code.text
    assert "        with self.suspend():\n            system(\"vim\")" in code.text
    after = blocks[blocks.index(code) + 1]
    assert (after.kind, after.text) == (
        "paragraph", "with self.suspend(): — All code in the body of the with statement will be run while the app is "
        "suspended.")
    assert after.code[:2] == ("with self.suspend():", "with")
    assert not any(b.kind == "item" for b in blocks)


def test_a_plain_markers_comment_goes_with_it_where_nothing_else_is_said(built: Path) -> None:
    blocks = _blocks(built)["features"]
    code = next(b for b in blocks if b.kind == "code")
    assert code.text == "theme:\n  features:\n    - content.code.annotate"
    note = blocks[blocks.index(code) + 1]
    assert note.kind == "paragraph" and note.text.startswith("- content.code.annotate — ")
    assert "I'm a code annotation!" in note.text
    assert blocks[-1].text == "After the list."


def test_a_marker_alone_after_the_last_line_annotates_that_line(built: Path) -> None:
    """SQLModel's test closes with `# (6)!` alone on a line after its last assertion, the block's last line: Material
    draws the marker there, and its note ("By this point, the testing session with block finishes") is about the
    line before it. The note had no line, as if its marker were in no line of the block."""
    blocks = _blocks(built)["testing"]
    code = next(b for b in blocks if b.kind == "code")
    assert code.text.endswith('        assert data["id"] is not None') and "(6)" not in code.text
    note = next(b for b in blocks if "By this point" in b.text)
    assert note.text.startswith('assert data["id"] is not None — By this point, the testing session with block'), note
    assert note.code[0] == 'assert data["id"] is not None'


def test_docent_manifest_reads_the_same_from_the_built_files(built: Path) -> None:
    pages, _ = read_site(built / "site", PageChoice.read({"include": ["annotations.md"]}))
    page = next(p for p in pages if p.record)
    read = {s.id: list(s.blocks) for s in page.record_sections}
    assert read == _blocks(built)
    assert not any("(1)" in b.text for blocks in read.values() for b in blocks if b.kind == "code")


def test_without_the_feature_a_block_keeps_its_comment_and_its_list() -> None:
    html = ('<div class="language-python highlight"><pre><span></span><code>go()  <span class="c1"># (1)!</span>\n'
            '</code></pre></div><ol><li>Goes.</li></ol>')
    for annotate, code, item in ((Annotate(), "go()  # (1)!", "item"), (Annotate(on=True), "go()", "paragraph")):
        blocks = read_page(html, path="/a/", title="A", record=True, annotate=annotate).record_sections[0].blocks
        assert [(b.kind, b.text) for b in blocks] == [("code", code), (item, "Goes." if item == "item" else "go() — Goes.")]


def _suspending(built: Path) -> RecordSection:
    return decode(RecordSection, next(s for s in read_json(built / "docent-bundle.json")["record"]
                                      if s["id"] == "suspending"), where="record")


def test_the_gate_judges_a_sentence_by_the_note_and_the_code_the_page_shows(built: Path) -> None:
    """A sentence that ties the note to its line is judged against the note, and shown; so is one that quotes the
    line as the page's Markdown writes it, its marker at its end (a model that read the Markdown), which was held as
    code the section does not write (`code_term`): the marker is the page's own drawing, no code of the model's. A
    line the section does not write is still held, with a marker or without."""
    verdict = verdicts(_suspending(built), docs=True)
    assert verdict("All code in the body of `with self.suspend():` will be run while the app is suspended "
                   "[[suspending]].") == "shown"
    assert verdict("The example opens the editor inside `with self.suspend():  # (1)!` [[suspending]].") == "shown"
    assert verdict("The example opens the editor inside `with self.pause():  # (1)!` [[suspending]].") == "code_term"


def test_the_gate_shows_a_block_quoted_with_its_markers_as_the_record_holds_it(built: Path) -> None:
    """The block quoted as the page's Markdown writes it, `# (1)!` and all, was held as an edited copy of the
    record's (`code_edited`); it is the record's run, and the visitor is shown the record's lines, with no marker.
    A line of the model's own beside the marker is still held."""
    section = _suspending(built)
    record = {section.id: section}
    fenced = _between(SITES / "textual" / "content" / "guide" / "app.md", "    ```python hl_lines", "    ```\n\n    1.")
    lines = [line.removeprefix("    ") for line in fenced.split("\n")[1:]]
    shown = [e for e in _events(record, lines) if isinstance(e, Code)]
    assert [e.text for e in shown] == ["\n".join(lines).strip().replace("  # (1)!", "")], shown
    edited = [line.replace("system(\"vim\")", "system(\"emacs\")") for line in lines]
    assert [e.reason for e in _events(record, edited) if isinstance(e, Held)] == ["code_edited"]


def _events(record: dict[str, RecordSection], lines: list[str]) -> list[object]:
    reply = "Suspend the app while the editor runs [[suspending]].\n\n```python\n" + "\n".join(lines) + "```\n[[suspending]]\n"
    gate = Gate(record, Lexicon([]), site=Site.of(record, Lexicon([]), docs=True))
    return [*gate.feed(reply), *gate.finish()]
