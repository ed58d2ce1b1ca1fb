"""`rerank: true`: the build stores each record section's vector in the bundle (and nothing when off), `docent
manifest` agrees byte for byte, and a record sent whole builds without the extra. What it shares with `encoder: true`
(no rows for a record sent whole, a clear stop without the extra): test_vector_options.py."""

from __future__ import annotations

import logging

import pytest
from mkdocs.exceptions import Abort

from docent.manifest_build import cli
from docent.schema import Vectors, decode
from docent.schema.vectors import DIMS, MODEL
from docent.sidecar.answer.bundle import Bundle

from .conftest import mkdocs_build, read_json, write_site


def test_off_by_default_the_bundle_has_no_vectors(tmp_path):
    mkdocs_build(write_site(tmp_path))
    assert "vectors" not in read_json(tmp_path / "docent-bundle.json")
    assert Bundle.load(tmp_path / "docent-bundle.json").vectors is None


def test_on_the_bundle_holds_a_row_a_section_that_the_sidecar_reads_and_reranks_with(tmp_path):
    mkdocs_build(write_site(tmp_path, docent={"rerank": True, "record": "search"}))
    written = read_json(tmp_path / "docent-bundle.json")
    assert list(written)[-2:] == ["vectors", "hash"] and written["hash"] == written["manifest"]["hash"]
    vectors = decode(Vectors, written["vectors"], where="vectors")
    assert (vectors.model, vectors.dims, len(vectors.rows)) == (MODEL, DIMS, DIMS * len(written["record"]))
    rows = [vectors.rows[i * DIMS:(i + 1) * DIMS] for i in range(len(written["record"]))]
    assert all(max(abs(b - 256 if b > 127 else b) for b in row) == 127 for row in rows)  # each scaled to its largest
    loaded = Bundle.load(tmp_path / "docent-bundle.json", embedder=lambda model: lambda text: [1.0] * DIMS)
    assert loaded.vectors == vectors and loaded.rerank is not None
    (tmp_path / "site" / "docent" / "manifest.json").unlink()
    config, again = tmp_path / "mkdocs.yml", tmp_path / "cli.json"
    assert cli.main([str(tmp_path / "site"), "--config", str(config), "--bundle", str(again)]) == 0
    assert again.read_bytes() == (tmp_path / "docent-bundle.json").read_bytes()  # the config's `rerank`, read alike
    assert cli.main([str(tmp_path / "site"), "--config", str(config), "--bundle", str(again), "--no-rerank"]) == 0
    assert "vectors" not in read_json(again)




def test_without_the_extra_a_record_sent_whole_builds_for_it_writes_no_vectors(tmp_path, monkeypatch, caplog):
    monkeypatch.setattr("docent.schema.embedding._FILES", ("weights/none.safetensors", "tokenizers/none.json"))
    mkdocs_build(write_site(tmp_path, docent={"rerank": True}))  # `record: auto`, and the small site fits: whole
    written = read_json(tmp_path / "docent-bundle.json")
    assert written["mode"]["record"] == "whole" and "vectors" not in written
    caplog.clear()
    with caplog.at_level(logging.ERROR, logger="mkdocs"), pytest.raises(Abort, match="BuildError"):
        mkdocs_build(write_site(tmp_path, docent={"rerank": True, "prompt_budget_tokens": 1000}))  # auto: searched
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert any("mkdocs.yml: docent `rerank: true`:" in e and "pip install 'mkdocs-docent[rerank]'" in e
               for e in errors), errors
