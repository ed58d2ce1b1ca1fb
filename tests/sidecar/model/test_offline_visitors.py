"""The embedded model on a visitor's own words: an initialism the record spells out, the other side's spelling,
the words that say how sure or polite the visitor is, and a question that tells its situation before it asks."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from docent.schema import Manifest, Owner, Page
from docent.schema import RecordSection as Section
from docent.sidecar.answer.bundle import Bundle
from docent.sidecar.model.port import TextDelta, ToolCall
from docent.sidecar.offline import OfflineModel
from docent.sidecar.offline.weighing import Weighed

from .streams import collect
from .test_offline import ask

RECORD = {
    s.id: s
    for s in (
        Section("flow", "case", "The flow", "The merchant sends the request to the bank's Access Control Server. "
                "The decision service scores each request in 40 ms.", "/case/#flow"),
        Section("events", "case", "What I built", "Each service publishes its events in Avro, with serialisation "
                "handled by a shared library.", "/case/#events"),
        Section("team", "roles", "Team", "I led a platform team of four and hired two engineers.", "/roles/#team"),
        Section("lab", "lab", "Lab", "The lab replays a retry storm against a service that crashes.", "/lab/#lab"),
    )
}
OWNER = Manifest(owner=Owner("Jo Lind", "Jo", "he"))


async def cited_in(record: dict[str, Section], question: str) -> list[str]:
    """The ids the offline model cites answering `question` from `record`, in order."""
    events, exc = await collect(OfflineModel.of(record, manifest=OWNER).stream(ask(question)))
    assert exc is None
    return re.findall(r"\[\[([^\]]+)\]\]", "".join(e.text for e in events if isinstance(e, TextDelta)))


async def cited(question: str) -> list[str]:
    return await cited_in(RECORD, question)


@pytest.mark.anyio
async def test_an_initialism_the_record_spells_out_in_capitals_is_that_name():
    assert "flow" in await cited("What does the ACS do with the request?")
    # letters that spell out no capitalised name of the record are a name it lacks
    assert await cited("What does the PSP do with the request?") == ["none"]


def weighed(question: str) -> Weighed:
    model = OfflineModel.of(RECORD, manifest=OWNER)
    source = model.source()
    return Weighed.of(question, model.vocabulary(source), model._lexicon(source), OWNER)


def test_a_word_spelled_the_other_sides_way_is_the_records_word():
    asked = weighed("How is serialization handled?")
    assert asked.alts["serialization"] == {"serialisation"} and asked.weight["serialization"] > 0
    assert "serialisation" in asked.query.split()  # the record index is asked for the record's spelling


def test_the_visitors_stance_and_politeness_say_nothing_of_the_topic():
    asked = weighed("what exactly did he build for the events? I thought a shared library did it, please")
    assert {"build", "event", "library"} <= asked.weight.keys()
    assert not asked.weight.keys() & {"exactly", "think", "pleas"}


@pytest.mark.anyio
async def test_a_situation_told_before_a_question_that_opens_with_did_is_the_visitors():
    # "OOMKilled" names what the visitor saw, before the question ("did he ..."), and the record need not name it
    assert "lab" in await cited("our clients keep getting OOMKilled. did he replay a retry storm in the lab?")


SEVERAL = {
    s.id: s
    for s in (
        Section("moved", "case", "Results", "The migration moved forty services in 22 weeks.", "/case/#moved"),
        Section("bill", "case", "Costs", "The cloud bill fell by 31 % once the nodes were packed.", "/case/#bill"),
        Section("why", "case", "Context", "Releases were shell scripts run from one laptop.", "/case/#why"),
    )
}


@pytest.mark.anyio
async def test_a_question_of_several_parts_is_answered_by_the_sections_that_answer_its_parts_together():
    model = OfflineModel.of(SEVERAL, manifest=OWNER)

    async def cites(question: str) -> list[str]:
        events, _ = await collect(model.stream(ask(question)))
        return re.findall(r"\[\[([^\]]+)\]\]", "".join(e.text for e in events if isinstance(e, TextDelta)))

    # no one section says enough of it: the migration's services and weeks in one, the bill in another
    assert {"moved", "bill"} <= set(await cites("How many services did the migration move, and how far did the "
                                                "cloud bill fall once packed?"))


def test_how_long_it_took_asks_for_a_figure_not_for_taking():
    record = {"r": Section("r", "case", "Results", "A booking took 1.2 seconds to reach invoicing. We take notes.", "/c/#r")}
    model = OfflineModel.of(record, manifest=OWNER)
    asked = Weighed.of("how long did it take a booking to reach invoicing?", model.vocabulary(model.source()),
                       model._lexicon(model.source()), OWNER)
    assert "take" not in asked.weight and {"book", "invoic"} <= asked.weight.keys()


@pytest.mark.anyio
async def test_what_am_i_looking_at_here_is_told_by_the_open_page_and_opens_no_other():
    record = {
        "lab": Section("lab", "lab", "Lab", "Two experiments that run in your browser, small models of the cases.",
                       "/lab/#lab"),
        "notes": Section("notes", "notes", "Notes", "What to look at first in a heap dump: the old generation.",
                         "/notes/#notes"),
    }
    manifest = Manifest(owner=Owner("Jo Lind", "Jo", "he"), pages=(Page("lab", "Lab", "/lab/"),
                                                                   Page("notes", "Notes", "/notes/")))
    tools = [{"name": "show_page", "input_schema": {"type": "object", "properties": {"id": {"type": "string"}}}}]
    note = [{"role": "user", "content": "## The page the visitor has open: Lab"}]
    events, exc = await collect(OfflineModel.of(record, manifest=manifest).stream(
        ask("what am I looking at here?", tools=tools, messages=note)))
    assert exc is None
    text = "".join(e.text for e in events if isinstance(e, TextDelta))
    assert re.findall(r"\[\[([^\]]+)\]\]", text) == ["lab"]
    assert not [e for e in events if isinstance(e, ToolCall)]


@pytest.mark.anyio
@pytest.mark.parametrize(("page", "cited"), [("3-D Secure rollout", "case-3ds-hard"), ("Kafka event backbone", "case-kafka-hard")])
async def test_it_on_an_open_page_is_what_that_page_is_about(page: str, cited: str):
    # the example's three cases each have a section titled "The hard part"; the open page's is the one asked about
    bundle = Bundle.load(Path(__file__).resolve().parents[2] / "evals" / "bundle.json")
    note = [{"role": "user", "content": f"## The page the visitor has open: {page}"}]
    events, exc = await collect(OfflineModel(lambda: bundle).stream(ask("what was hard about it?", messages=note)))
    assert exc is None
    text = "".join(e.text for e in events if isinstance(e, TextDelta))
    assert re.findall(r"\[\[([^\]]+)\]\]", text)[0] == cited


CHOICES = {
    s.id: s
    for s in (
        Section("built", "move", "What I built", "We chose managed Kubernetes on AWS and described the network in "
                "Terraform. Releases go out twice a day.", "/move/#built"),
        Section("vendor", "case", "Context", "The card server stayed with a certified vendor, and Jo owned the "
                "decision service beside it.", "/case/#vendor"),
        Section("grpc", "decisions", "gRPC inside", "Accepted at the bank, September 2022. Calls between the card "
                "services were JSON over HTTP, and serialisation showed up in every profile.", "/decisions/#grpc"),
        Section("grpc-after", "decisions", "Consequences", "Contract drift stopped, and the authorisation path lost "
                "about 30 ms at p99, mostly in serialisation. Two styles of API will coexist, which we accepted rather "
                "than force a migration that bought nothing.", "/decisions/#grpc-after"),
    )
}


@pytest.mark.anyio
async def test_a_choice_of_names_is_answered_by_the_one_the_record_names():
    assert "built" in await cited_in(CHOICES, "Was the Kubernetes move on AWS, GCP or on prem?")
    assert "built" in await cited_in(CHOICES, "Did Kubernetes run on AWS or GCP?")
    # none of the choices named, or an everyday word the record uses ("go"): the record lacks the fact
    assert await cited_in(CHOICES, "Was Kubernetes on GCP or Azure?") == ["none"]
    assert await cited_in(CHOICES, "Has he written any Python or Go?") == ["none"]
    # a name beside no name of its kind is still lacking
    assert await cited_in(CHOICES, "Is he open to Kubernetes roles or moving to Berlin?") == ["none"]


@pytest.mark.anyio
async def test_what_any_asks_for_is_what_the_record_must_say():
    # "certified" said of a vendor, "AWS" of the cloud: no certification of his
    assert await cited_in(CHOICES, "Does he hold any AWS certifications?") == ["none"]


@pytest.mark.anyio
async def test_what_a_change_bought_is_in_the_consequences_not_the_date_it_was_accepted():
    model = OfflineModel.of(CHOICES, manifest=OWNER)
    source = model.source()
    asked = Weighed.of("What did switching to gRPC buy them?", model.vocabulary(source), model._lexicon(source), OWNER)
    assert "switch" not in asked.weight  # the change is named by what it changed to ("a switch" is another thing)
    assert (await cited_in(CHOICES, "What did switching to gRPC buy them in latency?"))[0] == "grpc-after"
    assert "grpc-after" in await cited_in(CHOICES, "did switching to grpc actually buy anything measurable?")


ROLES = {
    s.id: s
    for s in (
        Section("now", "roles", "Northwind: lead engineer", "Since May 2022 I have been the lead engineer of "
                "Northwind's billing platform, in a team of seven.", "/roles/#now"),
        Section("before", "roles", "Harbour Labs: developer", "From 2017 to 2022 I built the booking service at "
                "Harbour Labs and ran its on-call rota.", "/roles/#before"),
        Section("talks", "talks", "Talks", "I spoke about billing at two conferences.", "/talks/#talks"),
    )
}


@pytest.mark.anyio
async def test_the_present_is_what_the_record_dates_as_ongoing():
    # "now", "currently", "current": the role dated "since May 2022", not the one that ended
    for question in ("Where does he work right now?", "What is his current role?", "What is he doing now?"):
        assert (await cited_in(ROLES, question))[0] == "now", question
    assert "now" not in await cited_in(ROLES, "Where did he build the booking service?")
