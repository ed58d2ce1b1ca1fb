"""The public reference against the app: every operation documented and served, every example and answer in shape."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012
from starlette.routing import Route

from docent.sidecar import reference
from docent.sidecar.answer.events import (
    Action,
    Card,
    Cite,
    Code,
    Done,
    Error,
    Held,
    Item,
    Refused,
    Row,
    Sentence,
    Start,
)
from docent.sidecar.operator.client import parse_sse
from docent.sidecar.proof import solve
from docent.sidecar.reference import document
from docent.sidecar.stream import frame

from .appkit import client, make_app

DOC = document()
REGISTRY: Registry = Registry().with_resource("urn:doc", Resource.from_contents(DOC, default_specification=DRAFT202012))


def check(schema: dict[str, Any], instance: Any) -> None:
    """Raise when `instance` does not fit `schema` (a piece of the document, its refs resolved against it)."""
    text = json.dumps(schema).replace('"#/components', '"urn:doc#/components')
    Draft202012Validator(json.loads(text), registry=REGISTRY).validate(instance)


def resolve(node: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in node:
        section, kind, name = node["$ref"].removeprefix("#/").split("/")
        node = DOC[section][kind][name]
    return node


def operations() -> set[tuple[str, str]]:
    return {(path, method.upper()) for path, item in DOC["paths"].items() for method in item}


def test_the_document_is_openapi_3_1_and_every_reference_resolves() -> None:
    assert DOC["openapi"].startswith("3.1")
    refs: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            refs.extend([node["$ref"]] if "$ref" in node else [])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(DOC)
    assert refs
    for ref in refs:
        resolve({"$ref": ref})  # a KeyError names a dangling one
    for schema in DOC["components"]["schemas"].values():
        Draft202012Validator.check_schema(schema)


def test_every_operation_of_the_app_is_documented_and_every_documented_one_is_served(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    served = {
        (route.path, method)
        for route in app.routes
        if isinstance(route, Route)
        for method in (route.methods or set()) - {"HEAD"}
    }
    assert served == operations()


def test_every_example_fits_its_schema() -> None:
    count = 0
    for item in DOC["paths"].values():
        for operation in item.values():
            bodies = [operation.get("requestBody", {})]
            bodies += [resolve(r) for r in operation["responses"].values()]
            for body in bodies:
                for media, content in body.get("content", {}).items():
                    if media != "application/json":
                        continue
                    examples = [e["value"] for e in content.get("examples", {}).values()]
                    examples += [content["example"]] if "example" in content else []
                    for example in examples:
                        check(content["schema"], example)
                        count += 1
    assert count >= 15


EVENTS = [
    Start("q3Jx0cV1mN8bT5wLzA2e9g", 1, "offline"),
    Sentence("He led the platform team.", (Cite("roles-acme", "Acme", "/roles/#roles-acme"),)),
    Sentence("Set follow_redirects=True.", spans=(("code", 4, 25),), item=Item(2), line=True),
    Sentence("Updating a project", line=True, heading=True),  # a heading the answer wrote
    Sentence("Team; Size", line=True, row=Row(((0, 4), (6, 10)), header=True)),  # a table's row
    Code("python", "import httpx\n\nhttpx.get(url)", (Cite("quickstart", "Quickstart", "/quickstart/#quickstart", "Import it."),)),
    Action("show_page", "lab", "Lab", "/lab/"),
    Card("choices", "toolu_01", {"question": "Which?", "options": ["A", "B"]}),
    Held("first_person", "A sentence in the first person was held back."),
    Refused("pay", "The guide does not discuss pay."),
    Error("overloaded", "The model is overloaded: ask again in a minute."),
    Done("offline", first_word_ms=3.2, bundle="abc"),
]


@pytest.mark.parametrize("event", EVENTS, ids=lambda e: e.event)
def test_every_stream_event_is_documented_and_fits_its_schema(event: Any) -> None:
    stream = DOC["paths"]["/api/guide/questions"]["post"]["responses"]["200"]["x-events"]
    (name, data), = parse_sse(frame(event).decode())
    assert name == event.event
    check(stream[name], data)


def test_every_event_name_of_the_stream_is_documented() -> None:
    stream = DOC["paths"]["/api/guide/questions"]["post"]["responses"]["200"]["x-events"]
    assert set(stream) == {e.event for e in EVENTS}


@pytest.mark.anyio
async def test_the_apps_answers_fit_the_documented_responses(tmp_path: Path) -> None:
    seen: list[tuple[str, str, int]] = []

    def fits(path: str, method: str, response: Any) -> None:
        documented = DOC["paths"][path][method.lower()]["responses"]
        assert str(response.status_code) in documented, (path, method, response.status_code)
        spec = resolve(documented[str(response.status_code)])
        seen.append((path, method, response.status_code))
        content = spec.get("content", {})
        if "application/json" in content:
            check(content["application/json"]["schema"], response.json())
        for header in spec.get("headers", {}):
            if header == "Retry-After" and response.status_code == 429:
                assert header.lower() in response.headers

    async with client(make_app(tmp_path, rate_start="4/minute")) as http:
        fits("/api/guide", "GET", await http.get("/api/guide"))
        fits("/api/guide/openapi.json", "GET", await http.get("/api/guide/openapi.json"))
        fits("/api/guide/challenge", "POST", await http.post("/api/guide/challenge", json={"purpose": "guide"}))
        fits("/api/guide/challenge", "POST", await http.post("/api/guide/challenge", json={"purpose": "other"}))
        challenge = (await http.post("/api/guide/challenge", json={"purpose": "guide"})).json()
        opened = await http.post("/api/guide/conversations", json={"proof": solve(challenge)})
        fits("/api/guide/conversations", "POST", opened)
        token = opened.json()["conversation"]
        fits("/api/guide/conversations", "POST", await http.post("/api/guide/conversations", json={"proof": "eA=="}))
        fits("/api/guide/conversations", "POST", await http.post("/api/guide/conversations", content=b"{", headers={"content-type": "application/json"}))
        fits("/api/guide/conversations", "POST", await http.post("/api/guide/conversations", content=b"{}", headers={"content-type": "text/plain"}))
        fits("/api/guide/challenge", "POST", await http.post("/api/guide/challenge", json={"purpose": "guide"}))  # 429
        answer = await http.post("/api/guide/questions", json={"conversation": token, "question": "Has he led a team?"})
        fits("/api/guide/questions", "POST", answer)
        stream = DOC["paths"]["/api/guide/questions"]["post"]["responses"]["200"]["x-events"]
        for name, data in parse_sse(answer.text):
            check(stream[name], data)
        fits("/api/guide/questions", "POST", await http.post("/api/guide/questions", json={"conversation": "B" * 22, "question": "x"}))
        fits("/api/guide/questions", "POST", await http.post("/api/guide/questions", json={"conversation": token, "question": "x" * 501}))
        fits("/api/guide/questions", "POST", await http.post("/api/guide/questions", content=b"x" * 20000, headers={"content-type": "application/json"}))
        fits("/api/guide/conversations", "DELETE", await http.request("DELETE", "/api/guide/conversations", json={"conversation": token}))
    statuses = {status for _, _, status in seen}
    assert {200, 201, 204, 400, 403, 404, 413, 415, 422, 429} <= statuses


@pytest.mark.anyio
async def test_the_reference_is_served_as_shipped(tmp_path: Path) -> None:
    async with client(make_app(tmp_path)) as http:
        response = await http.get("/api/guide/openapi.json")
    assert response.headers["content-type"] == "application/json"
    assert response.json() == DOC



_KEYS = ["conversation", "question", "reply", "screen", "failed", "proof", "purpose", "call", "pick", "approved",
         "page", "section", "fields", "running", "x"]
_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
    | st.sampled_from(["A" * 22, "A" * 22 + "\n", "", "guide", "x" * 501, "é" * 500, "\ud800"]) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=2) | st.dictionaries(st.sampled_from(_KEYS), inner, max_size=3),
    max_leaves=6,
)
_FITTING = {  # a body that fits each schema, for the changes below to start from
    "QuestionRequest": {"conversation": "A" * 22, "question": "Why?", "screen": {"page": None}},
    "ConversationRequest": {"proof": "x"},
    "ChallengeRequest": {"purpose": "guide"},
    "ForgetRequest": {"conversation": "A" * 22},
}


@settings(max_examples=150, deadline=None)
@given(schema=st.sampled_from(sorted(_FITTING)), changes=st.dictionaries(st.sampled_from(_KEYS), _VALUES, max_size=2),
       dropped=st.sets(st.sampled_from(_KEYS), max_size=1))
def test_the_fast_check_never_takes_a_body_jsonschema_refuses(
    schema: str, changes: dict[str, Any], dropped: set[str]
) -> None:
    """`problem` takes what jsonschema-rs takes without asking jsonschema: sound only if every body the fast check
    takes, jsonschema takes too (jsonschema still words, and decides, every refusal)."""
    body = {k: v for k, v in {**_FITTING[schema], **changes}.items() if k not in dropped}
    try:
        fast = reference._fast(schema).is_valid(body)
    except ValueError:  # a lone surrogate: problem() leaves it to jsonschema
        fast = False
    slow = reference.validator(schema).is_valid(body)
    assert slow or not fast
    assert (reference.problem(schema, body) is None) == slow
