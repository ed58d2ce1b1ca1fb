"""Nothing a visitor typed is logged: a whole conversation at DEBUG, through uvicorn, the real turn and model."""

from __future__ import annotations

import logging
from pathlib import Path

import httpx
import pytest
from httpx_sse import aconnect_sse

from docent.sidecar.app import create_app
from docent.sidecar.operator.client import open_conversation

from ..loopback import served
from .appkit import settings

pytestmark = pytest.mark.anyio

SECRET = "Zanzibar quokka 7731"
LOGGERS = ["", "uvicorn", "uvicorn.error", "uvicorn.access", "docent", "sse_starlette", "httpx", "httpcore", "asyncio"]


class Everything(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


def text_of(record: logging.LogRecord) -> str:
    formatted = logging.Formatter().format(record)  # message, arguments, traceback and stack alike
    return f"{formatted} {record.args!r} {record.__dict__!r}"


async def test_a_conversation_at_debug_leaves_the_question_in_no_log_record(tmp_path: Path) -> None:
    handler = Everything()
    saved = {name: (logging.getLogger(name).level, logging.getLogger(name).propagate) for name in LOGGERS}
    app = create_app(settings(tmp_path, model="offline"))  # the real turn, policy and offline model
    async with served(app, log_level="trace") as base:
        for name in LOGGERS:  # after uvicorn configured its loggers, so that ours listens too
            logging.getLogger(name).setLevel(logging.DEBUG)
            logging.getLogger(name).addHandler(handler)
            logging.getLogger(name).propagate = False
        try:
            async with httpx.AsyncClient(base_url=base) as http:
                token = await open_conversation(http)
                asked = [
                    f"Has he led a platform team? {SECRET}",
                    f"What is his salary? {SECRET}",  # refused by rule
                    f"Tell me about the leak. {SECRET}",
                ]
                for question in asked:
                    body = {"conversation": token, "question": question}
                    async with aconnect_sse(http, "POST", "/api/guide/questions", json=body) as source:
                        events = [event.event async for event in source.aiter_sse()]
                    assert events[0] == "start" and events[-1] == "done"
                too_long = await http.post("/api/guide/questions", json={"conversation": token, "question": SECRET * 40})
                assert too_long.status_code == 422
                await http.request("DELETE", "/api/guide/conversations", json={"conversation": token})
        finally:
            for name, (level, propagate) in saved.items():
                logging.getLogger(name).setLevel(level)
                logging.getLogger(name).removeHandler(handler)
                logging.getLogger(name).propagate = propagate
    assert any(r.name.startswith("uvicorn") for r in handler.records)  # the loggers were listening
    leaked = [text_of(r) for r in handler.records if SECRET.lower() in text_of(r).lower()]
    assert leaked == []
