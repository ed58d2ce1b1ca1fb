"""The bundle's records to JSON's types and back: one writer for the build, one strict reader for the sidecar.

The reader follows the records' own annotations, so a field added to a record is read without another line here;
a key the bundle lacks, or a value of the wrong kind, is refused with where it is and how to make a good bundle.
Each record's reader is made once from its annotations, and a refusal's place is put together only when one is made.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable
from dataclasses import fields, is_dataclass
from functools import cache
from typing import Any, Literal, TypeVar, Union, cast

T = TypeVar("T")

REBUILD = "rebuild it with `mkdocs build` (or `docent manifest SITE_DIR`)"


class BundleError(Exception):
    """The bundle is missing, unreadable or not the shape this version reads; the message says how to make one."""


def plain(value: Any) -> Any:
    """A record as JSON's types: dicts in field order, lists for tuples. What the build writes."""
    if isinstance(value, tuple | list):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in fields(value)}
    return value


def decode(kind: type[T], data: object, *, where: str) -> T:
    """`data`, parsed JSON, as the record `kind`; `where` names it in a refusal ("manifest"; "" for the bundle)."""
    try:
        return cast(T, _reader(cast(object, kind))(data))
    except _Wrong as wrong:
        at = (where + "".join(reversed(wrong.path))).removeprefix(".")
        the = f"The bundle's {at}" if at else "The bundle"
        raise BundleError(f"{the} {wrong.problem}: {REBUILD}.") from None


class _Wrong(Exception):
    """A refusal on its way out: each reader it passes adds its step to the place."""

    def __init__(self, problem: str) -> None:
        self.problem = problem
        self.path: list[str] = []  # innermost first: "[0]", ".label"


Reader = Callable[[object], object]

_JSON_NAMES = {str: "a string", bool: "true or false", int: "a whole number", float: "a number",
               list: "a list", dict: "an object", type(None): "null"}


def _is(data: object, wanted: str) -> _Wrong:
    found = "a number" if isinstance(data, int | float) and not isinstance(data, bool) else _JSON_NAMES.get(
        type(data), type(data).__name__)
    return _Wrong(f"is {found}, not {wanted}")


def _wanted(kind: Any) -> str:
    if typing.get_origin(kind) is Literal:
        return "one of " + ", ".join(map(repr, typing.get_args(kind)))
    return _JSON_NAMES.get(kind, "an object")


@cache
def _reader(kind: Any) -> Reader:
    if isinstance(kind, type) and is_dataclass(kind):
        return _record(kind)
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if origin is tuple or origin is list:
        return _sequence(_reader(args[0]), tuple if origin is tuple else list)
    if origin is dict:
        return _mapping(_reader(args[1]))
    if origin is Union or origin is types.UnionType:
        return _either(kind, args)
    if origin is Literal:
        return _one_of(args)
    if kind is Any:
        return lambda data: data
    return _scalar(kind)


def _record(kind: type) -> Reader:
    hints = typing.get_type_hints(kind)
    named = [(f.name, _reader(hints[f.name])) for f in fields(kind)]

    def read(data: object) -> object:
        if not isinstance(data, dict):
            raise _is(data, "an object")
        missing = [name for name, _ in named if name not in data]
        if missing:
            raise _Wrong(f"lacks {', '.join(missing)}")
        values = {}
        for name, reader in named:
            try:
                values[name] = reader(data[name])
            except _Wrong as wrong:
                wrong.path.append(f".{name}")
                raise
        return kind(**values)

    return read


def _sequence(item: Reader, make: type[tuple[object, ...]] | type[list[object]]) -> Reader:
    def read(data: object) -> object:
        if not isinstance(data, list):
            raise _is(data, "a list")
        out = []
        for i, value in enumerate(data):
            try:
                out.append(item(value))
            except _Wrong as wrong:
                wrong.path.append(f"[{i}]")
                raise
        return make(out)

    return read


def _mapping(value: Reader) -> Reader:
    def read(data: object) -> object:
        if not isinstance(data, dict):
            raise _is(data, "an object")
        out = {}
        for key, v in data.items():
            try:
                out[key] = value(v)
            except _Wrong as wrong:
                wrong.path.append(f".{key}")
                raise
        return out

    return read


def _either(kind: Any, args: tuple[Any, ...]) -> Reader:
    optional = type(None) in args
    options = [_reader(a) for a in args if a is not type(None)]
    wanted = " or ".join(_wanted(a) for a in args)

    def read(data: object) -> object:
        if data is None and optional:
            return None
        for option in options:
            try:
                return option(data)
            except _Wrong:
                continue
        raise _is(data, wanted)

    return read


def _one_of(args: tuple[Any, ...]) -> Reader:
    def read(data: object) -> object:
        if data in args:
            return data
        raise _Wrong(f"is {data!r}, not one of {', '.join(map(repr, args))}")

    return read


def _scalar(kind: Any) -> Reader:
    wanted = _wanted(kind)
    if kind is float:
        def number(data: object) -> object:
            if isinstance(data, int | float) and not isinstance(data, bool):
                return data
            raise _is(data, wanted)
        return number
    exact = kind is int  # JSON's true is no whole number

    def read(data: object) -> object:
        if isinstance(data, kind) and not (exact and isinstance(data, bool)):
            return data
        raise _is(data, wanted)

    return read
