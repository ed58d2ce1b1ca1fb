"""The number rule's lists (issue 26, the gate's speed): a count in words of a cited section's list, read from the
section's lists once per bundle, and a list the sentence writes itself, looked for only where one can stand."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from docent.sidecar.answer.mentions import Mentions
from docent.sidecar.answer.rules import number
from tests.sidecar.gating import docs_section as _section
from tests.sidecar.gating import fate, record_of

CORPORA = Path(__file__).resolve().parents[1] / "evals" / "corpora"


def _listed_by_the_patterns(text: str) -> set[float]:
    """`number._listed` as it read every text before its test for a comma and a joining word: each pattern run."""
    said, text = text, number._ASIDE.sub("", text)
    counts = {float(number._WORDS[w.lower()]) for m in number._OF_LIST.finditer(text) for w in m.groups() if w}
    lengths = set()
    for m in number._LIST.finditer(text):
        length = number._length(m.group(0))
        lengths.add(length)
        intro = number._INTRODUCES.search(text, 0, m.start())
        if intro is not None and number._WORDS[intro.group(1).lower()] == length:
            counts.add(length)
    return (lengths & counts) | number._aside_counted(said)


@pytest.mark.parametrize("text, listed", [
    ("When uvloop, httptools or websockets is installed, it installs all three.", {3.0}),
    ("Five levels are shown: debug, info, warning, error and critical.", {5.0}),
    ("five levels (debug, info, warning, error and critical)", {5.0}),
    ("It takes a, b,\tand c, all three of them.", {3.0}),  # a tab is a blank too
    ("It used Kafka in 2010, e.g. for 3.5 years.", set()),  # a comma, no "and" or "or": no list
    ("Red, green,or blue, all three.", set()),  # "or" written against the comma joins nothing
])
def test_a_list_the_sentence_writes(text: str, listed: set[float]) -> None:
    assert number._listed(text) == listed == _listed_by_the_patterns(text)


def test_the_test_before_the_patterns_changes_no_reading_of_the_corpora() -> None:
    sentences = [row["sentence"] for path in sorted(CORPORA.glob("*.json"))
                 for row in json.loads(path.read_text(encoding="utf-8")) if isinstance(row, dict) and "sentence" in row]
    sentences += [t for s in sentences for t in re.split(r"(?<=[.:])\s+", s)]
    assert len(sentences) > 1000
    assert [number._listed(s) for s in sentences] == [_listed_by_the_patterns(s) for s in sentences]


def test_a_count_of_a_cited_list_is_read_from_the_section_once_per_bundle() -> None:
    record = record_of(_section("modes", "Modes", "The mode takes one of:\n\n- strict\n- lax\n- off\n\nThe default is strict."))
    lexicon = Lexicon([])
    mentions = Mentions(record, lexicon)

    def judged(sentence: str) -> str:
        return fate(Gate(record, lexicon, mentions=mentions), sentence)

    assert judged("The mode takes one of three values. [[modes]]") == "shown"
    # kept with the section, as rules' facts are: each list's length and what its lead-in says it is
    assert [n for n, _kinds in mentions.passages["modes"].memo["lists"]] == [3.0]
    assert judged("The mode takes one of four values. [[modes]]") == "number"


# Real sections of the development sites (FastAPI Users's settings, DRF's pagination), cut to what the sentences cite.
NAMED = record_of(
    _section("attributes", "Attributes",
             "- reset_password_token_secret: Secret to encode reset password token. Use a strong passphrase.\n"
             "- reset_password_token_lifetime_seconds: Lifetime of reset password token. Defaults to 3600.\n"
             "- verification_token_secret: Secret to encode verification token. Use a strong passphrase.\n"
             "- verification_token_lifetime_seconds: Lifetime of verification token. Defaults to 3600."),
    _section("pagination", "Setting the pagination style",
             "The pagination style may be set globally, using the DEFAULT_PAGINATION_CLASS and PAGE_SIZE setting keys. "
             "Both DEFAULT_PAGINATION_CLASS and PAGE_SIZE are None by default."),
)


@pytest.mark.parametrize("sentence, expected", [
    # a count of the things a cited section names: that many of its items, or of its identifiers, hold the noun
    ("There are two secrets to set, one for each kind of token. [[attributes]]", "shown"),
    ("There are three secrets to set, one for each kind of token. [[attributes]]", "number"),
    # a count of two handed to the pair the sentence writes right after it
    ("Pagination needs two settings: `DEFAULT_PAGINATION_CLASS` and `PAGE_SIZE`. [[pagination]]", "shown"),
    ("Pagination needs three settings: `DEFAULT_PAGINATION_CLASS` and `PAGE_SIZE`. [[pagination]]", "number"),
])
def test_a_count_of_what_a_section_names_or_of_the_pair_after_it(sentence: str, expected: str) -> None:
    assert fate(Gate(NAMED, Lexicon([])), sentence) == expected


# The example site's retry storm (`lab-storm`), as its record writes it.
STORM = record_of(
    _section("lab-storm", "Retry storm",
             "250 clients call a service that can answer 400 calls a second. At 3 s it crashes, failing every call in "
             "flight, and at 8 s it is back. Each client retries a failed call up to eight times, then gives up and "
             "asks again a second or so later."),
)


@pytest.mark.parametrize("sentence, expected", [
    # "up to eight times" counts the retries: "eight failed retries" states it
    ("After eight failed retries a client gives up and asks again a second or so later. [[lab-storm]]", "shown"),
    ("After nine failed retries a client gives up and asks again a second or so later. [[lab-storm]]", "number"),
])
def test_a_count_of_times_states_the_count_of_what_is_repeated(sentence: str, expected: str) -> None:
    assert fate(Gate(STORM, Lexicon([])), sentence) == expected


@pytest.mark.parametrize("sentence, expected", [
    # the reviewer's probe: "eight times" repeats the retries, not a count of workers
    ("The client retries a failed call up to eight times. [[lab-storm]]", "shown"),
    ("The client runs eight workers. [[lab-storm]]", "number"),
    ("The client makes up to eight attempts. [[lab-storm]]", "shown"),  # an attempt is a try of the verb repeated
    ("A client gives up after 8 failed retries. [[lab-storm]]", "shown"),
])
def test_a_count_of_times_states_no_count_of_something_else(sentence: str, expected: str) -> None:
    assert fate(Gate(STORM, Lexicon([])), sentence) == expected


# Uvicorn's settings (round 5's site, `implementation`), as its record writes them: each setting's values enumerated
# in its line, quoted ("Options: 'auto', 'asyncio', 'uvloop'."), as a reference writes a setting's values.
SETTINGS = record_of(
    _section("implementation", "Implementation",
             "- --loop <str> - Set the event loop implementation. The uvloop implementation provides greater "
             "performance, but is not compatible with Windows or PyPy. Options: 'auto', 'asyncio', 'uvloop'. "
             "Default: 'auto'.\n"
             "- --ws <str> - Set the WebSockets protocol implementation. Either of the websockets and wsproto packages "
             "are supported. Use 'none' to ignore all websocket requests. Options: 'auto', 'none', 'websockets', "
             "'websockets-sansio', 'wsproto'. Default: 'auto'."),
)


@pytest.mark.parametrize("sentence, expected", [
    # a count of the values a setting's line enumerates, quoted: the line states it
    ("`--loop` has three options. [[implementation]]", "shown"),
    ("`--loop` accepts three options, `auto`, `asyncio` and `uvloop`, and defaults to `auto`. [[implementation]]",
     "shown"),
    ("`--loop` has three options (`auto`, `asyncio`, `uvloop`). [[implementation]]", "shown"),
    ("`--ws` takes five values. [[implementation]]", "shown"),
    # the hole probes: another count, or the count of another setting's values (its line names no word of the sentence)
    ("`--loop` has four options. [[implementation]]", "number"),
    ("`--loop` takes five values. [[implementation]]", "number"),
    ("`--ws` takes three values. [[implementation]]", "number"),
])
def test_a_count_of_the_values_a_reference_enumerates_in_a_line(sentence: str, expected: str) -> None:
    assert fate(Gate(SETTINGS, Lexicon([])), sentence) == expected

