"""What the checks look ids up in, made once per bundle: the pages a link may name, the tools the pages lend."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..bundle import Bundle


@dataclass(frozen=True)
class Tables:
    bundle: Bundle
    links: dict[str, dict[str, Any]]  # pages and the home page's sections, by id: what show_page and show_links open
    # One name may be lent by several pages, each with its own label and marker: keyed by page.
    actions: dict[str, dict[str, dict[str, Any]]]
    fields: dict[str, list[dict[str, Any]]]  # by name: same-name fields are told apart by their element ids

    @classmethod
    def of(cls, bundle: Bundle) -> Tables:
        actions: dict[str, dict[str, dict[str, Any]]] = {}
        for a in bundle.manifest.get("actions", []):
            actions.setdefault(a["name"], {})[a["page"]] = a
        fields: dict[str, list[dict[str, Any]]] = {}
        for f in bundle.manifest.get("fields", []):
            fields.setdefault(f["name"], []).append(f)
        return cls(bundle, {**bundle.by_id("sections"), **bundle.pages}, actions, fields)

    def lent_kind(self, name: str) -> str | None:
        """The kind of a tool some page lends: a page action or a page field; None for a name no page lends."""
        if name in self.actions:
            return "page_action"
        if name in self.fields:
            return "page_field"
        return None

    def lent(self, name: str, page: str | None, field_id: str | None = None) -> dict[str, Any] | None:
        """The action, or the field of that element id, that `page` lends under `name`; None when it lends none."""
        if field_id is None:
            return self.actions.get(name, {}).get(page or "")
        same = (f for f in self.fields.get(name, []) if f["page"] == page and (f.get("id") or name) == field_id)
        return next(same, None)
