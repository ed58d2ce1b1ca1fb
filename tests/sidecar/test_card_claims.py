"""A card's words, with the model check off: they cite nothing, so they pass at least what an uncited sentence must
(the connective's rules: its length, a figure, a proper name); where a link opens a page with record sections, they
are read against those sections as a sentence citing them is. Through the real turn, the replay model over the
example bundle."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from docent.sidecar.answer.events import Card
from docent.sidecar.answer.turn import Ask

from .test_turn import LEADING, ON_HOME, Rig


async def _shown(tmp_path: Path, tool: str, bad: dict[str, Any]) -> tuple[list[Card], dict[str, Any]]:
    """The cards shown when the model calls `tool` with `bad`, then answers, and the first result it was sent."""
    rig = Rig(tmp_path, [{"question": "read more", "calls": [
        [{"text": f"She led a team of five. {LEADING}"}, {"tool": tool, "input": bad}],
        [{"text": f"She led a team of five. {LEADING}"}],
    ]}])
    events = await rig.ask(Ask(question="Where can I read more?", screen=ON_HOME))
    results = rig.results()  # none where a choices card was shown: the turn waits on the visitor's pick
    return [e for e in events if isinstance(e, Card)], results[0] if results else {}


def _link(to: str, gist: str, title: str = "Read more") -> dict[str, Any]:
    return {"items": [{"to": to, "title": title, "gist": gist}]}


# The CV page has no record sections: its gist is read as an uncited sentence.
UNCITED_LINKS = [
    "She earns 900,000 dollars a year at Google",  # a pay the record never states, at an employer it never names
    "Her CV, 12 pages long.",  # a figure
    "Her CV, with her Google years.",  # an employer the record never names
    "Her CV, with her Salesforce work.",  # a product the record never names
]
# Pages with record sections: the gist is read against them as a cited sentence's.
CITED_LINKS = [
    ("cases-kafka", "How 40 billion events a day moved to Kafka."),  # a figure the case never states
    ("cases-jvm-leak", "The leak she found at Google."),  # an employer the case never names
    ("cases-kubernetes", "The move of forty services onto Salesforce."),  # a product the case never names
]
CHOICES = [
    {"question": "Which one?", "options": ["Her 900,000 dollar salary", "The storm"]},  # a figure
    {"question": "Which one?", "options": ["Her years at Google", "The storm"]},  # an employer
    {"question": "Which one?", "options": ["The Salesforce warehouse", "The storm"]},  # a product
    {"question": "Which one did she build at Google for the bank?", "options": ["The leak", "The storm"]},
]


@pytest.mark.anyio
@pytest.mark.parametrize("gist", UNCITED_LINKS)
async def test_a_links_claim_about_a_page_without_sections_is_not_shown(tmp_path: Path, gist: str) -> None:
    cards, result = await _shown(tmp_path, "show_links", _link("cv", gist))
    assert cards == []
    assert result["is_error"] is True and result["content"].startswith("show_links was not shown: ")


@pytest.mark.anyio
@pytest.mark.parametrize(("to", "gist"), CITED_LINKS)
async def test_a_links_claim_its_pages_sections_do_not_make_is_not_shown(tmp_path: Path, to: str, gist: str) -> None:
    cards, result = await _shown(tmp_path, "show_links", _link(to, gist))
    assert cards == []
    assert result["is_error"] is True and result["content"].startswith("show_links was not shown: ")


@pytest.mark.anyio
@pytest.mark.parametrize("bad", CHOICES)
async def test_a_choices_claim_is_not_shown(tmp_path: Path, bad: dict[str, Any]) -> None:
    cards, result = await _shown(tmp_path, "offer_choices", bad)
    assert cards == []
    assert result["is_error"] is True and result["content"].startswith("offer_choices was not shown: ")


FAITHFUL = [
    ("cv", "Download her CV.", "CV"),  # a page without sections: a connective's words
    ("cases-jvm-leak", "The payment gateway that restarted every nine days, and the heap dump that said why.", "JVM memory leak"),
    ("cases-3ds", "Risk-based authentication for 1.8 million cards.", "3-D Secure rollout"),
    ("cases-kubernetes", "The same platform's forty services, moved in five waves.", "Kubernetes migration"),
    ("roles", "Where she has worked and what she led.", "Her roles"),  # a paraphrase of the page's title
    ("decisions", "Idempotency keys, gRPC and OpenTelemetry at the bank, each with its consequences.", "Decisions"),
    ("lab", "A leaking heap and a retry storm to run in the browser.", "Lab"),
]


@pytest.mark.anyio
@pytest.mark.parametrize(("to", "gist", "title"), FAITHFUL)
async def test_a_faithful_links_card_is_still_shown(tmp_path: Path, to: str, gist: str, title: str) -> None:
    cards, result = await _shown(tmp_path, "show_links", _link(to, gist, title))
    assert [c.body["items"][0]["gist"] for c in cards] == [gist]
    assert not result.get("is_error")


@pytest.mark.anyio
async def test_a_faithful_choices_card_is_still_shown(tmp_path: Path) -> None:
    choices = {"question": "Which leak would you like to see first?", "options": ["The memory leak case", "The leak experiment"]}
    cards, result = await _shown(tmp_path, "offer_choices", choices)
    assert [c.body["options"] for c in cards] == [choices["options"]]
    assert not result.get("is_error")


def test_a_links_sections_are_its_pages_and_the_section_it_names_in_the_records_order() -> None:
    """`link_sections` over the bundle's shared `record_pages` (tuples, handed out uncopied): a page's sections; a
    section of that page; a home section whose id is a record section of another page, both in the record's order;
    nothing for a page the record leaves out."""
    from types import SimpleNamespace

    from docent.schema import Page, Section
    from docent.sidecar.answer.bundle import Bundle
    from docent.sidecar.answer.tools.cards import link_sections
    from docent.sidecar.answer.tools.types import Link

    record = {sid: SimpleNamespace(page=page) for sid, page in
              (("a1", "a"), ("b1", "b"), ("a2", "a"), ("b2", "b"), ("a3", "a"))}
    bundle: Any = SimpleNamespace(record=record)
    bundle.record_pages = Bundle.record_pages.func(bundle)
    assert bundle.record_pages == {"a": ("a1", "a2", "a3"), "b": ("b1", "b2")}

    def about(to: str, page: str | None = None) -> tuple[str, ...]:
        target = Section(to, "L", page, "/p/") if page else Page(to, "L", "/p/")
        return link_sections(Link(to, target, "T", "G"), bundle)

    assert about("a") is bundle.record_pages["a"]  # shared, not copied
    assert about("a2", page="a") == ("a1", "a2", "a3")
    assert about("b2", page="a") == ("a1", "a2", "b2", "a3")
    assert about("home", page="c") == () and about("c") == ()
