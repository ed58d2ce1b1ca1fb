"""Referral (answer/checking.py, judge.py): with the model check on, a sentence only the gate's unsure rules hold
(`Rule.sure` false: a reading of meaning, polarity's here) goes to the check as a sentence the gate shows, whose
verdict decides (`unsupported`, `unchecked`); a sure hold (inline code no cited section writes) stays a hold and is
never asked; with the check off, every hold is as it was."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from docent.sidecar.answer.checking import Checker
from docent.sidecar.answer.events import Done, Held, Referred, Refused, Sentence
from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.policy import AnswerPolicy
from docent.sidecar.answer.rules import CONSTRUCTIONS, RULES, RULES_SURE, Hold, Reading, Rule, Verdict, number
from docent.sidecar.answer.turn import default_gate
from docent.sidecar.model.port import Overloaded, Usage, checked_sentences
from tests.sidecar.test_checking import BUNDLE, LEADING, PRICED, rig, run, said, verdicts

FIVE = "She led a team of five."
NEVER = "She never mentored engineers."  # the section says she mentors four: polarity holds it, a reading
CODE = "She led a team with `kafka-streams`."  # no section writes the code: code_term holds it, sure
ANSWER = f"{FIVE} {LEADING} {NEVER} {LEADING} {CODE} {LEADING}"


def asked(checker: Checker) -> list[str]:
    return [s.text for r in checker.model.requests for s in checked_sentences(r)]  # type: ignore[attr-defined]


@pytest.mark.anyio
async def test_an_unsure_hold_goes_to_the_check_and_is_shown_when_it_supports_the_sentence(tmp_path: Path) -> None:
    checker = Checker(verdicts(lambda s: True))
    turn, conversation = rig(tmp_path, checker, ANSWER)
    events = await run(turn, conversation)
    assert said(events) == [FIVE, NEVER, "held:code_term"]
    shown = next(e for e in events if isinstance(e, Sentence) and e.text == NEVER)
    assert [c.id for c in shown.cites] == ["roles-alderway-leading"]  # with its citation, as a sentence the gate shows
    assert sorted(asked(checker)) == sorted([FIVE, NEVER])  # never the sure hold
    assert conversation.held_last == ["code_term"]  # the referral the check supported is no hold in the turn's record
    assert not any(isinstance(e, Referred) for e in events)  # the visitor never gets a referral as it is


@pytest.mark.anyio
async def test_a_referred_sentence_the_check_does_not_support_is_held_as_the_check_holds(tmp_path: Path) -> None:
    checker = Checker(verdicts(lambda s: "never" not in s))
    turn, conversation = rig(tmp_path, checker, ANSWER)
    events = await run(turn, conversation)
    assert said(events) == [FIVE, "held:unsupported", "held:code_term"]
    held = [e for e in events if isinstance(e, Held)]
    assert held[0].message == AnswerPolicy().held_message("unsupported") and type(held[0]) is Held
    assert sorted(conversation.held_last) == ["code_term", "unsupported"]  # the check's hold, not the gate's too


@pytest.mark.anyio
async def test_a_referred_sentence_is_held_when_its_check_fails(tmp_path: Path) -> None:
    def judge(sentence: str) -> bool:
        if "never" in sentence:
            raise Overloaded("the check's provider is overloaded")
        return True

    paragraphs = f"{FIVE} {LEADING}\n\n{NEVER} {LEADING} {CODE} {LEADING}"  # its request apart from FIVE's
    events = await run(*rig(tmp_path, Checker(verdicts(judge)), paragraphs))
    assert said(events) == [FIVE, "held:unchecked", "held:code_term"]


@pytest.mark.anyio
async def test_with_the_check_off_every_hold_stands_as_the_gate_gives_it(tmp_path: Path) -> None:
    events = await run(*rig(tmp_path, None, ANSWER))
    assert said(events) == [FIVE, "held:polarity", "held:code_term"]
    assert all(type(e) is Held for e in events if isinstance(e, Held))
    gate = default_gate(BUNDLE, AnswerPolicy())
    assert not gate.refers  # type: ignore[attr-defined]
    assert [type(e) for e in [*gate.feed(f"{NEVER} {LEADING}"), *gate.finish()]] == [Held]


@pytest.mark.anyio
async def test_the_check_without_referral_holds_what_the_gate_holds(tmp_path: Path) -> None:
    checker = Checker(verdicts(lambda s: True))
    policy = AnswerPolicy()
    checked = checker.over(default_gate(BUNDLE, policy), BUNDLE.record, policy)  # a gate made without `refer`
    events = [*checked.feed(ANSWER), *checked.finish()]
    events += [e async for e in checked.drain()]
    assert said(events) == [FIVE, "held:polarity", "held:code_term"]
    assert checked.referred == 0 and asked(checker) == [FIVE]


def _rule(name: str, sure: bool) -> Rule:
    def check(sentence: Reading) -> Verdict:
        return Hold(name)

    return Rule(name, check, cited=True, sure=sure)


def test_a_sure_hold_stands_wherever_it_stands_in_the_table() -> None:
    unsure, sure = _rule("polarity", False), _rule("number", True)
    sentence = f"{FIVE} {LEADING}"
    for rules, expected in (((unsure, sure), Held), ((unsure,), Referred), ((sure, unsure), Held)):
        gate = Gate(BUNDLE.record, BUNDLE.matcher, site=BUNDLE.site, mentions=BUNDLE.mentions, rules=rules)
        gate.refers = True
        events = [*gate.feed(sentence), *gate.finish()]
        assert [type(e) for e in events] == [expected], rules
        assert events[0].reason == ("polarity" if expected is Referred else "number")


def test_the_split_is_the_rules_own_and_every_construction_is_unsure() -> None:
    assert RULES_SURE == tuple(r for r in RULES if r.sure)
    assert not any(r.sure for r in CONSTRUCTIONS)  # which core rules are sure, the precision table says (test_rule_sure)


def test_referral_is_made_with_the_gate_not_set_on_it_by_the_check() -> None:
    """A gate refers where it is made to (`default_gate(..., refer=True)`, as a turn with the check on makes it); the
    check's wrapper changes nothing on the gate it wraps."""
    policy = AnswerPolicy()
    gate = default_gate(BUNDLE, policy)
    Checker(verdicts(lambda s: True)).over(gate, BUNDLE.record, policy)
    assert not gate.refers  # type: ignore[attr-defined]
    made = default_gate(BUNDLE, policy, refer=True)
    assert [type(e) for e in [*made.feed(f"{NEVER} {LEADING}"), *made.finish()]] == [Referred]


