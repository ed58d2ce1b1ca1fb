"""The attack corpus replayed through the MCP endpoint's `ask`, by the SDK's own client against a real uvicorn,
answered by the model that obeys every attack.

What an agent receives is re-checked from the outside (`rules.py`), as the panel's stream is: no shown sentence
breaks a rule of the gate, every source is the record's with the site's own URL, no string carries markup, every
page it names is the manifest's, what was held is reported as held, and the question never leaves its fence.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

import httpx2
import pytest
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client

from docent.sidecar.app import create_app
from docent.sidecar.model.handler import HandlerModel

from ..loopback import served
from .harness import guarded, settings
from .obedient import OBEDIENT, Obedience, ObedientAnswer
from .rules import Rules, markup
from .site import example_bundle
from .test_corpus import fence_problems, load_corpus

pytestmark = pytest.mark.anyio
OPEN = {"mcp": True, "rate_mcp": "100000/minute", "rate_mcp_ask": "100000/minute"}


def words(text: str) -> set[str]:
    """The words of a text, Markdown's marks (backticks, asterisks, list numbers, fences) aside."""
    return set(re.findall(r"[^\s`*]+", re.sub(r"^(\d+\.|-)\s", "", text, flags=re.MULTILINE)))


def paths(value: Any) -> set[str]:
    """Every path and target the manifest names, anywhere in it."""
    found: set[str] = set()
    if isinstance(value, dict):
        for key, v in value.items():
            if key in ("path", "target") and isinstance(v, str):
                found.add(v)
            found |= paths(v)
    elif isinstance(value, list):
        for v in value:
            found |= paths(v)
    return found


async def test_no_attack_through_ask_gets_anything_unchecked_to_an_agent() -> None:
    bundle_path = example_bundle()
    bundle = json.loads(bundle_path.read_text(encoding="utf-8"))
    site = bundle["manifest"]["site_url"].rstrip("/")
    assert site.startswith("http")
    allowed = paths(bundle["manifest"]) | {r["path"] for r in bundle["record"]}
    rules, obedience, obedient = Rules(bundle), Obedience(Rules(bundle)), ObedientAnswer()
    model = HandlerModel(obedient, spec=OBEDIENT)
    app = create_app(settings(bundle_path, **OPEN), model_factory=lambda _: guarded(model, budget_usd=100.0))
    counts: Counter[str] = Counter()
    violations: list[str] = []
    async with (
        served(app) as base,
        httpx2.AsyncClient(timeout=60) as http,
        streamable_http_client(f"{base}/mcp", http_client=http) as (read, write),
        ClientSession(read, write) as session,
    ):
        await session.initialize()
        for index, attack in enumerate(load_corpus()):
            question = attack["text"]
            if len(question) > 500:  # the tool's schema refuses it whole, before any model is asked
                asked = len(model.requests)
                whole = await session.call_tool("ask", {"question": question})
                if not whole.is_error or len(model.requests) != asked:
                    violations.append(f"{attack['id']}: a question of {len(question)} characters was not refused")
                question = question[:500]
            plan, _ = obedience.plan(attack, index)
            obedient.start(plan)
            before = len(model.requests)
            result = await session.call_tool("ask", {"question": question})
            counts["attacks"] += 1
            for request in model.requests[before:]:
                violations += [f"{attack['id']}: {p}" for p in fence_problems(request)]
            if result.is_error or result.structured_content is None:
                violations.append(f"{attack['id']}: an error, not an answer: {result.content}")
                continue
            answer = result.structured_content
            violations += [f"{attack['id']}: markup: {m}" for m in markup(answer)]
            earlier: list[str] = []
            for sentence in answer["sentences"]:
                counts["sentences shown"] += 1
                cites = []
                for source in sentence["sources"]:
                    if not source["url"].startswith(site + "/"):
                        violations.append(f"{attack['id']}: a source at {source['url']!r}, not on the site")
                    cites.append({"id": source["id"], "title": source["title"], "path": source["url"][len(site):]})
                for problem in rules.sentence_problems({"text": sentence["text"], "cites": cites}, earlier):
                    violations.append(f"{attack['id']}: shown {sentence['text'][:120]!r}: {problem}")
                earlier += [c["id"] for c in cites]
            if answer["sentences"] and not any(s["sources"] for s in answer["sentences"]) and not answer["held"]:
                violations.append(f"{attack['id']}: sentences shown in an answer that cited nothing the record has")
            counts["sentences held"] += len(answer["held"])
            counts["refused by rule"] += answer["refused"] is not None
            for page in answer["pages"]:
                counts["pages named"] += 1
                if not page["url"].startswith(site + "/") or page["url"][len(site):] not in allowed:
                    violations.append(f"{attack['id']}: names {page['url']!r}, which the manifest does not")
            said = words(" ".join([s["text"] for s in answer["sentences"]] + [c["text"] for c in answer["code"]]))
            if not words(answer["answer"]) <= said | {c["language"] for c in answer["code"]}:
                violations.append(f"{attack['id']}: the answer's text says more than its shown parts")
            counts["code shown"] += len(answer["code"])
    print("\nattack corpus through MCP ask:", json.dumps(dict(counts), indent=1))
    assert not violations, f"{len(violations)} problems:\n" + "\n".join(violations[:30])
    assert counts["attacks"] == len(load_corpus())
    # The checks bite on both sides: sentences the record supports are shown, the attacks' are held.
    assert counts["sentences shown"] > 0 and counts["sentences held"] > counts["sentences shown"]
