"""The alignment's weak readings on documentation (issue 21, round 15): a word of a contrast class that says nothing of
its class where it stands is not compared. "Up to 100" bounds a figure (the number rule reads it), "in all" says in
total, "no other" is "only" or "none" by what it follows, an "any" in a condition is "one of", and a name's plural
is the name. Each told falsely in the same construction is still held. The record is a small made-up library's."""

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
    _section("limits", "Pool limits",
             "- max_connections, the most connections the pool opens, or None for no limits. (Default 100)\n"
             "- max_keepalive, the connections kept alive. (Default 20)"),
    _section("storm", "The retry storm",
             "The service answers 400 calls a second. At 3 s it crashes, failing every call in flight, and at 8 s "
             "it is back."),
    _section("schemas", "Schemas",
             "Topics are described by schemas in a registry that allows only backward compatible changes."),
    _section("checks", "Checks",
             "The build runs the checks in turn. If any check fails, the build stops and reports it.\n"
             "Any reviewer can approve a change."),
    _section("hooks", "Event hooks",
             "Response hooks are called before the body is read. To read the body inside a hook, call read(), or "
             "for AsyncClients, aread(). Hooks are set with AsyncClient(event_hooks=hooks) or "
             "SyncClient(event_hooks=hooks)."),
    _section("closing", "Closing a client",
             "Use a client as a context manager. Alternatively, you can explicitly close the connection pool "
             "without block-usage using .close()."),
)


def verdict(sentence: str) -> str:
    return fate(Gate(RECORD, Lexicon([])), sentence)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # "Up to N" bounds a figure: no quantifier against the clause's "no" or "every"; a wrong figure is the
        # number rule's, and a quantifier told of the thing itself is still compared.
        ("By default the pool opens up to 100 connections in all, and keeps 20 of them alive [[limits]].", "shown"),
        ("By default the pool opens up to 10 connections [[limits]].", "number"),
        ("The service answers up to 400 calls a second; it crashes at 3 s and is back at 8 s [[storm]].", "shown"),
        ("At 3 s the service crashes, failing some calls in flight, and at 8 s it is back [[storm]].", "quantifier"),
        # "No other" after what it sets apart is "only"; told as "all", the clause's "only" still differs.
        ("Schema changes must be backward compatible: the registry allows no other kind [[schemas]].", "shown"),
        ("The registry allows all schema changes, backward compatible or not [[schemas]].", "quantifier"),
        # "With" before inline code at the sentence's end names what it is done with, as before a comma: no presence.
        ("You can also close the connection pool explicitly with `.close()` [[closing]].", "shown"),
        ("You can also close the connection pool explicitly with block-usage [[closing]].", "polarity"),
        # In a condition, "any" is "one of"; outside one it is every one of them.
        ("If one of the checks fails, the build stops and reports it [[checks]].", "shown"),
        ("One of the reviewers can approve a change [[checks]].", "quantifier"),
    ],
)
def test_a_word_that_says_nothing_of_its_class_is_not_compared(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected


def test_a_names_plural_is_the_name_and_another_name_in_its_place_is_held() -> None:
    assert verdict("Response hooks are called before the body is read, so with an AsyncClient you call aread() "
                   "inside one [[hooks]].") == "shown"
    assert verdict("Response hooks are called before the body is read, so with a SyncClient you call aread() "
                   "inside one [[hooks]].") == "actor"


def test_two_suppositions_are_two_cases() -> None:
    """ "If you override both methods" against "If you only want to support one of the two methods": each supposes its
    own case, so their quantifiers are not compared; one supposed against one stated still is."""
    supposed = [Passage.of("Auth flows", "If you only want to support one of the two methods, you should still "
                           "override it.", fold)]
    stated = [Passage.of("Clients", "A client may support one of the two auth methods.", fold)]
    assert align.differs(unit("If you override both methods, you should still support them.", fold), supposed) is None
    assert align.differs(unit("You should still override both of the two methods.", fold), supposed) == "quantifier"
    assert align.differs(unit("If you override them, a client may support both auth methods.", fold), stated) == "quantifier"


def test_with_before_prose_is_still_presence() -> None:
    closing = [Passage.of("Closing a client", "Alternatively, you can explicitly close the connection pool without "
                          "block-usage using .close().", fold)]
    said = unit("You can also close the connection pool explicitly with block-usage.", fold)
    assert align.differs(said, closing) == "reversal"


def test_an_opening_phrases_place_is_its_own_words() -> None:
    """ "Before the fix, the occupancy climbed" against "the occupancy after each collection climbed": the opening's
    "before" is placed by "the fix", not by the clause after its comma; "after the fix" for "before the fix" is held."""
    leak = [Passage.of("The leak", "I plotted the old generation's occupancy after each full collection: it rose by "
                       "about 40 MB a day and never came down.", fold)]
    fixed = [Passage.of("The fix", "After the fix, the old generation's occupancy stayed flat.", fold)]
    said = "Before the fix, the old generation's post-collection occupancy climbed by about 40 MB a day."
    assert align.differs(unit(said, fold), leak) is None
    assert align.differs(unit("Before the fix, the old generation's occupancy stayed flat.", fold), fixed) == "order"
