"""What the sidecar's app tests share: a small bundle, a fake model and a fake turn, injected into `create_app`."""

from __future__ import annotations

import hashlib
import json
from collections.abc import AsyncIterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import anyio
import httpx

from docent.schema import Manifest, Page, plain
from docent.sidecar.answer.conversation import Conversation
from docent.sidecar.answer.events import Cite, Done, Sentence, StreamEvent
from docent.sidecar.app import create_app
from docent.sidecar.model.handler import HandlerModel
from docent.sidecar.model.port import ModelEvent, ModelRequest, ModelSpec
from docent.sidecar.settings import Settings

RECORD = [
    {"id": "roles-acme", "page": "roles", "title": "Acme", "text": "He led the platform team of six at Acme.", "path": "/roles/#roles-acme"},
    {"id": "lab-leak", "page": "lab", "title": "The leak", "text": "A memory leak in the old generation, shown live.", "path": "/lab/#lab-leak"},
]


def write_bundle(
    path: Path,
    *,
    site_name: str = "Example",
    manifest: Manifest | None = None,
    record: list[dict[str, Any]] = RECORD,
    lexicon: list[dict[str, Any]] | None = None,
) -> Path:
    """A bundle file the sidecar loads: this record and manifest (by default a Lab page on a site named `site_name`)."""
    content: dict[str, Any] = {
        "tools": [],
        "system": [{"type": "text", "text": "rules", "cache_control": {"type": "ephemeral"}}],
        "record": record,
        "lexicon": [{"term": "Kafka", "aliases": []}] if lexicon is None else lexicon,
        "manifest": plain(manifest or Manifest(site_name=site_name, pages=(Page("lab", "Lab", "/lab/"),))),
    }
    content["hash"] = hashlib.sha256(json.dumps(content, sort_keys=True).encode()).hexdigest()
    path.write_text(json.dumps(content))
    return path


def loose_settings(**changes: Any) -> Settings:
    """The guide on, with a secret set, an easy proof and limits no test reaches unless it sets its own."""
    base = Settings(
        enabled=True,
        pow_maxnumber=40,
        pow_secret=b"a test secret of some length",
        pow_secret_made=False,
        rate_address="1000/minute",
        rate_conversation="1000/hour",
        rate_overall="1000/hour",
        rate_start="1000/minute",
        rate_read="1000/minute",
    )
    return replace(base, **changes)


def settings(tmp_path: Path, **changes: Any) -> Settings:
    return loose_settings(**{"bundle": write_bundle(tmp_path / "docent-bundle.json"), **changes})


def never_called(request: ModelRequest) -> list[ModelEvent]:
    raise AssertionError("the fake turn never calls the model")


def fake_model(model_id: str = "fake-1", *, offline: bool = True) -> HandlerModel:
    """Never called by the fake turn; it stands where the real one would, with a spec for status and `start`."""
    return HandlerModel(never_called, spec=ModelSpec(model_id, offline=offline))


@dataclass
class FakeTurns:
    """A turn factory: each turn says two sentences and `done`, remembering the question as the real turn would.

    `hold` makes a turn wait before its last sentence until set; `fail` makes it end with an error instead.
    """

    sentences: tuple[str, ...] = ("He led the platform team of six.", "The lab shows a leak.")
    hold: anyio.Event | None = None
    fail: bool = False
    asks: list[Any] = field(default_factory=list)
    cancelled: int = 0
    finished: int = 0

    def __call__(self, *, bundle: Any, model: Any, policy: Any) -> FakeTurn:
        return FakeTurn(self, bundle, model)


class FakeTurn:
    def __init__(self, turns: FakeTurns, bundle: Any, model: Any) -> None:
        self.turns, self.bundle, self.model = turns, bundle, model

    async def run(self, conversation: Conversation, ask: Any) -> AsyncIterator[StreamEvent]:
        self.turns.asks.append(ask)
        cite = (Cite("roles-acme", "Acme", "/roles/#roles-acme"),)
        try:
            for i, text in enumerate(self.turns.sentences):
                if self.turns.hold is not None and i == len(self.turns.sentences) - 1:
                    await self.turns.hold.wait()
                yield Sentence(text, cite)
            if self.turns.fail:
                from docent.sidecar.answer.events import Error

                yield Error("overloaded", "The model is overloaded: ask again in a minute.")
                return
            messages = [*conversation.messages, {"role": "user", "content": ask.question or ""}]
            conversation.commit(messages, held=[], waiting=None, question=ask.question is not None)
            yield Done(self.model.spec.id, bundle=self.bundle.hash)
        except BaseException:
            self.turns.cancelled += 1
            raise
        finally:
            self.turns.finished += 1


def make_app(tmp_path: Path, *, turns: FakeTurns | None = None, clock: Any = None, **changes: Any) -> Any:
    return create_app(
        settings(tmp_path, **changes),
        turn_factory=turns or FakeTurns(),
        model_factory=lambda s: fake_model(),
        clock=clock,
    )


def client(app: Any) -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://guide.test")

