"""A real Redis for the tests: Debian's redis-server on a free loopback port, persistence off, stopped after.

Given a redis.conf's text (`conf`), it runs with that instead, on its own port and in its own folder: an empty one
is Redis's default configuration, which writes RDB snapshots."""

from __future__ import annotations

import contextlib
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from .loopback import free_port


class RedisServer:
    """One redis-server process; `stop` and `start` again on the same port, as an outage would."""

    def __init__(self, workdir: Path, conf: str | None = None) -> None:
        binary = shutil.which("redis-server") or shutil.which("valkey-server")
        if binary is None:
            raise RuntimeError("The Redis tests need Debian's redis-server: run `make test` (it installs it) "
                               "or `apt-get install redis-server`.")
        self.binary = binary
        self.workdir = workdir
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None
        self.conf = conf
        self._started = False

    def start(self) -> None:
        """Start it, on its port once it has one. The first start takes another free port when the one picked was
        taken meanwhile (by another test run on this machine, between `free_port` closing it and redis-server binding
        it), and in every start the server that answers must be this process, not a Redis someone else runs there."""
        for _ in range(5 if not self._started else 1):
            if self._run():
                self._started = True
                return
            self.port = free_port()
            self.url = f"redis://127.0.0.1:{self.port}/0"
        raise RuntimeError(f"redis-server could not listen on port {self.port}")

    def _run(self) -> bool:
        persistence = ["--save", "", "--appendonly", "no"]
        if self.conf is not None:
            (self.workdir / "redis.conf").write_text(self.conf, encoding="utf-8")
            persistence = []
        self.process = process = subprocess.Popen(
            [self.binary, *([str(self.workdir / "redis.conf")] if self.conf is not None else []), "--port", str(self.port),
             "--bind", "127.0.0.1", *persistence, "--dir", str(self.workdir), "--protected-mode", "yes", "--loglevel", "warning"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if process.poll() is not None:
                self.process = None
                return False  # it could not listen there
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2) as sock:
                    sock.sendall(b"INFO server\r\n")
                    if f"process_id:{process.pid}\r\n".encode() in _reply(sock):
                        return True
            except OSError:
                pass
            time.sleep(0.02)  # not answering yet, or another server answered there: ours has not bound it (yet)
        self.stop()
        raise RuntimeError(f"redis-server did not answer on port {self.port} within 10 s")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)
        self.process = None

    def flush(self) -> None:
        with socket.create_connection(("127.0.0.1", self.port), timeout=2) as sock:
            sock.sendall(b"FLUSHALL\r\n")
            assert sock.recv(16).startswith(b"+OK")


def _reply(sock: socket.socket) -> bytes:
    """A bulk reply read whole (`$<length>` then the bytes), or whatever came when it is not one."""
    data = sock.recv(65536)
    if not data.startswith(b"$"):
        return data
    size = int(data[1 : data.index(b"\r\n")])
    while len(data) < size:
        data += sock.recv(65536)
    return data


@contextlib.contextmanager
def counted() -> Iterator[list[int]]:
    """Counts writes to any Redis connection, async or blocking, or to a script link's, while it is open: [round trips]."""
    import redis.asyncio.connection as aio
    import redis.connection as sync

    from docent.sidecar import lua

    link = getattr(lua, "Link", None)  # absent from an older version's source, measured beside this one (the benches)
    count = [0]
    originals = (aio.AbstractConnection.send_packed_command, sync.AbstractConnection.send_packed_command,
                 link._send if link is not None else None)

    async def aio_send(self: Any, command: Any, check_health: bool = True) -> None:
        count[0] += 1
        await originals[0](self, command, check_health)

    def sync_send(self: Any, command: Any, check_health: bool = True) -> None:
        count[0] += 1
        originals[1](self, command, check_health)

    def link_send(self: Any, held: Any, packed: bytes) -> None:
        count[0] += 1
        originals[2](self, held, packed)

    aio.AbstractConnection.send_packed_command = aio_send  # type: ignore[method-assign]
    sync.AbstractConnection.send_packed_command = sync_send  # type: ignore[method-assign]
    if link is not None:
        link._send = link_send
    try:
        yield count
    finally:
        aio.AbstractConnection.send_packed_command, sync.AbstractConnection.send_packed_command = originals[:2]  # type: ignore[method-assign]
        if link is not None:
            link._send = originals[2]
