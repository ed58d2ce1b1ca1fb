"""The screen note: what the visitor has open, what failed and what was held back, in the server's words.

Everything here is rebuilt from ids the manifest has: an id it lacks is dropped, a field's value
goes in only when it is one of the options the manifest lists, and nothing a visitor typed goes in.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from docent.schema import Action, Field

from .bundle import Bundle

# Why the browser could not carry out an action, by the codes the panel sends.
FAILURE_WORDS = {
    "not_found": "it is not on the page",
    "not_showing": "it was not showing",
    "disabled": "it was disabled",
    "read_only": "it was read-only",
    "blocked": "the browser blocked it",
    "timeout": "it did not finish in time",
    "navigation": "the page could not be opened",
    "declined": "the visitor declined it",
    # the panel's own codes (plugins/assets/actions.js)
    "navigation_blocked": "the browser blocked the page change",
    "no_response": "the experiment did not answer",
    "experiment_error": "the experiment reported an error",
    "bad_value": "the field does not take that value",
    "unknown_tool": "the page does not know that action",
}
FAILURE_DEFAULT = "it failed"
TEXT_CHARS = 8000  # the page's text as shown now, at most: the reference's maxLength, and the panel's cap in bytes

# What the gate's held reasons ask of the model next time.
HELD_WORDS = {
    "first_person": "written in the first person: write in the third person, never as I, me or my",
    "unknown_term": "it named a technology or practice its citations do not mention: name only what the cited sections say",
    "no_overlap": "it shared no word of substance with the sections it cited: cite the sections the sentence draws on",
    "uncited": "it cited nothing: end every factual sentence with the ids of its sections",
    "never_cited": "the answer cited no section: cite from the first sentence, or answer [[none]] alone",
    "number": "it gave a figure its citations do not state: give numbers only as the cited sections state them",
    "polarity": "it said not where its citations do not, or the reverse: deny only what the cited sections deny",
    "role": "it gave someone a role its citations do not: say who led, managed, built or decided as the record does",
    "markup": "it carried code or markup: write plain sentences",
    "unsupported": "a second check found it said what its citations do not say: state only what the cited sections state",
}
HELD_DEFAULT = "it did not pass the site's checks"


@dataclass(frozen=True)
class Screen:
    """What the visitor's browser says is on screen, every id checked against the manifest."""

    page: str | None = None
    section: str | None = None
    experiment: str | None = None
    running: bool = False
    preset: str | None = None
    # field element id -> an option's value, or None: the browser found no element for it (seed 004's "not showing")
    fields: Mapping[str, str | None] = field(default_factory=dict)
    text: str | None = None  # the page's text as shown now, as the panel read it (no typed values); capped

    @classmethod
    def read(cls, raw: Mapping[str, Any] | None, bundle: Bundle) -> Screen:
        raw = raw or {}
        page = _known(raw.get("page"), bundle.pages)
        section = _known(raw.get("section"), bundle.sections)
        if section is not None and bundle.sections[section].page != page:
            section = None  # a section is of the home page, and only while it is open
        experiment = _known(raw.get("experiment"), bundle.experiments)
        preset = None
        if experiment is not None:
            preset = _known(raw.get("preset"), {p.id: p for p in bundle.experiments[experiment].presets})
        fields: dict[str, str | None] = {}
        values = raw.get("fields")
        if page is not None and isinstance(values, Mapping):
            for f in bundle.manifest.fields:
                if f.id is None or f.page != page or f.id not in values:
                    continue
                value = values[f.id]
                if value is None:
                    fields[f.id] = None  # the page shows no such element now
                elif isinstance(value, str) and value in _option_values(f):
                    fields[f.id] = value
        text = raw.get("text")
        shown = " ".join(text.split())[:TEXT_CHARS] if page is not None and isinstance(text, str) else ""
        return cls(
            page=page,
            section=section,
            experiment=experiment,
            running=raw.get("running") is True and experiment is not None,
            preset=preset,
            fields=fields,
            text=shown or None,
        )


@dataclass(frozen=True)
class Failure:
    """An action the browser could not carry out, by its tool, its id and a reason code."""

    tool: str
    id: str
    reason: str

    @classmethod
    def read_all(cls, raw: Iterable[Any] | None, known: Mapping[str, Collection[str]]) -> list[Failure]:
        """The reports that name a tool and one of its ids in `known` (`tools.failable`); the rest are dropped."""
        out: list[Failure] = []
        for item in raw or ():
            if not isinstance(item, Mapping):
                continue
            tool, id_, reason = item.get("tool"), item.get("id"), item.get("reason")
            if isinstance(tool, str) and isinstance(id_, str) and id_ in known.get(tool, ()):
                out.append(cls(tool, id_, reason if reason in FAILURE_WORDS else "failed"))
        return out


def _known(value: Any, table: Mapping[str, Any]) -> str | None:
    return value if isinstance(value, str) and value in table else None


def _option_values(f: Field) -> list[str]:
    return [o.value for o in f.options]


def marked(label: str, consequential: str | None) -> str:
    """A label with seed 004's marker: calling a consequential one rings it; an asks-first one asks."""
    if consequential == "confirm":
        return f"{label} (asks first)"
    if consequential:
        return f"{label} (consequential)"
    return label


