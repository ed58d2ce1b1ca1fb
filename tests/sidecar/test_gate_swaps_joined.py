"""The swap rule (`swaps.py`, reason `actor`) read further (round 24, issue 21's attribution on docs): two clauses
joined by "and" ("jpsca created Copier and pykong took over its maintainership"), a section's one sentence holding both
facts ("The name on the left is ... and the one on the right is ..."), each subject among its clause's first two words
the other lacks, and a unit opening "This method" about the unit before it. Found on development rounds 6 and 10
(MkDocs, Copier); the sections' words are theirs. A sentence keeping each fact with its own thing passes."""

from __future__ import annotations

import pytest

from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from tests.sidecar.gating import docs_section as _section
from tests.sidecar.gating import fate, record_of

CREDITS = (  # Copier's docs, credits
    "Special thanks go to jpsca for originally creating Copier. This project would not be a thing without him. Many "
    "thanks to pykong who took over maintainership on the project, promoted it, and laid out the bases of what the "
    "project is today. Big thanks also go to yajo for his relentless zest for improving Copier even further."
)
LAYOUT = (  # MkDocs' docs, dev-guide/themes.md, "Package Layout" (its end)
    "Most of the rest of the file can be left unedited. The last section we need to change is the entry_points. This "
    "is how MkDocs finds the theme(s) you are including in the package. The name on the left is the one that users "
    "will use in their mkdocs.yml and the one on the right is the directory containing your theme files. The "
    "directory you created at the start of this section with the main.html file should contain all of the other "
    "theme files."
)
SEARCH_PAGE = (  # MkDocs' docs, dev-guide/themes.md, "include_search_page"
    "Determines whether the search plugin expects the theme to provide a dedicated search page via a template located "
    "at search/search.html. When include_search_page is set to true, the search template will be built and available "
    "at search/search.html. This method is used by the readthedocs theme. When include_search_page is set to false or "
    "not defined, it is expected that the theme provide some other mechanisms for displaying search results. For "
    "example, the mkdocs theme displays results on any page via a modal."
)
CURSOR = (  # Django REST framework's docs, api-guide/pagination.md, "CursorPagination" (its start)
    "The cursor-based pagination presents an opaque \"cursor\" indicator that the client may use to page through the "
    "result set. This pagination style only presents forward and reverse controls, and does not allow the client to "
    "navigate to arbitrary positions."
)
RECORD = record_of(
    _section("credits", "Credits", CREDITS),
    _section("package-layout", "Package Layout", LAYOUT),
    _section("include_search_page", "include_search_page", SEARCH_PAGE),
    _section("cursorpagination", "CursorPagination", CURSOR),
)


