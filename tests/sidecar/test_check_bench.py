"""The model check's bench (tests/bench/model_check.py): its arithmetic from tokens to dollars, by hand."""

from __future__ import annotations

import json

import pytest

from docent.sidecar.model.models import MODELS
from docent.sidecar.model.port import ModelRequest, ModelSpec
from docent.sidecar.model.wire import anthropic_body
from tests.bench.model_check import (
    ROUND24_VERDICT,
    Spent,
    answer_usd,
    check_usd,
    priced,
    round24_request,
    split,
    tokens,
    verdicts_for,
)

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


def test_the_figures_are_each_answers_share_of_what_its_checks_and_its_calls_cost_before_and_after() -> None:
    """Two answers; the first's checks one request of two sentences, the second's one of one: `before` prices each
    sentence as round 24's request, `after` the requests the app sent."""
    from docent.sidecar.answer.check_request import CheckRequest

    from .test_checking import BUNDLE

    lab, leading = BUNDLE.record["lab-leak"], BUNDLE.record["roles-alderway-leading"]
    asked = [[("The lab has a heap that leaks.", [lab]), ("It draws the heap.", [lab])], [("She led a team.", [leading])]]
    checks = [CheckRequest(items).request for items in asked]
    call = ModelRequest([{"type": "text", "text": "P" * 4_000}], [], [{"role": "user", "content": "Why?"}])
    spent = Spent(answers=2, checks=checks, asked=asked, answer_of=[0, 1], calls=[call, call], written=[800, 400],
                  sentences=4)
    out = spent.figures()
    assert out["check_requests_per_answer_before"] == 1.5 and out["check_requests_per_answer_after"] == 1.0
    assert out["check_share_of_sentences"] == 0.75 and out["check_sentences_per_request"] == 1.5
    assert out["check_sections_repeated_share"] == 0.0  # the lab's section sent once, in the first answer's one request
    for spec in priced():
        once = [round24_request(text, sections) for items in asked for text, sections in items]
        before = sum(check_usd(tokens(anthropic_body(r, spec)), len(ROUND24_VERDICT) // 4, spec) for r in once) / 2
        after = sum(check_usd(tokens(anthropic_body(r, spec)), len(json.dumps(verdicts_for(r))) // 4, spec)
                    for r in checks) / 2
        prefix, tail = split(call, spec)
        assert prefix >= 1_000 and tail > 0 and prefix + tail == tokens(anthropic_body(call, spec))
        calls = [(prefix * spec.cache_read_per_mtok + tail * spec.cache_write_per_mtok + w // 4 * spec.output_per_mtok) / 1e6
                 for w in (800, 400)]
        assert out[f"check_usd_per_1k_answers_{spec.id}_before"] == pytest.approx(1000 * before, rel=1e-3)
        assert out[f"check_usd_per_1k_answers_{spec.id}_after"] == pytest.approx(1000 * after, rel=1e-3)
        assert out[f"answer_usd_per_1k_answers_{spec.id}"] == pytest.approx(1000 * sum(calls) / 2, rel=1e-3)
        assert out[f"check_vs_answer_{spec.id}_after"] == pytest.approx(2 * after / sum(calls), rel=1e-2)
        assert after < before  # the lab's section and the fixed part sent once for two sentences


def test_a_section_an_earlier_request_of_the_same_answer_sent_counts_as_repeated() -> None:
    from docent.sidecar.answer.check_request import CheckRequest

    from .test_checking import BUNDLE

    lab = BUNDLE.record["lab-leak"]
    asked = [[("The lab has a heap that leaks.", [lab])], [("It draws the heap.", [lab])], [("It leaks.", [lab])]]
    spent = Spent(answers=2, checks=[CheckRequest(items).request for items in asked], asked=asked, answer_of=[0, 0, 1])
    assert spent.repeats(MODELS["claude-haiku-5-5"])["check_sections_repeated_share"] == pytest.approx(1 / 3, abs=1e-3)


def _json(body: dict[str, object]) -> str:
    import json

    return json.dumps(body, ensure_ascii=False, separators=(",", ":"))


def test_a_cache_after_the_sections_is_priced_only_where_the_prefix_reaches_the_minimum() -> None:
    """`Spent.cached`: no prefix reaches a minimum past every request: the requests as sent. One every prefix reaches:
    the first request writes its prefix (1.25 times), the second reads it (0.1 times) with its own section already in
    it, the third (another answer) starts again."""
    from docent.sidecar.answer.check_request import CheckRequest

    from .test_checking import BUNDLE

    lab = BUNDLE.record["lab-leak"]
    asked = [[("The lab has a heap that leaks.", [lab])], [("It draws the heap.", [lab])], [("It leaks.", [lab])]]
    checks = [CheckRequest(items).request for items in asked]
    spent = Spent(answers=2, checks=checks, asked=asked, answer_of=[0, 0, 1])
    spec = MODELS["claude-haiku-5-5"]
    sent = [tokens(anthropic_body(r, spec)) for r in checks]
    assert spent.cached(spec, 10**9) == sum(sent)
    fixed = tokens({k: v for k, v in anthropic_body(checks[0], spec).items() if k in ("system", "tools")})
    prefix = fixed + len(f"{lab.trail}\n{lab.shown()}".encode()) // 4
    written, read = prefix * 1.25 + sent[0] - prefix, prefix * 0.1 + sent[1] - prefix
    assert spent.cached(spec, 1) == pytest.approx(written + read + written - sent[0] + sent[2])
    assert spent.cached(spec, 1) < sum(sent)
