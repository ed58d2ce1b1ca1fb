"""The construction rules read against made-up documentation sections (issue 21): what the held-out sets of rounds 4
and 5 let through, told in other words, each held, and the faithful sentence beside it shown."""

from __future__ import annotations

import pytest

from docent.sidecar.answer import align, hedges, retold
from docent.sidecar.answer.passage import Passage, unit
from docent.sidecar.answer.words import fold

SECTIONS = [
    Passage.of("Proxies", "Running the queue behind a proxy may not be necessary, but is recommended for resilience.", fold),
    Passage.of("Headers", "Handlers should generally send the same headers for PUT requests as for POST requests.", fold),
    Passage.of("Local keys", "For local testing, it's possible to use keygen to make a signing key.", fold),
    Passage.of("Containers", "When running inside a container, you might have to set the QUEUE_POLL variable.", fold),
    Passage.of("Tokens", "A token is required for every call to the admin API.", fold),
]


@pytest.mark.parametrize(
    ("sentence", "held"),
    [
        # A requirement where the section recommends, allows or hedges ("should", "possible", "might have to", a
        # "necessary" the section denies).
        ("Running the queue behind a proxy is required for resilience.", True),
        ("Handlers must send the same headers for PUT requests as for POST requests.", True),
        ("For local testing, you must use keygen to make a signing key.", True),
        ("When running inside a container, you will need to set the QUEUE_POLL variable.", True),
        # The same levels told as the sections tell them.
        ("Running the queue behind a proxy is recommended for resilience.", False),
        ("Handlers should send the same headers for PUT requests as for POST requests.", False),
        ("For local testing, you can use keygen to make a signing key.", False),
        ("When running inside a container, you may have to set the QUEUE_POLL variable.", False),
        ("Every call to the admin API needs a token.", False),
        ("You need to pass a token with every call to the admin API.", False),  # the section requires it
        # "need to" of another act than the section's: no obligation of the section's told stronger.
        ("Both sides need to line up: the container sets QUEUE_POLL, and you might set it too.", False),
    ],
)
def test_requirement_levels(sentence: str, held: bool) -> None:
    assert hedges.held(unit(sentence, fold), SECTIONS) is held


ADVICE = [
    Passage.of("Scopes", "It's good practice for handlers to reject scope kinds that they do not know.", fold),
    Passage.of("Sorting", "When sorting results, you should strongly consider limiting the columns a caller may sort by.",
               fold),
    Passage.of("Races", "Under heavy load, the built-in limiters may let a few extra calls through.", fold),
    Passage.of("Relays", "Note that relays might not pass the Early-Hints header on to the client.", fold),
    Passage.of("Forcing", "Forcing inline tags that are not blocks by default to be parsed as blocks could result in "
               "invalid HTML.", fold),
]


@pytest.mark.parametrize(
    ("sentence", "held"),
    [
        # Advice in other words ("good practice", "should strongly consider") told as a requirement.
        ("Handlers are required to reject scope kinds that they do not know.", True),
        # The sentence's "may" is the clause's own ("a caller may sort by"): no softness of the sentence's.
        ("When sorting results, you must limit the columns a caller may sort by.", True),
        ("When sorting results, you should limit the columns a caller may sort by.", False),
        ("It's good practice for handlers to reject scope kinds that they do not know.", False),
        # "will" where the clause says "may" or "might": a possibility told as certain.
        ("Under heavy load, the built-in limiters will let a few extra calls through.", True),
        ("Relays will not pass the Early-Hints header on to the client.", True),
        ("Under heavy load, the built-in limiters can let a few extra calls through.", False),
        ("Relays may not pass the Early-Hints header on to the client.", False),
        # "could" is a possibility too (round 12's falsehood, "could result in invalid HTML" made "will always")
        ("Forcing inline tags to be parsed as blocks will result in invalid HTML.", True),
        ("Forcing tags that are not blocks by default to be parsed as blocks will always result in invalid HTML.", True),
        ("Forcing inline tags to be parsed as blocks could result in invalid HTML.", False),
        ("Forcing inline tags to be parsed as blocks may result in invalid HTML.", False),
    ],
)
def test_advice_and_possibility_told_as_requirement_or_certainty(sentence: str, held: bool) -> None:
    assert hedges.held(unit(sentence, fold), ADVICE) is held


