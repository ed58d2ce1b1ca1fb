"""The gate's rules beyond the seeds (issue 11), on the example site's record: numbers, polarity, roles, proper
names, the site's own names, and sentences grounded by this turn's actions."""

from __future__ import annotations

from pathlib import Path

import pytest

from docent.sidecar.answer.bundle import Bundle
from docent.sidecar.answer.events import Held, Sentence
from docent.sidecar.answer.numbers import Quantity, quantities, unstated
from docent.sidecar.answer.policy import AnswerPolicy
from docent.sidecar.answer.turn import default_gate

BUNDLE = Bundle.load(Path(__file__).resolve().parents[1] / "evals" / "bundle.json")


def verdicts(reply: str, *acted: str) -> list[str]:
    """Each sentence's fate, in order: "shown", or the reason it was held."""
    gate = default_gate(BUNDLE, AnswerPolicy())
    gate.acted(*acted)
    events = [*gate.feed(reply), *gate.finish()]
    return ["shown" if isinstance(e, Sentence) else e.reason for e in events if isinstance(e, Sentence | Held)]


@pytest.mark.parametrize(
    ("sentence", "verdict"),
    [
        # The record says 31 %, four engineers, 40 minutes to 6, 22 weeks.
        ("The AWS bill fell by 31 % [[case-k8s-results]].", "shown"),
        ("The AWS bill fell by 61 % [[case-k8s-results]].", "number"),
        ("The AWS bill fell by thirty-one per cent [[case-k8s-results]].", "shown"),
        ("She mentors four mid-level engineers [[roles-alderway-leading]].", "shown"),
        ("She mentors twelve mid-level engineers [[roles-alderway-leading]].", "number"),
        ("A release went from 40 minutes to 6 [[case-k8s-results]].", "shown"),
        ("A release went from 40 minutes to 16 [[case-k8s-results]].", "number"),
        ("All forty services moved in 22 weeks [[case-k8s-results]].", "shown"),
        ("All 40 services moved in twenty-two weeks [[case-k8s-results]].", "shown"),
        ("All forty services moved in 22 months [[case-k8s-results]].", "number"),
        # A duration is compared as one: half a minute is 30 seconds; a fortnight is not a week.
        ("The fast leak ends in an OutOfMemoryError within 30 seconds of heap time [[lab-leak-reading]].", "shown"),
        ("Mentoring is a fortnightly hour per person [[how-review]].", "shown"),
        ("Mentoring is a weekly hour per person [[how-review]].", "number"),
        # A table's number takes its column's unit: "wave 3: ...; weeks 5".
        ("The third wave moved 12 Kafka consumers in 5 weeks [[case-k8s-approach]].", "shown"),
        # The digits of a name are no number: 3-D, p99, Java 17 when the section says so.
        ("Decision latency at p99 was 48 ms with 3-D Secure 2 [[case-3ds-results]].", "shown"),
    ],
)
def test_every_number_a_sentence_states_is_one_its_sections_state(sentence: str, verdict: str) -> None:
    assert verdicts(sentence) == [verdict]


def test_quantities_read_digits_words_ranges_and_units() -> None:
    said = [q.said() for q in quantities("From 410 to 160 ms, 1.8 million cards, 71%, a nine-broker cluster, an hour")]
    assert said == ["0.41 s", "0.16 s", "1.8e+06", "71 %", "9", "3600 s"]
    assert quantities("PSD2, p99, v1.2.3 and ISO-8601, one of the teams, a second engineer") == ()
    # A section's bare number vouches for any unit; a sentence's bare number needs a bare one.
    assert unstated(quantities("3 weeks"), frozenset({Quantity(3.0, "", 3.0)})) == []
    assert unstated(quantities("nine brokers"), frozenset(quantities("nine months"))) != []


