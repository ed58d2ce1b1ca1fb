"""A turn's receipt: calls summed, the answer's allowance across a card, the first word timed once, priced in done."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from docent.sidecar.answer.events import Done, Held, Sentence
from docent.sidecar.answer.receipt import Receipt
from docent.sidecar.model.port import CutShort, ModelSpec, Usage

SPEC = ModelSpec("priced", input_per_mtok=1.0, output_per_mtok=5.0, cache_read_per_mtok=0.1, cache_write_per_mtok=1.25)


def ticking(*times: float) -> Iterator[float]:
    yield from times


def test_done_sums_the_calls_and_prices_them() -> None:
    receipt = Receipt(SPEC, "b1")
    receipt.add(Usage(input_tokens=1000, output_tokens=100, cache_read_tokens=10000))
    receipt.add(Usage(input_tokens=1000, output_tokens=100, cache_write_tokens=4000))
    done = receipt.done(actions=2, waiting=True)
    assert done == Done(
        "priced", actions=2, input_tokens=2000, output_tokens=200, cache_read_tokens=10000, cache_write_tokens=4000,
        cost_usd=(2000 * 1.0 + 200 * 5.0 + 10000 * 0.1 + 4000 * 1.25) / 1e6, bundle="b1", waiting=True,
    )


def test_a_turn_ended_before_any_call_is_done_with_nothing_spent() -> None:
    assert Receipt(SPEC, "b1").done() == Done("priced", bundle="b1")


def test_the_allowance_is_the_answers_across_a_card_and_cuts_short_once_spent() -> None:
    receipt = Receipt(SPEC, "b1", carried=500)  # what the answer spent before a card stopped it
    assert receipt.allowance(700) == 200
    receipt.add(Usage(output_tokens=150))
    assert (receipt.allowance(700), receipt.spent) == (50, 650)
    receipt.add(Usage(output_tokens=50))
    with pytest.raises(CutShort, match="used its 700 tokens") as cut:
        receipt.allowance(700)
    assert cut.value.billed == Usage(output_tokens=200)  # this request's calls, not the card's


def test_the_first_word_is_the_first_sentence_timed_from_the_start() -> None:
    clock = ticking(10.0, 10.5, 10.75, 11.0)
    receipt = Receipt(SPEC, "b1", clock=lambda: next(clock))
    held = Held("uncited", "A sentence was held.")
    assert receipt.seen(held) is held and receipt.first_word_ms is None
    receipt.seen(Sentence("She led a team."))
    receipt.seen(Sentence("Of five."))
    assert receipt.first_word_ms == 500.0
    assert receipt.done().first_word_ms == 500.0
