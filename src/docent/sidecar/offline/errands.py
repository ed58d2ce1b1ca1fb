"""What a visitor asks the embedded model to have done beside its answer: the gestures a question asks for (on
documentation, a page opened only when asked), the page a fact is on, what follows its own calls, and the words
that named an offer."""

from __future__ import annotations

import re
from typing import Any

from docent.schema import Manifest, RecordSection

from ..answer.words import stem, terms
from ..model.port import ModelRequest
from ..model.question import asked
from . import request as request_of
from .gestures import Gestures, request_words
from .source import Source
from .synonyms import table
from .weighing import asking

Calls = list[tuple[str, dict[str, Any]]]

NAME = re.compile(r"\b(?:[A-Z][\w+#-]*|\w*\d\w*)")  # a name as a question writes one: Kafka, 3DS, K8s
SHOW = re.compile(r"\b(show|where|open)\b", re.IGNORECASE)
# On documentation a page is opened only when asked: each citation links to its section already.
ASKED_TO_GO = re.compile(
    r"\b(?:take me|bring me|go(?:ing)? (?:to|back)|navigate|jump to|head (?:to|over)|get me to|lead me)\b"
    r"|\b(?:open|show me|visit|where(?:'s| is| are| can i find))\b[^?.]{0,40}\b(?:page|docs|documentation|documented|"
    r"guide|tutorial|reference|section)s?\b",
    re.IGNORECASE,
)


def recognised(question: str, offered: set[str], gestures: Gestures) -> tuple[str, Calls]:
    """What the visitor asks to have done. A page is opened where what they ask names one: "requests to /user/me go
    to the user_id endpoint. How are routes matched?" tells where requests go, and asks nothing of the pages."""
    kind, calls = gestures.recognise(question, offered)
    if kind == "go" and gestures.manifest.kind == "docs" and not ASKED_TO_GO.search(question):
        return "", []  # "a 404.html page", "?page=2", "open SSE streams": a word, not a request to go
    ask = asking(question)
    if kind == "go" and ask != question.strip():
        told = gestures.recognise(ask, offered)
        if told[0] != "go":
            return told
    return kind, calls


def after_calls(request: ModelRequest, source: Source) -> Calls:
    """After its own calls ran there is nothing more to say, unless the visitor picked from its card."""
    picked = request_of.picked(request)
    if not picked:
        return []
    offered = {t.get("name", "") for t in request.tools}
    calls = Gestures(source.manifest, record=source.record).read(asked(request), offered, picked=picked)
    return [] if calls and calls[0][0] in CARDS else calls  # asked which once: it does not ask again


def show_where(
    request: ModelRequest, best: RecordSection, question: str, here: str | None, manifest: Manifest, offered: set[str]
) -> Calls:
    """The page a fact is on, opened when the visitor is elsewhere (or asks where it is); on documentation only
    when asked, since each citation links to its section already."""
    if "show_page" not in offered or (manifest.kind == "docs" and not ASKED_TO_GO.search(asking(question))):
        return []
    target = request_of.page_to_show(request, best, question) if SHOW.search(question) else page_about(best, question, manifest)
    return [("show_page", {"id": target})] if target is not None and target != here else []


def page_about(best: RecordSection, question: str, manifest: Manifest) -> str:
    """The page to open for an answer: the best section's, unless its label names nothing asked and one page's label
    names ("Does she know Kafka?" opens the Kafka case, not the decision that says most about Kafka)."""
    asked = {stem(w) for w in NAME.findall(question[1:])} - request_words(question)  # names, not "worked" for "How I work"
    labels = {p.id: set(terms(p.label)) for p in manifest.pages}
    if labels.get(best.page, set()) & asked:
        return best.page
    named = [page for page, words in labels.items() if words & asked]
    return named[0] if len(named) == 1 else best.page



CARDS = ("show_links", "offer_choices")
# Requests that are errands, not questions: "take me to the lab" wants the lab, not sentences that mention it.
ERRANDS = ("tour", "field", "press", "next")
# requests to see a page or a part: the record's words about what is there go with it
SHOWS = ("point", "go")
# A question, not a request: "Would she fit ...?", "Where does gRPC fit in?"; "I'd like to contact her" is a request.
QUESTION = re.compile(
    r"\?\s*$|^\s*(?:what|which|who|where|when|why|how|does|did|do|is|are|was|were|has|have|had|can|could|would|"
    r"will|should)\b",
    re.IGNORECASE,
)


def offer_words(question: str, calls: list[tuple[str, dict[str, Any]]], manifest: Manifest) -> set[str]:
    """The question's words that named the offer it asks for, itself or through the synonym table."""
    offers = {o.id: o for o in manifest.offers}
    synonyms = table(manifest.synonyms)
    asked = set(terms(question))
    said = asked | {means for word in asked for means in synonyms.get(word, frozenset())}
    named: set[str] = set()
    for tool, given in calls:
        if tool == "offer" and given.get("id") in offers:
            offer = offers[given["id"]]
            by_id = set(terms(offer.id.replace("-", " ")))
            # named by its id ("a fit check"), the label's other words are the question's ("a senior role")
            named |= by_id if by_id & said else set(terms(f"{offer.id.replace('-', ' ')} {offer.label}"))
    if not named:
        return set()
    return {word for word in asked if word in named or synonyms.get(word, frozenset()) & named}


def silenced(kind: str, question: str, calls: Calls, *, answered: bool) -> bool:
    """Whether the actions speak alone: asked to act, not to answer, in the manifest's words ("send me her CV" wants
    the CV; "would she fit the role?" asks, and the offer comes with what the record says), or with no answer."""
    errand = kind in ERRANDS or (kind == "offer" and not QUESTION.search(question))
    return bool(calls) and (not answered or errand or calls[0][0] in CARDS)
