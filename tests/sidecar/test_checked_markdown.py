"""The model check on Markdown answers replayed through the real app (tests/evals/checked.py, `heldout N --markdown
--checked FILE [--collect OUT]`): the first pass collects the checks no verdict is recorded for as a judge's items,
the judge's rows made a verdicts file (check_probe), the second pass holds what the file says is unsupported."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from docent.sidecar.model.verdicts import VerdictsError, key
from docent.sidecar.operator.corpora import Figures, replay_answers
from tests.evals import check_probe, checked
from tests.evals.heldout import CORPORA, EXAMPLE_BUNDLE

ROWS = [
    *json.loads((CORPORA / "markdown-answers-round5-holdout.json").read_text(encoding="utf-8"))[:3],
    json.loads((CORPORA / "markdown-answers-round6-holdout.json").read_text(encoding="utf-8"))[6],  # one gate hold
]
ANSWERS = [
    {"question": row["question"], "screen_page": row["screen_page"], "calls": [[{"type": "text", "text": row["answer"]}]]}
    for row in ROWS
]


def replay(check: str | None) -> Figures:
    figures = Figures()
    asyncio.run(replay_answers(ANSWERS, EXAMPLE_BUNDLE, figures, check=check))
    return figures


def adds_up(said: checked.Markdown) -> None:
    """Every sentence of the checked replay is held by the gate, by the check, unchecked, or shown: once each. A table's
    header is no sentence of its own: it goes out only with a row shown, so one whose rows the check holds is not sent."""
    got = said.figures("x")
    parts = ("held_gate", "held_unsupported", "held_unchecked", "shown")
    assert sum(got[f"checked_x_{p}"] for p in parts) == got["checked_x_sentences"]
    headless = got["checked_x_sentences"] - said.both.realistic_headers
    assert headless == got["markdown_x_sentences"] - said.alone.realistic_headers
    assert got["checked_x_held_unsupported"] + got["checked_x_held_unchecked"] <= got["checked_x_asked"]


@pytest.fixture(scope="module")
def first(tmp_path_factory: pytest.TempPathFactory) -> tuple[checked.Markdown, Path]:
    """The first pass: no verdicts file, the checks collected."""
    out = tmp_path_factory.mktemp("out")
    said = checked.markdown(replay, out / "missing.json")
    checked.collect(out, said.asked, out / "missing.json")
    return said, out


def test_the_first_pass_collects_every_check_once_and_holds_them_unchecked(first: tuple[checked.Markdown, Path]) -> None:
    said, out = first
    items = json.loads((out / "items.json").read_text(encoding="utf-8"))
    asked = list(dict.fromkeys(key(a.sentence) for a in said.asked))
    assert len(asked) >= 3
    assert [key(item["sentence"]) for item in items] == asked
    assert [item["n"] for item in items] == list(range(len(items)))
    assert all(item["sections"] and all("\n" in text for text in item["sections"].values()) for item in items)
    assert (out / "brief.md").read_text(encoding="utf-8") == check_probe.BRIEF
    got = said.figures("x")
    assert got["checked_x_held_unchecked"] == got["checked_x_asked"] == got["checked_x_unrecorded"] == len(said.asked)
    assert got["checked_x_held_unsupported"] == 0
    assert len(said.alone.realistic_holds) == 1  # the gate alone holds one sentence: counted the gate's when checked,
    assert got["checked_x_held_gate"] <= 1  # or, were the gate to refer it to the check, the check's
    adds_up(said)


def test_one_sentence_judged_unsupported_is_held_and_no_other(
    first: tuple[checked.Markdown, Path], tmp_path: Path,
) -> None:
    said, out = first
    items = json.loads((out / "items.json").read_text(encoding="utf-8"))
    rows = [{"n": item["n"], "verdict": "unsupported" if item["n"] == 1 else "supported"} for item in items]
    verdicts = tmp_path / "verdicts.json"
    verdicts.write_text(json.dumps(check_probe.verdicts(items, rows)), encoding="utf-8")
    second = checked.markdown(replay, verdicts)
    got = second.figures("x")
    assert (got["checked_x_held_unchecked"], got["checked_x_unrecorded"]) == (0, 0)
    assert got["checked_x_held_unsupported"] == sum(key(a.sentence) == key(items[1]["sentence"]) for a in said.asked) >= 1
    shown = {key(text) for text, _spans in second.both.realistic_shown}
    alone = {key(text) for text, _spans in second.alone.realistic_shown}
    assert alone - shown == {key(items[1]["sentence"])}
    adds_up(second)
    # The second pass collects nothing: every check it asked has its verdict.
    assert checked.collect(tmp_path / "again", second.asked, verdicts) == 0
    assert json.loads((tmp_path / "again" / "items.json").read_text(encoding="utf-8")) == []


def test_collect_writes_exactly_the_checks_the_file_has_no_verdict_for(
    first: tuple[checked.Markdown, Path], tmp_path: Path,
) -> None:
    said, out = first
    items = json.loads((out / "items.json").read_text(encoding="utf-8"))
    rows = [{"n": item["n"], "verdict": "supported"} for item in items if item["n"] != 2]
    verdicts = tmp_path / "verdicts.json"
    verdicts.write_text(json.dumps(check_probe.verdicts(items, rows)), encoding="utf-8")
    assert checked.collect(tmp_path / "out", said.asked, verdicts) == 1
    left = json.loads((tmp_path / "out" / "items.json").read_text(encoding="utf-8"))
    assert [(item["n"], item["sentence"], item["sections"]) for item in left] == [
        (0, items[2]["sentence"], items[2]["sections"])
    ]
    assert checked.collect(tmp_path / "out", said.asked, verdicts) == 0  # collected twice, kept once


def test_a_verdicts_file_that_is_not_one_is_an_error_and_an_empty_one_none(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('[{"sentence": "A."}]', encoding="utf-8")
    with pytest.raises(VerdictsError, match="expected"):
        checked.recorded(bad)
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(VerdictsError, match="not JSON"):
        checked.recorded(bad)
    empty = tmp_path / "empty.json"
    empty.write_text("", encoding="utf-8")
    assert checked.recorded(empty) == {} == checked.recorded(tmp_path / "missing.json")
