"""`encoder: true`: the build stores each record section's row by the encoder (all-MiniLM-L6-v2) in the bundle, keeps
the rows in the site's cache so a rebuild embeds only what changed (and drops what no section has any more), `docent
manifest` agrees byte for byte, and both options together stop the build. What it shares with `rerank: true` (no rows
for a record sent whole, a clear stop without the extra): test_vector_options.py."""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Sequence
from pathlib import Path

import pytest
from mkdocs.exceptions import Abort

from docent.manifest_build import cli
from docent.manifest_build.vector_cache import PLACE, VectorCache
from docent.manifest_build.vectors import embedded as embedded_note
from docent.schema import Vectors, decode
from docent.schema.encoder import Encoder
from docent.schema.vectors import ENCODER, ENCODER_DIMS, section_text
from docent.sidecar.answer.bundle import Bundle

from .conftest import CASE, HOME, LAB, mkdocs_build, read_json, write_site

SEARCHED = {"encoder": True, "record": "search"}


def _rows(vectors: Vectors) -> list[bytes]:
    return [vectors.rows[i:i + vectors.dims] for i in range(0, len(vectors.rows), vectors.dims)]


@pytest.fixture
def embedded(monkeypatch) -> list[str]:
    """The texts the model embeds, as they go to it."""
    texts: list[str] = []
    rows = Encoder.rows

    def counted(self: Encoder, batch: list[str]) -> list[bytes]:
        texts.extend(batch)
        return rows(self, batch)

    monkeypatch.setattr(Encoder, "rows", counted)
    return texts


def _cached(path: Path) -> int:
    with sqlite3.connect(path) as db:
        return int(db.execute("SELECT count(*) FROM row").fetchone()[0])


def test_a_sites_cache_keeps_only_its_last_records_rows_and_a_shared_one_keeps_every_row(tmp_path):
    def make(texts: Sequence[str]) -> list[bytes]:
        return [text.encode() for text in texts]

    site, shared = VectorCache.beside(tmp_path / "mkdocs.yml"), VectorCache(tmp_path / "shared.sqlite")
    for cache in (site, shared):
        cache.rows(ENCODER, ["one", "two", "three"], make)
        assert cache.rows(ENCODER, ["two", "four"], make) == [b"two", b"four"]
    assert (site.dropped, _cached(tmp_path / PLACE)) == (2, 2)  # "one" and "three": no section has them now
    assert (shared.dropped, _cached(shared.path)) == (0, 4)  # the evals' cache, many sites': kept
    assert embedded_note(site).endswith("; 2 rows no section has any more dropped")


def test_on_the_bundle_holds_the_models_row_for_each_section_that_the_sidecar_reads(tmp_path, embedded, caplog):
    with caplog.at_level(logging.INFO, logger="mkdocs"):
        mkdocs_build(write_site(tmp_path, docent=SEARCHED))
    written = read_json(tmp_path / "docent-bundle.json")
    assert list(written)[-2:] == ["vectors", "hash"] and written["hash"] == written["manifest"]["hash"]
    vectors = decode(Vectors, written["vectors"], where="vectors")
    loaded = Bundle.load(tmp_path / "docent-bundle.json")
    record = list(loaded.record.values())
    assert (vectors.model, vectors.dims, len(vectors.rows)) == (ENCODER, ENCODER_DIMS, ENCODER_DIMS * len(record))
    texts = [section_text(s.trail, s.text) for s in record]
    assert sorted(embedded) == sorted(texts)  # each section embedded once, by its heading trail and text
    assert _rows(vectors) == Encoder.load().rows(texts)  # the model's rows, one a section, in the record's order
    assert all(max(abs(b - 256 if b > 127 else b) for b in row) == 127 for row in _rows(vectors))
    assert (tmp_path / PLACE).is_file()
    notes = [r.getMessage() for r in caplog.records]
    assert any(f"the encoder embedded {len(record)} record sections and took 0 unchanged" in n for n in notes), notes
    assert loaded.vectors == vectors and loaded.vectors.encoded


def test_a_rebuild_after_one_page_changed_embeds_only_that_pages_sections(tmp_path, embedded):
    config = write_site(tmp_path, docent=SEARCHED)
    mkdocs_build(config)
    unchanged = {s["id"] for s in read_json(tmp_path / "docent-bundle.json")["record"] if "Kafka" not in s["text"]}
    embedded.clear()
    changed = CASE.replace("Events go through Kafka.", "Events go through Kafka, partitioned by account.")
    write_site(tmp_path, pages={"index.md": HOME, "cases/payments.md": changed, "lab.md": LAB}, docent=SEARCHED)
    mkdocs_build(config)
    again = read_json(tmp_path / "docent-bundle.json")
    new = [s for s in Bundle.load(tmp_path / "docent-bundle.json").record.values() if s.id not in unchanged]
    assert [s.id for s in new] == ["acme-kafka"]
    assert embedded == [section_text(s.trail, s.text) for s in new]  # the rest read from the cache
    assert _cached(tmp_path / PLACE) == len(again["record"])  # the old text's row gone with it
    (tmp_path / PLACE).unlink()
    mkdocs_build(config)  # without the cache: every section again, and the same bundle
    assert len(embedded) == 1 + len(again["record"]) and read_json(tmp_path / "docent-bundle.json") == again


def test_docent_manifest_reads_the_configs_encoder_alike_and_no_encoder_leaves_the_rows_out(tmp_path):
    config = write_site(tmp_path, docent=SEARCHED)
    mkdocs_build(config)
    again = tmp_path / "cli.json"
    assert cli.main([str(tmp_path / "site"), "--config", str(config), "--bundle", str(again)]) == 0
    assert again.read_bytes() == (tmp_path / "docent-bundle.json").read_bytes()
    assert cli.main([str(tmp_path / "site"), "--config", str(config), "--bundle", str(again), "--no-encoder"]) == 0
    assert "vectors" not in read_json(again)



def test_the_rerank_and_the_encoder_together_stop_the_build_saying_to_set_one(tmp_path, caplog):
    with caplog.at_level(logging.ERROR, logger="mkdocs"), pytest.raises(Abort):
        mkdocs_build(write_site(tmp_path, docent={**SEARCHED, "rerank": True}))
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert any("`rerank` and `encoder` are both on" in e and "set one" in e for e in errors), errors
