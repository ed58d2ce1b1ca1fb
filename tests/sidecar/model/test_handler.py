"""The handler model: a model built from a function, as httpx's MockTransport is; and the model package's imports."""

from __future__ import annotations

import ast
from collections.abc import AsyncIterator
from pathlib import Path

import anyio
import pytest

import docent.sidecar.model as model_package
from docent.sidecar.model.handler import HandlerModel
from docent.sidecar.model.port import (
    LanguageModel,
    ModelEvent,
    ModelRequest,
    ModelSpec,
    Overloaded,
    Stop,
    TextDelta,
    Usage,
)

REQUEST = ModelRequest(system=[], tools=[], messages=[{"role": "user", "content": "<question>hi</question>"}])


@pytest.mark.anyio
async def test_an_async_handler_answers_and_every_request_is_kept() -> None:
    async def answer(request: ModelRequest) -> AsyncIterator[ModelEvent]:
        yield Usage(10, 0)
        yield TextDelta(f"{len(request.messages)} message.")
        yield Stop("end_turn")

    model = HandlerModel(answer, spec=ModelSpec("test", input_per_mtok=1.0))
    assert isinstance(model, LanguageModel) and model.spec.id == "test"
    events = [event async for event in model.stream(REQUEST)]
    assert events == [Usage(10, 0), TextDelta("1 message."), Stop("end_turn")]
    await anext(aiter(model.stream(REQUEST)))
    assert model.requests == [REQUEST, REQUEST]
    assert not model.closed
    await model.aclose()
    assert model.closed


@pytest.mark.anyio
async def test_a_plain_function_may_return_a_list_and_a_raise_fails_the_stream() -> None:
    model = HandlerModel(lambda request: [TextDelta("Yes."), Stop("end_turn")])
    assert [event async for event in model.stream(REQUEST)] == [TextDelta("Yes."), Stop("end_turn")]
    assert model.spec == ModelSpec("handler")

    def refuse(request: ModelRequest) -> list[ModelEvent]:
        raise Overloaded("busy")

    failing = HandlerModel(refuse)
    stream = failing.stream(REQUEST)  # nothing is asked until the stream is read, as with an adapter
    assert failing.requests == []
    with pytest.raises(Overloaded):
        await anext(aiter(stream))
    assert failing.requests == [REQUEST]


@pytest.mark.anyio
async def test_closing_the_stream_closes_the_handler_at_once() -> None:
    finished: list[str] = []

    async def endless(request: ModelRequest) -> AsyncIterator[ModelEvent]:
        try:
            while True:
                yield TextDelta("and ")
                await anyio.sleep(0)
        finally:
            finished.append("closed")

    stream = HandlerModel(endless).stream(REQUEST)
    assert await anext(aiter(stream)) == TextDelta("and ")
    await stream.aclose()  # type: ignore[attr-defined]
    assert finished == ["closed"]


def test_the_model_package_imports_nothing_above_it() -> None:
    """A port: the adapters know the wire, never the policy, the turn, the gate or the HTTP edge."""
    above = {"policy", "turn", "gate", "guide", "routes", "app", "stream", "spending", "toolcheck", "tools", "screen"}
    folder = Path(model_package.__file__).parent
    found = []
    for path in sorted(folder.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level >= 2:
                name = (node.module or "").split(".")[0]
                names = [name] if name else [a.name for a in node.names]
                found += [f"{path.name}: ..{n}" for n in names if n in above]
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("docent.sidecar."):
                name = node.module.split(".")[2]
                found += [f"{path.name}: {node.module}"] if name in above else []
    assert found == []
