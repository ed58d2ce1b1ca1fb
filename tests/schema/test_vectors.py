"""The bundle's `vectors`: written as base64 in the file, read back byte for byte, refused when they cannot be a row
for each record section by the model this version reads; absent, the file is the bytes it was before the key."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest

from docent.manifest_build.bundle import canonical
from docent.schema import BundleError, BundleFile, Vectors, decode, plain
from docent.schema.vectors import DIMS, ENCODER, ENCODER_DIMS, MODEL, section_text

EVALS = Path(__file__).resolve().parents[1] / "evals"


def test_vectors_go_into_the_file_as_base64_and_come_back_the_same_bytes() -> None:
    rows = bytes(range(256)) * 2
    written = plain(Vectors(MODEL, DIMS, rows))
    assert written["rows"] == base64.b64encode(rows).decode()
    assert decode(Vectors, written, where="vectors") == Vectors(MODEL, DIMS, rows)


def test_a_bundle_without_vectors_has_no_key_and_one_with_them_reads_back() -> None:
    text = (EVALS / "bundle-search.json").read_text(encoding="utf-8")
    read = decode(BundleFile, json.loads(text), where="")
    assert "vectors" not in plain(read) and canonical(plain(read)) + "\n" == text
    rows = bytes(len(read.record) * DIMS)
    data = {**json.loads(text), "vectors": plain(Vectors(MODEL, DIMS, rows))}
    again = decode(BundleFile, data, where="")
    assert isinstance(again.vectors, Vectors) and again.vectors.rows == rows
    assert again.vectors.checked(len(again.record)) is again.vectors
    assert list(plain(again))[-2:] == ["vectors", "hash"]  # the hash stays the file's last key, as the build fills it


def test_rows_that_are_not_a_row_a_section_by_this_model_are_refused_with_how_to_fix() -> None:
    with pytest.raises(BundleError, match=r"hold 512 bytes, not 256 for each of its 3 record sections: rebuild"):
        Vectors(MODEL, DIMS, bytes(512)).checked(3)
    with pytest.raises(BundleError, match=r"not wordllama-0.4.0.post1/l2_supercat_256's \(256\).*rebuild"):
        Vectors("wordllama-0.5/l2_supercat_64", 64, bytes(64)).checked(1)
    with pytest.raises(BundleError, match=r"vectors.rows: invalid base64"):
        decode(Vectors, {"model": MODEL, "dims": DIMS, "rows": "not base64!"}, where="vectors")


def test_a_sections_vector_reads_its_trail_and_its_text_to_the_searchs_read() -> None:
    said = section_text("HTTPX › Advanced › Timeouts", "x" * 20_000)
    assert said.startswith("HTTPX › Advanced › Timeouts\nxxx") and len(said) == len("HTTPX › Advanced › Timeouts\n") + 16_000


def test_the_encoders_rows_are_read_at_its_own_width_and_said_to_be_the_encoders() -> None:
    rows = Vectors(ENCODER, ENCODER_DIMS, bytes(2 * ENCODER_DIMS))
    assert rows.checked(2) is rows and rows.encoded and not Vectors(MODEL, DIMS, bytes(DIMS)).encoded
    with pytest.raises(BundleError, match=r"all-MiniLM-L6-v2-onnx-int8's \(256 dimensions\), not .* or "
                                          r"all-MiniLM-L6-v2-onnx-int8's \(384\).*rebuild"):
        Vectors(ENCODER, DIMS, bytes(2 * DIMS)).checked(2)
