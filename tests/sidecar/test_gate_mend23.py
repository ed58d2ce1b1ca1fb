"""Round 23's mends of the gate's readings (review22a and review22b's findings, mend23), each with the case that
failed before it."""

from __future__ import annotations

import pytest

from docent.sidecar.answer import numbers, polarity
from docent.sidecar.answer.words import stems
from tests.sidecar.gating import docs_section, verdicts

# "Recommended against — ...": the dash ends the clause of "against", so nothing follows it there.
EMPTY = verdicts(docs_section("install", "Installing",
                              "Recommended against — running the installer as root. Pin the installer to a minor version."))


def test_an_against_with_nothing_after_it_denies_nothing() -> None:
    """2166f81's `_reread` moved an advice verb to the head of what its "against" denies even where nothing follows it,
    so "Recommended against —" denied "recommend" of nothing, and that empty denial backed any denial of a
    recommendation under the section (review22b)."""
    (denial,) = polarity.denials("Recommended against — running the installer as root.", stems)
    assert denial.scope == frozenset() and denial.head == ""
    (denial,) = polarity.denials("We recommend against running the installer as root.", stems)
    assert denial.head == "recommend" and {"run", "installer", "root"} <= denial.scope


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # a made-up denial: shown before, backed by the empty one
        ("The documentation does not recommend pinning the installer to a minor version [[install]].", "polarity"),
        ("The documentation tells you to pin the installer to a minor version [[install]].", "shown"),
    ],
)
def test_an_empty_advice_backs_no_denial(sentence: str, expected: str) -> None:
    assert EMPTY(sentence) == expected


# Under a heading of the project's release, "Kubernetes 1.28" and "Kubernetes version 1.28" are one claim: Kubernetes'
# version, which the heading's "v1.28" (the project's) does not state.
RELEASE = verdicts(docs_section("clusters", "Clusters", "The controller now runs on managed Kubernetes clusters.",
                                "What's new in v1.28"))


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("The controller runs on Kubernetes 1.28 clusters [[clusters]].", "number"),
        # shown before (review22a): "version" after another thing's name read as the project's release
        ("The controller runs on Kubernetes version 1.28 clusters [[clusters]].", "number"),
        ("Since version 1.28, the controller runs on managed Kubernetes clusters [[clusters]].", "shown"),
        ("In version 1.28 the controller runs on managed Kubernetes clusters [[clusters]].", "shown"),
    ],
)
def test_another_things_version_is_no_release_of_the_project(sentence: str, expected: str) -> None:
    assert RELEASE(sentence) == expected


def test_the_projects_own_name_before_version_is_its_release() -> None:
    ninja = (("django", "ninja"),)
    for sentence in ("Django Ninja version 1.0 adds it.", "Python version 3.10 is needed.", "The version 1.2 adds it."):
        assert [q.other[0].unit for q in numbers.quantities(sentence, project=ninja)] == ["version"], sentence
    for sentence in ("It runs on Kubernetes version 1.28.", "It runs on Kubernetes 1.28."):
        assert [q.other for q in numbers.quantities(sentence, project=ninja)] == [()], sentence


# DNS's record types: "A" is a name where the sections write it as one inside a sentence ("creates an A record").
RECORDS = verdicts(
    docs_section("sources", "Sources", "The controller creates an A record for each Service that has a cluster IP."),
    docs_section("registry", "Registry",
                 "The controller writes a TXT record beside each record it owns, to mark the owner of that record."),
)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # the TXT record's fact told of the A record: shown before, "A" read as the article opening a sentence, and
        # inside one compared in lower case, where every clause writes the article "a" (review22a)
        ("A records mark the owner of each record the controller owns [[sources, registry]].", "actor"),
        ("The controller writes an A record beside each record it owns, to mark the owner [[sources, registry]].", "actor"),
        ("TXT records mark the owner of each record the controller owns [[sources, registry]].", "shown"),
        ("A record is created for each Service that has a cluster IP [[sources, registry]].", "shown"),
        # an "A" before another word than the sections' is the article
        ("A controller writes a TXT record beside each record it owns [[sources, registry]].", "shown"),
    ],
)
def test_an_a_record_is_a_name(sentence: str, expected: str) -> None:
    assert RECORDS(sentence) == expected