@pytest.mark.parametrize(
    ("sentence", "verdict"),
    [
        ("She does not review code [[roles-alderway-leading]].", "polarity"),
        ("Nobody reports to her [[roles-alderway-leading]].", "shown"),
        ("She leads without managing [[roles-alderway-leading]].", "shown"),
        ("Mara Lindqvist manages a team of engineers who report to her [[roles-alderway-leading]].", "polarity"),
        ("She was the engineering manager of the 3-D Secure 2 programme [[roles-alderway-leading]].", "polarity"),
        ("The rollout had no incident that reached a cardholder [[case-3ds-results]].", "shown"),
        # A denial must deny the same thing: two words in common, not one ("producers").
        ("Consumers could not be added without changes to the producers [[adr-kafka-consequences]].", "polarity"),
        ("One incident during the rollout reached cardholders [[case-3ds-results]].", "polarity"),
        # The opposite word: the record says bounded, and fell.
        ("She replaced the map with a bounded Caffeine cache [[case-leak-cause]].", "shown"),
        ("She replaced the map with an unbounded Caffeine cache [[case-leak-cause]].", "polarity"),
        ("The AWS bill rose by 31 % [[case-k8s-results]].", "polarity"),
        # "No jitter" denies a thing an answer may name freely: one word is not enough to contradict it.
        ("With jitter the retries spread out and the service recovers as soon as it is up [[lab-storm-reading]].", "shown"),
    ],
)
def test_a_denial_needs_the_records_denial_and_an_affirmation_must_not_contradict_one(sentence: str, verdict: str) -> None:
    assert verdicts(sentence) == [verdict]


@pytest.mark.parametrize(
    ("sentence", "verdict"),
    [
        ("She leads without managing and mentors mid-level engineers [[roles-alderway-leading]].", "shown"),
        ("She manages three teams of about six engineers each [[roles-alderway]].", "role"),
        ("She chairs the bank's architecture board for anything that touches card data [[roles-alderway-scope]].", "role"),
        ("She sits on the bank's architecture board for anything that touches card data [[roles-alderway-scope]].", "shown"),
        ("A colleague wrote the template and the migration runbook [[case-k8s-approach]].", "role"),
        ("She attends the monthly architecture hour [[roles-alderway-leading]].", "role"),
        # A title after "reports to the" is someone else's.
        ("She reports to the head of card engineering [[roles-alderway]].", "shown"),
        ("She heads card engineering at Alderway Bank [[roles-alderway]].", "role"),
        # A thing that leads someone to something caused it; a person who led is a role, and so is "led to".
        ("Tracing the authorisation path led the team to the connection pool [[adr-otel-consequences]].", "shown"),
        ("She led the team to the connection pool [[adr-otel-consequences]].", "role"),
        ("Tracing led to the connection pool [[adr-otel-consequences]].", "role"),
    ],
)
def test_roles_and_attributions_only_in_the_records_words(sentence: str, verdict: str) -> None:
    assert verdicts(sentence) == [verdict]


def test_two_lexicon_entries_that_share_a_name_are_one_term() -> None:
    # "outbox" names Transactional outbox; the section's heading says "transactional outbox", which the example's
    # lexicon gives first as an alias of Outbox pattern, whose entry names the other as its alias.
    assert BUNDLE.matcher.same["Transactional outbox"] == {"Transactional outbox", "Outbox pattern"}
    assert verdicts("The outbox costs a delay of a second with polling [[adr-outbox-consequences]].") == ["shown"]
    assert verdicts("The outbox costs a delay of a second with polling [[lab-storm]].") == ["unknown_term"]


@pytest.mark.parametrize(
    ("sentence", "verdict"),
    [
        ("Since March 2021 she has been a staff engineer at Alderway Bank [[roles-alderway]].", "shown"),
        ("Since March 2021 she has been a staff engineer at Tessellate Freight [[roles-alderway]].", "unknown_term"),
        ("Tessellate's pricing API latency fell [[roles-alderway-results]].", "unknown_term"),
        # A case page's opening paragraph names its employer for every section of the page; another's is held.
        ("She designed the authentication decision service at Alderway Bank [[case-3ds-approach]].", "shown"),
        ("She designed the authentication decision service at Tessellate Freight [[case-3ds-approach]].", "unknown_term"),
        # A section mentions its own title and its page's title: this section never repeats "Kubernetes".
        ("All forty services moved to Kubernetes in 22 weeks without a customer-facing outage [[case-k8s-results]].", "shown"),
    ],
)
def test_a_proper_name_must_be_one_the_cited_sections_or_their_page_mention(sentence: str, verdict: str) -> None:
    assert verdicts(sentence) == [verdict]


