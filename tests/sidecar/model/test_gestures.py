"""The offline model's gestures: a question's words matched to the manifest's tours, experiments, fields, offers,
pages and parts, widened by the synonym table; several equal matches ask which."""

from __future__ import annotations

from dataclasses import replace

import pytest

from docent.schema import Experiment, Field, Manifest, Offer, Option, Page, Part, Preset, Tour
from docent.sidecar.offline.gestures import gestures

MANIFEST = Manifest(
    tours=(
        Tour("first-visit", "A first visit", ()),
        Tour("hiring", "For a hiring manager", ()),
    ),
    experiments=(
        Experiment("leak", "The leaking heap", "lab", "/lab/", True, (
            Preset("slow-leak", "Slow leak", False),
            Preset("full-heap", "Full heap", True),
        )),
        Experiment("storm", "The retry storm", "lab", "/lab/", False, (
            Preset("backoff-jitter", "Backoff with jitter", False),
        )),
    ),
    parts=(
        Part("leak-chart", "The leak chart", "lab", "/lab/"),
        Part("3ds-flow", "The 3-D Secure 2 flow", "cases-3ds", "/cases/3ds/"),
        Part("3ds-results", "The 3-D Secure results table", "cases-3ds", "/cases/3ds/"),
        Part("storm-results", "The storm results table", "lab", "/lab/"),
    ),
    pages=(
        Page("home", "Home", "/"),
        Page("cases-3ds", "3-D Secure rollout", "/cases/3ds/"),
        Page("cases-kafka", "Kafka event backbone", "/cases/kafka/"),
        Page("lab", "Lab", "/lab/"),
        Page("installation", "Installation", "/installation/"),
        Page("get-in-touch", "Get in touch", "/get-in-touch/"),
    ),
    offers=(
        Offer("cv", "Download the CV", "/cv/"),
        Offer("email", "Write an email", "mailto:jo@example.org"),
        Offer("fit-check", "Check a role against the record", "/fit-check/"),
    ),
    fields=(
        Field("topic", "topic", "What is it about?", "get-in-touch",
              (Option("role", "A role"), Option("consulting", "Consulting")), None),
    ),
)
ALL = {"start_tour", "run_experiment", "point_at", "show_page", "offer", "show_links", "offer_choices", "topic"}


def ids(calls: list) -> list[tuple[str, str]]:
    return [(tool, given.get("id", given.get("value"))) for tool, given in calls]


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
    assert ids(gestures(question, MANIFEST, ALL)) == calls


@pytest.mark.parametrize(
    ("question", "calls"),
    [
        # contact, the CV and a fit check are the site's offers, by their ids or the synonym table's words
        ("How can I contact her?", [("offer", "email")]),
        ("Can I get her resume?", [("offer", "cv")]),
        ("Could she fit a staff role?", [("offer", "fit-check")]),
        ("What was her role at the bank?", []),  # one word of an offer's label is chance, not a request
        # "take me to X" opens the page X names
        ("Take me to the installation page", [("show_page", "installation")]),
        ("Take me to the Kafka case", [("show_page", "cases-kafka")]),
        ("Go home", [("show_page", "home")]),
        # "set the topic to consulting" fills the field, on its page
        ("Set the topic to consulting", [("show_page", "get-in-touch"), ("topic", "consulting")]),
        ("Can you set the topic to consulting?", [("show_page", "get-in-touch"), ("topic", "consulting")]),
        # the owner's verbs are questions about her work, not requests: no field set, no run started
        ("How does she choose consulting work?", []),
        ("Does she run the slow leak in production?", []),
        # a word for getting in touch means it only about people
        ("How fast did a booking reach invoicing?", []),
        ("How can I reach her?", [("offer", "email")]),
    ],
)
def test_requests_for_offers_pages_and_fields(question: str, calls: list[tuple[str, str]]) -> None:
    assert ids(gestures(question, MANIFEST, ALL)) == calls


def test_several_equal_matches_ask_which_and_the_pick_answers() -> None:
    [(tool, card)] = gestures("Show me the results table", MANIFEST, ALL)
    assert tool == "offer_choices"
    assert card["options"] == ["The 3-D Secure results table", "The storm results table"]
    picked = gestures("Show me the results table", MANIFEST, ALL, picked="The storm results table")
    assert ids(picked) == [("show_page", "lab"), ("point_at", "storm-results")]
    [(tool, card)] = gestures("Run an experiment", MANIFEST, ALL)
    assert (tool, card["options"]) == ("offer_choices", ["The leaking heap", "The retry storm"])


def test_several_pages_are_a_card_of_links_and_what_to_look_at_is_one_too() -> None:
    [(tool, card)] = gestures("Take me to the secure or the kafka page", MANIFEST, ALL)
    assert tool == "show_links" and [i["to"] for i in card["items"]] == ["cases-3ds", "cases-kafka"]
    assert all(i["title"] for i in card["items"])
    [(tool, card)] = gestures("What should I look at next?", MANIFEST, ALL)
    assert tool == "show_links" and card["items"]


def test_the_owner_extends_the_synonyms() -> None:
    assert gestures("Where is her portfolio?", MANIFEST, ALL) == []
    owned = replace(MANIFEST, synonyms={"portfolio": ("cv",)})
    assert ids(gestures("Can I see her portfolio?", owned, ALL)) == [("offer", "cv")]


def test_only_the_tools_the_request_offers() -> None:
    assert gestures("Give me a tour", MANIFEST, {"show_page"}) == []
    assert gestures("Run the slow leak", Manifest(), ALL) == []
    assert gestures("How can I contact her?", MANIFEST, {"show_page"}) == []