@pytest.mark.parametrize(
    ("sentence", "held"),
    [
        # A denied level is the other level: "not required" leaves a thing optional, "not optional" binds.
        ("The cookie secret is not required; cookies are unsigned without it.", False),
        ("A cookie secret is not necessary.", False),
        ("A token is not optional for calls to the admin API.", False),
        ("A token is not required for calls to the admin API.", True),
        ("The cookie secret is not optional.", True),
    ],
)
def test_a_denied_requirement_level_is_the_other_level(sentence: str, held: bool) -> None:
    signing = Passage.of("Cookies", "The cookie secret is optional; cookies are unsigned without it.", fold)
    assert hedges.held(unit(sentence, fold), [*SECTIONS, signing]) is held


LIMITS = [
    Passage.of("Limits", "- max_wait - The longest time in seconds a worker waits for a job.\nDefaults to 600.\n"
               "- max_idle - How long an idle worker lives, in seconds.\nDefaults to 2 weeks.", fold),
]


@pytest.mark.parametrize(
    ("sentence", "held"),
    [
        # A unit told for another after the figure the clause's next line states ("Defaults to 600").
        ("A worker waits at most 600 minutes for a job, unless you change max_wait.", True),
        ("A worker waits at most 600 seconds for a job, unless you change max_wait.", False),
        # A unit in quotes is still a unit: only a possessive's "s" is passed over.
        ("A worker waits at most 600 'minutes' for a job, unless you change max_wait.", True),
        # A possessive's "s" left where its name was inline code ("`max_idle`'s") is no second: the sentence's
        # "days" is read against the clause's "seconds".
        ("'s idle worker lives are counted in days, and it defaults to 2 weeks.", True),
        ("'s idle worker lives are counted in seconds, and it defaults to 2 weeks.", False),
    ],
)
def test_a_unit_against_the_clause_and_its_next_line(sentence: str, held: bool) -> None:
    assert (align.differs(unit(sentence, fold), LIMITS) is not None) is held


SERVERS = [
    Passage.of("Kestrel", "Kestrel was first written to power the Falcon task queue. It speaks HTTP/1.1 only.", fold),
    Passage.of("Osprey", "Osprey was initially part of the Heron web framework, before being split out.", fold),
]
ABOUT = [frozenset({"kestrel", "server"}), frozenset({"osprey", "server"})]


@pytest.mark.parametrize(
    ("sentence", "held"),
    [
        # One cited section's fact told of the other cited section's subject.
        ("Kestrel was initially part of the Heron web framework, before it was split out.", True),
        ("Osprey was first written to power the Falcon task queue.", True),
        # Each told of its own, and the two compared: no swap.
        ("Osprey was initially part of the Heron web framework, before it was split out.", False),
        ("Unlike Kestrel, Osprey was initially part of the Heron web framework.", False),
        ("Kestrel speaks HTTP/1.1 only, and Osprey was initially part of the Heron web framework.", False),
    ],
)
def test_a_fact_told_of_another_cited_sections_subject(sentence: str, held: bool) -> None:
    assert retold.held(unit(sentence, fold), SERVERS, ABOUT) is held


@pytest.mark.parametrize(
    ("sentence", "held"),
    [
        # A plan ("projected to", "slated for", "planned for") where the section tells the deed and plans nothing.
        ("The batch importer is planned for a future release.", True),
        ("The import time is projected to fall from 40 s to 6 s.", True),
        ("The batch importer was released in version 2.1, and the import time fell from 40 s to 6 s.", False),
    ],
)
def test_a_plan_where_the_section_tells_the_deed(sentence: str, held: bool) -> None:
    deed = [Passage.of("Importer", "The batch importer was released in version 2.1. Import time fell from 40 s to 6 s.", fold)]
    assert hedges.held(unit(sentence, fold), deed) is held


