"""The model check: each sentence the gate would show that cites sections, read once more by a model against the text of
the sections it cites, before the visitor reads it (DOCENT_CHECK; off unless the operator turns it on).

- The gate goes first: what it holds for sure stays held (`Rule.sure`: markup, a term or a number no cited section
  writes...), and what it would show is asked. A cited sentence that only its readings of meaning hold (a
  construction's, polarity's) is referred: the gate gives the sentence it would show with the hold (`Referred`), and
  the sentence is asked as one the gate shows, the check's verdict deciding (`unsupported`, `unchecked`). A sentence
  that cites nothing (a connective), a table's header and a code block (the record's own lines, byte for byte) are
  not asked.
- One request a sentence, through the model port like the answer's calls: a short fixed system prompt, the cited
  sections as the record gives them (heading trail, then the text), the sentence, and one tool the model must call,
  `verdict` {supported, point}. A small `max_tokens`, and no cache breakpoint: no later request begins as it does.
- Unsupported: the sentence is held as a code hold is, for `unsupported`. The model's `point` is neither shown to the
  visitor nor logged (it may repeat the visitor's words).
- It fails closed: a check that errs, times out, is refused by the day's budget or gives no verdict holds its sentence
  (`unchecked`). Nothing unchecked is shown.
- Checks run concurrently while the answer streams, at most `places` at once across every question (the next waits
  for a place), and their sentences go out in the order the model wrote them: the answer streams a few sentences
  behind, it does not stall. An action waits for the sentences written before it, and the answer's end for them all.
- Each check is one call of the check's model, reserved and settled through the guide's day's budget (`guide`), and
  its cost is counted in the question's `done`.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import AsyncIterator, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from docent.schema import RecordSection

from ..model.port import CHECKED_SENTENCE as SENTENCE
from ..model.port import LanguageModel, ModelError, ModelRequest, ToolCall, Usage
from .events import Code, Held, Referred, Row, Sentence
from .judge import GateEvent
from .policy import Policy
from .tools.cards import link_sections, link_words
from .tools.types import Choices, Failed, Links, Passed
from .underway import GateLike
from .words import stems

if TYPE_CHECKING:
    from .bundle import Bundle

log = logging.getLogger(__name__)

MAX_TOKENS = 256  # the verdict and a few words of its point
TIMEOUT_S = 30.0  # a check's longest wait, for a place and for its answer together
PLACES = 4
TOOL_NAME = "verdict"

SYSTEM = (
    "You check one sentence a documentation assistant wrote, before a reader sees it, against ONLY the text of the "
    "sections it cites, given below it. Supported: every claim the sentence makes (facts, numbers, units, order, who "
    "does what, how many and which ones, causes, whether something is required, possible, the default or certain) is "
    "stated or directly implied by the cited text; a paraphrase or a fair summary is fine. Unsupported: the sentence "
    "says something the cited text contradicts or does not say; one wrong point is enough. A heading, a label or a "
    "lead-in that states nothing of its own (\"Installing\", \"Here is how:\") is supported. Answer by calling the "
    f"`{TOOL_NAME}` tool once, with `point` the claim not supported in a few words (empty when supported)."
)
TOOL: dict[str, Any] = {
    "name": TOOL_NAME,
    "description": "Whether the cited sections support every claim of the sentence.",
    "input_schema": {
        "type": "object",
        "properties": {
            "supported": {"type": "boolean", "description": "Every claim of the sentence is in the cited text."},
            "point": {"type": "string", "description": "If unsupported: the claim not supported, in a few words."},
        },
        "required": ["supported", "point"],
        "additionalProperties": False,
    },
    "strict": True,
}
# What the model is told of a card the check kept from the visitor (`Checked.card`), as the gate's refusals of a card are.
CARD_UNSUPPORTED = "show_links was not shown: a second check found its words say what the pages do not. Write what they say."
CARD_UNCHECKED = "show_links was not shown: its words could not be checked just now. Answer in cited sentences."
CHOICES_UNSUPPORTED = ("offer_choices was not shown: a second check found its words say what the sections this answer "
                       "cites do not. Use the record's words.")
CHOICES_UNCHECKED = "offer_choices was not shown: its words could not be checked just now. Answer in cited sentences."
_SYSTEM_BLOCKS = [{"type": "text", "text": SYSTEM}]
_TOOLS = [TOOL]


@dataclass(frozen=True)
class Verdict:
    supported: bool
    point: str = ""  # why not, in the model's words: for the operator's tests, never shown nor logged


def request_for(text: str, sections: Iterable[RecordSection]) -> ModelRequest:
    """The check's one request: the cited sections as the record gives them, then the sentence."""
    cited = "\n\n".join(f"[[{s.id}]] {s.trail}\n{s.shown()}" for s in sections)
    content = [
        {"type": "text", "text": f"<cited_sections>\n{cited}\n</cited_sections>"},
        {"type": "text", "text": SENTENCE + text},
    ]
    return ModelRequest(_SYSTEM_BLOCKS, _TOOLS, [{"role": "user", "content": content}], max_tokens=MAX_TOKENS,
                        tool_choice="any", cache_tail=False)  # no later request begins with this one


