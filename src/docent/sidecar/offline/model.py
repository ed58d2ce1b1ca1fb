"""The offline model: the embedded default, with no key and no network.

It ranks the record's sections for the question and answers from the best of them: the sentences with the
question's rarest words; for "what did she do", those where the owner acts; for results, those with the figures.
Each is told in the third person by the owner's name (`Voice`) and cites its section; `[[none]]` when the record
does not say what is asked (`Weighed`: a question's words as the record says them, and their weight). What the visitor asks to have done (a page, a part, a run, a field, an offer, a card) it reads off
the question's words (`Gestures`), and its calls pass the same chain of checks as any model's.
"""

from __future__ import annotations

import re
from collections.abc import AsyncGenerator, Callable, Collection, Mapping

from docent.schema import Manifest, RecordSection

from ..answer.excerpts import excerpted
from ..answer.lexicon import Entries, Lexicon, entries_of
from ..answer.record_index import ASKS_CHANGES, CHANGELOG
from ..answer.words import terms
from ..model.models import spec_for
from ..model.port import ModelEvent, ModelRequest, Stop, TextDelta, Usage
from ..model.question import asked, calls_since_question, tool_uses
from ..model.wire import anthropic_body, body_bytes
from . import request as request_of
from .errands import NAME, SHOWS, Calls, after_calls, offer_words, recognised, show_where, silenced
from .gestures import Gestures, of_open_page
from .overview import overview
from .picking import by_ask
from .quotes import item
from .source import Loaded, Source
from .telling import NONE, Ranked, told, top_of
from .vocabulary import Vocabulary
from .voice import Voice
from .weighing import Weighed

# The best section must hold this share of the question's weight (`Weighed`): a common word alone is a
# coincidence, and a name the record never uses ("Rust") weighs most.
COVERAGE = 0.4
# A question that names the record's own code (`FileResponse`, `request.form()`) is about that code: where the best
# sections hold every such name, the rest of its words are the reader's phrasing ("makes the browser download"), but
# for a hyphenated term it writes ("Cache-Control"), a thing it names.
CODE_COVERAGE = 0.25
# "Which exception does it raise?": the answer names a class (ValueError, HTTPException), not the word.
EXCEPTION = re.compile(r"\b[A-Z]\w*(?:Error|Exception)\b")
# A question of several parts ("how many services did it move, how long did it take, and did it save money?"); its
# parts are answered by the best sections, this many, together.
SEVERAL = re.compile(r"\?.*\w.*\?|(?:,|;|\band\b)\s*(?:and\s+|but\s+)?(?:how|what|which|why|when|where|who|did|does|was|were"
                     r"|has|have|had|is|are)\b", re.IGNORECASE)
PARTS = 3
HERE = 1.25  # a section on the page the visitor has open counts this much more
HERE_IT = 1.6  # ... this much where the question points at it, naming nothing else ("what was hard about it?")
POINTING = re.compile(r"\b(?:it|this|that|these|those|here)\b", re.IGNORECASE)



