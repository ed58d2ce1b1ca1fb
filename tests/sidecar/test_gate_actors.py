"""The actor rule on the constructions of careful docs and Markdown answers it misread (issue 21, markdown17): real
sentences of the development answer sets against the units of the sections they cited, each let through, and a false
twin beside it still held."""

from __future__ import annotations

import pytest

from docent.sidecar.answer import actors, deeds
from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from docent.sidecar.answer.passage import Passage, unit
from docent.sidecar.answer.site import Site
from docent.sidecar.answer.words import fold
from tests.sidecar.gating import docs_section, fate, record_of

SHADOW = Passage.of("What was hard", (
    "I kept the hot path to one PostgreSQL query on a covering index and one Redis lookup, moved the merchant statistics "
    "to a nightly precomputed table, and made every call idempotent on the transaction id because the vendor retried "
    "on its own timeouts. We ran two weeks in shadow mode, deciding every payment without acting on it and comparing "
    "with the old flow."), fold)
MOVES = Passage.of("Results", (
    "Fourteen services moved off files in nine months. All forty services moved in 22 weeks with no customer-facing "
    "outage. The vendor retried on its own timeouts. The backbone carries every shipment event, and Tessellate runs "
    "its services on ninety virtual machines."), fold)
DEPENDENCIES = Passage.of("Dependencies", "The HTTPX project relies on these excellent libraries:", fold)
CORS = Passage.of("CORSMiddleware", (
    "- allow_headers - A list of HTTP request headers that should be supported for cross-origin requests. The Accept, "
    "Accept-Language, Content-Language and Content-Type headers are always allowed for CORS requests."), fold)
GROUPS = Passage.of("Default groups", (
    "By default, uv includes the dev dependency group in the environment (e.g., during uv run or uv sync). The default "
    "groups to include can be changed using the tool.uv.default-groups setting."), fold)


@pytest.mark.parametrize(
    ("sentence", "sections", "owner", "held"),
    [
        # A deed done to another thing than any the sections give an actor for: they state no actor for it.
        ("During the two weeks of shadow mode, the decision service made a decision on every payment but did not act "
         "on any of them.", SHADOW, "", False),
        ("The vendor made every call idempotent on the transaction id.", SHADOW, "", True),
        ("HTTPX relies on h11, certifi, idna and sniffio alongside httpcore.", DEPENDENCIES, "httpx", False),
        # The sections' actor is what the sentence's verb is done to: "X moved fourteen services" against "Fourteen
        # services moved", no mover named.
        ("The backbone moved fourteen services off files in nine months.", MOVES, "", False),
        ("The vendor moved off files in nine months.", MOVES, "", True),
        # A noun after a preposition's noun is no actor, past or present: "services at Tessellate moved".
        ("In that case, all forty services at Tessellate moved in 22 weeks with no customer-facing outage.", MOVES, "",
         False),
        # A word in -s is as often a noun: every deed of it stays where any is done to what the sentence's is.
        ("Of the request headers, only Accept and Content-Type are always allowed for CORS requests.", CORS, "",
         False),
        # A compound's last word is no verb: "default-groups".
        ('By default uv includes the dev group, and setting default-groups to "all" enables every dependency group.',
         GROUPS, "uv", False),
    ],
)
def test_an_actor_the_sections_do_not_state_otherwise_is_let_through(
    sentence: str, sections: Passage, owner: str, held: bool
) -> None:
    assert actors.held(unit(sentence, fold, frozenset(owner.split())), [sections]) is held


SUCCESS = Passage.of("Checking for success and failure responses", (
    "We don't support response.is_ok since the naming is ambiguous there, and might incorrectly imply an equivalence "
    "to response.status_code == codes.OK. Instead we provide the response.is_success property, which can be used to "
    "check for a 2xx response."), fold)
METADATA = Passage.of("Metadata", (
    "There are not currently any widely adopted conventions for exactly what style of response should be returned "
    "for HTTP OPTIONS requests, so we provide an ad-hoc style that returns some useful information."), fold)
CHOSE = Passage.of("Approach", "We chose managed Kubernetes over running our own control plane.", fold)


@pytest.mark.parametrize(
    ("sentence", "sections", "owner", "held"),
    [
        # A project's documentation says "we" for its project: what it does as a rule (a present) is the owner's
        # (HTTPX's and Django REST framework's pages).
        ("HTTPX provides the response.is_success property to check for a 2xx response.", SUCCESS, "httpx", False),
        ("Instead, HTTPX provides response.is_success, which checks for a 2xx response.", SUCCESS, "httpx", False),
        ("REST framework provides an ad-hoc style for OPTIONS responses that returns some useful information.",
         METADATA, "rest framework", False),
        # A past deed the sections give to "we" is still no deed of the owner alone.
        ("Mara chose managed Kubernetes over running her own control plane.", CHOSE, "mara", True),
        ("Mara alone provides the response.is_success property.", SUCCESS, "mara", True),
    ],
)
def test_the_documentation_s_we_is_its_project(sentence: str, sections: Passage, owner: str, held: bool) -> None:
    assert actors.held(unit(sentence, fold, frozenset(owner.split())), [sections], docs=True) is held


