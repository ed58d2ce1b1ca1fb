"""The gate's dispatch by cues, family by family (issue 26): a rule whose cues (`Rule.cues`, `Rule.section_cues`, the
cue scan's marks: `types.MARKS`) a sentence lacks is not asked, one that holds them is, and a sentence a rule holds is
one its cues wake, on the example site's record. Each family's first test fails when its table drops a cue."""

from __future__ import annotations

from collections.abc import Iterator

from docent.sidecar.answer.rules import (
    ALWAYS,
    RULES,
    Reading,
    Rule,
    checks,
    first,
    first_person,
    polarity,
    role,
)

from .dispatchkit import BUNDLE, IDS, citing


def _asked(rule: Rule, reading: Reading) -> bool:
    """Whether the dispatch asks `rule` (its cues as they are) for the sentence."""
    asked: list[str] = []

    def spy(sentence: Reading) -> None:
        asked.append(sentence.source)

    table = (Rule(rule.name, spy, rule.cited, rule.cues, rule.section_cues, rule.sure),)
    first(reading, checks(table)[1 if rule.cited else 0])
    return bool(asked)


def _sentences() -> Iterator[Reading]:
    """Every sentence of the record, read as citing its own section, the next one, and both."""
    for k, sid in enumerate(IDS):
        after = IDS[(k + 1) % len(IDS)]
        for u in BUNDLE.mentions.passages[sid].units:
            for ids in ((sid,), (after,), (sid, after)):
                yield citing(u.text, *ids)


def test_polarity_is_asked_for_a_denial_or_what_its_sections_give_and_not_otherwise() -> None:
    quiet = "cases-3ds"  # a section that denies nothing and writes no word with an opposite
    assert not BUNDLE.mentions.heads[quiet] and polarity.section_cues(BUNDLE.mentions.passages[quiet]) == (set(), set())
    said = {
        "The rollout took a year.": False,
        "The rollout did not take a year.": True,  # a word that denies
        "The rollout doesn't take a year.": True,  # a contraction (`types.NOT`)
        "The rollout kept the limits unbounded.": True,  # an "un-" word (`types.UN`)
        "The rollout took a year whether or not the issuer agreed.": True,
    }
    assert {text: _asked(polarity.RULE, citing(text, quiet)) for text in said} == said
    # A section that denies ("pass without a challenge because the issuer judges the risk"): a sentence may affirm
    # what it denies by saying the words of what is denied (its head: "issuer", "challenge"), and none without them.
    denying = "case-3ds-context"
    assert BUNDLE.mentions.heads[denying]
    assert _asked(polarity.RULE, citing("Most payments pass with a challenge from the issuer.", denying))
    assert not _asked(polarity.RULE, citing("The rollout took a year.", denying))
    rising = "lab-leak-reading"  # no denial; it writes "rose", whose opposite a sentence may say
    assert not BUNDLE.mentions.heads[rising]
    assert _asked(polarity.RULE, citing("The latency fell.", rising))
    assert not _asked(polarity.RULE, citing("The latency was measured.", rising))


def test_a_sentence_polarity_holds_is_one_its_cues_wake() -> None:
    """Every sentence of the record, and each with a denial put in and with its deed turned ("not" after its first
    "is", "are", "was" or "were"): wherever the rule holds one, the dispatch asks it; and it asks for fewer than all."""
    held = asked = total = 0
    for reading in _sentences():
        text = reading.source
        for variant in {text, *(text.replace(f" {v} ", f" {v} not ", 1) for v in ("is", "are", "was", "were"))}:
            sentence = citing(variant, *reading.ids)
            wakes = _asked(polarity.RULE, sentence)
            total, asked = total + 1, asked + wakes
            if polarity.check(citing(variant, *reading.ids)) is not None:
                held += 1
                assert wakes, (variant, reading.ids)
    assert held and asked < total, (held, asked, total)


def test_every_rule_declares_what_wakes_it_or_that_it_runs_always() -> None:
    """A rule without cues is asked for every sentence: the table says so of each such rule (`rules.ALWAYS`), and of
    no rule that has cues."""
    uncued = [r for r in RULES if r.cues is None and r.section_cues is None]
    assert uncued == [r for r in RULES if r in ALWAYS] and len(uncued) == len(ALWAYS)


def test_the_first_person_and_role_rules_are_asked_only_for_a_sentence_with_their_words() -> None:
    sid = IDS[0]
    said = {
        "The ledger reconciles every night.": (False, False),
        "I moved the ledger.": (True, False),
        "My ledger reconciles.": (True, False),
        "She led the ledger migration.": (False, True),  # a role's word
        "She took part in the ledger migration.": (False, True),  # "take part" (`roles._PHRASES`)
        "She sat in on the ledger migration.": (False, True),  # "sit in on"
    }
    asked = {text: (_asked(first_person.RULE, citing(text, sid)), _asked(role.RULE, citing(text, sid)))
             for text in said}
    assert asked == said


def test_a_sentence_the_first_person_or_role_rule_holds_is_one_its_cues_wake() -> None:
    """Every sentence of the record, cited as above, and each told in the first person and with a role ("I led",
    "took part in"): wherever either rule holds one, the dispatch asks it."""
    held = 0
    for reading in _sentences():
        text = reading.source
        for variant in (text, f"I think {text}", f"My team led it: {text}", f"She took part: {text}",
                        f"He sat in on it; {text}"):
            for rule in (first_person.RULE, role.RULE):
                if rule.check(citing(variant, *reading.ids)) is not None:
                    held += 1
                    assert _asked(rule, citing(variant, *reading.ids)), (rule.name, variant, reading.ids)
    assert held
