"""The record whole or searched: the build measures its prompt, picks a mode, says so, and fails what cannot fit."""

from __future__ import annotations

import logging

import pytest
from mkdocs.exceptions import Abort

from docent.manifest_build.bundle import bundle
from docent.manifest_build.cli import main as manifest_cli
from docent.manifest_build.manifest import build
from docent.manifest_build.mode import LARGEST_CONTEXT_TOKENS, Mode, choose
from docent.manifest_build.options import ConfigError, record_options, site_config
from docent.manifest_build.page import read_page
from docent.sidecar.model.models import MODELS

from .conftest import mkdocs_build, read_json, write_site


def _manifest(chars: int = 200):
    page = read_page(f'<h2 id="big">Big</h2><p>{"word " * (chars // 5)}</p>', path="/big/", title="Big", record=True)
    manifest, problems = build([page], site_config(site_name="S", owner="Jo"))
    assert problems == []
    return manifest


def test_auto_keeps_a_record_within_the_budget_whole_and_searches_one_over_it() -> None:
    manifest = _manifest(chars=20_000)
    whole = bundle(manifest)
    assert whole.mode.record == "whole" and "[[big]] Big › Big (/big/#big)" in whole.system[1]["text"]
    assert whole.mode.prompt_tokens == whole.mode.whole_tokens > 5_000  # the record's 4,000 words, rules, tools
    at = bundle(manifest, budget_tokens=whole.mode.whole_tokens)
    over = bundle(manifest, budget_tokens=whole.mode.whole_tokens - 1)
    assert at.mode.record == "whole"
    assert over.mode.record == "search" and over.mode.prompt_tokens < whole.mode.whole_tokens - 4_000
    assert not any("[[big]]" in block["text"] for block in over.system)
    assert "## The record, in excerpts" in over.system[0]["text"]
    assert over.record == whole.record  # the record is in the bundle either way: the sidecar searches it


def test_the_choice_is_the_owners_when_forced() -> None:
    assert choose("whole", budget_tokens=1, whole_tokens=10**9) == "whole"
    assert choose("search", budget_tokens=10**9, whole_tokens=1) == "search"
    assert choose("auto", budget_tokens=100, whole_tokens=100) == "whole"
    assert choose("auto", budget_tokens=100, whole_tokens=101) == "search"


def test_a_forced_whole_larger_than_every_models_context_is_a_problem_that_says_the_fix() -> None:
    fits = Mode("whole", "whole", 50_000, LARGEST_CONTEXT_TOKENS, LARGEST_CONTEXT_TOKENS)
    too_big = Mode("whole", "whole", 50_000, LARGEST_CONTEXT_TOKENS + 1, LARGEST_CONTEXT_TOKENS + 1)
    assert fits.problems() == []
    [problem] = too_big.problems()
    assert "more than the largest model's context" in str(problem) and "`record: auto`" in str(problem)
    assert Mode("search", "search", 50_000, 10, LARGEST_CONTEXT_TOKENS * 2).problems() == []


def test_the_largest_context_the_build_knows_is_the_model_tables() -> None:
    assert LARGEST_CONTEXT_TOKENS == max(spec.context or 0 for spec in MODELS.values())


@pytest.mark.parametrize(("record", "budget", "says"), [
    ("sometimes", None, "`record` must be auto, whole or search"),
    (None, 10, "`prompt_budget_tokens` must be a whole number of tokens, 1000 or more"),
    (None, "lots", "`prompt_budget_tokens` must be"),
    (None, True, "`prompt_budget_tokens` must be"),
])
def test_record_options_of_the_wrong_shape_say_what_they_should_be(record, budget, says) -> None:
    with pytest.raises(ConfigError, match=says.replace("`", ".")):
        record_options(record, budget)
    assert record_options(None, None) == ("auto", 50_000)


def test_the_plugin_searches_when_told_and_the_summary_says_so(tmp_path, caplog) -> None:
    with caplog.at_level(logging.INFO, logger="mkdocs"):
        mkdocs_build(write_site(tmp_path, docent={"record": "search"}))
    built = read_json(tmp_path / "docent-bundle.json")
    assert built["mode"]["record"] == "search" and built["mode"]["asked"] == "search"
    assert not any(block["text"].startswith("# The record") for block in built["system"])
    line = next(r.getMessage() for r in caplog.records if r.name.startswith("mkdocs.plugins.docent"))
    assert "record searched (as set); 0 problems" in line


def test_the_plugin_fails_a_bad_record_option_naming_it(tmp_path, caplog) -> None:
    with pytest.raises(Abort):
        mkdocs_build(write_site(tmp_path, docent={"record": "everything"}))
    assert any("record" in r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR)


def test_docent_manifest_takes_the_mode_from_the_config_or_its_flags(tmp_path, capsys) -> None:
    config = write_site(tmp_path, docent={"prompt_budget_tokens": 1_000})
    mkdocs_build(config)
    assert read_json(tmp_path / "docent-bundle.json")["mode"]["record"] == "search"  # over a 1,000-token budget
    out = tmp_path / "whole.json"
    assert manifest_cli([str(tmp_path / "site"), "--config", str(config), "--bundle", str(out), "--record", "whole"]) == 0
    assert read_json(out)["mode"] == {**read_json(out)["mode"], "record": "whole", "asked": "whole", "budget_tokens": 1_000}
    assert "record whole (as set)" in capsys.readouterr().out
