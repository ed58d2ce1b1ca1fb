"""Faithful readings of round 21 (issue 21, faithful21): a version named by its letter in a heading ("What's new in
V1") states its number; "since" relates its word to the next, as a preposition does, and pairs no term; an item's
label set in emphasis ("- **Observability:** ...") names its topic and states no term. Each with a falsehood the gate
still holds."""

from __future__ import annotations

import pytest

from docent.sidecar.answer import numbers, reversal
from docent.sidecar.answer.lexicon import Lexicon
from docent.sidecar.answer.passage import Passage, unit
from docent.sidecar.answer.words import fold
from tests.sidecar.gating import docs_section, fates, record_of, verdicts

DROPPED = docs_section("dropped", "Backwards incompatible", "python 3.6 is no longer supported.", "What's new in V1")
CSRF = docs_section("csrf", "CSRF", "csrf=True is no longer required with cookie based authentication.", "What's new in V1")
versions = verdicts(
    DROPPED, docs_section("loader", "Loader", "Since version 2 the loader reads TOML files from the project root."), CSRF)


def test_a_version_named_by_its_letter_states_its_number() -> None:
    stated = numbers.stated("What's new in V1\nUse v2.3, not v1.2.3 or dev9")
    assert {q.value for q in stated} == {1.0, 2.3}


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("As of 1.0, Python 3.6 is no longer supported [[dropped]].", "shown"),
        ("Python 3.6 is no longer supported since version 1.0 [[dropped]].", "shown"),
        ("Python 3.6 is no longer supported since version 2.0 [[dropped]].", "number"),
        ("Python 3.7 is no longer supported [[dropped]].", "number"),
    ],
)
def test_a_heading_version_vouches_for_its_number(sentence: str, expected: str) -> None:
    assert versions(sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Since version 1, csrf=True is no longer required with cookie based authentication [[csrf]].", "shown"),
        ("Since version 1, cookie based authentication reads files from the project root [[csrf]].", "actor"),
    ],
)
def test_since_pairs_no_term(sentence: str, expected: str) -> None:
    assert versions(sentence) == expected


OTEL = record_of(docs_section("otel", "Decision", "All services are instrumented with OpenTelemetry."))
LEXICON = Lexicon([{"term": "Observability", "aliases": []}, {"term": "Kafka", "aliases": []}])


@pytest.mark.parametrize(
    ("item", "expected"),
    [
        ("- **Observability:** all services are instrumented with OpenTelemetry [[otel]].", "shown"),
        ("- **Observability**: all services are instrumented with OpenTelemetry [[otel]].", "shown"),
        ("- **Tracing:** all services are instrumented with Kafka [[otel]].", "unknown_term"),
        ("- All services are instrumented with OpenTelemetry for Observability [[otel]].", "unknown_term"),
        ("- **Observability:** [[otel]]", "unknown_term"),
    ],
)
def test_an_items_emphasised_label_states_no_term(item: str, expected: str) -> None:
    out = [e for e in fates(OTEL, f"What it covers:\n\n{item}\n", LEXICON) if e != "shown"]
    assert out == ([] if expected == "shown" else [expected])


# Step 2: the site's own name pairs nothing; a figure the cited sections state is written there; "no longer" compares
# no length; "still" against a section's "no longer" is a reversal.
ninja = verdicts(
    DROPPED, CSRF,
    docs_section("features", "Features", "Django Ninja 1.0 adds routers. In version 1.0 schemas are faster."),
    docs_section("timeout", "Timeout", "The read timeout became longer in this release."),
    owner="Django Ninja", docs=True,
)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Django Ninja 1.0 dropped support for python 3.6 [[dropped]].", "shown"),
        ("Since version 1.0, cookie based authentication no longer needs csrf=True [[csrf]].", "shown"),
        ("Since version 2.0, cookie based authentication no longer needs csrf=True [[csrf]].", "number"),
        ("Django Ninja 1.0 adds routers and no longer supports python 3.6 [[dropped]].", "actor"),
        ("You still need to pass csrf=True with cookie based authentication [[csrf]].", "reversal"),
        ("The read timeout became shorter in this release [[timeout]].", "direction"),
    ],
)
def test_a_heading_version_and_the_sites_name_are_no_other_sections_fact(sentence: str, expected: str) -> None:
    assert ninja(sentence) == expected


# "no longer than 63 characters" bounds a length: the direction rule reads its "longer", and no state ends in it.
LENGTH = "A function's name can be no longer than 63 characters."


def test_no_longer_than_bounds_a_length() -> None:
    length = verdicts(docs_section("names", "Function names", LENGTH))
    assert length("A function's name can be no shorter than 63 characters [[names]].") == "direction"
    assert length("A function's name can be no longer than 63 characters [[names]].") == "shown"


