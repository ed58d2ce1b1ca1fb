"""A sentence that restates a cited clause and drops the denial it makes (issue 21, round 20: `undenied`): "the
server keeps buffering the request body" where the clause says it "will no longer buffer any remaining request body".
The sections are made up; beside each falsehood, the near misses the rule must let through: the denial said in other
words, a denial of part of a thing, a denial in a condition, and a sentence that restates the unit's other clause."""

from __future__ import annotations

import pytest

from docent.sidecar.answer import undenied
from docent.sidecar.answer.passage import Passage, unit
from docent.sidecar.answer.words import fold
from tests.sidecar.gating import docs_section as _section
from tests.sidecar.gating import verdicts

_verdict = verdicts(
    _section(
        "completion",
        "Response completion",
        "Once a response has been sent, the server will no longer buffer any remaining request body. "
        "It closes the connection after the last chunk.",
    ),
    _section(
        "lockfile",
        "Checking the lockfile",
        "The resolver will not consider lockfiles outdated when new versions of packages are released. "
        "Run the upgrade command to pick them up.",
    ),
    _section(
        "metadata",
        "Meta-data",
        "Currently, the extension does not use the meta-data in any way, but simply provides it as a Meta "
        "attribute of the Markdown instance.",
    ),
    _section(
        "catalogs",
        "Translations",
        "The project includes the pot and po files in its code repository, but not the mo files.",
    ),
    _section("strict", "Strict mode", "If strict mode is not enabled, warnings about broken links are only logged."),
    _section(
        "copies",
        "Copies",
        "Not all template files are copied into the generated project. The answers file is always written.",
    ),
    _section("settings", "Settings", "The settings file is not changed by an update of the template."),
)


KEEPS = "Once a response has been sent, the server keeps buffering whatever request body is still arriving"


@pytest.mark.parametrize(
    ("sentence", "reason"),
    [
        # "keeps" against the clause's "no longer" is a reversal too, which the gate asks first (faithful21)
        (f"{KEEPS} [[completion]].", "reversal"),
        ("The resolver considers the lockfile outdated as soon as new versions of packages are released [[lockfile]].",
         "polarity"),
        # "but not the mo files": a clause of the denied words alone, its verb the rest's
        ("The project keeps its mo files in the code repository [[catalogs]].", "polarity"),
    ],
)
def test_a_denial_dropped_is_held(sentence: str, reason: str) -> None:
    assert _verdict(sentence) == reason


def test_a_ceased_denial_dropped_is_the_rules_too() -> None:
    """The reversal rule's hold above does not stand in for this rule's reading of a "no longer" dropped."""
    section = "Once a response has been sent, the server will no longer buffer any remaining request body."
    assert undenied.held(unit(f"{KEEPS}.", fold), [Passage.of("t", section, fold)])


@pytest.mark.parametrize(
    "sentence",
    [
        # the denial kept, or said in other words
        "Once a response has been sent, the server no longer buffers the remaining request body [[completion]].",
        "After a response has been sent, the server discards the remaining request body [[completion]].",
        "The resolver doesn't consider a lockfile outdated just because new versions of packages are released "
        "[[lockfile]].",
        "An update of the template leaves the settings file unchanged [[settings]].",
        # what the denial leaves out
        "The project's code repository holds the pot and po files [[catalogs]].",
        # a denial of part of a thing, and one in a condition: another case
        "Template files are copied into the generated project, though not all of them [[copies]].",
        "When strict mode is enabled, warnings about broken links stop the build [[strict]].",
    ],
)
def test_near_misses_are_shown(sentence: str) -> None:
    assert _verdict(sentence) == "shown"


@pytest.mark.parametrize(
    ("sentence", "section"),
    [
        # the unit's other clause restated ("does not use X, but provides it as Y")
        (
            "The extension provides the meta-data as a Meta attribute of the Markdown instance.",
            "Currently, the extension does not use the meta-data in any way, but simply provides it as a Meta attribute "
            "of the Markdown instance.",
        ),
        # a denial of a part ("not all"), and one of the same words said of another subject
        (
            "Some template files are copied into the generated project.",
            "Not all template files are copied into the generated project.",
        ),
        # a "not" that picks out which things; a sentence that restates the other unit it aligns with
        (
            "Locations ending with / are matched as prefixes; others are matched exactly.",
            "Locations ending with / will be matched as prefixes. Locations not ending with / will be matched exactly.",
        ),
        (
            "The bulk API accepts batch clients with a token.",
            "The bulk API is not friendly to batch clients. It accepts batch clients with a token.",
        ),
        # a denial that says when, and one denied itself
        (
            "The server waits for the lifespan to run before it starts serving any incoming requests.",
            "The server will not start serving any incoming requests until the lifespan has run.",
        ),
        (
            "A bare domain needs some configuration changes.",
            "Can I use a bare domain? Yes, but not without some configuration changes.",
        ),
        (
            "The answers file is copied into the generated project.",
            "Template files are not copied into the generated project. The answers file is always written.",
        ),
    ],
)
def test_what_the_rule_lets_through(sentence: str, section: str) -> None:
    """Sentences other rules may judge (the polarity rule holds the first two): the undenied rule holds none."""
    assert not undenied.held(unit(sentence, fold), [Passage.of("t", section, fold)])


def test_a_units_plain_denials() -> None:
    """A unit's denials, less those in a condition and those of a part; "no longer" is told apart."""
    passage = Passage.of(
        "t", "If it is not set, X runs. Not all files are copied. X will no longer buffer the body.", fold
    )
    table = undenied.denied(passage)
    assert [len(unit) for unit in table] == [0, 0, 1]
    (denied,) = table[2]
    assert denied.ceased and denied.denial.scope == {"buffer", "body"}
