"""The ablation's shortcut (`tests.evals.ablation`): judging again only the sentences a rule decided gives what
judging every sentence again without the rule gives."""

from __future__ import annotations

import pytest

from docent.sidecar.answer.bundle import Bundle
from docent.sidecar.answer.rules import RULES
from tests.evals import ablation
from tests.evals.heldout import EXAMPLE_BUNDLE


# Each rule with a round of the example's sets in which it decides something (round 15's alignment readings left the
# contrast rule nothing to decide in round 6's: it held one true sentence there, and no falsehood only it held).
@pytest.mark.parametrize(("name", "number"), [("polarity", 6), ("hedge", 6), ("order", 6), ("cause", 6), ("contrast", 5)])
def test_a_rule_left_out_changes_only_what_it_decided(name: str, number: int) -> None:
    one = ablation.Set(number, "example", EXAMPLE_BUNDLE,
                       ((f"round{number}-example-falsehoods.json", f"round{number}-example-faithful.json"),), ())
    judged = ablation._judged(one)
    rule = next(n for n, r in enumerate(RULES) if r.name == name)
    bundle = Bundle.load(EXAMPLE_BUNDLE)
    with ablation._Table([r for n, r in enumerate(RULES) if n != rule]):
        again = [ablation._held(bundle, s, false=f) for f, _, s, _, _ in judged.sentences]
    caught = sum(int(h) - int(a) for (f, _, _, h, _), a in zip(judged.sentences, again, strict=True) if f)
    freed = sum(int(h) - int(a) for (f, _, _, h, _), a in zip(judged.sentences, again, strict=True) if not f)
    assert ablation._without(one, judged, rule) == (caught, freed, 0)
    assert any(rule in by for *_, by in judged.sentences)  # the rule decides something in the set


def test_the_figures_per_round_count_each_kind() -> None:
    one = ablation.Set(6, "example", EXAMPLE_BUNDLE, (("round6-example-falsehoods.json", "round6-example-faithful.json"),), ())
    tally = ablation._judged(one).tally()
    assert sum(tally.falsehoods.values()) == 48 and sum(tally.faithful.values()) == 48
    assert "negation" in tally.falsehoods and "negation_other_words" not in tally.falsehoods
    assert 0 < sum(tally.held.values()) < 48
