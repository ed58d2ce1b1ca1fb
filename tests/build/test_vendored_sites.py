"""The vendored documentation sites the search sets ask (PDM's, mkdocstrings's): each builds `--strict` with no
problem, and every section its questions want is a section of the record it builds, so that
`python -m tests.evals.retrieval` measures what the questions' writers read."""

from __future__ import annotations

import json

import pytest

from tests.evals.retrieval import HERE
from tests.sitebuilds import SiteBuilds

SETS = {"pdm": "retrieval-pdm.json", "mkdocstrings": "retrieval-mkdocstrings.json"}


@pytest.mark.parametrize("folder", list(SETS))
def test_the_site_builds_strict_and_its_questions_name_sections_of_its_record(folder: str, site_builds: SiteBuilds) -> None:
    built = site_builds(folder)
    summary = next(line for line in built.log.splitlines() if "record sections" in line)
    assert "0 problems" in summary
    record = {section["id"] for section in json.loads(built.bundle.read_text(encoding="utf-8"))["record"]}
    questions = json.loads((HERE / SETS[folder]).read_text(encoding="utf-8"))
    assert len(questions) >= 25
    for q in questions:
        assert q["sections"] and set(q["sections"]) <= record, q["question"]
