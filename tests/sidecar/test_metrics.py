"""The metrics' counts: summed in plain numbers on the event loop and handed to prometheus-client when scraped, so
every scrape (the endpoint's, the metrics' own thread's, one asking for some names) reads every count, once."""

from __future__ import annotations

import asyncio
import sys
import threading

import httpx
import pytest

from docent.sidecar.app import create_app
from docent.sidecar.metrics import Metrics
from docent.sidecar.model.port import Usage
from docent.sidecar.tally import Tally
from tests.loopback import free_port, served
from tests.sidecar.operating import ask, open_conversation, settings
from tests.sidecar.test_operating import sample

ANSWERED = Tally(question=True, outcome="answered", shown=3, held=["number"], first_word_s=0.2, duration_s=1.2)


def test_the_counts_between_scrapes_add_up_once() -> None:
    metrics = Metrics()
    for scrape, answers in enumerate((5, 0, 7), start=1):
        for _ in range(answers):
            metrics.answered(ANSWERED)
            metrics.called("m-1", Usage(input_tokens=4, cache_write_tokens=2), 0.25, None)
        m = metrics.exposition().decode()
        asked = (5, 5, 12)[scrape - 1]
        assert sample(m, "docent_questions_total") == asked
        assert sample(m, "docent_sentences_total", fate="shown") == 3 * asked
        assert sample(m, "docent_sentences_total", fate="held", reason="number") == asked
        assert sample(m, "docent_model_tokens_total", model="m-1", kind="cache_write") == 2 * asked
        assert sample(m, "docent_spent_dollars_total", model="m-1") == 0.25 * asked
        assert sample(m, "docent_answer_seconds_count") == asked


def test_a_scrape_on_another_thread_takes_the_counts_on_the_loop() -> None:
    """The loop counts while another thread scrapes as often as it can: no count is lost or counted twice."""
    metrics = Metrics()
    answers, scrapes = 20_000, 0

    async def count() -> None:
        metrics.loop = asyncio.get_running_loop()
        done = threading.Event()

        def scrape() -> None:
            nonlocal scrapes
            while not done.is_set():
                metrics.registry.get_sample_value("docent_questions_total")
                scrapes += 1

        scraper = threading.Thread(target=scrape)
        scraper.start()
        for i in range(answers):
            metrics.answered(Tally(question=True, outcome="answered", shown=1))
            if i % 50 == 0:
                await asyncio.sleep(0)  # where the scrape's hop to the loop runs
        done.set()
        await asyncio.to_thread(scraper.join)
        assert metrics.registry.get_sample_value("docent_questions_total") == answers

    switching = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # the threads take turns often, so that a scrape lands inside a count
    try:
        asyncio.run(count())
    finally:
        sys.setswitchinterval(switching)
    assert scrapes > 1
    metrics.answered(Tally(question=True, outcome="answered", shown=1))  # its loop closed: counted and read here
    assert metrics.registry.get_sample_value("docent_sentences_total", {"fate": "shown", "reason": ""}) == answers + 1


@pytest.mark.anyio
async def test_the_metrics_own_address_reads_a_questions_counts() -> None:
    port = free_port()
    app = create_app(settings(metrics=("127.0.0.1", port), metrics_token=None))
    async with served(app) as base, httpx.AsyncClient(base_url=base, timeout=20) as http:
        names = [name for name, _ in await ask(http, await open_conversation(http), "What is in the lab?")]
        scraped = (await http.get(f"http://127.0.0.1:{port}/metrics")).text
        some = (await http.get(f"http://127.0.0.1:{port}/metrics?name[]=docent_sentences_total")).text
    assert names[-1] == "done"
    assert sample(scraped, "docent_questions_total") == 1
    assert sample(scraped, "docent_answers_total", outcome="answered", reason="") == 1
    shown = names.count("sentence") + names.count("code")
    assert shown and sample(some, "docent_sentences_total", fate="shown") == shown
    assert "docent_questions_total" not in some
