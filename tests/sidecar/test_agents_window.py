"""A code block a line or two over the embedded model's window (round 27's agents, task 19: Uvicorn's 13-line example
shown without `import asyncio`), through the official SDK's client against the real app on loopback: shown whole, to
the agent and the panel's reader alike, where the window would leave out a line or two; three or more over, a run of
it, which the panel's reader is told as the agent is (the code event's `run`, `code.js`'s "lines 2–13 of 15")."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from docent.schema import Block
from docent.sidecar.offline import code
from docent.sidecar.offline.weighing import Weighed

from .agentkit import agent, data, pages_bundle, settings, sidecar
from .operating import ask, open_conversation

pytestmark = pytest.mark.anyio

# Uvicorn's own example (docs/index.md, "Config and Server instances"): 13 lines, one over the window.
SERVE = """import asyncio
import uvicorn

async def app(scope, receive, send):
    ...

async def main():
    config = uvicorn.Config("main:app", port=5000, log_level="info")
    server = uvicorn.Server(config)
    await server.serve()

if __name__ == "__main__":
    asyncio.run(main())"""
RUNNING = (
    "<h1>Uvicorn</h1><h3 id=\"config-and-server-instances\">Config and Server instances</h3>"
    "<p>If you'd like to run Uvicorn from an already running async environment, use "
    "<code>uvicorn.Server.serve()</code> instead:</p>"
    "<div class=\"language-py highlight\"><pre><code>{code}</code></pre></div>"
)


QUESTION = "How do I run uvicorn inside a running async event loop?"


@pytest.mark.parametrize("more", [0, 1, 2])
async def test_a_block_a_line_or_two_over_the_window_is_shown_whole(tmp_path: Path, more: int) -> None:
    """Asked how to serve from a running event loop, the embedded model showed Uvicorn's 13-line example as its 12-line
    window, without `import asyncio`: an agent was told (`whole` false), the panel's reader was not, and pasted alone
    it raised NameError. A block a line or two over the window is now shown whole, to both; three over, a window, and
    the panel's code event says which lines of the block it is, as the agent's `lines` and `block_lines` do."""
    block = SERVE + "\n# served" * more
    html = RUNNING.format(code=block.replace("&", "&amp;").replace("<", "&lt;"))
    bundle = pages_bundle(tmp_path, ("/", "Uvicorn", html), name="Uvicorn")
    async with sidecar(settings(tmp_path, bundle=bundle)) as base, agent(base) as session:
        answer = data(await session.call_tool("ask", {"question": QUESTION}))
        async with httpx.AsyncClient(base_url=base, timeout=30) as http:
            panel = [event for name, event in await ask(http, await open_conversation(http), QUESTION) if name == "code"]
    assert answer["model"] == "offline"
    assert [c["text"] for c in answer["code"]] == [c["text"] for c in panel]  # the same lines to both
    if 13 + more > code.LINES + code.SPARE:  # 15 lines: a window of 12, said to be a run of the block, to both
        assert [(c["whole"], c["lines"], c["block_lines"]) for c in answer["code"]] == [(False, [2, 13], 15)]
        assert [c.get("run") for c in panel] == [[2, 13, 15]]
        return
    assert [(c["text"], c["whole"], c["block_lines"]) for c in answer["code"]] == [(block, True, 13 + more)]
    assert f"```py\n{block}\n```" in answer["answer"]
    assert [c.get("run") for c in panel] == [None]  # whole: nothing to say


def test_a_window_never_leaves_out_a_line_or_two() -> None:
    """The window still cuts a block three lines over it (to its `LINES`); one that grows up to its head (`endpoints:`)
    and would leave out a line or two above it shows the block whole."""
    asked = Weighed(weight={"drain": 1.0}, alts={"drain": frozenset({"drain"})}, query="drain")
    long = "\n".join(f"line_{i} = {i}" for i in range(code.LINES + code.SPARE + 1))
    assert code._window(Block("code", long), asked) == "\n".join(long.split("\n")[: code.LINES])
    probes = [f"  probe_{i}: {i}s" for i in range(code.LINES + 1)] + ["  drain: 30s"]
    for above in (["# server.yaml"], ["# server.yaml", "# the probes"], ["# server.yaml", "# the", "# probes"]):
        text = "\n".join([*above, "endpoints:", *probes])
        shown = code._window(Block("code", text, lang="yaml"), asked)
        assert shown == (text if len(above) <= code.SPARE else "\n".join(text.split("\n")[len(above):])), above
