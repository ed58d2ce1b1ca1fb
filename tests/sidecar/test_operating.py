"""Running the guide: metrics after a scripted conversation, the owner's report from its counts, health and
readiness, the guide that degrades to the offline model, and the proof of work that rises with pressure."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families

from docent import cli
from docent.sidecar.app import create_app
from docent.sidecar.counts import SQLiteCounts, day_of
from docent.sidecar.model.port import ModelRequest
from docent.sidecar.proof import difficulty, solve
from tests.loopback import free_port, served
from tests.sidecar.operating import (
    BUNDLE,
    CALL_USD,
    TOKEN,
    USAGE,
    ask,
    client,
    open_conversation,
    priced_model,
    settings,
    sidecar_process,
)

LAB = "[[lab-leak]]"
SCRIPT = [
    {"question": "lab", "usage": USAGE, "calls": [
        [{"text": f"The lab has a heap that leaks. {LAB} "}, {"tool": "show_page", "input": {"id": "lab"}},
         {"tool": "show_page", "input": {"id": "nowhere"}}],
        [{"text": f"It draws the heap in two generations. {LAB} It was written in Rust. {LAB}"}],
    ]},
    {"question": "piano", "usage": USAGE, "calls": [[{"text": "[[none]]"}]]},
]
QUESTIONS = ("What is in the lab?", "What is her salary?", "Does she play the piano?")


class Run:
    """One scripted conversation through the real app: three questions, a fourth over the conversation's limit."""

    def __init__(self, tmp: Path) -> None:
        self.state = tmp / "state"
        self.model = priced_model(tmp, SCRIPT)
        self.app = create_app(
            settings(rate_conversation="3/hour"), model_factory=lambda s: self.model, counts=SQLiteCounts(self.state)
        )
        self.answers: list[list[tuple[str, dict[str, Any]]]] = []

    async def go(self) -> None:
        # Served as uvicorn serves it, start and end: the counts are written when the app closes, at the latest.
        async with self.app.router.lifespan_context(self.app), client(self.app) as http:
            conversation = await open_conversation(http)
            for question in QUESTIONS:
                self.answers.append(await ask(http, conversation, question))
            over = await http.post("/api/guide/questions", json={"conversation": conversation, "question": "And more?"})
            assert over.status_code == 429
            self.refused_public = await http.get("/api/guide/metrics")
            self.wrong_token = await http.get("/api/guide/metrics", headers={"Authorization": "Bearer nope"})
            scraped = await http.get("/api/guide/metrics", headers={"Authorization": f"Bearer {TOKEN}"})
            assert scraped.status_code == 200
            self.exposition = scraped.text


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> Run:
    made = Run(tmp_path_factory.mktemp("run"))
    anyio.run(made.go)
    return made


def sample(exposition: str, name: str, **labels: str) -> float:
    for family in text_string_to_metric_families(exposition):
        for s in family.samples:
            if s.name == name and all(s.labels.get(k) == v for k, v in labels.items()):
                return float(s.value)
    raise AssertionError(f"no sample {name} {labels}")


def test_the_conversation_went_as_scripted(run: Run) -> None:
    lab, pay, piano = ([name for name, _ in answer] for answer in run.answers)
    assert lab.count("sentence") == 2 and "held" in lab and "action" in lab and lab[-1] == "done"
    assert pay == ["start", "refused", "done"] and piano[-2:] == ["refused", "done"]
    held = next(data for name, data in run.answers[0] if name == "held")
    assert set(held) == {"reason", "message"}  # the held terms stay on the server


