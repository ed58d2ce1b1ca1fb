"""The offline model's sentences worth quoting never come from inside a code block."""

from __future__ import annotations

from docent.schema import Block, RecordSection
from docent.sidecar.offline.quotes import quotes


def test_sentences_are_split_in_prose_only_never_inside_code() -> None:
    blocks = (
        Block("paragraph", "Upload a file with a multipart body. Pass the files as a mapping of names to files."),
        Block("code", ">>> files = {'upload-file': open('report.xls', 'rb')}\n>>> r = httpx.post(url, files=files)"),
        Block("paragraph", "The response carries the echoed form fields."),
    )
    section = RecordSection.of("files", page="quickstart", path="/quickstart/#files", headings=("Q", "F"), blocks=blocks)
    assert quotes(section) == [
        "Upload a file with a multipart body.",
        "Pass the files as a mapping of names to files.",
        "The response carries the echoed form fields.",
    ]
