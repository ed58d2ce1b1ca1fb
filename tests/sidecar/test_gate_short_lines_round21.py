"""A short line placed on one clause of several alike by two words (issue 21, faithful21b): "The recipient defaults to
POSTMASTER_ADDRESS if you don't set PFLOGSUMM_RECIPIENT" shares only "recipient" and "set" with the logwatch
option's clause, which names REPORT_RECIPIENT; two words in common place it on no clause, and the sibling rule lets
it through. A sentence that shares three words with a sibling's clause is still held."""

from __future__ import annotations

import pytest

from docent.sidecar.answer import siblings
from docent.sidecar.answer.passage import Passage, unit
from docent.sidecar.answer.words import fold

REPORTS = Passage.of("Reports", (
    "PFLOGSUMM_RECIPIENT\n\nRecipient address for Postfix log summary reports.\n\n- not set => Use POSTMASTER_ADDRESS\n\n"
    "LOGWATCH_RECIPIENT\n\nRecipient address for the logwatch reports.\n\n"
    "- not set => Use REPORT_RECIPIENT or POSTMASTER_ADDRESS\n"), fold)
PERMISSIONS = Passage.of("Permissions", (
    "- POST requests require the user to have the add permission on the model.\n"
    "- PUT and PATCH requests require the user to have the change permission on the model."), fold)


@pytest.mark.parametrize(
    ("sentence", "section", "expected"),
    [
        ("The recipient defaults to POSTMASTER_ADDRESS if you don't set PFLOGSUMM_RECIPIENT.", REPORTS, False),
        ("PUT requests need the add permission.", PERMISSIONS, True),
        ("PUT requests require the user to have the add permission.", PERMISSIONS, True),
    ],
)
def test_two_words_in_common_place_a_line_on_no_sibling_clause(sentence: str, section: Passage, expected: bool) -> None:
    said = unit(sentence, fold)
    assert (siblings.wakes(said.words, said.stems, [section]) and siblings.held(said, [section])) is expected