def test_metrics_count_the_conversation(run: Run) -> None:
    m = run.exposition
    assert sample(m, "docent_questions_total") == 3
    assert sample(m, "docent_answers_total", outcome="answered", reason="") == 1
    assert sample(m, "docent_answers_total", outcome="refused", reason="pay") == 1
    assert sample(m, "docent_answers_total", outcome="refused", reason="none") == 1
    assert sample(m, "docent_sentences_total", fate="shown") == 2
    assert sample(m, "docent_sentences_total", fate="held", reason="unknown_term") == 1
    assert sample(m, "docent_tool_calls_total", verdict="passed") == 1
    assert sample(m, "docent_tool_calls_total", verdict="refused", check="input") == 1
    assert sample(m, "docent_actions_total", tool="show_page") == 1
    assert sample(m, "docent_model_calls_total", model="priced-1", outcome="ok") == 3  # two for the lab, one for none
    assert sample(m, "docent_model_tokens_total", model="priced-1", kind="cache_read") == 27_000
    assert sample(m, "docent_spent_dollars_total", model="priced-1") == pytest.approx(3 * CALL_USD)
    assert sample(m, "docent_pow_challenges_total", state="issued") == 1
    assert sample(m, "docent_pow_challenges_total", state="solved") == 1
    assert sample(m, "docent_rate_limited_total", limit="conversation") == 1
    assert sample(m, "docent_first_word_seconds_count") == 1  # only the lab's answer had a first word
    assert sample(m, "docent_answer_seconds_count") == 3
    assert sample(m, "docent_spend_dollars") == pytest.approx(3 * CALL_USD)
    assert sample(m, "docent_budget_dollars") == 1.0
    assert sample(m, "docent_conversations_open") == 1
    assert sample(m, "docent_bulkhead_size") == 4 and sample(m, "docent_bulkhead_in_use") == 0


def test_metrics_hold_no_visitor_text_and_need_the_token(run: Run) -> None:
    for question in QUESTIONS:
        assert question not in run.exposition and question.split()[-1].rstrip("?") not in run.exposition
    assert TOKEN not in run.exposition
    assert run.refused_public.status_code == 401 and run.wrong_token.status_code == 401
    assert "DOCENT_METRICS_TOKEN" in run.refused_public.json()["error"]["message"]


