"""The documentation's nginx and Caddy configurations (site-docs/docs/operating.md), each run as written (Debian's nginx and Caddy, on loopback) in
front of `docent serve`: the site and the guide through it, the answer streaming, the rate limits seeing the
forwarded address only from a trusted proxy, and a visitor who leaves stopping the model call."""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families

from docent.sidecar.proof import solve
from tests.loopback import free_port
from tests.sidecar.operating import BUNDLE, sidecar_process

OPERATING = Path(__file__).resolve().parents[2] / "site-docs" / "docs" / "operating.md"
LAB = "[[lab-leak]]"
SCRIPT = {
    "fragments": 8,
    "replies": [
        # The gate lets a sentence go when the next one begins: the pause falls inside the second.
        {"question": "slowly", "calls": [[
            {"text": f"The lab has a heap that leaks. {LAB} It draws"},
            {"sleep": 1.0},
            {"text": f" the heap in two generations. {LAB}"},
        ]]},
        {"question": "forever", "calls": [[
            {"text": f"The lab has a heap that leaks. {LAB} It draws"},
            {"sleep": 30},
            {"text": f" the heap in two generations. {LAB}"},
        ]]},
    ],
}


def program(name: str) -> str:
    found = shutil.which(name) or next((p for p in (f"/usr/sbin/{name}", f"/usr/bin/{name}") if os.access(p, os.X_OK)), None)
    assert found, f"these tests need Debian's {name}: `make test` installs it (apt-get install {name})"
    return found


def documented_block(language: str) -> str:
    blocks = re.findall(rf"```{language}\n(.*?)```", OPERATING.read_text(encoding="utf-8"), re.S)
    assert len(blocks) == 1, f"Operating (site-docs/docs/operating.md) should carry one {language} configuration"
    return blocks[0]


def nginx(tmp: Path, *, site: Path, port: int, upstream: int) -> list[str]:
    """The documentation's server block in a configuration of the test's own; the command that runs it."""
    server = (
        documented_block("nginx")
        .replace("listen 80;", f"listen 127.0.0.1:{port};")
        .replace("root /var/www/example.org;", f"root {site};")
        .replace("http://127.0.0.1:8000", f"http://127.0.0.1:{upstream}")
    )
    conf = tmp / "nginx.conf"
    temp = "\n".join(f"    {kind}_temp_path {tmp}/{kind};" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    conf.write_text(
        ("user root;\n" if os.getuid() == 0 else "")
        + f"worker_processes 1;\npid {tmp}/nginx.pid;\nerror_log {tmp}/error.log warn;\nevents {{ worker_connections 64; }}\n"
        + f"http {{\n    access_log off;\n{temp}\n{server}}}\n"
    )
    return [program("nginx"), "-p", str(tmp), "-e", str(tmp / "error.log"), "-c", str(conf), "-g", "daemon off;"]


def caddy(tmp: Path, *, site: Path, port: int, upstream: int) -> list[str]:
    """The documentation's Caddyfile on a loopback port, without the admin endpoint or certificates."""
    config = (
        documented_block("caddy")
        .replace("example.org {", f"{{\n    admin off\n    auto_https off\n}}\nhttp://127.0.0.1:{port} {{", 1)
        .replace("root * /var/www/example.org", f"root * {site}")
        .replace("127.0.0.1:8000", f"127.0.0.1:{upstream}")
    )
    (tmp / "Caddyfile").write_text(config)
    return [program("caddy"), "run", "--config", str(tmp / "Caddyfile"), "--adapter", "caddyfile"]


PROXIES = {"nginx": nginx, "caddy": caddy}


def wait_for_port(port: int) -> None:
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise AssertionError(f"nothing listens on {port}")


@contextmanager
def proxied(tmp: Path, proxy: str, *, trust: bool) -> Iterator[tuple[str, int]]:
    """The sidecar, and the proxy in front of it as the documentation configures it; yields its URL and the metrics port."""
    site = tmp / "site"
    site.mkdir(exist_ok=True)
    (site / "index.html").write_text("<!doctype html><title>Home</title><p>The static site.</p>")
    script = tmp / "script.json"
    script.write_text(json.dumps(SCRIPT))
    sidecar_port, proxy_port, metrics_port = free_port(), free_port(), free_port()
    env = {
        "DOCENT_ENABLED": "1",
        "DOCENT_BUNDLE": str(BUNDLE),
        "DOCENT_MODEL": f"replay:{script}",
        "DOCENT_POW_MAXNUMBER": "1000",
        "DOCENT_RATE_START": "2/minute",
        "DOCENT_METRICS": f"127.0.0.1:{metrics_port}",
        "DOCENT_STATE_DIR": str(tmp / "state"),
        "DOCENT_TRUST_PROXY": "127.0.0.1" if trust else "",
    }
    command = PROXIES[proxy](tmp, site=site, port=proxy_port, upstream=sidecar_port)
    home = {"HOME": str(tmp), "XDG_DATA_HOME": str(tmp / "data"), "XDG_CONFIG_HOME": str(tmp / "config")}
    with sidecar_process(env, "--port", str(sidecar_port)), (tmp / "proxy.log").open("wb") as log:
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env={**os.environ, **home})
        try:
            wait_for_port(proxy_port)
            yield f"http://127.0.0.1:{proxy_port}", metrics_port
        finally:
            process.terminate()
            process.wait(timeout=10)


