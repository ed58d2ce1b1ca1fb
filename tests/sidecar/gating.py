"""What the gate tests share: a made-up record and docs section, and one sentence's fate through a gate (on a
record built once for a module's sentences, `verdicts`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TypedDict, Unpack

from docent.schema import Block
from docent.schema import RecordSection as Section
from docent.sidecar.answer.bundle import Bundle
from docent.sidecar.answer.events import Held, Sentence
from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from docent.sidecar.answer.site import Site
from docent.sidecar.operator.corpora import judge_sentence


def record_of(*sections: Section) -> dict[str, Section]:
    """A made-up record: the sections by id, as a gate reads them (a later section of the same id wins)."""
    return {s.id: s for s in sections}


def docs_section(sid: str, title: str, text: str, *above: str) -> Section:
    """A section of a made-up docs page, its heading path the headings `above` it and its title."""
    return Section(sid, "docs", title, text, f"/docs/#{sid}", (*above, title))


def page_section(sid: str, title: str, *blocks: Block) -> Section:
    """A section of a made-up page, in the blocks a build reads (a paragraph, a list, code), titled under "Docs"."""
    return Section.of(sid, page="p", path=f"/p/#{sid}", headings=("Docs", title), blocks=blocks)


def fates(record: dict[str, Section], reply: str, lexicon: Lexicon | None = None) -> list[str]:
    """What a fresh gate gives back for a whole reply, in order: "shown" for each event, or the reason it was held;
    `lexicon`, the bundle's (none by default)."""
    gate = Gate(record, lexicon or Lexicon([]))
    return [e.reason if isinstance(e, Held) else "shown" for e in [*gate.feed(reply), *gate.finish()]]


def bundle_fates(bundle: Bundle, reply: str) -> list[str]:
    """What the app's gate on a real bundle (its lexicon, site and mentions, `corpora.judge_sentence`) gives back for a
    whole reply, in order: "shown" for each sentence, or the reason it was held."""
    events = [e for e in judge_sentence(bundle, reply) if isinstance(e, Sentence | Held)]
    return [e.reason if isinstance(e, Held) else "shown" for e in events]


def fate(gate: Gate, sentence: str) -> str:
    """The sentence's fate through `gate`, as a one-sentence answer: "shown", or the reason it was held."""
    events = [e for e in (*gate.feed(sentence), *gate.finish()) if isinstance(e, Sentence | Held)]
    assert len(events) == 1, events
    return "shown" if isinstance(events[0], Sentence) else events[0].reason


class SiteOf(TypedDict, total=False):
    """What `Site.of` takes besides the record and the lexicon, each as it types it."""

    names: Iterable[str]
    page_titles: Mapping[str, str] | None
    owner: str
    intros: Mapping[str, str] | None
    headings: Iterable[str]
    person: Iterable[str]
    docs: bool


def verdicts(*sections: Section, **site: Unpack[SiteOf]) -> Callable[[str], str]:
    """A made-up record of `sections`, built once, and what a fresh gate on it does with a one-sentence answer:
    "shown", or the reason it was held. `site`: what `Site.of` is given besides the record (`owner`, `names`, `docs`),
    where the site's names matter; the site is made once too, as a bundle makes it."""
    record, lexicon = record_of(*sections), Lexicon([])
    made = Site.of(record, lexicon, **site) if site else None
    return lambda sentence: fate(Gate(record, lexicon, site=made), sentence)
