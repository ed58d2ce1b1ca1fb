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
        "- one\n2. two\nNote Close the file.\nprint('```')"
    )


def test_the_prompt_shows_code_fenced_with_its_language_and_a_fence_longer_than_its_backticks() -> None:
    shown = RecordSection.of("files", page="q", path="/q/#files", headings=("Q", "Files"), blocks=BLOCKS).shown()
    assert "a multipart body:\n```pycon\n>>> files = {'upload-file'" in shown
    assert shown.endswith("Note Close the file.\n````python\nprint('```')\n````")


def test_a_section_written_before_blocks_reads_with_its_text_alone() -> None:
    old = {"id": "a", "page": "p", "title": "A", "text": "Old text.", "path": "/p/#a"}
    section = decode(RecordSection, old, where="record[0]")
    assert section.blocks == () and section.headings == () and section.shown() == "Old text."


def test_blocks_go_through_json_and_back_unchanged() -> None:
    section = RecordSection.of("x", page="p", path="/p/", headings=("P",), blocks=BLOCKS)
    assert decode(RecordSection, plain(section), where="record[0]") == section