@pytest.mark.parametrize(
    "sentence",
    [
        # "expected for" is a requirement, "scheduled" what a scheduler does: no plan, though the section plans nothing.
        "A token is expected for every call to the admin API.",
        "The cleanup job is scheduled to run every night at 3 am.",
        "The cleanup job is scheduled for 3 am every night.",
    ],
)
def test_a_requirement_or_a_schedule_is_no_plan(sentence: str) -> None:
    sections = [
        Passage.of("Tokens", "A token is required for every call to the admin API.", fold),
        Passage.of("Cleanup", "The cleanup job runs every night at 3 am and deletes expired sessions.", fold),
    ]
    assert not hedges.held(unit(sentence, fold), sections)


def test_a_plan_the_section_plans_is_shown() -> None:
    plan = [Passage.of("Importer", "A streaming importer is on the roadmap for a future release.", fold)]
    assert not hedges.held(unit("A streaming importer is planned for a future release.", fold), plan)


RESULTS = [
    Passage.of("Results", "The cache rewrite cut page loads from 900 ms to 120 ms for every storefront.\n"
               "The queue migration ended the nightly batch failures and about 40 lost orders a week.\n"
               "- max_age - How long a page is cached, in seconds.\nDefaults to 600.", fold),
]


@pytest.mark.parametrize(
    ("sentence", "held"),
    [
        # One line's deed told of the next line's subject.
        ("The queue migration cut page loads from 900 ms to 120 ms for every storefront.", True),
        ("The cache rewrite ended the nightly batch failures and about 40 lost orders a week.", True),
        # Each deed told of its own subject, both in one sentence, and a line with its continuation.
        ("The cache rewrite cut page loads from 900 ms to 120 ms for every storefront.", False),
        ("The queue migration ended the nightly batch failures, and the cache rewrite cut page loads to 120 ms.", False),
        ("defaults to 600 seconds.", False),
    ],
)
def test_one_lines_deed_told_of_the_next_lines_subject(sentence: str, held: bool) -> None:
    assert retold.across(unit(sentence, fold), RESULTS) is held


def test_two_lines_clauses_joined_are_no_deed_moved() -> None:
    """The next line's opening clause joined to this line's last one: each said of its own subject."""
    story = [Passage.of("Before", "An order placed at nine reached the warehouse the next day; a failed export meant a "
                        "manual rerun.\nThe shop wanted stock updates in minutes, and the team wanted quiet nights.", fold)]
    joined = "The shop wanted stock updates in minutes, and a failed export meant a manual rerun."
    assert not retold.across(unit(joined, fold), story)


def test_ahead_of_is_an_order_word() -> None:
    closing = [Passage.of("Closing", "If a Close header is sent, the server closes the connection after the response.", fold)]
    said = "If a Close header is sent, the server closes the connection {} sending the response."
    assert align.differs(unit(said.format("ahead of"), fold), closing) == "order"
    assert align.differs(unit(said.format("after"), fold), closing) is None


def test_two_tied_clauses_sharing_a_unit_are_that_unit() -> None:
    """"A | B" and "B | C" tie: both restate B, which is then compared ("only" against "every")."""
    lessons = [Passage.of("Lessons", "The outage had been visible for a month in a graph nobody read.\nI now put the "
                          "queue depth on every service's dashboard, and I ask for a bound in every review.\nThe lab has "
                          "a smaller queue, so that you can watch an outage build in a minute.", fold)]
    only = "Since the outage, she puts the queue depth on the billing service's dashboard only."
    assert align.differs(unit(only, fold), lessons) == "quantifier"
    every = "Since the outage, she puts the queue depth on every service's dashboard."
    assert align.differs(unit(every, fold), lessons) is None


