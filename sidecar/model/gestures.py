"""What the offline model does on the page, read off the question's words: a tour, a run, a part, a page.

Each is matched to the manifest's ids and labels by shared words; the chain of checks judges the calls as it
judges any model's, so a wrong guess comes back as an error and the visitor sees nothing of it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from .words import terms

TOUR = re.compile(r"\btours?\b", re.IGNORECASE)
RUN = re.compile(r"\b(run|start|play|try)\b", re.IGNORECASE)
LIVE = re.compile(r"\blive\b", re.IGNORECASE)
POINT = re.compile(r"\b(point|where|show|see)\b", re.IGNORECASE)

Gesture = tuple[str, str]  # (tool, id)


def gestures(question: str, manifest: Mapping[str, Any], offered: set[str]) -> list[Gesture]:
    """The calls the question asks for, in order, among the tools the request offers."""
    asked = set(terms(question))
    if TOUR.search(question) and "start_tour" in offered:
        tour = _best(manifest.get("tours", []), asked) or next(iter(manifest.get("tours", [])), None)
        if tour is not None:
            return [("start_tour", tour["id"])]
    if RUN.search(question) and "run_experiment" in offered:
        run = _run(question, manifest.get("experiments", []), asked)
        if run is not None:
            return run
    if POINT.search(question) and "point_at" in offered:
        part = _best(manifest.get("parts", []), asked, least=2)
        if part is not None:
            return [("show_page", part["page"]), ("point_at", part["id"])]
    return []


def _run(question: str, experiments: Iterable[Mapping[str, Any]], asked: set[str]) -> list[Gesture] | None:
    experiment = _best(experiments, asked, extra=lambda e: " ".join(p["label"] for p in e.get("presets", [])))
    if experiment is None:
        return None
    own = set(terms(f"{experiment['id']} {experiment['label']}"))
    preset = _best(experiment.get("presets", []), asked - own)
    live = bool(LIVE.search(question)) and bool(experiment.get("live"))
    if preset is not None and preset.get("server") and not live:
        preset = None  # a server preset runs only as a live run, and only when asked for one
    if preset is not None:
        target = f"{experiment['id']}:{preset['id']}"
    else:
        target = f"{experiment['id']}:live" if live else experiment["id"]
    return [("show_page", experiment["page"]), ("run_experiment", target)]


def _best(
    entries: Iterable[Mapping[str, Any]],
    asked: set[str],
    *,
    least: int = 1,
    extra: Callable[[Mapping[str, Any]], str] = lambda _: "",
) -> Mapping[str, Any] | None:
    """The entry whose id and label share the most words with the question, if it shares enough."""
    scored = []
    for entry in entries:
        named = set(terms(f"{entry['id'].replace('-', ' ')} {entry['label']} {extra(entry)}"))
        shared = len(named & asked)
        if shared >= min(least, len(named)) and shared > 0:
            scored.append((shared, entry))
    return max(scored, key=lambda pair: pair[0])[1] if scored else None
