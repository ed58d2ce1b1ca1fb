"""A page's docent facts: read from front matter by the plugin, written into the page's <head>, read back by the CLI.

`<meta name="docent" content='{"page":"lab",...}'>` carries what the rendered body cannot say (the page's label, its
nav order, whether it is record, its instructions), so `docent manifest SITE_DIR` builds what the plugin builds.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from .text import collapse

NAME = "docent"
_TAG = re.compile(r"""<meta\s+name=["']?docent["']?\s+content=(?:'([^']*)'|"([^"]*)")\s*/?>""", re.IGNORECASE)


class MetaError(ValueError):
    """A page's `docent:` front matter or meta tag is not what INTERFACES.md §1 describes."""


@dataclass(frozen=True, slots=True)
class PageMeta:
    page: str
    label: str
    order: int
    record: bool | None = None  # None: the front matter does not say, and the site-wide choice decides
    exclude: bool = False
    instructions: str = ""
    src: str = ""  # the page's source path, relative to docs_dir, for the site-wide choice
    langs: dict[str, str] = field(default_factory=dict)  # code_key -> the language its fence names (fences.py)
    nav: tuple[str, ...] = ()  # the titles of the nav sections the page is under, outermost first

    def tag(self) -> str:
        written = {key: value for key, value in asdict(self).items() if value is not None and value not in ({}, ())}
        payload = json.dumps(written, ensure_ascii=False, separators=(",", ":"))
        # Single-quoted, so the JSON's own quotes stay readable; only what could end the attribute is escaped.
        escaped = payload.replace("&", "&amp;").replace("'", "&#39;").replace("<", "&lt;").replace(">", "&gt;")
        return f"<meta name=\"{NAME}\" content='{escaped}'>"


def front_matter(meta: Mapping[str, Any] | None, *, where: str) -> dict[str, Any]:
    """The page's `docent:` front matter, checked: record, exclude (booleans) and instructions (text).

    `record` is None where the front matter does not say: the site-wide choice (`record_pages`) decides."""
    raw = (meta or {}).get(NAME)
    if raw is None:
        return {"record": None, "exclude": False, "instructions": ""}
    if not isinstance(raw, Mapping):
        raise MetaError(f"{where}: `docent:` in the front matter must be a mapping (record, exclude, instructions).")
    unknown = set(raw) - {"record", "exclude", "instructions"}
    if unknown:
        raise MetaError(f"{where}: unknown `docent:` keys {', '.join(sorted(map(str, unknown)))}.")
    for key in ("record", "exclude"):
        if not isinstance(raw.get(key, False), bool):
            raise MetaError(f"{where}: `docent: {key}:` must be true or false.")
    instructions = raw.get("instructions") or ""
    if not isinstance(instructions, str):
        raise MetaError(f"{where}: `docent: instructions:` must be text.")
    return {
        "record": raw.get("record"),
        "exclude": raw.get("exclude", False),
        "instructions": collapse(instructions),
    }


def find(document: str) -> dict[str, Any] | None:
    """The docent meta tag of a built page, as written (some keys may be missing), or None where it has none.

    The plugin writes every key; a template override for another generator may write only the front matter's
    (`{{ page.meta.docent | tojson }}`), and the reader fills in the rest from the page.
    """
    head_end = document.find("</head>")
    match = _TAG.search(document, 0, head_end if head_end >= 0 else len(document))
    if match is None:
        return None
    try:
        data = json.loads(html.unescape(match.group(1) if match.group(1) is not None else match.group(2)))
    except ValueError as exc:
        raise MetaError(f"The docent meta tag is not JSON: {exc}.") from exc
    if not isinstance(data, dict):
        raise MetaError("The docent meta tag must hold a JSON object.")
    found = front_matter({NAME: {k: v for k, v in data.items() if k in ("record", "exclude", "instructions")}},
                         where="the docent meta tag")
    for key, kind in (("page", str), ("label", str), ("order", int), ("src", str)):
        if key in data:
            if not isinstance(data[key], kind) or isinstance(data[key], bool):
                raise MetaError(f"The docent meta tag's {key!r} must be {kind.__name__}.")
            found[key] = data[key]
    langs = data.get("langs", {})
    if not isinstance(langs, dict) or not all(isinstance(v, str) for v in langs.values()):
        raise MetaError("The docent meta tag's 'langs' must map code keys to languages.")
    found["langs"] = {str(k): v for k, v in langs.items()}
    nav = data.get("nav", [])
    if not isinstance(nav, list) or not all(isinstance(title, str) for title in nav):
        raise MetaError("The docent meta tag's 'nav' must be a list of section titles.")
    found["nav"] = tuple(nav)
    return found
