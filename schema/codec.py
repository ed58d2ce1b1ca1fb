"""The bundle's records to JSON's types and back: one writer for the build, one strict reader for the sidecar.

The reader follows the records' own annotations, so a field added to a record is read without another line here;
a key the bundle lacks, or a value of the wrong kind, is refused with where it is and how to make a good bundle.
"""

from __future__ import annotations

import types
import typing
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
    return cast(T, _value(kind, data, where))


@cache
def _fields(kind: type) -> tuple[tuple[str, Any], ...]:
    hints = typing.get_type_hints(kind)
    return tuple((f.name, hints[f.name]) for f in fields(kind))


_JSON_NAMES = {str: "a string", bool: "true or false", int: "a whole number", float: "a number",
               list: "a list", dict: "an object", type(None): "null"}


def _the(where: str) -> str:
    return f"The bundle's {where}" if where else "The bundle"


def _at(where: str, name: str) -> str:
    return f"{where}.{name}" if where else name


def _refuse(where: str, data: object, wanted: str) -> BundleError:
    found = "a number" if isinstance(data, int | float) and not isinstance(data, bool) else _JSON_NAMES.get(
        type(data), type(data).__name__)
    return BundleError(f"{_the(where)} is {found}, not {wanted}: {REBUILD}.")


def _value(kind: Any, data: object, where: str) -> object:
    if isinstance(kind, type) and is_dataclass(kind):
        if not isinstance(data, dict):
            raise _refuse(where, data, "an object")
        named = _fields(kind)
        missing = [name for name, _ in named if name not in data]
        if missing:
            raise BundleError(f"{_the(where)} lacks {', '.join(missing)}: {REBUILD}.")
        return kind(**{name: _value(hint, data[name], _at(where, name)) for name, hint in named})
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if origin is tuple or origin is list:
        if not isinstance(data, list):
            raise _refuse(where, data, "a list")
        items = [_value(args[0], v, f"{where}[{i}]") for i, v in enumerate(data)]
        return tuple(items) if origin is tuple else items
    if origin is dict:
        if not isinstance(data, dict):
            raise _refuse(where, data, "an object")
        return {k: _value(args[1], v, _at(where, k)) for k, v in data.items()}
    if origin is Union or origin is types.UnionType:
        if data is None and type(None) in args:
            return None
        for option in (a for a in args if a is not type(None)):
            try:
                return _value(option, data, where)
            except BundleError:
                continue
        raise _refuse(where, data, " or ".join(_wanted(a) for a in args))
    if origin is Literal:
        if data in args:
            return data
        raise BundleError(f"{_the(where)} is {data!r}, not one of {', '.join(map(repr, args))}: {REBUILD}.")
    if kind is Any:
        return data
    if kind is float and isinstance(data, int | float) and not isinstance(data, bool):
        return data
    if kind in (str, bool, int) and isinstance(data, kind) and not (kind is int and isinstance(data, bool)):
        return data
    raise _refuse(where, data, _wanted(kind))


def _wanted(kind: Any) -> str:
    if typing.get_origin(kind) is Literal:
        return "one of " + ", ".join(map(repr, typing.get_args(kind)))
    return _JSON_NAMES.get(kind, "an object")
