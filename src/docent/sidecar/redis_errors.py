"""Redis not answering, told apart from Redis answering no: what the stores raise as `StoreUnavailable` (a 503)."""

from __future__ import annotations

from types import TracebackType

from redis import exceptions as redis_errors

from .store import StoreUnavailable

# What a Redis that is down, restarting, failing over or too slow raises: each a 503, never a 500.
UNREACHABLE = (redis_errors.ConnectionError, redis_errors.TimeoutError, redis_errors.ReadOnlyError)


class _Reachable:
    """Redis not answering, as the StoreUnavailable the app answers 503 to (a class: contextlib's generator was some
    fourteen Python lines a use, three uses a question)."""

    __slots__ = ("what",)

    def __init__(self, what: str) -> None:
        self.what = what

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, trace: TracebackType | None) -> None:
        if exc is not None and isinstance(exc, UNREACHABLE):
            raise StoreUnavailable(f"Redis did not answer{self.what} ({type(exc).__name__}: {exc}).") from None


_ANY = _Reachable("")


def reachable(what: str = "") -> _Reachable:
    """Redis not answering, as the StoreUnavailable the app answers 503 to; `what`: for what, in the message."""
    return _Reachable(what) if what else _ANY
