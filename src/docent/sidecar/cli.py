"""`docent serve`: the guide's API (and, for the demo, the site) on uvicorn.

Start-up stays fast: `serve` checks its settings, reads the bundle once to check that its prompt fits the model's
context (and says how the record is read), and listens; the model is made with the first request that needs it.
"""

from __future__ import annotations

import argparse
import errno
import os
import re
import secrets
import socket
import sys
from typing import Any
from urllib.parse import urlsplit

from . import collector


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--site", metavar="DIR", help="also serve this built site at / (for the demo; as DOCENT_SITE)")
    parser.add_argument("--bundle", metavar="PATH", help="the bundle to answer from (default: $DOCENT_BUNDLE or docent-bundle.json)")
    parser.add_argument("--enable", action="store_true", default=None, help="turn the guide on (as DOCENT_ENABLED=1)")
    parser.add_argument("--model", metavar="M", help="offline, absent, anthropic:<model id>, openai:<url>#<model> or replay:<path> (default: $DOCENT_MODEL or offline)")
    parser.add_argument("--host", help="the address to listen on (default: $DOCENT_HOST or 127.0.0.1)")
    parser.add_argument("--port", type=int, help="the port to listen on (default: $DOCENT_PORT or 8000; 0 picks a free one)")
    parser.add_argument("--workers", type=int, default=None, help="worker processes (default 1; more need --redis)")
    parser.add_argument("--redis", metavar="URL", help="keep the state in this Redis, shared by every worker and sidecar (as DOCENT_REDIS_URL)")
    parser.add_argument(
        "--mcp", action="store_true", default=None,
        help="also serve the record to coding agents over MCP at /mcp (as DOCENT_MCP=1; needs the [mcp] extra)",
    )
    parser.add_argument(
        "--log-level", default="info", choices=["critical", "error", "warning", "info", "debug"],
        help="the least level a log line is written at (default info; DOCENT_LOG_FORMAT=json for JSON lines)",
    )


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from .settings import Settings, SettingsError

    flags = {
        "site": args.site,
        "bundle": args.bundle,
        "enabled": args.enable,
        "model": args.model,
        "host": args.host,
        "port": args.port,
        "workers": args.workers,
        "redis_url": args.redis,
        "mcp": args.mcp,
    }
    from .logs import configure

    configure(os.environ.get("DOCENT_LOG_FORMAT", "text").strip().lower(), args.log_level)
    try:
        settings = Settings.from_env(os.environ, **flags)
    except SettingsError as exc:
        print(exc, file=sys.stderr)
        return 2
    from .app import create_app
    from .spending.daybook import StateDirError

    try:
        app = create_app(settings)  # made here too with several workers: a setting that cannot work stops us here
    except StateDirError as exc:
        print(f"Docent cannot start:\n  - {exc}", file=sys.stderr)
        return 2
    refusal = disk_check(settings)
    if refusal is not None:
        print(f"Docent cannot start:\n  - {refusal}", file=sys.stderr)
        return 2
    said, misfit = record_report(settings)
    if misfit is not None:
        print(f"Docent cannot start:\n  - {misfit}", file=sys.stderr)
        return 2
    try:
        sock = _listen(settings.host, settings.port)
    except OSError as exc:
        print(f"Docent cannot start:\n  - {unlistened(settings.host, settings.port, exc)}", file=sys.stderr)
        return 2
    port = sock.getsockname()[1]
    # One line, whatever the log format: the record's mode goes after the address.
    print(banner(settings, port, bundled=bool(said)) + (f"; {said}" if said else ""), flush=True)
    unbuilt = None if said else missing_bundle(settings)
    if unbuilt:
        print(f"Docent: {unbuilt}", file=sys.stderr, flush=True)
    elsewhere = site_url_mismatch(settings, port)
    if elsewhere:
        print(f"Docent: {elsewhere}", file=sys.stderr, flush=True)
    if settings.workers > 1:
        _serve_workers(settings, args, flags, sock)
        return 0
    config = uvicorn.Config(app, **_server_options(settings, args))
    tune_collector()
    uvicorn.Server(config).run(sockets=[sock])
    return 0


YOUNG_COLLECTION = collector.YOUNG_COLLECTION


