"""The gate on documentation's contrasts and suppositions (issue 21, round 10): "X, not Y" told as the sections tell it,
an opening verb's "without" that says when ("Run without a name, ..."), "Without X, ... would have" that supposes, and
an opposite word read in the units that restate the claim; the same words told falsely still held. The record is a
small made-up library's."""

from __future__ import annotations

import pytest

from docent.sidecar.answer import align
from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from docent.sidecar.answer.passage import Passage, unit
from docent.sidecar.answer.words import fold
from tests.sidecar.gating import docs_section as _section
from tests.sidecar.gating import fate, record_of

RECORD = record_of(
    _section("limits", "Limits",
             "Keep the rate limits as configuration the operators own, with an audit trail, rather than as code "
             "they must ask the developers to change."),
    _section("retries", "Retries",
             "Retries are load. Backoff alone only moves the spike later. Full jitter, a random wait between zero "
             "and the backoff, is what breaks the synchronisation."),
    _section("cache", "Clearing the cache",
             "- cache clean removes all entries from the cache directory.\n"
             "- cache clean NAME removes the entries of one package."),
    _section("meta", "Meta-data",
             "The keywords must end with a colon. If a line is indented by 4 or more spaces, that line is assumed "
             "to be an additional line of the value for the previous keyword. The first blank line ends all "
             "meta-data for the document."),
    _section("bounds", "Lower bounds",
             "uv requires that all dependencies have the same minimum version. Bumping the lower bound has the "
             "inverse effect: it only increases the set of supported dependency versions."),
    _section("migrating", "Migrating endpoints",
             "New calls use the binary protocol. Existing endpoints move only when they are changed anyway."),
    _section("schemas", "Schema packages",
             "We recommend using third-party packages for generating schemas, as they provide more features and "
             "flexibility than the built-in implementation."),
    _section("windows", "Installing on Windows",
             "If you are using Windows, some of the above commands may not work. A quick solution may be to "
             "preface every Python command with python -m."),
    _section("publishing", "Publishing",
             "Set a token with --token. For publishing from a trusted publisher, you don't need to set any "
             "credentials. Instead, add the trusted publisher to the index project."),
    _section("cutoff", "Reproducible resolutions",
             "The date is compared against the upload time of each file. Note: The cutoff is only applied to "
             "packages that are read from a registry (as opposed to, e.g., Git dependencies)."),
    _section("indexes", "Multiple indexes",
             "When kit searches indexes, it limits its candidate versions to the first index that has the "
             "package. pip, meanwhile, will combine the candidate versions from all indexes, and select the best "
             "version from the combined set."),
    _section("shadow", "Shadow mode",
             "Shadow mode found a bug in the counters that would have challenged every payment at night."),
)


