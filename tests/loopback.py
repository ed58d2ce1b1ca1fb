"""Servers the tests start on loopback: a free port to give them, and a real uvicorn serving an app."""

from __future__ import annotations

import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import anyio


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@asynccontextmanager
async def served(app: Any, *, log_level: str = "warning") -> AsyncIterator[str]:
    """A real uvicorn on a free loopback port, in this event loop; yields its base URL and stops it after."""
    import uvicorn

    config = uvicorn.Config(app, host="127.0.0.1", port=0, log_level=log_level, lifespan="on", timeout_graceful_shutdown=2)
    server = uvicorn.Server(config)
    async with anyio.create_task_group() as group:
        group.start_soon(server.serve)
        with anyio.fail_after(10):
            while not server.started:
                await anyio.sleep(0.01)
        port = server.servers[0].sockets[0].getsockname()[1]
        try:
            yield f"http://127.0.0.1:{port}"
        finally:
            server.should_exit = True