TIMEOUTS = Passage.of("Timeout reference", (
    "If the function's timeout is larger than the gateway's, the gateway will cancel the request before the function "
    "finishes, resulting in a 502 or timeout error.\n"
    "Gateway: Variable upstream_timeout; Set via Helm gateway.upstreamTimeout\n"
    "Function: Variable exec_timeout; Set via stack.yaml environment\n"
    "Function: Variable read_timeout; Set via stack.yaml environment"), fold)


@pytest.mark.parametrize(
    ("sentence", "held"),
    [
        # A table row of a careful answer (OpenFaaS, round 15), as the gate reads it: its cells parted by "; ", the
        # column's name before the last. "Function" is the first cell's, no actor of the last cell's "Set".
        ("Function; ,,; Set via stack.yaml", False),
        ("Function; exec_timeout, read_timeout, write_timeout; Set via stack.yaml environment", False),
    ],
)
def test_a_word_across_a_semicolon_is_no_actor(sentence: str, held: bool) -> None:
    assert actors.held(unit(sentence, fold), [TIMEOUTS]) is held


KAFKA = Passage.of("What I built", (
    "I proposed Apache Kafka as the backbone and wrote the decision record for it (see the decisions). Each service "
    "publishes its domain events, such as shipment booked, shipment scanned or invoice issued, to topics it owns. "
    "Services write their events through a transactional outbox in PostgreSQL."), fold)
EARLIER = Passage.of("Earlier", "That is where I learned to read other people's code and to write tests first.", fold)


@pytest.mark.parametrize(
    ("sentence", "sections", "owner", "docs", "held"),
    [
        # A present is what a thing does as a rule, even where the sections' past of the verb is the owner's.
        ("The booking service writes the shipments.scanned topic, which tracking and alerts read.", KAFKA,
         "mara lindqvist", False, False),
        ("The platform team wrote the decision record for Kafka.", KAFKA, "mara lindqvist", False, True),
        # A subject pronoun is no preposition's object: "early on, she learned" is the owner's deed.
        ("At two consultancies early on, she learned to write tests first.", EARLIER, "mara lindqvist", False,
         False),
    ],
)
def test_a_deed_of_i_and_a_past_after_a_preposition(
    sentence: str, sections: Passage, owner: str, docs: bool, held: bool
) -> None:
    assert actors.held(unit(sentence, fold, frozenset(owner.split())), [sections], docs=docs) is held


def _portfolio(text: str) -> Gate:
    """A gate on a portfolio of Mara Lindqvist's with one section: her record says "I" for her work, "we" for a team's."""
    record = record_of(docs_section("work", "Work", text))
    return Gate(record, Lexicon([]), site=Site.of(record, Lexicon([]), owner="Mara Lindqvist · Platform engineer"))


@pytest.mark.parametrize(
    ("section", "sentence", "expected"),
    [
        # A portfolio's "we" is a team: the owner's present where it says "we" is no deed of hers alone (review of
        # 59e33ec); a project's documentation's "we" is its project (above).
        ("We maintain the scheduler.", "Mara maintains the scheduler [[work]].", "actor"),
        ("We maintain the scheduler.", "Mara's team maintains the scheduler [[work]].", "shown"),
        # A deed the sections give to "I", told of another, is held whatever it was done to (review of 04ca992): told of
        # a colleague the section names, so that the deed is what is weighed ...
        ("I built the deployment pipeline. Jonas joined the team later.", "Jonas built the release tooling [[work]].",
         "actor"),
        # ... where one the record never names is held as a name first (gate26)
        ("I built the deployment pipeline.", "Jonas built the release tooling [[work]].", "unknown_term"),
        ("I built the deployment pipeline.", "Mara built the deployment pipeline [[work]].", "shown"),
        # A past's actor before a preposition's noun is the noun the preposition follows: "engineers", not none.
        ("At Tessellate I designed the event schema.", "Engineers at Tessellate designed the event schema [[work]].", "actor"),
        # A light verb's deed is its noun's: "made a decision" is no deed of "I made every call idempotent".
        ("I made every call idempotent. We ran two weeks in shadow mode, deciding every payment without acting on it.",
         "The decision service made a decision on every payment [[work]].", "shown"),
        ("I made every call idempotent. We ran two weeks in shadow mode, deciding every payment without acting on it. "
         "Jonas joined the team later.", "Jonas made every call idempotent [[work]].", "actor"),
    ],
)
def test_a_portfolio_s_we_and_i(section: str, sentence: str, expected: str) -> None:
    assert fate(_portfolio(section), sentence) == expected


def test_a_possessive_and_a_word_in_ss_us_or_is_are_no_verbs() -> None:
    """A verb's present in -s never ends in -'s, -ss, -us or -is (issue 21, round 21): "the fraud team's audit trail"
    made "team's" a deed of the fraud team's, and "basis points" made "basis" one; a past is still read ("trail
    grew")."""
    assert [w for w in ("team's", "access", "status", "basis", "points", "moved", "took") if deeds.verbal(w)] == [
        "points", "moved", "took"]
    section = Passage.of("Fraud", "Docker's caching speeds up builds. The fraud team's audit trail grew. Fraud, basis "
                         "points of volume: 3.1. The access logs rotate daily.", fold)
    found, agents, _ = deeds.section_deeds(section)
    assert {"team", "basi", "basis"}.isdisjoint(found) and "fraud" not in agents
    assert "grow" in found
