"""The offline model: the embedded default, with no key and no network.

It ranks the record's sections for the question (BM25 over title and text, title words
counted thrice, with light stemming), and writes a few sentences in the third person drawn
from the best one or two, each citing its section; `[[none]]` when nothing matches well.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from collections.abc import AsyncIterator, Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..bundle import Section
from .anthropic import anthropic_body, body_bytes
from .gestures import gestures
from .models import spec_for
from .port import ModelEvent, ModelRequest, Stop, TextDelta, ToolCall, Usage
from .question import asked, calls_since_question
from .words import WORD, stem, terms

SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[\"“(]?[A-Z0-9])")
FIRST_PERSON = re.compile(r"\b(I'm|I've|I'd|I'll|I am|I was|I|[Mm]e|[Mm]y|[Mm]ine|[Mm]yself)\b")
FIRST_PLURAL = re.compile(r"\b([Ww]e|[Oo]ur|[Uu]s|[Oo]urs|[Ww]e're|[Ww]e've)\b")
TEAM = {"we": "the team", "our": "the team's", "us": "the team", "ours": "the team's", "we're": "the team is",
        "we've": "the team has"}
THIRD_PERSON = {
    "i'm": "they're", "i've": "they've", "i'd": "they'd", "i'll": "they'll", "i am": "they are",
    "i was": "they were", "i": "they", "me": "them", "my": "their", "mine": "theirs", "myself": "themselves",
}
# Words that may lose their capital when the sentence gets a lead-in.
LEADS = frozenset(
    "in at on for since when after before during with the a an as over from by their them most some many every each "
    "all both once two three what how".split()
)
SHOW = re.compile(r"\b(show|where|open)\b", re.IGNORECASE)
# The best section must hold half the question's weight (by idf): a common word alone is a
# coincidence, and a word the record never uses ("Rust") weighs most.
COVERAGE = 0.5
FILLER_WORDS = 6  # a sentence taken for context, not for a match, says something


def _marks(sentence: str) -> list[str]:
    return [m for m in ("[[", "|", "```") if m in sentence]


def _mostly_figures(sentence: str) -> bool:
    """A table flattened into text: more figures than words make no sentence."""
    tokens = sentence.split()
    return sum(any(c.isdigit() for c in t) or t in {"%", "–", "-"} for t in tokens) * 4 > len(tokens)


def third_person(sentence: str) -> str:
    """The owner's first-person words told about them: "I review code." -> "The site says they review code."."""
    sentence = FIRST_PLURAL.sub(lambda m: _team(m.group(1)), sentence)
    if not FIRST_PERSON.search(sentence):
        return sentence
    told = FIRST_PERSON.sub(lambda m: THIRD_PERSON[m.group(1).lower()], sentence)
    if told.startswith("they"):
        return "The site says " + told
    first = told.split(" ", 1)[0]
    return "According to the site, " + (told[0].lower() + told[1:] if first.lower() in LEADS else told)


def _team(word: str) -> str:
    told = TEAM[word.lower()]
    return told[0].upper() + told[1:] if word[0].isupper() else told


@dataclass(frozen=True)
class Index:
    """BM25 over the record, built once per record object."""

    sections: list[Section]
    docs: list[Counter[str]]
    lengths: list[int]
    df: Counter[str]

    @classmethod
    def build(cls, record: Mapping[str, Section]) -> Index:
        sections = list(record.values())
        # the page's own name counts too: "the lab" should find the lab's sections
        docs = [Counter(terms(s.title) * 3 + terms(s.page.replace("-", " ")) * 2 + terms(s.text)) for s in sections]
        df: Counter[str] = Counter()
        for doc in docs:
            df.update(doc.keys())
        return cls(sections, docs, [sum(d.values()) for d in docs], df)

    def idf(self, term: str) -> float:
        n = len(self.docs)
        return math.log(1 + (n - self.df[term] + 0.5) / (self.df[term] + 0.5))

    def rank(self, query: list[str], *, k1: float = 1.2, b: float = 0.75) -> list[tuple[float, Section]]:
        avg = sum(self.lengths) / max(1, len(self.lengths))
        scored = []
        for section, doc, length in zip(self.sections, self.docs, self.lengths):
            score = sum(
                self.idf(t) * doc[t] * (k1 + 1) / (doc[t] + k1 * (1 - b + b * length / max(avg, 1)))
                for t in set(query)
                if doc[t]
            )
            scored.append((score, section))
        return sorted(scored, key=lambda pair: -pair[0])


