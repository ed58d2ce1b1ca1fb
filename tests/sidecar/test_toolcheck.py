"""The chain of checks, one call at a time: what passes, and the words the model gets back when it does not."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from docent.sidecar.answer.bundle import Bundle
from docent.sidecar.answer.events import payload
from docent.sidecar.answer.toolcheck import ToolCheck
from docent.sidecar.answer.tools import Failed, Here, Passed, carry_out
from docent.sidecar.model.port import ToolCall

BUNDLE = Bundle.load(Path(__file__).resolve().parents[1] / "evals" / "bundle.json")
CHECK = ToolCheck(BUNDLE)


def verdict(name: str, input: dict[str, Any] | None, **here: Any) -> Passed | Failed:
    return CHECK.check(ToolCall("toolu_1", name, input), Here(**here))


def failed(name: str, input: dict[str, Any] | None, **here: Any) -> str:
    v = verdict(name, input, **here)
    assert isinstance(v, Failed), v
    return v.message


def carried(name: str, input: dict[str, Any], **here: Any) -> tuple[list[dict[str, Any]], str | None, Here]:
    place = Here(**here)
    v = CHECK.check(ToolCall("toolu_1", name, input), place)
    assert isinstance(v, Passed), v
    outcome = carry_out(v, BUNDLE, place)
    return [payload(e) for e in outcome.events], outcome.result, place


def test_a_tool_that_does_not_exist() -> None:
    assert failed("run_shell", {"cmd": "ls"}).startswith('No tool is named "run_shell". The tools are show_page, point_at,')


def test_a_page_that_does_not_exist_and_a_script_address() -> None:
    assert failed("show_page", {"id": "salaries"}).startswith('No page "salaries". The pages are home, cases-3ds,')
    assert failed("show_page", {"id": "javascript:alert(1)"}).startswith('No page "javascript:alert(1)".')


@pytest.mark.parametrize("bad", [None, {}, {"id": "lab", "extra": 1}, {"id": 3}])
def test_input_outside_the_schema(bad: dict[str, Any] | None) -> None:
    assert failed("show_page", bad).startswith("show_page got arguments its parameters reject: ")


def test_not_the_page_the_visitor_is_on() -> None:
    assert failed("show_page", {"id": "lab"}, page="lab") == "The visitor is on Lab already: nothing was opened."


def test_show_page_in_the_manifests_words() -> None:
    events, result, here = carried("show_page", {"id": "lab"}, page="home")
    assert events == [{"tool": "show_page", "id": "lab", "label": "Lab", "path": "/lab/"}]
    assert result is not None and result.startswith("Opened Lab for the visitor.\n\n## The page the visitor has open: Lab")
    assert here.page == "lab" and here.actions == 1


def test_a_home_section_opens_the_home_page() -> None:
    events, result, here = carried("show_page", {"id": "contact"}, page="lab")
    assert events == [{"tool": "show_page", "id": "contact", "label": "Contact", "path": "/#contact"}]
    assert here.page == "home" and here.section == "contact"


def test_a_part_on_another_page_opens_its_page_then_points_in_one_action() -> None:
    events, result, here = carried("point_at", {"id": "3ds-flow"}, page="lab")
    assert events == [{"tool": "point_at", "id": "3ds-flow", "label": "The 3-D Secure 2 flow", "path": "/cases/3ds/", "page": "cases-3ds"}]
    assert result.startswith("Opened 3-D Secure rollout and pointed at The 3-D Secure 2 flow for the visitor.\n\n"
                             "## The page the visitor has open: 3-D Secure rollout")
    assert here.page == "cases-3ds" and here.actions == 1
    events, result, _ = carried("point_at", {"id": "leak-chart"}, page="lab")
    assert events == [{"tool": "point_at", "id": "leak-chart", "label": "The leak chart: heap use over time", "path": "/lab/", "page": "lab"}]
    assert result == "Pointed at The leak chart: heap use over time for the visitor."


def test_a_server_preset_only_when_the_visitor_asked_for_a_run() -> None:
    message = failed("run_experiment", {"id": "leak:full-heap"}, page="lab")
    assert "the visitor did not ask for a run" in message and 'Run it in the browser ("leak")' in message
    assert "did not ask" in failed("run_experiment", {"id": "leak:live"}, page="lab")
    events, result, _ = carried("run_experiment", {"id": "leak:full-heap"}, page="lab", asked_for_run=True)
    assert events[0]["experiment"] == "leak" and events[0]["preset"] == "full-heap" and events[0]["live"] is True
    assert result == "Started a live run of The leaking heap with the preset Full heap: the server run only for the visitor."


def test_a_browser_run_needs_no_asking() -> None:
    events, result, here = carried("run_experiment", {"id": "storm:backoff"}, page="home")
    assert events == [{"tool": "run_experiment", "id": "storm:backoff", "label": "The retry storm", "path": "/lab/",
                       "experiment": "storm", "preset": "backoff", "live": False}]
    assert result == "Started The retry storm with the preset Exponential backoff for the visitor."
    assert here.page == "lab" and here.running


def test_a_tour_carries_its_steps() -> None:
    events, result, _ = carried("start_tour", {"id": "first-visit"}, page="home")
    assert events[0]["label"] == "A first visit" and len(events[0]["steps"]) == 4
    assert result == "Started A first visit for the visitor: 4 steps, which the visitor moves through."


def test_an_offer_is_a_button() -> None:
    events, result, _ = carried("offer", {"id": "email"})
    assert events == [{"tool": "offer", "id": "email", "label": "Write an email", "path": "mailto:mara@lindqvist.example", "target": "mailto:mara@lindqvist.example"}]
    assert result == "Offered Write an email as a button; nothing is sent or done until the visitor presses it."


def test_the_caps() -> None:
    assert "4 actions are the most" in failed("offer", {"id": "cv"}, actions=4)
    assert verdict("get_page_content", {}, page="lab", actions=4).__class__ is Passed  # reading is no action


def test_a_page_action_only_while_its_page_is_open() -> None:
    message = failed("run_leak", {}, page="roles")
    assert message.startswith("The page no longer offers run_leak.\n\n## The page the visitor has open: Roles")
    events, result, _ = carried("run_leak", {}, page="lab")
    assert events == [{"tool": "run_leak", "id": "run_leak", "label": "Run the leak", "path": "/lab/", "name": "run_leak", "press": True}]
    assert result.startswith('Pressed "Run the leak".\n\n## The page the visitor has open: Lab\n\n')


def test_a_consequential_action_only_rings() -> None:
    events, result, _ = carried("send_message", {}, page="get-in-touch")
    assert events[0]["ring"] is True
    assert result == 'Rang "Send message" for the visitor; pressing it is theirs.'


def test_a_field_takes_only_its_options() -> None:
    assert failed("leak_preset", {"value": "huge"}, page="lab").startswith("leak_preset got arguments its parameters reject")
    assert failed("leak_preset", {"value": "fast-leak"}, page="home").startswith("The page no longer offers leak_preset.")
    events, result, here = carried("leak_preset", {"value": "fast-leak"}, page="lab")
    assert events[0]["value"] == "fast-leak" and events[0]["fill"] is True and events[0]["id"] == "leak-preset"
    assert result == 'Filled "Leak preset"; it now says "fast-leak" (Fast leak: 6 MB a second).'
    assert here.fields == {"leak-preset": "fast-leak"}


def test_links_and_choices() -> None:
    items = [{"to": "lab", "title": "The lab", "gist": "Two experiments."}, {"to": "work", "title": "Work", "gist": "Cases."}]
    events, result, _ = carried("show_links", {"items": items})
    assert events[0]["kind"] == "links"
    assert events[0]["items"][1] == {"id": "work", "label": "Work", "path": "/#work", "title": "Work", "gist": "Cases."}
    assert result == 'Showed the visitor links to "The lab", "Work".'
    assert "two to four" in failed("offer_choices", {"question": "Which?", "options": ["Only one"]})
    assert "two to four" in failed("offer_choices", {"question": "Which?", "options": ["A", "A"]})
    events, result, here = carried("offer_choices", {"question": "Which?", "options": ["A", "B"]})
    assert result is None and here.waits
    assert "card to answer" in failed("offer", {"id": "cv"}, waits=True)


def test_page_content_needs_a_page() -> None:
    assert "No page has introduced itself" in failed("get_page_content", {})
