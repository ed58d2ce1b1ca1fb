"""What the offline model does on the page, read off the question's words: a tour, a run, a field, an offer, a page,
a part, or a card of links to look at next.

Each is matched to the manifest's ids and labels by shared words, a visitor's words widened by the synonym table
(built in, and the owner's). A request that fits several entries equally well asks the visitor which, with
`offer_choices` (pages: a `show_links` card, whose links are the choice). The chain of checks judges these calls as
it judges any model's, so a wrong guess comes back as an error and the visitor sees nothing of it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from docent.schema import Experiment, Manifest, Page, RecordSection, Section
from docent.schema import Field as FieldEntry

from ..answer.words import stem, terms
from .labels import best_of, ranked
from .presets import label_forms, negated, preset, refused_verb, score
from .quotes import quotes
from .synonyms import expand, table
from .voice import Voice

TOUR = re.compile(r"\btours?\b|\bshow me around\b|\bwalk(?:s|ing)?\s*(?:me\s+)?through\b|\bwalkthrough|\bguided\b",
                  re.IGNORECASE)
RUN = re.compile(r"\b(run|start|play|try|launch|kick off|fire up|spin up|simulate)\b", re.IGNORECASE)
LIVE = re.compile(r"\blive\b|\bserver\b|\b(?:watch|see)\b.{0,30}\brun", re.IGNORECASE)
# Seeing a preset is running it: "show me the slow leak", "can I see the storm with no backoff?".
SEE = re.compile(r"\b(show|see|watch|look)\b", re.IGNORECASE)
# ... and so is asking what would happen with one: "what happens if there's no backoff?", "and if they add jitter?",
# "the same thing but with jitter".
WHAT_IF = re.compile(r"\bwhat\s+(?:happens|would\s+happen|will\s+happen)\s+(?:if|when|with|without)\b|\bwhat\s+if\b"
                     r"|^\W*and\s+(?:if|with|without)\b|\b(?:same|again)\b[^?.!]{0,20}\b(?:with|without)\b"
                     r"|\bnow\s+(?:with|without)\b", re.IGNORECASE)
# A page's own button, pressed: "hit run on the leak" wants the button "Run the leak", not the experiment run.
PRESS = re.compile(r"\b(hit|press|click|tap|push)\b", re.IGNORECASE)
SET = re.compile(r"\b(set|pick|choose|select|change|switch|make|put|fill|mark)\b", re.IGNORECASE)
POINT = re.compile(r"\b(point|where|show|see|highlight|find)\b", re.IGNORECASE)
GO = re.compile(
    r"\b(take me|bring me|go(?:ing)? (?:to|back|home)|navigate|jump to|head (?:to|over)|open|visit|show me|"
    r"get me to|lead me|where(?:'s| is| are| can i find))\b|\bpage\b",
    re.IGNORECASE,
)
# "What do you recommend?" asks what to read; "the recommended way to hand it to Celery" asks how, of the record.
NEXT = re.compile(
    r"\b(what|where|which)\b[^?]{0,40}(?<![\w-])(look|start|read|see|next|first|begin|worth|check out|explore)(?![\w-])"
    r"|\brecommend(?!ed\b)|\bsuggest(?!ed\b)|\bwhat else\b|\bhighlights?\b|\bbest (?:place|part|bits)\b"
    r"|\bmost\s+\w+\s+(?:bits?|parts?|pages?|things|stuff)\b",
    re.IGNORECASE,
)
# Words of a request that say how, not what: "what should I look at next" names no page.
REQUEST_WORDS = frozenset(
    terms(
        "look start read see next first begin worth explore recommend suggest else highlight best place part "
        "bit take bring go navigate jump head open visit show get lead page point find where set pick choose select "
        "change switch make put fill mark run play try launch kick simulate live tour walk around want like can could"
    )
)
# A request word the question makes a noun of ("the settings page", "which setting"): a thing named, not a way of
# asking; "settings" stems to "set" as "set it up" does.
_NOUN_FORM = re.compile(r"\b[a-z]+ings\b|\b(?:the|a|an|this|that|which|what|each|every|any|its|your|my|our)\s+([a-z]+ing)\b",
                        re.IGNORECASE)


def request_words(question: str) -> frozenset[str]:
    """`REQUEST_WORDS`, less those the question writes as a noun (`_NOUN_FORM`)."""
    return REQUEST_WORDS - {stem(m.group(1) or m.group()) for m in _NOUN_FORM.finditer(question)}


# "What am I looking at here?": the page open, asked about with no word beyond these and the words of asking.
ON_THIS_PAGE = re.compile(r"\b(?:here|this\s+(?:page|screen)|looking\s+at)\b", re.IGNORECASE)
PAGE_WORDS = REQUEST_WORDS | frozenset(terms("here page screen this"))


def of_open_page(question: str) -> bool:
    """Whether a question asks about the page the visitor has open, with no topic of its own ("what am I looking at
    here?"): its sections tell what it is, and no other page opens."""
    return ON_THIS_PAGE.search(question) is not None and not set(terms(question)) - PAGE_WORDS


# A question about people, where a word for getting in touch means it: a person's pronoun.
PEOPLE = re.compile(r"\b(?:she|her|hers|he|him|his|they|them|their|you|your|us|me|I|we)\b", re.IGNORECASE)
# "Has she ...", "Did he ...": a question about the owner's past; "why ...": about a reason.
PAST = re.compile(r"^\s*(?:has|have|had|did|was|were)\s+\w+", re.IGNORECASE)
WHY = re.compile(r"\bwhy\b", re.IGNORECASE)
WHERE = re.compile(r"\bwhere\b", re.IGNORECASE)
CHOICE_QUESTION = "Which one do you mean?"
MAX_LINKS = 3

Call = tuple[str, dict[str, Any]]  # (tool, input)


@dataclass(frozen=True)
class Candidate:
    """One way to do what was asked: the label the visitor would pick it by, and the calls that do it."""

    label: str
    calls: list[Call]
    page: str | None = None  # the page it opens, for a card of links when several pages fit


@dataclass
class Asked:
    question: str
    words: set[str]  # stemmed, with synonyms
    own: set[str] = field(default_factory=set)  # stemmed, as typed

    @property
    def topic(self) -> set[str]:
        """The words that name something, as typed: "what should I look at" names nothing."""
        return self.own - request_words(self.question)

    @property
    def named(self) -> set[str]:
        """The words that name something, with what they stand for in the site's labels."""
        return self.words - request_words(self.question)


class Gestures:
    """The calls a question asks for, for one site: its manifest, its record, the owner's synonyms and voice."""

    def __init__(
        self,
        manifest: Manifest,
        *,
        record: Mapping[str, RecordSection] | None = None,
        voice: Voice | None = None,
        here: str | None = None,
    ) -> None:
        self.manifest = manifest
        self.record = record or {}
        self.here = here  # the page the visitor has open: its parts are named by one word
        self.voice = voice or Voice.of(manifest)
        self.synonyms = table(manifest.synonyms)

    def read(self, question: str, offered: Collection[str], *, picked: str | None = None) -> list[Call]:
        """The calls the question asks for, among the tools offered; `picked`: the visitor's pick from a card."""
        return self.recognise(question, offered, picked=picked)[1]

    def recognise(self, question: str, offered: Collection[str], *, picked: str | None = None) -> tuple[str, list[Call]]:
        """What kind of request it is (tour, run, press, field, point, offer, go, next; "" for none), and its calls."""
        own = set(terms(question))
        asked = Asked(question, expand(own | label_forms(question), self.synonyms), own)
        steps: list[tuple[str, Callable[[Asked, Collection[str]], list[Candidate] | None]]] = [
            ("tour", self._tour), ("run", self._run), ("press", self._press), ("field", self._field),
            ("point", self._point), ("offer", self._offer), ("go", self._go), ("next", self._next),
        ]
        if PRESS.search(question):
            steps.sort(key=lambda step: step[0] != "press")
        if re.search(r"\bpage\b", question, re.IGNORECASE):  # "take me to the contact page": a page, not the email
            steps.sort(key=lambda step: step[0] == "offer")
        for kind, step in steps:
            found = step(asked, offered)
            if found:
                return kind, self._one(found, offered, picked)
        return "", []

    def _one(self, found: list[Candidate], offered: Collection[str], picked: str | None) -> list[Call]:
        """The calls of the one candidate, the one the visitor picked, or a card asking which."""
        if len(found) == 1:
            return found[0].calls
        chosen = next((c for c in found if c.label == picked), None)
        if chosen is not None:
            return chosen.calls
        pages = [c.page for c in found if c.page]
        if len(pages) == len(found) and "show_links" in offered:
            return self._links(pages)
        if "offer_choices" in offered:
            options = list(dict.fromkeys(c.label for c in found))[:4]
            return [("offer_choices", {"question": CHOICE_QUESTION, "options": options})]
        return found[0].calls

    # the steps, in order: the first that finds something answers
    def _tour(self, asked: Asked, offered: Collection[str]) -> list[Candidate] | None:
        tours = self.manifest.tours
        if not TOUR.search(asked.question) or "start_tour" not in offered or not tours:
            return None
        tour = best_of(tours, asked.words) or tours[0]
        return [Candidate(tour.label, [("start_tour", {"id": tour.id})])]

    def _press(self, asked: Asked, offered: Collection[str]) -> list[Candidate] | None:
        """A page's action whose whole label the question says ("Clear the lab", "Send the message")."""
        found = []
        for action in self.manifest.actions:
            label = set(terms(action.label))
            if action.name in offered and label and label <= asked.own and not label & negated(asked.question):
                calls: list[Call] = [(action.name, {})]
                if "show_page" in offered:
                    calls.insert(0, ("show_page", {"id": action.page}))
                found.append(Candidate(action.label, calls))
        return found[:4]

    def _run(self, asked: Asked, offered: Collection[str]) -> list[Candidate] | None:
        if "run_experiment" not in offered:
            return None
        experiments = self.manifest.experiments
        best = ranked(experiments, asked.named, extra=lambda e: " ".join(p.label for p in e.presets))
        if not self._asks(RUN, asked.question):
            # to see a preset is to run it; an experiment seen whole is a part to point at or a page
            seen = (SEE.search(asked.question) or WHAT_IF.search(asked.question)) and len(best) == 1
            if not seen or preset(asked.words - REQUEST_WORDS, asked.question, best[0]) is None:
                return None
        if not best and asked.words & set(terms("experiment lab demo simulation")):
            best = list(experiments)  # "run an experiment": which one?
        if not best:
            return None
        return [Candidate(e.label, _run(asked, e)) for e in best][:4]

    def _field(self, asked: Asked, offered: Collection[str]) -> list[Candidate] | None:
        if not self._asks(SET, asked.question):
            return None
        fields = [f for f in self.manifest.fields if f.name in offered and f.options]
        scored = []
        for f in fields:
            own = set(terms(f"{f.name.replace('_', ' ')} {f.id or ''} {f.label} {self._runs(f)}"))
            denied = negated(asked.question) - own
            named = len(asked.words & own)
            for option in f.options:
                said = score(asked.words - own - denied, denied, option.value, option.label)
                if said > 0:
                    scored.append((said * 2 + named, f, option))
        if not scored:
            return None
        top = max(s for s, _, _ in scored)
        best = [(f, o) for s, f, o in scored if s == top]
        names = [f.name for f in self.manifest.fields]
        out = []
        for f, option in best:
            fill: dict[str, Any] = {"value": option.value}
            if names.count(f.name) > 1 and f.id:
                fill["id"] = f.id
            calls = [("show_page", {"id": f.page}), (f.name, fill)] if "show_page" in offered else [(f.name, fill)]
            out.append(Candidate(option.label, calls))
        return out[:4]

    def _offer(self, asked: Asked, offered: Collection[str]) -> list[Candidate] | None:
        """An offer its id names ("the CV", "a fit check"), or two words of its label: one shared word is chance.

        A word that names an offer only through the synonym table ("reach" for the email) names it only where the
        question is about people: "how can I reach her?", not "how fast did a booking reach invoicing?".
        """
        if "offer" not in offered:
            return None
        scored = []
        people = PEOPLE.search(asked.question) is not None or self.voice.named_in(asked.question)
        for offer in self.manifest.offers:
            own = set(terms(f"{offer.id.replace('-', ' ')} {offer.label}"))
            if not asked.topic & own and (not people or self._about_work(asked.question)):
                continue
            by_id = len(asked.named & set(terms(offer.id.replace("-", " "))))
            by_label = len(asked.named & set(terms(offer.label)))
            if by_id or by_label >= 2:
                scored.append((by_id * 2 + by_label, offer))
        if not scored:
            return None
        top = max(s for s, _ in scored)
        return [Candidate(o.label, [("offer", {"id": o.id})]) for s, o in scored if s == top][:4]

    def _point(self, asked: Asked, offered: Collection[str]) -> list[Candidate] | None:
        if not POINT.search(asked.question) or "point_at" not in offered:
            return None
        best = ranked(self.manifest.parts, asked.named, least=2)
        if not best and self.here is not None:  # on the page, "the topics" is the part with topics in its label
            best = ranked([p for p in self.manifest.parts if p.page == self.here], asked.named)
        best = [p for p in best if p.page == self.here] or best
        if not best:
            return None
        show = "show_page" in offered
        return [
            Candidate(p.label, ([("show_page", {"id": p.page})] if show else []) + [("point_at", {"id": p.id})])
            for p in best[:4]
        ]

    def _go(self, asked: Asked, offered: Collection[str]) -> list[Candidate] | None:
        """A page or home section its label names, when the visitor asks to go there ("take me to the lab")."""
        if not self._asks(GO, asked.question) or "show_page" not in offered:  # "is she open to remote work?"
            return None
        places: list[Page | Section] = [*self.manifest.pages, *self.manifest.sections]
        best = ranked(places, asked.named)
        if len(best) > 1:  # "the experiments part of the home page": the section of the page it names
            pages = {p.id for p in best}
            best = [p for p in best if isinstance(p, Section) and p.page in pages] or best
        if len(best) > 1 and re.search(r"\bpage\b", asked.question, re.IGNORECASE):  # "the experiments page"
            best = [p for p in best if isinstance(p, Page)] or best
        if not best:
            return None
        return [Candidate(p.label, [("show_page", {"id": p.id})], p.id) for p in best]

    def _next(self, asked: Asked, offered: Collection[str]) -> list[Candidate] | None:
        """What to look at: a card of links, to the pages the question's topic is on, else to the owner's picks."""
        if not NEXT.search(asked.question) or "show_links" not in offered:
            return None
        if asked.topic and WHERE.search(asked.question):
            return None  # "where can I read how she reviews code?" asks where one thing is: the answer's page
        pages = self._pages_about(asked.topic) or self._picks()
        if not pages:
            return None
        return [Candidate("", self._links(pages[:MAX_LINKS]))]

    # what the steps share
    def _about_work(self, question: str) -> bool:
        """A question about what the owner did, or why something was done: "Has she been involved in hiring?",
        "why introduce Kafka at all?". A word that names an offer only through the synonym table asks for none there."""
        past = PAST.match(question)
        return past is not None and self.voice.acts(past.group(0)) or WHY.search(question) is not None

    def _asks(self, verb: re.Pattern[str], question: str) -> bool:
        """Whether the question asks for the verb done, not what the owner does: "make it consulting" asks,
        "how does she make retries safe?" is about her work, "don't run it yet" asks for no run."""
        return any(not self.voice.acts(question[: m.start()]) and not refused_verb(question[: m.start()])
                   for m in verb.finditer(question))

    def _runs(self, f: FieldEntry) -> str:
        """The label of the experiment whose presets a field picks among (its options are among the presets): its words
        name the field, not an option ("the heap preset")."""
        values = {o.value for o in f.options}
        return " ".join(e.label for e in self.manifest.experiments if values <= {p.id for p in e.presets})

    def _links(self, pages: Iterable[str]) -> list[Call]:
        items = []
        places: list[Page | Section] = [*self.manifest.pages, *self.manifest.sections]
        labels = {p.id: p.label for p in places}
        for page in dict.fromkeys(pages):
            if page in labels:
                items.append({"to": page, "title": labels[page], "gist": self._gist(page)})
        return [("show_links", {"items": items[:4]})] if items else []

    def _gist(self, page: str) -> str:
        """One line on what is there, in the record's words: the first sentence of the page's first section."""
        for section in self.record.values():
            if section.page == page or section.id == page:
                for sentence in quotes(section):
                    told = self.voice.tell(sentence)
                    return told if len(told) <= 160 else told[:157].rsplit(" ", 1)[0] + " …"
        return ""

    def _pages_about(self, topic: set[str]) -> list[str]:
        if not topic or not self.record:
            return []
        scored = []
        for section in self.record.values():
            shared = len(topic & set(terms(f"{section.title} {section.text}")))
            if shared:
                scored.append((-shared, section.page))
        return list(dict.fromkeys(page for _, page in sorted(scored, key=lambda s: s[0])))

    def _picks(self) -> list[str]:
        """The owner's own order: the pages the tours visit, then the pages with record, then the rest, one from each
        part of the site (one case, not four), never the home page."""
        tours = [step.page for tour in self.manifest.tours for step in tour.steps]
        recorded = [s.page for s in self.record.values()]
        pages = [p.id for p in self.manifest.pages]
        seen: set[str] = set()
        picks = []
        for page in dict.fromkeys([*tours, *recorded, *pages]):
            group = (page or "").split("-", 1)[0]
            if not page or page == "home" or group in seen:
                continue
            seen.add(group)
            picks.append(page)
        return picks


def gestures(
    question: str,
    manifest: Manifest,
    offered: Collection[str],
    *,
    record: Mapping[str, RecordSection] | None = None,
    picked: str | None = None,
) -> list[Call]:
    """The calls the question asks for, in order, among the tools the request offers."""
    return Gestures(manifest, record=record).read(question, offered, picked=picked)


def _run(asked: Asked, experiment: Experiment) -> list[Call]:
    chosen = preset(asked.words - REQUEST_WORDS, asked.question, experiment)
    live = bool(LIVE.search(asked.question)) and experiment.live
    if chosen is not None and chosen.server and not live:
        chosen = None  # a server preset runs only as a live run, and only when asked for one
    if chosen is not None:
        target = f"{experiment.id}:{chosen.id}"
    else:
        target = f"{experiment.id}:live" if live else experiment.id
    return [("show_page", {"id": experiment.page}), ("run_experiment", {"id": target})]