def verdict(sentence: str) -> str:
    return fate(Gate(RECORD, Lexicon([])), sentence)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("According to the credits, pykong originally created Copier and jpsca later took over its maintainership "
         "[[credits]].", "actor"),
        ("According to the credits, jpsca originally created Copier and pykong later took over its maintainership "
         "[[credits]].", "shown"),
    ],
)
def test_two_clauses_joined_by_and(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # both facts in one sentence of the section, its clauses joined by "and"; the subjects past "name" and "one",
        # and "the rest of the file can be left unedited" (one word in common) restates neither clause
        ("In a theme package's entry_points, the name on the right is the one users write in their mkdocs.yml, and "
         "the one on the left is the directory containing the theme files [[package-layout]].", "actor"),
        ("In a theme package's entry_points, the name on the left is the one users write in their mkdocs.yml, and "
         "the one on the right is the directory containing the theme files [[package-layout]].", "shown"),
    ],
)
def test_a_sections_one_sentence_holding_both_facts(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("The readthedocs theme displays search results on any page via a modal, whereas the mkdocs theme relies on "
         "a dedicated search page at search/search.html [[include_search_page]].", "actor"),
        ("The mkdocs theme shows search results on any page through a modal, while the readthedocs theme uses a "
         "dedicated search page built from search/search.html [[include_search_page]].", "shown"),
    ],
)
def test_this_method_is_the_one_the_unit_before_tells(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected


@pytest.mark.parametrize(
    "sentence",
    [
        # "and" inside a phrase, or before a verb of the same subject, joins no clauses of two subjects
        "CursorPagination gives the client only forward and reverse controls and does not let it navigate to "
        "arbitrary positions in the result set [[cursorpagination]].",
        "Copier was originally created by jpsca and pykong took over its maintainership [[credits]].",
    ],
)
def test_an_and_that_joins_no_two_subjects_passes(sentence: str) -> None:
    assert verdict(sentence) == "shown"


def test_a_pronoun_units_clauses_are_parts_too() -> None:
    """ "They write the event ..., and a relay publishes the outbox" (the example site's outbox decision): the clause
    "a relay publishes the outbox to Kafka in order" restates the sentence's second clause, which then passes, though
    "Services never publish directly" names services beside "publish" (a careful Markdown answer of round 7)."""
    record = record_of(_section(
        "adr-outbox-decision", "Decision",
        "Services never publish directly. They write the event into an outbox table in the same PostgreSQL transaction "
        "as the change itself, and a relay publishes the outbox to Kafka in order. The first relay polled the table; "
        "the second, six months later, used Debezium to read the write-ahead log."))
    sentence = ("Under the decision, services write the event into an outbox table in the same PostgreSQL transaction "
                "as the change, and a relay publishes the outbox to Kafka in order [[adr-outbox-decision]].")
    assert fate(Gate(record, Lexicon([])), sentence) == "shown"


def test_a_figure_after_and_opens_no_clause() -> None:
    """ "5 QPS and 10 burst" joins two figures of one default (ExternalDNS's words, round 17's development set)."""
    record = record_of(_section(
        "reduce-reconcile-pressure", "Reduce reconcile pressure",
        "Kubernetes API rate limiting. external-dns inherits client-go's built-in defaults of 5 QPS and 10 burst for "
        "Kubernetes API calls. On clusters where it shares API quota with many other controllers, they may need to be "
        "lowered to avoid starving higher-priority controllers.\n--kube-api-qps=2\n--kube-api-burst=5\nBoth flags default to the client-go built-in values "
        "(5 QPS / 10 burst) when not set."))
    sentence = ("If external-dns shares Kubernetes API quota with many other controllers, you may need to lower "
                "`--kube-api-qps` and `--kube-api-burst` below the client-go defaults of 5 QPS and 10 burst so it "
                "doesn't starve higher-priority controllers [[reduce-reconcile-pressure]].")
    assert fate(Gate(record, Lexicon([])), sentence) == "shown"


def test_a_sections_clauses_rescue_no_swap() -> None:
    """Hole probe: a section's sentence cut at its "and", and a "This ..." unit read with the unit before it, give the
    guard (a part naming a subject with its own clause's words, which lets the sentence through) more parts to read.
    Neither rescues a swap: basic and digest authentication told of each other (HTTPX's words,
    advanced/authentication.md) against one sentence joining both facts and a "This" unit after it is held."""
    record = record_of(
        _section("authentication", "Authentication", "HTTP basic authentication is unencrypted and should typically "
                 "only be used over https, and digest authentication provides encryption and can be used over "
                 "unencrypted http connections. This scheme requires an additional round-trip."),
    )
    swapped = ("Basic authentication provides encryption and can be used over plain http, whereas digest "
               "authentication is unencrypted and should typically only be used over https [[authentication]].")
    kept = ("Digest authentication provides encryption and can be used over plain http, whereas basic "
            "authentication is unencrypted and should typically only be used over https [[authentication]].")
    assert fate(Gate(record, Lexicon([])), swapped) == "actor"
    assert fate(Gate(record, Lexicon([])), kept) == "shown"
