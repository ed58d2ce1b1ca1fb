"""`none` is the guide's refusal (`[[none]]`): a docs site's section headed "None" (an ORM's page on null values) is
given another id by the build, its link still the page's own heading anchor, so that the refusal stays a refusal and
the section stays citable."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from docent.manifest_build.manifest import build
from docent.manifest_build.options import site_config
from docent.manifest_build.page import read_page
from docent.sidecar.answer.bundle import Bundle
from docent.sidecar.answer.conversation import Conversation
from docent.sidecar.answer.events import Held, Refused, Sentence
from docent.sidecar.answer.policy import AnswerPolicy
from docent.sidecar.answer.turn import Ask, Turn
from docent.sidecar.model.replay import ReplayModel

from .conftest import mkdocs_build, write_site

NULL_PAGE = """\
---
docent:
  record: true
---
# Null values

How a field holds nothing.

## {heading}

A field set to None is saved as NULL in the database.

## Defaults

A field with a default is never saved as NULL.
"""


def _record(*pages: tuple[str, str]) -> list[tuple[str, str]]:
    facts = [read_page(html, path=path, title="Page", record=True) for path, html in pages]
    manifest, problems = build(facts, site_config())
    assert problems == []
    return [(r.id, r.path) for r in manifest.record]


def test_a_section_whose_id_is_the_refusals_takes_the_id_a_clash_would_give_and_keeps_its_anchor():
    assert _record(("/fields/null/", '<h2 id="none">None</h2><p>a</p>')) == [("fields-null-none", "/fields/null/#none")]
    # any case: the gate reads `[[NONE]]` that the record lacks as the refusal too
    assert _record(("/fields/null/", '<h2 id="NONE">NONE</h2><p>a</p>')) == [("fields-null-NONE", "/fields/null/#NONE")]


def test_the_renamed_id_takes_the_next_free_number_where_a_heading_wrote_it_out():
    assert _record(("/fields/null/", '<h2 id="none">None</h2><p>a</p><h2 id="fields-null-none">b</h2><p>b</p>')) == [
        ("fields-null-none-2", "/fields/null/#none"), ("fields-null-none", "/fields/null/#fields-null-none")]


def test_a_pages_opening_whose_id_is_the_refusals_is_renamed_and_opens_the_page():
    # /none/ is the page `none`; its opening is the page's own section, at the page with no anchor
    assert _record(("/none/", "<p>What none means.</p>")) == [("none-none", "/none/")]


class _Rig:
    """A replay model answering each question from a script, over one bundle."""

    def __init__(self, tmp_path: Path, bundle: Bundle, replies: list[dict[str, Any]]) -> None:
        script = tmp_path / "script.json"
        script.write_text(json.dumps({"replies": replies}), encoding="utf-8")
        self.model = ReplayModel(script)
        self.bundle = bundle

    async def ask(self, question: str) -> list[Any]:
        turn = Turn(bundle=self.bundle, model=self.model, policy=AnswerPolicy())
        return [e async for e in turn.run(Conversation("token", time.time()), Ask(question=question))]


@pytest.mark.anyio
@pytest.mark.parametrize("heading", ["None", "NONE"])
async def test_a_built_site_with_a_section_headed_none_refuses_with_none_and_cites_the_section(
    tmp_path: Path, heading: str
) -> None:
    config = write_site(
        tmp_path,
        pages={"index.md": "# Home\n\nThe ORM's documentation.\n", "fields/null.md": NULL_PAGE.format(heading=heading)},
        docent={"kind": "docs", "tours": [], "offers": []},
    )
    mkdocs_build(config)
    assert 'id="none"' in (tmp_path / "site" / "fields" / "null" / "index.html").read_text(encoding="utf-8")
    bundle = Bundle.load(tmp_path / "docent-bundle.json")
    rig = _Rig(tmp_path, bundle, [
        {"question": "colour", "calls": [[{"text": "[[none]]"}]]},
        {"question": "None", "calls": [[{"text": "A field set to None is saved as NULL in the database. [[fields-null-none]]"}]]},
    ])
    refused = await rig.ask("Which colour is the logo?")
    assert [e for e in refused if isinstance(e, Refused)] == [AnswerPolicy().none_refusal()], refused
    assert not [e for e in refused if isinstance(e, Sentence)]
    assert not [sid for sid in bundle.record if sid.lower() == "none"]
    section = bundle.record["fields-null-none"]
    assert (section.title, section.path) == (heading, "/fields/null/#none")  # the citation opens the page's heading
    shown = [e for e in await rig.ask("What happens to a field set to None?") if isinstance(e, Sentence)]
    assert [(e.text, [c.path for c in e.cites]) for e in shown] == [
        ("A field set to None is saved as NULL in the database.", ["/fields/null/#none"])]



@pytest.mark.parametrize("opening", ["cases-3ds", "cases-3ds-none"])
def test_a_renamed_pages_opening_still_names_what_its_sections_may_say(opening: str) -> None:
    """A page's opening names what its sections share ("Alderway Bank, 2021–2022." over the case's approach), and the
    gate reads it as the page's opening by where it is (at the page, no anchor), not by an id equal to the page's,
    which a page /none/'s opening no longer has (`none-none`): its sections' sentences naming the employer were held
    (review25a). Here the example's case page, its opening given another id as the build gives /none/'s."""
    from dataclasses import replace

    from docent.sidecar.answer.turn import default_gate

    example = Bundle.load(Path(__file__).resolve().parents[1] / "evals" / "bundle.json")
    assert example.record["cases-3ds"].path == "/cases/3ds/" and not example.site.intros  # none from the page's text
    record = {(opening if sid == "cases-3ds" else sid): replace(s, id=opening) if sid == "cases-3ds" else s
              for sid, s in example.record.items()}
    bundle = replace(example, record=record)

    def said(sentence: str) -> list[str]:
        gate = default_gate(bundle, AnswerPolicy())
        return [e.reason if isinstance(e, Held) else "shown" for e in [*gate.feed(sentence), *gate.finish()]]

    assert said("She designed the authentication decision service at Alderway Bank [[case-3ds-approach]].") == ["shown"]
    assert said("She designed the authentication decision service at Tessellate Freight [[case-3ds-approach]].") == [
        "unknown_term"]
