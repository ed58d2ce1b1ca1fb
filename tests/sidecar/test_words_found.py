"""`words.found`: a pattern's words found in ASCII text with str's methods are the pattern's own, in order; a `Unit`'s
tokens are its pattern's words, each where it stands; the lexicon's word starts are its pattern's."""

from __future__ import annotations

import string

from hypothesis import given, settings
from hypothesis import strategies as st

from docent.sidecar.answer.lexicon import Lexicon
from docent.sidecar.answer.lexicon_keys import as_words
from docent.sidecar.answer.passage import _WORD as _UNIT_WORD
from docent.sidecar.answer.passage import unit
from docent.sidecar.answer.words import LETTERS, WORD, count_words, fold, found, letter_runs, stems, stems_of, words

# Letters, digits, the marks a word holds inside it, blanks and the rest of ASCII: runs of each next to the others.
_TEXT = st.text(st.sampled_from([*"aZq09'.,-_ \t\n", *string.printable, "\x1c", "\x7f"]), max_size=40)


@settings(max_examples=600, deadline=None)
@given(_TEXT)
def test_the_words_of_ascii_text_are_the_patterns_own(text: str) -> None:
    for pattern in (WORD, LETTERS):
        assert found(pattern, text) == pattern.findall(text)


@settings(max_examples=400, deadline=None)
@given(st.text(st.sampled_from([*"abcXYZ ,.;:!?()\t\n", "'", "-", "7"]), max_size=60))
def test_the_words_of_prose_of_letters_are_the_patterns_own(text: str) -> None:
    # Mostly letters, blanks and marks, now and then a digit, an apostrophe or a hyphen: the runs of letters alone.
    for pattern in (WORD, LETTERS):
        assert found(pattern, text) == pattern.findall(text)


def test_text_beyond_ascii_goes_to_the_pattern() -> None:
    text = "Zürich’s café-bar opened in 2019, v2 ran 3.5 times"
    assert found(WORD, text) == WORD.findall(text) and found(LETTERS, text) == LETTERS.findall(text)
    assert words("It’s v2, not 3.5.") == ["it's", "v", "not", "3.5"]
    assert count_words("He didn't ship v2 in 2019.") == 6


@settings(max_examples=400, deadline=None)
@given(st.text(st.sampled_from([*"aZq09'.,%-_ ’\t", *string.printable]), max_size=40))
def test_a_units_tokens_are_the_patterns_words_where_they_stand(text: str) -> None:
    lowered = text.lower().replace("’", "'")
    said = unit(text, fold)
    assert [(t.word, t.start) for t in said.tokens] == [(m.group(), m.start()) for m in _UNIT_WORD.finditer(lowered)]
    assert all(t.stem == fold(t.word) for t in said.tokens)


@settings(max_examples=600, deadline=None)
@given(st.text(st.sampled_from([*"abcXYZ ,.;:!?()_\t\n", "'", "’", "-", "%", "7", "é"]), max_size=60))
def test_a_sentences_runs_are_every_readings_words(text: str) -> None:
    # Where `letter_runs` cuts a text, they are the words of `WORD`, of a unit and (no hyphen in it) of `LETTERS`.
    runs = letter_runs(text.lower())
    if runs is None:
        assert not text.isascii() or any(c.isdigit() or c == "%" for c in text) or not words(text)
        return
    assert runs == words(text)
    assert "-" in text or runs == found(LETTERS, text.lower())  # a hyphen joins LETTERS' words alone
    assert stems_of(runs) == stems(text)
    assert unit(text, fold, runs=runs) == unit(text, fold)


def test_a_run_holding_a_digit_or_a_percent_is_left_to_the_patterns() -> None:
    assert letter_runs("he moved card payments onto a ledger.") == ["he", "moved", "card", "payments", "onto", "a", "ledger"]
    assert letter_runs("'they' don't say it''s a well-known name") == ["they", "don't", "say", "it", "s", "a", "well",
                                                                      "known", "name"]
    for text in ("it used kafka in 2010.", "up 5%", "zürich", "v2", "--"):
        assert letter_runs(text) is None


_LEXICON = Lexicon([{"term": ".NET", "aliases": ["dotnet"]}, {"term": "C++", "aliases": []}, {"term": "Kafka", "aliases": []},
                    {"term": "3-D Secure", "aliases": ["3DS"]}, {"term": "_private", "aliases": []}])


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(["Kafka", ".NET", "dotnet", "C++", "3-D", "3DS", "_private", "kafka.", " ", "-", ".",
                                 "_", "#", "(", "\n", "x", "Secure", *string.printable]), max_size=16))
def test_the_lexicons_word_starts_are_its_patterns(parts: list[str]) -> None:
    text = "".join(parts)
    assert _LEXICON._starts is not None
    assert _LEXICON._word_starts(text) == [m.start(1) for m in _LEXICON._starts.finditer(text)]


@settings(max_examples=600, deadline=None)
@given(st.lists(st.sampled_from(["Kafka", ".NET", "dotnet", "C++", "3-D", "3DS", "Secure", "kafka", "x", " ", "-", ".",
                                 "_", "'", "(", "\n", "Spring", "Boot", *string.ascii_letters]), max_size=16))
def test_a_sentences_runs_are_the_lexicons_words(parts: list[str]) -> None:
    # With no _ or ' (and `letter_runs`' own terms), its runs are the words the lexicon's keys cut, and they find the same.
    assert not _LEXICON._keys.always  # the keys are asked, not skipped
    text = "".join(parts)
    runs = letter_runs(text.lower())
    if runs is None or "_" in text or "'" in text:
        return
    assert [w.decode() for w in as_words(text) or []] == runs
    assert _LEXICON._keys.may_name(text, runs) == _LEXICON._keys.may_name(text)
    assert _LEXICON.find(text, runs) == _LEXICON.find(text)


def test_a_sentence_cut_into_runs_is_not_searched_for_digits() -> None:
    from docent.sidecar.answer import number_words

    # The runs say there is no digit: only the words are met, and a number word is still found.
    assert letter_runs("the budget was spent") is not None
    assert not number_words.may_state("the budget was spent", {"the", "budget", "was", "spent"}, digits=False)
    assert number_words.may_state("twelve were spent", {"twelve", "were", "spent"}, digits=False)
    assert number_words.may_state("it ran in 2010", {"it", "ran", "in"}) and not number_words.may_state(
        "it ran in 2010", {"it", "ran", "in"}, digits=False)


def test_an_adverb_in_ily_is_its_adjectives_word() -> None:
    # "lazily evaluated" is the record's "lazy", "daily partitions" its "by day" (issue 21's faithful holds)
    assert stems("lazily daily easily families") == stems("lazy day easy family")
    assert stems("apply reply supply only") == {"apply", "reply", "supply"}
