"""The gate on a denial left to be understood (issue 21, polarity): a section's "While A may contain X, B and C do not."
denies X of B and C, and a sentence's "B does not contain X, and neither does C" denies of C what it denied of B. Each
is read as a denial of its own subject: the faithful sentences shown, and the same words told of the subject the
section affirms it of still held (the hole probes). The section is MkDocs's own (dev-guide/themes.md, "Navigation
Objects")."""

from __future__ import annotations

import pytest

from tests.sidecar.gating import docs_section, verdicts

NAV = docs_section(
    "navigation-objects", "Navigation Objects",
    "Navigation objects contained in the nav template variable may be one of section objects, page objects, and link "
    "objects. While section objects may contain nested navigation objects, pages and links do not. Page objects are "
    "the full page object as used for the current page with all of the same attributes available. Section and Link "
    "objects contain a subset of those attributes as defined below:",
    "Themes", "Template Variables")
verdict = verdicts(NAV)


@pytest.mark.parametrize("sentence", [
    "Pages do not contain nested navigation objects, and neither do links [[navigation-objects]].",
    "Neither pages nor links contain nested navigation objects [[navigation-objects]].",
    "Links do not contain nested navigation objects, nor do pages [[navigation-objects]].",
])
def test_a_denial_told_of_each_subject_the_section_denies_it_of_is_shown(sentence: str) -> None:
    assert verdict(sentence) == "shown"


@pytest.mark.parametrize("sentence", [
    # the echo told of the subject the section gives the nested objects to
    "Pages do not contain nested navigation objects, and neither do sections [[navigation-objects]].",
    # the first denial wrong, its echo right: each is a claim of its own
    "Sections do not contain nested navigation objects, and neither do links [[navigation-objects]].",
    "Sections do not contain nested navigation objects, nor do pages [[navigation-objects]].",
    "Neither sections nor links contain nested navigation objects [[navigation-objects]].",
    "Section objects cannot contain nested navigation objects [[navigation-objects]].",
])
def test_the_same_denial_told_of_a_subject_the_section_affirms_it_of_is_held(sentence: str) -> None:
    assert verdict(sentence) == "polarity"
