"""What the record index's tests share: a section as the index reads it, with only the fields it reads."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Section:
    id: str
    page: str
    title: str
    text: str
    headings: tuple[str, ...] = ()  # the index reads the h2 it sits under, when there is one
