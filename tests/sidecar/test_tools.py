"""The tools' table: every tool the build writes has a family, and a family added to the table is all a tool needs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from docent.manifest_build.manifest import BUILT_IN_TOOLS
from docent.schema import Page
from docent.sidecar.answer.bundle import Bundle
from docent.sidecar.answer.events import Action
from docent.sidecar.answer.screen import Failure
from docent.sidecar.answer.toolcheck import ToolCheck
from docent.sidecar.answer.tools import (
    FAMILIES,
    Failed,
    Family,
    Here,
    Outcome,
    Passed,
    acted_labels,
    carry_out,
    failable,
    family_of,
)
from docent.sidecar.model.port import ToolCall

EXAMPLE = Path(__file__).resolve().parents[1] / "evals" / "bundle.json"


def test_the_table_names_every_built_in_tool_and_the_two_kinds_a_page_lends() -> None:
    assert set(FAMILIES) == BUILT_IN_TOOLS | {"page_action", "page_field"}


def test_every_tool_of_the_example_bundle_has_a_family() -> None:
    bundle = Bundle.load(EXAMPLE)
    names = [tool["name"] for tool in bundle.tools]
    assert {n for n in names if family_of(n, bundle) is None} == set()
    assert family_of("run_shell", bundle) is None


def _wave_check(call: ToolCall, here: Here, bundle: Bundle) -> Passed | Failed:
    if here.page is None:
        return Failed(call, "Nobody is there to wave at.")
    return Passed(call, "wave", bundle.pages[here.page])


def _wave(passed: Passed, bundle: Bundle, here: Here) -> Outcome:
    assert isinstance(passed.target, Page)
    return Outcome((Action("wave", "hello", passed.target.label, passed.target.path),), "Waved.")


WAVE = Family(
    _wave_check,
    _wave,
    unknown=lambda name, path, value, ids: f'No greeting "{value}".' if path == ["id"] else None,
    acted=lambda passed, bundle: ["a wave"],
    failable=lambda name, bundle: {"hello"},
)


def test_a_tool_is_one_family_and_one_entry_in_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    data: dict[str, Any] = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    schema = {"type": "object", "properties": {"id": {"type": "string", "enum": ["hello"]}}, "required": ["id"],
              "additionalProperties": False}
    data["tools"] = [*data["tools"], {"name": "wave", "input_schema": schema}]
    check = ToolCheck(Bundle.from_json(data))
    call = ToolCall("toolu_1", "wave", {"id": "hello"})
    # Without its entry, the tool the bundle lists is no tool of this site's sidecar.
    unlisted = check.check(call, Here(page="lab"))
    assert isinstance(unlisted, Failed) and unlisted.message == 'No tool is named "wave" on this site.'

    monkeypatch.setitem(FAMILIES, "wave", WAVE)
    assert isinstance(nobody := check.check(call, Here()), Failed) and nobody.message == "Nobody is there to wave at."
    unknown = check.check(ToolCall("toolu_2", "wave", {"id": "bye"}), Here(page="lab"))
    assert isinstance(unknown, Failed) and (unknown.message, unknown.check) == ('No greeting "bye".', "input")
    here = Here(page="lab")
    passed = check.check(call, here)
    assert isinstance(passed, Passed)
    outcome = carry_out(passed, check.bundle, here)
    assert (outcome.result, here.actions) == ("Waved.", 1)  # it acts, so it counts toward the cap
    assert acted_labels(passed, outcome, check.bundle) == ["Lab", "a wave"]
    capped = check.check(call, Here(page="lab", actions=check.max_actions))
    assert isinstance(capped, Failed) and capped.check == "caps"
    # What the browser may report of it failing is the family's to say too.
    reported = [{"tool": "wave", "id": "hello", "reason": "not_found"}, {"tool": "wave", "id": "bye", "reason": "not_found"}]
    assert Failure.read_all(reported, failable(check.bundle)) == [Failure("wave", "hello", "not_found")]


def test_what_the_browser_may_report_failing_is_each_familys_ids() -> None:
    bundle = Bundle.load(EXAMPLE)
    known = failable(bundle)
    # The cards and the page's content do nothing on the page, so nothing of them can fail there.
    acting = {"show_page", "point_at", "run_experiment", "start_tour", "offer"}
    assert set(known) == acting | set(bundle.lent_actions) | set(bundle.lent_fields)
    assert set(known["show_page"]) == set(bundle.pages) | set(bundle.sections)
    assert set(known["point_at"]) == set(bundle.parts) and set(known["offer"]) == set(bundle.offers)
    runs = set(known["run_experiment"])
    for exp in bundle.manifest.experiments:
        assert exp.id in runs and {f"{exp.id}:{p.id}" for p in exp.presets} <= runs
        assert (f"{exp.id}:live" in runs) == exp.live
    for f in bundle.manifest.fields:
        assert {f.name, f.id or f.name} <= set(known[f.name])
