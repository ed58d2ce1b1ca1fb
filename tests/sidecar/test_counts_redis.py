"""The day counts in Redis: several sidecars (or workers) add to one total, and `docent report` reads it."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator, Mapping

import anyio
import pytest

from docent import cli
from docent.sidecar.answer.events import Cite, Done, Held, Refused, Sentence, StreamEvent
from docent.sidecar.counts import DailyCounts, MemoryCounts, RedisCounts, day_of
from docent.sidecar.tally import Tally, tallied
from tests.loopback import free_port


async def answer(counts: DailyCounts, *events: StreamEvent) -> None:
    """An answer's events streamed past the counts, as the sidecar streams them to a visitor."""

    async def stream() -> AsyncIterator[StreamEvent]:
        for event in events:
            yield event

    async for _ in tallied(stream(), question=True, listeners=[counts]):
        pass


LAB = (Cite("lab-leak", "A heap that leaks", "/lab/#lab-leak"),)


@pytest.mark.anyio
async def test_two_sidecars_add_to_one_days_counts(redis_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    first, second = DailyCounts(RedisCounts(redis_url)), DailyCounts(RedisCounts(redis_url))
    await answer(first, Sentence("The lab leaks.", LAB), Held("unknown_term", "held", terms=("Rust",)),
                 Done("replay", cost_usd=0.5, input_tokens=100, cache_read_tokens=900))
    await answer(second, Refused("pay", "no"), Done("replay"))
    await answer(second, Sentence("It draws the heap.", LAB), Held("unknown_term", "held", terms=("Rust",)),
                 Done("replay", cost_usd=0.25, input_tokens=100, cache_read_tokens=900))
    await first.aclose()
    await second.aclose()

    assert cli.main(["report", "--json", "--redis", redis_url, "--bundle", "/nonexistent"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["from"] == day_of(time.time())
    assert (figures["questions"], figures["answered"], figures["refused"]) == (3, 2, {"pay": 1})
    assert figures["missing_terms"] == {"Rust": 2} and figures["held"] == {"unknown_term": 2}
    assert figures["cited_most"] == [{"id": "lab-leak", "title": "lab-leak", "times": 2}]
    assert figures["cost_usd"] == pytest.approx(0.75) and figures["cache_share"] == pytest.approx(0.9)
    assert figures["never_cited"] is None  # no bundle to name the sections by


@pytest.mark.anyio
async def test_a_days_counts_go_in_one_round_trip_on_the_client_they_are_given(redis_url: str) -> None:
    from docent.sidecar.redis_store import connect
    from tests.redis_server import counted

    shared = connect(redis_url)  # the spend's asyncio client, as the app gives it
    counts = RedisCounts(redis_url, client=shared)
    try:
        await counts.add("2026-12-02", {"questions": 1, "cost_usd": 0.25})  # the script loaded
        with counted() as trips:
            await counts.add("2026-12-02", {"questions": 2, "shown": 0, "cost_usd": 0.5})
        assert trips[0] == 1
        await counts.aclose()  # the client is its giver's: still open
        assert await shared.hget("docent:counts:2026-12-02", "questions") == b"3"
        assert await shared.ttl("docent:counts:2026-12-02") > 399 * 86_400
    finally:
        await shared.aclose()
    assert counts.read(["2026-12-02"]) == {"questions": 3, "cost_usd": 0.75}  # a zero count is not written


def test_a_report_from_a_redis_that_is_not_there_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    url = f"redis://127.0.0.1:{free_port()}/0"
    assert cli.main(["report", "--redis", url]) == 2
    assert "is it running?" in capsys.readouterr().out


@pytest.mark.anyio
async def test_answers_counts_go_to_a_networked_store_at_most_once_a_period_summed() -> None:
    writes: list[dict[str, float]] = []

    class Slow:
        async def add(self, day: str, counts: Mapping[str, float]) -> None:
            await asyncio.sleep(0.01)
            writes.append(dict(counts))

    counts = DailyCounts(Slow(), every_s=0.1)  # type: ignore[arg-type]
    for n in range(10):
        counts.add({"questions": 1, "shown": n})
    assert writes == []  # no round trip of an answer's own
    with anyio.fail_after(5):
        while not writes:  # the period's end
            await asyncio.sleep(0.01)
    assert writes == [{"questions": 10, "shown": 45}]  # the ten that ended within the period, in one write
    for n in range(3):
        counts.add({"questions": 1, "shown": n})
    await counts.aclose()  # what waits is written on closing
    assert writes[1:] == [{"questions": 3, "shown": 3}]


def test_an_answer_is_counted_under_each_of_its_names() -> None:
    store, moment = MemoryCounts(), 1_800_000_000.0
    counts = DailyCounts(store, clock=lambda: moment)
    done = Done("replay", cost_usd=0.5, input_tokens=100, cache_read_tokens=900, output_tokens=20)
    counts.answered(Tally(question=True, outcome="answered", shown=3, held=["unknown_term", "unknown_term", "number"],
                          terms=["Rust"], cited=["a", "b", "a"], first_word_s=0.0123, done=done))
    counts.answered(Tally(question=True, outcome="refused", reason="none"))
    counts.answered(Tally(question=False, outcome="error", reason="overloaded"))
    counts.answered(Tally(question=True))  # a visitor gone mid-answer
    assert store.read([day_of(moment)]) == {
        "questions": 3, "answered": 1, "unanswered": 1, "error:overloaded": 1, "cancelled": 1, "shown": 3,
        "held:unknown_term": 2, "held:number": 1, "term:Rust": 1, "cited:a": 2, "cited:b": 1,
        "input_tokens": 100, "cache_read_tokens": 900, "cache_write_tokens": 0, "output_tokens": 20, "model:replay": 1,
        "first_word_ms": 12, "first_words": 1, "cost_usd": 0.5,
    }


@pytest.mark.anyio
async def test_the_counts_go_on_the_spends_asyncio_client_and_on_their_own_in_a_keeping_redis(redis_url: str) -> None:
    from docent.sidecar import state
    from docent.sidecar.settings import Settings

    keeping = redis_url.rsplit("/", 1)[0] + "/1"
    for keep in (None, keeping):  # the spend in the conversations' Redis (their client), or in a keeping one
        env = {"DOCENT_REDIS_URL": redis_url, "DOCENT_POW_SECRET": "a secret for this test only", **({"DOCENT_REDIS_KEEP_URL": keep} if keep else {})}
        settings = Settings.from_env(env)
        store = state.store(settings, clock=time.time)
        spend = state.budget_store(settings, store)
        counts = state.counts(settings, spend)
        try:
            assert isinstance(counts, RedisCounts) and counts._client is spend.aclient  # type: ignore[attr-defined]
            assert (counts._client is getattr(store, "client", None)) is (keep is None)
        finally:
            await spend.aclose()  # type: ignore[attr-defined]
            await store.aclose()
