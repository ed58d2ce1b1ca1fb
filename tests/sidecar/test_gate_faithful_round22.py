"""Faithful readings of round 22 (issue 21, faithful22): "recommends against X" (advise, decide; not warn or caution) denies
the recommending of X, as "does not recommend X" does; "does nothing" denies the effect "has no effect" denies;
"direct reports" are those who report to someone, no one's directing. Each with a falsehood the gate still holds."""

from __future__ import annotations

import pytest

from docent.sidecar.answer import polarity, roles
from docent.sidecar.answer.words import stems
from tests.sidecar.gating import docs_section, verdicts

ADVICE = verdicts(
    docs_section("old", "Python versions", "uv is expected to work with 3.8. We do not recommend using these versions."),
    docs_section("new", "Python versions", "uv works with 3.12. We recommend using the latest version."),
    docs_section("root", "Security", "We advise against running the server as root."),
)


WARNING = verdicts(docs_section("installer", "Security", "We warn against running the installer as root."))


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # a warning against it warns of it: "warn against" is no denial of warning
        ("The documentation warns about running the installer as root [[installer]].", "shown"),
        ("The documentation does not warn about running the installer as root [[installer]].", "polarity"),
    ],
)
def test_a_warning_against_is_no_denial_of_warning(sentence: str, expected: str) -> None:
    assert WARNING(sentence) == expected


def test_against_after_a_verb_of_advice_denies_the_verb() -> None:
    (denial,) = polarity.denials("The team decided against a rewrite of the parser.", stems)
    assert denial.head == "decid" and {"rewrit", "parser"} <= denial.scope
    assert polarity.denials("The tests run against a live database.", stems) == ()


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("uv is expected to work with 3.8, and the documentation recommends against using it [[old]].", "shown"),
        ("The documentation advises against using these versions [[old]].", "shown"),  # advise: recommend's sense
        ("The documentation recommends against using the latest version [[new]].", "polarity"),  # a made-up denial
        ("The documentation advises running the server as root [[root]].", "polarity"),  # what the section advises against
    ],
)
def test_a_recommendation_against(sentence: str, expected: str) -> None:
    assert ADVICE(sentence) == expected


UNDO = verdicts(
    docs_section("abort", "Aborting an update",
                 "Run git reset to throw away the merge conflict information, then git checkout . to restore modified "
                 "files. If you want fine-grained control to restore files selectively, read git status."),
    docs_section("tokens", "Tokens", "Every token the server issues is signed with the site's key."),
)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("The server issues an unsigned token to each client [[tokens]].", "polarity"),  # the base said of the token
        # The same falsehood with its noun reworded: 707354c read an "un-" word before a noun as that noun's attribute,
        # opposed only where its base is said beside the same noun, and showed this one (review22b); reverted.
        ("The server hands each client an unsigned credential [[tokens]].", "polarity"),
    ],
)
def test_an_un_word_before_its_noun(sentence: str, expected: str) -> None:
    assert UNDO(sentence) == expected


EFFECT = verdicts(
    docs_section("skip", "skip_tasks", "Skip template tasks. This flag does not imply --trust, and will do nothing if not used with it."),
    docs_section("cache", "Cache", "The cache is kept between runs and speeds up every build."),
)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("On its own, the skip flag has no effect [[skip]].", "shown"),
        ("The flag implies --trust [[skip]].", "polarity"),  # what the section denies
        ("The cache has no effect on the speed of a build [[cache]].", "polarity"),  # a denial no section makes
    ],
)
def test_doing_nothing_is_having_no_effect(sentence: str, expected: str) -> None:
    assert EFFECT(sentence) == expected


REPORTS = verdicts(docs_section("lead", "Leading", "I lead without managing: nobody reports to me. I review code."))


def test_direct_reports_are_who_report() -> None:
    assert roles.roles("She has no direct reports.") == {"report"}
    assert roles.roles("She directs the platform team.") == {"direct"}


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("She has no direct reports: her role is to lead, not to manage [[lead]].", "shown"),
        ("She has direct reports [[lead]].", "polarity"),  # what "nobody reports to me" denies
        ("She directs the engineers whose code she reviews [[lead]].", "role"),  # a role the section does not give
    ],
)
def test_a_direct_report(sentence: str, expected: str) -> None:
    assert REPORTS(sentence) == expected