def read_verdict(call: ToolCall) -> Verdict | None:
    """A `verdict` call's input as a verdict; None for another tool or an input that is not one."""
    given = call.input
    if call.name != TOOL_NAME or given is None or not isinstance(given.get("supported"), bool):
        return None
    point = given.get("point")
    return Verdict(given["supported"], point if isinstance(point, str) else "")


def one_verdict(calls: list[Verdict | None]) -> Verdict | None:
    """The verdict of a check's calls: None where there is none, or one is not a verdict; unsupported where any says so
    (a model that answers twice, or in parallel calls, is not read by its first answer alone)."""
    if not calls or any(c is None for c in calls):
        return None
    return next((c for c in calls if c is not None and not c.supported), calls[0])


class Checker:
    """The check's model and its places: one for the guide, shared by every question."""

    def __init__(self, model: LanguageModel, *, places: int = PLACES, timeout_s: float = TIMEOUT_S) -> None:
        self.model = model
        self.places = places
        self.timeout_s = timeout_s
        self._places: asyncio.Semaphore | None = None  # made in the event loop, with the first check

    async def judge(self, text: str, sections: list[RecordSection]) -> tuple[Verdict | None, float]:
        """The model's verdict on a sentence (None: no verdict could be had) and what the check cost, in dollars."""
        if self._places is None:
            self._places = asyncio.Semaphore(self.places)
        billed = Usage()
        verdict: Verdict | None = None
        try:
            calls: list[Verdict | None] = []
            async with asyncio.timeout(self.timeout_s), self._places:
                async for event in self.model.stream(request_for(text, sections)):
                    if isinstance(event, Usage):
                        billed = event
                    elif isinstance(event, ToolCall):
                        calls.append(read_verdict(event))
            verdict = one_verdict(calls)
        except ModelError as exc:
            log.warning("A sentence check failed (%s); the sentence is held", exc.code)  # never the sentence itself
            billed = exc.billed if exc.billed != Usage() else billed
            verdict = None
        except TimeoutError:
            log.warning("A sentence check took longer than %s s; the sentence is held", self.timeout_s)
            verdict = None
        return verdict, self.model.spec.cost(billed)

    def over(self, gate: GateLike, record: Mapping[str, RecordSection], policy: Policy, *, refer: bool = True) -> Checked:
        """A turn's gate with this check after it; `refer`: the check decides the sentences the gate refers to it (a
        gate made with `refer`, `Judge.refers`); False, each referral stands as the gate's hold."""
        return Checked(gate, self, record, policy, refer=refer)


