"""The gate: a table of replies and what the visitor sees of them, sentence by sentence."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from docent.schema import RecordSection as Section
from docent.sidecar.answer.events import Cite, Held, Sentence
from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from docent.sidecar.answer.mentions import Mentions
from tests.sidecar.gating import record_of


def _section(sid: str, page: str, title: str, text: str) -> Section:
    return Section(sid, page, title, text, f"/{page}/#{sid}")


RECORD = record_of(
    _section("roles-acme", "roles", "Acme", "From 2019 to 2021 I led the platform team at Acme and moved the payments to Kafka."),
    _section("how-i-work", "about", "How I work", "I review code and mentor mid-level engineers on the platform team."),
    _section("mentoring", "about", "Mentoring", "I mentor engineers."),
    _section("payments-3ds", "cases", "3-D Secure", "I rebuilt the 3-D Secure flow for card payments in Java."),
    _section("lab-leak", "lab", "The leak lab", "The experiment shows a memory leak filling the old generation."),
)
LEXICON = Lexicon(
    [
        {"term": "Kafka", "aliases": ["apache kafka"]},
        {"term": "Rust", "aliases": []},
        {"term": "Java", "aliases": []},
        {"term": "Go", "aliases": ["golang"]},
        {"term": "3-D Secure", "aliases": ["3DS"]},
        {"term": "code review", "aliases": []},
    ]
)


def gate(**kwargs: object) -> Gate:
    return Gate(RECORD, LEXICON, **kwargs)  # type: ignore[arg-type]


def seen(events: list[Sentence | Held]) -> list[tuple[str, ...]]:
    """What the visitor sees: each sentence with the ids it cites, or a held sentence's reason."""
    return [
        ("sentence", e.text, *(c.id for c in e.cites)) if isinstance(e, Sentence) else ("held", e.reason)
        for e in events
    ]


def answer(reply: str, **kwargs: object) -> list[tuple[str, ...]]:
    g = gate(**kwargs)
    return seen(g.feed(reply) + g.finish())


