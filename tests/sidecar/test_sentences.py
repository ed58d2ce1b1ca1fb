"""The sentence splitter: where sentences end, whatever the fragments the text arrives in."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from docent.sidecar.answer import sentence_ends, sentences
from docent.sidecar.answer.sentence_ends import looks_complete
from docent.sidecar.answer.sentences import SentenceSplitter, strip_marker


def split(text: str) -> list[str]:
    splitter = SentenceSplitter()
    return splitter.feed(text) + splitter.finish()


def split_in(pieces: list[str]) -> list[str]:
    splitter = SentenceSplitter()
    out = []
    for piece in pieces:
        out += splitter.feed(piece)
    return out + splitter.finish()


CASES = [
    ("He led a team. He mentored engineers.", ["He led a team.", "He mentored engineers."]),
    ("It took 3.5 hours and cost $1.20 in total. Then it shipped.", ["It took 3.5 hours and cost $1.20 in total.", "Then it shipped."]),
    ("He moved to Java 17.0.2 and v1.2.3 of the SDK. It helped.", ["He moved to Java 17.0.2 and v1.2.3 of the SDK.", "It helped."]),
    ("He used queues, e.g. Kafka, i.e. a log. Then more.", ["He used queues, e.g. Kafka, i.e. a log.", "Then more."]),
    ("Queues, logs, etc. are there. He wrote docs, tests, etc. Then he left.", ["Queues, logs, etc. are there.", "He wrote docs, tests, etc.", "Then he left."]),
    ("He met Dr. Smith and Mr. Jones. Python vs. Go was the question.", ["He met Dr. Smith and Mr. Jones.", "Python vs. Go was the question."]),
    ("He worked in the U.S. for years. Then Berlin.", ["He worked in the U.S. for years.", "Then Berlin."]),
    ("She ran U.S. Payments at Acme. Then Berlin.", ["She ran U.S. Payments at Acme.", "Then Berlin."]),
    ("The U.K. Treasury and the U.S.A. Federal Reserve. Done.", ["The U.K. Treasury and the U.S.A. Federal Reserve.", "Done."]),
    ("He moved to the U.S. [[a]] Then Berlin.", ["He moved to the U.S. [[a]]", "Then Berlin."]),
    ("He knows SQL. Then he left.", ["He knows SQL.", "Then he left."]),
    ("He paused... then went on. Wait... Next.", ["He paused... then went on.", "Wait...", "Next."]),
    ("He waited… Then it ran.", ["He waited…", "Then it ran."]),
    ('He said "yes." Then he left.', ['He said "yes."', "Then he left."]),
    ("He said “yes.” Then he left.", ["He said “yes.”", "Then he left."]),
    ('He said "yes." then he left.', ['He said "yes." then he left.']),
    ("It began in 2021 [[a]]. It grew. [[b]] It ended. [[c, d]]", ["It began in 2021 [[a]].", "It grew. [[b]]", "It ended. [[c, d]]"]),
    ("It began in 2021.[[a]][[b]] Next.", ["It began in 2021.[[a]][[b]]", "Next."]),
    # a Markdown image after an end mark is no boundary: the sentence that carries it stays whole
    ("The rollout![chart](https://x.example/c.png) went well. Next.", ["The rollout![chart](https://x.example/c.png) went well.", "Next."]),
    ("Is it? Yes! Really?! Sure.", ["Is it?", "Yes!", "Really?!", "Sure."]),
    ("He uses Node.js. And .NET too.", ["He uses Node.js.", "And .NET too."]),
    ("Two things:\n- Kafka [[a]]\n- Redis [[b]]", ["Two things:", "- Kafka [[a]]", "- Redis [[b]]"]),
    ("Steps:\n1. Build it.\n2. Ship it.", ["Steps:", "1. Build it.", "2. Ship it."]),
    ("He led it.\n[[a]]\nNext one.", ["He led it.\n[[a]]", "Next one."]),
    ("**Yes.** He did.", ["**Yes.**", "He did."]),
    # a hard-wrapped paragraph (issue 21, round 19): a line break where the line stops short of an end mark, a colon
    # or a citation, before a line that goes on with words, ends no sentence; read as a space
    ("Set `max_inflight` to allow one request per replica, and add\na memory limit [[a]]. Next.",
     ["Set `max_inflight` to allow one request per replica, and add a memory limit [[a]].", "Next."]),
    ("Testing is off by default in the template\n[[a]]. To run the tests:", ["Testing is off by default in the template\n[[a]].", "To run the tests:"]),
    ("- The first item wraps onto\n  the next line [[a]].\n- Second.", ["- The first item wraps onto the next line [[a]].", "- Second."]),
    ("It stops short\n10 apples later. Done.", ["It stops short 10 apples later.", "Done."]),
    # ... but not after a heading, a label set in emphasis, a colon or a citation, nor before another block
    ("**Install**\nRun it.", ["**Install**", "Run it."]),
    ("1. **Install it**\nRun it.", ["1. **Install it**", "Run it."]),
    ("## Install it\nRun it.", ["## Install it", "Run it."]),
    ("Two things\n- Kafka [[a]]", ["Two things", "- Kafka [[a]]"]),
    ("It stops short\n\nA paragraph.", ["It stops short", "A paragraph."]),
    ("It stops short\n1. A step.", ["It stops short", "1. A step."]),
    ("It stops short\n> A note.", ["It stops short", "> A note."]),
    ("It is cited [[a]]\nNext one.", ["It is cited [[a]]", "Next one."]),
    # ... nor where the next line may open a sentence and the line before may end one: a line missing its full stop
    # ends there, so the citation after it does not cover it; a comma, an article, a preposition or a conjunction last
    # goes on
    ("Unit tests also run after each deploy\nWith the template, tests run [[a]].",
     ["Unit tests also run after each deploy", "With the template, tests run [[a]]."]),
    ("Make sure the option is turned on\nThe build then fails [[a]].", ["Make sure the option is turned on", "The build then fails [[a]]."]),
    ("The file is read by\nMkDocs at build time [[a]].", ["The file is read by MkDocs at build time [[a]]."]),
    ("Set it in the\n**config** file [[a]].", ["Set it in the **config** file [[a]]."]),
    ("Docent, Starlette,\nUvicorn and MkDocs run [[a]].", ["Docent, Starlette, Uvicorn and MkDocs run [[a]]."]),
    ("It runs when you call\n`mkdocs build` [[a]].", ["It runs when you call `mkdocs build` [[a]]."]),
    # a next line opening with an acronym or a name with a capital past its first letter goes on (mend19c); a line
    # missing its full stop before one is read as wrapped too, the cost of it
    ("On success the server returns\nJSON with the status [[a]].", ["On success the server returns JSON with the status [[a]]."]),
    ("The site is then built by\nMkDocs [[a]].", ["The site is then built by MkDocs [[a]]."]),
    ("Each route is documented\nAPI by API [[a]].", ["Each route is documented API by API [[a]]."]),
    ("Unit tests also run after each deploy\nOpenFaaS then runs them [[a]].",
     ["Unit tests also run after each deploy OpenFaaS then runs them [[a]]."]),
    ("See the page\n[the guide](g) [[a]].", ["See the page", "[the guide](g) [[a]]."]),
    # a verb that asks for what follows it goes on before a name with one capital (faithful20)
    ("The server it runs on uses\nUvicorn by default [[a]].", ["The server it runs on uses Uvicorn by default [[a]]."]),
    ("The default server is\nUvicorn [[a]].", ["The default server is Uvicorn [[a]]."]),
    ("Make sure the file is named\nREADME [[a]].", ["Make sure the file is named README [[a]]."]),
    ("Make sure the option is turned on\nUvicorn then starts [[a]].", ["Make sure the option is turned on", "Uvicorn then starts [[a]]."]),
    # an end mark inside inline code ends nothing; a stray backtick opens no code
    ('Raise `HttpError(503, "Busy. Retry later.")` instead [[a]]. Next.', ['Raise `HttpError(503, "Busy. Retry later.")` instead [[a]].', "Next."]),
    ("Use ``a`b. C`` here. Next.", ["Use ``a`b. C`` here.", "Next."]),
    ("A ` stray tick. Then more.\nNext.", ["A ` stray tick.", "Then more.", "Next."]),
    ("Set `x`. Then `y`. Done.", ["Set `x`.", "Then `y`.", "Done."]),
    # an end mark inside brackets or a quotation closed later on its line ends nothing (Docent's docs in the browser:
    # the first half, uncited, was held and the second shown alone); one the closers right after it close has ended
    ('A question with its situation ("url_for returns a full URL. How do I get the path?") is answered [[a]]. Next.',
     ['A question with its situation ("url_for returns a full URL. How do I get the path?") is answered [[a]].', "Next."]),
    ("It is “odd. And then” more. Done.", ["It is “odd. And then” more.", "Done."]),
    ("(See the docs.) Then more.", ["(See the docs.)", "Then more."]),
    ("Use the ( key. Then press enter.\nNext (one. Two", ["Use the ( key.", "Then press enter.", "Next (one.", "Two"]),
    # after citations a sentence has ended, even where the next begins with a name in lower case
    ("It is on for cookies [[a]]. django_auth is cookie auth [[a]].", ["It is on for cookies [[a]].", "django_auth is cookie auth [[a]]."]),
    ("It is on [[a]]. [[b]] uv runs it.", ["It is on [[a]]. [[b]]", "uv runs it."]),
    ("A sentence with no end mark", ["A sentence with no end mark"]),
    ("[[none]]", ["[[none]]"]),
    ("  \n\n  ", []),
]


@pytest.mark.parametrize(("text", "sentences"), CASES)
def test_splits_where_a_reader_would(text: str, sentences: list[str]) -> None:
    assert split(text) == sentences


@pytest.mark.parametrize(("text", "sentences"), CASES)
def test_one_character_at_a_time_gives_the_same_sentences(text: str, sentences: list[str]) -> None:
    assert split_in(list(text)) == sentences


def test_a_sentence_leaves_only_when_the_next_has_begun() -> None:
    splitter = SentenceSplitter()
    assert splitter.feed("He led a team.") == []
    assert splitter.feed(" ") == []
    assert splitter.feed("[[a]]") == []  # a citation after the period still belongs to it
    assert splitter.feed(" He") == ["He led a team. [[a]]"]
    assert splitter.finish() == ["He"]


def test_a_decimal_cut_at_its_point_waits_for_the_digits() -> None:
    splitter = SentenceSplitter()
    assert splitter.feed("It cost $1.") == []
    assert splitter.feed("20 in all. So") == ["It cost $1.20 in all."]


def test_a_mark_that_waits_for_the_next_character_is_decided_without_reading_its_line_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    boundary, read = sentence_ends.boundary, []

    def counted(buf: str, start: int, *, final: bool) -> object:
        read.append(buf[start:])
        return boundary(buf, start, final=final)

    monkeypatch.setattr(sentences, "boundary", counted)
    splitter = SentenceSplitter()
    assert splitter.feed("He led a team.") == []
    assert splitter.feed(" He") == ["He led a team."]
    assert read == ["He led a team."]  # read once, when its mark arrived
    assert splitter.feed(" waited.") == []
    assert splitter.feed("..") == []  # the run grew: read again whole
    assert splitter.feed(" Then") == ["He waited..."]
    assert read == ["He led a team.", " waited.", "..."]
    read.clear()
    assert splitter.feed(' said "yes.') == []  # a quotation opened on its line: what closes it may yet come
    assert splitter.feed('" Done') == ['Then said "yes."']
    assert read == [' said "yes.', '." Done']  # read again


def test_flush_lets_a_complete_sentence_through_and_keeps_a_half_one() -> None:
    splitter = SentenceSplitter()
    splitter.feed("He built the lab. [[lab]]")
    assert splitter.flush() == ["He built the lab. [[lab]]"]
    splitter.feed("It shows a")
    assert splitter.flush() == []
    assert splitter.feed("leak.") == []  # the next block starts after a space, not glued on
    assert splitter.finish() == ["It shows a leak."]


def test_a_line_left_open_before_a_tool_call_is_no_hard_wrap() -> None:
    """A line with no end mark, its line break written, then a tool call: the text after the call begins a new block,
    not the wrapped line's rest (round 19's soft line breaks)."""
    splitter = SentenceSplitter()
    assert splitter.feed("Here is the page\n") == [] and splitter.flush() == []
    assert splitter.feed("It covers the setup.") + splitter.finish() == ["Here is the page", "It covers the setup."]
    splitter = SentenceSplitter()
    assert splitter.feed("Here is the page\n") + splitter.feed("it covers the setup.") + splitter.finish() == [
        "Here is the page it covers the setup."]


def test_what_looks_complete() -> None:
    assert looks_complete("He did.")
    assert looks_complete('He said "yes."')
    assert looks_complete("He did [[a]]")
    assert looks_complete("He did. [[a]] [[b]]")
    assert not looks_complete("He did")
    assert not looks_complete("He did. [[a")


def test_list_and_heading_markers_are_not_words() -> None:
    assert strip_marker("- Kafka") == "Kafka"
    assert strip_marker("12. Ship it.") == "Ship it."
    assert strip_marker("## Work") == "Work"
    assert strip_marker("3.5 hours") == "3.5 hours"


REPLY = (
    'Yes. He led the platform team in 2021 [[roles-acme]]. It cost $1.20, e.g. on Java 17.0.2... '
    'He said "no." [[lab]] Then:\n- Kafka [[a, b]]\n1. Ship it!'
)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=len(REPLY)), max_size=40))
def test_every_fragmentation_of_a_reply_gives_the_same_sentences(cuts: list[int]) -> None:
    bounds = [0, *sorted(set(cuts)), len(REPLY)]
    pieces = [REPLY[a:b] for a, b in pairwise(bounds)]
    assert split_in(pieces) == split(REPLY)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from([*'aA1 .!?…"”)[],\n`-#*:', "[[a]]", "e.g.", "U.S.", "3.5", "Dr.", "Go", "``"]), max_size=30).map("".join),
    st.lists(st.integers(min_value=0, max_value=60), max_size=12),
)
def test_any_text_cut_anywhere_splits_the_same(text: str, cuts: list[int]) -> None:
    bounds = [0, *sorted({c for c in cuts if c < len(text)}), len(text)]
    pieces = [text[a:b] for a, b in pairwise(bounds)]
    whole = split(text)
    assert split_in(pieces) == whole
    assert "".join(whole).replace(" ", "").replace("\n", "") == text.replace(" ", "").replace("\n", "")


AFTER_A_MARK = [
    # what follows an end mark, read by one match (`_AFTER_MARK`): its closers, curly ones too, then citations with any
    # blank before each (a no-break space, a newline), then the blanks before the next word
    ("He said “yes.”\u00a0[[a]]\u00a0[[b]] then left.", ["He said “yes.”\u00a0[[a]]\u00a0[[b]]", "then left."]),
    ("It ended.) [[a]]\n[[b]] next one.", ["It ended.) [[a]]\n[[b]]", "next one."]),
    ("It ended.’ [[a]] Next.", ["It ended.’ [[a]]", "Next."]),
    ("It ended »[[a]]. Next.", ["It ended »[[a]].", "Next."]),
    # no citation: one bracket, or an id longer than a citation's 200 characters
    ("It ended. [a] Next.", ["It ended.", "[a] Next."]),
    ("It ended. [[" + "x" * 201 + "]] Next.", ["It ended.", "[[" + "x" * 201 + "]] Next."]),
]


@pytest.mark.parametrize(("text", "sentences"), AFTER_A_MARK)
def test_what_follows_an_end_mark_is_read_whole_and_one_character_at_a_time_alike(text: str, sentences: list[str]) -> None:
    assert split(text) == sentences
    assert split_in(list(text)) == sentences


def test_a_sentence_says_whether_it_began_a_line_by_its_class() -> None:
    """Whether a raw sentence began a new line is its class's (`Raw`, `_LineRaw`): nothing is set on a sentence, which
    has no `__dict__` to set it in (a classmethod's frame and an attribute a sentence cost some 1.5 k instructions)."""
    first, *rest = split("He led a team. He mentored.\nThen he left.\n\n- He wrote it down.")
    assert [first, *rest] == ["He led a team.", "He mentored.", "Then he left.", "- He wrote it down."]
    assert [r.line_start for r in (first, *rest)] == [False, False, True, True]
    assert all(isinstance(r, sentences.Raw) and not hasattr(r, "__dict__") for r in (first, *rest))
    assert sentences.Raw.of("x", True).line_start and not sentences.Raw.of("x", False).line_start
