"""The model check's probe (tests/evals/check_probe.py): what the judge reads carries no label, and its verdicts
become the file the check is answered from, keyed by the sentence asked."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from docent.sidecar.answer.bundle import Bundle
from tests.evals import check_probe
from tests.evals.heldout import EXAMPLE_BUNDLE


@pytest.fixture(scope="module")
def bundle() -> Bundle:
    return Bundle.load(EXAMPLE_BUNDLE)


def test_the_judge_reads_no_label_and_the_key_names_each_item(
    bundle: Bundle, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    sid = next(iter(bundle.record))
    rows = [{"kind": "order", "truth": t, "sections": [sid], "sentence": f"{w} [[{sid}]]."}
            for t, w in ((False, "Wrong."), (True, "Right."))]
    for truth in ("falsehoods", "faithful"):
        chosen = [r for r in rows if r["truth"] == (truth == "faithful")]
        (tmp_path / f"round5-uvicorn-{truth}.json").write_text(json.dumps(chosen))
    monkeypatch.setattr(check_probe, "CORPORA", tmp_path)
    asked, key = check_probe.items({5: bundle})
    assert [sorted(item) for item in asked] == [["n", "sections", "sentence"]] * 2
    assert asked[0]["sections"][sid].startswith(bundle.record[sid].trail)
    assert {key[i]["truth"] for i in range(2)} == {False, True}
    assert all((key[i]["truth"] is True) == asked[i]["sentence"].startswith("Right") for i in range(2))


def test_a_sentence_citing_a_section_the_build_lacks_is_left_out(
    bundle: Bundle, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    row = {"kind": "unit", "truth": False, "sections": ["no-such-section"], "sentence": "X [[no-such-section]]."}
    (tmp_path / "round5-uvicorn-falsehoods.json").write_text(json.dumps([row]))
    (tmp_path / "round5-uvicorn-faithful.json").write_text("[]")
    monkeypatch.setattr(check_probe, "CORPORA", tmp_path)
    assert check_probe.items({5: bundle}) == ([], {})


def test_verdicts_are_keyed_by_the_sentence_asked() -> None:
    asked = [{"n": 0, "sentence": "A [[a]].", "sections": {}}, {"n": 1, "sentence": "B [[b]].", "sections": {}}]
    judged = [{"n": 1, "verdict": "unsupported", "point": "B is not said"}, {"n": 0, "verdict": "supported"}]
    assert check_probe.verdicts(asked, judged) == {"verdicts": [
        {"sentence": "B [[b]].", "supported": False, "point": "B is not said"},
        {"sentence": "A [[a]].", "supported": True, "point": ""},
    ]}
    with pytest.raises(ValueError, match="never asked"):
        check_probe.verdicts(asked, [{"n": 7, "verdict": "supported"}])
