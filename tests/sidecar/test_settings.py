"""Settings: read from DOCENT_* variables and flags, checked at start, each error saying how to fix it."""

from __future__ import annotations

import ipaddress
import logging
from pathlib import Path

import pytest

from docent.sidecar.settings import Settings, SettingsError


def test_the_defaults_are_off_offline_a_dollar_and_the_seeds_numbers() -> None:
    settings = Settings.from_env({"DOCENT_POW_SECRET": "x" * 32})
    assert settings.enabled is False
    assert settings.model == "offline"
    assert settings.budget_usd == 1.0
    assert settings.bulkhead == 2  # seed 002: "the day's budget and two calls"
    assert (settings.questions, settings.question_chars, settings.pow_maxnumber) == (12, 500, 250_000)
    assert settings.conversation_s == 1800
    assert settings.bundle == Path("docent-bundle.json")
    assert settings.origins == () and settings.trust_proxy == ()


def test_variables_are_read_and_flags_win_over_them(tmp_path: Path) -> None:
    env = {
        "DOCENT_ENABLED": "0",
        "DOCENT_BUDGET_USD": "2.5",
        "DOCENT_BULKHEAD": "8",
        "DOCENT_RATE_ADDRESS": "5/minute",
        "DOCENT_ORIGINS": "https://example.org, http://localhost:8000",
        "DOCENT_TRUST_PROXY": "127.0.0.1,10.0.0.0/8",
        "DOCENT_BUNDLE": "elsewhere.json",
        "DOCENT_POW_SECRET": "a shared secret, long enough",
    }
    settings = Settings.from_env(env, enabled=True, bundle=str(tmp_path / "b.json"), port=9000, site=None)
    assert settings.enabled is True
    assert settings.budget_usd == 2.5 and settings.bulkhead == 8
    assert settings.rate_address == "5/minute"
    assert settings.origins == ("https://example.org", "http://localhost:8000")
    assert ipaddress.ip_address("10.1.2.3") in settings.trust_proxy[1]
    assert settings.bundle == tmp_path / "b.json" and settings.port == 9000
    assert settings.pow_secret == b"a shared secret, long enough" and not settings.pow_secret_made


def test_an_anthropic_model_without_a_key_is_refused_at_start_saying_to_set_it() -> None:
    with pytest.raises(SettingsError) as error:
        Settings.from_env({"DOCENT_MODEL": "anthropic:claude-haiku-5-5", "DOCENT_POW_SECRET": "x" * 32})
    assert "ANTHROPIC_API_KEY" in str(error.value)
    assert "set it" in str(error.value)


def test_an_anthropic_model_with_a_key_starts() -> None:
    settings = Settings.from_env(
        {"DOCENT_MODEL": "anthropic:claude-haiku-5-5", "ANTHROPIC_API_KEY": "sk-test", "DOCENT_POW_SECRET": "x" * 32}
    )
    assert settings.anthropic_api_key == "sk-test"
    assert "sk-test" not in repr(settings)


def test_every_problem_is_listed_at_once_with_its_fix(tmp_path: Path) -> None:
    env = {
        "DOCENT_ENABLED": "maybe",
        "DOCENT_MODEL": "gpt-9",
        "DOCENT_BUDGET_USD": "-1",
        "DOCENT_BULKHEAD": "zero",
        "DOCENT_RATE_OVERALL": "lots",
        "DOCENT_ORIGINS": "*,https://example.org/",
        "DOCENT_TRUST_PROXY": "the proxy",
        "DOCENT_POW_SECRET": "short",
    }
    with pytest.raises(SettingsError) as error:
        Settings.from_env(env)
    text = str(error.value)
    for fix in (
        "DOCENT_ENABLED='maybe' is not a switch: write 1",
        "DOCENT_MODEL='gpt-9' names no model",
        "DOCENT_BUDGET_USD='-1' is not a number of at least 0",
        "DOCENT_BULKHEAD='zero' is not a whole number",
        "DOCENT_RATE_OVERALL='lots' is not a rate",
        "'*' is not an exact origin",
        "'https://example.org/' is not an exact origin",
        "'the proxy' is not an address or network",
        "DOCENT_POW_SECRET is shorter than 16 characters",
    ):
        assert fix in text
    assert len(error.value.problems) == 9


def test_a_missing_replay_script_and_site_are_named(tmp_path: Path) -> None:
    with pytest.raises(SettingsError) as error:
        Settings.from_env({"DOCENT_MODEL": f"replay:{tmp_path}/none.json", "DOCENT_POW_SECRET": "x" * 32}, site=str(tmp_path / "site"))
    assert "no replay script at" in str(error.value)
    assert "is not a directory: build the site first" in str(error.value)


