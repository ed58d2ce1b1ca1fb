"""The sidecar's settings: read once from `DOCENT_*` variables and flags, checked at start, with fixes in the errors."""

from __future__ import annotations

import importlib.util
import logging
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from .settings_read import Network
from .settings_read import Reader as _Reader

logger = logging.getLogger("docent.sidecar")


class SettingsError(Exception):
    """One or more settings are wrong; the message lists each with how to fix it."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("Docent cannot start:\n" + "\n".join(f"  - {p}" for p in problems))


Read = Callable[["_Reader", str, Any], Any]  # (the reader, the variable, the default) -> the value


def env(variable: str, read: Read, default: Any = None, *, secret: bool = False) -> Any:
    """A setting read from `variable` by `read`, with its default: the one place each is declared."""
    return field(default=default, repr=not secret, metadata={"variable": variable, "read": read})


def switch(reader: _Reader, variable: str, default: bool) -> bool:
    return reader.boolean(variable, default)


def whole(minimum: int) -> Read:
    return lambda reader, variable, default: reader.number(variable, default, int, minimum=minimum)


def amount(minimum: float) -> Read:
    return lambda reader, variable, default: reader.number(variable, default, float, minimum=minimum)


def rate(reader: _Reader, variable: str, default: str) -> str:
    return reader.rate(variable, default)


def text(reader: _Reader, variable: str, default: str) -> str:
    return reader.env.get(variable, "").strip() or default


def key(reader: _Reader, variable: str, default: None) -> str | None:
    return reader.env.get(variable) or None


def url(reader: _Reader, variable: str, default: None) -> str | None:
    return reader.env.get(variable, "").strip() or None


def path(reader: _Reader, variable: str, default: Path | None) -> Path | None:
    raw = reader.env.get(variable)
    return Path(raw) if raw else default


def read_state_dir(reader: _Reader, variable: str, default: None) -> Path:
    raw = reader.env.get(variable)
    return Path(raw) if raw else default_state_dir(reader.env)


def read_log_format(reader: _Reader, variable: str, default: str) -> str:
    value = reader.env.get(variable, default).strip().lower() or default
    if value not in {"text", "json"}:
        reader.problems.append(f"{variable}={value!r}: write text or json.")
        return default
    return value


def read_address(reader: _Reader, variable: str, default: None) -> tuple[str, int] | None:
    return reader.address(variable)


def read_origins(reader: _Reader, variable: str, default: tuple[str, ...]) -> tuple[str, ...]:
    return reader.origins(variable)


def read_networks(reader: _Reader, variable: str, default: tuple[Network, ...]) -> tuple[Network, ...]:
    return reader.networks(variable)


def read_hosts(reader: _Reader, variable: str, default: tuple[str, ...]) -> tuple[str, ...]:
    return reader.hosts(variable)


@dataclass(frozen=True)
class Settings:
    """Everything the sidecar is told at start; nothing here changes while it runs. A setting read from the
    environment is declared once, here: its name, its variable, its parser and its default (`env`)."""

    enabled: bool = env("DOCENT_ENABLED", switch, False)
    # offline | absent | anthropic:<model id> | openai:<base url>#<model> | replay:<path>
    model: str = env("DOCENT_MODEL", text, "offline")
    anthropic_api_key: str | None = env("ANTHROPIC_API_KEY", key, secret=True)
    openai_api_key: str | None = env("OPENAI_API_KEY", key, secret=True)  # for openai:<base url>#<model>, when it needs one
    budget_usd: float = env("DOCENT_BUDGET_USD", amount(0), 1.0)  # the day's budget for the guide
    # Model calls in flight at once; the next is refused, never queued. Seed 002 bounds spending at "two calls".
    bulkhead: int = env("DOCENT_BULKHEAD", whole(1), 2)
    # A model's reading of each sentence the gate would show that cites sections, before it is shown (`answer.checking`):
    # a second, paid check after the gate, off unless switched on. Its model is written as DOCENT_MODEL is (a cheaper
    # one, say); unset, the guide's own. Checks in flight at once across questions: the next waits for a place.
    check_sentences: bool = env("DOCENT_CHECK", switch, False)
    check_model: str | None = env("DOCENT_CHECK_MODEL", url)
    check_places: int = env("DOCENT_CHECK_PLACES", whole(1), 4)
    rate_address: str = env("DOCENT_RATE_ADDRESS", rate, "10/minute")  # questions per client address
    rate_conversation: str = env("DOCENT_RATE_CONVERSATION", rate, "30/hour")  # questions and replies per conversation
    rate_overall: str = env("DOCENT_RATE_OVERALL", rate, "600/hour")  # questions for the whole sidecar
    rate_start: str = env("DOCENT_RATE_START", rate, "10/minute")  # challenges and new conversations per address
    # status, forgetting and the reference per client address (rate limits on everything)
    rate_read: str = env("DOCENT_RATE_READ", rate, "60/minute")
    pow_secret: bytes = field(default_factory=lambda: secrets.token_bytes(32), repr=False)  # DOCENT_POW_SECRET
    pow_secret_made: bool = True  # made for this process: several processes must share one
    pow_maxnumber: int = env("DOCENT_POW_MAXNUMBER", whole(1), 250_000)
    pow_expires_s: int = env("DOCENT_POW_EXPIRES", whole(10), 600)
    origins: tuple[str, ...] = env("DOCENT_ORIGINS", read_origins, ())  # exact origins allowed by CORS; none: same origin
    trust_proxy: tuple[Network, ...] = env("DOCENT_TRUST_PROXY", read_networks, ())  # proxies whose X-Forwarded-For is believed
    bundle: Path = env("DOCENT_BUNDLE", path, Path("docent-bundle.json"))
    site: Path | None = env("DOCENT_SITE", path)
    replay_log: Path | None = env("DOCENT_REPLAY_LOG", path)
    host: str = env("DOCENT_HOST", text, "127.0.0.1")
    port: int = env("DOCENT_PORT", whole(0), 8000)
    workers: int = 1
    conversation_s: int = 1800  # a conversation lives thirty minutes from its start, at most
    questions: int = 12  # questions per conversation
    question_chars: int = 500
    body_bytes: int = 16 * 1024
    max_conversations: int = 10_000  # held at once; beyond it new ones wait for old ones to expire
    # Where the day's spend is kept without Redis (see default_state_dir); None keeps it in memory only,
    # for an app made in code. `from_env` always names one.
    state_dir: Path | None = env("DOCENT_STATE_DIR", read_state_dir)
    redis_url: str | None = env("DOCENT_REDIS_URL", url)  # redis://host:6379/0: the state several sidecars share
    # A second Redis, with persistence, for what must outlive a Redis restart: the day's spend and the counts.
    redis_keep_url: str | None = env("DOCENT_REDIS_KEEP_URL", url)
    # The owner accepts that the conversations' Redis writes them to its disk; the privacy text then says so.
    conversations_on_disk: bool = env("DOCENT_CONVERSATIONS_ON_DISK", switch, False)
    # with Redis: how long a sidecar that died mid-answer keeps its conversation busy
    lease_s: int = env("DOCENT_LEASE_S", whole(1), 10)
    # Running it: metrics, logs, the degraded guide, harder proofs (the counts for `docent report` go in state_dir).
    metrics: tuple[str, int] | None = env("DOCENT_METRICS", read_address)  # a separate address for /metrics, e.g. ("127.0.0.1", 9108)
    # else /api/guide/metrics behind this bearer token
    metrics_token: str | None = env("DOCENT_METRICS_TOKEN", key, secret=True)
    log_format: str = env("DOCENT_LOG_FORMAT", read_log_format, "text")  # text | json
    degrade: bool = env("DOCENT_DEGRADE", switch, True)  # budget spent or model down: the offline model answers, quoting the site
    # the most tries a challenge takes under full pressure
    pow_maxnumber_top: int = env("DOCENT_POW_MAXNUMBER_TOP", whole(1), 1_000_000)
    # The MCP endpoint for coding agents at /mcp (sidecar/agents/): off unless switched on.
    mcp: bool = env("DOCENT_MCP", switch, False)
    # `ask` spends the guide's budget: it can be switched off while the free tools stay on
    mcp_ask: bool = env("DOCENT_MCP_ASK", switch, True)
    mcp_token: str | None = env("DOCENT_MCP_TOKEN", key, secret=True)  # else every agent may call it; agents solve no proof
    mcp_hosts: tuple[str, ...] = env("DOCENT_MCP_HOSTS", read_hosts, ())  # Host headers it answers beside site_url and loopback
    rate_mcp: str = env("DOCENT_RATE_MCP", rate, "30/minute")  # MCP tool calls per client address (the panel's reads: 60/minute)
    rate_mcp_ask: str = env("DOCENT_RATE_MCP_ASK", rate, "3/minute")  # `ask` per client address (the panel's questions: 10/minute)

    @classmethod
    def from_env(cls, env: Mapping[str, str], **flags: Any) -> Settings:
        """Settings from the environment, with command-line flags (those not None) winning; raises SettingsError."""
        reader = _Reader(env)
        values: dict[str, Any] = {
            f.name: f.metadata["read"](reader, f.metadata["variable"], f.default) for f in fields(cls) if "variable" in f.metadata
        }
        secret = env.get("DOCENT_POW_SECRET", "")
        if secret:
            if len(secret) < 16:
                reader.problems.append(
                    "DOCENT_POW_SECRET is shorter than 16 characters: make a long one with "
                    "`python -c 'import secrets; print(secrets.token_hex(32))'`."
                )
            values["pow_secret"], values["pow_secret_made"] = secret.encode(), False
        for name, value in flags.items():
            if value is not None:
                values[name] = Path(value) if name in {"bundle", "site", "replay_log", "state_dir"} else value
        settings = cls(**values)
        problems = reader.problems + settings.check()
        if problems:
            raise SettingsError(problems)
        if settings.pow_secret_made and settings.redis_url:
            # Only sidecars that share their state must share the secret; one process alone is fine with its own.
            logger.warning(
                "DOCENT_POW_SECRET is not set: made one for this process. Sidecars sharing one Redis must share "
                "one: set DOCENT_POW_SECRET to the same long random string in each."
            )
        return settings

    def check(self) -> list[str]:
        """What is wrong with these settings, each with its fix; empty when they can start."""
        return [*self._model_problems(), *self._check_problems(), *self._serving_problems(), *self._redis_problems()]

    def _model_problems(self) -> list[str]:
        problems = []
        from .spending.factory import ModelStringError, parse_model_string

        try:
            choice = parse_model_string(self.model)
        except ModelStringError as exc:
            problems.append(str(exc))
        else:
            if choice.kind == "anthropic" and not self.anthropic_api_key:
                problems.append(
                    f"DOCENT_MODEL={self.model} needs ANTHROPIC_API_KEY: set it to a key from "
                    "https://console.anthropic.com/settings/keys, or use DOCENT_MODEL=offline."
                )
            if choice.kind == "replay" and not Path(choice.target).is_file():
                problems.append(
                    f"DOCENT_MODEL={self.model}: no replay script at {choice.target}; give the path of a replay JSON file."
                )
        return problems

    def _check_problems(self) -> list[str]:
        """The sentence check's settings: on only with a model that writes its own sentences, and one to check with."""
        from .spending.factory import ModelStringError, parse_model_string

        if not self.check_sentences:
            return [] if self.check_model is None else [
                f"DOCENT_CHECK_MODEL={self.check_model} is set, but DOCENT_CHECK is off: set DOCENT_CHECK=1 to check "
                "each sentence with it, or unset DOCENT_CHECK_MODEL."
            ]
        if self.model.strip() in ("offline", "absent"):
            return [
                f"DOCENT_CHECK is on, but DOCENT_MODEL={self.model.strip()}: the embedded offline model is extractive (it "
                "quotes the record's own sentences), so it needs no check, and the absent model answers nothing. Turn "
                "DOCENT_CHECK off, or choose a model that writes its answers (DOCENT_MODEL=anthropic:<model id>)."
            ]
        if self.check_model is None:
            return []
        try:
            choice = parse_model_string(self.check_model)
        except ModelStringError as exc:
            return [str(exc).replace("DOCENT_MODEL", "DOCENT_CHECK_MODEL")]
        if choice.kind in ("offline", "absent"):
            return [f"DOCENT_CHECK_MODEL={self.check_model} cannot judge a sentence: name a model that can "
                    "(anthropic:<model id>, openai:<base url>#<model>, or a replay of recorded verdicts)."]
        if choice.kind == "anthropic" and not self.anthropic_api_key:
            return [f"DOCENT_CHECK_MODEL={self.check_model} needs ANTHROPIC_API_KEY: set it, or check with the guide's model."]
        if choice.kind == "replay" and not Path(choice.target).is_file():
            return [f"DOCENT_CHECK_MODEL={self.check_model}: no file at {choice.target}; give the path of a replay file."]
        return []

    def _serving_problems(self) -> list[str]:
        problems = []
        if self.site is not None and not self.site.is_dir():
            problems.append(f"--site {self.site} is not a directory: build the site first (`mkdocs build`).")
        if not 0 <= self.port <= 65535:
            problems.append(f"The port {self.port} is out of range: use 1 to 65535 (0 picks a free one).")
        if self.pow_maxnumber_top < self.pow_maxnumber:
            problems.append(
                f"DOCENT_POW_MAXNUMBER_TOP={self.pow_maxnumber_top} is below DOCENT_POW_MAXNUMBER={self.pow_maxnumber}: "
                "the top difficulty must be at least the calm one."
            )
        if self.workers < 1:
            problems.append(f"--workers {self.workers}: use at least 1.")
        if self.mcp and importlib.util.find_spec("mcp") is None:
            problems.append(
                "DOCENT_MCP (or --mcp) is on, but the MCP SDK is not installed: "
                "`pip install 'mkdocs-docent[mcp]'` (or `pip install 'mcp>=2,<3'`)."
            )
        return problems

    def _redis_problems(self) -> list[str]:
        problems = []
        if self.redis_url is not None and urlsplit(self.redis_url).scheme not in REDIS_SCHEMES:
            problems.append(
                f"DOCENT_REDIS_URL (or --redis) {self.redis_url!r} is not a Redis address: write redis://host:6379/0 "
                "(rediss:// for TLS, unix:///path/to/redis.sock for a socket)."
            )
        if self.redis_keep_url is not None and urlsplit(self.redis_keep_url).scheme not in REDIS_SCHEMES:
            problems.append(
                f"DOCENT_REDIS_KEEP_URL {self.redis_keep_url!r} is not a Redis address: write redis://host:6380/0."
            )
        if self.redis_keep_url is not None and self.redis_url is None:
            problems.append(
                "DOCENT_REDIS_KEEP_URL is set without DOCENT_REDIS_URL: without Redis the day's spend and the counts "
                "are kept in the state directory; set DOCENT_REDIS_URL too, or unset DOCENT_REDIS_KEEP_URL."
            )
        if self.redis_url is not None and importlib.util.find_spec("redis") is None:
            problems.append(
                "DOCENT_REDIS_URL is set, but the Redis client is not installed: "
                "`pip install 'mkdocs-docent[redis]'` (or `pip install redis`)."
            )
        if self.workers > 1 and self.redis_url is None:
            problems.append(
                f"--workers {self.workers} needs Redis: conversations, used challenges, rate limits and the day's "
                "spend live in one process's memory unless DOCENT_REDIS_URL (or --redis) names a Redis they share. "
                "Set it, or run one worker, which answers hundreds of questions a second."
            )
        return problems


REDIS_SCHEMES = ("redis", "rediss", "unix")


def lasting_url(settings: Settings) -> str | None:
    """The Redis for the day's spend and the counts: the keeping one when set, else the conversations' own."""
    return settings.redis_keep_url or settings.redis_url


def redacted(url: str) -> str:
    """A Redis address for the log, without its password."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    return parts._replace(netloc=f"{parts.username or ''}:***@{parts.hostname}:{parts.port or 6379}").geturl()


def default_state_dir(env: Mapping[str, str]) -> Path:
    """Where the day's spend is kept when DOCENT_STATE_DIR is not set.

    systemd's StateDirectory= first (it sets STATE_DIRECTORY), then $XDG_STATE_HOME/docent, then
    ~/.local/state/docent: the places a service's and a user's lasting state belong.
    """
    if env.get("STATE_DIRECTORY"):
        return Path(env["STATE_DIRECTORY"].split(":")[0])
    if env.get("XDG_STATE_HOME"):
        return Path(env["XDG_STATE_HOME"]) / "docent"
    try:
        home = Path.home()
    except RuntimeError:  # no HOME and no passwd entry: a bare container
        return Path(".docent-state").resolve()
    return home / ".local" / "state" / "docent"
