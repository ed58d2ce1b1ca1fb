"""The record for coding agents: an MCP endpoint at /mcp, on the official SDK (streamable HTTP, stateless).

Four tools, their descriptions and schemas fixed here, so that every start lists the same bytes:
- `search`: the record's sections that best match a query, each with its id, heading path, page title and URL;
- `read_section`: one section whole, code as the record holds it;
- `list_pages`: the site's map;
- `ask`: the guide's answer, from the panel's own turn (the same budget, bulkhead, model and gate): each shown
  sentence with its sources, each held one reported as held. It can be switched off alone (DOCENT_MCP_ASK=0).

Agents solve no proof of work. In its place: an optional bearer token, rate limits of their own per address,
tighter than the panel's, and `ask`'s own limit beside the guide's overall one. The Host check is the SDK's, over
the bundle's `site_url`, DOCENT_MCP_HOSTS and loopback. Stateless: any worker or sidecar answers any request.
Nothing an agent sends is logged: our errors never quote the input, and the SDK's log of a refused call names
fields, not values.
"""

from __future__ import annotations

import hmac
import json
import secrets
import time
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager, aclosing
from contextvars import ContextVar
from typing import Annotated, Any
from urllib.parse import urlsplit

from mcp.server import MCPServer
from mcp.server.context import CallNext, HandlerResult, ServerRequestContext
from mcp.server.mcpserver import Context
from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.transport_security import TransportSecurityMiddleware, TransportSecuritySettings
from mcp.types import CallToolResult, InputRequiredResult, ToolAnnotations
from pydantic import Field, ValidationError
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import Receive, Scope, Send

from ..answer.bundle import Bundle
from ..answer.conversation import Conversation
from ..answer.events import Error, Sentence
from ..answer.policy import OFF_WORDS
from ..answer.turn import ERROR_WORDS, Ask
from ..counts import DailyCounts
from ..guide import Guide
from ..ratelimit import Limited, RateLimits, client_address
from ..routes import MCP
from ..store import StoreUnavailable
from ..tally import Listener, tallied
from .marks import linked, links_out
from .results import (
    Answer,
    BlockOut,
    Markdown,
    PageEntry,
    PageList,
    SearchResult,
    Section,
    hit,
    left_out,
    located,
    take,
)

# The outcomes a tool counted for the call in flight: the middleware counts a call the tool never saw.
_SEEN: ContextVar[list[str] | None] = ContextVar("docent_mcp_seen", default=None)
TOOLS = ("search", "read_section", "list_pages", "ask")
LOOPBACK = ("127.0.0.1:*", "localhost:*", "[::1]:*", "127.0.0.1", "localhost", "[::1]")
MAX_K = 10
PAGES_AT_ONCE = 100  # a map of thousands of pages in one reply would fill an agent's context (or pass its client's cap)

INSTRUCTIONS = (
    "What {site} says, from its own record. Use `search` to find sections, `read_section` to read one "
    "whole (code exactly as the site has it), `list_pages` for the map. `ask` answers a question in sentences "
    "checked against the record, each with its sources; it spends the site's budget, so search first and ask at "
    "most once or twice a task."
)
SITE_NAME_CHARS = 80  # the most of a site's name the instructions quote


def site_named(name: str) -> str:
    """How the instructions name a bundle's site ("the site “HTTPX”"; "this site" where it has no name): its name on
    one line, its quote marks plain, at most SITE_NAME_CHARS. The manifest keeps MkDocs' site_name as written, and
    many agents read these instructions as their own prompt: a line break or a closing quote mark in a name ended the
    sentence that quotes it and let the rest speak as a line of Docent's instructions."""
    flat = " ".join("".join(c if c.isprintable() else " " for c in name).replace("“", '"').replace("”", '"').split())
    if len(flat) > SITE_NAME_CHARS:
        flat = flat[: SITE_NAME_CHARS - 1].rstrip() + "…"
    return f"the site “{flat}”" if flat else "this site"


SEARCH = (
    "Search the site's record (its pages' text) with a few words: names, flags, an error's words. Returns up to k "
    "sections, best first, each with its id (for read_section), heading path, page title, URL and text as Markdown, "
    "code blocks whole. A long section's text stops after about 1,500 characters with `more` true: read_section gives "
    "the rest. No results: try other words. Free; prefer it to ask."
)
READ = (
    "Read one section of the site's record by its id (from search), or by its URL on the site: its heading path, "
    "URL and whole text as "
    "Markdown, each code block fenced with its language and its exact lines. With blocks=true, its blocks too "
    "(paragraphs, list items, table rows, admonitions, code), each apart: the same text again, for a program."
)
PAGES = (
    "List the site's pages, 100 at a time in the site's order: each page's id, title, URL and the ids of its sections "
    "in the record. `next` is the `start` of the following 100, or null at the end."
)
ASK = (
    "Ask the site's guide a question. Every sentence of its answer is checked against the site's record and cites "
    "its sources; a sentence that fails the check is held back and reported as held, never shown. Code in it is the "
    "record's own lines; one with `whole` false is a run of a longer block (`lines` of its `block_lines`): "
    "read_section gives the block whole. It spends the site's budget and is limited: do not call it more than twice "
    "for one task, and search first."
)
READ_ONLY = ToolAnnotations(read_only_hint=True, idempotent_hint=True, open_world_hint=False, destructive_hint=False)

