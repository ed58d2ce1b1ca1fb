"""The factory stacks metering, bulkhead and budget around each feature's model, or says why it is off."""

from __future__ import annotations

import json

import pytest

from docent.schema import RecordSection as Section
from docent.sidecar.model.anthropic import AnthropicModel
from docent.sidecar.model.models import spec_for
from docent.sidecar.model.openai import OpenAIModel
from docent.sidecar.model.port import BulkheadFull, ModelRequest, Overloaded, TextDelta, Usage
from docent.sidecar.offline import Loaded
from docent.sidecar.spending.factory import (
    ADAPTERS,
    KINDS,
    PARSERS,
    FeatureModel,
    ModelStringError,
    Off,
    Wiring,
    make_adapter,
    make_feature_model,
    parse_model_string,
)
from docent.sidecar.spending.metering import Meter, Metered

from .fakes import REQUEST, SPEC, USAGE, drain, fake_model

RECORD = {"roles-acme": Section("roles-acme", "roles", "Acme", "He led the platform team at Acme.", "/roles/#roles-acme")}


def make(model: str, *, budget_usd: float = 1.0, bulkhead: int = 4, **wiring) -> FeatureModel | Off:
    adapter = make_adapter(model, Wiring(**{"bundle": lambda: Loaded(RECORD), **wiring}))
    return make_feature_model("guide", adapter, budget_usd=budget_usd, bulkhead=bulkhead)


@pytest.mark.parametrize(
    ("model", "says"),
    [
        ("absent", "No model is configured: set DOCENT_MODEL"),
        ("anthropic:claude-haiku-5-5", "No key for anthropic:claude-haiku-5-5: set ANTHROPIC_API_KEY"),
        ("anthropic:claude-opus-9", "Unknown model 'claude-opus-9': use one of claude-haiku-5-5"),
        ("gpt", "names no model: use one of offline, anthropic:<model id>"),
        ("replay:/nowhere/script.json", "No replay script at /nowhere/script.json"),
    ],
)
def test_a_feature_that_cannot_have_its_model_is_off_and_says_why(model, says):
    off = make(model)
    assert isinstance(off, Off) and says in off.reason


def test_model_strings_parse_to_their_adapters():
    assert parse_model_string("openai:http://localhost:11434/v1#llama3.2").model == "llama3.2"
    assert parse_model_string("anthropic:claude-sonnet-5-5").target == "claude-sonnet-5-5"
    with pytest.raises(ModelStringError):
        parse_model_string("openai:localhost")
    anthropic = make("anthropic:claude-haiku-5-5", api_key="sk-test")
    assert isinstance(anthropic, FeatureModel) and isinstance(anthropic.adapter, AnthropicModel)
    assert anthropic.spec.id == "claude-haiku-5-5" and anthropic.adapter.api_key == "sk-test"
    openai = make("openai:http://localhost:8080/v1#qwen")
    assert isinstance(openai, FeatureModel) and isinstance(openai.adapter, OpenAIModel)
    assert openai.spec.id == "qwen" and openai.adapter.url == "http://localhost:8080/v1/chat/completions"


def test_every_kind_has_one_reader_and_one_builder_and_a_misshapen_string_names_no_model():
    assert set(PARSERS) == set(ADAPTERS) == {kind.partition(":")[0] for kind in KINDS}
    assert parse_model_string(" offline ").kind == "offline" and parse_model_string("absent").kind == "absent"
    assert parse_model_string("replay:run.json#claude-haiku-5-5").model == "claude-haiku-5-5"
    for value in ("offline:x", "absent:now", "anthropic:", "replay:", "replay:#claude-haiku-5-5", "openai:ftp://h#m",
                  "openai:http://h#", "unknown:thing", "replay:a#b.json"):
        with pytest.raises(ModelStringError, match="names no model|Unknown model"):
            parse_model_string(value)