def tune_collector() -> None:
    """Sets the collector for serving (`collector.serving`), in the process that serves: `docent serve`'s, or each
    worker's: the young generation's threshold now, and what the app holds once started left out of collections."""
    collector.serving()


# The flags a worker process reads back from its environment, as the variables they stand for.
FLAG_VARIABLES = {
    "site": "DOCENT_SITE",
    "bundle": "DOCENT_BUNDLE",
    "enabled": "DOCENT_ENABLED",
    "model": "DOCENT_MODEL",
    "redis_url": "DOCENT_REDIS_URL",
    "mcp": "DOCENT_MCP",
}


def _serve_workers(settings: Any, args: argparse.Namespace, flags: dict[str, Any], sock: socket.socket) -> None:
    """Several processes accepting on one socket, each with its own app made from the same settings.

    They share their state through Redis (the settings refuse several workers without it), and one proof-of-work
    secret: the one set, or one made here and handed to every worker.
    """
    import uvicorn
    from uvicorn.supervisors import Multiprocess

    for name, variable in FLAG_VARIABLES.items():
        if flags.get(name) is not None:
            os.environ[variable] = "1" if flags[name] is True else str(flags[name])
    if settings.pow_secret_made:  # made for this run: one for every worker
        os.environ["DOCENT_POW_SECRET"] = secrets.token_hex(32)
    config = uvicorn.Config(
        "docent.sidecar.cli:worker_app", factory=True, workers=settings.workers, **_server_options(settings, args)
    )
    Multiprocess(config, sockets=[sock]).run()


def worker_app() -> Any:
    """A worker's app (`--workers N`): its settings read back from the environment the parent prepared."""
    from .app import create_app
    from .settings import Settings

    tune_collector()
    return create_app(Settings.from_env(os.environ))


def disk_check(settings: Any) -> str | None:
    """Why the guide must not start on its Redis (conversations would reach a disk), else None, having warned of the rest."""
    if settings.redis_url is None:
        return None
    import logging

    from .redis_store import disk_refusal

    refusal, warning = disk_refusal(settings.redis_url, accepted=settings.conversations_on_disk)
    logger = logging.getLogger("docent.sidecar")
    if warning is not None:
        logger.warning(warning)
    if refusal is None and settings.redis_keep_url is None and not settings.conversations_on_disk:
        logger.warning(
            "The day's spend and the counts are kept in the conversations' Redis, which writes nothing to disk: "
            "a restart of that Redis starts the day's budget afresh. Keep them in a second Redis that persists "
            "with DOCENT_REDIS_KEEP_URL (see \"Running several sidecars\" in the documentation, site-docs/docs/operating.md)."
        )
    return refusal


def banner(settings: Any, port: int, *, bundled: bool = True) -> str:
    host = f"[{settings.host}]" if ":" in settings.host else settings.host
    kind = settings.model.partition(":")[0]
    if not settings.enabled:
        state = "guide off: pass --enable or set DOCENT_ENABLED=1"
    elif not bundled:
        state = f"guide on, {kind} model, but no bundle to answer from yet"
    else:
        state = f"guide on, {kind} model"
    site = f"; site from {settings.site}" if settings.site else ""
    agents = "; MCP for agents at /mcp" + ("" if settings.mcp_ask else " (ask off)") if settings.mcp else ""
    return f"Docent: serving http://{host}:{port}/ ({state}{site}{agents})"


def missing_bundle(settings: Any) -> str | None:
    """What to run when the bundle cannot be read: the guide answers nothing until it can."""
    from .answer.bundle import Bundle, BundleError

    try:
        Bundle.load(settings.bundle)
    except BundleError as exc:
        return f"{exc} Until then the guide says it has no record to answer from."
    return None


_CANONICAL = re.compile(r"""<link\b[^>]*\brel=["']?canonical["']?[^>]*>""", re.IGNORECASE)
_HREF = re.compile(r"""\bhref=["']?([^"'\s>]+)""", re.IGNORECASE)
_ANY_ADDRESS = {"0.0.0.0", "::", ""}
# Material's configuration on each page (<script id="__config" type="application/json">) lists its features
_INSTANT = re.compile(r"""<script\b[^>]*\bid=["']?__config\b[^>]*>[^<]*["']navigation\.instant["']""", re.IGNORECASE)