# What an agent reads when a call is refused: what to do next, never its own input.
UNAVAILABLE = "The guide cannot reach its shared state just now: try again in a minute."
ASK_OFF = "`ask` is switched off on this site: use search and read_section."
UNKNOWN_SECTION = "No section has that id or URL: take an id from search or list_pages."
LEFT_OUT = ("The page “{title}” is on the site but not in the guide's record (the site leaves it out), so no tool "
            "reads it: open {url} instead, or take another page from list_pages (one with sections).")
BLANK = "The {what} is blank: write a few words."

Query = Annotated[str, Field(min_length=1, max_length=500, description="What to look for, in a few words.")]
K = Annotated[int, Field(ge=1, le=MAX_K, description="How many sections at most (1 to 10).")]
Start = Annotated[int, Field(ge=0, description="The first page to list, counted from 0: a reply's `next`.")]
SectionId = Annotated[str, Field(min_length=1, max_length=300, description="A section's id (from search or list_pages), or its URL on the site.")]
WithBlocks = Annotated[bool, Field(description="Also the section's blocks, each apart (its text again, split).")]
Question = Annotated[str, Field(min_length=1, max_length=500, description="One question about the site, in words.")]


class _Server(MCPServer[Any]):
    """The SDK's server, its refusals of bad arguments said in a line: the field and what it takes, never pydantic's
    report (which quotes the value sent, names its own model and links pydantic's site)."""

    async def call_tool(
        self, name: str, arguments: dict[str, Any], context: Context[Any, Any] | None = None
    ) -> CallToolResult | InputRequiredResult:
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as exc:
            cause = exc.__cause__
            if not isinstance(cause, ValidationError):
                raise
            raise ToolError(f"Error executing tool {name}: {_unfit(cause)}") from cause


def _unfit(error: ValidationError) -> str:
    """What was wrong with each argument, in pydantic's words for the rule (never the value)."""
    said = [f"`{'.'.join(str(part) for part in e['loc']) or 'arguments'}`: {e['msg']}" for e in error.errors()]
    return "; ".join(dict.fromkeys(said)) + ". The tool's inputSchema says what each argument takes."