def test_a_capital_after_a_dash_opens_a_definition_not_a_name() -> None:
    extras = [Passage.of("Extras", "The full extra installs the following:\n- fastjson — Fast, drop-in replacement of "
                         "the built-in json module.", fold)]
    assert align.differs(unit("The full extra installs fastjson, a slower drop-in replacement of the json module.", fold), extras) == "direction"
    assert align.differs(unit("The full extra installs fastjson, a fast drop-in replacement of the json module.", fold), extras) is None


def test_high_and_low_are_two_levels() -> None:
    flow = [Passage.of("Flow control", "The server pauses reading once the buffer hits a high water mark.", fold)]
    assert align.differs(unit("The server pauses reading once the buffer falls to a low water mark.", fold), flow) == "direction"
    assert align.differs(unit("The server pauses reading once the buffer reaches a high water mark.", fold), flow) is None


def test_wholly_against_most_of_the_way_is_a_hedge() -> None:
    parser = [Passage.of("Parser", "The bundled parser is almost completely compatible with the reference grammar, "
                         "with a few minor differences.", fold)]
    assert align.differs(unit("The bundled parser is fully compatible with the reference grammar.", fold), parser) == "hedge"
    assert align.differs(unit("The bundled parser is largely compatible with the reference grammar.", fold), parser) is None


LEEWAY = [
    Passage.of("Pages", "The paginator returns 50 rows per page by default (change it in settings).", fold),
    Passage.of("Plugins", "Plugins written for the old loader should work with the new one, but this is not guaranteed.",
               fold),
    Passage.of("Retries", "There's a good chance a retried job succeeds on a second worker.", fold),
    Passage.of("Tokens", "The server always signs its tokens with the current key.", fold),
    Passage.of("Reload", "When reload is on, the worker restarts after each edit to a watched file.", fold),
]


@pytest.mark.parametrize(
    ("sentence", "held"),
    [
        # "always", "guaranteed" where the clause gives a default, advice, a chance, or denies the guarantee.
        ("The paginator always returns 50 rows per page.", True),
        ("Plugins written for the old loader are guaranteed to work with the new one.", True),
        ("A retried job always succeeds on a second worker.", True),
        # The clause's own leeway kept, or its own "always": no exception told away.
        ("By default, the paginator returns 50 rows per page.", False),
        ("Plugins written for the old loader should work with the new one.", False),
        ("The server always signs its tokens with the current key.", False),
        ("Plugins for the old loader are not guaranteed to work with the new one.", False),
        # A condition the clause states ("when", "if", "only") and the sentence drops; kept, it is the clause's own.
        ("The worker always restarts after each edit to a watched file.", True),
        ("When reload is on, the worker always restarts after each edit to a watched file.", False),
    ],
)
def test_a_default_advice_or_chance_told_as_without_exception(sentence: str, held: bool) -> None:
    assert hedges.held(unit(sentence, fold), LEEWAY) is held


def test_a_next_line_that_opens_with_a_pronoun_tells_its_deed_of_the_line_befores_subject() -> None:
    """ "It contains a list of ..." after "The history property ... inspects redirects": its deed is the property's,
    told of it; told of the subject of a line that names its own, it is still moved."""
    history = [Passage.of("History", "The history property of the response can be used to inspect any followed "
                          "redirects.\nIt contains a list of any redirect responses that were followed, in the order "
                          "in which they were made.", fold)]
    named = [Passage.of("History", "The history property of the response can be used to inspect any followed "
                        "redirects.\nThe trace log contains a list of any redirect responses that were followed, in "
                        "the order in which they were made.", fold)]
    said = unit("The history property lists the redirect responses that were followed, in the order in which they "
                "were made.", fold)
    assert not retold.across(said, history)
    assert retold.across(said, named)


