"""Falsehoods that round 32's new readings let through (review32), on development sites' own sections, pinned as
strict xfails and then mended (an exception phrase excepts from the words before it in its clause; "excluding" after a
verb that takes a deed is none): each is held again.

8de8132e reads "excluding", "besides", "apart from", "aside from" and "save for" before a section's denial in its
clause as an exception (`passage.excepting`), and waives the denial for every affirming sentence, not only for what
the exception names. "Excluding" is mostly a verb in the docs ("excluding certain fields that you do not want to
include"), and what such a clause denies is no exception's. On the development bundles of rounds 5-27, falsehoods
written from every record sentence with an exception word before a denial (the denial taken out, no gate consulted):
16 sentences, 2 newly shown (Ormar's two below, both held by `polarity` at e5de50a9), 2 newly held (two "except that"
denials, read as its commit says).
"""

from __future__ import annotations

import pytest

from tests.sidecar.gating import docs_section, verdicts

excepted = verdicts(
    docs_section("fastapi-response", "Using ormar in responses",  # Ormar's docs, fastapi/response.md
                 "You can use ormar Models in fastapi response_model instead of pydantic models. You can of course also "
                 "mix ormar.Models with pydantic ones if you need to. One of the most common tasks in responses is "
                 "excluding certain fields that you do not want to include in response data. This can be achieved in "
                 "several ways in ormar so below you can review your options and select the one most suitable for your "
                 "situation."),
    docs_section("server", "Server",  # made up: the exception names the config file, the denial is of the rest
                 "Apart from the config file the server does not read environment variables."),
)


@pytest.mark.parametrize(
    "sentence",
    [
        "One of the most common tasks in responses is excluding certain fields that you want to include in response "
        "data [[fastapi-response]].",
        "The server reads environment variables [[server]].",
    ],
)
def test_a_falsehood_against_a_denial_after_an_exception_word_is_held(sentence: str) -> None:
    assert excepted(sentence) != "shown"


def test_the_sections_own_denial_is_shown() -> None:
    assert excepted("One of the most common tasks in responses is excluding certain fields that you do not want to "
                    "include in response data [[fastapi-response]].") == "shown"


# What 9a64bf57's mend leaves (review32, made-up sections: the development records have no such clause, where the 16
# sentences above give 0 newly shown and 2 newly held at 9a64bf57). Each was held (`polarity`) at e5de50a9 and is shown
# at 9a64bf57: "excluding" after a verb of its list only ("when excluding", "try excluding" are deeds too), and an
# exception waives the clause's denial for every thing, not only for what it names (as "other than" did before this
# round: "Strategies other than eager and lazy are not supported" lets "The joined strategy is supported" through).
MENDED = verdicts(
    docs_section("archive", "Archive", "When excluding files the archive does not include symlinks."),
    docs_section("payload", "Payload",
                 "You should try excluding the fields that you do not want to include in the payload."),
    docs_section("hook", "Hook", "The hook aside from logging does not modify the request."),
    docs_section("lock", "Lock file", "Every option apart from --force does not change the lock file."),
)


@pytest.mark.xfail(strict=True, reason="9a64bf57: 'excluding' after other verbs, and a denial waived beyond what the "
                                       "exception names")
@pytest.mark.parametrize(
    "sentence",
    [
        "When excluding files the archive includes symlinks [[archive]].",
        "You should try excluding the fields that you want to include in the payload [[payload]].",
        "The hook modifies the request [[hook]].",
        "The --verbose option changes the lock file [[lock]].",
    ],
)
def test_a_falsehood_against_a_denial_the_mend_still_waives_is_held(sentence: str) -> None:
    assert MENDED(sentence) != "shown"
