"""The budget reserves the worst case, settles to usage, bills failures and cancellations, and resets each day."""

from __future__ import annotations

import dataclasses
import math
import random
from datetime import UTC, datetime

import anyio
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from docent.sidecar.model.port import BudgetSpent, Overloaded, Usage
from docent.sidecar.spending.budget import Budget, Budgeted, utc_day

from .conftest import StoreMaker
from .fakes import REQUEST, SPEC, USAGE, Answer, drain, fake_model

DAY = 1_800_000_000.0  # 2027-01-15, 08:00 UTC


def test_the_worst_case_counts_the_prompt_at_the_write_price_and_every_output_token() -> None:
    budget = Budget(1.0, clock=lambda: DAY)
    worst = budget.worst_case(SPEC, REQUEST)
    assert worst > REQUEST.max_tokens * SPEC.output_per_mtok / 1e6
    assert worst > SPEC.cost(USAGE)


def test_the_worst_case_grows_with_the_conversation_and_takes_any_text() -> None:
    budget = Budget(1.0, clock=lambda: DAY)
    said = [{"role": "user", "content": "<question>hi</question>"}, {"role": "assistant", "content": "Hello. " * 40}]
    longer = dataclasses.replace(REQUEST, messages=[*said, *REQUEST.messages])
    assert budget.worst_case(SPEC, longer) > budget.worst_case(SPEC, REQUEST)
    # A lone surrogate (JSON's "\ud800" in a question) is no UTF-8: still measured, not a failed reservation.
    odd = dataclasses.replace(REQUEST, messages=[{"role": "user", "content": "caf\u00e9 \ud800 " * 30}])
    assert budget.worst_case(SPEC, odd) > budget.worst_case(SPEC, REQUEST)


@pytest.mark.anyio
async def test_a_completed_call_settles_to_what_it_used(budget_store: StoreMaker) -> None:
    budget = Budget(1.0, store=budget_store(), clock=lambda: DAY)
    await drain(Budgeted(fake_model(), budget=budget).stream(REQUEST))
    assert budget.spent_usd() == pytest.approx(SPEC.cost(USAGE))


@pytest.mark.anyio
@pytest.mark.parametrize("stagger", [False, True])
async def test_200_concurrent_questions_never_exceed_the_budget(stagger: bool, budget_store: StoreMaker) -> None:
    limit = 0.1
    budget = Budget(limit, store=budget_store(), clock=lambda: DAY)
    model = Budgeted(fake_model(delay=0.005), budget=budget)
    worst = budget.worst_case(SPEC, REQUEST)
    admitted, refused, peak = 0, 0, 0.0
    rng = random.Random(7)

    async def question() -> None:
        nonlocal admitted, refused, peak
        if stagger:
            await anyio.sleep(rng.random() * 0.005)
        try:
            async for _ in model.stream(REQUEST):
                peak = max(peak, budget.spent_usd())
        except BudgetSpent:
            refused += 1
        else:
            admitted += 1

    # Staggered, the questions come in waves of random sizes, each once the one before has ended, so the later ones
    # reserve after earlier calls settled. (A random delay each let a loaded machine, which ran the timers late and
    # together, start them all before any settled: admitted then was exactly what the worst case allows.)
    waves = [200]
    if stagger:
        waves = []
        while sum(waves) < 200:
            waves.append(min(200 - sum(waves), rng.randint(1, 40)))
    for wave in waves:
        async with anyio.create_task_group() as tg:
            for _ in range(wave):
                tg.start_soon(question)
    assert admitted + refused == 200 and refused > 0
    assert peak <= limit and budget.spent_usd() <= limit
    assert budget.spent_usd() == pytest.approx(admitted * SPEC.cost(USAGE))
    if stagger:  # settling gives back what the worst case held, so more fit than the worst case allows
        assert admitted > int(limit / worst)
    else:
        assert admitted <= int(limit / worst)


@pytest.mark.anyio
async def test_a_spent_budget_refuses_with_a_clear_message_until_the_next_utc_day(budget_store: StoreMaker) -> None:
    now = [DAY]
    budget = Budget(0.0055, store=budget_store(), clock=lambda: now[0])
    model = Budgeted(fake_model(), budget=budget)
    await drain(model.stream(REQUEST))
    await drain(model.stream(REQUEST))
    with pytest.raises(BudgetSpent, match="00:00 UTC"):
        await drain(model.stream(REQUEST))
    now[0] += 86_400
    assert budget.spent_usd() == 0
    await drain(model.stream(REQUEST))
    assert budget.spent_usd() == pytest.approx(SPEC.cost(USAGE))


@pytest.mark.anyio
async def test_a_failed_call_counts_what_it_was_billed(budget_store: StoreMaker) -> None:
    budget = Budget(1.0, store=budget_store(), clock=lambda: DAY)
    billed = Usage(input_tokens=1000, output_tokens=40)
    with pytest.raises(Overloaded):
        await drain(Budgeted(fake_model(fail=Overloaded("busy", billed=billed)), budget=budget).stream(REQUEST))
    assert budget.spent_usd() == pytest.approx(SPEC.cost(billed))


@pytest.mark.anyio
async def test_a_cancelled_call_counts_the_last_usage_seen_and_releases_the_rest(budget_store: StoreMaker) -> None:
    budget = Budget(1.0, store=budget_store(), clock=lambda: DAY)
    answer = Answer(hang=True)
    with anyio.fail_after(10):
        async with anyio.create_task_group() as tg:
            tg.start_soon(drain, Budgeted(fake_model(answer), budget=budget).stream(REQUEST))
            while not answer.hung:  # cancelled once it hangs, not after a time it is expected to reach that in
                await anyio.sleep(0.001)
            tg.cancel_scope.cancel()
    assert answer.closed == 1
    assert budget.spent_usd() == pytest.approx(SPEC.cost(Usage(input_tokens=1000)))


@pytest.mark.anyio
async def test_a_reader_that_goes_away_mid_stream_pays_for_what_was_used(budget_store: StoreMaker) -> None:
    budget = Budget(1.0, store=budget_store(), clock=lambda: DAY)
    answer = Answer()
    stream = Budgeted(fake_model(answer), budget=budget).stream(REQUEST)
    await stream.__anext__()
    await stream.__anext__()
    await stream.aclose()
    assert answer.closed == 1
    assert budget.spent_usd() == pytest.approx(SPEC.cost(Usage(input_tokens=1000)))


_MIDNIGHTS = st.integers(-10**5, 10**5).map(lambda d: d * 86_400.0)


@settings(max_examples=300, deadline=None)
@given(moment=st.floats(min_value=-1e10, max_value=4e10) | _MIDNIGHTS
       | _MIDNIGHTS.map(lambda m: math.nextafter(m, -math.inf)) | _MIDNIGHTS.map(lambda m: m - 5e-7))
def test_the_day_is_the_utc_date_of_the_moment(moment: float) -> None:
    """The budget's and the counts' day, worked out from days since the epoch: datetime's UTC date of the moment."""
    assert utc_day(moment) == datetime.fromtimestamp(moment, UTC).date().isoformat()