def _told(events: list[object]) -> list[str]:
    """What the visitor reads, in order: sentences, holds, actions and cards by their kind, the policy's refusal."""
    return [e.text if isinstance(e, Sentence) else f"held:{e.reason}" if isinstance(e, Held)
            else f"refused:{e.reason}" if isinstance(e, Refused) else type(e).__name__.lower()
            for e in events if not isinstance(e, Done)]


@pytest.mark.anyio
@pytest.mark.parametrize("tool", [{"tool": "show_page", "input": {"id": "lab"}},
                                  {"tool": "show_links", "input": {"items": [{"to": "lab", "title": "Lab",
                                                                              "gist": "A heap that leaks"}]}}])
@pytest.mark.parametrize("after", ["[[none]]", f"[[none]] {FIVE} {LEADING}"])
async def test_a_none_after_a_call_is_the_refusal_when_the_check_held_all_before_it(
    tmp_path: Path, tool: dict[str, object], after: str
) -> None:
    """`[[none]]` in or before the first sentence the visitor would read makes the answer the policy's refusal, and
    nothing after it is shown (`gate`). With the check on, a referred sentence the gate counts as let through is read
    only by the check's verdict: one it holds left the visitor nothing, so a `[[none]]` the model writes after its tool
    call is the refusal, as with the check off (render25: it was dropped as a late one, the visitor left with a hold)."""
    calls = [[{"text": f"{NEVER} {LEADING} "}, tool], [{"text": after}]]
    kind = "action" if tool["tool"] == "show_page" else "card"
    alone = await run(*rig(tmp_path, None, calls=calls), "Has she mentored?")
    assert _told(alone) == ["held:polarity", kind, "refused:none"]
    held = await run(*rig(tmp_path, Checker(verdicts(lambda s: "never" not in s)), calls=calls), "Has she mentored?")
    assert _told(held) == ["held:unsupported", kind, "refused:none"]
    assert held[-2] == AnswerPolicy().none_refusal()
    shown = await run(*rig(tmp_path, Checker(verdicts(lambda s: True)), calls=calls), "Has she mentored?")
    assert _told(shown) == [NEVER, kind, *([FIVE] if FIVE in after else [])]  # once one is shown, a later one is dropped


@pytest.mark.anyio
async def test_a_none_after_a_sentence_the_check_held_or_could_not_check_is_the_refusal(tmp_path: Path) -> None:
    """The same for a sentence the gate shows outright, which the check holds as unsupported or, its request broken,
    unchecked: the visitor read nothing before the `[[none]]`."""
    def broken(sentence: str) -> bool:
        raise Overloaded("the check's provider is overloaded")

    calls = [[{"text": f"{FIVE} {LEADING} "}, {"tool": "show_page", "input": {"id": "lab"}}], [{"text": "[[none]]"}]]
    for judge, reason in ((lambda s: False, "unsupported"), (broken, "unchecked")):
        turn, conversation = rig(tmp_path, Checker(verdicts(judge)), calls=calls)
        events = await run(turn, conversation, "Has she led a team?")
        assert _told(events) == [f"held:{reason}", "action", "refused:none"]
        assert conversation.held_last == [reason]


