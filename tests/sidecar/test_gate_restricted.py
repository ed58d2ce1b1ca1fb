"""The restriction rule (`restricted.py`, reason `quantifier`; round 24, issue 21's quantifiers on docs): "all",
"every" or "any" told of a word the unit the sentence restates restricts in its own words: a modifier the sentence
leaves out ("all *.py files"), an "only" before the word ("will only be set for the first operation"), or the word
tied to a part ("all other packages"). Found on development rounds 5, 8 and 9 (Uvicorn, uv, Django Ninja); the
sections' words are theirs. A sentence keeping the restriction passes."""

from __future__ import annotations

import pytest

from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from tests.sidecar.gating import docs_section as _section
from tests.sidecar.gating import fate, record_of

RECORD = record_of(
    _section("reloading-without-watchfiles", "Reloading without watchfiles",  # Uvicorn's docs, settings.md
             "If Uvicorn cannot load watchfiles at runtime, it will periodically look for changes in modification "
             "times to all *.py files (and only *.py files) inside of its monitored directories. See the --reload-dir "
             "option. Specifying other file extensions is not supported unless watchfiles is installed."),
    _section("how-urls-are-generated", "How URLs are generated",  # Django Ninja's docs, guides/urls.md
             "The URLs are all contained within a namespace, which defaults to \"api-1.0.0\", and each URL name "
             "matches the function it is decorated. This implicit URL name will only be set for the first operation "
             "for each API path. If you don't want any implicit reverse URL name generated, just explicitly specify "
             "url_name=\"\" (an empty string) on the method decorator."),
    _section("pre-release-handling", "Pre-release handling",  # uv's docs, concepts/resolution.md
             "Use --prerelease allow to consider pre-releases for every package without preferring stable candidates "
             "first, or --prerelease disallow to exclude them entirely. The explicit mode considers pre-releases only "
             "for first-party requirements that contain a pre-release identifier (preferring stable versions and "
             "falling back to pre-releases only if necessary), while disallowing pre-releases for all other "
             "packages."),
    _section("isauthenticatedorreadonly", "IsAuthenticatedOrReadOnly",  # Django REST framework's, api-guide/permissions.md
             "The IsAuthenticatedOrReadOnly will allow authenticated users to perform any request. Requests for "
             "unauthenticated users will only be permitted if the request method is one of the \"safe\" methods; GET, "
             "HEAD or OPTIONS."),
    _section("configuration-inheritance", "Configuration Inheritance",  # MkDocs' docs, user-guide/configuration.md
             "Generally, a single file would hold the entire configuration for a site. However, some organizations may "
             "maintain multiple sites which all share a common configuration across them. Rather than maintaining "
             "separate configurations for each, the common configuration options can be defined in a parent "
             "configuration file which each site's primary configuration file inherits."),
)


def verdict(sentence: str) -> str:
    return fate(Gate(RECORD, Lexicon([])), sentence)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("If Uvicorn cannot load watchfiles at runtime, it periodically checks the modification times of all files "
         "inside its monitored directories [[reloading-without-watchfiles]].", "quantifier"),
        ("If Uvicorn cannot load watchfiles at runtime, it periodically checks the modification times of all *.py "
         "files inside its monitored directories [[reloading-without-watchfiles]].", "shown"),
    ],
)
def test_a_whole_without_the_sections_modifier(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # the sentence's own "not only the first" denies the restriction: it writes none
        ("The implicit URL name is set for every operation on an API path, not only the first "
         "[[how-urls-are-generated]].", "quantifier"),
        ("The implicit URL name is set only for the first operation on each API path [[how-urls-are-generated]].",
         "shown"),
    ],
)
def test_a_whole_where_the_section_says_only(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("In explicit mode, once a first-party requirement carries a pre-release identifier, pre-releases become "
         "allowed for every package [[pre-release-handling]].", "quantifier"),
        ("In explicit mode, pre-releases are considered only for first-party requirements that carry a pre-release "
         "identifier [[pre-release-handling]].", "shown"),
    ],
)
def test_a_whole_where_the_unit_restated_says_all_other(sentence: str, expected: str) -> None:
    """ "every package" is written bare in another unit (the allow mode's): the unit restated decides."""
    assert verdict(sentence) == expected


@pytest.mark.parametrize(
    "sentence",
    [
        # the sentence restricts something itself: it tells the two apart
        "IsAuthenticatedOrReadOnly lets authenticated users perform any request, while unauthenticated users are "
        "allowed only the safe methods GET, HEAD and OPTIONS [[isauthenticatedorreadonly]].",
        # a possessive is what "every" is said of: "every site's configuration" restricts no configuration
        "Rather than maintaining separate configurations for each site, you can keep the common options in a parent "
        "configuration file that every site's primary configuration file inherits [[configuration-inheritance]].",
    ],
)
def test_a_whole_the_sentence_restricts_or_gives_a_possessive_passes(sentence: str) -> None:
    assert verdict(sentence) == "shown"
