"""`docent eval` on the replay scripts: every case passes, a miss fails the run, several models give a bake-off."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from docent.sidecar.operator import evals

CASES = Path(__file__).resolve().parents[1] / "evals"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = evals.main(["--cases", str(CASES), "--bundle", str(CASES / "bundle.json"), *argv])
    return code, capsys.readouterr().out


def test_every_eval_passes_on_the_replay_scripts(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys)
    assert code == 0, out
    assert "All evals passed." in out
    for name in ("attack: claim Rust", "a part on another page", "a fifth action", '"sending" an offer', "pay"):
        assert name in out
    assert out.count(" yes\n") + out.count(" yes") >= 15
    # the offline model, measured on the visitor set, through the same app
    assert "offline_hit_rate: " in out and out.count("\nHIT ") + out.count("\nMISS") >= 48
    # on each set there is, and on all of them together
    sets = [name for name in evals.VISITORS if (CASES / name).is_file()]
    for name in sets:
        assert f"visitor questions in {name})" in out
    assert ("all sets together)" in out) == (len(sets) > 1)


def test_every_eval_passes_with_the_record_searched(capsys: pytest.CaptureFixture[str]) -> None:
    """The same cases and scripts over the same site built with `record: search`: every section a scripted answer
    cites must have come with the question as an excerpt, or the gate drops the citation and the case misses."""
    code, out = run(capsys, "--bundle", str(CASES / "bundle-search.json"))
    assert code == 0, out
    assert "All evals passed." in out and "bundle-search.json" in out


def test_a_miss_fails_the_run(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    shutil.copytree(CASES / "replay", tmp_path / "replay")
    (tmp_path / "cases").mkdir()
    data = json.loads((CASES / "cases" / "record.json").read_text(encoding="utf-8"))
    data["cases"] = [c for c in data["cases"] if c["name"] == "attack: claim Rust"]
    data["cases"][0]["checks"] = [{"sentence": "Rust"}]  # demands what the gate holds back
    (tmp_path / "cases" / "record.json").write_text(json.dumps(data), encoding="utf-8")
    code = evals.main(["--cases", str(tmp_path), "--bundle", str(CASES / "bundle.json")])
    out = capsys.readouterr().out
    assert code == 1
    assert "NO" in out and "missed: no sentence matching /Rust/" in out and "1 eval(s) missed." in out


def test_several_models_give_a_bakeoff(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "--model", "replay", "--model", f"replay:{CASES / 'replay' / 'record.json'}")
    assert "model                        passed   cost_usd   first_word_ms (mean)" in out
    lines = out.splitlines()
    bake = lines[lines.index(next(line for line in lines if line.startswith("model "))) + 1 :]
    assert bake[0].startswith("replay ") and "15/15" in bake[0]
    # The record script has no guide replies: the guide's scripted checks miss on it, and the run fails.
    assert code == 1 and "/15" in bake[1]


def test_what_came_out_reads_in_a_few_words() -> None:
    events = [("sentence", {}), ("sentence", {}), ("action", {"tool": "show_page", "id": "lab"}), ("held", {"reason": "first_person"}),
              ("done", {"waiting": True})]
    assert evals.summary(events) == "sentence×2, action show_page:lab, held first_person, waits"


@pytest.mark.slow
def test_the_snapshot_the_tests_read_is_what_the_build_writes() -> None:
    from tests.attack.site import SNAPSHOT, example_bundle

    built = json.loads(example_bundle().read_text(encoding="utf-8"))
    kept = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
    assert kept["hash"] == built["hash"], "the example changed: run `python -m tests.evals.example`"
    assert kept == built


@pytest.mark.slow
def test_the_search_snapshot_is_what_docent_manifest_writes_with_the_record_searched() -> None:
    from tests.attack.site import SEARCH_SNAPSHOT, example_search_bundle

    built = json.loads(example_search_bundle().read_text(encoding="utf-8"))
    kept = json.loads(SEARCH_SNAPSHOT.read_text(encoding="utf-8"))
    assert kept == built, "the example changed: run `python -m tests.evals.example`"
    assert kept["mode"]["record"] == "search"
    assert not any(block["text"].startswith("# The record") for block in kept["system"])


@pytest.mark.anyio
async def test_the_guide_cases_fail_a_model_that_never_acts() -> None:
    """A model that only ever talks (a local model whose server drops the tools, say) must not score them all."""
    from docent.sidecar.model.handler import HandlerModel
    from docent.sidecar.model.port import Stop, TextDelta
    from docent.sidecar.operator.cases import load_cases

    def talker(_case: object) -> HandlerModel:
        return HandlerModel(lambda request: [TextDelta("She led a team of five. [[roles-alderway-leading]]"), Stop("end_turn")])

    cases = [c for c in load_cases(CASES) if c.script is not None and c.script.name == "guide.json"]
    outcomes = await evals.run_cases(cases, model_name="talker", bundle_path=CASES / "bundle.json", make=talker)
    missed = {o.case.name for o in outcomes if not o.passed}
    assert missed == {"a part on another page", "a fifth action", "a tour", '"sending" an offer'}