@pytest.mark.anyio
async def test_the_offline_feature_answers_and_reports_its_status():
    feature = make("offline")
    assert isinstance(feature, FeatureModel) and feature.spec.offline
    request = ModelRequest(system=[], tools=[], messages=[{"role": "user", "content": "<question>Has he led a team?</question>"}])
    events = await drain(feature.stream(request))
    assert "[[roles-acme]]" in "".join(e.text for e in events if isinstance(e, TextDelta))
    status = feature.status()
    assert status["model"] == "offline" and status["offline"] is True
    assert status["meter"]["calls"] == 1 and status["meter"]["cost_usd"] == 0
    assert status["bulkhead"] == {"size": 4, "in_use": 0}
    assert feature.degraded() is None  # the offline model is free: no budget to spend, no circuit to open


@pytest.mark.anyio
async def test_the_replay_feature_logs_each_request(tmp_path):
    script = tmp_path / "script.json"
    script.write_text(json.dumps({"replies": [{"question": "team", "calls": [[{"text": "Yes. [[roles-acme]]"}]]}]}))
    log = tmp_path / "sent.jsonl"
    feature = make(f"replay:{script}", replay_log=log)
    request = ModelRequest(system=[], tools=[], messages=[{"role": "user", "content": "<question>team?</question>"}])
    await drain(feature.stream(request))
    assert json.loads(log.read_text())["messages"] == request.messages


@pytest.mark.anyio
async def test_a_replay_priced_as_a_table_model_spends_the_budget_as_that_model_would(tmp_path):
    script = tmp_path / "script.json"
    usage = {"input_tokens": 2000, "output_tokens": 300}
    script.write_text(json.dumps({"replies": [{"question": "team", "calls": [[{"text": "Yes. [[roles-acme]]"}]], "usage": usage}]}))
    assert make(f"replay:{script}").spec.cost(Usage(2000, 300)) == 0  # unpriced, it is free
    feature = make(f"replay:{script}#claude-haiku-5-5")
    assert isinstance(feature, FeatureModel) and feature.spec.id == "replay#claude-haiku-5-5"
    request = ModelRequest(system=[], tools=[], messages=[{"role": "user", "content": "<question>team?</question>"}])
    await drain(feature.stream(request))
    assert feature.budget.spent_usd() == pytest.approx(spec_for("claude-haiku-5-5").cost(Usage(2000, 300)), abs=1e-9)
    assert feature.budget.spent_usd() > 0
    with pytest.raises(ModelStringError, match="Unknown model 'claude-opus-9'"):
        parse_model_string(f"replay:{script}#claude-opus-9")


@pytest.mark.anyio
async def test_metering_counts_calls_tokens_dollars_and_failures_by_code():
    meter = Meter()
    await drain(Metered(fake_model(), meter=meter, feature="guide").stream(REQUEST))
    with pytest.raises(Overloaded):
        await drain(Metered(fake_model(fail=Overloaded("busy")), meter=meter, feature="guide").stream(REQUEST))
    assert meter.snapshot() == {
        "guide": {
            "calls": 2, "failed": 1, "input_tokens": 2000, "output_tokens": 100, "cache_read_tokens": 0, "cache_write_tokens": 0,
            "cost_usd": pytest.approx(SPEC.cost(USAGE) + 1000 * SPEC.input_per_mtok / 1e6), "failures": {"overloaded": 1},
        }
    }


@pytest.mark.anyio
async def test_a_call_refused_by_the_bulkhead_reserves_nothing_and_is_metered():
    feature = make("offline", bulkhead=1)
    assert isinstance(feature, FeatureModel)
    request = ModelRequest(system=[], tools=[], messages=[{"role": "user", "content": "<question>team</question>"}])
    first = feature.stream(request)
    await first.__anext__()
    with pytest.raises(BulkheadFull):
        await drain(feature.stream(request))
    await first.aclose()
    tally = feature.meter.snapshot()["guide"]
    assert tally["failures"] == {"busy": 1, "cancelled": 1}
    assert feature.bulkhead.in_use == 0 and feature.budget.spent_usd() == 0
