"""`SiteNames.mask`: a text that holds none of the site's names whole is let go before any pattern is run over it, and
one that holds some is masked by the pattern of those alone; what is masked is what the pattern of every name (an
alternation of them all) masks, in ASCII and beyond it, for names with words and for names without ("0.13.0")."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from docent.sidecar.answer.names import SiteNames, _compile
from docent.sidecar.answer.words import LETTERS, found

_NAMES = ["Rate limits", "How I work", "Server-sent events", "Kafka", "Don't panic", "CI/CD", "3-D Secure", "Ledger",
          "Sponsorship Tiers 🎁", "0.13.0", "Café", "Über uns", "Kafka’s log"]
_PIECES = [
    "rate", "Rate", "limits", "limits-based", "how", "How", "I", "work", "server-sent", "non-server-sent", "Server",
    "sent", "events", "kafka", "Kafka's", "don't", "Don't", "panic", "CI/CD", "3-D", "Secure", "ledger", "the",
    "\"", "'", "’", "*", "_", "-", ",", ".", "(", ")", " ", "  ", "\n", "\t", "é", "\u00a0",
    "Sponsorship", "sponsorship", "Tiers", "🎁", "0.13.0", "0.13", "v0.13.0", "café", "Café", "Über", "über", "uns",
    "Kafka’s", "log", "İ", "ß", "—",
]


def _masked_by_the_pattern(names: SiteNames, text: str) -> str:
    """What the pattern of every name masks (`mask` ran it over every text holding a name's longest word, and over every
    text at all on a site with a name beyond ASCII or with no word)."""
    return _compile(list(names.names)).sub(" ", text)


@settings(max_examples=800, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=14).map(" ".join), st.booleans())
def test_a_text_is_masked_as_the_pattern_masks_it(text: str, with_words: bool) -> None:
    names = SiteNames(_NAMES)
    words = set(found(LETTERS, text.lower()))
    assert names.mask(text, words if with_words else None) == _masked_by_the_pattern(names, text)


def test_the_example_sites_names_mask_its_record_as_the_pattern_does() -> None:
    bundle = json.loads((Path(__file__).parents[1] / "evals" / "bundle.json").read_text(encoding="utf-8"))
    titles = [s["title"] for s in bundle["record"]]
    names = SiteNames(titles)
    texts = [line for s in bundle["record"] for line in s["text"].splitlines() if line.strip()]
    texts += [f"The {t} page says so." for t in titles] + [f"See “{t}”, then {t.lower()}." for t in titles]
    masked = 0
    for text in texts:
        words = set(found(LETTERS, text.lower()))
        assert names.mask(text, words) == _masked_by_the_pattern(names, text)
        masked += names.mask(text, words) != text
    assert masked >= len(titles)  # each title masked where the sentence names it


def test_a_name_is_masked_where_its_longest_word_is_a_part_of_a_joined_word() -> None:
    names = SiteNames(["Rate limits", "Kafka"])
    text = "Kafka and rate limits-based caps"
    # "limits-based" is no longest word of a name, but "kafka" is: the pattern runs, and finds "rate limits" too
    assert names.mask(text, set(found(LETTERS, text.lower()))) == "  and  -based caps"


def test_a_name_beyond_ascii_or_with_no_word_is_masked_by_the_pattern_of_the_names_held() -> None:
    names = SiteNames(["Sponsorship Tiers 🎁", "0.13.0", "Kafka"])
    text = "See “Sponsorship  Tiers 🎁” and 0.13.0, not 0.13.01 or Kafka’s."
    assert names.mask(text, set(found(LETTERS, text.lower()))) == "See   and  , not 0.13.01 or  s."  # a quote mark after a name goes with it
    assert names._held("Nothing here, 0.13 only.", None) == ()  # the pattern is not run over it