def test_the_report_gives_the_days_figures(run: Run, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["report", "--json", "--state-dir", str(run.state), "--bundle", str(BUNDLE)]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["from"] == figures["to"] == day_of(__import__("time").time())
    assert (figures["questions"], figures["answered"], figures["unanswered"]) == (3, 1, 1)
    assert figures["refused"] == {"pay": 1} and figures["errors"] == {}
    assert figures["held"] == {"unknown_term": 1}
    assert figures["missing_terms"] == {"Rust": 1}
    assert figures["cited_most"][0] == {"id": "lab-leak", "title": figures["cited_most"][0]["title"], "times": 2}
    assert "lab-leak" not in figures["never_cited"] and "roles-alderway-leading" in figures["never_cited"]
    assert figures["cost_usd"] == pytest.approx(3 * CALL_USD)
    assert figures["cache_share"] == pytest.approx(27_000 / 30_000)
    assert figures["first_word_ms"] is not None
    record = (run.state / "counts.sqlite3").read_bytes()
    for question in QUESTIONS:
        assert question.encode() not in record


def test_the_plain_report_reads_as_words(run: Run, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["report", "--week", "--state-dir", str(run.state), "--bundle", str(BUNDLE)]) == 0
    out = capsys.readouterr().out
    assert "Questions: 3; answered 1, left unanswered (the record has nothing on them) 1" in out
    assert "Terms the record never names (held): Rust: 1" in out
    assert "Refused: pay: 1" in out


def test_a_report_without_counts_says_where_they_would_be(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["report", "--state-dir", str(tmp_path)]) == 1
    assert "DOCENT_STATE_DIR" in capsys.readouterr().out


# health and readiness


@pytest.mark.anyio
async def test_health_answers_while_ready_waits_for_the_bundle_and_the_store(tmp_path: Path) -> None:
    class DownStorage:
        async def check(self) -> bool:
            raise ConnectionError("no store")

    async with client(create_app(settings(bundle=tmp_path / "missing.json"))) as http:
        assert (await http.get("/api/guide/health")).json() == {"status": "alive"}
        not_ready = await http.get("/api/guide/ready")
        assert not_ready.status_code == 503 and not_ready.json()["problems"] == ["no_bundle"]
    app = create_app(settings())
    async with client(app) as http:
        assert (await http.get("/api/guide/ready")).status_code == 200
        app.state.store.limiter_storage = DownStorage()
        down = await http.get("/api/guide/ready")
        assert down.status_code == 503 and down.json()["problems"] == ["store_unavailable"]


# the degraded guide


@pytest.mark.anyio
async def test_a_spent_budget_hands_the_answer_to_the_offline_model(tmp_path: Path) -> None:
    model = priced_model(tmp_path, SCRIPT, budget_usd=0.0)
    async with client(create_app(settings(), model_factory=lambda s: model)) as http:
        status = (await http.get("/api/guide")).json()
        assert (status["on"], status["degraded"], status["model"], status["offline"]) == (True, "budget_spent", "offline", True)
        answer = await ask(http, await open_conversation(http), "What does the lab show about the heap?")
    assert answer[-1][0] == "done" and answer[-1][1]["model"] == "offline"


@pytest.mark.anyio
async def test_an_owner_who_turns_degrading_off_gets_the_guide_off_instead(tmp_path: Path) -> None:
    model = priced_model(tmp_path, SCRIPT, budget_usd=0.0)
    async with client(create_app(settings(degrade=False), model_factory=lambda s: model)) as http:
        status = (await http.get("/api/guide")).json()
        assert (status["on"], status["why"], status["degraded"]) == (False, "budget_spent", None)
        assert (await http.post("/api/guide/challenge", json={"purpose": "guide"})).status_code == 503


@pytest.mark.anyio
async def test_repeated_upstream_failures_open_the_circuit_and_the_offline_model_answers(tmp_path: Path) -> None:
    model = priced_model(tmp_path, [{"question": ".", "calls": [[{"error": "overloaded"}]]}])
    request = ModelRequest([], [], [{"role": "user", "content": "anything"}])
    async with client(create_app(settings(), model_factory=lambda s: model)) as http:
        for _ in range(1, model.circuit.failures + 1):
            assert (await http.get("/api/guide")).json()["degraded"] is None
            with pytest.raises(Exception, match="overload"):
                async for _ in model.stream(request):
                    pass
        status = (await http.get("/api/guide")).json()
        assert (status["degraded"], status["model"]) == ("model_down", "offline")
        model.circuit.succeeded()  # the pause over, one call got through
        assert (await http.get("/api/guide")).json()["degraded"] is None


# proof of work under pressure


def test_difficulty_rises_from_a_fifth_of_an_address_own_limits_and_from_half_of_everyones() -> None:
    own = [difficulty(p / 20, 0.0, calm=250_000, top=1_000_000) for p in range(0, 21)]
    everyone = [difficulty(0.0, p / 20, calm=250_000, top=1_000_000) for p in range(0, 21)]
    assert own[:5] == [250_000] * 5 and everyone[:11] == [250_000] * 11  # an address's own use rises first
    assert all(a < b for a, b in zip(own[4:], own[5:], strict=False))
    assert all(a < b for a, b in zip(everyone[10:], everyone[11:], strict=False))
    assert own[-1] == everyone[-1] == 1_000_000
    assert difficulty(0.6, 0.75, calm=250_000, top=1_000_000) == 500_000  # the harder term wins: halfway up each
    assert difficulty(3.0, 3.0, calm=250_000, top=1_000_000) == 1_000_000
    assert difficulty(-1.0, -1.0, calm=250_000, top=1_000_000) == 250_000


async def _maxnumber(http: httpx.AsyncClient) -> int:
    return int((await http.post("/api/guide/challenge", json={"purpose": "guide"})).json()["maxnumber"])


def _from(app: Any, address: str) -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app, client=(address, 4000)), base_url="http://guide.test")


