"""The files the build writes: the public manifest under the site, the private bundle beside the config.

Canonical JSON (compact, UTF-8, keys in the order built) so that the same content gives the same bytes; the hash
is a SHA-256 over the bundle's canonical JSON with its two `hash` fields empty (the bundle's own and its manifest's),
and the public manifest carries it, so the panel and the sidecar can tell whether they were built together.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from msgspec import UNSET, UnsetType

from docent import schema
from docent.schema.mode import prefix_chars, tokens

from .manifest import Manifest
from .mode import DEFAULT_BUDGET_TOKENS, Mode, choose
from .prompt import system as build_system
from .tools import tools as build_tools
from .types import Problem
from .vector_cache import VectorCache
from .vectors import encoder_vectors, record_vectors

PUBLIC_PATH = "docent/manifest.json"


def canonical(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=False)


@dataclass(frozen=True, slots=True)
class Bundle:
    tools: list[dict[str, Any]]
    system: list[dict[str, Any]]
    record: list[dict[str, Any]]
    lexicon: list[dict[str, Any]]
    manifest: dict[str, Any]
    public: dict[str, Any]
    hash: str
    text: str  # the bundle's canonical JSON, as written
    mode: Mode

    @property
    def prompt_chars(self) -> int:
        return sum(len(block["text"]) for block in self.system)


def bundle(manifest: Manifest, *, record_mode: str = "auto", budget_tokens: int = DEFAULT_BUDGET_TOKENS,
           rerank: bool = False, encoder: VectorCache | None = None) -> Bundle:
    """The bundle, its record whole in the prompt or searched (`record_mode`: auto, whole, search; see `mode`); with
    `rerank` and the record searched, each record section's vector (`vectors`: EmbeddingMissing without the extra);
    with `encoder` and the record searched, each section's encoder row instead, read through that cache
    (EncoderMissing without the extra). One or the other: a bundle holds one model's vectors."""
    if rerank and encoder is not None:
        raise ValueError("`rerank` and `encoder` both set: a bundle holds one model's vectors")
    tools = build_tools(manifest)
    system = build_system(manifest)
    whole = tokens(prefix_chars(tools, system))
    chosen = choose(record_mode, budget_tokens=budget_tokens, whole_tokens=whole)
    if chosen == "search":
        system = build_system(manifest, searched=True)
    mode = Mode(chosen, record_mode, budget_tokens, tokens(prefix_chars(tools, system)), whole)
    # Only a searched record's excerpts are reranked: a record sent whole has none. UNSET: no `vectors` key in the file.
    vectors: schema.Vectors | UnsetType = UNSET
    if chosen == "search" and rerank:
        vectors = record_vectors(manifest.record)
    elif chosen == "search" and encoder is not None:
        vectors = encoder_vectors(manifest.record, encoder)
    written = schema.BundleFile(tools, system, manifest.record, manifest.lexicon, manifest.written(hash=""), mode,
                                vectors)
    # The hash is over the bundle's canonical JSON with both hash fields empty. The text is dumped once: the file
    # is that text with the hashes filled in. Quotes inside JSON strings are escaped, so the first `"hash":""` is
    # the manifest's own (its second key), and the last is the bundle's (its last key).
    empty = canonical(schema.plain(written))
    digest = hashlib.sha256(empty.encode("utf-8")).hexdigest()
    filled = f'"hash":"{digest}"'
    text = empty.replace(_EMPTY_HASH, filled, 1).removesuffix(f",{_EMPTY_HASH}}}") + f",{filled}}}"
    private = replace(written.manifest, hash=digest)
    return Bundle(tools, system, manifest.record_json(), manifest.lexicon_json(), private.json(), private.public(),
                  digest, text, mode)


_EMPTY_HASH = '"hash":""'


def _write(path: Path, text: str, *, mode: int | None = None) -> None:
    """Atomically, so a sidecar reloading the bundle never reads half a file; mode for a file others must read."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")  # created 0600
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            if mode is not None:
                os.fchmod(out.fileno(), mode)
            out.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write(built: Bundle, *, site_dir: Path, bundle_path: Path) -> None:
    """Writes site_dir/docent/manifest.json and the bundle."""
    _write(site_dir / PUBLIC_PATH, canonical(built.public) + "\n", mode=0o644)  # served by any web server
    _write(bundle_path, built.text + "\n")


def _covering(manifest: Manifest) -> str:
    if manifest.coverage is None:
        return ""
    return f" ({manifest.coverage:.1%} of the record pages' text)"


def summary(manifest: Manifest, built: Bundle, problems: Sequence[Problem]) -> str:
    """The build's one line of counts, the same from the plugin and from `docent manifest`."""
    chars = built.prompt_chars
    return (
        f"{len(manifest.pages)} pages, {len(manifest.sections)} home sections, {len(manifest.parts)} parts, "
        f"{len(manifest.experiments)} experiments, {len(manifest.tours)} tours, {len(manifest.offers)} offers, "
        f"{len(manifest.actions)} actions, {len(manifest.fields)} fields, {len(manifest.record)} record sections"
        f"{_covering(manifest)}, "
        f"{len(built.tools)} tools; prompt {chars} characters (~{built.mode.prompt_tokens} tokens with the tools); "
        f"{built.mode.said()}; {len(problems)} problems; {_kind_said(manifest)}"
    )


def _kind_said(manifest: Manifest) -> str:
    """The kind of site the build took, in the summary: it sets the guide's voice, refusals, suggestions and when it
    opens pages, and a build that took the wrong one said nothing of it."""
    if manifest.kind == "portfolio":
        return f"a portfolio of {manifest.owner}" if manifest.owner else "a portfolio"
    return "a documentation site (for a person's site, name its `owner`)"