TABLE = [
    # The record answers: cited sentences and short connectives go through.
    (
        "Yes. He led the platform team at Acme. [[roles-acme]]",
        [("sentence", "Yes."), ("sentence", "He led the platform team at Acme.", "roles-acme")],
    ),
    (
        "He rebuilt the 3-D Secure flow in Java [[payments-3ds]]. In short, yes.",
        [("sentence", "He rebuilt the 3-D Secure flow in Java.", "payments-3ds"), ("sentence", "In short, yes.")],
    ),
    # The attack of seed 002: an obedient reply claiming Rust, with a real citation, is held.
    ("He is an expert in Rust. [[roles-acme]]", [("held", "unknown_term")]),
    # Prose of its own: an answer that cites nothing shows nothing.
    (
        "He is a great engineer who has done many things. Yes.",
        [("held", "never_cited"), ("held", "never_cited")],
    ),
    # Seed 002's overstatement: "led a team of ten" shares "team" with the section, but its number is not the
    # section's (the number rule, issue 11) ...
    ("He led a team of ten. [[how-i-work]]", [("held", "number")]),
    # ... and is held where the section only says he mentors engineers: no word of substance in common.
    ("He led a team of ten. [[mentoring]]", [("held", "no_overlap")]),
    # Plurals and tenses fold: "mentors engineers" shares with "mentor engineers".
    ("He mentors engineers. [[mentoring]]", [("sentence", "He mentors engineers.", "mentoring")]),
    # Numbers count as words of substance.
    ("That was 2019. [[roles-acme]]", [("sentence", "That was 2019.", "roles-acme")]),
    # The first person, even in a quote of the owner's own words, is held; a connective too.
    ('He says "I review code." [[how-i-work]]', [("held", "first_person")]),
    ("I did. He reviews code. [[how-i-work]]", [("held", "first_person"), ("sentence", "He reviews code.", "how-i-work")]),
    ("My team moved payments to Kafka. [[roles-acme]]", [("held", "first_person")]),
    # ... but a quoted name of a section of the record may be quoted.
    (
        'The section "How I work" says he reviews code. [[how-i-work]]',
        [("sentence", 'The section "How I work" says he reviews code.', "how-i-work")],
    ),
    # Ids the record lacks are dropped; with none left, the sentence is uncited.
    (
        "He moved the payments to Kafka. [[roles-acme, no-such-id]]",
        [("sentence", "He moved the payments to Kafka.", "roles-acme")],
    ),
    ("He moved the payments to Kafka. [[no-such-id]]", [("held", "never_cited")]),
    # After the first citation, an uncited sentence passes only as a connective of six words or fewer.
    (
        "He led the platform team. [[roles-acme]] He was also very well liked by everyone there.",
        [("sentence", "He led the platform team.", "roles-acme"), ("held", "uncited")],
    ),
    # A connective may name only a term the answer has already cited.
    ("He reviews code. [[how-i-work]] Yes, Kafka.", [("sentence", "He reviews code.", "how-i-work"), ("held", "unknown_term")]),
    ("He used Kafka. [[roles-acme]] Yes, Kafka.", [("sentence", "He used Kafka.", "roles-acme"), ("sentence", "Yes, Kafka.")]),
    # The sections the answer cited earlier count for the lexicon rule ...
    (
        "He moved payments to Kafka. [[roles-acme]] Kafka carried the card payments. [[payments-3ds]]",
        [
            ("sentence", "He moved payments to Kafka.", "roles-acme"),
            ("sentence", "Kafka carried the card payments.", "payments-3ds"),
        ],
    ),
    # ... but only those of sentences the visitor was shown.
    (
        "I moved payments to Kafka. [[roles-acme]] Kafka carried the card payments. [[payments-3ds]]",
        [("held", "first_person"), ("held", "unknown_term")],
    ),
    # Citations before or after the period; markers, list marks and emphasis are not shown.
    (
        "It ran until 2021 [[roles-acme]]. The lab shows a memory leak. [[lab-leak]]",
        [("sentence", "It ran until 2021.", "roles-acme"), ("sentence", "The lab shows a memory leak.", "lab-leak")],
    ),
    (
        "Two things:\n- **Kafka** for the payments [[roles-acme]]\n- mentoring engineers [[how-i-work]]",
        [
            ("sentence", "Two things:"),
            ("sentence", "Kafka for the payments", "roles-acme"),
            ("sentence", "mentoring engineers", "how-i-work"),
        ],
    ),
    # Several ids in one citation, in the order written, once each.
    (
        "He led the platform team and mentors engineers. [[roles-acme, how-i-work, roles-acme]]",
        [("sentence", "He led the platform team and mentors engineers.", "roles-acme", "how-i-work")],
    ),
    # The lexicon's one rule is literal: "review code" does not mention the practice "code review".
    ("He believes in code review. [[how-i-work]]", [("held", "unknown_term")]),
    # `[[none]]` after a sentence was shown is only dropped ...
    (
        "He led the platform team. [[roles-acme]] Yes. [[none]]",
        [("sentence", "He led the platform team.", "roles-acme"), ("sentence", "Yes.")],
    ),
    # ... but in or before the first sentence to be shown, it makes the answer a refusal.
    ("He led the platform team. [[roles-acme]] [[none]]", []),
]


@pytest.mark.parametrize(("reply", "expected"), TABLE)
def test_the_visitor_sees_only_checked_sentences(reply: str, expected: list[tuple[str, ...]]) -> None:
    assert answer(reply) == expected


def test_a_held_sentence_says_why_in_words_a_visitor_understands() -> None:
    g = gate()
    (held,) = g.feed("He is an expert in Rust and Go. [[roles-acme]]") + g.finish()
    assert held == Held("unknown_term", "A sentence was held back: it named Go and Rust, which the sections it cites do not mention.")
    assert g.held == [held]
    assert g.cited


@pytest.mark.parametrize(
    ("reply", "message"),
    [
        ("I did. [[how-i-work]]", "spoke as the site's owner"),
        ("He led a team of ten. [[mentoring]]", "shares no words with the sections it cites"),
        ("Nothing to cite here at all.", "the answer cited no section of the site"),
        ("He led it. [[roles-acme]] He was also very well liked by everyone.", "cites no section of the site"),
    ],
)
def test_every_reason_has_its_message(reply: str, message: str) -> None:
    g = gate()
    g.feed(reply)
    g.finish()
    assert g.held and message in g.held[-1].message


def test_the_cites_carry_titles_paths_and_the_line_they_point_at() -> None:
    g = gate()
    (sentence,) = g.feed("The lab shows a memory leak. [[lab-leak]]") + g.finish()
    quote = "The experiment shows a memory leak filling the old generation."  # the record's line it says most of
    assert sentence == Sentence("The lab shows a memory leak.", (Cite("lab-leak", "The leak lab", "/lab/#lab-leak", quote),))