class Checked:
    """A turn's gate, each cited sentence it would show checked by the model before it goes out, in order.

    `feed`, `flush` and `finish` return at once what is ready (the gate's events up to the first sentence still being
    checked); `drain` waits for the rest. The turn drains before an action and at the answer's end."""

    def __init__(
        self, gate: GateLike, checker: Checker, record: Mapping[str, RecordSection], policy: Policy, *, refer: bool = True
    ) -> None:
        self._gate = gate
        self._checker = checker
        self._record = record
        self._policy = policy
        self._queue: deque[tuple[GateEvent, asyncio.Task[tuple[Verdict | None, float]] | None]] = deque()
        self._held: list[Held] = []
        self._near: tuple[str, ...] = ()  # the sections the last cited sentence cites: an uncited one's after it
        self._cites: dict[str, None] = {}  # every section a sentence or block the gate let through cites, in order
        self._head: list[GateEvent] = []  # a table's header (after the headings over it), waiting for a row shown
        self._labels: list[GateEvent] = []  # headings the model wrote, waiting for the first thing under them it shows
        self.cost_usd = 0.0  # what this turn's checks cost
        self.checked = 0
        self.referred = 0  # of them, sentences the gate referred (`Referred`)
        self._refer = refer
        self._released: list[Held] = []  # the gate's referrals: sentences the check decides, no holds of the gate's

    def feed(self, text: str) -> list[GateEvent]:
        return self._take(self._gate.feed(text))

    def flush(self) -> list[GateEvent]:
        return self._take(self._gate.flush())

    def finish(self) -> list[GateEvent]:
        return self._take(self._gate.finish())

    def vet(self, text: str, *, about: Iterable[str] = ()) -> str | None:
        return self._gate.vet(text, about=about)

    def acted(self, *labels: str) -> None:
        self._gate.acted(*labels)

    def confirms_action(self, text: str) -> bool:
        return self._gate.confirms_action(text)

    @property
    def none(self) -> bool:
        return self._gate.none

    @property
    def held(self) -> list[Held]:
        released = self._released
        return [*(h for h in self._gate.held if not any(h is r for r in released)), *self._held]

    @property
    def pending(self) -> bool:
        return bool(self._queue)

    async def drain(self) -> AsyncIterator[GateEvent]:
        """Every event still waiting, in order, each as soon as the checks before it are done."""
        while self._queue:
            task = self._queue[0][1]
            if task is not None and not task.done():
                await asyncio.wait((task,))
            for event in self._ready():
                yield event

    async def card(self, passed: Passed, bundle: Bundle) -> Passed | Failed:
        """A card, its words checked before it is shown, each text asked as one cited sentence is. Any one unsupported,
        or unchecked, and the card is not shown: the model is told, as for a card the gate refuses.
        - show_links: each link's title and gist, against the sections of the page it opens, which the gate reads them
          against as a sentence's citations.
        - offer_choices: its question and each answer, which the gate vets as words that cite nothing (a connective's
          rules: no term the answer has not stood on), yet may state a claim ("Keep the 30-second default"): each with
          words of substance and not a label of the site's own, against every section this answer has cited so far
          (none yet: against none, so that only words that state nothing are supported)."""
        asked = self._card_words(passed, bundle)
        if not asked:
            return passed
        unsupported, unchecked = (CARD_UNSUPPORTED, CARD_UNCHECKED) if isinstance(passed.detail, Links) else (
            CHOICES_UNSUPPORTED, CHOICES_UNCHECKED)
        self.checked += len(asked)
        answers = await asyncio.gather(*(self._checker.judge(text, cited) for text, cited in asked), return_exceptions=True)
        verdicts = [a[0] if isinstance(a, tuple) else None for a in answers]
        self.cost_usd += sum(a[1] for a in answers if isinstance(a, tuple))
        if any(v is None for v in verdicts):
            return Failed(passed.call, unchecked, check="card")
        if not all(v is not None and v.supported for v in verdicts):
            return Failed(passed.call, unsupported, check="card")
        return passed

    def _card_words(self, passed: Passed, bundle: Bundle) -> list[tuple[str, list[RecordSection]]]:
        """A card's texts to ask, each with the sections it is asked against (`card`)."""
        detail = passed.detail
        if isinstance(detail, Links):
            return [(": ".join(said), [self._record[s] for s in link_sections(link, bundle) if s in self._record])
                    for link in detail.links if (said := link_words(link))]
        if isinstance(detail, Choices):
            cited = [self._record[s] for s in self._cites if s in self._record]
            return [(text, cited) for text in (detail.question, *detail.options) if text not in bundle.labels and stems(text)]
        return []

    def cancel(self) -> None:
        """The turn ended before its checks did (a failed call, a visitor gone): nothing waiting is shown."""
        for _event, task in self._queue:
            if task is not None:
                task.cancel()
        self._queue.clear()

    def _take(self, events: list[GateEvent]) -> list[GateEvent]:
        """Each event the gate lets through, queued with its check: a cited sentence against the sections it cites; an
        uncited one with words of substance (a short claim the gate lets through as a connective, a list item under
        its lead, a heading) against those of the cited sentences beside it, the last before it and the next the gate
        let through with it. A table's header, "Yes.", a sentence with no cited sentence beside it and one that only
        restates this turn's actions ("The Lab page is open.", grounded by the action's result) are not asked."""
        events = [self._taken(e) if isinstance(e, Referred) else e for e in events]
        for n, event in enumerate(events):
            if isinstance(event, (Sentence, Code)):
                self._cites.update(dict.fromkeys(c.id for c in event.cites))
            task = None
            if isinstance(event, Sentence) and (event.row is None or not event.row.header):
                ids: tuple[str, ...] = ()
                if event.cites:
                    ids = self._near = tuple(c.id for c in event.cites)
                elif stems(event.text) and not self._gate.confirms_action(event.text):  # grounded by it
                    ahead = next((e.cites for e in events[n + 1:] if isinstance(e, Sentence) and e.cites), ())
                    ids = tuple(dict.fromkeys([*self._near, *(c.id for c in ahead)]))
                task = self._start(event.text, ids) if ids else None
            self._queue.append((event, task))
        return self._ready()

    def _taken(self, referred: Referred) -> GateEvent:
        """A referral (an unsure hold, `Judge.refers`): its sentence, asked as one the gate shows, and no hold of the
        gate's now (the check's verdict holds it, or not); one without its sentence, or where the check takes no
        referral (`refer`), a hold."""
        if referred.sentence is None or not self._refer:
            return _plain(referred)
        self._released.append(referred)
        self.referred += 1
        return referred.sentence

    def _start(self, text: str, ids: tuple[str, ...]) -> asyncio.Task[tuple[Verdict | None, float]]:
        sections = [self._record[i] for i in ids if i in self._record]
        self.checked += 1
        return asyncio.get_running_loop().create_task(self._checker.judge(text, sections))

    def _ready(self) -> list[GateEvent]:
        """The events at the queue's head whose checks are done, each shown or held by its verdict."""
        out: list[GateEvent] = []
        queue = self._queue
        while queue and (queue[0][1] is None or queue[0][1].done()):
            event, task = queue.popleft()
            row, heading = (event.row, event.heading) if isinstance(event, Sentence) else (None, False)
            out += self._headed(event if task is None else self._verdict(event, task), row, heading)
        return out

    def _headed(self, event: GateEvent, row: Row | None, heading: bool) -> list[GateEvent]:
        """What labels goes out with the first thing under it the check lets through, as the gate sends it with the
        first it lets through, so that no label is shown over nothing:
        - a heading the model wrote, with the sentence, row or code block it labels (`headings`): one over a sentence
          the check holds is never shown;
        - a table's header, with the first of its rows the check lets through (`Gate._headed`): a row the check holds
          keeps it waiting with the headings over the table, and a header whose rows are all held is never shown, nor
          are they.
        `row`, `heading`: what the event was before its check (a sentence the check held is a Held)."""
        if heading:
            if isinstance(event, Sentence):
                self._labels.append(event)
                return []
            return [event]  # the heading's own words held
        if row is not None and row.header:
            self._head, self._labels = [*self._labels, event], []  # the headings over a table label the table
            return []
        if isinstance(event, Held) and row is not None:
            return [event]  # a row the check held keeps its table's header waiting for the next
        # A row shown takes its header; anything else (a sentence, a hold of the gate's) ends the table's wait.
        head, self._head = self._head if row is not None else [], []
        labels, self._labels = self._labels, []
        if isinstance(event, Held):
            return [event]  # what the headings label is held: they are not shown
        return [*labels, *head, event]

    def _verdict(self, event: GateEvent, task: asyncio.Task[tuple[Verdict | None, float]]) -> GateEvent:
        if task.cancelled() or task.exception() is not None:
            if not task.cancelled():
                log.error("A sentence check broke; the sentence is held", exc_info=task.exception())
            return self._hold("unchecked")
        verdict, cost = task.result()
        self.cost_usd += cost
        if verdict is None:
            return self._hold("unchecked")
        return event if verdict.supported else self._hold("unsupported")

    def _hold(self, reason: str) -> Held:
        held = Held(reason, self._policy.held_message(reason))
        self._held.append(held)
        return held


def _plain(referred: Referred) -> Held:
    """A referral's hold as the visitor and the turn's record read it: a hold, its sentence dropped."""
    return Held(referred.reason, referred.message, terms=referred.terms)
