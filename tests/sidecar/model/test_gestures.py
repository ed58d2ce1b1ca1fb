"""The offline model's gestures: a question's words matched to the manifest's tours, experiments, fields, offers,
pages and parts, widened by the synonym table; several equal matches ask which."""

from __future__ import annotations

from dataclasses import replace

import pytest

from docent.schema import Action, Experiment, Field, Manifest, Offer, Option, Page, Part, Preset, Section, Tour
from docent.sidecar.offline.gestures import Gestures, gestures

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
        ("Is she open to remote roles?", []),  # "open" said of her is no page to open
        # "set the topic to consulting" fills the field, on its page
        ("Set the topic to consulting", [("show_page", "get-in-touch"), ("topic", "consulting")]),
        ("Can you set the topic to consulting?", [("show_page", "get-in-touch"), ("topic", "consulting")]),
        # the owner's verbs are questions about her work, not requests: no field set, no run started
        ("How does she choose consulting work?", []),
        ("Does she run the slow leak in production?", []),
        # a word for getting in touch means it only about people
        ("How fast did a booking reach invoicing?", []),
        ("How can I reach her?", [("offer", "email")]),
        # a page asked for by name is that page, though a word of its name also names an offer
        ("Take me to the contact page", [("show_page", "get-in-touch")]),
        ("Take me to the CV page", [("offer", "cv")]),  # no page of that name: the offer still answers
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
    [(tool, card)] = gestures("What do you recommend?", MANIFEST, ALL)
    assert tool == "show_links" and card["items"]
    # "recommended" describes a way of doing something: the question asks how, of the record, not what to read
    assert gestures("What's the recommended way to hand a long task to Kafka?", MANIFEST, ALL) == []
    # "read-only", "first-class": a word of a compound term, not the reader asking what to read or where to start
    assert gestures("What's the right way to declare a read-only field in Kafka?", MANIFEST, ALL) == []
    assert gestures("Which Kafka clients are first-class?", MANIFEST, ALL) == []


def test_the_owner_extends_the_synonyms() -> None:
    assert gestures("Where is her portfolio?", MANIFEST, ALL) == []
    owned = replace(MANIFEST, synonyms={"portfolio": ("cv",)})
    assert ids(gestures("Can I see her portfolio?", owned, ALL)) == [("offer", "cv")]


def test_only_the_tools_the_request_offers() -> None:
    assert gestures("Give me a tour", MANIFEST, {"show_page"}) == []
    assert gestures("Run the slow leak", Manifest(), ALL) == []
    assert gestures("How can I contact her?", MANIFEST, {"show_page"}) == []


LAB = Manifest(
    experiments=(
        Experiment("leak", "The leaking heap", "lab", "/lab/", True, (
            Preset("healthy", "Healthy: no leak", False),
            Preset("slow-leak", "Slow leak: 1.5 MB a second", False),
            Preset("full-heap", "Full heap: the server run only", True),
        )),
        Experiment("storm", "The retry storm", "lab", "/lab/", False, (
            Preset("no-backoff", "No backoff: retry at once", False),
            Preset("backoff", "Exponential backoff", False),
            Preset("backoff-jitter", "Exponential backoff with jitter", False),
        )),
    ),
    parts=(Part("storm-chart", "The retry storm chart", "lab", "/lab/"),),
    pages=(
        Page("home", "Home", "/"), Page("lab", "Lab", "/lab/"), Page("principles", "How I work", "/principles/"),
        Page("assistant", "Assistant", "/assistant/"),
    ),
    sections=(Section("experiments", "Experiments", "home", "/#experiments"), Section("work", "Work", "home", "/#work")),
    actions=(Action("run_leak", "Run the leak", "lab", None), Action("run_storm", "Run the storm", "lab", None)),
    fields=(
        Field("leak_preset", "leak-preset", "Leak preset", "lab",
              (Option("healthy", "Healthy: no leak"), Option("full-heap", "Full heap: the server run only")), None),
        Field("storm_preset", "storm-preset", "Storm preset", "lab",
              (Option("no-backoff", "No backoff: retry at once"), Option("backoff", "Exponential backoff"),
               Option("backoff-jitter", "Exponential backoff with jitter")), None),
    ),
)
LAB_TOOLS = {"run_experiment", "point_at", "show_page", "show_links", "offer_choices", "run_leak", "run_storm",
             "leak_preset", "storm_preset"}


