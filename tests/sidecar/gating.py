"""What the gate tests share: a made-up record and docs section, and one sentence's fate through a gate."""

from __future__ import annotations

from docent.schema import RecordSection as Section
from docent.sidecar.answer.events import Held, Sentence
from docent.sidecar.answer.gate import Gate


def record_of(*sections: Section) -> dict[str, Section]:
    """A made-up record: the sections by id, as a gate reads them (a later section of the same id wins)."""
    return {s.id: s for s in sections}


def docs_section(sid: str, title: str, text: str, *above: str) -> Section:
    """A section of a made-up docs page, its heading path the headings `above` it and its title."""
    return Section(sid, "docs", title, text, f"/docs/#{sid}", (*above, title))


def fate(gate: Gate, sentence: str) -> str:
    """The sentence's fate through `gate`, as a one-sentence answer: "shown", or the reason it was held."""
    events = [e for e in (*gate.feed(sentence), *gate.finish()) if isinstance(e, Sentence | Held)]
    assert len(events) == 1, events
    return "shown" if isinstance(events[0], Sentence) else events[0].reason
