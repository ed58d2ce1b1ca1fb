"""What Anthropic's Models API says of a model, and the prompt's exact size from count_tokens.

`GET /v1/models/{id}` gives a model's lifecycle, context, output limit and capabilities (the thinking types and
effort levels it accepts): read them instead of guessing a model's rules. The model table stays the fallback
when there is no key or the API cannot be reached. `POST /v1/messages/count_tokens` counts a request exactly.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable
from dataclasses import dataclass, replace
from typing import Any

import httpx

from .anthropic import API_URL, API_VERSION, status_error
from .port import ModelRequest, ModelSpec, UpstreamFailed
from .wire import anthropic_body

TIMEOUT = httpx.Timeout(10.0, connect=5.0)
# What count_tokens takes of a message request (the SDK's MessageCountTokensParams).
COUNTED = ("model", "system", "tools", "tool_choice", "messages", "thinking", "output_config")


@dataclass(frozen=True)
class ModelFacts:
    """A model as the Models API describes it."""

    id: str
    display_name: str = ""
    lifecycle: str = "active"  # active, deprecated, retired
    max_input_tokens: int | None = None
    max_tokens: int | None = None
    thinking_types: frozenset[str] | None = None  # the thinking.type values it accepts; None: not said
    efforts: frozenset[str] | None = None  # the effort levels it accepts; empty: no effort at all

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ModelFacts:
        capabilities = data.get("capabilities") or {}
        thinking = ((capabilities.get("thinking") or {}).get("types")) or None
        effort = capabilities.get("effort") or None
        efforts = None
        if effort is not None:
            levels = {k for k, v in effort.items() if isinstance(v, dict) and v.get("supported")}
            efforts = frozenset(levels if effort.get("supported") else ())
        return cls(
            id=str(data.get("id", "")),
            display_name=str(data.get("display_name") or ""),
            lifecycle=str(data.get("lifecycle") or "active"),
            max_input_tokens=data.get("max_input_tokens"),
            max_tokens=data.get("max_tokens"),
            thinking_types=frozenset(k for k, v in thinking.items() if (v or {}).get("supported")) if thinking else None,
            efforts=efforts,
        )


def _headers(api_key: str) -> dict[str, str]:
    return {"x-api-key": api_key, "anthropic-version": API_VERSION, "content-type": "application/json"}


async def read_facts(
    spec: ModelSpec, *, api_key: str, client: httpx.AsyncClient, base_url: str = API_URL
) -> ModelFacts:
    """`GET /v1/models/{id}`; raises the port's errors, mapped as the adapter maps them."""
    url = f"{base_url.rstrip('/')}/v1/models/{spec.id}"
    response = await _answer(client.get(url, headers=_headers(api_key), timeout=TIMEOUT), spec,
                             failing=f"The Models API at {url} could not be read")
    return ModelFacts.from_json(response.json())


async def count_tokens(
    request: ModelRequest, spec: ModelSpec, *, api_key: str, client: httpx.AsyncClient, base_url: str = API_URL
) -> int:
    """The exact input tokens of `request` as the adapter would send it (`POST /v1/messages/count_tokens`)."""
    body = anthropic_body(request, spec)
    counted = {key: body[key] for key in COUNTED if key in body}
    url = f"{base_url.rstrip('/')}/v1/messages/count_tokens"
    sent = client.post(url, content=json.dumps(counted).encode(), headers=_headers(api_key), timeout=TIMEOUT)
    response = await _answer(sent, spec, failing=f"count_tokens at {url} could not be reached")
    return int(response.json()["input_tokens"])


async def _answer(sent: Awaitable[httpx.Response], spec: ModelSpec, *, failing: str) -> httpx.Response:
    """An endpoint's 200 answer; a transport failure raised as UpstreamFailed, any other answer as the adapter maps it."""
    try:
        response = await sent
    except httpx.TransportError as exc:
        raise UpstreamFailed(f"{failing} ({exc!r}): check the network.") from exc
    if response.status_code != 200:
        raise status_error(response, spec)
    return response


def informed(spec: ModelSpec, facts: ModelFacts) -> ModelSpec:
    """The table's row with what the API says: its context, and thinking and effort settings the model accepts."""
    thinking = spec.thinking_off
    if facts.thinking_types is not None and thinking is not None and thinking.get("type") not in facts.thinking_types:
        # What turns thinking off where the table's way would be a 400; omitting the field is the last resort.
        off = next((t for t in ("disabled", "between_tools") if t in facts.thinking_types), None)
        thinking = {"type": off} if off else None
    effort = spec.effort
    if facts.efforts is not None and effort not in facts.efforts:
        effort = "low" if "low" in facts.efforts and spec.effort is not None else None
    return replace(spec, context=facts.max_input_tokens or spec.context, thinking_off=thinking, effort=effort)


def disagreements(spec: ModelSpec, facts: ModelFacts, *, answer_tokens: int) -> list[str]:
    """Where the model table says otherwise than the Models API, each with what follows from it."""
    out = []
    if facts.lifecycle != "active":
        out.append(f"{facts.id} is {facts.lifecycle}: choose an active model before switching the guide on.")
    kind = (spec.thinking_off or {}).get("type")
    if kind and facts.thinking_types is not None and kind not in facts.thinking_types:
        accepted = ", ".join(sorted(facts.thinking_types)) or "none"
        out.append(f"The table sends thinking {kind!r}, which {facts.id} refuses (it accepts {accepted}): "
                   "the sidecar adjusts at start; correct the row in docent.sidecar.model.models.")
    if spec.effort and facts.efforts is not None and spec.effort not in facts.efforts:
        accepted = ", ".join(sorted(facts.efforts)) or "no effort setting"
        out.append(f"The table sends effort {spec.effort!r}, which {facts.id} refuses (it takes {accepted}).")
    if spec.context and facts.max_input_tokens and spec.context != facts.max_input_tokens:
        out.append(f"The table gives a context of {spec.context:,} tokens; the API says {facts.max_input_tokens:,}.")
    if facts.max_tokens is not None and facts.max_tokens < answer_tokens:
        out.append(f"{facts.id} writes {facts.max_tokens} tokens at most, fewer than an answer's {answer_tokens}.")
    return out