@pytest.mark.anyio
async def test_challenges_get_harder_as_the_spend_or_the_overall_rate_nears_its_limit(tmp_path: Path) -> None:
    model = priced_model(tmp_path, SCRIPT, budget_usd=1.0)
    app = create_app(settings(rate_overall="10/hour", rate_start="1000/minute"), model_factory=lambda s: model)

    async with client(app) as http:
        assert await _maxnumber(http) == 40
        reservation = model.budget.store.reserve(model.budget.day(), 0.9, 1.0)
        assert reservation is not None
        assert 40 < await _maxnumber(http) < 400
        model.budget.store.settle(reservation, 0.0)  # the call cost nothing after all
        assert await _maxnumber(http) == 40
        for n in range(10):  # ten addresses, each within its share
            await app.state.limits.question(address=f"10.0.0.{n}", conversation=f"c{n}")
        assert await _maxnumber(http) == 400


@pytest.mark.anyio
async def test_one_address_bursting_raises_its_own_difficulty_and_not_another_visitors(tmp_path: Path) -> None:
    model = priced_model(tmp_path, SCRIPT, budget_usd=1.0)
    app = create_app(settings(rate_overall="200/hour", rate_start="10/minute", rate_address="1000/minute"), model_factory=lambda s: model)
    async with _from(app, "203.0.113.9") as burst, _from(app, "198.51.100.7") as honest:
        for n in range(100):  # half the overall limit, from one address
            await app.state.limits.question(address="203.0.113.9", conversation=f"c{n}")
        rising = [await _maxnumber(burst) for _ in range(9)]
        assert rising[:2] == [40, 40] and rising[-1] > 200  # its first two a minute are calm, then it pays
        assert all(a <= b for a, b in zip(rising, rising[1:], strict=False))
        assert await _maxnumber(honest) == 40  # the other visitor's first challenge stays calm
        for n in range(5):  # five more addresses, each near its share (20): now it is everyone's load
            for m in range(19):
                await app.state.limits.question(address=f"192.0.2.{n}", conversation=f"d{n}-{m}")
        assert await _maxnumber(honest) > 40


@pytest.mark.anyio
async def test_a_spent_budget_raises_no_difficulty_while_the_offline_model_answers_for_free(tmp_path: Path) -> None:
    model = priced_model(tmp_path, SCRIPT, budget_usd=1.0)
    app = create_app(settings(rate_start="1000/minute"), model_factory=lambda s: model)
    async with client(app) as http:
        reservation = model.budget.store.reserve(model.budget.day(), 0.9, 1.0)
        assert reservation is not None
        assert await _maxnumber(http) > 40  # a paid model answers, nine tenths of the budget gone
        model.budget.store.settle(reservation, 2.0)  # the day's budget spent: the offline model stands in
        assert (await http.get("/api/guide")).json()["degraded"] == "budget_spent"
        assert await _maxnumber(http) == 40


# metrics on their own address


@pytest.mark.anyio
async def test_metrics_on_their_own_address(tmp_path: Path) -> None:
    port = free_port()
    app = create_app(settings(metrics=("127.0.0.1", port), metrics_token=None))
    async with served(app):
        async with httpx.AsyncClient() as http:
            scraped = await http.get(f"http://127.0.0.1:{port}/metrics")
    assert scraped.status_code == 200 and "docent_questions_total 0.0" in scraped.text
    with pytest.raises(httpx.ConnectError):
        httpx.get(f"http://127.0.0.1:{port}/metrics")  # closed with the app


# logs


def test_json_logs_are_one_object_a_line_without_visitor_text(tmp_path: Path) -> None:
    env = {"DOCENT_LOG_FORMAT": "json", "DOCENT_ENABLED": "1", "DOCENT_BUNDLE": str(BUNDLE)}
    with sidecar_process(env) as (base, process):
        assert httpx.get(f"{base}/api/guide/health").status_code == 200
        httpx.post(f"{base}/api/guide/questions", json={"conversation": "x" * 22, "question": "My secret question"})
        process.terminate()
        out, err = process.communicate(timeout=10)  # the banner was read: the access log follows it on stdout
    lines = [json.loads(line) for line in (out + err).splitlines() if line.strip()]
    assert lines and all({"time", "level", "logger", "message"} <= set(line) for line in lines)
    assert any("GET /api/guide/health" in line["message"] for line in lines)
    assert "My secret question" not in out + err


