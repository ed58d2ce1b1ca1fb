"""Round 5's second documentation site (Uvicorn's, vendored): it builds `--strict`, and every section its held-out sets
cite is a section of the record it builds, so that `python -m tests.evals.round5` measures what the writers read."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.evals import docsite, round5

CITED = re.compile(r"\[\[([^\]]+)\]\]")


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> set[str]:
    built = docsite.build_copy(round5.UVICORN, tmp_path_factory.mktemp("uvicorn"))
    summary = next(line for line in built.log.splitlines() if "record sections" in line)
    assert "0 problems" in summary
    return {section["id"] for section in json.loads(built.bundle.read_text(encoding="utf-8"))["record"]}


def _load(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def test_the_held_out_sentences_cite_sections_of_the_record(record: set[str]) -> None:
    rows = [*_load(round5.CORPORA / "round5-uvicorn-falsehoods.json"), *_load(round5.CORPORA / "round5-uvicorn-faithful.json")]
    assert len(rows) == 160 and sum(not row["truth"] for row in rows) == 80
    for row in rows:
        cited = {part.strip() for ids in CITED.findall(row["sentence"]) for part in ids.split(",")}
        assert set(row["sections"]) == cited and cited <= record, row["sentence"]


def test_the_held_out_answers_and_questions_name_sections_of_the_record(record: set[str]) -> None:
    answers = _load(round5.CORPORA / round5.MARKDOWN["uvicorn"])
    cited = {part.strip() for a in answers for ids in CITED.findall(a["answer"]) for part in ids.split(",")}
    assert cited - {"none"} <= record and len(answers) == 10
    questions = _load(round5.QUESTIONS)["questions"]
    assert {s for q in questions for s in q["sections"]} <= record
    assert all(bool(q["sections"]) == q["answerable"] for q in questions)