@pytest.mark.parametrize(
    ("question", "calls"),
    [
        # what the visitor says no to: the preset without it, or the preset whose own label says no to it
        ("Run the storm with plain exponential backoff, no jitter", [("show_page", "lab"), ("run_experiment", "storm:backoff")]),
        ("Run the retry storm with no backoff at all", [("show_page", "lab"), ("run_experiment", "storm:no-backoff")]),
        ("Run the storm with backoff and jitter", [("show_page", "lab"), ("run_experiment", "storm:backoff-jitter")]),
        # to see a preset is to run it; the experiment seen whole is its chart
        ("Show me the slow leak", [("show_page", "lab"), ("run_experiment", "leak:slow-leak")]),
        ("Can I see what a retry storm looks like with no backoff?", [("show_page", "lab"), ("run_experiment", "storm:no-backoff")]),
        ("Show me the retry storm chart", [("show_page", "lab"), ("point_at", "storm-chart")]),
        # ... and so is asking what would happen with one, in the visitor's words for its label
        ("What happens if there's no backoff?", [("show_page", "lab"), ("run_experiment", "storm:no-backoff")]),
        ("and if they back off exponentially, with no randomness?", [("show_page", "lab"), ("run_experiment", "storm:backoff")]),
        ("What happened when the heap leaked?", []),
        ("Can you fire up the slow leak?", [("show_page", "lab"), ("run_experiment", "leak:slow-leak")]),
        # the server and the live run say how it runs, not which preset: the live run, unless a preset is named
        ("Play me the recorded server run of the heap", [("show_page", "lab"), ("run_experiment", "leak:live")]),
        ("I want to see the heap one run on the server, the live run", [("show_page", "lab"), ("run_experiment", "leak:live")]),
        ("Run the full heap on the server", [("show_page", "lab"), ("run_experiment", "leak:full-heap")]),
        # a button pressed is the page's action; a run not wanted yet is a field set
        ("Hit run on the leak", [("show_page", "lab"), ("run_leak", None)]),
        ("Set the storm preset to backoff with jitter but don't run it yet",
         [("show_page", "lab"), ("storm_preset", "backoff-jitter")]),
        # "why not" invites the run; "nothing but" says "only", no denial of what follows
        ("Why not run the slow leak?", [("show_page", "lab"), ("run_experiment", "leak:slow-leak")]),
        ("Run nothing but the slow leak", [("show_page", "lab"), ("run_experiment", "leak:slow-leak")]),
        # the experiment's words name the field, not an option: "heap" is no vote for the full heap
        ("Switch the heap preset to healthy", [("show_page", "lab"), ("leak_preset", "healthy")]),
        # a word several labels share names none of them; "page" asks for a page, not a section of one
        ("Is there a page that explains how this assistant works?", [("show_page", "assistant")]),
        ("Take me to the experiments page", [("show_page", "lab")]),
        # a run again with another preset; "at once" in the visitor's words ("immediately", "right away")
        ("ok now the same thing but with jitter", [("show_page", "lab"), ("run_experiment", "storm:backoff-jitter")]),
        ("What happens if every client retries immediately?", [("show_page", "lab"), ("run_experiment", "storm:no-backoff")]),
        ("Run the storm where clients retry right away", [("show_page", "lab"), ("run_experiment", "storm:no-backoff")]),
    ],
)
def test_presets_fields_and_buttons_by_the_manifest_s_words(question: str, calls: list[tuple[str, str | None]]) -> None:
    assert ids(gestures(question, LAB, LAB_TOOLS)) == calls


@pytest.mark.parametrize(
    ("question", "calls"),
    [
        # a word that names an offer only through the synonym table asks for none in a question about her past or
        # about a reason ("hiring" is no fit check here)
        ("Has she been involved in hiring engineers?", []),
        ("Why did they hire a second team?", []),
        ("Could she fit a staff role?", [("offer", "fit-check")]),
        # "where can I read about X" asks where one thing is (the answer's page), not what to read next
        ("Where can I read about the rollout?", []),
        ("What should I read next?", "links"),
        # the figures of a case are its results table
        ("Show me the numbers for 3-D Secure", [("show_page", "cases-3ds"), ("point_at", "3ds-results")]),
    ],
)
def test_offers_reading_and_figures(question: str, calls: list[tuple[str, str]] | str) -> None:
    found = gestures(question, MANIFEST, ALL)
    assert (found[0][0] == "show_links") if calls == "links" else ids(found) == calls


def test_on_its_page_a_part_is_named_by_one_word_and_ties_go_to_the_page_open() -> None:
    assert gestures("Show me the chart", MANIFEST, ALL) == []  # one shared word, anywhere: chance
    assert ids(Gestures(MANIFEST, here="lab").read("Show me the chart", ALL)) == [("show_page", "lab"), ("point_at", "leak-chart")]
    on_3ds = Gestures(MANIFEST, here="cases-3ds").read("Show me the results table", ALL)
    assert ids(on_3ds) == [("show_page", "cases-3ds"), ("point_at", "3ds-results")]


@pytest.mark.parametrize(
    ("question", "heads"),
    [
        # a noun in -er after "how much" or "how many" is what is asked for; a degree word asks for a figure
        ("How much power does the rig draw?", {"power"}),
        ("How much buffer does the consumer keep?", {"buffer"}),
        ("How many headers does the proxy add?", {"header"}),
        ("How much faster is the new pool?", set()),
        ("How much longer does the rollout take?", set()),
        # "does she have any X?" asks for X; "any experience with Go" for no word after "with"
        ("Does he hold any AWS certifications?", {"certification"}),
        ("Has she got any patents?", {"patent"}),
        ("Does she have any experience with Go?", set()),
        ("Was there any downtime?", set()),
    ],
)
def test_a_question_s_head_in_er_is_a_noun_unless_it_is_a_degree(question: str, heads: set[str]) -> None:
    from docent.sidecar.offline.heads import heads_of

    assert heads_of(question) == heads