@pytest.mark.anyio
@pytest.mark.parametrize("after", ["\n\n[[none]]", " [[none]]\n\nIt leaks."])
async def test_a_none_after_a_counted_list_comes_after_the_list(tmp_path: Path, after: str) -> None:
    """A list whose intro states a count waits for its intro's verdict (`intros.Listing`); a late `[[none]]` written
    after its items is read after them, not before: where the check shows them, the answer is not the refusal (review26:
    the check on, every sentence supported, the list was lost to the policy's refusal the gate alone never gave)."""
    lab = "[[lab-leak]]"
    text = (f"The heap has two generations: {lab}\n- The young generation is 64 MB. {lab}\n"
            f"- The old generation is 192 MB. {lab}{after}")
    alone = _told(await run(*rig(tmp_path, None, text), "How big is the heap?"))
    assert alone[:3] == ["The heap has two generations:", "The young generation is 64 MB.",
                         "The old generation is 192 MB."] and "refused:none" not in alone
    shown = await run(*rig(tmp_path, Checker(verdicts(lambda s: True)), text), "How big is the heap?")
    assert _told(shown) == alone
    held = await run(*rig(tmp_path, Checker(verdicts(lambda s: False)), text), "How big is the heap?")
    assert _told(held)[-1] == "refused:none" and "It leaks." not in _told(held)  # all held: the refusal, as before


@pytest.mark.anyio
@pytest.mark.parametrize("slow", [False, True])
async def test_a_refusal_after_a_late_none_counts_every_request_done(tmp_path: Path, slow: bool) -> None:
    """The requests a turn sent are in its `done`'s cost: one done after the late `[[none]]` whose sentences the refusal
    drops unread was billed all the same (review26: its cost was read only with its first sentence, so the turn's
    `done` counted one request of two)."""
    text = f"{NEVER} {LEADING}\n\nYes. [[none]]\n\n{FIVE} {LEADING}"  # FIVE asked apart, after the [[none]]
    checker = Checker(verdicts(lambda s: False, delay=(lambda s: 0.05 if "never" in s else 0.0) if slow else None))
    events = await run(*rig(tmp_path, checker, text), "Has she mentored?")
    assert _told(events) == ["held:unsupported", "refused:none"]
    assert len(checker.model.requests) == 2  # type: ignore[attr-defined]
    assert events[-1].cost_usd == pytest.approx(2 * PRICED.cost(Usage(input_tokens=1000, output_tokens=20)))


@pytest.mark.parametrize(("sentence", "checked"), [
    # a count the sentence works out from a table's rows: the number rule cannot check it, the model can
    ("Three of the four topics are keyed by shipment id; invoices.issued is the exception, keyed by customer id "
     "[[case-kafka-approach]].", Referred),
    ("Three of the five topics are keyed by shipment id [[case-kafka-approach]].", Referred),
    # the hole probes: a count of no whole, a part above its whole, and a figure beside the part are sure holds
    ("Three topics are keyed by shipment id [[case-kafka-approach]].", Held),
    ("Five of the four topics are keyed by shipment id [[case-kafka-approach]].", Held),
    ("Three of the four topics are keyed by shipment id, and 40 partitions carry them [[case-kafka-approach]].", Held),
])
def test_a_part_of_a_whole_the_sentence_counts_is_referred_where_the_number_rule_is_sure(
        sentence: str, checked: type[Held]) -> None:
    """The number rule's hold on "N of the M" (N below M, ten at most) whose every unstated figure is N or M is a
    reading (`Hold.sure` false): held with the check off, referred with it on even where the rule is marked sure, as
    it was before rounds 5-15's precision made it unsure (test_rule_sure); any other figure is a sure hold then. The
    table's own rule, unsure, refers each."""
    off = [*(gate := default_gate(BUNDLE, AnswerPolicy())).feed(sentence), *gate.finish()]
    assert [e.reason for e in off if isinstance(e, Held)] == ["number"]
    sure = Gate(BUNDLE.record, BUNDLE.matcher, site=BUNDLE.site, mentions=BUNDLE.mentions,
                rules=(replace(number.RULE, sure=True),))
    sure.refers = True
    on = [*sure.feed(sentence), *sure.finish()]
    assert [type(e) for e in on] == [checked] and on[0].reason == "number"
    told = [*(gate := default_gate(BUNDLE, AnswerPolicy(), refer=True)).feed(sentence), *gate.finish()]
    assert [type(e) for e in told] == [Referred]