class OfflineModel:
    def __init__(
        self, record: Callable[[], Mapping[str, Section]], *, manifest: Callable[[], Mapping[str, Any]] | None = None
    ) -> None:
        self.record = record
        self.manifest = manifest or dict
        self.spec = spec_for("offline")
        self._index: tuple[Mapping[str, Section], Index] | None = None

    def index(self) -> Index:
        record = self.record()
        if self._index is None or self._index[0] is not record:  # a rebuilt bundle is a new record
            self._index = (record, Index.build(record))
        return self._index[1]

    def answer(self, question: str) -> tuple[list[str], Section | None]:
        """The sentences for a question, each with its citation, and the section they come from most."""
        query = terms(question)
        index = self.index()
        ranked = index.rank(query)
        if not query or not ranked or ranked[0][0] <= 0:
            return ["[[none]]"], None
        best_doc = index.docs[index.sections.index(ranked[0][1])]
        weight = {t: index.idf(t) for t in set(query)}
        if sum(w for t, w in weight.items() if best_doc[t]) < COVERAGE * sum(weight.values()):
            return ["[[none]]"], None
        best_score, best = ranked[0]
        top = [section for score, section in ranked[:8] if score >= best_score / 2]
        # the sentences that carry the question's rarest words answer it, wherever among the top sections they are
        matched = []
        for rank, section in enumerate(top):
            for i, sentence in enumerate(_candidates(section)):
                hit = sum(weight.get(t, 0.0) for t in set(terms(sentence)))
                if hit > 0:
                    matched.append((hit, rank, i, sentence, section))
        picked = sorted(matched, key=lambda m: (-m[0], m[1], m[2]))[:3]
        picked.sort(key=lambda m: (m[1], m[2]))
        chosen = [f"{third_person(m[3])} [[{m[4].id}]]" for m in picked]
        used = {m[3] for m in picked}
        # a match in the title alone: the section's own opening sentences give it context
        for sentence in _candidates(best):
            if len(chosen) >= 2:
                break
            if sentence not in used and len(sentence.split()) >= FILLER_WORDS:
                chosen.append(f"{third_person(sentence)} [[{best.id}]]")
        if len(chosen) < 2:
            chosen += self._pointer(best, set(query))
        return chosen[:4], best

    @staticmethod
    def _pointer(section: Section, query: set[str]) -> list[str]:
        words = [w for w in WORD.findall(section.text) if stem(w) in query and len(w) > 2 and not w.isdigit()]
        if not words:
            return []
        return [f'The section "{section.title}" has more on {words[0]}. [[{section.id}]]']

    async def stream(self, request: ModelRequest) -> AsyncIterator[ModelEvent]:
        prompt = len(body_bytes(anthropic_body(request, self.spec))) // 4
        yield Usage(input_tokens=prompt)
        if calls_since_question(request):
            # the page it opened was the whole of the second call's work
            yield Stop("end_turn")
            return
        question = asked(request)
        sentences, best = self.answer(question)
        offered = {t.get("name") for t in request.tools}
        calls = gestures(question, self.manifest(), offered)
        if not calls and best is not None and SHOW.search(question):
            target = _page_to_show(request, best, question)
            calls = [("show_page", target)] if target is not None else []
        if calls and sentences == ["[[none]]"]:
            sentences = []  # it was asked to act, not to answer: the actions speak, in the manifest's words
        for i, sentence in enumerate(sentences):
            yield TextDelta(sentence if i == 0 else " " + sentence)
        yield Usage(input_tokens=prompt, output_tokens=max(1, sum(map(len, sentences)) // 4))
        for n, (tool, target) in enumerate(calls, start=1):
            yield ToolCall(f"toolu_offline_{n}", tool, {"id": target}, json.dumps({"id": target}))
        yield Stop("tool_use" if calls else "end_turn")

    async def aclose(self) -> None:
        return None


def _candidates(section: Section) -> list[str]:
    """A section's sentences worth saying: no tables flattened into figures, no code, no citations of its own."""
    return [
        s.strip()
        for s in SENTENCE.split(section.text)
        if 3 <= len(s.split()) <= 45 and not _marks(s) and not _mostly_figures(s)
    ]


def _page_to_show(request: ModelRequest, section: Section, question: str) -> str | None:
    """A page the question names ("show me the lab"), else the best section's page, where show_page offers it."""
    tool: dict[str, Any] = next((t for t in request.tools if t.get("name") == "show_page"), {})
    enum = tool.get("input_schema", {}).get("properties", {}).get("id", {}).get("enum", [])
    asked_for = set(terms(question))
    named = [target for target in enum if set(terms(target.replace("-", " "))) <= asked_for]
    return next((target for target in (*named, section.id, section.page) if target in enum), None)