@pytest.fixture(scope="module", params=sorted(PROXIES))
def trusted(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int]]:
    with proxied(tmp_path_factory.mktemp(request.param), request.param, trust=True) as made:
        yield made


def visitor(address: str) -> httpx.Client:
    """A client whose connections come from this loopback address, as a different visitor's would."""
    return httpx.Client(transport=httpx.HTTPTransport(local_address=address), timeout=20)


def conversation(http: httpx.Client, base: str) -> str:
    challenge = http.post(f"{base}/api/guide/challenge", json={"purpose": "guide"})
    assert challenge.status_code == 200, challenge.text
    opened = http.post(f"{base}/api/guide/conversations", json={"proof": solve(challenge.json())})
    assert opened.status_code == 201, opened.text
    return str(opened.json()["conversation"])


def metric(port: int, name: str, **labels: str) -> float:
    text = httpx.get(f"http://127.0.0.1:{port}/metrics").text
    for family in text_string_to_metric_families(text):
        for s in family.samples:
            if s.name == name and all(s.labels.get(k) == v for k, v in labels.items()):
                return float(s.value)
    return 0.0


def test_the_site_and_the_guide_are_served_through_nginx(trusted: tuple[str, int]) -> None:
    base, _ = trusted
    assert "The static site." in httpx.get(f"{base}/").text
    status = httpx.get(f"{base}/api/guide").json()
    assert status["on"] is True


@contextmanager
def first_sentence(http: httpx.Client, base: str, question: str) -> Iterator[tuple[str, Iterator[str]]]:
    """`question` asked in a new conversation, its stream read up to its first sentence: what came so far, and the
    rest, still to read. What came is read as one text, as a frame may come in several chunks."""
    body = {"conversation": conversation(http, base), "question": question, "screen": {"page": "home"}}
    with http.stream("POST", f"{base}/api/guide/questions", json=body) as answer:
        assert answer.headers["content-type"].startswith("text/event-stream")
        chunks, seen = answer.iter_text(), ""
        for chunk in chunks:
            seen += chunk
            if "event: sentence" in seen:
                break
        yield seen, chunks


def test_the_first_sentence_comes_through_before_the_answer_ends(trusted: tuple[str, int]) -> None:
    base, _ = trusted
    with visitor("127.0.0.4") as http, first_sentence(http, base, "Tell me slowly") as (seen, rest):
        # The first sentence is here; the rest is a second away in the script, so it cannot be here yet.
        assert "event: done" not in seen
        after = "".join(rest)
    assert "event: done" in after and after.count("event: sentence") == 1


def test_the_rate_limits_see_the_address_the_proxy_forwarded(trusted: tuple[str, int]) -> None:
    base, _ = trusted
    with visitor("127.0.0.2") as first, visitor("127.0.0.3") as second:
        assert first.post(f"{base}/api/guide/challenge", json={"purpose": "guide"}).status_code == 200
        # A forged header changes nothing: nginx replaces it with the address it sees.
        forged = {"X-Forwarded-For": "198.51.100.9"}
        assert first.post(f"{base}/api/guide/challenge", json={"purpose": "guide"}, headers=forged).status_code == 200
        assert first.post(f"{base}/api/guide/challenge", json={"purpose": "guide"}, headers=forged).status_code == 429
        assert second.post(f"{base}/api/guide/challenge", json={"purpose": "guide"}).status_code == 200


@pytest.mark.parametrize("proxy", sorted(PROXIES))
def test_without_trust_every_visitor_shares_the_proxys_address(tmp_path: Path, proxy: str) -> None:
    with proxied(tmp_path, proxy, trust=False) as (base, _), visitor("127.0.0.2") as first, visitor("127.0.0.3") as second:
        for _ in range(2):
            assert first.post(f"{base}/api/guide/challenge", json={"purpose": "guide"}).status_code == 200
        assert second.post(f"{base}/api/guide/challenge", json={"purpose": "guide"}).status_code == 429


def test_a_visitor_who_leaves_at_the_proxy_stops_the_model_call(trusted: tuple[str, int]) -> None:
    base, metrics_port = trusted
    with visitor("127.0.0.5") as http, first_sentence(http, base, "Take forever"):
        pass  # leave mid-answer: the rest of the call is thirty seconds away
    deadline = time.monotonic() + 15
    while metric(metrics_port, "docent_model_calls_total", model="replay", outcome="cancelled") < 1:
        assert time.monotonic() < deadline, "the model call went on after the visitor left"
        time.sleep(0.1)
    assert metric(metrics_port, "docent_answers_total", outcome="cancelled") == 1
    assert metric(metrics_port, "docent_model_calls_total", model="replay", outcome="ok") == 1  # the slow answer only
