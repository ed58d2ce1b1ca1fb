"""The gate replayed, for profiling the rest of a question's path: `replay_gate()` before the app is made.

The first answer's gate runs for real and what its `feed`, `flush` and `finish` return is recorded, call by call; every
later gate (its construction still real) returns those again in turn. The bench asks one question over and over, so
each answer's events are the first one's, and what is left in a profile or a count is the app outside the gate (round
29's profile, tests/bench/README.md). For questions asked one at a time only (`_instructions.py`, `_profile.py`): the
gates of answers under way at once would record each other's calls. Not a bench of `make bench` (its name starts
with `_`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def replay_gate() -> None:
    import docent.sidecar.answer.gate as gate

    recorded: list[list[Any]] = []
    replaying = False
    real_init = gate.Gate.__init__

    def init(self: Any, *args: Any, **kwargs: Any) -> None:
        real_init(self, *args, **kwargs)
        self._replayed = 0

    def replayed(name: str) -> Callable[..., list[Any]]:
        real = getattr(gate.Gate, name)

        def call(self: Any, *args: Any) -> list[Any]:
            nonlocal replaying
            if not replaying:
                out: list[Any] = real(self, *args)
                recorded.append(list(out))
                replaying = name == "finish"
                return out
            out = recorded[self._replayed]
            self._replayed += 1
            return list(out)

        return call

    gate.Gate.__init__ = init  # type: ignore[method-assign]
    for name in ("feed", "flush", "finish"):
        setattr(gate.Gate, name, replayed(name))
