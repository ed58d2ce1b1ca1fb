"""The offline model's gestures: a question's words matched to the manifest's tours, experiments and parts."""

from __future__ import annotations

import pytest

from docent.sidecar.model.gestures import gestures

MANIFEST = {
    "tours": [
        {"id": "first-visit", "label": "A first visit"},
        {"id": "hiring", "label": "For a hiring manager"},
    ],
    "experiments": [
        {"id": "leak", "label": "The leaking heap", "page": "lab", "live": True, "presets": [
            {"id": "slow-leak", "label": "Slow leak", "server": False},
            {"id": "full-heap", "label": "Full heap", "server": True},
        ]},
        {"id": "storm", "label": "The retry storm", "page": "lab", "live": False, "presets": [
            {"id": "backoff-jitter", "label": "Backoff with jitter", "server": False},
        ]},
    ],
    "parts": [
        {"id": "leak-chart", "label": "The leak chart", "page": "lab"},
        {"id": "3ds-flow", "label": "The 3-D Secure 2 flow", "page": "cases-3ds"},
    ],
}
ALL = {"start_tour", "run_experiment", "point_at", "show_page"}


@pytest.mark.parametrize(
    ("question", "calls"),
    [
        ("Give me a tour", [("start_tour", "first-visit")]),
        ("Is there a tour for a hiring manager?", [("start_tour", "hiring")]),
        ("Run the slow leak", [("show_page", "lab"), ("run_experiment", "leak:slow-leak")]),
        ("Start the retry storm with jitter", [("show_page", "lab"), ("run_experiment", "storm:backoff-jitter")]),
        # a server preset runs only as a live run, and only when the visitor asks for one
        ("Run the full heap", [("show_page", "lab"), ("run_experiment", "leak")]),
        ("Run the full heap live", [("show_page", "lab"), ("run_experiment", "leak:full-heap")]),
        ("Run the retry storm live", [("show_page", "lab"), ("run_experiment", "storm")]),
        ("Where is the leak chart?", [("show_page", "lab"), ("point_at", "leak-chart")]),
        ("Show me the 3-D Secure flow", [("show_page", "cases-3ds"), ("point_at", "3ds-flow")]),
        # one shared word is not enough to point at a part, and a question with no gesture gets none
        ("Where is the chart?", []),
        ("Has she led a team?", []),
    ],
)
def test_a_question_asks_for_what_it_names(question: str, calls: list[tuple[str, str]]) -> None:
    assert gestures(question, MANIFEST, ALL) == calls


def test_only_the_tools_the_request_offers() -> None:
    assert gestures("Give me a tour", MANIFEST, {"show_page"}) == []
    assert gestures("Run the slow leak", {}, ALL) == []