def verdict(sentence: str) -> str:
    return fate(Gate(RECORD, Lexicon([])), sentence)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # "X, not Y": the unit that best restates the rest does not say Y.
        ("The rate limits belong to the operators as configuration with an audit trail, not to the developers as "
         "code [[limits]].", "shown"),
        ("It is full jitter, not backoff alone, that breaks the synchronisation [[retries]].", "shown"),
        # The record's sentence that begins with a lower-case name is a sentence of its own.
        ("It is pip, not kit, that pools candidate versions from every index and picks the best one from the "
         "combined set [[indexes]].", "shown"),
        ("It is kit, not pip, that pools candidate versions from every index and picks the best one from the "
         "combined set [[indexes]].", "polarity"),
        # Told the other way round, the unit that restates it says what it turns down.
        ("The rate limits belong to the developers as code, not to the operators as configuration [[limits]].",
         "polarity"),
        ("It is backoff alone, not full jitter, that breaks the synchronisation [[retries]].", "polarity"),
        # An opening verb's "without" says when the rest holds; a denial of the deed itself is still the record's.
        ("Run without a package name, cache clean removes every entry in the cache directory [[cache]].", "shown"),
        ("cache clean removes every entry in the cache directory without a package name [[cache]].", "polarity"),
        # "Without X, ... would have" supposes; without "would have" it says the deed was done (the hedge rule).
        ("Without shadow mode, the bug in the counters would have challenged every payment at night [[shadow]].",
         "shown"),
        ("Without shadow mode, the bug in the counters challenged every payment at night [[shadow]].", "hedge"),
    ],
)
def test_contrasts_and_suppositions(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # "ends" is said of the blank line, two sentences away from the unit this restates.
        ("Any line indented by 4 or more spaces continues the previous keyword's value [[meta]].", "shown"),
        ("The first blank line continues the meta-data of the document [[meta]].", "polarity"),
    ],
)
def test_an_opposite_is_read_where_the_claim_is(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # "only" after a modal or a subject's pronoun restricts the verb after it, not a part of the dependencies.
        ("Raising the lower bound can only widen the set of dependency versions [[bounds]].", "shown"),
        ("Raising the lower bound widens the set for only some of the dependencies [[bounds]].", "quantifier"),
    ],
)
def test_only_before_a_verb_restricts_the_verb(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # "not X unless Y" is the section's "X only when Y"; a denial of X alone is not.
        ("An existing endpoint is not moved to the binary protocol unless it is being changed anyway [[migrating]].",
         "shown"),
        ("An existing endpoint is not moved to the binary protocol [[migrating]].", "polarity"),
    ],
)
def test_not_unless_is_only_when(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # A reason told with a word of the section's sense ("offer" for "provide") is the section's reason.
        ("Third-party packages are recommended because they offer more features and flexibility than the built-in "
         "implementation [[schemas]].", "shown"),
        ("Third-party packages are recommended because they render schemas faster and cache them [[schemas]].",
         "cause"),
    ],
)
def test_a_reason_in_the_sections_sense(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # "some of the above commands": "above" points elsewhere in the page, "some" still governs "commands".
        ("On Windows some of these commands may not work, so preface every Python command with python -m "
         "[[windows]].", "shown"),
        ("On Windows all of these commands may not work [[windows]].", "quantifier"),
    ],
)
def test_a_quantifier_before_the_above(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # "don't need to set any credentials": "any" under a negation earlier in its clause says none.
        ("From a trusted publisher, you set no credentials; the trusted publisher is added to the index project "
         "instead [[publishing]].", "shown"),
        ("From a trusted publisher, you need to set some credentials [[publishing]].", "polarity"),
    ],
)
def test_any_under_a_negation(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # A section's "as opposed to X" denies X, as "instead of X" does.
        ("The cutoff doesn't touch Git dependencies; it only applies to packages read from a registry [[cutoff]].",
         "shown"),
        ("The cutoff doesn't touch packages read from a registry [[cutoff]].", "polarity"),
    ],
)
def test_as_opposed_to_denies(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected


# Real sections of the development sites (uv's tools, MkDocs's configuration inheritance), cut to what
# the sentences cite: the presence class's "with" and "without" (`presence`).
PRESENCE = record_of(
    _section("the-uv-tool-interface", "The uv tool interface",
             "Tools can be invoked without installation using uv tool run, in which case their dependencies are "
             "installed in a temporary virtual environment isolated from the current project."),
    _section("configuration-inheritance", "Configuration inheritance",
             "Specifically, the markdown_extensions and plugins options must use the alternative syntax which does "
             "not use list items (lines which start with -)."),
)



@pytest.mark.parametrize(("sentence", "sid", "expected"), [
    # "with" and "without" said of two things: no change of one; of the same thing, still a reversal
    ("uvx runs a tool with its dependencies in a temporary virtual environment isolated from the current project.",
     "the-uv-tool-interface", None),
    ("Tools can be invoked with installation using uv tool run.", "the-uv-tool-interface", "reversal"),
    # "without" what a unit of the cited section denies ("does not use list items")
    ("The options must use the alternative syntax without list items.", "configuration-inheritance", None),
])
def test_with_and_without_of_two_things_or_of_what_the_section_denies(sentence: str, sid: str, expected: str | None) -> None:
    section = PRESENCE[sid]
    assert align.differs(unit(sentence, fold), [Passage.of(section.title, section.text, fold)]) == expected


JITTER = record_of(_section("retries", "Retries",
                            "Retries use exponential backoff with jitter. Health checks use a fixed interval and no "
                            "jitter."))


@pytest.mark.parametrize("sentence, expected", [
    # the cited unit that restates the sentence says "with jitter": the denial in another unit is of another thing
    ("Retries use exponential backoff without jitter. [[retries]]", "reversal"),
    ("Retries use exponential backoff with jitter. [[retries]]", "shown"),
])
def test_without_is_read_against_the_aligned_unit_only(sentence: str, expected: str) -> None:
    assert fate(Gate(JITTER, Lexicon([])), sentence) == expected