def test_a_table_cells_label_is_no_subject_named() -> None:
    """A row "where Northwind Bank; role Staff engineer" under "Roles": "role" labels the cell, it names no subject, so
    the bank's section's words told beside it move nothing; the same word in prose still names the section's subject."""
    roles = [Passage.of("Roles", "years 2021 – now: where Northwind Bank, Oslo; role Staff engineer, card issuing\n"
                        "years 2016 – 2021: where Tessellate Freight, Gothenburg; role Platform lead", fold),
             Passage.of("Northwind Bank: staff engineer, card issuing", "Since March 2021 I have been a staff engineer in "
                        "Northwind Bank's card issuing department.", fold)]
    about = [frozenset({"role"}), frozenset({"northwind", "bank", "staff", "engin", "card", "issu"})]
    joined = unit("After Tessellate Freight, she joined Northwind Bank in Oslo as a staff engineer in card issuing.", fold)
    assert not retold.held(joined, roles, about)
    # Read without the cell's edge, "role" is the Roles section's word beside the bank's: held, as before.
    prose = [Passage.of("Roles", roles[0].units[0].text.replace("; role", ", role"), fold), roles[1]]
    assert retold.held(joined, prose, about)


INSTALLS = [
    Passage.of("Install the faas-cli", "The faas-cli is required to manage OpenFaaS and to deploy functions: Install "
               "the faas-cli", fold),
    Passage.of("1) Deploy the Chart with arkade (fastest option)", (
        "The arkade install command installs OpenFaaS using its official helm chart. After the installation you'll "
        "receive a command to retrieve your OpenFaaS URL and password.\n# Get the faas-cli\narkade get faas-cli"), fold),
]
INSTALLS_ABOUT = [frozenset({"install", "faa", "cli"}), frozenset({"deploy", "chart", "arkad", "fastest", "option"})]


def test_a_titles_verb_before_an_article_is_no_subject() -> None:
    # A careful answer's sentence (OpenFaaS, round 15): "Deploy the Chart" titles a task; its "deploy" is no
    # subject of that section told in the faas-cli clause's place.
    sentence = ("The faas-cli is required to manage OpenFaaS and deploy functions, and the same output shows "
                "for fetching it.")
    assert not retold.held(unit(sentence, fold), INSTALLS, INSTALLS_ABOUT)


def test_a_next_lines_opening_phrase_is_no_subject() -> None:
    """ "As a consequence, Rspamd will perform ..." after "The RBL module is enabled by default." (Docker Mailserver's
    docs): the opening phrase links the line to the one before, and its subject is Rspamd; the two lines joined, each
    of its own subject, move no deed, and the deed told of the module is still moved."""
    rbl = [Passage.of("RBLs", "The RBL module is enabled by default.\nAs a consequence, Rspamd will perform DNS lookups "
                      "to various blacklists.\nWhether an RBL or a DNSBL is queried depends on where the domain name was "
                      "obtained.", fold)]
    assert not retold.across(unit("The RBL module is enabled by default, so Rspamd performs DNS lookups to various "
                                  "blacklists.", fold), rbl)
    assert retold.across(unit("The RBL module performs DNS lookups to various blacklists.", fold), rbl)


RENAME = Passage.of("Files", "You may rename the generated file after the build.", fold)
COPIER = Passage.of("Copier", "Copier asks questions by default.", fold)


@pytest.mark.parametrize(
    ("sentence", "sections", "held"),
    [
        # "must" is read against the unit its clause restates, one word in common enough (checking.md's hedge rule).
        ("You must rename it.", RENAME, True),
        ("You may rename it.", RENAME, False),
        # "always" against a default only in a unit sharing two words with its clause: "Copier" alone restates nothing.
        ("Copier always renders.", COPIER, False),
        ("Copier always asks questions.", COPIER, True),
    ],
)
def test_must_takes_the_unit_its_clause_restates_where_always_needs_two_words_in_common(
    sentence: str, sections: Passage, held: bool
) -> None:
    assert hedges.held(unit(sentence, fold), [sections]) is held
