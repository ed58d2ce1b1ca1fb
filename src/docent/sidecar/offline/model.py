"""The offline model: the embedded default, with no key and no network.

It ranks the record's sections for the question and answers from the best of them: the sentences with the
question's rarest words; for "what did she do", those where the owner acts; for results, those with the figures.
Each is told in the third person by the owner's name (`Voice`) and cites its section; `[[none]]` when the record
does not say what is asked (`Weighed`: a question's words as the record says them, and their weight). What the visitor asks to have done (a page, a part, a run, a field, an offer, a card) it reads off
the question's words (`Gestures`), and its calls pass the same chain of checks as any model's.
"""

from __future__ import annotations

import math
import re
from collections.abc import AsyncGenerator, Callable, Collection, Mapping
from typing import Any

from docent.schema import Manifest, RecordSection

from ..answer.excerpts import excerpted
from ..answer.lexicon import Entries, Lexicon, entries_of
from ..answer.record_index import ASKS_CHANGES, CHANGELOG
from ..answer.words import ASCII_WORD as WORD
from ..answer.words import stem, terms
from ..model.models import spec_for
from ..model.port import ModelEvent, ModelRequest, Stop, TextDelta, Usage
from ..model.question import asked, calls_since_question, tool_uses
from ..model.wire import anthropic_body, body_bytes
from . import request as request_of
from .code import quoted
from .gestures import Gestures
from .quotes import listed, quotes
from .source import Loaded, Source
from .synonyms import table
from .voice import Voice
from .weighing import Vocabulary, Weighed, spoken

SHOW = re.compile(r"\b(show|where|open)\b", re.IGNORECASE)
# "What did she do on 3-D Secure?": the owner's own work, the sentences where the owner is the subject.
WORK = re.compile(
    r"\bwhat\b[^?]{0,40}\b(do|did|does|done|doing|build|built|work(?:ed)?|contribut\w*|responsible|part|role|own(?:ed)?)\b"
    r"|\b(?:her|his|their|own)\s+(?:part|role|work|contribution|job)\b|\bhow did (?:she|he|they)\b",
    re.IGNORECASE,
)
# "What came of it?": the sentences with the figures.
RESULTS = re.compile(
    r"\b(results?|outcomes?|impact|figures?|numbers?|metrics?|improv\w*|effects?|achiev\w*|gains?|sav(?:e|ed|ings?)"
    r"|how (?:much|many|fast|big|long)|faster|slower|reduc\w*|cut|fell|measur\w*|difference|succe\w*|worked out)\b",
    re.IGNORECASE,
)
OWN_WORK = re.compile(r"(?<![\w'’/.\-])(?:I|[Ww]e)(?:['’](?:ve|d))?\s+(?!am\b|was\b|have been\b)[a-z]")
FIGURE = re.compile(r"\d")
# The best section must hold this share of the question's weight (`Weighed`): a common word alone is a
# coincidence, and a name the record never uses ("Rust") weighs most.
COVERAGE = 0.4
# A question that names the record's own code (`FileResponse`, `request.form()`) is about that code: where the best
# sections hold every such name, the rest of its words are the reader's phrasing ("makes the browser download").
CODE_COVERAGE = 0.25
# "Which exception does it raise?": the answer names a class (ValueError, HTTPException), not the word.
EXCEPTION = re.compile(r"\b[A-Z]\w*(?:Error|Exception)\b")
CODE_SHARE = 0.5  # a sentence that writes a code name the question writes says this much more of it
HERE = 1.25  # a section on the page the visitor has open counts this much more
SECTION_SHARE = 0.5  # how much a sentence's section counts against its own words, when no wish is named
TITLE_SHARE = 0.5  # a word of a section's title counts this much for each of its sentences
TITLED_WORDS = 8  # a sentence taken for its section's title alone says at least this many words
SENTENCE_SHARE = 0.4  # a sentence of another section than the best says at least this much of the question
ELSEWHERE = 2.0  # or, where it says this many times more than any of the best section's, the most of any
FILLER_WORDS = 6  # a sentence taken for context, not for a match, says something
SAID = 3  # sentences in an answer


NONE = ["[[none]]"]
Ranked = list[tuple[float, RecordSection]]
Calls = list[tuple[str, dict[str, Any]]]


