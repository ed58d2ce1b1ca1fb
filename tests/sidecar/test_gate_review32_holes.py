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
        "The --verbose option changes the lock file [[lock]].",
    ],
)
def test_a_falsehood_against_a_denial_the_mend_still_waives_is_held(sentence: str) -> None:
    assert MENDED(sentence) != "shown"


def test_a_denial_waived_past_its_exception_is_held_by_the_opposite_predicates() -> None:
    # Was pinned above: the polarity rule still waives "does not modify" past "aside from logging"; the opposite
    # predicates (`predicates.py`) read "modifies" against the denied "modify" of the same request.
    assert MENDED("The hook modifies the request [[hook]].") == "polarity"


# 2b77fd64 reads a unit that opens "This is because" (or "That is ...", "It is ...", with "because", "so", "since") as
# pointing back, so that it reaches one sentence further: the reason it gives is then taken for the unit two before it
# too, which it does not explain. On the development bundles (rounds 5-27), each record unit that opens so, its reason
# told with "because" after the unit two before it (no gate consulted): 29 sentences, 22 held (`cause`) at 69517275
# (its parent) and shown at 2b77fd64, of which about half are plainly false (these two) and some five true ("the type
# annotation for team is Team | None because the related team_id could also be None"); told after the unit right
# before it, 37 of 39 shown on both. Not reverted (mixed, and none of the development sets moves): pinned.
BECAUSE = verdicts(
    docs_section("http-proxies", "HTTP Proxies",  # HTTPX's docs, advanced/proxies.md (its prose, the code left out)
                 "For more advanced use cases, pass a mounts dict. For detailed information about proxy routing, see the "
                 "Routing section.\nGotcha: In most cases, the proxy URL for the https:// key should use the http:// "
                 "scheme (that's not a typo!). This is because HTTP proxying requires initiating a connection with the "
                 "proxy server. While it's possible that your proxy supports doing it via HTTPS, most proxies only "
                 "support doing it via HTTP.", "Proxies"),
    docs_section("margin", "Margin",  # Textual's docs, guide/styles.md (its prose, the example left out)
                 "Margin is similar to padding in that it adds space, but unlike padding, margin is outside of the "
                 "widget's border. It is used to add space between widgets.\nNotice how each widget has an additional "
                 "two rows and columns around the border.\nMargins overlap: In the above example both widgets have a "
                 "margin of 2, but there are only 2 lines of space between the widgets. This is because margins of "
                 "consecutive widgets overlap.", "Styles", "Dimensions"),
)


@pytest.mark.xfail(strict=True, reason="2b77fd64: a 'This is because' unit's reason is taken for the unit two before it")
@pytest.mark.parametrize(
    "sentence",
    [
        "For detailed information about proxy routing, see the Routing section because HTTP proxying requires "
        "initiating a connection with the proxy server [[http-proxies]].",
        "Notice how each widget has an additional two rows and columns around the border because margins of "
        "consecutive widgets overlap [[margin]].",
    ],
)
def test_a_reason_told_of_a_unit_it_does_not_explain_is_held(sentence: str) -> None:
    assert BECAUSE(sentence) != "shown"


def test_a_reason_told_of_the_unit_it_explains_is_shown() -> None:
    assert BECAUSE("The proxy URL for the https:// key should use the http:// scheme because HTTP proxying requires "
                   "initiating a connection with the proxy server [[http-proxies]].") == "shown"
