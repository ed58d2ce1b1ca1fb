"""What an OpenAI-compatible server says of itself: the models it serves and, for llama.cpp's server, its context.

`GET <base>/models` answers on every such server (Ollama, vLLM, llama.cpp, llama-cpp-python). llama.cpp's server
also answers `GET /props` beside `/v1`: each slot's context (`n_ctx`) and what its chat template can do
(`chat_template_caps`: without `supports_tools` the tools are dropped without a word). Read at start and by
`docent preflight`, so that a server that is down, or too small for the prompt, is found before a visitor asks.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import httpx

TIMEOUT = httpx.Timeout(10.0, connect=3.0)


@dataclass(frozen=True)
class ServerFacts:
    """What the server said; None where it says nothing of it (an Ollama or vLLM server has no /props)."""

    url: str
    models: tuple[str, ...] = ()
    error: str | None = None  # why it could not be asked: nothing else is known then
    context: int | None = None  # llama.cpp: each slot's n_ctx
    tools: bool | None = None  # llama.cpp: whether its chat template declares tools
    template: str | None = None  # llama.cpp: the chat template's source

    @property
    def answers(self) -> bool:
        return self.error is None


def _root(base_url: str) -> str:
    base = base_url.rstrip("/")
    return base[: -len("/v1")] if base.endswith("/v1") else base


def _caps(props: dict[str, Any]) -> tuple[int | None, bool | None, str | None]:
    settings = props.get("default_generation_settings") or {}
    context = settings.get("n_ctx")
    caps = props.get("chat_template_caps") or {}
    tools = caps.get("supports_tools")
    template = props.get("chat_template")
    return (context if isinstance(context, int) else None, tools if isinstance(tools, bool) else None,
            template if isinstance(template, str) else None)


async def read_server(base_url: str, *, client: httpx.AsyncClient, api_key: str | None = None) -> ServerFacts:
    """The server's models and, where it is llama.cpp's, its context and template; `error` says why not."""
    url = base_url.rstrip("/")
    headers = {"authorization": f"Bearer {api_key}"} if api_key else {}
    try:
        response = await client.get(f"{url}/models", headers=headers, timeout=TIMEOUT)
    except httpx.HTTPError as exc:
        return ServerFacts(url, error=f"GET {url}/models failed ({exc!r}): is the server running, on that address?")
    if response.status_code != 200:
        return ServerFacts(url, error=f"GET {url}/models answered {response.status_code}: {response.text[:200]}")
    try:
        data = response.json().get("data") or []
        models = tuple(str(m.get("id", "")) for m in data if isinstance(m, dict))
    except (ValueError, AttributeError):
        return ServerFacts(url, error=f"GET {url}/models answered with no model list: is this an OpenAI-compatible server?")
    try:
        props = await client.get(f"{_root(url)}/props", headers=headers, timeout=TIMEOUT)
        context, tools, template = _caps(props.json()) if props.status_code == 200 else (None, None, None)
    except (httpx.HTTPError, ValueError, AttributeError):
        context, tools, template = None, None, None
    return ServerFacts(url, models, None, context, tools, template)