def site_url_mismatch(settings: Any, port: int) -> str | None:
    """With --site: whether the built site's site_url (its home page's canonical link) is another address than the
    one it is served at here, or none is set (Material then follows no link). Material turns instant navigation on
    only for links under site_url, so there each click would reload the page, with nothing to say why. A site without it (MkDocs's own themes, Material with
    navigation.instant off) reloads on each click wherever it is served: nothing to say."""
    if settings.site is None:
        return None
    try:
        home = (settings.site / "index.html").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    link = _CANONICAL.search(home)
    if not _INSTANT.search(home):
        return None
    href = _HREF.search(link.group(0)) if link else None
    host = f"[{settings.host}]" if ":" in settings.host else settings.host
    served = f"http://{host}:{port}/"
    if href is None:  # no site_url: the sitemap lists no page, so instant navigation follows no link at all
        return (f"the site was built with navigation.instant but no site_url, so Material's instant navigation "
                "follows no link and each click reloads the page. Set site_url in mkdocs.yml to the address the site "
                f"is served at (for a local preview, site_url: {served}) and build again.")
    wanted = urlsplit(href.group(1))
    same_host = settings.host in _ANY_ADDRESS or (wanted.hostname or "") == settings.host.strip("[]")
    same = wanted.scheme == "http" and same_host and (wanted.port or 80) == port and wanted.path in ("", "/")
    if same:
        return None
    site_url = f"{wanted.scheme}://{wanted.netloc}{wanted.path or '/'}"
    return (f"the site was built with site_url {site_url}, but is served here at {served}. Material's instant "
            "navigation follows only links under site_url, so here each click reloads the page. For a local "
            f"preview, build with site_url: {served} (or `mkdocs build` with that in mkdocs.yml), or serve the site "
            "at the address site_url names.")


def record_report(settings: Any) -> tuple[str, str | None]:
    """How the bundle's record is read (for the start-up line), and why the sidecar cannot start on it, if so: the model
    cannot hold it, or it asks for the rerank or the encoder and that extra is missing."""
    from .answer.bundle import Bundle, BundleError
    from .fit import misfit, prompt_tokens, table_model
    from .vectors import RerankMissing, installed_embed

    try:  # the rerank's or the encoder's model checked, not loaded: with --workers N this process serves nothing (each worker loads it)
        bundle = Bundle.load(settings.bundle, embedder=installed_embed)
    except RerankMissing as exc:
        return "", str(exc)
    except BundleError:
        return "", None  # no bundle yet: the guide says so (no_bundle) until the site is built
    spec = table_model(settings.model)
    mode = "searched for each question" if bundle.searched else "whole in the prompt"
    mode += ", its excerpts reranked by meaning" if bundle.searched and bundle.rerank is not None else ""
    mode += ", its excerpts found by the search and the encoder" if bundle.searched and bundle.fusion is not None else ""
    fits = f", {spec.id}'s context {spec.context}" if spec is not None and spec.context else ""
    return f"record {mode}, prompt ~{prompt_tokens(bundle)} tokens{fits}", misfit(bundle, spec)


def _server_options(settings: Any, args: argparse.Namespace) -> dict[str, Any]:
    from .logs import log_config

    return {
        "host": settings.host,
        "port": settings.port,
        "log_level": args.log_level,
        "log_config": log_config(settings.log_format, args.log_level),
        "proxy_headers": False,  # the guide trusts proxy headers itself, only from DOCENT_TRUST_PROXY
        "server_header": False,
        "timeout_graceful_shutdown": 10,
    }


def unlistened(host: str, port: int, error: OSError) -> str:
    """Why the guide cannot listen at host:port, with the fix, for an error the bind raised (a traceback before)."""
    where = f"{host}:{port}" if ":" not in host else f"[{host}]:{port}"
    if error.errno == errno.EADDRINUSE:
        other = port + 1 if port < 65535 else port - 1  # never the very port in use
        return (f"{where} is in use already (another `docent serve`, `mkdocs serve` or `make demo`?). Stop what serves "
                f"there, or pass another port: --port {other} (--port 0 picks a free one).")
    if error.errno == errno.EACCES:
        return f"{where} may not be listened at by this user (ports below 1024 need root): pass --port 8000 or higher."
    return f"cannot listen at {where}: {error.strerror or error}. Check --host (an address of this machine) and --port."


def _listen(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock

