"""How the gate asks its rules (issue 26): a rule that declares what a sentence must hold for it to act (`Rule.cues`,
`Rule.section_cues`) is asked only for a sentence that holds it, and what a construction module declares is what its
`wakes` needs, on the example site's record."""

from __future__ import annotations

from collections.abc import Iterator, Set
from pathlib import Path

import pytest

from docent.sidecar.answer import (
    actors,
    antonyms,
    bindings,
    causes,
    direction,
    hedges,
    likeness,
    order,
    permissions,
    quantifiers,
    rates,
    reversal,
    rules,
)
from docent.sidecar.answer.bundle import Bundle
from docent.sidecar.answer.passage import Passage
from docent.sidecar.answer.rules import RULES, Draft, Grounds, Hold, Reading, Rule, checks, first

from .dispatchkit import BUNDLE, IDS, citing

CONSTRUCTION_MODULES = (actors, bindings, causes, direction, likeness, order, permissions, quantifiers, reversal)


@pytest.mark.parametrize("module", [actors, antonyms, bindings, hedges, rates], ids=lambda m: m.__name__)
def test_what_a_construction_declares_is_what_its_wakes_needs(module: object) -> None:
    """Every sentence of the record, read as citing its own section, the next one, and both: where `wakes` is true,
    the sentence holds one of the module's `CUES` or of what a cited section gives (`section_cues`)."""
    woken = 0
    for sentence, passages in _sentences():
        if not module.wakes(sentence.first_words, sentence.said, passages):  # type: ignore[attr-defined]
            continue
        woken += 1
        assert _cued(module, sentence.first_words, sentence.said, passages), (module, sentence.source)
    assert woken  # the record's own sentences wake each of them somewhere


@pytest.mark.parametrize("module", [m for m in CONSTRUCTION_MODULES if getattr(m, "WAKES_ON_CUES", False)],
                         ids=lambda m: m.__name__)
def test_a_construction_woken_by_its_cues_alone_wakes_wherever_they_stand(module: object) -> None:
    """A module that sets `WAKES_ON_CUES` is not asked `wakes` (`construction.rule`): every sentence of the record, read
    as citing its own section, the next one, and both, that holds one of its cues wakes it, and the rest do not."""
    cued = 0
    for sentence, passages in _sentences():
        woken = module.wakes(sentence.first_words, sentence.said, passages)  # type: ignore[attr-defined]
        cued += woken
        assert woken == _cued(module, sentence.first_words, sentence.said, passages), (module, sentence.source)
    assert cued


def _sentences() -> Iterator[tuple[Reading, list[Passage]]]:
    """Every sentence of the record, read as citing its own section, the next one, and both, with those sections."""
    for k, sid in enumerate(IDS):
        after = IDS[(k + 1) % len(IDS)]
        for u in BUNDLE.mentions.passages[sid].units:
            for ids in ((sid,), (after,), (sid, after)):
                yield citing(u.text, *ids), [BUNDLE.mentions.passages[i] for i in ids]


def _cued(module: object, words: Set[str], stems: Set[str], passages: list[Passage]) -> bool:
    if not words.isdisjoint(getattr(module, "CUES", ())):
        return True
    section_cues = getattr(module, "section_cues", None)  # a module with static cues alone has none
    for passage in passages if section_cues is not None else ():
        cues = section_cues(passage)
        if cues is None or not words.isdisjoint(cues[0]) or not stems.isdisjoint(cues[1]):
            return True
    return False


def _counting(asked: list[str], cues: dict[str, tuple[Set[str], Set[str]] | None]) -> Rule:
    def check(sentence: Reading) -> Hold:
        asked.append(sentence.source)
        return Hold("asked")

    return Rule("asked", check, cited=True, section_cues=lambda passage: cues.get(passage.title, (set(), set())))


def test_a_rule_with_section_cues_is_asked_only_for_a_sentence_holding_one() -> None:
    a, b = IDS[0], IDS[1]
    title_a, title_b = BUNDLE.mentions.passages[a].title, BUNDLE.mentions.passages[b].title
    asked: list[str] = []
    # Section a wakes it by the word "ledger" or the stem of "migrating"; section b for any sentence.
    cues: dict[str, tuple[Set[str], Set[str]] | None] = {title_a: ({"ledger"}, {"migrat"}), title_b: None}
    rules = (_counting(asked, cues),)
    cited = checks(rules)[1]
    said = {
        "The ledger reconciles.": (a,),
        "They were migrating the services.": (a,),
        "Nothing of the kind here.": (a,),
        "Anything at all.": (b,),
        "Nothing here either.": (a, b),
    }
    verdicts = {text: first(citing(text, *ids), cited) for text, ids in said.items()}
    assert asked == ["The ledger reconciles.", "They were migrating the services.", "Anything at all.",
                     "Nothing here either."]
    assert [isinstance(v, Hold) for v in verdicts.values()] == [True, True, False, True, True]


def test_the_cues_kept_for_sets_of_cited_sections_are_bounded() -> None:
    """What the dispatch works out for a set of cited sections is kept with the bundle; a model citing ever new sets
    (over a long-lived sidecar's questions, or a visitor steering it) must not grow the sidecar's memory without end:
    each run keeps at most `rules.SETS_KEPT` sets, and a set worked out again asks its rules as before."""
    bundle = Bundle.load(Path(__file__).resolve().parents[1] / "evals" / "bundle.json")
    grounds = Grounds(bundle.mentions, bundle.site, bundle.matcher)
    ids = list(bundle.mentions.passages)
    table = checks(RULES)[1]
    # a section's own first sentence, cited with two others: each set reaches the construction rules
    a, text = ids[0], bundle.mentions.passages[ids[0]].units[0].text
    sets = [(a, b, c) for b in ids for c in ids if len({a, b, c}) == 3][: rules.SETS_KEPT + 50]

    def verdict(cited: tuple[str, ...]) -> object:
        return first(Reading(Draft(text, cited, False, prose=text), grounds, most_words=40), table)

    said = [verdict(pair) for pair in sets]
    kept = [entries for key, entries in bundle.mentions.cues.items() if not callable(key)]
    assert kept and all(len(entries) <= rules.SETS_KEPT for entries in kept), [len(e) for e in kept]
    assert [verdict(pair) for pair in sets[:50]] == said[:50]  # worked out again, the same verdicts


def test_the_readings_every_sentence_is_asked_for_are_made_with_it() -> None:
    """The prose's runs and first words, and its text and words with the site's names masked, which the first person's
    rule and the rules' cues ask of every sentence, are made with the `Reading`, not on first use through a `once`
    (a descriptor's call from C each, some 2 k instructions, issue 26); the lexicon's two readings are made together,
    and the stems of a sentence with no inline code once for both `words` and `said`.
    What they read is as it was: a site's name ("How I work") masked in `text` and `plain_words` only."""
    masked = citing("How I work is a page about the ledger.", IDS[0])
    made = vars(masked)
    assert {"runs", "first_words", "text", "plain_words", "cue_words"} <= made.keys()  # no inline code: cues its words
    assert made["text"] == "  is a page about the ledger."
    assert made["first_words"] == {"how", "i", "work", "is", "a", "page", "about", "the", "ledger"}
    assert made["plain_words"] == {"is", "a", "page", "about", "the", "ledger"}
    plain = citing("The ledger moved to Kafka.", IDS[0])
    assert plain.plain_words is plain.first_words and plain.text == plain.source
    assert plain.named == {"Kafka"} and "plain" in vars(plain)
    assert plain.plain == plain.grounds.lexicon.find(plain.text)[1]
    assert plain.words == {"ledger", "mov", "kafka"} and "said" in vars(plain) and plain.said is plain.words
