"""The model check's bench (tests/bench/model_check.py): its arithmetic from tokens to dollars, by hand."""

from __future__ import annotations

import pytest

from docent.sidecar.model.models import MODELS
from docent.sidecar.model.port import ModelRequest, ModelSpec
from docent.sidecar.model.wire import anthropic_body
from tests.bench.model_check import Spent, answer_usd, check_usd, priced, split, tokens

SPEC = ModelSpec("priced", input_per_mtok=2.0, output_per_mtok=10.0, cache_write_per_mtok=2.5, cache_read_per_mtok=0.2)


def test_a_check_costs_its_input_at_the_input_price_and_its_verdict_at_the_output_price() -> None:
    assert check_usd(1_000, 10, SPEC) == pytest.approx((1_000 * 2.0 + 10 * 10.0) / 1e6)  # $0.0021
    assert check_usd(500_000, 0, SPEC) == pytest.approx(1.0)


def test_an_answer_reads_its_prompt_from_the_cache_writes_its_tail_and_pays_its_text() -> None:
    # 10,000 cached tokens at $0.2/M, 300 written at $2.5/M, 200 written out at $10/M
    assert answer_usd(10_000, 300, 200, SPEC) == pytest.approx(0.002 + 0.00075 + 0.002)


def test_tokens_are_the_bodys_json_bytes_over_four_as_the_stand_in_adapters_count() -> None:
    assert tokens({"a": "b" * 30}) == len('{"a":"' + "b" * 30 + '"}') // 4  # 38 bytes: 9
    assert tokens({"a": "é" * 8}) == (len('{"a":""}') + 16) // 4  # UTF-8: two bytes each


def test_the_priced_rows_are_the_tables_rows_with_a_price() -> None:
    assert {s.id for s in priced()} == {s.id for s in MODELS.values() if s.input_per_mtok > 0}
    assert "replay" not in {s.id for s in priced()} and priced()


def test_the_figures_are_each_answers_share_of_what_its_checks_and_its_calls_cost() -> None:
    check = ModelRequest([{"type": "text", "text": "Check."}], [], [{"role": "user", "content": "x" * 400}], max_tokens=256)
    call = ModelRequest([{"type": "text", "text": "P" * 4_000}], [], [{"role": "user", "content": "Why?"}])
    spent = Spent(answers=2, checks=[check, check, check], calls=[call, call], written=[800, 400], sentences=4)
    out = spent.figures()
    assert out["check_requests_per_answer"] == 1.5 and out["check_share_of_sentences"] == 0.75
    for spec in priced():
        asked = len(str.encode(_json(anthropic_body(check, spec)))) // 4
        one_check = (asked * spec.input_per_mtok + out["check_output_tokens_per_sentence"] * spec.output_per_mtok) / 1e6
        prefix, tail = split(call, spec)
        assert prefix >= 1_000 and tail > 0 and prefix + tail == tokens(anthropic_body(call, spec))
        calls = [(prefix * spec.cache_read_per_mtok + tail * spec.cache_write_per_mtok + w // 4 * spec.output_per_mtok) / 1e6
                 for w in (800, 400)]
        assert out[f"check_usd_per_1k_answers_{spec.id}"] == pytest.approx(1000 * 3 * one_check / 2, rel=1e-3)
        assert out[f"answer_usd_per_1k_answers_{spec.id}"] == pytest.approx(1000 * sum(calls) / 2, rel=1e-3)
        assert out[f"check_vs_answer_{spec.id}"] == pytest.approx(3 * one_check / sum(calls), rel=1e-2)


def _json(body: dict[str, object]) -> str:
    import json

    return json.dumps(body, ensure_ascii=False, separators=(",", ":"))
