"""A question that asks what a page is about, not a fact: "How do I get started?" and "What should I know about
“Clients”?", the questions the panel suggests on a documentation site (`manifest_build.suggestions`). Its answer is
the page's own opening, not the sentences elsewhere that happen to write "start" or "clients" ("Starlette will not
start serving any incoming requests until ...")."""

from __future__ import annotations

import re
from collections.abc import Mapping

from docent.schema import Manifest, RecordSection
from docent.schema.manifest import WAY_IN

from .quotes import cited, quotes
from .voice import Voice

# "What should I know about “Clients”?", "What does the documentation say about Routing?": a page asked about by its label.
ABOUT = re.compile(r"^\s*what (?:should (?:i|we) know|does (?:the|this) (?:site|documentation|docs) say) about\s+"
                   r"[“\"'‘]?(?P<label>[^”\"’?]+?)[”\"'’]?\s*[?.!]?\s*$", re.IGNORECASE)
# "How do I get started?", "Where do I begin?": the way in, with nothing else asked.
START = re.compile(r"^\s*(?:how (?:do|can|should) (?:i|we)|where (?:do|should|can) (?:i|we)|how to)\s+"
                   r"(?:get\s+started|start|begin)(?:\s+with\s+(?:it|this))?\s*[?.!]?\s*$", re.IGNORECASE)
SAID = 3  # sentences of the opening


def overview(question: str, manifest: Manifest, record: Mapping[str, RecordSection]) -> list[str]:
    """The answer to a question that asks a page's overview (`page_asked`): the page's opening; empty for any other."""
    page = page_asked(question, manifest, record)
    if page is None:
        return []
    return opening(page, record, Voice.of(manifest, titles=(s.title for s in record.values())))


def page_asked(question: str, manifest: Manifest, record: Mapping[str, RecordSection]) -> str | None:
    """The page a question asks the overview of: the one its label names, or for the way in, the first page whose
    label says it is one (the home page last, as the suggestions draw them); None for any other question."""
    held = {s.page for s in record.values()}
    pages = [p for p in manifest.pages if p.id in held]
    about = ABOUT.match(question)
    if about is not None:
        # By its name first: the suggestions ask "What should I know about “bump (Commands)”?" of one of two pages
        # labelled "bump", and a question of that label alone was answered from the home page (look32, Commitizen).
        asked = " ".join(about.group("label").split()).lower()
        return next((p.id for p in pages if _plain(p.name) == asked), None) or next(
            (p.id for p in pages if _plain(p.label) == asked), None)
    if START.match(question):
        return next((p.id for p in [*pages[1:], *pages[:1]] if WAY_IN.search(p.label)), None)
    return None


def _plain(label: str) -> str:
    """A page's label or name as a question names it: lower case, single spaces, no end punctuation."""
    return " ".join(label.rstrip(".!?:").split()).lower()


def opening(page: str, record: Mapping[str, RecordSection], voice: Voice) -> list[str]:
    """The page's first sentences worth saying, in its order, each with its citation."""
    said: list[str] = []
    for section in (s for s in record.values() if s.page == page):
        for sentence in quotes(section):
            told = voice.sayable(voice.tell(sentence))
            if told is not None:
                said.append(cited(told, section))
                if len(said) == SAID:
                    return said
    return said