def test_no_longer_than_ends_nothing() -> None:
    still = unit("A function's name is still limited to 63 characters.", fold)
    assert not reversal.held(still, [Passage.of("names", LENGTH, fold)])
    assert reversal.held(still, [Passage.of("names", "A function's name is no longer limited to 63 characters.", fold)])


# A letter-version states a version: it vouches for a figure written as one ("version 2", "Django Ninja 1.0"), not for
# a count; and a sentence's period after it ("new in v2.") ends no name.
WORKERS = (
    docs_section("pods", "Pods", "Each pod runs 4 workers.", "What's new in V2"),
    docs_section("flag", "Flags", "The --strict flag is new in v2."),
)


def test_a_letter_version_states_a_version_no_count() -> None:
    assert {(q.value, q.unit) for q in numbers.stated("What's new in V2\nThe flag is new in v3.")} == {
        (2.0, "version"), (3.0, "version")}
    assert [q.other for q in numbers.quantities("Django Ninja 1.0 runs 2 workers", project=(("django", "ninja"),))] == [
        (numbers.Quantity(1.0, "version", 1.0, parts=(1,)),), ()]


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Each pod runs 2 workers [[pods]].", "number"),
        ("Since version 2, each pod runs 4 workers [[pods]].", "shown"),
        ("Since release 3, each pod runs 4 workers [[pods]].", "number"),
        ("Since version 2, the --strict flag is available [[flag]].", "shown"),
        ("The --strict flag is new in 2.0 [[flag]].", "number"),
    ],
)
def test_a_letter_version_vouches_only_for_a_version(sentence: str, expected: str) -> None:
    assert verdicts(*WORKERS)(sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Django Ninja 2.0 runs 4 workers in each pod [[pods]].", "shown"),
        ("Django Ninja 3.0 runs 4 workers in each pod [[pods]].", "number"),
    ],
)
def test_a_version_after_a_masked_name(sentence: str, expected: str) -> None:
    # its names are masked before numbers are read; the project's name makes a version of the figure after it
    assert verdicts(*WORKERS, names=["Django Ninja"], owner="Django Ninja", docs=True)(sentence) == expected


# The site's name pairs nothing written whole; a word of it alone ("docker" on "Docker Mailserver") pairs as any word.
mailserver = verdicts(
    docs_section("intro", "Introduction", "Docker Mailserver runs in a single container."),
    docs_section("relay", "Relay hosts", "Outgoing mail can be sent through a relay host."),
    docs_section("events", "Events", "Mounting the docker socket lets the container read events."),
    owner="Docker Mailserver", docs=True,
)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Docker Mailserver can send outgoing mail through a relay host [[relay]].", "shown"),
        ("Outgoing mail can be sent through a relay host over the docker socket [[relay]].", "actor"),
    ],
)
def test_the_sites_name_pairs_nothing_written_whole(sentence: str, expected: str) -> None:
    assert mailserver(sentence) == expected


# Versions are compared part by part, as whole numbers: "v1.1" is no "1.10", though 1.1 == 1.10 as floats. A dotted
# figure is a version only after a version's wording ("v", "version", "release", "Python", the project's name), not
# after any capitalised word ("Set 1.5 as the ratio" states a ratio).
releases = verdicts(
    docs_section("pool", "Pool", "The pool keeps 4 connections.", "What's new in v1.1"),
    docs_section("ratio", "Ratio", "The default ratio is 2.5.", "What's new in v1.5"),
)


def test_versions_compare_part_by_part() -> None:
    (eleven,), (tenth,) = numbers.stated("What's new in v1.1"), numbers.stated("What's new in v1.10")
    assert eleven != tenth and eleven.value == tenth.value
    assert numbers.stated("New in v2") == numbers.stated("New in v2.0")  # a release's trailing zeros say nothing
    assert [q.other for q in numbers.quantities("Set 1.5 as the ratio.")] == [()]
    assert [q.other for q in numbers.quantities("Use Python 3.10 or release 1.10.")] == [
        (numbers.Quantity(3.1, "version", 3.1, parts=(3, 10)),), (numbers.Quantity(1.1, "version", 1.1, parts=(1, 10)),)]


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Since version 1.1, the pool keeps 4 connections [[pool]].", "shown"),
        ("Since version 1.10, the pool keeps 4 connections [[pool]].", "number"),
        # one float, two versions: the 1.1 the heading states vouches for no 1.10 beside it (review22a)
        ("Version 1.1 and version 1.10 both keep 4 connections in the pool [[pool]].", "number"),
        ("Since version 1.5, the default ratio is 2.5 [[ratio]].", "shown"),
        ("Set 1.5 as the ratio [[ratio]].", "number"),
    ],
)
def test_a_version_vouches_only_for_itself(sentence: str, expected: str) -> None:
    assert releases(sentence) == expected