def test_the_sites_names_pass_the_first_person_rule_with_or_without_quote_marks() -> None:
    assert verdicts("How I work says she reviews code [[how-review]].") == ["shown"]
    assert verdicts('"How I work" says she reviews code [[how-review]].') == ["shown"]
    assert verdicts("I review code [[how-review]].") == ["first_person"]


def test_a_sentence_that_restates_this_turns_action_is_grounded_by_it() -> None:
    assert verdicts("The CV is open.", "CV") == ["shown"]
    assert verdicts("Get in touch is open. You can press Write an email.", "Get in touch", "Write an email") == [
        "shown",
        "shown",
    ]
    assert verdicts("The topic now reads A role.", "What is it about?", "topic", '"role" (A role)') == ["shown"]
    # It counts as the answer's citation: a short connective before it is let through too.
    assert verdicts("Here it is. The CV is open.", "CV") == ["shown", "shown"]
    # Anything beyond the manifest's words still needs the record ...
    assert verdicts("The CV is open. It lists every role she has held so far.", "CV") == ["shown", "uncited"]
    # (a connective short enough to pass uncited still states no figure the answer has not cited)
    assert verdicts("The CV is open. She led a team of ten.", "CV") == ["shown", "number"]
    assert verdicts("Two things. The CV is open.", "CV") == ["shown", "shown"]
    assert verdicts("The CV is open and shows her best work.", "CV") == ["never_cited"]
    # ... a claim that the button did something is no restatement of offering it ...
    assert verdicts("Your email was sent.", "Write an email") == ["never_cited"]
    # ... and without an action, a name is no citation.
    assert verdicts("The CV is open.") == ["never_cited"]


def test_a_card_may_name_what_the_sites_names_name() -> None:
    gate = default_gate(BUNDLE, AnswerPolicy())
    assert gate.vet("Kafka") is None  # the page "Kafka event backbone"
    assert gate.vet("Rust") is not None
    assert gate.vet("How I work") is None


def test_the_new_reasons_are_told_to_the_visitor_and_to_the_next_note() -> None:
    from docent.sidecar.answer.screen import HELD_DEFAULT, HELD_WORDS

    policy = AnswerPolicy()
    for reason in ("number", "polarity", "role"):
        assert reason in policy.held_message(reason) or "held back" in policy.held_message(reason)
        assert policy.held_message(reason) != policy.held_message("no_such_reason")
        assert HELD_WORDS.get(reason, HELD_DEFAULT) != HELD_DEFAULT


def test_a_bare_number_after_a_figure_takes_its_unit() -> None:
    stated = frozenset(quantities("It restarted about every nine days; a peak made it every four days."))
    assert unstated(quantities("every four days instead of about every nine"), stated) == []
    assert unstated(quantities("every four days instead of about every eight"), stated) == [Quantity(8.0, "", 8.0)]
    # With no figure before it, a bare number is no figure of the section's: "a nine-broker cluster".
    assert unstated(quantities("a nine-broker cluster"), stated) == [Quantity(9.0, "", 9.0)]
    assert verdicts("A peak made the gateway restart every four days instead of about every nine "
                    "[[case-leak-context]].") == ["shown"]


def test_what_a_section_says_could_not_be_done_is_no_plan() -> None:
    # adr-otel: "a slow payment could not be followed from the gateway to the core" tells no hypothetical following.
    assert verdicts("The OpenTelemetry decision followed in April 2023 [[adr-otel]].") == ["shown"]


def test_a_name_of_the_section_s_heading_path_is_its_place_not_a_reason() -> None:
    # roles-tessellate-results sits under the Tessellate Freight role; its text never names the company.
    assert verdicts("The 31 % cut in the AWS bill came from the Kubernetes migration at Tessellate "
                    "[[roles-tessellate-results]].") == ["shown"]
    assert verdicts("The 31 % cut in the AWS bill came from the Kafka backbone's Debezium relay "
                    "[[roles-tessellate-results]].") != ["shown"]