def test_a_secret_made_per_process_is_warned_about_only_where_sidecars_share_their_state(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with caplog.at_level(logging.WARNING, logger="docent.sidecar"):
        settings = Settings.from_env({})  # one process alone: its own secret is all it needs
    assert settings.pow_secret_made and len(settings.pow_secret) == 32
    assert "DOCENT_POW_SECRET" not in caplog.text
    with caplog.at_level(logging.WARNING, logger="docent.sidecar"):
        Settings.from_env({"DOCENT_REDIS_URL": "redis://127.0.0.1:6379/0"})
    assert "DOCENT_POW_SECRET is not set" in caplog.text and "Sidecars sharing one Redis must share one" in caplog.text


def test_several_workers_are_refused_while_state_lives_in_the_process() -> None:
    with pytest.raises(SettingsError) as error:
        Settings.from_env({"DOCENT_POW_SECRET": "s" * 20}, workers=2)
    assert "--workers 2 needs Redis" in str(error.value) and "DOCENT_REDIS_URL (or --redis)" in str(error.value)


def test_several_workers_start_with_redis_named_by_variable_or_flag() -> None:
    env = {"DOCENT_POW_SECRET": "s" * 20, "DOCENT_REDIS_URL": "redis://127.0.0.1:6379/0"}
    assert Settings.from_env(env, workers=2).redis_url == "redis://127.0.0.1:6379/0"
    flagged = Settings.from_env({**env, "DOCENT_REDIS_URL": ""}, workers=3, redis_url="rediss://cache.internal:6380/1")
    assert (flagged.workers, flagged.redis_url) == (3, "rediss://cache.internal:6380/1")


def test_a_redis_address_that_is_not_one_is_refused_with_the_forms_it_takes() -> None:
    with pytest.raises(SettingsError) as error:
        Settings.from_env({"DOCENT_POW_SECRET": "s" * 20, "DOCENT_REDIS_URL": "localhost:6379"})
    assert "is not a Redis address: write redis://host:6379/0" in str(error.value)


def test_the_state_directory_is_the_variable_else_systemds_else_the_users_state_home(tmp_path: Path) -> None:
    secret = {"DOCENT_POW_SECRET": "s" * 20}
    assert Settings.from_env({**secret, "DOCENT_STATE_DIR": str(tmp_path)}).state_dir == tmp_path
    assert Settings.from_env({**secret, "STATE_DIRECTORY": "/var/lib/docent:/var/lib/other"}).state_dir == Path("/var/lib/docent")
    assert Settings.from_env({**secret, "XDG_STATE_HOME": "/home/owner/.state"}).state_dir == Path("/home/owner/.state/docent")
    assert Settings.from_env(secret).state_dir == Path.home() / ".local" / "state" / "docent"
    assert Settings().state_dir is None  # an app made in code keeps the day's spend in memory unless told


# The sentence check (answer/checking.py): off by default, refused at start where it cannot work.
KEYED = {"DOCENT_POW_SECRET": "x" * 32, "ANTHROPIC_API_KEY": "sk-test"}


def test_the_sentence_check_is_off_by_default_and_checks_with_the_guides_model_when_on() -> None:
    assert Settings.from_env(KEYED).check_sentences is False
    on = Settings.from_env({**KEYED, "DOCENT_MODEL": "anthropic:claude-sonnet-5-5", "DOCENT_CHECK": "1"})
    assert on.check_sentences is True and on.check_model is None and on.check_places == 4
    cheaper = Settings.from_env({**KEYED, "DOCENT_MODEL": "anthropic:claude-sonnet-5-5", "DOCENT_CHECK": "1",
                                 "DOCENT_CHECK_MODEL": "anthropic:claude-haiku-5-5", "DOCENT_CHECK_PLACES": "8"})
    assert cheaper.check_model == "anthropic:claude-haiku-5-5" and cheaper.check_places == 8


@pytest.mark.parametrize("model", ["offline", "absent"])
def test_the_sentence_check_with_the_embedded_model_is_refused_at_start_saying_it_needs_none(model: str) -> None:
    with pytest.raises(SettingsError) as error:
        Settings.from_env({**KEYED, "DOCENT_MODEL": model, "DOCENT_CHECK": "1"})
    assert "DOCENT_CHECK" in str(error.value) and "extractive" in str(error.value)


@pytest.mark.parametrize(("env", "said"), [
    ({"DOCENT_CHECK_MODEL": "anthropic:claude-haiku-5-5"}, "DOCENT_CHECK is off"),
    ({"DOCENT_CHECK": "1", "DOCENT_CHECK_MODEL": "gpt:five"}, "DOCENT_CHECK_MODEL='gpt:five' names no model"),
    ({"DOCENT_CHECK": "1", "DOCENT_CHECK_MODEL": "anthropic:claude-nothing"}, "Unknown model"),
    ({"DOCENT_CHECK": "1", "DOCENT_CHECK_MODEL": "offline"}, "cannot judge a sentence"),
    ({"DOCENT_CHECK": "1", "DOCENT_CHECK_MODEL": "replay:/no/such/verdicts.json"}, "no file at /no/such/verdicts.json"),
    ({"DOCENT_CHECK": "maybe"}, "DOCENT_CHECK='maybe' is not a switch"),
    ({"DOCENT_CHECK": "1", "DOCENT_CHECK_PLACES": "0"}, "DOCENT_CHECK_PLACES='0'"),
])
def test_a_sentence_check_setting_that_cannot_work_is_refused_at_start_saying_why(env: dict[str, str], said: str) -> None:
    with pytest.raises(SettingsError) as error:
        Settings.from_env({**KEYED, "DOCENT_MODEL": "anthropic:claude-sonnet-5-5", **env})
    assert said in str(error.value)


def test_a_check_model_of_anthropic_needs_its_key_too() -> None:
    with pytest.raises(SettingsError) as error:
        Settings.from_env({"DOCENT_POW_SECRET": "x" * 32, "DOCENT_MODEL": "openai:http://localhost:11434/v1#llama3.2",
                           "DOCENT_CHECK": "1", "DOCENT_CHECK_MODEL": "anthropic:claude-haiku-5-5"})
    assert "DOCENT_CHECK_MODEL=anthropic:claude-haiku-5-5 needs ANTHROPIC_API_KEY" in str(error.value)
