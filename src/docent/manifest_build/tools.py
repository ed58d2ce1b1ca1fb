"""The tools sent to the model (INTERFACES.md §3): strict JSON Schemas, every object closed, every id an enum.

Fixed order: the five of seed 000, the built-ins of seed 004 that fit a static site, then one tool per page action
name and one per field name, each group sorted by name. A tool whose enum would be empty (a site with no tours) is
left out: an empty enum admits nothing and is not valid JSON Schema.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from docent.schema import Action, Consequential, Field

from .manifest import Manifest

Tool = dict[str, Any]

# The map lists this many pages (with the home page's sections) and this many parts at most; past it the tools
# take any id as text, the chain of checks looks it up in the manifest, and the record's headings carry the pages.
MAP_ENTRIES = 300

MARKERS: dict[Consequential, str] = {None: "", "ring": " (consequential)", "confirm": " (asks first)"}


def bounded(manifest: Manifest) -> bool:
    """Whether the site is too large for its map to list every page and part (and the tools to enumerate them)."""
    return len(manifest.pages) + len(manifest.sections) > MAP_ENTRIES or len(manifest.parts) > MAP_ENTRIES


def _closed(properties: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "properties": properties, "required": list(properties), "additionalProperties": False}


def _tool(name: str, description: str, properties: dict[str, Any]) -> Tool:
    return {"name": name, "description": description, "input_schema": _closed(properties), "strict": True}


def _enum(values: Iterable[str], description: str) -> dict[str, Any]:
    return {"type": "string", "enum": list(dict.fromkeys(values)), "description": description}


def _ids(values: Sequence[str], description: str, *, large: bool) -> dict[str, Any]:
    """An enum of the ids; on a site too large for its map, any id as text, looked up by the chain of checks, so
    the tools stay a few kilobytes however many pages there are."""
    if large:
        return {"type": "string", "description": description + " Ids not in the map are checked against the site."}
    return _enum(values, description)


def experiment_ids(manifest: Manifest) -> list[str]:
    """`EXP` (in the browser), `EXP:PRESET` (with that preset), `EXP:live` (a live run, only where it has one)."""
    ids = []
    for experiment in manifest.experiments:
        ids.append(experiment.id)
        ids.extend(f"{experiment.id}:{preset.id}" for preset in experiment.presets)
        if experiment.live:
            ids.append(f"{experiment.id}:live")
    return ids


def _five(manifest: Manifest) -> list[Tool]:
    destinations = [p.id for p in manifest.pages] + [s.id for s in manifest.sections]
    large = bounded(manifest)
    table = [
        ("show_page",
         "Open a page of the site for the visitor, or the home page at one of its sections. Answers with what it opened.",
         destinations, "A page's or a home section's id from the site's map."),
        ("point_at",
         "Point at a part of a page for the visitor: the panel opens the part's page if it is not open and rings the "
         "part. Answers with what it pointed at.",
         [p.id for p in manifest.parts], "A part's id from the site's map."),
        ("run_experiment",
         "Run an experiment in the visitor's browser: EXP as it is set, EXP:PRESET with one of its presets. EXP:live "
         "(a live run on the server) and a preset that runs on the server are only for a visitor who asked to see it "
         "run. Answers with what it started.",
         experiment_ids(manifest), "An experiment, an experiment with a preset, or a live run."),
        ("start_tour",
         "Start a tour of the site: the panel walks the visitor through its steps, each with its caption.",
         [t.id for t in manifest.tours], "A tour's id from the site's map."),
        ("offer",
         "Offer the visitor a next step as a button in the panel. Nothing is sent or done until the visitor presses it.",
         [o.id for o in manifest.offers], "An offer's id from the site's map."),
    ]
    return [
        _tool(name, description, {"id": _ids(ids, about, large=large and name in ("show_page", "point_at"))})
        for name, description, ids, about in table
        if ids
    ]


def _built_ins(manifest: Manifest) -> list[Tool]:
    destinations = [p.id for p in manifest.pages] + [s.id for s in manifest.sections]
    item = _closed({
        "to": _ids(destinations, "A page's or a home section's id from the site's map.", large=bounded(manifest)),
        "title": {"type": "string", "description": "The link's title."},
        "gist": {"type": "string", "description": "One line on what is there."},
    })
    return [
        _tool("get_page_content",
              "What the page the visitor has open shows right now. Call it first for anything about this page; not for "
              "facts the record already holds.", {}),
        _tool("show_links",
              "Show the visitor links to pages of the site, each with a title and a one-line gist. A click opens the "
              "page. Answers once they are shown.",
              {"items": {"type": "array", "items": item, "description": "One or more links."}}),
        _tool("offer_choices",
              "Ask the visitor a question with two to four short answers they pick with one click, and answer with "
              "their pick.",
              {"question": {"type": "string", "description": "The question."},
               "options": {"type": "array", "items": {"type": "string"}, "description": "Two to four short answers."}}),
    ]


def _where(page: str, manifest: Manifest) -> str:
    label = next((p.name for p in manifest.pages if p.id == page), page)
    return f"{label} ({page})"


def _action_tool(name: str, actions: Sequence[Action], manifest: Manifest) -> Tool:
    presses = "; ".join(f'"{a.label}"{MARKERS[a.consequential]} on {_where(a.page, manifest)}' for a in actions)
    return _tool(
        name,
        f"Press {presses}, as the visitor would click it. Answers with the page as the press left it.",
        {},
    )


def _entry(field: Field) -> str:
    """Seed 004's <entry>: the label, its marker, then `, one of <options>` when it has options."""
    entry = f'"{field.label}"{MARKERS[field.consequential]}'
    if field.options:
        options = ", ".join(
            json.dumps(o.value, ensure_ascii=False) + (f" ({o.label})" if o.label and o.label != o.value else "")
            for o in field.options
        )
        entry += f", one of {options}"
    return entry


def _field_tool(name: str, fields: Sequence[Field], manifest: Manifest) -> Tool:
    value: dict[str, Any] = {"type": "string", "description": "What the field should say."}
    if all(f.options for f in fields):
        value["enum"] = list(dict.fromkeys(o.value for f in fields for o in f.options))
    if len(fields) == 1:
        field = fields[0]
        return _tool(name, f"Fill the field: {_entry(field)}, on {_where(field.page, manifest)}.", {"value": value})
    entries = "; ".join(f"{f.id}: {_entry(f)}, on {_where(f.page, manifest)}" for f in fields)
    return _tool(
        name,
        f"Fill one of these by its id. {entries}.",
        {"id": _enum([f.id or "" for f in fields], "The field's id."), "value": value},
    )


def tools(manifest: Manifest) -> list[Tool]:
    by_action: dict[str, list[Action]] = {}
    for action in manifest.actions:
        by_action.setdefault(action.name, []).append(action)
    by_field: dict[str, list[Field]] = {}
    for field in manifest.fields:
        by_field.setdefault(field.name, []).append(field)
    return (
        _five(manifest)
        + _built_ins(manifest)
        + [_action_tool(name, by_action[name], manifest) for name in sorted(by_action)]
        + [_field_tool(name, by_field[name], manifest) for name in sorted(by_field)]
    )
