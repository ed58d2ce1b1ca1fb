"""The benches' own helpers for a server and a build they start: the wait for a server follows the process (its exit,
its answer), not a fixed time, and a failed server or build says the end of what it wrote (tests/bench/large.py,
tests/bench/_gate_mypyc.py, tests/sidecars.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.bench._gate_mypyc import check_ran
from tests.loopback import free_port
from tests.sidecars import stop, tail, wait_until_up
from tests.waiting import until

# A server as `docent serve` starts: its socket listens at once, and it answers only once its start is done.
LATE = """
import http.server, sys, time
class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        print("GET", self.path, flush=True)
        self.send_response(200)
        self.end_headers()
    def log_message(self, *args):
        pass
server = http.server.HTTPServer(("127.0.0.1", int(sys.argv[1])), Handler)
print("Waiting for application startup.", flush=True)
time.sleep(float(sys.argv[2]))
print("Application startup complete.", flush=True)
server.serve_forever()
"""


def _started(code: str, output: Path, *args: str) -> subprocess.Popen[bytes]:
    with open(output, "wb") as sink:
        return subprocess.Popen([sys.executable, "-c", code, *args], stdout=sink, stderr=subprocess.STDOUT)


def test_the_wait_lasts_until_a_listening_server_answers(tmp_path: Path) -> None:
    port, output = free_port(), tmp_path / "late.log"
    process = _started(LATE, output, str(port), "1.5")
    try:
        wait_until_up(process, f"http://127.0.0.1:{port}/api/guide", output, within=120)
        assert process.poll() is None
        assert "Application startup complete." in output.read_text()
    finally:
        stop(process)


def test_the_wait_asks_once_while_the_start_lasts(tmp_path: Path) -> None:
    """A request given up and asked again piles up in the listening socket, each answered once the start is done (614
    on the large bench's start, most with a 429 from the read limit): one request waits for the start."""
    port, output = free_port(), tmp_path / "slow.log"
    process = _started(LATE, output, str(port), "7")
    try:
        wait_until_up(process, f"http://127.0.0.1:{port}/api/guide", output, within=120)
        until(lambda: "GET" in output.read_text())
        assert output.read_text().count("GET /api/guide") == 1
    finally:
        stop(process)


def test_a_server_that_exits_fails_the_wait_with_the_end_of_its_output(tmp_path: Path) -> None:
    output = tmp_path / "crashed.log"
    process = _started("import sys\nfor i in range(100): print('line', i)\nsys.exit(3)", output)
    with pytest.raises(RuntimeError) as failed:
        wait_until_up(process, f"http://127.0.0.1:{free_port()}/", output, within=600)
    said = str(failed.value)
    assert "exited (3)" in said
    assert "line 99" in said and "line 60" in said and "line 59" not in said  # the last 40 lines


def test_a_server_that_never_answers_fails_after_its_limit_with_its_output(tmp_path: Path) -> None:
    output = tmp_path / "hung.log"
    process = _started("import time\nprint('warming the bundle', flush=True)\ntime.sleep(600)", output)
    try:
        until(lambda: "warming" in output.read_text(), within_s=60)
        with pytest.raises(RuntimeError, match="did not answer within 0.5 s") as failed:
            wait_until_up(process, f"http://127.0.0.1:{free_port()}/", output, within=0.5)
        assert process.poll() is None  # alive: the limit, not its exit, ended the wait
    finally:
        stop(process)
    assert "warming the bundle" in str(failed.value)


def test_tail_keeps_the_last_lines_of_a_file_or_a_text(tmp_path: Path) -> None:
    written = tmp_path / "out.log"
    written.write_text("".join(f"{i}\n" for i in range(10)))
    assert tail(written, 3) == "7\n8\n9"
    assert tail("a\nb", 3) == "a\nb"
    assert tail(tmp_path / "never-written.log") == tail("") == "(nothing)"


def test_a_failed_build_says_the_end_of_its_stderr_and_stdout() -> None:
    code = "import sys\nfor i in range(100): print('generated', i)\nprint('cc1: fatal error: Killed', file=sys.stderr)\nsys.exit(1)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, encoding="utf-8", errors="replace")
    with pytest.raises(RuntimeError) as failed:
        check_ran(done, "mypyc")
    said = str(failed.value)
    assert "mypyc failed (exit status 1)" in said
    assert "cc1: fatal error: Killed" in said and "generated 99" in said and "generated 0\n" not in said


def test_a_build_that_ran_raises_nothing() -> None:
    check_ran(subprocess.run([sys.executable, "-c", "print('built')"], capture_output=True, encoding="utf-8"), "mypyc")
