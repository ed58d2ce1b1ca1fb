"""Ids in a failed check's words: the model is told the ones the manifest has, a long list cut short."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

LISTED = 40  # a site of 10,000 pages is told the ids there are by the map, not by an error


def listed(names: Iterable[Any]) -> str:
    words = [str(n) for n in names]
    if len(words) > LISTED:
        return ", ".join(words[:LISTED]) + f" and {len(words) - LISTED} more (see the site's map)"
    if len(words) <= 1:
        return "".join(words) or "none"
    return ", ".join(words[:-1]) + " and " + words[-1]


def no_such(noun: str, id_: Any, ids: Iterable[Any]) -> str:
    """Seed 004's words for an id the manifest does not have: 'No page "x". The pages are a, b and c.'"""
    return f'No {noun} "{id_}". The {noun}s are {listed(ids)}.'