class OfflineModel:
    """The embedded model, handed the loaded bundle once per request (`bundle()`, the guide's, which sees a rebuilt
    site at once): it ranks with the bundle's own record index and finds technologies with its own matcher."""

    def __init__(self, bundle: Callable[[], Source | None]) -> None:
        self.bundle = bundle
        self.spec = spec_for("offline")
        self._vocabulary: dict[bool, tuple[Mapping[str, RecordSection], Vocabulary]] = {}
        self._names: tuple[Lexicon, Mapping[str, list[str]]] | None = None

    @classmethod
    def of(cls, record: Mapping[str, RecordSection], *, manifest: Manifest | None = None, lexicon: Entries = ()) -> OfflineModel:
        """A model of a record given alone, its index made once (tests, benches)."""
        loaded = Loaded(record, manifest or Manifest(), lexicon)
        return cls(lambda: loaded)

    def source(self) -> Source:
        return self.bundle() or EMPTY

    def vocabulary(self, source: Source, *, changes: bool = True) -> Vocabulary:
        """The record's words, counted once per record (a rebuilt bundle is a new record); without `changes`, those of
        its sections outside a changelog: what a question that asks after no change may be answered from."""
        held = self._vocabulary.get(changes)
        if held is None or held[0] is not source.record:
            if changes:
                built = Vocabulary.build(source.record)
            else:
                labels = {p.id: p.label for p in source.manifest.pages}
                docs = {sid: s for sid, s in source.record.items() if not _changelog(s.page, labels)}
                built = self.vocabulary(source) if len(docs) == len(source.record) else Vocabulary.build(docs)
            held = self._vocabulary[changes] = (source.record, built)
        return held[1]

    def _lexicon(self, source: Source) -> tuple[Lexicon, Mapping[str, list[str]]]:
        """The bundle's matcher and each term's names, made once per matcher."""
        matcher = source.matcher
        if self._names is None or self._names[0] is not matcher:
            self._names = (matcher, {" ".join(e.term.split()): [e.term, *e.aliases] for e in entries_of(source.lexicon)})
        return self._names

    def answer(
        self,
        question: str,
        *,
        page: str | None = None,
        here: str | None = None,
        request: bool = False,
        quiet: Collection[str] = (),
        allowed: Collection[str] | None = None,
        source: Source | None = None,
    ) -> tuple[list[str], RecordSection | None]:
        """The sentences for a question, each with its citation, and the section they come from most.

        With `page`, from that page's sections only: the page the visitor asked to see, or the one a part is on.
        `here`: the page the visitor has open; a question asked there leans to its sections ("what caused it?").
        `request`: the question asks for something done, whose words of asking name nothing; `quiet`: more such
        words (those that named the offer it asks for: "could they introduce us?" asks nothing of the record).
        `allowed` (the record searched): the sections the conversation was given, the only ones it may cite.
        """
        source = source or self.source()
        record = _within(source.record, allowed)
        if not record:
            return NONE, None
        changes = page is not None or bool(ASKS_CHANGES.search(question))
        vocabulary = self.vocabulary(source)
        asked = Weighed.of(question, vocabulary, self._lexicon(source), source.manifest, request=request, quiet=quiet)
        if not changes and not asked.lacking and (outside := self.vocabulary(source, changes=False)) is not vocabulary:
            # a name only a changelog writes ("Added X") is one the sections it may answer from lack
            if Weighed.of(question, outside, self._lexicon(source), source.manifest, request=request, quiet=quiet).lacking:
                return NONE, None
        limit = 8 if page is None and allowed is None else len(source.index)
        lean = HERE_IT if here is not None and POINTING.search(question) and not NAME.search(question[1:]) else HERE
        ranked = _ranked(source.index.search(asked.query, limit=limit), record, page=page, here=here, lean=lean)
        if not changes:
            ranked = _not_changelog(ranked, source.manifest)
        if page is None:
            ranked = by_ask(asked, ranked, vocabulary, source.manifest.kind)
        if not _answerable(asked, ranked, vocabulary, page, several=bool(SEVERAL.search(question))):
            return NONE, None
        voice = Voice.of(source.manifest, titles=(s.title for s in record.values()))
        said = told(question, asked, ranked, record, page, voice, source.manifest.kind)
        return (NONE, None) if said == NONE else (said, ranked[0][1])

    async def stream(self, request: ModelRequest) -> AsyncGenerator[ModelEvent, None]:
        prompt = len(body_bytes(anthropic_body(request, self.spec))) // 4
        yield Usage(input_tokens=prompt)
        source = self.source()
        first = not calls_since_question(request)
        if first:
            sentences, calls = self._reply(request, source)
        else:
            calls, sentences = after_calls(request, source), []
            if not calls and request_of.refused_silently(request):  # never an answer of nothing: answer or refuse
                sentences = self.answer(asked(request), allowed=excerpted(request.messages), source=source)[0]
        for delta in _laid_out(sentences):
            yield TextDelta(delta)
        if first or sentences:
            yield Usage(input_tokens=prompt, output_tokens=max(1, sum(map(len, sentences)) // 4))
        for event in request_of.calls(calls, start=1 + tool_uses(request)):
            yield event
        yield Stop("tool_use" if calls else "end_turn")

    def _reply(self, request: ModelRequest, source: Source) -> tuple[list[str], Calls]:
        """A question's sentences and calls: shown a page or a part, what the record says there; asked a question
        (or to run), the answer from the record."""
        question, manifest = asked(request), source.manifest
        offered = {t.get("name", "") for t in request.tools}
        here = request_of.open_page(request, manifest)
        kind, calls = recognised(question, offered, Gestures(manifest, record=source.record, here=here))
        shown = next((given["id"] for tool, given in calls if tool == "show_page"), None)
        # A part is asked about by its own label too: what the page says of it.
        parts = {p.id: p.label for p in manifest.parts}
        about = " ".join([question, *(parts.get(str(given.get("id")), "") for tool, given in calls if tool == "point_at")])
        open_page = here if not calls and of_open_page(question) else None  # "what am I looking at here?"
        # "How do I get started?", "What should I know about “Clients”?": the page's opening
        if not calls and (said := overview(question, manifest, _within(source.record, excerpted(request.messages)))):
            return said, []
        sentences, best = self.answer(about, page=shown if kind in SHOWS else open_page, here=shown or here,
                                      request=bool(kind), quiet=offer_words(question, calls, manifest),
                                      allowed=excerpted(request.messages), source=source)
        if kind in SHOWS:
            sentences = _about_first(sentences, about[len(question):], shown, source)[:2]
        elif not calls and best is not None:
            calls = show_where(request, best, question, here, manifest, offered)
        return ([] if silenced(kind, question, calls, answered=sentences != NONE) else sentences), calls

    async def aclose(self) -> None:
        return None


EMPTY = Loaded()


def _laid_out(sentences: list[str]) -> list[str]:
    """The answer's sentences as the text that says them, each after what goes between it and the one before: a
    fenced block starts on a line of its own, as does the line that leads into a list (never run on after the
    sentence before it: "... if necessary. Basic Script Process:"); each of the list's items on the next line; what
    follows a block or a list a paragraph of its own (a block's citation's line is the block's: "[[id]] If the plugins
    ..." would cite the block's section for the sentence and leave the block uncited); else a space."""
    out: list[str] = []
    for i, sentence in enumerate(sentences):
        marked, after = item(sentence)[0], sentences[i + 1] if i + 1 < len(sentences) else ""
        leads = not marked and item(after)[0] and sentence.rsplit(" [[", 1)[0].endswith(":")
        if i == 0:
            out.append(sentence)
        elif sentence.startswith("```") or sentences[i - 1].startswith("```") or leads or item(sentences[i - 1])[0] and not marked:
            out.append("\n\n" + sentence)
        else:
            out.append(("\n" if marked else " ") + sentence)
    return out


def _within(record: Mapping[str, RecordSection], allowed: Collection[str] | None) -> Mapping[str, RecordSection]:
    """The record, or where the conversation was given sections (`allowed`), those only: the only ones it may cite."""
    return record if allowed is None else {sid: record[sid] for sid in allowed if sid in record}


def _about_first(sentences: list[str], label: str, page: str | None, source: Source) -> list[str]:
    """A part pointed at: the sentences that say its label first, in their words or their section's title, beyond
    the words of its page's ("The 3-D Secure 2 flow, and where the decision service sits in it" before the page's
    opening; for "The 3-D Secure results table", the Results section's), else as they came."""
    pages = {p.id: p.label for p in source.manifest.pages}
    named = set(terms(label)) - set(terms(pages.get(page or "", "")))

    def says(sentence: str) -> int:
        text, _, cited = sentence.rpartition(" [[")
        section = source.record.get(cited.rstrip("]"))
        return len(named & set(terms(f"{text} {section.title if section else ''}")))

    return sorted(sentences, key=lambda s: -says(s)) if named else sentences



def _ranked(found: list[tuple[str, float]], record: Mapping[str, RecordSection], *, page: str | None, here: str | None,
            lean: float = HERE) -> Ranked:
    """The index's hits within `record`, those on the open page leaning ahead (`lean`); with `page`, that page's only."""
    ranked = [(score * (lean if here is not None and record[sid].page == here else 1.0), record[sid])
              for sid, score in found if sid in record]
    ranked.sort(key=lambda r: -r[0])
    if page is None:
        return ranked
    ranked = [(score, s) for score, s in ranked if s.page == page][:8]
    # nothing the question names: the page's own opening says what it is
    return ranked or [(1.0, s) for s in list(record.values()) if s.page == page][:1]


def _not_changelog(ranked: Ranked, manifest: Manifest) -> Ranked:
    """The ranking without a changelog's sections: "Add redirect slashes support" says that something changed, not
    how to use it, and answers only a question about versions or changes."""
    labels = {p.id: p.label for p in manifest.pages}
    return [(score, s) for score, s in ranked if not _changelog(s.page, labels)]


def _changelog(page: str, labels: Mapping[str, str]) -> bool:
    """Whether a page is a changelog, by its id or its label (`labels`: each page's)."""
    return CHANGELOG.search(f"{page} {labels.get(page, '')}") is not None


def _answerable(asked: Weighed, ranked: Ranked, vocabulary: Vocabulary, page: str | None, *, several: bool = False) -> bool:
    """Whether the best sections say enough of the question: a common word alone is a coincidence. A question of
    `several` parts may have each answered by another of the best sections: together they say enough of it."""
    if not asked.weight or not ranked or ranked[0][0] <= 0:
        return False
    if page is not None:
        return True
    top = top_of(ranked)
    if asked.lacking:
        return False
    if asked.raised and not any(EXCEPTION.search(s.text) for _, s in top):
        return False  # "which exception does it raise?" is answered by the exception's name, which none of them writes
    # a word none of the best sections holds is the reader's phrasing ("is it possible to put it ..."), not the topic
    asked = asked.within(set().union(*(vocabulary.doc(s).keys() for _, s in ranked[:8])))
    named = len(asked.identifiers)
    if several and asked.answers(set().union(*(vocabulary.doc(s).keys() for _, s in top[:PARTS]))) >= COVERAGE:
        return True
    return any(
        asked.answers(doc := vocabulary.doc(s))
        >= (CODE_COVERAGE if named and asked.names_code(s.text) == named and asked.holds_compounds(doc) else COVERAGE)
        for _, s in top
    )