def test_nothing_is_let_through_before_the_first_citation() -> None:
    g = gate()
    assert g.feed("Yes. In short, he did. He led the platform") == []
    assert not g.cited
    events = g.feed(" team. [[roles-acme]] Then")
    assert seen(events) == [
        ("sentence", "Yes."),
        ("sentence", "In short, he did."),
        ("sentence", "He led the platform team.", "roles-acme"),
    ]
    assert g.cited
    assert seen(g.finish()) == [("sentence", "Then")]


def test_sentences_that_wait_for_a_citation_that_never_comes_are_held_saying_so() -> None:
    assert answer("I think so. He might have. Sure.") == [("held", "first_person"), ("held", "never_cited"), ("held", "never_cited")]


@pytest.mark.parametrize("reply", ["[[none]]", "  [[none]]\n", "[[ none ]]", "Sorry, I cannot say. [[none]]", "[[none]] He did."])
def test_none_is_a_refusal_and_shows_nothing(reply: str) -> None:
    g = gate()
    assert g.feed(reply) + g.finish() == []
    assert g.none
    assert g.held == []


def test_none_in_fragments() -> None:
    g = gate()
    assert [e for piece in ["[", "[no", "ne]", "]"] for e in g.feed(piece)] == []
    assert g.finish() == []
    assert g.none


def test_flush_lets_the_pending_sentence_through_before_an_action() -> None:
    g = gate()
    assert g.feed("The lab shows a memory leak. [[lab-leak]]") == []
    assert seen(g.flush()) == [("sentence", "The lab shows a memory leak.", "lab-leak")]
    # the next model call's words come after the action
    assert g.feed("It fills the old generation. [[lab-leak]]") == []
    assert seen(g.finish()) == [("sentence", "It fills the old generation.", "lab-leak")]


def test_flush_keeps_waiting_sentences_until_a_citation() -> None:
    g = gate()
    g.feed("Yes.")
    assert g.flush() == []
    assert seen(g.feed(" He led the platform team. [[roles-acme]]") + g.finish()) == [
        ("sentence", "Yes."),
        ("sentence", "He led the platform team.", "roles-acme"),
    ]


def test_the_first_person_rule_holds_across_model_calls() -> None:
    g = gate()
    g.feed("He reviews code. [[how-i-work]]")
    g.flush()
    assert seen(g.feed("I also mentor engineers. [[how-i-work]]") + g.finish()) == [("held", "first_person")]


def test_quotable_names_of_the_site_may_hold_the_first_person() -> None:
    reply = "The page “What I measure” shows the leak. [[lab-leak]]"
    assert answer(reply) == [("held", "first_person")]
    assert answer(reply, quotable=["What I measure"]) == [("sentence", "The page “What I measure” shows the leak.", "lab-leak")]


def test_a_title_passes_the_first_person_rule_with_or_without_quote_marks_but_only_whole() -> None:
    # A model writes a name as a name (issue 11): the exact title is the site's, not the owner speaking.
    assert answer("How I work says he reviews code. [[how-i-work]]") == [
        ("sentence", "How I work says he reviews code.", "how-i-work")
    ]
    assert answer("How I work is open.") == [("held", "never_cited")]  # a name is no citation
    assert answer("How I review code is the point. [[how-i-work]]") == [("held", "first_person")]


def test_nothing_after_finish() -> None:
    g = gate()
    g.feed("He reviews code. [[how-i-work]]")
    assert len(g.finish()) == 1
    assert g.feed("More. [[how-i-work]]") == [] and g.flush() == [] and g.finish() == []


def test_a_gate_given_the_records_index_uses_it_and_one_given_none_makes_its_own() -> None:
    index = Mentions(RECORD, LEXICON)  # type: ignore[arg-type]
    assert gate(mentions=index)._grounds.mentions is index
    assert gate()._grounds.mentions is not index and gate()._grounds.mentions.terms == index.terms


REPLY = (
    "Yes. He led the platform team at Acme from 2019 [[roles-acme]]. I did. "
    'He rebuilt the 3-D Secure flow in Java. [[payments-3ds]] He is an expert in Rust [[roles-acme]]. '
    'The section "How I work" says he reviews code. [[how-i-work]] It cost $1.20, e.g. 3.5 hours...\n'
    "- Kafka [[roles-acme, nope]]\n1. He mentors engineers. [[mentoring]] In short, yes."
)


