"""A record section's blocks, and the flat text and the prompt's text made from them."""

from __future__ import annotations

from docent.schema import Block, RecordSection, decode, plain

BLOCKS = (
    Block("paragraph", "Send a file with", code=("files=",)),
    Block("paragraph", "a multipart body:"),
    Block("code", ">>> files = {'upload-file': open('report.xls', 'rb')}\n>>> r = httpx.post(url, files=files)",
          lang="pycon"),
    Block("item", "one", marker="-"),
    Block("item", "two", marker="2."),
    Block("admonition", "Close the file.", marker="Note"),
    Block("code", "print('```')", lang="python"),
)


def test_the_flat_text_runs_prose_on_and_keeps_code_lines_and_items_each_on_its_own_lines() -> None:
    section = RecordSection.of("files", page="quickstart", path="/quickstart/#files",
                               headings=("QuickStart", "Sending files"), blocks=BLOCKS)
    assert section.title == "Sending files"
    assert section.text == (
        "Send a file with a multipart body:\n"
        ">>> files = {'upload-file': open('report.xls', 'rb')}\n>>> r = httpx.post(url, files=files)\n"
        "- one\n2. two\nNote: Close the file.\nprint('```')"
    )


def test_a_paragraph_that_ends_no_sentence_is_no_part_of_the_next_one() -> None:
    """A tagline ("Building Documentation with MkDocs") ran into the paragraph after it, one sentence in the record
    and in answers that quoted it; a paragraph that goes on in lower case still continues the one before."""
    blocks = (
        Block("paragraph", "Building Documentation with MkDocs"),
        Block("paragraph", "The User Guide provides documentation for users."),
        Block("paragraph", "It covers themes"),
        Block("paragraph", "and plugins."),
        Block("paragraph", "Documentation: https://example.org"),
        Block("paragraph", "Source: https://example.org/source"),
    )
    section = RecordSection.of("p", page="p", path="/p/#p", headings=("P",), blocks=blocks)
    assert section.text.split("\n") == [
        "Building Documentation with MkDocs",
        "The User Guide provides documentation for users. It covers themes and plugins. Documentation: https://example.org",
        "Source: https://example.org/source",
    ]
    # a paragraph that begins with code, a figure or a quote begins a sentence of its own, not a tagline's
    for first in (
        Block("paragraph", "mkdocs build makes the site.", code=("mkdocs build",)),
        Block("paragraph", "2 workers are started."),
        Block("paragraph", '"Docs" is the folder.'),
    ):
        after = RecordSection.of("q", page="q", path="/q/#q", headings=("Q",), blocks=(blocks[0], first))
        assert after.text.split("\n") == ["Building Documentation with MkDocs", first.text]
    opened = (Block("paragraph", "It replaces the client (requests"), Block("paragraph", "httpx), as said.", code=("httpx",)))
    assert RecordSection.of("r", page="r", path="/r/#r", headings=("R",), blocks=opened).text == (
        "It replaces the client (requests httpx), as said."
    )


def test_the_prompt_shows_code_fenced_with_its_language_and_a_fence_longer_than_its_backticks() -> None:
    shown = RecordSection.of("files", page="q", path="/q/#files", headings=("Q", "Files"), blocks=BLOCKS).shown()
    assert "a multipart body:\n```pycon\n>>> files = {'upload-file'" in shown
    assert shown.endswith("Note: Close the file.\n````python\nprint('```')\n````")


def test_a_tab_label_and_an_admonitions_title_break_the_run_of_prose() -> None:
    """Typer's docs: a content tab's label ("Python 3.7+") ran into the sentence before it and an admonition's
    title into the tab's text ("... parameter: Python 3.7+ Python 3.7+ non-Annotated Tip Prefer to use ...")."""
    blocks = (
        Block("paragraph", "Add a CLI parameter:"),
        Block("heading", "Python 3.7+"),
        Block("code", "def main(name: str): ..."),
        Block("heading", "Python 3.7+ non-Annotated"),
        Block("admonition", "Prefer to use the Annotated version if possible.", marker="Tip"),
        Block("paragraph", "Then run it."),
        Block("admonition", "It is.", marker="Why?"),
        Block("paragraph", "Done."),
    )
    section = RecordSection.of("p", page="p", path="/p/#p", headings=("P",), blocks=blocks)
    assert section.text.split("\n") == [
        "Add a CLI parameter:", "Python 3.7+", "def main(name: str): ...", "Python 3.7+ non-Annotated",
        "Tip: Prefer to use the Annotated version if possible.", "Then run it.", "Why? It is.", "Done.",
    ]


def test_a_section_written_before_blocks_reads_with_its_text_alone() -> None:
    old = {"id": "a", "page": "p", "title": "A", "text": "Old text.", "path": "/p/#a"}
    section = decode(RecordSection, old, where="record[0]")
    assert section.blocks == () and section.headings == () and section.shown() == "Old text."


def test_blocks_go_through_json_and_back_unchanged() -> None:
    section = RecordSection.of("x", page="p", path="/p/", headings=("P",), blocks=BLOCKS)
    assert decode(RecordSection, plain(section), where="record[0]") == section
