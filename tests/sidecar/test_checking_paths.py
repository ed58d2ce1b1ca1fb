"""The model check's promise on each path answer text takes to a visitor (review24b of verify24's answer/checking.py):
a check that answers more than once is read by every answer, a card's words about a page are checked as a cited
sentence is, and a table's header goes out only with a row the check let through."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from docent.sidecar.answer.checking import TOOL_NAME, Checker
from docent.sidecar.model.handler import HandlerModel
from docent.sidecar.model.port import ModelEvent, ModelRequest, Stop, ToolCall, Usage

from .test_checking import PRICED, SHOWN, rig, run, said


def answering(*inputs: Any) -> HandlerModel:
    """A check model that calls `verdict` once for each input given, in order (None: a call whose JSON broke)."""

    async def answer(request: ModelRequest) -> AsyncIterator[ModelEvent]:
        yield Usage(input_tokens=100)
        for n, given in enumerate(inputs):
            yield ToolCall(f"toolu_{n}", TOOL_NAME, given, "")
        yield Stop("tool_use")

    return HandlerModel(answer, spec=PRICED)


@pytest.mark.anyio
async def test_a_check_that_answers_twice_is_held_where_either_answer_says_unsupported(tmp_path: Path) -> None:
    yes, no = {"supported": True, "point": ""}, {"supported": False, "point": "not said"}
    for inputs in ((yes, no), (no, yes)):
        assert said(await run(*rig(tmp_path, Checker(answering(*inputs))))) == [SHOWN[0], *["held:unsupported"] * 4]
    # a second call that is no verdict leaves the check without one
    assert said(await run(*rig(tmp_path, Checker(answering(yes, None))))) == [SHOWN[0], *["held:unchecked"] * 4]
    assert said(await run(*rig(tmp_path, Checker(answering(yes, yes))))) == SHOWN
