"""The guide's five operations and its reference; every refusal is JSON that says what to do."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncGenerator, Awaitable, Callable, Sequence
from contextlib import aclosing
from ipaddress import IPv4Network, IPv6Network
from typing import TYPE_CHECKING, Any, TypeVar

import msgspec
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route
from starlette.types import Receive, Scope, Send

from docent.schema.mode import CHARS_PER_TOKEN, EXCERPT_TOKENS

from .answer.bundle import Bundle
from .answer.conversation import Conversation
from .answer.events import Error, Start, StreamEvent
from .answer.policy import OFF_WORDS, says
from .answer.reply import broken
from .body import read_body
from .errors import GuideError
from .guide import Guide, Ready
from .proof import ALGORITHM, ProofError, ProofOfWork, difficulty
from .ratelimit import Limited, RateLimits, client_address
from .reference import document_bytes
from .spending.factory import FeatureModel
from .store import Lease, Store, StoreFull, StoreUnavailable
from .stream import Answer
from .tally import Listener, tallied

if TYPE_CHECKING:
    from .answer.turn import Ask

PURPOSE = "guide"
# What a question adds to the messages its conversation holds, beyond its body twice over (its texts fenced and escaped,
# the screen it names written out in the note) and its excerpts at most (search mode): the fence's and the note's words.
ADDED = 2_000
EXCERPT_CHARS = EXCERPT_TOKENS * CHARS_PER_TOKEN
_encode = msgspec.json.Encoder().encode
GUIDE = "/api/guide"  # every route of the guide's API is under it
MCP = "/mcp"  # where the agents' endpoint (sidecar/agents/) answers, when it is on
T = TypeVar("T")


def routes(
    guide: Guide, *, store: Store, proof: ProofOfWork, limits: RateLimits, listeners: Sequence[Listener] = ()
) -> list[Route]:
    endpoints = _Endpoints(guide, store=store, proof=proof, limits=limits, listeners=listeners)
    return [
        Endpoint(GUIDE, endpoints.status, methods=["GET"]),
        Endpoint(f"{GUIDE}/challenge", endpoints.challenge, methods=["POST"]),
        # One route for both methods, so that a 405 there lists both in its Allow header.
        Endpoint(f"{GUIDE}/conversations", endpoints.conversations, methods=["POST", "DELETE"]),
        Endpoint(f"{GUIDE}/questions", endpoints.ask, methods=["POST"]),
        Endpoint(f"{GUIDE}/openapi.json", endpoints.reference, methods=["GET"]),
        Endpoint(f"{GUIDE}/health", endpoints.health, methods=["GET"]),
        Endpoint(f"{GUIDE}/ready", endpoints.ready, methods=["GET"]),
    ]


class Endpoint(Route):
    """A route whose handler is called as Starlette calls it (`handler(request)`, then the response sent), without
    the handler's own exception wrapper and its `send` wrapper: the app's one layer (`front.Front`) answers its
    exceptions with the same handlers. The wrapper was a fourth function each frame of an answer passed through."""

    def __init__(self, path: str, handler: Callable[[Request], Awaitable[Any]], *, methods: list[str]) -> None:
        super().__init__(path, handler, methods=methods)

        async def app(scope: Scope, receive: Receive, send: Send) -> None:
            response = await handler(Request(scope, receive, send))
            await response(scope, receive, send)

        self.app = app


def probed(
    limits: RateLimits, trusted: tuple[IPv4Network | IPv6Network, ...], endpoint: Callable[[Request], Awaitable[Response]]
) -> Callable[[Request], Awaitable[Response]]:
    """An operator's endpoint (metrics) limited as the probes are: per address, in this process's memory."""

    async def limited(request: Request) -> Response:
        try:
            await limits.probe(address=client_address(request.scope, trusted))
        except Limited as exc:
            raise GuideError(429, "rate_limited", exc.message, retry_after=exc.retry_after) from None
        return await endpoint(request)

    return limited


def _json(data: Any, status: int = 200) -> Response:
    return Response(json.dumps(data).encode(), status_code=status, media_type="application/json")


class _Endpoints:
    """The guide's HTTP endpoints, given their collaborators: the guide's readiness, the conversations' store, the
    proof of work, the rate limits, and who is told of each answer once it has ended (the metrics, the counts)."""

    def __init__(
        self, guide: Guide, *, store: Store, proof: ProofOfWork, limits: RateLimits, listeners: Sequence[Listener] = ()
    ) -> None:
        self.guide = guide
        self.store = store
        self.proof = proof
        self.limits = limits
        self.listeners = tuple(listeners)
        self.metrics = guide.metrics
        self.settings = guide.settings
        self.limit = guide.settings.body_bytes
        self._store_asked: asyncio.Future[bool] | None = None  # readiness's question to the store, while asked
        carries = getattr(store, "carries", None)  # a question's reservation rides on the take (RedisStore)
        self._rides = bool(carries is not None and carries(guide.budget_store))

    async def conversations(self, request: Request) -> Response:
        return await (self.forget(request) if request.method == "DELETE" else self.start(request))

    async def status(self, request: Request) -> Response:
        await self._limited(self.limits.read(address=self._address(request)))
        why, ready = self.guide.readiness()
        model = ready.model if ready else None
        bundle = self.guide.bundle() if why not in {"switched_off", "no_bundle", "bundle_failed"} else None
        s = self.settings
        return _json(
            {
                "on": why is None,
                "why": why,
                "model": model.spec.id if model else None,
                "offline": bool(model and model.spec.offline),
                "bundle": bundle.hash if bundle else None,
                "degraded": ready.degraded if ready else None,
                "on_disk": s.conversations_on_disk,
                "says": says(why),
                "record": _record(bundle),
                "limits": {
                    "questions": s.questions,
                    "question_chars": s.question_chars,
                    "body_bytes": s.body_bytes,
                    "conversation_s": s.conversation_s,
                    "pow_maxnumber": s.pow_maxnumber,
                    "pow_algorithm": ALGORITHM,
                },
            }
        )

    async def challenge(self, request: Request) -> Response:
        await read_body(request, "ChallengeRequest", limit=self.limit)
        self._ready()
        await self._limited(self.limits.start(address=self._address(request)))
        address, busy = await self.limits.pressure(self._address(request))
        overall = max(self.guide.pressure(), busy)
        maxnumber = difficulty(address, overall, calm=self.settings.pow_maxnumber, top=self.settings.pow_maxnumber_top)
        self._count("challenges", "issued")
        if self.metrics is not None:
            self.metrics.pow_maxnumber.set(maxnumber)
        return _json(self.proof.issue(PURPOSE, maxnumber=maxnumber).as_json())

    async def start(self, request: Request) -> Response:
        body = await read_body(request, "ConversationRequest", limit=self.limit)
        self._ready()
        await self._limited(self.limits.start(address=self._address(request)))
        try:
            await self.proof.verify(body["proof"], purpose=PURPOSE)
            conversation = await self.store.create()
        except ProofError as exc:
            raise GuideError(403, exc.code, exc.message) from None
        except StoreFull as exc:
            raise GuideError(503, "full", str(exc), retry_after=60) from None
        self._count("challenges", "solved")
        return _json(
            {"conversation": conversation.token, "expires_in": self.settings.conversation_s, "questions": self.settings.questions},
            status=201,
        )

    async def forget(self, request: Request) -> Response:
        body = await read_body(request, "ForgetRequest", limit=self.limit)
        await self._limited(self.limits.read(address=self._address(request)))
        await self.store.forget(body["conversation"])
        return Response(status_code=204)

    async def ask(self, request: Request) -> Answer:
        body = await read_body(request, "QuestionRequest", limit=self.limit)
        ready = self._ready()
        store, token = self.store, body["conversation"]
        # Every limit first, then the lease, then the conversation, in one round trip with Redis: made-up
        # conversations are refused as questions are, and the conversation read under the lease is the last saved.
        # With the spend in the same Redis, the budget's reservation of the question's first call goes with it.
        ride = self._ride(ready, body)
        taken = await self._limited(
            self.limits.admit(address=self._address(request), conversation=token, take=lambda hits: store.take(token, hits, ride))
        )
        if taken == "busy":
            raise GuideError(409, "busy", "This conversation is answering another question: wait for it to finish.")
        if isinstance(taken, str):
            raise GuideError(
                404,
                "unknown_conversation",
                "This conversation has ended (it expired, was forgotten, or the guide restarted): start a new one.",
            )
        lease, conversation = taken
        try:
            question, reply = body.get("question"), body.get("reply")
            if question is not None:
                if not question.strip():
                    raise GuideError(422, "invalid", "question is blank: write a question.")
                if conversation.questions >= self.settings.questions:
                    raise GuideError(
                        409,
                        "conversation_full",
                        f"This conversation has had its {self.settings.questions} questions: start a new one.",
                    )
            rule = broken(question, reply, conversation.waiting)
            if rule is not None:
                raise GuideError(rule.status, rule.code, rule.message)
            turn = self.guide.turn(ready)
            ask = _ask_type()(
                question=question, reply=reply, screen=body.get("screen") or {}, failed=body.get("failed") or [],
                allowance=ride.allowance if ride is not None else None,
            )
            number = conversation.questions + (1 if question is not None else 0)
            start = Start(conversation=conversation.token, question=max(number, 1), model=ready.model.spec.id)
            remembered = _remembered(turn.run(conversation, ask), store, conversation, lease)
            events = tallied(remembered, question=question is not None, listeners=self.listeners)
            return Answer(start, events, release=lease.release, given_back=lambda: lease.released)
        except BaseException:
            await lease.release()
            raise

    async def reference(self, request: Request) -> Response:
        await self._limited(self.limits.read(address=self._address(request)))
        return Response(document_bytes(), media_type="application/json")

    async def health(self, request: Request) -> Response:
        await self._limited(self.limits.probe(address=self._address(request)))
        return _json({"status": "alive"})

    async def ready(self, request: Request) -> Response:
        """503 until the bundle loads and the store answers, so an orchestrator sends no visitor here before.

        The store is asked once at a time, whoever asks how often: probes that come while it is being asked share
        that answer.
        """
        await self._limited(self.limits.probe(address=self._address(request)))
        problems = []
        if self.guide.bundle() is None:
            problems.append("bundle_failed" if self.guide.bundles.failed is not None else "no_bundle")
        if self._store_asked is None or self._store_asked.done():
            self._store_asked = asyncio.ensure_future(self._store_answers())
        if not await asyncio.shield(self._store_asked):
            problems.append("store_unavailable")
        return _json({"ready": not problems, "problems": problems}, status=503 if problems else 200)

    async def _store_answers(self) -> bool:
        try:
            return bool(await self.store.limiter_storage.check())
        except Exception:  # a store that cannot be reached raises rather than answering False
            return False

    def _ride(self, ready: Ready, body: dict[str, Any]) -> Any:
        """The budget's reservation of the question's first call, to go with the take where the store keeps the spend
        in its own Redis (`RedisStore.carries`): an allowance for the call's worst case, priced as the budget prices
        it from what the call will send: the bundle's instructions and tools, the stored conversation (priced by
        Redis from its size), and what this question adds to it (`ADDED`). A first call whose worst case passes it
        reserves its own, as before. None: the call reserves its own."""
        model = ready.model
        if not self._rides or not isinstance(model, FeatureModel) or model.budget.store is not self.guide.budget_store:
            return None
        bundle = ready.bundle
        added = ADDED + 2 * len(_encode(body)) + (EXCERPT_CHARS if bundle.searched else 0)
        return model.budget.ride(model.spec, bundle.system, bundle.tools, added=added, max_tokens=self.guide.policy(bundle).max_answer_tokens)

    def _count(self, counter: str, label: str) -> None:
        if self.metrics is not None:
            getattr(self.metrics, counter).labels(label).inc()

    def _ready(self) -> Ready:
        why, ready = self.guide.readiness()
        if why is not None or ready is None:
            raise GuideError(503, why or "no_model", OFF_WORDS.get(why or "no_model", OFF_WORDS["no_model"]))
        return ready

    def _address(self, request: Request) -> str:
        return client_address(request.scope, self.settings.trust_proxy)

    async def _limited(self, check: Awaitable[T]) -> T:
        try:
            return await check
        except Limited as exc:
            self._count("limited", exc.scope)
            raise GuideError(429, "rate_limited", exc.message, retry_after=exc.retry_after) from None


async def _remembered(
    events: AsyncGenerator[StreamEvent, None], store: Store, conversation: Conversation, lease: Lease
) -> AsyncGenerator[StreamEvent, None]:
    """The turn's events, the conversation saved before its `done` goes out: a browser may ask again at once."""
    async with aclosing(events):
        async for event in events:
            if event.event == "done":
                try:
                    kept = await store.save(conversation, lease)
                except StoreUnavailable:
                    yield Error("store_unavailable", UNREMEMBERED)
                    return
                if not kept:
                    yield Error("incomplete", "This answer took too long to be remembered: ask again.")
                    return
            yield event


UNREMEMBERED = "The guide could not remember this answer, so it is not part of the conversation: ask again in a minute."


def _ask_type() -> type[Ask]:
    from .answer.turn import Ask

    return Ask


def _record(bundle: Bundle | None) -> dict[str, Any] | None:
    """The record's mode (whole in the prompt, or searched) and the cached prompt's size, as the build measured."""
    if bundle is None:
        return None
    from .fit import prompt_tokens

    return {"mode": bundle.mode.record, "prompt_tokens": prompt_tokens(bundle)}
