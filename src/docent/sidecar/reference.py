"""The public reference: the hand-written OpenAPI document, shipped with the package, and its request schemas.

The endpoints validate bodies against the very schemas the document publishes, so the two cannot drift apart.
"""

from __future__ import annotations

import json
from functools import cache
from importlib.resources import files
from typing import Any

import jsonschema_rs
from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError, best_match

_SCHEMAS = "#/components/schemas/"


@cache
def document_bytes() -> bytes:
    return files("docent.sidecar").joinpath("openapi.json").read_bytes()


@cache
def document() -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(document_bytes())
    return doc


@cache
def validator(schema: str) -> Draft202012Validator:
    """A validator for one of `components.schemas`, its references inlined (twice as fast as resolving each time)."""
    return Draft202012Validator(_inlined(document()["components"]["schemas"][schema]))


def _inlined(node: Any) -> Any:
    """The schema with each `#/components/schemas/X` replaced by X itself; the document's schemas do not recurse."""
    if isinstance(node, dict):
        if "$ref" in node:
            return _inlined(document()["components"]["schemas"][node["$ref"].removeprefix(_SCHEMAS)])
        return {key: _inlined(value) for key, value in node.items()}
    if isinstance(node, list):
        return [_inlined(value) for value in node]
    return node


@cache
def _fast(schema: str) -> Any:
    """jsonschema-rs's validator of the same inlined schema: it answers "fits" in under a microsecond, where
    jsonschema takes about a hundred (a fifth of a question's own time outside the gate, tests/bench/README.md)."""
    return jsonschema_rs.Draft202012Validator(_inlined(document()["components"]["schemas"][schema]))


def problem(schema: str, instance: Any) -> str | None:
    """What is wrong with `instance` against a schema, in words that say what to fix; None when it fits.

    A body jsonschema-rs takes is taken; one it refuses goes to jsonschema, which words the refusal (and has the
    last word: the two read a pattern's `$` apart, Python's matching before a final line break)."""
    try:
        if _fast(schema).is_valid(instance):
            return None
    except (ValueError, OverflowError):  # what Rust cannot take (a lone surrogate): jsonschema decides
        pass
    check = validator(schema)
    if check.is_valid(instance):
        return None
    error = best_match(check.iter_errors(instance))
    return explain(error)


def _json(value: object) -> Any:
    return value


def explain(error: ValidationError) -> str:
    where = _where(error)
    # The failed keyword's value and the instance are JSON of any shape: the keyword says which.
    kind, value, instance, schema = error.validator, _json(error.validator_value), _json(error.instance), _json(error.schema)
    if kind == "type":
        wanted = " or ".join(value) if isinstance(value, list) else value
        return f"{where} must be {_article(wanted)}{wanted}."
    if kind == "maxLength":
        return f"{where} takes at most {value} characters (this has {len(instance)}): shorten it."
    if kind == "minLength":
        return f"{where} is empty: write something."
    if kind == "required":
        missing = [name for name in value if name not in instance]
        return f"{where} lacks {', '.join(missing)}: add {'it' if len(missing) == 1 else 'them'}."
    if kind == "additionalProperties":
        known = schema.get("properties", {})
        extra = [str(name)[:40] for name in instance if name not in known]
        return f"{where} has an unknown field {extra[0]!r}: remove it (known: {', '.join(known)})."
    if kind == "oneOf":
        names = [" and ".join(option.get("required", [])) for option in value]
        return f"{where} takes exactly one of {' or '.join(names)}."
    if kind in {"const", "enum"}:
        allowed = [value] if kind == "const" else value
        return f"{where} must be {' or '.join(json.dumps(v) for v in allowed)}."
    if kind == "pattern" and where.endswith("conversation"):
        return f"{where} is not a conversation token: send the one POST /api/guide/conversations returned."
    if kind in {"maxItems", "maxProperties"}:
        return f"{where} has more than {value} entries: send fewer."
    return f"{where} is not valid ({kind} {json.dumps(value)[:80]}): fix it."


def _where(error: ValidationError) -> str:
    path = ""
    for part in error.absolute_path:
        path += f"[{part}]" if isinstance(part, int) else (f".{part}" if path else str(part))
    return path or "The body"


def _article(word: str) -> str:
    return "" if word in {"null"} else ("an " if word[0] in "aeiou" else "a ")
