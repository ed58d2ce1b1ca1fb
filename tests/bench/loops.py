"""The event loop the app is driven on in this process: the one `docent serve` runs it on."""

from __future__ import annotations

import asyncio
from typing import Any


def on_served_loop(coro: Any) -> Any:
    """Run on the event loop `docent serve` runs the app on: uvicorn's "auto", uvloop where it is installed (a
    dependency on CPython off Windows), else asyncio's own. `sidecar_asyncio_p50_ms` is the same figure on asyncio's
    own loop, printed beside it (until round 18 the in-process figures ran there: tests/bench/README.md)."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(coro)
    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        return runner.run(coro)
