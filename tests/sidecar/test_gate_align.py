"""The alignment (`answer/align.py`): a cited sentence compared with the clause it restates, through the contrast
classes (`answer/contrasts.py`), on the example site's record. Each sentence here is this file's own, written
against the record, not taken from a corpus."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from docent.sidecar.answer import align
from docent.sidecar.answer.bundle import Bundle
from docent.sidecar.answer.contrasts import CONTRASTS
from docent.sidecar.answer.passage import unit
from docent.sidecar.answer.words import fold

BUNDLE = Bundle.load(Path(__file__).resolve().parents[1] / "evals" / "bundle.json")


def differs(sentence: str, *ids: str) -> str | None:
    return align.differs(unit(sentence, fold), [BUNDLE.mentions.passages[sid] for sid in ids])


@pytest.mark.parametrize(
    ("sentence", "ids", "reason"),
    [
        # A unit of another size, its figure the clause's ("for 48 hours").
        ("The service keeps each key with the request's hash for 48 minutes.", ("adr-idempotency-decision",), "number"),
        # Another pole of frequency ("most often it is design").
        ("Her mentoring hour is always about design, estimation or disagreeing in a review.", ("how-review",), "quantifier"),
        # Direction: the agent "added about 4 % CPU".
        ("The Java agent reduced CPU by about 4 %, which the team measured and accepted.", ("adr-otel-consequences",), "direction"),
        # Modality: the service "never comes back".
        ("Without backoff the attempts stay three times above capacity and the service might come back.", ("lab-storm-reading",), "hedge"),
        # A line and the next one read as one clause: "wave 3: services 12; ... weeks 5".
        ("Wave 3 moved 12 services, the Kafka consumers, in 5 days.", ("case-k8s-approach",), "number"),
    ],
)
def test_a_word_of_another_pole_in_the_clause_restated_is_held(sentence: str, ids: tuple[str, ...], reason: str) -> None:
    assert differs(sentence, *ids) == reason


@pytest.mark.parametrize(
    ("sentence", "ids"),
    [
        # The same pole in other words: "for 48 hours", "about 4 %" restated.
        ("The service holds on to each key for 48 hours.", ("adr-idempotency-decision",)),
        ("The Java agent increased CPU use by roughly 4 %, measured before it was accepted.", ("adr-otel-consequences",)),
        # A unit converted: the figure changes with it.
        ("Each key is kept for two days, the response with it.", ("adr-idempotency-decision",)),
        # The sentence says both poles, as a comparison does: nothing was swapped.
        ("Without backoff the service never comes back, while with jitter it recovers as soon as it is up.", ("lab-storm-reading",)),
        # A denied word turns its pole round: "not always" is no "always".
        ("Mentoring is not always about design; most often it is design or estimation.", ("how-review",)),
        # Too little of the sentence is in any clause: nothing to compare.
        ("The team always reviews designs before coding.", ("how-review",)),
    ],
)
def test_a_faithful_sentence_or_one_the_alignment_cannot_read_is_let_through(sentence: str, ids: tuple[str, ...]) -> None:
    assert differs(sentence, *ids) is None


def test_each_word_sits_in_one_pole_of_its_class_and_names_a_reason_the_policy_words() -> None:
    from docent.sidecar.answer.policy import AnswerPolicy

    for contrast in CONTRASTS:
        entries = [entry for pole in contrast.poles for entry in pole.split()]
        assert len(entries) == len(set(entries)), contrast.name
        assert contrast.reason in AnswerPolicy.HELD, contrast.name


def test_the_sections_facts_are_made_once_and_kept() -> None:
    passage = BUNDLE.mentions.passages["how-review"]
    assert align.clauses(passage) is align.clauses(passage)
    assert differs("Her mentoring hour is always about design, estimation or disagreeing in a review.", "how-review")


def test_a_sentence_contrasts_with_a_section_only_by_a_word_of_its_cues() -> None:
    """`differs` looks for a sentence's contrast words only where one of its words opens an entry that contrasts with
    a cited section (`Clauses.cues`): every sentence whose marks the section contrasts (`_contrasted`) holds one. Read
    on the record's own units as sentences, each against its section and the next, and on phrases whose first word is
    a common one ("a few", "at most", "up to", "per cent")."""
    passages = list(BUNDLE.mentions.passages.values())
    phrases = ["Only a few of the checks ran.", "It keeps at most 10 keys per cent of the time.", "It waits up to a day."]
    said = [*(u for p in passages for u in p.units), *(unit(text, fold) for text in phrases)]
    sections = [*passages, align.Passage.of("Checks", "All of the checks ran. Most keys are kept. Each wait is exact.", fold)]
    contrasting = 0
    for k, u in enumerate(said):
        found = align._said_marks(u)
        for p in (sections[k % len(sections)], sections[(k + 1) % len(sections)], sections[-1]):
            if found and align._contrasted(found, [p]):
                contrasting += 1
                assert not align.clauses(p).cues.isdisjoint(u.words), (u.text, p.title.text)
    assert contrasting > 100  # the record's units contrast with sections often enough to say something


def test_the_last_alignment_is_kept_for_the_same_stems_and_sections(monkeypatch: pytest.MonkeyPatch) -> None:
    """Contrast, its retellings and antonyms align one sentence's stems with its cited sections one after the other:
    the second asks nothing anew. Other stems, or other sections even of the same passages, are aligned anew; a set
    changed after it was aligned is no longer the one kept."""
    made: list[frozenset[str]] = []
    real = align._aligned
    monkeypatch.setattr(align, "_aligned", lambda content, sections: made.append(frozenset(content)) or real(content, sections))
    sections = [BUNDLE.mentions.passages["adr-idempotency-decision"]]
    stems = unit("The service keeps each key with the request's hash for 48 hours.", fold).stems
    first = align.aligned(stems, sections)
    assert first and align.aligned(frozenset(stems), sections) == first and len(made) == 1
    align.aligned(stems, list(sections))
    content = set(stems)
    align.aligned(content, sections)
    content.discard(next(iter(stems)))
    align.aligned(content, sections)
    assert len(made) == 4 and made[-1] == frozenset(content)


def verdict(sentence: str) -> str:
    """The sentence's fate through the gate, as a one-sentence answer: "shown", or the reason it was held."""
    from docent.sidecar.answer.events import Held, Sentence
    from docent.sidecar.answer.policy import AnswerPolicy
    from docent.sidecar.answer.turn import default_gate

    gate = default_gate(BUNDLE, AnswerPolicy())
    events = [e for e in (*gate.feed(sentence), *gate.finish()) if isinstance(e, Sentence | Held)]
    assert len(events) == 1, events
    return "shown" if isinstance(events[0], Sentence) else events[0].reason


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # Another of the record's names where the clause restated has its own: the Kafka backbone did this.
        ("The Kubernetes migration took bookings to invoicing in 1.2 seconds, not a day [[roles-tessellate-results]].", "actor"),
        ("The Kafka backbone took bookings to invoicing in 1.2 seconds, not a day [[roles-tessellate-results]].", "shown"),
        # A name of the section's context (the ADR was accepted at Alderway Bank) may stand anywhere.
        ("At Alderway Bank every service is instrumented with OpenTelemetry, the Java agent and a few manual spans [[adr-otel-decision]].", "shown"),
    ],
)
def test_a_name_put_in_the_place_of_the_clauses_own_name(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected


def test_a_name_is_a_word_the_record_names_or_one_with_a_capital_past_its_first_letter() -> None:
    from docent.sidecar.answer.renamed import names_of

    said = unit("Use TestClient with DEBUG on, or the Éclair ÉtatBase, not Request or élan.", fold)
    assert [w for _, w in names_of(said, {"request"})] == ["testclient", "debug", "étatbase", "request"]
    assert [w for _, w in names_of(said, set())] == ["testclient", "debug", "étatbase"]
    plain = unit("Use the request with debug on, or the state base.", fold)  # no capital past a word's first letter
    assert [w for _, w in names_of(plain, {"request", "debug"})] == ["request", "debug"]


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="abQZ 'é’.9", max_size=30), st.frozensets(st.sampled_from(["ab", "abq", "qa", "ba", "b'a"])))
def test_a_units_names_are_the_names_it_writes_and_its_words_with_a_capital_inside(
    text: str, names: frozenset[str]
) -> None:
    # a text with no capital past its first letter is read without a look at each word's letters
    from docent.sidecar.answer.renamed import names_of

    u = unit(text, fold)
    inside = [any(c.isupper() for c in text[t.start + 1 : t.start + len(t.word)]) for t in u.tokens]
    assert names_of(u, names) == [(i, t.word) for i, t in enumerate(u.tokens) if t.stem and (t.word in names or inside[i])]
