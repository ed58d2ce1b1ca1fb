"""The gate's construction rules (issue 21), on the example site's record: each falsehood held for its reason, and
the same construction used truthfully shown."""

from __future__ import annotations

from pathlib import Path

import pytest

from docent.sidecar.answer.bundle import Bundle
from docent.sidecar.answer.policy import AnswerPolicy
from docent.sidecar.answer.turn import default_gate
from tests.sidecar.gating import fate

BUNDLE = Bundle.load(Path(__file__).resolve().parents[1] / "evals" / "bundle.json")


def verdict(sentence: str) -> str:
    """The sentence's fate as a one-sentence answer: "shown", or the reason it was held."""
    return fate(default_gate(BUNDLE, AnswerPolicy()), sentence)


def _cases(reason: str, held: list[str], shown: list[str]) -> list[tuple[str, str]]:
    return [(s, reason) for s in held] + [(s, "shown") for s in shown]


@pytest.mark.parametrize(
    ("sentence", "expected"),
    _cases(
        "order",
        held=[
            # The section lists the steps 1 to 5; the ramp went 1 %, 10 %, 50 %; polling came before Debezium.
            "In the flow, the decision service scores the request before the directory server routes it [[case-3ds-approach]].",
            "The rollout went by card range: 50 %, 10 %, 1 %, then everyone [[case-3ds-results]].",
            "The relay first read the write-ahead log with Debezium, then polled the table [[case-kafka-hard]].",
            "Mara became the lead of a new platform team, and later joined the booking team as a senior backend engineer [[roles-tessellate]].",
            "The gateway died with an OutOfMemoryError, then slowed down for an hour [[case-leak-context]].",
            "Weighted DNS moved traffic from 100 % to 5 % over days [[case-k8s-hard]].",
            "The last wave of the migration moved the read-only APIs [[case-k8s-approach]].",
            "Mara joined Tessellate Freight before she worked at two consultancies [[roles-tessellate, roles-earlier]].",
            # Two decisions named by their sections' titles, ordered by the dates the sections state.
            "The OpenTelemetry decision was accepted before the gRPC decision [[adr-otel, adr-grpc]].",
            "The OpenTelemetry decision was accepted at Alderway, preceding the gRPC decision [[adr-otel, adr-grpc]].",
        ],
        shown=[
            "In the flow, the directory server routes the request before the decision service scores it [[case-3ds-approach]].",
            "The rollout went by card range: 1 %, 10 %, 50 %, then everyone [[case-3ds-results]].",
            "The relay first polled the table, then read the write-ahead log with Debezium [[case-kafka-hard]].",
            "Mara joined the booking team as a senior backend engineer, and later became the lead of a new platform team [[roles-tessellate]].",
            "The gateway slowed down for an hour, then died with an OutOfMemoryError [[case-leak-context]].",
            "The last wave of the migration moved booking and invoicing [[case-k8s-approach]].",
            "Mara worked at two consultancies before she joined Tessellate Freight [[roles-tessellate, roles-earlier]].",
            "After the event backbone, Tessellate still ran forty services on about ninety virtual machines [[case-k8s-context]].",
            "The gRPC decision was accepted before the OpenTelemetry decision [[adr-grpc, adr-otel]].",
            "Mara paired with each team on its first migrated service [[case-k8s-approach]].",
        ],
    ),
)
def test_order(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    _cases(
        "direction",
        held=[
            "The Java agent cut CPU use by about 4 %, which the team measured [[adr-otel-consequences]].",
            "Packing services onto more, smaller nodes cut the AWS bill [[case-k8s-results]].",
            "Backoff alone moves the spike earlier [[lab-storm-lesson]].",
            "Debugging by hand became easier for the services that moved [[adr-grpc-consequences]].",
            "The pricing API's p99 latency climbed after the event-refreshed cache [[roles-tessellate-results]].",
            # Two rows of a table compared by their figures.
            "invoices.issued has more partitions than shipments.booked [[case-kafka-approach]].",
            "Wave 2 of the migration moved more services than wave 3 [[case-k8s-approach]].",
            # Saved against added; small against large.
            "The Java agent saved about 4 % CPU, which the team measured [[adr-otel-consequences]].",
            "Packing services onto fewer, small nodes cut the AWS bill [[case-k8s-results]].",
        ],
        shown=[
            "The Java agent added about 4 % CPU, which the team measured [[adr-otel-consequences]].",
            "Packing services onto fewer, larger nodes cut the AWS bill [[case-k8s-results]].",
            "Backoff alone only moves the spike later [[lab-storm-lesson]].",
            "Debugging by hand became harder for the services that moved [[adr-grpc-consequences]].",
            "Mara grew the platform team from two engineers to four [[roles-tessellate-leading]].",
            "shipments.scanned has more partitions than invoices.issued [[case-kafka-approach]].",
            "Wave 3 of the migration moved more services than wave 2 [[case-k8s-approach]].",
        ],
    ),
)
def test_direction(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    _cases(
        "actor",
        held=[
            "Mara alone ran two weeks in shadow mode [[case-3ds-hard]].",
            "Mara chose managed Kubernetes on AWS and Terraform [[case-k8s-approach]].",
            "The vendor designed the authentication decision service [[case-3ds-approach]].",
            "The merchant judges the risk from data the issuer sends [[case-3ds-context]].",
        ],
        shown=[
            "The team ran two weeks in shadow mode [[case-3ds-hard]].",
            "The team chose managed Kubernetes on AWS [[case-k8s-approach]].",
            "Mara designed the authentication decision service [[case-3ds-approach]].",
            "The issuer judges the risk from data the merchant sends [[case-3ds-context]].",
            "Mara wrote the template and the migration runbook [[case-k8s-approach]].",
        ],
    ),
)
def test_actor(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    _cases(
        "quantifier",
        held=[
            "Some services are instrumented with OpenTelemetry [[adr-otel-decision]].",
            "Mara paired with a few teams on their first migrated service [[roles-tessellate-leading]].",
            "Every payment passes without a challenge [[case-3ds-context]].",
            "Only some of the forty services moved in 22 weeks [[case-k8s-results]].",
            # "only X" where the section says all of them; "all N of" where it says two of the N.
            "Only the payment services are instrumented with OpenTelemetry [[adr-otel-decision]].",
            "She turned on GC logging on all six of the gateway's instances [[case-leak-approach]].",
        ],
        shown=[
            "All services are instrumented with OpenTelemetry [[adr-otel-decision]].",
            "Mara paired with every team on its first migrated service [[roles-tessellate-leading]].",
            "Most payments pass without a challenge [[case-3ds-context]].",
            "She mentors four mid-level engineers, a fortnightly hour each, and two engineers she mentored were promoted [[roles-alderway-leading]].",
            "She turned on GC logging on two of the gateway's six instances [[case-leak-approach]].",
            "RabbitMQ was kept only for work queues inside a service [[adr-kafka-decision]].",
        ],
    ),
)
def test_quantifier(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    _cases(
        "cause",
        held=[
            "Mara made every call idempotent because auditors asked for it [[case-3ds-hard]].",
            "The key table is partitioned by day so that lookups stay fast [[adr-idempotency-consequences]].",
            "Each service took about 40 minutes to release because it ran on Kubernetes [[case-k8s-context]].",
        ],
        shown=[
            "Mara made every call idempotent on the transaction id because the vendor retried on its own timeouts [[case-3ds-hard]].",
            "The key table is partitioned by day so that expiry is a dropped partition [[adr-idempotency-consequences]].",
            "Two outages in 2019 came from configuration that differed between machines [[case-k8s-context]].",
        ],
    ),
)
def test_cause(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("The key table is partitioned by day so that expiry is fast [[adr-idempotency-consequences]].", "cause"),
        # "means" carries no fact, and the alternative turned down ("instead of running ...") is no part of the reason.
        ("The key table is partitioned by day so that expiring keys means dropping a partition instead of running a slow "
         "delete [[adr-idempotency-consequences]].", "shown"),
        # The section's "keep it down after the outage": a side of one word tells no link turned round.
        ("Retries can keep the service down after the outage ends, because past twice its capacity it finishes almost "
         "nothing in time [[lab-storm]].", "shown"),
    ],
)
def test_a_reason_in_other_words(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    _cases(
        "rate",
        held=[
            "The backbone carried about 40 million events a second at its peak [[case-kafka-results]].",
            "Declined payments from gateway restarts were about 2,300 a week [[case-leak-results]].",
            # A unit with no figure, of a kind the section measures in another unit.
            "After the fix the old generation's floor was counted in gigabytes [[case-leak-results]].",
            "GC pauses at p99 are measured in seconds [[case-leak-results]].",
        ],
        shown=[
            "The backbone carried about 40 million events a day at its peak [[case-kafka-results]].",
            "Declined payments from gateway restarts, about 2,300 a month, went to zero [[case-leak-results]].",
            "The service can answer 400 calls a second [[lab-storm]].",
            "After the fix the old generation's floor was counted in megabytes [[case-leak-results]].",
            "GC pauses at p99 are measured in milliseconds [[case-leak-results]].",
            "The second step of the fix added an alert [[case-leak-results]].",
        ],
    ),
)
def test_rate(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    _cases(
        "hedge",
        held=[
            "Mara interviewed precisely eighty candidates [[roles-tessellate-leading]].",
            "The gateway restarted itself exactly every nine days [[case-leak-context]].",
            "The time-zone bug challenged every night-time payment in the first week [[case-3ds-lessons]].",
            "Mara introduced resource requests and limits on the first day [[case-k8s-lessons]].",
            # A plan where the section tells the deed; an obligation where it says what one can do.
            "The weekly restart was expected to be retired after the fix [[case-leak-results]].",
            "Any engineer must bring a design to the monthly architecture hour [[roles-alderway-leading]].",
        ],
        shown=[
            "The weekly restart was retired after the fix [[case-leak-results]].",
            "Any engineer can bring a design to the monthly architecture hour [[roles-alderway-leading]].",
            "Mara interviewed about eighty candidates [[roles-tessellate-leading]].",
            "The gateway restarted itself about every nine days [[case-leak-context]].",
            "The time-zone bug would have challenged every night-time payment in the first week [[case-3ds-lessons]].",
            "Mara would introduce resource requests and limits on the first day [[case-k8s-lessons]].",
        ],
    ),
)
def test_hedge(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    _cases(
        "reversal",
        held=[
            "The decision service was retired, and two other engineers took it over [[case-3ds-lessons]].",
            "Duplicate top-ups persisted in the following year [[adr-idempotency-consequences]].",
            "The bank dropped the certified vendor of the Access Control Server [[case-3ds-approach]].",
        ],
        shown=[
            "The decision service still runs; two other engineers have owned it since 2023 [[case-3ds-lessons]].",
            "Duplicate top-ups went to zero in the following year [[adr-idempotency-consequences]].",
            "The Access Control Server stayed with a certified vendor [[case-3ds-approach]].",
        ],
    ),
)
def test_reversal(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # A name from the heading path or the parent section: the sub-section leaves its employer unsaid.
        ("At Alderway Bank she leads without managing: nobody reports to her [[roles-alderway-leading]].", "shown"),
        ("At Tessellate Freight she leads without managing: nobody reports to her [[roles-alderway-leading]].", "unknown_term"),
        ("Tessellate kept RabbitMQ for work queues inside a service [[adr-kafka-decision]].", "shown"),
        ("At Alderway the team kept RabbitMQ for work queues inside a service [[adr-kafka-decision]].", "unknown_term"),
        # A negation in other words that denies what the section denies.
        ("The old generation's occupancy rose by about 40 MB a day without coming down [[case-leak-approach]].", "shown"),
        ("The old generation's occupancy rose by about 40 MB a day and came down [[case-leak-approach]].", "polarity"),
        # A sentence about what the record gives: its contrast denies nothing.
        ("The record gives the peak per day, not per second [[case-kafka-results]].", "shown"),
        ("The record gives the peak per day, and the backbone did not use Prometheus [[case-kafka-results]].", "polarity"),
        # A count of the sections cited is stated by the citation; another count is not.
        ("Three of the decisions were accepted at Alderway Bank [[adr-idempotency, adr-grpc, adr-otel]].", "shown"),
        ("Four of the decisions were accepted at Alderway Bank [[adr-idempotency, adr-grpc, adr-otel]].", "number"),
        # Found and missed; a denial with an auxiliary ("nobody had guessed"); per cent for basis points.
        ("Shadow mode missed a time-zone bug in the velocity counters [[case-3ds-lessons]].", "reversal"),
        ("Most slow systems were slow for a reason everyone had guessed [[how-measure]].", "polarity"),
        ("Fraud fell from 3.1 % to 2.4 % of volume with 3-D Secure 2 [[case-3ds-results]].", "rate"),
        ("Fraud fell from 3.1 to 2.4 basis points of volume with 3-D Secure 2 [[case-3ds-results]].", "shown"),
    ],
)
def test_what_the_gate_used_to_hold_and_what_it_still_must(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # A denial the section makes in other words: a counterfactual ("would have"), an ending ("was retired"),
        # its title's contrast, the subject before the negation.
        ("Alderway chose not to renew the vendor's contract [[adr-otel]].", "shown"),
        ("After the fix the gateway no longer had a weekly restart [[case-leak-results]].", "shown"),
        ("After the fix the gateway no longer had its alert on the old generation [[case-leak-results]].", "polarity"),
        ("All services are traced with OpenTelemetry rather than a vendor's agent [[adr-otel-decision]].", "shown"),
        # A light verb denied by the section ("never came down") is no contradiction of another subject's.
        ("A heap dump came at 80 % occupancy [[case-leak-approach]].", "shown"),
        ("She leads and manages engineers [[roles-alderway-leading]].", "polarity"),
        # Figures only: "6 minutes instead of 40" is the number rule's.
        ("A release took 6 minutes instead of 40 [[case-k8s-results]].", "shown"),
        ("A release took 6 minutes instead of 50 [[case-k8s-results]].", "number"),
    ],
)
def test_negation_in_other_words(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # A reason the section gives for another fact, sentences away from the effect.
        ("The AWS bill fell by 31 % because all forty services moved in 22 weeks [[case-k8s-results]].", "cause"),
        ("The 2019 outages had no successor because configuration had one source and one review [[case-k8s-results]].", "shown"),
    ],
)
def test_a_reason_told_for_another_effect(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # A section's denial is affirmed only within one clause of the sentence.
        ("Mara counted the entries in a test, then replaced the map with a bounded cache [[case-leak-cause]].", "shown"),
        ("Every lookup hit and the entries were replaced [[case-leak-cause]].", "polarity"),
        # "after an hour" is a duration, not an event; "preceded" orders two decisions.
        ("The Caffeine cache expires its entries after an hour [[case-leak-cause]].", "shown"),
        ("The OpenTelemetry decision preceded the gRPC decision [[adr-otel, adr-grpc]].", "order"),
        # Each unit with no figure on its own; a plan the sections never state.
        ("GC pauses grew from microseconds to seconds [[case-leak-context]].", "rate"),
        ("GC pauses grew from milliseconds to seconds [[case-leak-context]].", "shown"),
        ("Mara planned to write the migration runbook [[case-k8s-approach]].", "hedge"),
        ("Mara wrote the migration runbook [[case-k8s-approach]].", "shown"),
    ],
)
def test_general_causes_found_on_the_held_out_sets(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # The section's link turned round: "replay, so every handler checks" told as "replay because it checks".
        ("Consumers must survive a replay because every handler checks a processed-events table [[case-kafka-hard]].", "cause"),
        ("Every handler checks a processed-events table because consumers must survive a replay [[case-kafka-hard]].", "shown"),
        # Another reason, of the section's words, for what the section gives its own reason ("mostly from packing").
        ("The AWS bill fell by 31 % because teams released about four times as often [[case-k8s-results]].", "cause"),
        ("The AWS bill fell by 31 % because services were packed onto fewer, larger nodes [[case-k8s-results]].", "shown"),
        # The section's reason for another thing of the same sentence ("..., and made every call idempotent because").
        ("Mara kept the hot path to one PostgreSQL query because the vendor retried on its own timeouts [[case-3ds-hard]].", "cause"),
        # One link's reason given for another link's thing.
        ("Scans of one shipment must be read in order, so every handler checks a processed-events table [[case-kafka-hard]].", "cause"),
        ("Scans of one shipment must be read in order, so the key is the shipment id [[case-kafka-hard]].", "shown"),
        # A chain the unit tells ("a cache never evicted ...: its entries survive, so the floor rises"); a goal told
        # after "because" where the section says "so that"; "since" a date is no reason.
        ("The leak is a cache that is never evicted, so the old generation's floor rises [[lab-leak]].", "shown"),
        ("Mara paired with each team on its first service because the knowledge had to stay with the teams [[case-k8s-approach]].", "shown"),
        ("Since March 2021 Mara has been a staff engineer at Alderway Bank, working across three teams [[roles-alderway]].", "shown"),
        # A reason that opens the sentence has its effect after it: two sentences apart in the section.
        ("Because Alderway Bank issues about 1.8 million cards, the European rules on Strong Customer Authentication "
         "were enforced from 2021 [[case-3ds-context]].", "cause"),
        ("Because the issuer judges the risk from data the merchant sends, most payments pass without a challenge "
         "[[case-3ds-context]].", "shown"),
    ],
)
def test_causal_links_compared_with_the_sections(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # A figure bound to the other alternative of the section's sentence: "a second with polling, under 100 ms
        # with Debezium"; a table row's cells "3-D Secure 1 14 %; 3-D Secure 2 4.2 %".
        ("The delay was under 100 ms with polling [[adr-outbox-consequences]].", "direction"),
        ("The delay was under 100 ms with Debezium [[adr-outbox-consequences]].", "shown"),
        ("The delay went from a second with polling to under 100 ms with Debezium [[adr-outbox-consequences]].", "shown"),
        ("Abandoned challenges were at 4.2 % under 3-D Secure 1 [[case-3ds-results]].", "direction"),
        ("Abandoned challenges were at 4.2 % under 3-D Secure 2 [[case-3ds-results]].", "shown"),
        # Both figures in one part, a part that is no alternative ("on a six-broker cluster"), a table's columns.
        ("Fraud fell from 3.1 to 2.4 basis points of volume [[case-3ds-results]].", "shown"),
        ("At its peak the backbone carried about 40 million events a day on a six-broker cluster [[case-kafka-results]].", "shown"),
        ("The third wave moved 12 Kafka consumers in 5 weeks [[case-k8s-approach]].", "shown"),
        # A table's labelled rows ("wave 4: ... customer-facing APIs"): a row named by its label or its ordinal
        # says what only another row says.
        ("Wave 5 moved the customer-facing APIs [[case-k8s-approach]].", "direction"),
        ("Wave 4 moved the customer-facing APIs in six weeks [[case-k8s-approach]].", "shown"),
        ("The second wave moved the read-only APIs [[case-k8s-approach]].", "shown"),
        ("The last wave moved booking and invoicing [[case-k8s-approach]].", "shown"),
        ("Wave 3 was the largest of the waves [[case-k8s-approach]].", "shown"),
    ],
)
def test_figures_bound_to_the_sections_alternatives(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # A deed of a list of the owner's ("I kept ..., moved ..., and made every call idempotent"): hers, though
        # "made" is a stop word; a passive has no actor.
        ("The vendor made every call idempotent on the transaction id [[case-3ds-hard]].", "actor"),
        ("Mara made every call idempotent on the transaction id [[case-3ds-hard]].", "shown"),
        ("Every call was made idempotent on the transaction id [[case-3ds-hard]].", "shown"),
        # Two deeds of one verb ("the first two teams wrote their own", "I wrote the library"): the one done to
        # what the sentence's verb is done to decides.
        ("The first two teams wrote the library [[case-kafka-lessons]].", "actor"),
        ("Mara wrote the library [[case-kafka-lessons]].", "shown"),
        ("The first two teams wrote their own library and got retries subtly wrong [[case-kafka-lessons]].", "shown"),
    ],
)
def test_whose_deed_in_the_sections_own_clause(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # A side that opens the sentence with the other side's preposition, read against the table's figures.
        ("With 3-D Secure 2, more cardholders abandoned challenges than with 3-D Secure 1 [[case-3ds-results]].", "direction"),
        ("With 3-D Secure 1, more cardholders abandoned challenges than with 3-D Secure 2 [[case-3ds-results]].", "shown"),
        # A side after the measure ("more time for building than for teaching") where the section gives both the same.
        ("Next time, Mara would budget more time for building than for teaching [[case-k8s-lessons]].", "direction"),
        ("Mara would budget the same time for teaching as for building again [[case-k8s-lessons]].", "shown"),
    ],
)
def test_comparisons_sides_where_they_stand(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # One alternative told as the other's: the section prefers what the sentence turns down.
        ("Mara would rather ship one large release in a week than several small ones in a day [[how-releasing]].", "reversal"),
        ("Mara would rather ship several small releases in a day than one large one in a week [[how-releasing]].", "shown"),
        ("Mara prefers a long meeting to a short written proposal [[how-teams]].", "reversal"),
        ("Mara prefers a short written proposal to a long meeting [[how-teams]].", "shown"),
        ("Mara paired with each team so that the knowledge stayed with her rather than with the teams [[case-k8s-approach]].", "reversal"),
        # "failed to end" denies what the section says ended; "ended" is no denial of the ending itself.
        ("The memory leak fix failed to end the payment gateway's weekly restarts [[roles-alderway-results]].", "polarity"),
        ("The memory leak fix ended the payment gateway's weekly restarts [[roles-alderway-results]].", "shown"),
        ("After the fix the gateway no longer needed its weekly restart [[roles-alderway-results]].", "shown"),
    ],
)
def test_preferences_and_failures_told_the_other_way(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # A hedge after the figure ("a second or so"; "a second" is one, "400 calls a second" a rate) and "all
        # the way to" as exact as "exactly".
        ("After giving up, each client asks again exactly one second later [[lab-storm]].", "hedge"),
        ("After giving up, each client asks again a second or so later [[lab-storm]].", "shown"),
        ("The service can answer exactly 400 calls a second [[lab-storm]].", "shown"),
        ("The connection pool took p99 from 410 ms all the way to 160 ms [[adr-otel-consequences]].", "hedge"),
        ("The connection pool took p99 from 410 ms towards 160 ms [[adr-otel-consequences]].", "shown"),
    ],
)
def test_hedges_after_the_figure(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected
