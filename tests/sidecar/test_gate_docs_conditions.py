"""The gate on documentation prose that states behaviour with modals and conditions (issue 21, round 8): "will
return" is a deed of its actor, ", prefixed by" a description and no deed, "is only called for" a verb's restriction, "once"
and "if" the order of events, "Doing so" a link to the sentence before; the same words told falsely still held. The record is a small made-up library's."""

from __future__ import annotations

import pytest

from docent.sidecar.answer import actors
from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from docent.sidecar.answer.passage import Passage, unit
from docent.sidecar.answer.words import fold
from tests.sidecar.gating import docs_section as _section
from tests.sidecar.gating import fate, record_of

RECORD = record_of(
    _section("tasks", "Background tasks",
             "A task is attached to a response, and will run only once the response has been sent."),
    _section("continue", "Expect header",
             "The server makes sure that confirmations are only sent if the application calls receive."),
    _section("scripts", "Composite scripts", "Running all will run lint first and then test if lint succeeded."),
    _section("keys", "Token keys",
             "For clients to sign in, the key should be included in the header. The key should be prefixed by "
             "the word Token. The team should have rotated the old keys."),
    _section("aliases", "Proxy alias",
             "The proxy is a more correctly named alias for the gateway. We recommend using the proxy instead of "
             "the gateway. Doing so will help keep your setup correct - any client may send headers."),
    _section("farther", "Proxy modes",
             "The proxy is a more correctly named alias for the gateway. It has three modes. It logs each request. "
             "Any client may send headers."),
    _section("listing", "Listing fields",
             "It's recommended that you list the fields explicitly. You can do this like so:\n"
             "class View(Base):\n    fields = ['name']\n"
             "Listing them helps prevent data leakage, such as users ordering against a password hash."),
    _section("forcing", "Forcing anonymity",
             "Sometimes you may want all requests by the client to be treated as anonymous. This is useful in "
             "tests. It saves time. To undo it, call reset."),
    _section("reports", "Reporting",
             "Report issues by email. The maintainers will then work with you. Workers restart one after another."),
    _section("likeness", "Data attribute",
             "The data attribute is similar to the form attribute except that:\n- It parses JSON bodies too."),
    _section("tokens", "Tokens", "Every route requires a token, except that the health route is open."),
    _section("sync", "Nightly sync", "The sync job runs every hour. The report is built after the sync job runs."),
    _section("handlers", "Error handlers",
             "All exceptions raised in views reach the handler. The handler is called for exceptions raised in "
             "views, not for responses that views return."),
)


def verdict(sentence: str) -> str:
    return fate(Gate(RECORD, Lexicon([])), sentence)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # "L once R", "L if R": R comes first; "once" in the sentence orders as "after" does.
        ("A task attached to a response runs once the response has been sent [[tasks]].", "shown"),
        ("A task attached to a response runs just before the response is sent [[tasks]].", "order"),
        ("A task attached to a response runs first, and the response is sent once the task has completed [[tasks]].",
         "order"),
        ("Confirmations are sent only once the application calls receive [[continue]].", "shown"),
        # "once each hour" says how often, as "once a day" does; "once each sync job has run" is still a clause.
        ("The sync job runs once each hour [[sync]].", "shown"),
        ("The report is built once each sync job has run [[sync]].", "shown"),
        ("The sync job runs once each report has been built [[sync]].", "order"),
        ("Confirmations are sent before the application calls receive [[continue]].", "order"),
        # A condition of the sentence's own side is no event of that side: "then test only if lint succeeded".
        ("Running all runs lint first and then test only if lint succeeded [[scripts]].", "shown"),
        ("Running all runs test first and then lint [[scripts]].", "order"),
        # ", prefixed by" describes the key, as "should be prefixed by" does; "should have rotated" is no deed.
        ("Have clients send the key in the header, prefixed by the word Token [[keys]].", "shown"),
        ("The team prefixed the key by the word Token [[keys]].", "hedge"),
        ("The team rotated the old keys [[keys]].", "hedge"),
        # "is only called for" restricts the verb, no part of the responses; "only some responses" is a part.
        ("The handler is only called for exceptions raised in views [[handlers]].", "shown"),
        ("Only some exceptions raised in views reach the handler [[handlers]].", "quantifier"),
        # "X, after which Y" is "X, then Y"; "one after another" orders nothing.
        ("Issues are reported by email, after which the maintainers work with the reporter [[reports]].", "shown"),
        ("The maintainers work with the reporter, after which issues are reported by email [[reports]].", "order"),
        ("The maintainers work with the reporter after issues are reported by email [[reports]].", "shown"),
        ("Workers restart one after another, and the maintainers work with you [[reports]].", "shown"),
        # "Similar to X except that" qualifies a likeness: "with these differences" says it, "without any" does not.
        ("The data attribute is similar to the form attribute, with these differences [[likeness]].", "shown"),
        ("The data attribute is similar to the form attribute, without any differences [[likeness]].", "HELD"),
        # Elsewhere "except that" is the presence class's "except": what it leaves out is not included.
        ("Every route requires a token, the health route included [[tokens]].", "HELD"),
        ("Every route requires a token, with the health route too [[tokens]].", "HELD"),
        # A reason a sentence or two from its effect, where the later opens on the earlier ("Doing so", "This"), or
        # where what lies between is a code example and the line that opens it; one word places no effect.
        ("For headers, the documentation recommends the proxy, a more correctly named alias for the gateway, because "
         "any client may send headers [[aliases]].", "shown"),
        ("The proxy is a more correctly named alias for the gateway because any client may send headers [[farther]].",
         "cause"),
        ("The documentation recommends listing the fields explicitly to prevent data leakage [[listing]].", "shown"),
        ("Call `reset` so that all requests by the client are treated as anonymous [[forcing]].", "shown"),
    ],
)
def test_documentation_conditions(sentence: str, expected: str) -> None:
    found = verdict(sentence)
    assert found == expected or expected == "HELD" and found != "shown", found


def test_a_verb_after_a_modal_is_its_actors_deed() -> None:
    """"Django will return a server error" vouches for "Django returns"; where the section's "will return" is another
    party's, the site's own name as its actor is still held."""
    section = Passage.of("Errors", "If the handler returns None, Django will return a server error.", fold)
    django = frozenset({"django"})
    assert not actors.held(unit("If the handler returns None, Django returns a server error.", fold, django), [section])
    other = Passage.of("Errors", "The handler returns None, and the server will return a server error.", fold)
    starlette = frozenset({"starlette"})
    assert actors.held(unit("Starlette returns a server error.", fold, starlette), [other])


def test_a_noun_had_and_a_verb_before_to_be_are_no_deeds() -> None:
    """"The theme has options" has no deed "options" to set against the section's "configuration options"; "the
    link needs to be added" gives "needs" no actor, so "the library needs a link" swaps no parties. A party that
    does the verb itself, told of another that does it too, is still held as swapped."""
    section = Passage.of("Themes", "The theme supports the following configuration options. In addition to the "
                         "configuration options of the theme, these exist.", fold)
    assert not actors.held(unit("The theme has options, set under the configuration option.", fold, frozenset()),
                           [section])
    links = Passage.of("Libraries", "The link needs to be added to the library's template. The file includes it.", fold)
    assert not actors.held(unit("The library still needs a link in a template.", fold, frozenset()), [links])
    swapped = Passage.of("Cards", "The issuer judges the merchant by its history. The merchant pays the fee.", fold)
    assert actors.held(unit("The merchant judges the issuer by its history.", fold, frozenset()), [swapped])
