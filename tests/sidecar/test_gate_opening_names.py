"""A name opening a sentence or standing in a table's cell with no label (issue 21, count25's note): a sentence's first
word is capitalised anyway, so it is read as a name only where it is no common English word (`names.ENGLISH`, SCOWL's
list) and the record writes it in lower case in no form. "Tessellate
caches every response" was shown where no cited section names Tessellate; an English word opening a sentence the
record never writes ("Normally", "Watch", "Since", "Separately") is still no name."""

from __future__ import annotations

import pytest

from docent.sidecar.answer.lexicon import Lexicon
from tests.sidecar.gating import docs_section as _section
from tests.sidecar.gating import fates, record_of, verdicts

RECORD = record_of(
    _section("cache", "Caching", "The proxy caches every response for sixty seconds. Set cache_ttl to change it."),
    _section("vendor", "Vendors", "Tessellate ships a proxy of its own."),
)


@pytest.mark.parametrize("reply, expected", [
    # a made-up name opening the sentence, or an unlabelled cell, that the cited section does not write: held
    ("Tessellate caches every response [[cache]].\n", ["unknown_term"]),
    ("Alderway caches every response [[cache]].\n", ["unknown_term"]),
    ("| Tessellate | caches every response [[cache]] |\n", ["unknown_term"]),
    ("| | |\n|---|---|\n| Tessellate | caches every response [[cache]] |\n", ["unknown_term"]),
    # the section that writes it vouches for it, as for a name inside a sentence
    ("Tessellate ships a proxy of its own [[vendor]].\n", ["shown"]),
    # English words the record never writes, opening a sentence: no names
    ("Normally, the proxy caches every response [[cache]].\n", ["shown"]),
    ("Separately, set cache_ttl to change it [[cache]].\n", ["shown"]),
    # an adverb in -ly is its adjective's word: "declaratively" is in no list, "declarative" is English
    ("Declaratively, set cache_ttl to change it [[cache]].\n", ["shown"]),
    ("Watch out: the proxy caches every response [[cache]].\n", ["shown"]),
    ("Unless you set cache_ttl, the proxy caches every response for sixty seconds [[cache]].\n", ["shown"]),
    ("Caching every response is what the proxy does [[cache]].\n", ["shown"]),
    # a word in -ing opening a sentence is a verb more likely than a name, though in no list: "prefetching"
    ("Prefetching every response is what the proxy does [[cache]].\n", ["shown"]),
    ("| Proxy | caches every response [[cache]] |\n", ["shown"]),
])
def test_a_name_opening_a_sentence_or_a_cell_is_read_where_it_is_no_english_word(reply: str, expected: list[str]) -> None:
    assert fates(RECORD, reply, Lexicon([])) == expected


def test_the_owner_s_name_opening_a_sentence_is_no_unknown_name() -> None:
    """The guide tells the record's "I" by the name the manifest gives (`owner: {called: Jo}`): "Jo rebuilt ..."
    where the section says "I rebuilt ...". The owner's name is no name to check, opening a sentence or inside one,
    though the site's name ("Jo's notes") writes it only with its possessive and the record never does."""
    judge = verdicts(_section("ledger", "The ledger", "I rebuilt the ledger service in Kotlin."),
                     owner="Jo's notes", person=["Jo Lind", "Jo"])
    assert judge("Jo rebuilt the ledger service in Kotlin [[ledger]].\n") == "shown"
    assert judge("In the end Jo rebuilt the ledger service in Kotlin [[ledger]].\n") == "shown"
    assert judge("Tessellate rebuilt the ledger service in Kotlin [[ledger]].\n") == "unknown_term"  # still read


DERIVED = record_of(
    _section("serve", "Serving", "The server installs from a wheel, validates each request and filters the rows it "
             "returns. Mentors meet each week. It reads the program's settings."),
    _section("vendor", "Vendors", "Tessellate ships a proxy of its own."),
)


@pytest.mark.parametrize("reply, expected", [
    # words English makes of a known word ("installable" of "install"), a contraction ("It'll"): no names, though in
    # no list and never written by the record; the rules still read their claims
    ("Programmatically, the server reads the program's settings [[serve]].\n", ["shown"]),
    ("Installable from a wheel, the server validates each request [[serve]].\n", ["shown"]),
    ("Validators check each request the server receives [[serve]].\n", ["shown"]),
    ("Revalidated, each request the server receives is validated [[serve]].\n", ["shown"]),
    ("Mentees meet the mentors each week [[serve]].\n", ["shown"]),
    ("It'll validate each request [[serve]].\n", ["shown"]),
    # the hole each reading could open, probed: an invented name is no derived word ("Tessellate", of no known word),
    # nor an agent's "-er" alone ("Docker" of "dock": names are made so), a compound ("Whitetail") or "un" and a noun
    # ("Unsplash" of "splash"), nor a name written in capitals inside ("MultiMarkdown")
    ("Tessellate validates each request the server receives [[serve]].\n", ["unknown_term"]),
    ("Docker validates each request the server receives [[serve]].\n", ["unknown_term"]),
    ("Whitetail validates each request the server receives [[serve]].\n", ["unknown_term"]),
    ("Unsplash validates each request the server receives [[serve]].\n", ["unknown_term"]),
    ("MultiMarkdown validates each request the server receives [[serve]].\n", ["unknown_term"]),
    ("Postgrey validates each request the server receives [[serve]].\n", ["unknown_term"]),
])
def test_a_word_english_derives_from_a_known_one_is_no_name(reply: str, expected: list[str]) -> None:
    assert fates(DERIVED, reply, Lexicon([])) == expected


# HTTPX's "Async Support" (tests/data/sites/httpx/docs/async.md), as its bundle keeps it.
ASYNC = record_of(_section("async", "Async Support", "HTTPX offers a standard synchronous API by default, but also "
                           "gives you the option of an async client if you need it."))


@pytest.mark.parametrize("name", ["Recharts", "Remotion", "Retable"])
def test_a_prefix_and_a_bare_word_is_still_a_name(name: str) -> None:
    """Review of 8959d5e6: 're' before a bare known word read as English's ("Reimport"), and so did real products'
    names, 'Recharts' (re + charts), 'Remotion' (re + motion), 'Retable' (re + table): each opening a sentence that
    credits HTTPX's own API to it was shown. A prefix is read before a participle, a verb in -ize or a derived word."""
    assert fates(ASYNC, f"{name} offers a standard synchronous API by default [[async]].\n", Lexicon([])) == [
        "unknown_term"]
    assert fates(ASYNC, "HTTPX offers a standard synchronous API by default [[async]].\n", Lexicon([])) == ["shown"]