def test_a_denial_of_what_the_sections_ask_whether_to_do_is_left_undecided() -> None:
    # adr-kafka: "the question was whether to stretch it" (RabbitMQ); the decision keeps it for work queues.
    assert verdicts("The team kept RabbitMQ for work queues instead of stretching it to carry domain events "
                    "[[adr-kafka, adr-kafka-decision]].") == ["shown"]
    assert verdicts("The team kept RabbitMQ for work queues and never used Kafka for domain events "
                    "[[adr-kafka, adr-kafka-decision]].") == ["polarity"]


def test_a_comparative_whose_first_side_stands_before_than() -> None:
    # case-3ds-results: "fraud, basis points of volume: 3-D Secure 1 3.1; 3-D Secure 2 2.4".
    assert verdicts("Fraud was higher under 3-D Secure 2 than under 3-D Secure 1 [[case-3ds-results]].") == [
        "direction"]
    assert verdicts("Fraud was lower under 3-D Secure 2 than under 3-D Secure 1 [[case-3ds-results]].") == ["shown"]


def test_a_quotation_in_the_first_person_is_the_documentation_s_words_on_a_docs_site_never_a_portfolio_s() -> None:
    from docent.schema import Block
    from docent.schema import RecordSection as Section
    from docent.schema.manifest import Manifest
    from docent.sidecar.answer.gate import Gate
    from docent.sidecar.answer.lexicon import Lexicon
    from docent.sidecar.answer.site import Site

    # A portfolio's record is in its owner's voice: quoted, it is still the guide speaking as her.
    assert verdicts('Her page says "I review code and mentor mid-level engineers" [[how-review]].') == ["first_person"]
    record = {"update": Section.of("update", page="updating", path="/updating/#update", headings=("Updating",), blocks=(
        Block("paragraph", 'Before it overwrites a file, Copier asks "Do I want to overwrite it?" and waits.'),))}
    lexicon = Lexicon([{"term": "Copier", "aliases": []}])
    policy = AnswerPolicy.for_site(Manifest(kind="docs"))

    def docs(reply: str) -> list[str]:
        gate = Gate(record, lexicon, site=Site.of(record, lexicon, docs=True), policy=policy)
        return [e.text if isinstance(e, Sentence) else e.message for e in [*gate.feed(reply), *gate.finish()]]

    said = 'Before it overwrites a file, Copier asks "Do I want to overwrite it?" [[update]].'
    assert docs(said) == ['Before it overwrites a file, Copier asks "Do I want to overwrite it?"']
    # Words the section does not write, or an "I" outside the quotation, are the guide's own: held, in a docs site's words.
    held = "A sentence was held back: it spoke in the first person, and the guide only tells what the documentation says."
    assert docs('Before it overwrites a file, Copier asks "Do I want to delete it?" [[update]].') == [held]
    assert docs('I think Copier asks "Do I want to overwrite it?" before it overwrites a file [[update]].') == [held]
    assert AnswerPolicy.for_site(Manifest()).held_message("first_person") == AnswerPolicy.HELD["first_person"]


def test_a_held_cited_sentence_is_read_again_uncited_only_where_an_action_was(monkeypatch: pytest.MonkeyPatch) -> None:
    """A cited sentence the rules hold that restates this turn's action is shown without its citation ("The CV is
    open. [[how-review]]"). The uncited copy of its draft it is read again as (`Draft._replace`, some 10 k
    instructions) is made only where there was an action: without one, no sentence is a confirmation (issue 26)."""
    from docent.sidecar.answer.rules import Draft

    replaced: list[dict[str, object]] = []
    original = Draft._replace
    monkeypatch.setattr(Draft, "_replace", lambda self, **kw: replaced.append(kw) or original(self, **kw))
    assert verdicts("The CV is open [[how-review]]. She led a team of ten [[how-review]].") == ["no_overlap"] * 2
    assert replaced == []
    assert verdicts("The CV is open [[how-review]].", "CV") == ["shown"]
    assert replaced == [{"ids": ()}]
