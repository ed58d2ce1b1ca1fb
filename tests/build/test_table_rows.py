"""A table's row kept as a row: each `row` block carries its own cells and its table's header cells (`Block.cells`,
`Block.header`), read back strictly, beside the flat line every reader has read, unchanged. Read from a real
development page's table: docker-mailserver's ports (`config/security/understanding-the-ports.md`), built as the
held-out sites' tests build it (`site_builds`, one build a run)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from docent.schema import Block, BundleError, decode
from tests.sitebuilds import SiteBuilds

PORTS = "overview-of-email-ports"
HEADER = ["Protocol", "Explicit TLS1", "Implicit TLS", "Purpose", "Enabled by Default"]  # the "1" a footnote's <sup>
ROWS = [
    ("ESMTP: Explicit TLS1 25; Implicit TLS N/A; Purpose Transfer2; Enabled by Default Yes",
     ["ESMTP", "25", "N/A", "Transfer2", "Yes"]),
    ("ESMTP: Explicit TLS1 587; Implicit TLS 4653; Purpose Submission; Enabled by Default Yes",
     ["ESMTP", "587", "4653", "Submission", "Yes"]),
    ("POP3: Explicit TLS1 110; Implicit TLS 995; Purpose Retrieval; Enabled by Default No",
     ["POP3", "110", "995", "Retrieval", "No"]),
    ("IMAP4: Explicit TLS1 143; Implicit TLS 993; Purpose Retrieval; Enabled by Default Yes",
     ["IMAP4", "143", "993", "Retrieval", "Yes"]),
]


@pytest.fixture(scope="module")
def record(site_builds: SiteBuilds) -> dict[str, dict[str, Any]]:
    bundle = json.loads(site_builds("docker-mailserver").bundle.read_text(encoding="utf-8"))
    return {section["id"]: section for section in bundle["record"]}


def test_a_row_keeps_its_cells_and_its_tables_header_beside_its_line(record: dict[str, dict[str, Any]]) -> None:
    rows = [block for block in record[PORTS]["blocks"] if block["kind"] == "row"]
    assert [(row["text"], row["cells"]) for row in rows] == ROWS
    assert all(row["header"] == HEADER for row in rows)
    # the flat text every reader reads is the rows' lines as before
    assert "\n".join(line for line, _ in ROWS) in record[PORTS]["text"]


def test_no_other_block_has_cells_or_a_header(record: dict[str, dict[str, Any]]) -> None:
    blocks = [block for section in record.values() for block in section["blocks"]]
    assert {b["kind"] for b in blocks if "cells" in b or "header" in b} == {"row"}
    assert all("cells" in b for b in blocks if b["kind"] == "row")


def test_the_rows_read_back_as_blocks_and_a_misplaced_cell_is_refused(record: dict[str, dict[str, Any]]) -> None:
    row = next(block for block in record[PORTS]["blocks"] if block["kind"] == "row")
    read = decode(Block, row, where="record[0].blocks[0]")
    assert read.cells == tuple(ROWS[0][1]) and read.header == tuple(HEADER)
    note = next(block for block in record[PORTS]["blocks"] if block["kind"] == "item")  # the table's footnotes
    with pytest.raises(BundleError, match="kind .item. has no cells"):
        decode(Block, {**note, "cells": ["ESMTP"]}, where="record[0].blocks[4]")
    with pytest.raises(BundleError, match="has its row's cells"):
        decode(Block, {key: value for key, value in row.items() if key != "cells"}, where="record[0].blocks[0]")
    with pytest.raises(BundleError, match="expected `str`"):
        decode(Block, {**row, "cells": ["ESMTP", 25]}, where="record[0].blocks[0]")
