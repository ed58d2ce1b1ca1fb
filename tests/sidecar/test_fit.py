"""The fit check: a bundle's prompt and a whole conversation against the model's context, at start and in status."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from docent.cli import main
from docent.sidecar.answer.bundle import Bundle
from docent.sidecar.cli import record_report
from docent.sidecar.fit import QUESTIONS, conversation_tokens, misfit, prompt_tokens, table_model
from docent.sidecar.model.models import spec_for
from docent.sidecar.settings import Settings
from tests.sidecar.appkit import client, make_app

EVALS = Path(__file__).resolve().parents[1] / "evals"
WHOLE = Bundle.load(EVALS / "bundle.json")
SEARCHED = Bundle.load(EVALS / "bundle-search.json")


def _sized(bundle: Bundle, tokens: int) -> Bundle:
    return replace(bundle, mode=replace(bundle.mode, prompt_tokens=tokens))


def test_the_example_fits_every_model_in_the_table_either_way() -> None:
    for model in ("claude-haiku-5-5", "claude-sonnet-5-5", "claude-haiku-4-5"):
        assert misfit(WHOLE, spec_for(model)) is None
        assert misfit(SEARCHED, spec_for(model)) is None


def test_a_whole_record_too_large_for_the_model_says_to_search_it() -> None:
    spec = spec_for("claude-haiku-4-5")
    said = misfit(_sized(WHOLE, spec.context), spec)  # type: ignore[arg-type]
    assert said is not None and "claude-haiku-4-5's context is 200000" in said
    assert "`record: auto` (or `record: search`)" in said
    room = spec.context - conversation_tokens(WHOLE)  # type: ignore[operator]
    assert misfit(_sized(WHOLE, room), spec) is None and misfit(_sized(WHOLE, room + 1), spec) is not None


def test_search_mode_leaves_room_for_twelve_questions_of_excerpts_and_says_to_choose_a_larger_model() -> None:
    assert conversation_tokens(SEARCHED) > conversation_tokens(WHOLE) >= QUESTIONS * 1_000
    said = misfit(_sized(SEARCHED, 190_000), spec_for("claude-haiku-4-5"))
    assert said is not None and "larger context" in said and "record: auto" not in said


def test_models_outside_the_table_have_no_window_to_check() -> None:
    assert misfit(_sized(WHOLE, 10**9), spec_for("offline")) is None
    assert table_model("offline") is None and table_model("replay:/x.json") is None
    assert table_model("anthropic:claude-haiku-4-5") == spec_for("claude-haiku-4-5")
    assert table_model("replay:/x.json#claude-haiku-5-5") == spec_for("claude-haiku-5-5")


def test_the_prompts_size_is_the_builds_measure() -> None:
    assert prompt_tokens(WHOLE) == WHOLE.mode.prompt_tokens > prompt_tokens(SEARCHED)
    before = Bundle.from_json({key: value for key, value in WHOLE.raw.items() if key != "mode"})
    assert prompt_tokens(before) > 0 and not before.searched  # a bundle from before: estimated again


@pytest.mark.usefixtures("logging_kept")  # serve sets logging up for the process
def test_serve_refuses_to_start_with_a_bundle_its_model_cannot_fit_and_says_the_fix(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads((EVALS / "bundle.json").read_text(encoding="utf-8"))
    data["mode"]["prompt_tokens"] = 300_000
    path = tmp_path / "docent-bundle.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test")
    monkeypatch.setenv("DOCENT_STATE_DIR", str(tmp_path / "state"))
    assert main(["serve", "--port", "0", "--bundle", str(path), "--model", "anthropic:claude-haiku-4-5"]) == 2
    err = capsys.readouterr().err
    assert "Docent cannot start" in err and "claude-haiku-4-5's context is 200000" in err


def test_serve_says_how_the_record_is_read() -> None:
    said, problem = record_report(Settings(bundle=EVALS / "bundle-search.json", model="anthropic:claude-haiku-5-5"))
    assert problem is None
    assert said == f"record searched for each question, prompt ~{prompt_tokens(SEARCHED)} tokens, " \
                   "claude-haiku-5-5's context 1000000"
    assert record_report(Settings(bundle=Path("/nonexistent/b.json"))) == ("", None)


@pytest.mark.anyio
async def test_status_reports_the_record_mode_and_the_prompts_size(tmp_path: Path) -> None:
    async with client(make_app(tmp_path, bundle=EVALS / "bundle-search.json")) as http:
        status = (await http.get("/api/guide")).json()
    assert status["record"] == {"mode": "search", "prompt_tokens": prompt_tokens(SEARCHED)}