def shown_value(f: Field, value: str) -> str:
    """A value as the page lists it: the JSON string, then its option's label."""
    label = next((o.label for o in f.options if o.value == value), None)
    return json.dumps(value, ensure_ascii=False) + (f" ({label})" if label and label != value else "")


def page_note(bundle: Bundle, page: str, values: Mapping[str, str | None] | None = None) -> str:
    """Seed 004's page note for one page of the manifest; empty parts drop, names are sorted.

    `values` are field values by element id, already checked; a field without one reads without "now", and one
    whose value is None (the browser found no element for it) reads "not showing".
    """
    values = values or {}
    manifest = bundle.manifest
    parts = [f"## The page the visitor has open: {bundle.pages[page].label}"]
    instructions = manifest.instructions.get(page)
    if instructions:
        parts.append(instructions.strip())
    if manifest.page_text.get(page, "").strip():
        parts.append("Its tools: get_page_content.")
    actions = sorted((a for a in manifest.actions if a.page == page), key=lambda a: a.name)
    if actions:
        names = [a.name + _marker(a.consequential) for a in actions]
        parts.append(f"Its actions: {', '.join(names)}.")
    fields = [f for f in manifest.fields if f.page == page]
    if fields:
        parts.append(f"Its fields: {', '.join(_field_entries(fields, values))}.")
    return "\n\n".join(parts)


def _marker(consequential: str | None) -> str:
    return marked("", consequential)


def _field_entries(fields: list[Field], values: Mapping[str, str | None]) -> list[str]:
    by_name: dict[str, list[Field]] = {}
    for f in fields:
        by_name.setdefault(f.name, []).append(f)
    entries = []
    for name in sorted(by_name):
        group = by_name[name]
        if len(group) == 1:
            entries.append(f"{name}: {_field_reading(group[0], values)}")
        else:
            inner = "; ".join(f"{f.id}: {_field_reading(f, values)}" for f in group)
            entries.append(f"{name} ({inner})")
    return entries


def _field_reading(f: Field, values: Mapping[str, str | None]) -> str:
    reading = marked(f.label, f.consequential)
    if (f.id or "") in values and values[f.id or ""] is None:
        return f"{reading}, not showing"
    value = values.get(f.id or "")
    return f"{reading}, now {shown_value(f, value)}" if value is not None else reading


def note(bundle: Bundle, screen: Screen, *, failed: Iterable[Failure] = (), held: Iterable[str] = ()) -> str:
    """The whole note for a question: the page section, what failed, what the gate held back.

    Returns "" when there is nothing to say (no page introduced itself, nothing failed or held).
    """
    blocks: list[str] = []
    if screen.page is not None:
        page = page_note(bundle, screen.page, screen.fields)
        state = _state(bundle, screen)
        blocks.append(page + ("\n\n" + state if state else ""))
    failures = [_failure_line(bundle, f) for f in failed]
    if failures:
        blocks.append("## What the browser could not do\n\n" + "\n".join(failures))
    held = list(held)
    if held:
        blocks.append(_held_block(held))
    return "\n\n".join(blocks)


def _state(bundle: Bundle, screen: Screen) -> str:
    lines = []
    if screen.section is not None:
        lines.append(f"The visitor is at the section {bundle.sections[screen.section].label}.")
    if screen.experiment is not None:
        exp = bundle.experiments[screen.experiment]
        doing = "is running" if screen.running else "is not running"
        line = f"The experiment {exp.label} {doing}"
        if screen.preset is not None:
            preset = next(p for p in exp.presets if p.id == screen.preset)
            line += f", with the preset {preset.label}"
        lines.append(line + ".")
    return "\n".join(lines)


# Seed 004's answers for a page's action or field the browser could not press or fill.
LENT_WORDS = {
    "not_found": '"{label}" isn\'t showing.',
    "not_showing": '"{label}" isn\'t showing.',
    "disabled": '"{label}" is disabled right now.',
    "read_only": '"{label}" is read-only right now.',
}


def _failure_line(bundle: Bundle, failure: Failure) -> str:
    why = FAILURE_WORDS.get(failure.reason, FAILURE_DEFAULT)
    lent = _lent_entry(bundle, failure)
    if lent is None:
        return f"- {failure.tool} {failure.id} did not happen: {why}. Claim nothing of it."
    words = LENT_WORDS.get(failure.reason)
    said = words.format(label=lent.label) if words else f"{failure.tool} failed: {why}."
    return f"- {said} Claim nothing of it."


def _lent_entry(bundle: Bundle, failure: Failure) -> Action | Field | None:
    """The page action or field a failure names, by its name and, for a field, its element id."""
    entries: list[Action | Field] = [*bundle.manifest.actions, *bundle.manifest.fields]
    for entry in entries:
        element = entry.id if isinstance(entry, Field) else None
        if entry.name == failure.tool and failure.id in (entry.name, element):
            return entry
    return None


def _held_block(held: list[str]) -> str:
    count = "One sentence" if len(held) == 1 else f"{len(held)} sentences"
    lines = [f"- {HELD_WORDS.get(reason, HELD_DEFAULT)}." for reason in dict.fromkeys(held)]
    return f"## What the site held back\n\n{count} of your last answer did not reach the visitor:\n" + "\n".join(lines)


def reminder(text: str) -> dict[str, str]:
    """The note as a text block in the user's message, for models that take no mid-conversation system message."""
    return {"type": "text", "text": f"<system-reminder>\n{text}\n</system-reminder>"}