class Agents:
    """The MCP server and its guard, over the guide's parts: its bundle, limits, turn, counts and metrics."""

    def __init__(
        self, guide: Guide, *, limits: RateLimits, listeners: Sequence[Listener] = (), counts: DailyCounts | None = None
    ) -> None:
        self.guide = guide
        self.limits = limits
        self.listeners = tuple(listeners)
        self.settings = guide.settings
        self.counts = counts
        self._security: tuple[str, TransportSecurityMiddleware] | None = None
        self._site_name = ""  # the bundle's site_name the instructions were last set for (`_name_site`)
        self.server: MCPServer[Any] = _Server(
            name="docent", version=_version(), instructions=INSTRUCTIONS.format(site="this site"), log_level="WARNING"
        )
        self.server.tool(name="search", description=SEARCH, annotations=READ_ONLY)(self.search)
        self.server.tool(name="read_section", description=READ, annotations=READ_ONLY)(self.read_section)
        self.server.tool(name="list_pages", description=PAGES, annotations=READ_ONLY)(self.list_pages)
        self.server.middleware.append(self._counted)
        if self.settings.mcp_ask:
            spends = ToolAnnotations(read_only_hint=True, idempotent_hint=False, open_world_hint=False, destructive_hint=False)
            self.server.tool(name="ask", description=ASK, annotations=spends)(self.ask)
        # The Host and Origin checks run in `__call__` over the live bundle's site_url; the SDK's own is off.
        self.app = self.server.streamable_http_app(
            streamable_http_path=MCP,
            stateless_http=True,
            json_response=True,
            max_request_body_size=self.settings.body_bytes,
            transport_security=TransportSecuritySettings(enable_dns_rebinding_protection=False),
        )

    def running(self) -> AbstractAsyncContextManager[None]:
        """The SDK's task group, entered by the sidecar's lifespan (a mounted app's own lifespan never runs)."""
        return self.server.session_manager.run()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """The guard before the SDK: the Host and Origin (421, 403), then the token (401)."""
        request = Request(scope)
        bundle = self.guide.bundle()  # once a request: its site_url for the checks, its site_name for the instructions
        refused = await self.security(bundle).validate_request(request, is_post=request.method == "POST")
        if refused is None and not self._authorised(request):
            refused = _rpc_error(401, -32001, "This MCP endpoint needs its bearer token: ask whoever runs the site for it.")
            refused.headers["WWW-Authenticate"] = 'Bearer realm="docent"'
        if refused is not None:
            self._count("http", _outcome(refused.status_code))
            await refused(scope, receive, send)
            return
        self._name_site(bundle)
        await self.app(scope, receive, send)

    def _name_site(self, bundle: Bundle | None) -> None:
        """The instructions an agent reads at `initialize` name the site of the bundle of the moment ("What the site
        “Uvicorn” says ..."): an agent given two sites' endpoints tells them apart by more than the names it was given. The
        tools' descriptions stay the same bytes everywhere. Set on the SDK's low-level server, whose `initialize`
        reads them at each request (stateless), and set again only when the bundle's site_name changed."""
        name = bundle.manifest.site_name if bundle is not None else ""
        if name != self._site_name:
            self._site_name = name
            self.server._lowlevel_server.instructions = INSTRUCTIONS.format(site=site_named(name))

    def security(self, bundle: Bundle | None) -> TransportSecurityMiddleware:
        """The SDK's Host and Origin checks over loopback, DOCENT_MCP_HOSTS and the bundle's site_url (kept per URL)."""
        site_url = bundle.manifest.site_url if bundle is not None else ""
        if self._security is None or self._security[0] != site_url:
            hosts, origins = list(LOOPBACK), ["http://127.0.0.1:*", "http://localhost:*", "http://[::1]:*"]
            for host in self.settings.mcp_hosts:
                hosts += [host] if ":" in host.rstrip("]") and not host.endswith("]") else [host, f"{host}:*"]
            if site_url:
                parts = urlsplit(site_url)
                hosts += [parts.netloc, f"{parts.hostname}:*"] if parts.port is None else [parts.netloc]
                origins.append(f"{parts.scheme}://{parts.netloc}")
            origins += list(self.settings.origins)
            settings = TransportSecuritySettings(allowed_hosts=hosts, allowed_origins=origins)
            self._security = (site_url, TransportSecurityMiddleware(settings))
        return self._security[1]

    async def _counted(self, ctx: ServerRequestContext[Any, Any], call_next: CallNext) -> HandlerResult:
        """Counts the tool calls the tools never saw: bad arguments (the SDK's validation) and unknown tools."""
        if ctx.method != "tools/call":
            return await call_next(ctx)
        name = (ctx.params or {}).get("name")
        tool = name if name in TOOLS else "unknown"
        seen: list[str] = []
        token = _SEEN.set(seen)
        try:
            result = await call_next(ctx)
        except Exception:
            self._count(tool, "invalid")
            raise
        finally:
            _SEEN.reset(token)
        if not seen:
            failed = result.get("isError") if isinstance(result, dict) else getattr(result, "is_error", False)
            self._count(tool, "invalid" if failed else "ok")
        return result

    def _authorised(self, request: Request) -> bool:
        token = self.settings.mcp_token
        if token is None:
            return True
        scheme, _, given = request.headers.get("authorization", "").partition(" ")
        return scheme.lower() == "bearer" and hmac.compare_digest(given.strip().encode(), token.encode())

    # The tools. Each checks its limits first, then answers from the bundle of the moment.

    async def search(self, query: Query, ctx: Context, k: K = 5) -> SearchResult:
        bundle = await self._enter("search", ctx, blank=("query", query))
        base = _base(bundle, ctx)
        found = bundle.index.search(query, limit=k)
        self._count("search", "ok")
        return {"results": [hit(bundle, bundle.record[sid], base, excerpt=True) for sid, _ in found]}

    async def read_section(self, id: SectionId, ctx: Context, blocks: WithBlocks = False) -> Section:
        bundle = await self._enter("read_section", ctx)
        base = _base(bundle, ctx)
        section = located(bundle, id, base)
        if section is None:
            self._count("read_section", "invalid")
            page = left_out(bundle, id, base)
            raise ToolError(UNKNOWN_SECTION if page is None else LEFT_OUT.format(title=page.name, url=base + page.path))
        self._count("read_section", "ok")
        said: list[BlockOut] = [{"kind": b.kind, "text": b.text, "lang": b.lang, "marker": b.marker,
                                 "links": [{"label": w, "url": u} for w, u in links_out(b, base)]} for b in section.blocks]
        read: Section = {**hit(bundle, section, base), "blocks": said}
        if not blocks:  # the section said twice would cost an agent's context twice: its blocks only when asked for
            del read["blocks"]
        return read

    async def list_pages(self, ctx: Context, start: Start = 0) -> PageList:
        bundle = await self._enter("list_pages", ctx)
        base = _base(bundle, ctx)
        by_page = bundle.record_pages
        every = bundle.manifest.pages
        pages: list[PageEntry] = [
            {"id": p.id, "title": p.name, "url": base + p.path, "sections": list(by_page.get(p.id, ()))}
            for p in every[start : start + PAGES_AT_ONCE]
        ]
        self._count("list_pages", "ok")
        more = start + PAGES_AT_ONCE < len(every)
        return {"site": bundle.manifest.site_name, "total": len(every), "pages": pages,
                "next": start + PAGES_AT_ONCE if more else None}

    async def ask(self, question: Question, ctx: Context) -> Answer:
        if not self.settings.mcp_ask:  # listed only when on; a call by name is refused all the same
            self._count("ask", "off")
            raise ToolError(ASK_OFF)
        await self._enter("ask", ctx, blank=("question", question))
        why, ready = self.guide.readiness()
        if why is not None or ready is None:
            self._count("ask", why or "no_model")
            raise ToolError(OFF_WORDS.get(why or "no_model", OFF_WORDS["no_model"]))
        base = _base(ready.bundle, ctx)
        conversation = Conversation(token=secrets.token_urlsafe(16), created=time.time())  # one question, kept nowhere
        turn = self.guide.turn(ready)
        events = tallied(turn.run(conversation, Ask(question=question)), question=True, listeners=self.listeners)
        answer: Answer = {
            "answer": "", "sentences": [], "code": [], "held": [], "refused": None, "pages": [],
            "model": ready.model.spec.id, "degraded": ready.degraded,
        }
        shown, coded = Markdown(), dict[str, str]()  # `coded`: each cited section's code quote, made once an answer
        async with aclosing(events):
            async for event in events:
                if isinstance(event, Error):
                    self._count("ask", "error")
                    raise ToolError(ERROR_WORDS.get(event.code, event.message))
                if isinstance(event, Sentence):  # with the links of the record's sentences it says (`marks.linked`)
                    event = linked(event, ready.bundle.record, base)
                take(answer, event, base, ready.bundle.record, coded)
                shown.add(event)
        answer["answer"] = shown.text()
        self._count("ask", "ok")  # answered; a refusal by the policy is counted with the panel's, by its reason
        return answer

    async def _enter(self, tool: str, ctx: Context, *, blank: tuple[str, str] | None = None) -> Bundle:
        """The limits, then the bundle; every refusal is a tool error in words an agent can act on."""
        request = ctx.request_context.request
        address = client_address(request.scope, self.settings.trust_proxy) if isinstance(request, Request) else "unknown"
        try:
            await self.limits.agent(address=address, asks=tool == "ask")
        except Limited as exc:
            self._count(tool, "limited")
            if self.guide.metrics is not None:
                self.guide.metrics.limited.labels(exc.scope).inc()
            raise ToolError(exc.message) from None
        except StoreUnavailable:
            self._count(tool, "store_unavailable")
            raise ToolError(UNAVAILABLE) from None
        if blank is not None and not blank[1].strip():
            self._count(tool, "invalid")
            raise ToolError(BLANK.format(what=blank[0]))
        bundle = self.guide.bundle()
        if bundle is None:
            why = "bundle_failed" if self.guide.bundles.failed is not None else "no_bundle"
            self._count(tool, why)
            raise ToolError(OFF_WORDS[why])
        return bundle

    def _count(self, tool: str, outcome: str) -> None:
        """Under fixed names only: the tool (one of TOOLS, `unknown`, or `http` for a refused request) and a code."""
        seen = _SEEN.get()
        if seen is not None:
            seen.append(outcome)
        if self.guide.metrics is not None:
            self.guide.metrics.agent_calls.labels(tool, outcome).inc()
        if self.counts is not None:
            self.counts.add({f"mcp:{tool}": 1} if outcome == "ok" else {f"mcp:{tool}": 1, f"mcp_refused:{outcome}": 1})



def _base(bundle: Bundle, ctx: Context) -> str:
    """Where the site's paths live: its site_url, else the address the agent reached the sidecar at."""
    if bundle.manifest.site_url:
        return bundle.manifest.site_url.rstrip("/")
    request = ctx.request_context.request
    if isinstance(request, Request):
        return str(request.base_url).rstrip("/")
    return ""


def _version() -> str:
    """The installed Docent's version, for the server's `serverInfo`."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("mkdocs-docent")
    except PackageNotFoundError:
        return ""


def _outcome(status: int) -> str:
    return {401: "unauthorised", 403: "bad_origin", 421: "bad_host", 400: "invalid"}.get(status, "refused")


def _rpc_error(status: int, code: int, message: str) -> Response:
    body = {"jsonrpc": "2.0", "id": None, "error": {"code": code, "message": message}}
    return Response(json.dumps(body).encode(), status_code=status, media_type="application/json")

