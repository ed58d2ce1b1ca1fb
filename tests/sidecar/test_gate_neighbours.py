"""The neighbours rule (`answer/rules/neighbours.py`): a fact of a sibling section (one of its page under the same
heading path, or a twin) told of the thing the cited section's title names. The sections are Django REST framework's
throttles and paginations (round 7's site, a development site) and MkDocs' live-reloading settings (round 6's), the
sentences falsehoods of rounds 7 and 9's sets, a Markdown answer's line of round 6, and this file's own."""

from __future__ import annotations

import pytest

from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from tests.sidecar.gating import docs_section as _section
from tests.sidecar.gating import fate, record_of

THROTTLES = record_of(
    _section("anonratethrottle", "AnonRateThrottle",
             "The AnonRateThrottle will only ever throttle unauthenticated users. The IP address of the incoming "
             "request is used to generate a unique key to throttle against. AnonRateThrottle is suitable if you want "
             "to restrict the rate of requests from unknown sources.", "Throttling", "API Reference"),
    _section("userratethrottle", "UserRateThrottle",
             "The UserRateThrottle will throttle users to a given rate of requests across the API. The user id is used "
             "to generate a unique key to throttle against. Unauthenticated requests will fall back to using the IP "
             "address of the incoming request to generate a unique key to throttle against.", "Throttling",
             "API Reference"),
)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # rounds 7 and 9's falsehood: UserRateThrottle's key told of AnonRateThrottle, citing its section
        ("AnonRateThrottle builds the unique key it throttles against from the user id [[anonratethrottle]].", "actor"),
        ("`AnonRateThrottle` builds its unique throttling key from the user id [[anonratethrottle]].", "actor"),
        # its own fact, which the sibling also tells of unauthenticated requests: a tie decides nothing
        ("AnonRateThrottle builds the unique key it throttles against from the IP address of the incoming request "
         "[[anonratethrottle]].", "shown"),
        # a sentence naming both compares them
        ("Unlike AnonRateThrottle, UserRateThrottle builds its unique key from the user id [[anonratethrottle]].",
         "shown"),
        # a sentence that does not name the cited section's thing by its title tells no sibling's fact of it
        ("The user id is used to generate a unique key to throttle against [[anonratethrottle]].", "shown"),
    ],
)
def test_a_siblings_fact_told_of_the_cited_title(sentence: str, expected: str) -> None:
    assert fate(Gate(THROTTLES, Lexicon([])), sentence) == expected


# Twins (two "Configuration" sections under two classes' headings): the cited class named, the other's attribute told.
PAGINATION = record_of(
    _section("configuration", "Configuration",
             "The PageNumberPagination class includes a number of attributes that may be overridden to modify the "
             "pagination style.\n- page_size - A numeric value indicating the page size.\n- page_query_param - A "
             "string value indicating the name of the query parameter to use for the pagination control.",
             "Pagination", "PageNumberPagination"),
    _section("configuration_2", "Configuration",
             "The CursorPagination class includes a number of attributes that may be overridden to modify the "
             "pagination style.\n- page_size - A numeric value indicating the page size.\n- ordering - This should be "
             "a string, or list of strings, indicating the field against which the cursor based pagination will be "
             "applied. For example: ordering = 'slug'. Defaults to -created.", "Pagination", "CursorPagination"),
)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # round 7's falsehood: CursorPagination's ordering told of PageNumberPagination (a list item's sentences one)
        ("PageNumberPagination has an ordering attribute, defaulting to -created, that names the field the pagination "
         "is applied against [[configuration]].", "actor"),
        ("PageNumberPagination has a page_query_param attribute naming the query parameter used for the pagination "
         "control [[configuration]].", "shown"),
    ],
)
def test_a_twins_fact_told_of_the_cited_owner(sentence: str, expected: str) -> None:
    assert fate(Gate(PAGINATION, Lexicon([])), sentence) == expected


# Settings written from one template: a Markdown answer's faithful line (round 6) that two units in a row of the sibling
# hold more of than the cited unit does; one unit, not two, restates a sibling's fact.
SETTINGS = record_of(
    _section("dev_addr", "dev_addr",
             "Determines the address used when running mkdocs serve. Must be of the format IP:PORT. Allows a custom "
             "default to be set without the need to pass it through the --dev-addr option every time the mkdocs serve "
             "command is called.", "Configuration", "Live Reloading"),
    _section("watch", "watch",
             "Determines additional directories to watch when running mkdocs serve. Allows a custom default to be set "
             "without the need to pass it through the -w/--watch option every time the mkdocs serve command is "
             "called.\nNOTE: The paths provided via the configuration file are relative to the configuration file.",
             "Configuration", "Live Reloading"),
)


def test_two_units_of_a_sibling_restate_no_fact_of_it() -> None:
    sentence = ("In the configuration file, as `dev_addr`, which sets a custom default without the need to pass the "
                "option every time you call `mkdocs serve` [[dev_addr]].")
    assert fate(Gate(SETTINGS, Lexicon([])), sentence) == "shown"



# Twins whose owners are several words (the example's two roles' "Leading and mentoring"): a sentence that names the
# cited one by a word of its owner ("Tessellate" of "Tessellate Freight: senior backend engineer, then platform lead")
# and tells its twin's fact (round 8's falsehood, the sections cut short).
ROLES = record_of(
    _section("roles-tessellate-leading", "Leading and mentoring",
             "I built the platform team from two engineers to four, hiring two. I interviewed about eighty candidates "
             "and wrote the structured interview guide that the company still uses.", "Roles",
             "Tessellate Freight: senior backend engineer, then platform lead"),
    _section("roles-alderway-leading", "Leading and mentoring",
             "I lead without managing: nobody reports to me. I review code and mentor mid-level engineers, currently "
             "four, with a fortnightly hour each; two of the engineers I mentored have since been promoted to senior.",
             "Roles", "Alderway Bank: staff engineer, card issuing"),
)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Two of the engineers mentored at Tessellate have since been promoted to senior "
         "[[roles-tessellate-leading]].", "actor"),
        # its own fact; the twin's fact told with no word of the cited owner
        ("At Tessellate the structured interview guide is still used [[roles-tessellate-leading]].", "shown"),
        ("Two of the engineers mentored have since been promoted to senior [[roles-tessellate-leading]].", "shown"),
    ],
)
def test_a_twin_named_by_a_word_of_its_owner(sentence: str, expected: str) -> None:
    assert fate(Gate(ROLES, Lexicon([])), sentence) == expected
