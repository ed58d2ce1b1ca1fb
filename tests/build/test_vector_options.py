"""`rerank: true` and `encoder: true` alike: a record sent whole gets no rows, and without the option's extra a searched
build, or `docent manifest`, stops at once, saying what to install. What each option stores: test_rerank_option.py,
test_encoder_option.py."""

from __future__ import annotations

import logging

import pytest
from mkdocs.exceptions import Abort

from docent.manifest_build import cli
from docent.schema.vectors import ENCODER, MODEL

from .conftest import mkdocs_build, read_json, write_site

INSTALL = {option: f"pip install 'mkdocs-docent[{option}]'" for option in ("rerank", "encoder")}
MODELS = {"rerank": MODEL, "encoder": ENCODER}
NO_FILES = ("weights/none.safetensors", "tokenizers/none.json")
MISSING = [  # each option's extra made missing (or its model file another), and what the error says of it
    pytest.param("rerank", "docent.schema.embedding._FILES", NO_FILES, "need the `rerank` extra", id="rerank"),
    pytest.param("encoder", "docent.schema.encoder.PACKAGE", "no_such_model_package", "need the `encoder` extra",
                 id="encoder"),
    pytest.param("encoder", "docent.schema.encoder.SHA256", "0" * 64, "another file", id="encoder-another-file"),
]


@pytest.mark.parametrize("option", ["rerank", "encoder"])
def test_a_record_sent_whole_has_no_excerpts_to_order_and_no_rows(tmp_path, option):
    mkdocs_build(write_site(tmp_path, docent={option: True}))
    written = read_json(tmp_path / "docent-bundle.json")
    assert written["mode"]["record"] == "whole" and "vectors" not in written


@pytest.mark.parametrize(("option", "name", "value", "said"), MISSING)
def test_without_the_extra_a_searched_build_stops_before_any_page_saying_what_to_install(tmp_path, monkeypatch, caplog,
                                                                                        option, name, value, said):
    monkeypatch.setattr(name, value)
    with caplog.at_level(logging.ERROR, logger="mkdocs"), pytest.raises(Abort, match="BuildError"):
        mkdocs_build(write_site(tmp_path, docent={option: True, "record": "search"}))
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert any(f"docent `{option}: true`: the record's vectors ({MODELS[option]})" in e and said in e
               and INSTALL[option] in e for e in errors), errors
    assert not (tmp_path / "site" / "index.html").exists()
    mkdocs_build(write_site(tmp_path, docent={option: False}))  # off, the extra is not needed


@pytest.mark.parametrize(("option", "name", "value", "said"), MISSING[:2])
def test_docent_manifest_without_the_extra_says_what_to_install(tmp_path, monkeypatch, capsys, option, name, value,
                                                                said):
    config = write_site(tmp_path)
    mkdocs_build(config)
    monkeypatch.setattr(name, value)
    assert cli.main([str(tmp_path / "site"), "--config", str(config), "--bundle", str(tmp_path / "b.json"),
                     f"--{option}", "--record", "search"]) == 2
    assert INSTALL[option] in capsys.readouterr().err