# several processes


def test_the_metrics_of_several_processes_add_up(tmp_path: Path) -> None:
    """Two sidecars on one host (as two workers would) share PROMETHEUS_MULTIPROC_DIR; a scrape of either sums both."""
    shared = tmp_path / "prometheus"
    shared.mkdir()
    base_env = {"DOCENT_ENABLED": "1", "DOCENT_BUNDLE": str(BUNDLE), "DOCENT_METRICS_TOKEN": TOKEN,
                "PROMETHEUS_MULTIPROC_DIR": str(shared), "DOCENT_POW_MAXNUMBER": "1000", "DOCENT_BULKHEAD": "4"}
    with sidecar_process({**base_env, "DOCENT_STATE_DIR": str(tmp_path / "a")}) as (first, _), \
            sidecar_process({**base_env, "DOCENT_STATE_DIR": str(tmp_path / "b")}) as (second, _):
        for base in (first, second):
            with httpx.Client(base_url=base, timeout=20) as http:
                challenge = http.post("/api/guide/challenge", json={"purpose": "guide"}).json()
                token = http.post("/api/guide/conversations", json={"proof": solve(challenge)}).json()["conversation"]
                answer = http.post("/api/guide/questions", json={"conversation": token, "question": "What does the lab show?"})
                assert "event: done" in answer.text
        scraped = httpx.get(f"{first}/api/guide/metrics", headers={"Authorization": f"Bearer {TOKEN}"}).text
    assert sample(scraped, "docent_questions_total") == 2
    answers = [s.value for f in text_string_to_metric_families(scraped) for s in f.samples if s.name == "docent_answers_total"]
    assert sum(answers) == 2  # the counts of an answer each process tallied, written at once
    assert sample(scraped, "docent_pow_challenges_total", state="solved") == 2
    assert sample(scraped, "docent_bulkhead_size") == 8  # four places in each


def test_each_metrics_labelled_counts_are_its_own_made_once_or_not() -> None:
    """The children are kept per metric and label values (`Metrics._child`): the same values of two metrics, and
    two values of one, are counted apart, and counted again where they were."""
    from docent.sidecar.metrics import Metrics
    from docent.sidecar.model.port import Usage
    from docent.sidecar.tally import Tally

    metrics = Metrics()
    for _ in range(2):
        metrics.answered(Tally(question=True, outcome="answered", shown=2, held=["number"], actions=["number"]))
        metrics.called("m-1", Usage(input_tokens=5, output_tokens=5), 0.5, None)
    metrics.called("m-2", Usage(input_tokens=7), 0.0, "timed_out")
    m = metrics.exposition().decode()
    assert sample(m, "docent_answers_total", outcome="answered", reason="") == 2
    assert sample(m, "docent_sentences_total", fate="shown") == 4
    assert sample(m, "docent_sentences_total", fate="held", reason="number") == 2
    assert sample(m, "docent_actions_total", tool="number") == 2
    assert sample(m, "docent_model_tokens_total", model="m-1", kind="input") == 10
    assert sample(m, "docent_model_tokens_total", model="m-1", kind="output") == 10
    assert sample(m, "docent_model_tokens_total", model="m-2", kind="input") == 7
    assert sample(m, "docent_model_calls_total", model="m-2", outcome="timed_out") == 1
    assert sample(m, "docent_spent_dollars_total", model="m-1") == 1.0


def test_a_label_that_is_not_a_code_is_counted_as_other() -> None:
    from docent.sidecar.metrics import Metrics
    from docent.sidecar.tally import Tally

    metrics = Metrics()
    metrics.answered(Tally(question=True, outcome="refused", reason="what is her salary, exactly?"))
    exposition = metrics.exposition().decode()
    assert sample(exposition, "docent_answers_total", outcome="refused", reason="other") == 1
    assert "salary" not in exposition