def _events(pieces: list[str]) -> list[Sentence | Held]:
    g = gate()
    out = [e for piece in pieces for e in g.feed(piece)]
    return out + g.finish()


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=len(REPLY)), max_size=60))
def test_every_fragmentation_of_one_reply_gives_the_same_events(cuts: list[int]) -> None:
    bounds = [0, *sorted(set(cuts)), len(REPLY)]
    assert _events([REPLY[a:b] for a, b in pairwise(bounds)]) == _events([REPLY])


def test_the_reply_the_property_runs_on_says_something_of_each_kind() -> None:
    assert seen(_events([REPLY])) == [
        ("sentence", "Yes."),
        ("sentence", "He led the platform team at Acme from 2019.", "roles-acme"),
        ("held", "first_person"),
        ("sentence", "He rebuilt the 3-D Secure flow in Java.", "payments-3ds"),
        ("held", "unknown_term"),
        ("sentence", 'The section "How I work" says he reviews code.', "how-i-work"),
        ("held", "uncited"),
        ("sentence", "Kafka", "roles-acme"),
        ("sentence", "He mentors engineers.", "mentoring"),
        ("sentence", "In short, yes."),
    ]


def test_words_any_prose_shares_are_no_substance() -> None:
    record = {"rollout": _section("rollout", "cases", "Rollout", "Two new card ranges went live every week.")}
    g = Gate(record, LEXICON)
    assert seen(g.feed("She won two awards for every new idea. [[rollout]]") + g.finish()) == [("held", "no_overlap")]
    g = Gate(record, LEXICON)
    shown = seen(g.feed("Two card ranges went live each week. [[rollout]]") + g.finish())
    assert shown == [("sentence", "Two card ranges went live each week.", "rollout")]


def test_the_prompts_own_headings_are_no_connectives() -> None:
    """A small model writes the prompt's headings back ("How to answer"): six words or fewer, cited nothing."""
    from pathlib import Path

    from docent.sidecar.answer.bundle import Bundle
    from docent.sidecar.answer.policy import AnswerPolicy
    from docent.sidecar.answer.turn import default_gate

    bundle = Bundle.load(Path(__file__).resolve().parents[1] / "evals" / "bundle.json")
    g = default_gate(bundle, AnswerPolicy())
    reply = "She led a team of five. [[roles-alderway-leading]] How to answer. The site's map. In short, yes."
    assert seen(g.feed(reply) + g.finish()) == [
        ("sentence", "She led a team of five.", "roles-alderway-leading"), ("held", "uncited"), ("held", "uncited"),
        ("sentence", "In short, yes."),
    ]
    g = default_gate(bundle, AnswerPolicy())
    assert seen(g.feed("She led a team of five. [[roles-alderway-leading]]\n\n## Showing what you say\n\nYes.") + g.finish())[1:] == [
        ("held", "uncited"), ("sentence", "Yes."),
    ]


def test_a_sentences_draft_is_the_named_tuple_its_fields_make() -> None:
    """A sentence's draft is made by `tuple.__new__` with every field (no frame of the named tuple's `__new__`, some
    2 k instructions a sentence), as its shape (`Shaped`, made the same way) is: each the tuple, field for field, that
    the named tuple's own constructor makes."""
    from docent.sidecar.answer.drafts import draft_of
    from docent.sidecar.answer.rules import Draft
    from docent.sidecar.answer.sentences import Raw
    from docent.sidecar.answer.shape import Shaped, shape

    raw = Raw.of("- He moved the **payments** to `Kafka` [[roles-acme]] [[nowhere]].", True)
    shaped = shape(raw)
    assert shaped == Shaped(*shaped) and type(shaped) is Shaped and len(shaped) == len(Shaped._fields)
    draft = draft_of(raw, RECORD)
    made = Draft(shaped.text, ("roles-acme",), False, shaped.spans, shaped.item, True, shaped.prose, shaped.codes)
    assert draft == made and type(draft) is Draft and len(draft) == len(Draft._fields)
    assert (draft.fence, draft.row, draft.heading, draft.item) == (None, None, False, shaped.item) and draft.item


def test_a_gate_of_no_rules_reads_no_sentence(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bench's gate of no rules (`gate_us_per_sentence_no_rules`: the stream cut, shaped and shown) makes no
    `Reading`, whose readings every rule asks for are made with it: nothing would read them."""
    from docent.sidecar.answer import judge

    made: list[object] = []
    monkeypatch.setattr(judge, "Reading", lambda *a, **k: made.append(a))
    events = Gate(RECORD, LEXICON, rules=()).feed("I led the team in Rust [[roles-acme]]. Yes.")
    assert [type(e).__name__ for e in events] == ["Sentence"] and made == []
