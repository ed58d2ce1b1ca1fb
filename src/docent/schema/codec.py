"""The bundle's records to JSON's types and back: one writer for the build, one strict reader for the sidecar.

msgspec does both, from the records' own annotations, so a field added to a record is read and written without
another line here. The reader is strict (no string is taken for a number), a key the bundle lacks is refused
unless its record gives it a default, and a refusal says where it is and how to make a good bundle.
"""

from __future__ import annotations

from typing import Any, TypeVar

import msgspec

T = TypeVar("T")

REBUILD = "rebuild it with `mkdocs build` (or `docent manifest SITE_DIR`)"


class BundleError(Exception):
    """The bundle is missing, unreadable or not the shape this version reads; the message says how to make one."""


def plain(value: Any) -> Any:
    """A record as JSON's types: objects in field order, lists for tuples. What the build writes.

    Through JSON and back, because `msgspec.to_builtins` keeps tuples, and a tuple is no list to `==`."""
    return msgspec.json.decode(msgspec.json.encode(value))


def decode(kind: type[T], data: object, *, where: str) -> T:
    """`data`, parsed JSON, as the record `kind`; `where` names it in a refusal ("manifest"; "" for the bundle)."""
    try:
        return msgspec.convert(data, kind, strict=True)
    except msgspec.ValidationError as exc:
        raise BundleError(_refusal(str(exc), where)) from None


def _refusal(said: str, where: str) -> str:
    """msgspec's "Expected `str`, got `int` - at `$.manifest.pages[0].label`" as the operator reads it."""
    problem, _, at = said.partition(" - at `$")
    place = (where + at.removesuffix("`")).removeprefix(".")
    the = f"The bundle's {place}" if place else "The bundle"
    return f"{the}: {problem[:1].lower()}{problem[1:]}; {REBUILD}."