class OfflineModel:
    """The embedded model, handed the loaded bundle once per request (`bundle()`, the guide's, which sees a rebuilt
    site at once): it ranks with the bundle's own record index and finds technologies with its own matcher."""

    def __init__(self, bundle: Callable[[], Source | None]) -> None:
        self.bundle = bundle
        self.spec = spec_for("offline")
        self._vocabulary: tuple[Mapping[str, RecordSection], Vocabulary] | None = None
        self._names: tuple[Lexicon, Mapping[str, list[str]]] | None = None

    @classmethod
    def of(cls, record: Mapping[str, RecordSection], *, manifest: Manifest | None = None, lexicon: Entries = ()) -> OfflineModel:
        """A model of a record given alone, its index made once (tests, benches)."""
        loaded = Loaded(record, manifest or Manifest(), lexicon)
        return cls(lambda: loaded)

    def source(self) -> Source:
        return self.bundle() or EMPTY

    def vocabulary(self, source: Source) -> Vocabulary:
        """The record's words, counted once per record (a rebuilt bundle is a new record)."""
        if self._vocabulary is None or self._vocabulary[0] is not source.record:
            self._vocabulary = (source.record, Vocabulary.build(source.record))
        return self._vocabulary[1]

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
        record = source.record if allowed is None else {sid: source.record[sid] for sid in allowed if sid in source.record}
        if not record:
            return NONE, None
        vocabulary = self.vocabulary(source)
        asked = Weighed.of(question, vocabulary, self._lexicon(source), source.manifest, request=request, quiet=quiet)
        limit = 8 if page is None and allowed is None else len(source.index)
        ranked = _ranked(source.index.search(asked.query, limit=limit), record, page=page, here=here)
        if page is None and not ASKS_CHANGES.search(question):
            ranked = _not_changelog(ranked, source.manifest)
        if not _answerable(asked, ranked, vocabulary, page):
            return NONE, None
        return _told(question, asked, ranked, record, page, Voice.of(source.manifest)), ranked[0][1]

    async def stream(self, request: ModelRequest) -> AsyncGenerator[ModelEvent, None]:
        prompt = len(body_bytes(anthropic_body(request, self.spec))) // 4
        yield Usage(input_tokens=prompt)
        source = self.source()
        if calls_since_question(request):
            calls = _after_calls(request, source)
            sentences: list[str] = []
        else:
            sentences, calls = self._reply(request, source)
            for i, sentence in enumerate(sentences):
                # a fenced block starts on a line of its own
                yield TextDelta(sentence if i == 0 else ("\n\n" if sentence.startswith("```") else " ") + sentence)
            yield Usage(input_tokens=prompt, output_tokens=max(1, sum(map(len, sentences)) // 4))
        for event in request_of.calls(calls, start=1 + tool_uses(request)):
            yield event
        yield Stop("tool_use" if calls else "end_turn")

    def _reply(self, request: ModelRequest, source: Source) -> tuple[list[str], Calls]:
        """A question's sentences and calls: shown a page or a part, what the record says there; asked a question
        (or to run), the answer from the record."""
        question, manifest = asked(request), source.manifest
        offered = {t.get("name", "") for t in request.tools}
        kind, calls = Gestures(manifest, record=source.record).recognise(question, offered)
        shown = next((given["id"] for tool, given in calls if tool == "show_page"), None)
        here = request_of.open_page(request, manifest)
        # A part is asked about by its own label too: what the page says of it.
        parts = {p.id: p.label for p in manifest.parts}
        about = " ".join([question, *(parts.get(str(given.get("id")), "") for tool, given in calls if tool == "point_at")])
        sentences, best = self.answer(about, page=shown if kind in SHOWS else None, here=shown or here,
                                      request=bool(kind), quiet=_offer_words(question, calls, manifest),
                                      allowed=excerpted(request.messages), source=source)
        if kind in SHOWS:
            sentences = sentences[:2]
        elif not calls and best is not None:
            calls = _show_where(request, best, question, here, manifest, offered)
        # asked to act, not to answer, the actions speak, in the manifest's words: "send me her CV" wants the CV;
        # "would she fit the role?" asks, and the offer comes with what the record says
        errand = kind in ERRANDS or (kind == "offer" and not QUESTION.search(question))
        if calls and (sentences == NONE or errand or calls[0][0] in CARDS):
            sentences = []
        return sentences, calls

    async def aclose(self) -> None:
        return None


EMPTY = Loaded()


def _after_calls(request: ModelRequest, source: Source) -> Calls:
    """After its own calls ran there is nothing more to say, unless the visitor picked from its card."""
    picked = request_of.picked(request)
    if not picked:
        return []
    offered = {t.get("name", "") for t in request.tools}
    calls = Gestures(source.manifest, record=source.record).read(asked(request), offered, picked=picked)
    return [] if calls and calls[0][0] in CARDS else calls  # asked which once: it does not ask again


def _show_where(
    request: ModelRequest, best: RecordSection, question: str, here: str | None, manifest: Manifest, offered: set[str]
) -> Calls:
    """The page a fact is on, opened when the visitor is elsewhere (or asks where it is); on documentation only
    when asked, since each citation links to its section already."""
    if "show_page" not in offered or (manifest.kind == "docs" and not SHOW.search(question)):
        return []
    target = request_of.page_to_show(request, best, question) if SHOW.search(question) else best.page
    return [("show_page", {"id": target})] if target is not None and target != here else []


def _ranked(found: list[tuple[str, float]], record: Mapping[str, RecordSection], *, page: str | None, here: str | None) -> Ranked:
    """The index's hits within `record`, those on the open page leaning ahead; with `page`, that page's only."""
    ranked = [(score * (HERE if here is not None and record[sid].page == here else 1.0), record[sid])
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
    return [(score, s) for score, s in ranked if not CHANGELOG.search(f"{s.page} {labels.get(s.page, '')}")]


def _answerable(asked: Weighed, ranked: Ranked, vocabulary: Vocabulary, page: str | None) -> bool:
    """Whether the best sections say enough of the question: a common word alone is a coincidence."""
    if not asked.weight or not ranked or ranked[0][0] <= 0:
        return False
    if page is not None:
        return True
    top = _top(ranked)
    if asked.lacking:
        return False
    if asked.raised and not any(EXCEPTION.search(s.text) for _, s in top):
        return False  # "which exception does it raise?" is answered by the exception's name, which none of them writes
    named = len(asked.identifiers)
    return any(
        asked.answers(vocabulary.doc(s)) >= (CODE_COVERAGE if named and asked.names_code(s.text) == named else COVERAGE)
        for _, s in top
    )


def _top(ranked: Ranked) -> Ranked:
    """The sections within half the best's score, eight at most."""
    return [(score, section) for score, section in ranked[:8] if score >= ranked[0][0] / 2]


def _told(
    question: str, asked: Weighed, ranked: Ranked, record: Mapping[str, RecordSection], page: str | None, voice: Voice
) -> list[str]:
    """The sentences that answer, told in the third person, each with its citation."""
    best = ranked[0][1]
    picked = _pick(_top(ranked), asked, _wanted(question), ranked[0][0])
    if page is not None and not picked and not asked.covered(terms(best.text)):
        # nothing on the page says the question's words (its label matched): the page's opening says what it is
        best = next(s for s in record.values() if s.page == page)
    chosen: list[str] = []
    used: set[str] = set()
    listing = 0  # the sentences a list said whole adds
    for m in picked:
        said = listed(m[4], m[3])
        listing += len(said) - 1
        for sentence in said:
            told = voice.tell(sentence)
            if told not in used:  # the same words in two sections are said once
                used.add(told)
                chosen.append(f"{told} [[{m[4].id}]]")
    # a match in the title alone: the section's own opening sentences give it context
    for sentence in quotes(best):
        if len(chosen) >= 2:
            break
        told = voice.tell(sentence)
        if told not in used and len(sentence.split()) >= FILLER_WORDS:
            used.add(told)
            chosen.append(f"{told} [[{best.id}]]")
    if len(chosen) < 2:
        chosen += _pointer(best, set(asked.weight))
    chosen = chosen[: SAID + 1 + listing]
    # where the answer is code, the block that says it, from the sections the sentences came from, the best first
    cited = list(dict.fromkeys([best, *(m[4] for m in picked)]))
    code = quoted(question, asked, cited, {m[3].rstrip("."): m[0] for m in picked}) if page is None else ""
    return chosen + [code] if code else chosen


def _pointer(section: RecordSection, query: set[str]) -> list[str]:
    words = [w for w in WORD.findall(section.text) if stem(w) in query and len(w) > 2 and not w.isdigit()]
    if not words:
        return []
    return [f'The section "{section.title}" has more on {words[0]}. [[{section.id}]]']


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


def _wanted(question: str) -> str | None:
    """What the question asks for beyond its topic: the owner's own work, or the results."""
    if RESULTS.search(question):
        return "results"
    if WORK.search(question):
        return "work"
    return None


def _pick(
    top: list[tuple[float, RecordSection]], asked: Weighed, wants: str | None, best_score: float
) -> list[tuple[float, int, int, str, RecordSection]]:
    """The sentences that answer: those with the question's rarest words, from the sections that match best; when
    it asks for the owner's work or for results, those where the owner acts or the figures are.

    A section's title counts for each of its sentences: under "The cause", every sentence tells what caused it.
    """
    hits = _hits(top, asked)
    most = _most_elsewhere(hits, asked)
    matched = []
    for rank, i, sentence, section, hit, said in hits:
        near = top[rank][0] / best_score  # how well the section answers, against the best
        if wants is not None:
            value = _fits(sentence, section, wants) * (hit + near)
        else:
            # a sentence that says less of the question than a section must is a coincidence of words
            enough = hit >= SENTENCE_SHARE or rank == 0 and hit > 0 or hit >= most
            if not asked.covered(said) and len(sentence.split()) < TITLED_WORDS:
                enough = False  # taken for its section's title alone, a sentence must say something itself
            value = (hit + SECTION_SHARE) * near if enough else 0.0
        if value > 0:
            matched.append((value, rank, i, sentence, section))
    picked = sorted(matched, key=lambda m: (-m[0], m[1], m[2]))[:SAID]
    # what was asked for first; otherwise the record's own order reads best
    return picked if wants is not None else sorted(picked, key=lambda m: (m[1], m[2]))


def _fits(sentence: str, section: RecordSection, wants: str) -> float:
    """Asked for the owner's work or for results: a sentence that is what was asked counts twice (and a quarter
    otherwise); a section whose title says whose work it is ("What I built") or that it holds the results, more."""
    fits = OWN_WORK.search(sentence) if wants == "work" else FIGURE.search(sentence)
    titled = (OWN_WORK if wants == "work" else RESULTS).search(section.title + " x")
    return (2.0 if fits else 0.5) * (1.5 if titled else 1.0)


def _most_elsewhere(hits: list[tuple[int, int, str, RecordSection, float, set[str]]], asked: Weighed) -> float:
    """Where the best section's sentences say little of the question (`ELSEWHERE` times less than the sentence
    that says most), the most any sentence says: that sentence is no coincidence, in whichever of the best sections
    it is; else infinity."""
    most = max((hit for _, _, _, _, hit, said in hits if asked.covered(said)), default=0.0)
    first = max((hit for rank, _, _, _, hit, said in hits if rank == 0 and asked.covered(said)), default=0.0)
    return most if most > ELSEWHERE * first else math.inf


def _hits(top: Ranked, asked: Weighed) -> list[tuple[int, int, str, RecordSection, float, set[str]]]:
    """Each of the top sections' sentences with how much of the question it says, its title's words counting
    `TITLE_SHARE` and the question's code it writes `CODE_SHARE`, and its words."""
    out = []
    for rank, (_, section) in enumerate(top):
        title = set(terms(section.title))
        for i, sentence in enumerate(quotes(section)):
            said = set(spoken(sentence))
            hit = asked.asks(said) + TITLE_SHARE * (asked.asks(said | title) - asked.asks(said))
            out.append((rank, i, sentence, section, hit + CODE_SHARE * asked.code_named(sentence), said))
    return out


def _offer_words(question: str, calls: list[tuple[str, dict[str, Any]]], manifest: Manifest) -> set[str]:
    """The question's words that named the offer it asks for, itself or through the synonym table."""
    offers = {o.id: o for o in manifest.offers}
    named: set[str] = set()
    for tool, given in calls:
        if tool == "offer" and given.get("id") in offers:
            offer = offers[given["id"]]
            named |= set(terms(f"{offer.id.replace('-', ' ')} {offer.label}"))
    if not named:
        return set()
    synonyms = table(manifest.synonyms)
    return {word for word in terms(question) if word in named or synonyms.get(word, frozenset()) & named}
