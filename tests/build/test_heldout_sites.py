"""Each round's held-out documentation site (Uvicorn's for round 5, MkDocs's for round 6, Django REST framework's for
round 7, uv's for round 8, Django Ninja's for round 9, Copier's for round 10, HTTPX's for round 11,
Python-Markdown's for round 12, Pi-hole's for round 13, docker-mailserver's for round 14, OpenFaaS's for round 15,
Commitizen's for round 16, ExternalDNS's for round 17, Typer's for round 18, NetBox's for round 19, Traefik's for
round 20, Material for MkDocs' for round 21, Textual's for round 22, ormar's for round 23, Instructor's for round
24, Argo CD's for round 25, SQLModel's for round 26, Molecule's for round 27, pipx's for round 28, Headscale's for
round 29, PyScript's for round 30, Schemathesis's for round 31, FastStream's for round 32, vendored): it builds `--strict`, and
every section its held-out sets cite is a section of the record it builds, so that `python -m tests.evals.heldout N`
measures what the writers read."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.evals.heldout import HERE, ROUNDS, Round
from tests.sitebuilds import SiteBuilds

CITED = re.compile(r"\[\[([^\]]+)\]\]")
# A fenced code block of a Markdown answer: its `[[...]]` is code (a TOML array of tables), not a citation.
FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,}).*?^[ \t]*\1[ \t]*$", re.M | re.S)
# A round's falsehoods, its faithful sentences and its Markdown answers on the documentation site, as written.
SIZES = {5: (80, 80, 10), 6: (48, 48, 10), 7: (48, 48, 10), 8: (48, 48, 10), 9: (48, 48, 10), 10: (48, 48, 10),
         11: (48, 48, 10), 12: (48, 48, 10), 13: (48, 48, 10), 14: (48, 48, 10),
         15: (48, 48, 10), 16: (48, 48, 10), 17: (48, 48, 10), 18: (48, 48, 10),
         19: (48, 48, 10), 20: (48, 48, 10), 21: (48, 48, 10), 22: (48, 48, 10), 23: (48, 48, 10), 24: (48, 48, 10),
         25: (48, 48, 10), 26: (48, 48, 10), 27: (48, 48, 10), 28: (48, 48, 10), 29: (48, 48, 10),
         30: (48, 48, 10), 31: (48, 48, 10), 32: (48, 48, 10)}


@pytest.fixture(scope="module", params=list(ROUNDS.values()), ids=[f"round{n}" for n in ROUNDS])
def built(request: pytest.FixtureRequest, site_builds: SiteBuilds) -> tuple[Round, set[str]]:
    held: Round = request.param
    site = site_builds(held.folder)
    summary = next(line for line in site.log.splitlines() if "record sections" in line)
    assert "0 problems" in summary
    return held, {section["id"] for section in json.loads(site.bundle.read_text(encoding="utf-8"))["record"]}


def _load(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def _cited(text: str) -> set[str]:
    return {part.strip() for ids in CITED.findall(text) for part in ids.split(",")}


def test_the_held_out_sentences_cite_sections_of_the_record(built: tuple[Round, set[str]]) -> None:
    held, record = built
    falsehoods = held.rows(f"round{held.number}-{held.site}-falsehoods.json")
    faithful = held.rows(f"round{held.number}-{held.site}-faithful.json")
    assert (len(falsehoods), len(faithful)) == SIZES[held.number][:2]
    assert not any(row["truth"] for row in falsehoods) and all(row["truth"] for row in faithful)
    for row in [*falsehoods, *faithful]:
        cited = _cited(row["sentence"])
        assert set(row["sections"]) == cited and cited <= record, row["sentence"]


def test_the_held_out_answers_and_questions_name_sections_of_the_record(built: tuple[Round, set[str]]) -> None:
    held, record = built
    answers = held.rows(held.markdown[held.site])
    assert {s for a in answers for s in _cited(FENCE.sub("", a["answer"]))} - {"none"} <= record
    assert len(answers) == SIZES[held.number][2]
    questions = _load(HERE / held.questions)["questions"]
    assert {s for q in questions for s in q["sections"]} <= record
    assert all(bool(q["sections"]) == q["answerable"] for q in questions)
