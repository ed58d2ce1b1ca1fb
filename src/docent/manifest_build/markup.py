"""The owner's markup read off one page: parts, experiments and their presets, actions, fields (INTERFACES.md §1)."""

from __future__ import annotations

from collections.abc import Iterator

from selectolax.lexbor import LexborNode

from docent.schema import Action, Consequential, Experiment, Field, Option, Part, Preset

from .text import collapse, label_text
from .types import Problem

# A preset travels as `EXP:PRESET`, so ids must not hold a colon; `live` is the live run's own word.
_RESERVED_PRESET = "live"


def _attr(node: LexborNode, name: str) -> str | None:
    attributes = node.attributes
    if name not in attributes:
        return None
    return (attributes[name] or "").strip()  # a bare attribute (`<b hidden>`) reads as None


def _has(node: LexborNode, name: str) -> bool:
    return name in node.attributes


def label(node: LexborNode, *, drop: frozenset[int]) -> str:
    """data-docent-label, else aria-label, else alt, else its text (first 80 characters)."""
    for name in ("data-docent-label", "aria-label", "alt"):
        value = _attr(node, name)
        if value:
            return collapse(value)
    text = label_text(node, drop=drop)
    if not text:
        # A figure or link around an image speaks through the image's alt.
        image = node.css_first("img[alt]")
        text = collapse(image.attributes.get("alt") or "") if image is not None else ""
    return text


def consequential(node: LexborNode) -> Consequential:
    value = _attr(node, "data-docent-consequential")
    if value is None:
        return None
    return "confirm" if value.lower() == "confirm" else "ring"


def _with_ids(root: LexborNode, name: str, *, page: str, problems: list[Problem]) -> Iterator[tuple[LexborNode, str]]:
    """Each element under `root` marked `name`, with its id; one whose value is not an id is a problem, and skipped."""
    for node in root.css(f"[{name}]"):
        value = _attr(node, name)
        if not value or ":" in value or any(c.isspace() for c in value):
            problems.append(Problem(f'Page "{page}": {name}="{value or ""}" is not an id (no spaces, no colons).'))
            continue
        yield node, value


def _with_names(root: LexborNode, name: str, *, page: str, problems: list[Problem]) -> Iterator[tuple[LexborNode, str]]:
    """Each element under `root` marked `name`, with its name; one with no name is a problem, and skipped."""
    for node in root.css(f"[{name}]"):
        if value := _attr(node, name):
            yield node, value
        else:
            problems.append(Problem(f'Page "{page}": a {name} has no name.'))


def parts(root: LexborNode, *, page: str, path: str, drop: frozenset[int], problems: list[Problem]) -> list[Part]:
    return [
        Part(id_, label(node, drop=drop), page, path)
        for node, id_ in _with_ids(root, "data-docent-part", page=page, problems=problems)
    ]


def experiments(
    root: LexborNode, *, page: str, path: str, drop: frozenset[int], problems: list[Problem]
) -> list[Experiment]:
    found = []
    for node, id_ in _with_ids(root, "data-docent-experiment", page=page, problems=problems):
        presets: list[Preset] = []
        for item, preset in _with_ids(node, "data-docent-preset", page=page, problems=problems):
            if preset == _RESERVED_PRESET:
                problems.append(Problem(f'Experiment "{id_}" on page "{page}": "live" names the live run, not a preset.'))
                continue
            if any(p.id == preset for p in presets):
                problems.append(Problem(f'Experiment "{id_}" on page "{page}" has two presets "{preset}".'))
                continue
            presets.append(Preset(preset, label(item, drop=drop), _has(item, "data-docent-server")))
        live = _has(node, "data-docent-live")
        if not live and any(p.server for p in presets):
            problems.append(
                Problem(f'Experiment "{id_}" on page "{page}" has a server preset but no live run (data-docent-live).')
            )
        found.append(Experiment(id_, label(node, drop=drop), page, path, live, tuple(presets)))
    return found


def actions(root: LexborNode, *, page: str, drop: frozenset[int], problems: list[Problem]) -> list[Action]:
    return [
        Action(name, label(node, drop=drop), page, consequential(node))
        for node, name in _with_names(root, "data-docent-action", page=page, problems=problems)
    ]


def _field_label(root: LexborNode, node: LexborNode, *, id_: str | None, drop: frozenset[int]) -> str:
    for name in ("data-docent-label", "aria-label"):
        value = _attr(node, name)
        if value:
            return collapse(value)
    if id_:
        for candidate in root.css("label[for]"):
            if candidate.attributes.get("for") == id_:
                return label_text(candidate, drop=drop)
    # A control wrapped in its label: <label>Email <input ...></label>.
    parent = node.parent
    while parent is not None and parent.tag not in ("label", "body", "html"):
        parent = parent.parent
    if parent is not None and parent.tag == "label":
        return label_text(parent, drop=drop)
    return _attr(node, "placeholder") or _attr(node, "name") or ""


def _options(node: LexborNode) -> tuple[Option, ...]:
    if node.tag != "select":
        return ()
    options = []
    for option in node.css("option"):
        text = collapse(option.text(deep=True))
        value = option.attributes.get("value")
        options.append(Option(text if value is None else value, text))
    return tuple(options)


def fields(root: LexborNode, *, page: str, drop: frozenset[int], problems: list[Problem]) -> list[Field]:
    found = []
    for node, name in _with_names(root, "data-docent-field", page=page, problems=problems):
        id_ = _attr(node, "id") or None
        found.append(
            Field(name, id_, _field_label(root, node, id_=id_, drop=drop), page, _options(node), consequential(node))
        )
    return found
