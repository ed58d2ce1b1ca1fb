"""Conversations never reach a disk: `docent serve` refuses a Redis that persists, and under the documentation's two
redis.conf fragments nothing of a conversation is in any file either Redis writes, after a save."""

from __future__ import annotations

import os
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import redis

from docent.sidecar.operator.client import open_conversation

from ..redis_server import RedisServer
from ..sidecars import BIN, serving
from . import test_sidecars
from .test_sidecars import ask, names

pytestmark = [pytest.mark.anyio, pytest.mark.slow, pytest.mark.redis]

site = test_sidecars.site  # the fixture: a bundle and a replay script, as a sidecar's environment
OPERATING = Path(__file__).resolve().parents[2] / "site-docs" / "docs" / "operating.md"
QUESTION = "Has he led a team? Remember the word periwinkle-4417 for me."


def fragment(name: str) -> str:
    """The documentation's redis.conf fragment (Operating, "Running several sidecars") whose first line names `name`: the configuration the owner is told to use."""
    for block in re.findall(r"```conf\n(.*?)```", OPERATING.read_text(encoding="utf-8"), flags=re.S):
        if block.startswith(f"# {name}"):
            return str(block)
    raise AssertionError(f"site-docs/docs/operating.md has no ```conf block starting '# {name}'")


@pytest.fixture
def redis_servers(tmp_path: Path) -> Iterator[list[RedisServer]]:
    made: list[RedisServer] = []
    yield made
    for server in made:
        server.stop()


def started(made: list[RedisServer], folder: Path, conf: str) -> RedisServer:
    folder.mkdir()
    server = RedisServer(folder, conf=conf)
    made.append(server)
    server.start()
    return server


def serve_once(env: dict[str, str], folder: Path) -> subprocess.CompletedProcess[str]:
    command = [str(BIN / "docent"), "serve", "--enable", "--port", "0"]
    full = {**os.environ, "DOCENT_POW_SECRET": "a secret of sixteen or more", **env}
    return subprocess.run(command, env=full, cwd=folder, capture_output=True, text=True, timeout=60)


def test_a_redis_with_its_default_persistence_is_refused_at_start_with_the_fix(
    site: dict[str, str], redis_servers: list[RedisServer], tmp_path: Path
) -> None:
    default = started(redis_servers, tmp_path / "default", conf="")  # an empty redis.conf: RDB snapshots on
    done = serve_once({**site, "DOCENT_REDIS_URL": default.url}, tmp_path)
    assert done.returncode == 2, done.stdout + done.stderr
    said = done.stderr
    assert "Docent cannot start" in said and f"Redis at {default.url} writes its data to disk" in said
    assert 'RDB snapshots (save "3600 1 300 100 60 10000")' in said
    assert "CONFIG SET save" in said and "DOCENT_REDIS_KEEP_URL" in said and "DOCENT_CONVERSATIONS_ON_DISK=1" in said
    assert "Docent: serving" not in done.stdout


def test_a_redis_that_hides_its_config_is_refused_as_one_that_cannot_be_told(
    site: dict[str, str], redis_servers: list[RedisServer], tmp_path: Path
) -> None:
    hidden = started(redis_servers, tmp_path / "hidden", conf='save ""\nappendonly no\nrename-command CONFIG ""\n')
    done = serve_once({**site, "DOCENT_REDIS_URL": hidden.url}, tmp_path)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "does not let Docent read its persistence settings" in done.stderr and "+config|get" in done.stderr


async def test_accepted_by_the_owner_it_starts_and_says_so_to_visitors(
    site: dict[str, str], redis_servers: list[RedisServer], tmp_path: Path
) -> None:
    persisting = started(redis_servers, tmp_path / "aof", conf='save ""\nappendonly yes\n')
    env = {**site, "DOCENT_REDIS_URL": persisting.url, "DOCENT_CONVERSATIONS_ON_DISK": "1"}
    with serving("accepted", tmp_path, env) as sidecar:
        async with httpx.AsyncClient(base_url=sidecar.base, timeout=20) as http:
            status = (await http.get("/api/guide")).json()
    assert status["on"] is True and status["on_disk"] is True
    assert "writes its data to disk (the AOF (appendonly yes))" in sidecar.output.read_text()
    assert "accepted (DOCENT_CONVERSATIONS_ON_DISK=1)" in sidecar.output.read_text()


async def test_under_the_documented_configuration_nothing_of_a_conversation_is_in_either_redis_files_after_a_save(
    site: dict[str, str], redis_servers: list[RedisServer], tmp_path: Path
) -> None:
    conversations = started(redis_servers, tmp_path / "conversations", fragment("redis-conversations.conf"))
    keep = started(redis_servers, tmp_path / "keep", fragment("redis-keep.conf"))
    env = {**site, "DOCENT_REDIS_URL": conversations.url, "DOCENT_REDIS_KEEP_URL": keep.url}
    with serving("documented", tmp_path, env) as sidecar:
        async with httpx.AsyncClient(base_url=sidecar.base, timeout=20) as http:
            token = await open_conversation(http)
            status, events = await ask(http, sidecar.base, token, QUESTION)
            on_disk = (await http.get("/api/guide")).json()["on_disk"]
    assert status == 200 and names(events) == ["start", "sentence", "done"] and on_disk is False
    with redis.Redis.from_url(conversations.url) as held:  # the conversation is there, in memory
        assert any(QUESTION.encode() in (held.get(key) or b"") for key in held.scan_iter("docent:conversation:*"))
        for command in ("SAVE", "BGSAVE", "BGREWRITEAOF"):  # no one writes it down by hand
            with pytest.raises(redis.ResponseError, match="unknown command"):
                held.execute_command(command)
    with redis.Redis.from_url(keep.url) as kept:
        assert kept.keys("docent:spend:*") and kept.keys("docent:counts:*")  # what must outlive a restart is here
        assert not kept.keys("docent:conversation*") and not kept.keys("docent:limits*")
        kept.save()
        kept.bgrewriteaof()
    conversations.stop()
    keep.stop()  # each as systemd stops it: SIGTERM, which saves where saving is configured
    assert not [p for p in (tmp_path / "conversations").rglob("*") if p.name != "redis.conf"]
    written = [p for p in (tmp_path / "keep").rglob("*") if p.is_file() and p.name != "redis.conf"]
    assert any(p.suffix == ".rdb" for p in written) and any("aof" in p.name for p in written)
    for path in written:
        data = path.read_bytes()
        for secret in (b"periwinkle", token.encode(), b"Has he led"):
            assert secret not in data, f"{secret!r} is in {path.name}"
