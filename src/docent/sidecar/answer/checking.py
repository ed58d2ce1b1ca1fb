"""The model check: each sentence the gate would show that cites sections, read once more by a model against the text of
the sections it cites, before the visitor reads it (DOCENT_CHECK; off unless the operator turns it on).

- The gate goes first: what it holds for sure stays held (`Rule.sure`, each rule's chosen by its precision: markup,
  first person, inline code no cited section writes...), and what it would show is asked. A cited sentence that only
  its unsure rules hold (its readings of meaning, a term, name or figure no cited section writes) is referred: the gate gives the sentence it would show with the hold (`Referred`), and
  the sentence is asked as one the gate shows, the check's verdict deciding (`unsupported`, `unchecked`). A sentence
  that cites nothing (a connective), a table's header and a code block (the record's own lines, byte for byte) are
  not asked; a code block is shown beside the sentence right before it, which says what it is ("looks like this:").
- One request for several sentences (answer/check_request.py, formed in answer/check_batches.py): those of a
  paragraph, a list or a table (a blank line ends one), at most `Checker.batch`, sent when the paragraph ends, when a
  code block is let out or held (a lead-in waits for its block, not for the paragraph after it), at the model's tool
  call (passed or refused) and at the answer's end; the sections they cite each once, each sentence's own
  citations named, a verdict for each sentence, which counts only where the sections it says support the sentence are
  the sentence's own. Each request is one call of the check's model, so the day's budget reserves and settles it once.
- Unsupported: the sentence is held as a code hold is, for `unsupported`.
- It fails closed: a sentence with no verdict of its own is held (`unchecked`), and a request that errs, times out, is
  refused by the day's budget or cancelled holds every sentence it asked. Nothing unchecked is shown.
- Requests run concurrently while the answer streams, at most `places` at once across every question (the next waits
  for a place), and their sentences go out in the order the model wrote them: the answer streams a paragraph and a
  check behind, it does not stall. An action waits for the sentences written before it, and the answer's end for them all.
- Each request's cost is counted in the question's `done`.
- `[[none]]` is read by what the visitor read: one the gate lets come late (`LateNone`, after a sentence it let
  through) is the refusal where the check showed nothing before it (it held them all), and nothing after it is shown;
  where the check showed something, it is dropped, as the gate drops it.
- A card's words are asked before it is shown (answer/check_cards.py).
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections import deque
from collections.abc import AsyncIterator, Coroutine, Iterable, Mapping
from itertools import islice
from typing import TYPE_CHECKING, Any

from docent.schema import RecordSection

from ..model.port import LanguageModel, ModelError, ToolCall, Usage
from .check_batches import Asked, Batch, Batches, Judged
from .check_cards import (
    CARD_UNCHECKED,
    CARD_UNSUPPORTED,
    CHOICES_UNCHECKED,
    CHOICES_UNSUPPORTED,
    card_shown,
    card_verdicts,
    card_words,
)
from .check_request import MAX_SENTENCES, TOOL_NAME, CheckRequest, CodeAfter, code_after
from .events import Code, Held, LateNone, Referred, Row, Sentence
from .judge import GateEvent
from .policy import Policy
from .quote import UNQUOTED
from .rules.connective import CONNECTIVE_WORDS
from .tools.types import Failed, Passed
from .underway import GateLike
from .words import stems

if TYPE_CHECKING:
    from .bundle import Bundle

log = logging.getLogger(__name__)

TIMEOUT_S = 30.0  # a check's longest wait, for a place and for its answer together
PLACES = 4
_BLANK = re.compile(r"\n[ \t\r]*\n")  # a paragraph's end in the answer's text
__all__ = ["CARD_UNCHECKED", "CARD_UNSUPPORTED", "CHOICES_UNCHECKED", "CHOICES_UNSUPPORTED", "TOOL_NAME", "Checker",
           "Checked"]


class Checker:
    """The check's model and its places: one for the guide, shared by every question. `batch`: the most sentences one
    request asks (1: a request a sentence, as round 24 asked)."""

    def __init__(self, model: LanguageModel, *, places: int = PLACES, timeout_s: float = TIMEOUT_S,
                 batch: int = MAX_SENTENCES) -> None:
        if batch < 1:
            raise ValueError(f"A check's request asks one sentence or more, not {batch}.")
        self.model = model
        self.places = places
        self.timeout_s = timeout_s
        self.batch = batch
        self._places: asyncio.Semaphore | None = None  # made in the event loop, with the first check

    async def judge(self, asked: Asked, code: CodeAfter | None) -> Judged:
        """The model's verdict on each sentence asked, with the sections it cites (supported or not; None: no verdict
        of its own could be had), and what the request cost, in dollars; `code`, the code block the answer shows right
        after the last sentence asked (None: none)."""
        if self._places is None:
            self._places = asyncio.Semaphore(self.places)
        request = CheckRequest(asked, code)
        billed = Usage()
        verdicts: list[bool | None] = [None] * len(asked)
        try:
            calls: list[ToolCall] = []
            async with asyncio.timeout(self.timeout_s), self._places:
                async for event in self.model.stream(request.request):
                    if isinstance(event, Usage):
                        billed = event
                    elif isinstance(event, ToolCall):
                        calls.append(event)
            verdicts = request.verdicts(calls)
        except ModelError as exc:
            log.warning("A check of %d sentences failed (%s); they are held", len(asked), exc.code)  # never the words
            billed = exc.billed if exc.billed != Usage() else billed
        except TimeoutError:
            log.warning("A check of %d sentences took longer than %s s; they are held", len(asked), self.timeout_s)
        return verdicts, self.model.spec.cost(billed)

    def over(self, gate: GateLike, record: Mapping[str, RecordSection], policy: Policy) -> Checked:
        """A turn's gate with this check after it; the check decides the sentences the gate refers to it (a gate
        made with `refer`, `Judge.refers`; one made without refers none, and its holds stand)."""
        return Checked(gate, self, record, policy)


class Checked:
    """A turn's gate, each cited sentence it would show checked by the model before it goes out, in order.

    `feed`, `flush` and `finish` return at once what is ready (the gate's events up to the first sentence still being
    checked); `drain` waits for the rest. The turn drains before an action and at the answer's end. The sentences of
    a paragraph wait to be asked together until it ends (a blank line in the text, a code block let out or held, the
    request full, a card, `flush`, `finish`, `drain`)."""

    def __init__(self, gate: GateLike, checker: Checker, record: Mapping[str, RecordSection], policy: Policy) -> None:
        self._gate = gate
        self._checker = checker
        self._record = record
        self._policy = policy
        self._queue: deque[tuple[GateEvent, Batch | None, int]] = deque()  # each event, its request and place there
        self._batches = Batches(self._judge, checker.batch)
        self._breaks = 0  # blank lines that came since the gate last let a paragraph's last sentence out
        self._tail = ""  # the text's last line break and the blanks after it, for a blank line split between pieces
        self._held: list[Held] = []
        self._near: tuple[str, ...] = ()  # the sections the last cited sentence cites: an uncited one's after it
        self._cites: dict[str, None] = {}  # every section a sentence or block the gate let through cites, in order
        self._head: list[GateEvent] = []  # a table's header (after the headings over it), waiting for a row shown
        self._labels: list[GateEvent] = []  # headings the model wrote, waiting for the first thing under them it shows
        self._cards_usd = 0.0  # what the checks of this turn's cards cost
        self.checked = 0
        self.referred = 0  # of them, sentences the gate referred (`Referred`)
        self._released: list[Held] = []  # the gate's referrals (sentences the check decides) and holds never shown
        self._shown = False  # a sentence or code block gone out: a later `[[none]]` is dropped (`LateNone`)
        self._none = False  # a `[[none]]` before anything went out: the answer is the refusal, nothing more is shown

    def feed(self, text: str) -> list[GateEvent]:
        if "\n" in text or self._tail:
            joined = self._tail + text
            found = [m.end() for m in _BLANK.finditer(joined)]
            self._breaks += len(found)
            last = joined.rfind("\n")
            rest = joined[last:] if last >= 0 and (not found or found[-1] <= last) else ""
            self._tail = rest if not rest.strip() else ""  # a line break a blank line may yet follow, counted once
        return self._take(self._gate.feed(text))

    def flush(self) -> list[GateEvent]:
        """Before an action: the sentences before it are asked now."""
        out = self._take(self._gate.flush())
        self._batches.send()
        return out

    def finish(self) -> list[GateEvent]:
        out = self._take(self._gate.finish())
        self._batches.send()
        return out

    def vet(self, text: str, *, about: Iterable[str] = (), words: int = CONNECTIVE_WORDS) -> str | None:
        return self._gate.vet(text, about=about, words=words)

    def acted(self, *labels: str) -> None:
        self._gate.acted(*labels)

    def confirms_action(self, text: str) -> bool:
        return self._gate.confirms_action(text)

    @property
    def none(self) -> bool:
        return self._gate.none or self._none

    @property
    def held(self) -> list[Held]:
        released = self._released
        return [*(h for h in self._gate.held if not any(h is r for r in released)), *self._held]

    @property
    def pending(self) -> bool:
        return bool(self._queue)

    @property
    def cost_usd(self) -> float:
        """What this turn's checks cost."""
        return self._batches.cost_usd + self._cards_usd

    async def drain(self) -> AsyncIterator[GateEvent]:
        """Every event still waiting, in order, each as soon as the checks before it are done."""
        self._batches.send()
        while self._queue:
            batch = self._queue[0][1]
            if batch is not None and batch.task is not None and not batch.task.done():
                await asyncio.wait((batch.task,))
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
        self._batches.send()  # the words before the card are asked now, beside it
        asked = card_words(passed, bundle, self._record, self._cites)
        if not asked:
            return passed
        self.checked += len(asked)
        verdicts, cost = await card_verdicts(asked, self._judge, self._checker.batch)
        self._cards_usd += cost
        return card_shown(passed, verdicts)

    def cancel(self) -> None:
        """The turn ended before its checks did (a failed call, a visitor gone), or a late `[[none]]` made it the
        refusal (`_refuse`): nothing waiting is shown. A request already done is counted (its cost is read with its
        first sentence, which is not read now); one still under way is cancelled."""
        for _event, batch, at in self._queue:
            if batch is not None and batch.task is not None:
                if at == 0 and batch.task.done():
                    self._batches.verdict(batch, at)  # its cost, counted once
                batch.task.cancel()
        self._queue.clear()
        self._batches.drop()

    def _take(self, events: list[GateEvent]) -> list[GateEvent]:
        """What the gate gives, queued (`_queued`) and let out as ready; after a refusal (`_refuse`), dropped."""
        if self._none:
            self._released += [e for e in events if isinstance(e, Held)]
            return []
        return self._queued(events)

    def _queued(self, events: list[GateEvent]) -> list[GateEvent]:
        """Each event the gate lets through, queued with its check: a cited sentence against the sections it cites; an
        uncited one with words of substance (a short claim the gate lets through as a connective, a list item under
        its lead, a heading) against those of the cited sentences beside it, the last before it and the next the gate
        let through with it. A table's header, "Yes.", a sentence with no cited sentence beside it and one that only
        restates this turn's actions ("The Lab page is open.", grounded by the action's result) are not asked."""
        events = [self._taken(e) if isinstance(e, Referred) else e for e in events]
        for n, event in enumerate(events):
            if isinstance(event, (Sentence, Code)):
                self._cites.update(dict.fromkeys(c.id for c in event.cites))
            if n and self._breaks and isinstance(event, Sentence) and event.line:  # the next paragraph's, after it
                self._batches.ended()
                self._breaks -= 1
            self._queue.append((event, *self._asked(event, events, n)))
        if self._breaks and events:  # the first the gate let out after a blank line: the paragraph's last
            self._batches.ended()
            self._breaks = 0
        return self._ready()

    def _asked(self, event: GateEvent, events: list[GateEvent], n: int) -> tuple[Batch | None, int]:
        """The request `events[n]` is asked in and its place there (None: it is not asked). A code block is not (the
        record's own lines): it is shown beside the sentence right before it, whose request goes now, as it does at a
        block the gate held (`Batches.block`)."""
        if isinstance(event, Sentence) and (ids := self._cited_by(event, events, n)):
            self.checked += 1
            cited = [self._record[i] for i in ids if i in self._record]
            return self._batches.ask(event.text, cited, leads=event.heading or event.text.endswith(":"),
                                     shows=not event.heading and event.row is None)
        if isinstance(event, Code):  # fenced for the request only where a sentence waits for it
            self._batches.block(self._code_after(event) if self._batches.waits else None)
        elif isinstance(event, Held) and event.reason in UNQUOTED:
            self._batches.block(None)
        else:
            self._batches.between()
        return None, 0

    def _cited_by(self, sentence: Sentence, events: list[GateEvent], n: int) -> tuple[str, ...]:
        """The sections a sentence is asked against (none: it is not asked); `events[n]` is the sentence, those after
        it the events the gate let out with it."""
        if sentence.row is not None and sentence.row.header:
            return ()
        if sentence.cites:
            self._near = tuple(c.id for c in sentence.cites)
            return self._near
        if not stems(sentence.text) or self._gate.confirms_action(sentence.text):  # grounded by the action
            return ()
        ahead = next((e.cites for e in islice(events, n + 1, None) if isinstance(e, Sentence) and e.cites), ())
        return tuple(dict.fromkeys([*self._near, *(c.id for c in ahead)]))

    def _taken(self, referred: Referred) -> GateEvent:
        """A referral (an unsure hold, `Judge.refers`): its sentence, asked as one the gate shows, and no hold of the
        gate's now (the check's verdict holds it, or not); one without its sentence, a hold."""
        if referred.sentence is None:
            return _plain(referred)
        self._released.append(referred)
        self.referred += 1
        return referred.sentence

    def _code_after(self, code: Code) -> CodeAfter:
        """A code block let out, as the request shows it beside the sentence before it, with the sections the gate
        matched it to."""
        return CodeAfter(code_after(code.language, code.text), tuple(self._record[c.id] for c in code.cites if c.id in self._record))

    def _judge(self, asked: Asked, code: CodeAfter | None) -> Coroutine[Any, Any, Judged]:
        """The check's model asked (looked up on each request: a replay may stand in for `Checker.judge`)."""
        return self._checker.judge(asked, code)

    def _ready(self) -> list[GateEvent]:
        """The events at the queue's head whose checks are done, each shown or held by its verdict."""
        out: list[GateEvent] = []
        queue = self._queue
        while queue and ((batch := queue[0][1]) is None or (batch.task is not None and batch.task.done())):
            event, batch, at = queue.popleft()
            if isinstance(event, LateNone):
                if not self._shown:
                    self._refuse()
                continue
            row, heading = (event.row, event.heading) if isinstance(event, Sentence) else (None, False)
            told = self._headed(event if batch is None else self._verdict(event, batch, at), row, heading)
            self._shown = self._shown or any(isinstance(e, (Sentence, Code)) for e in told)
            out += told
        return out

    def _refuse(self) -> None:
        """A `[[none]]` the gate let come late (`LateNone`), before anything the check let out: the gate's rule, read
        by what the visitor read. The answer is the refusal (`none`); what came after it, checked or not, is dropped."""
        self._none = True
        self._released += [e for e, _b, _n in self._queue if isinstance(e, Held)]
        self.cancel()
        self._labels, self._head = [], []

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

    def _verdict(self, event: GateEvent, batch: Batch, at: int) -> GateEvent:
        """The event as its sentence's verdict has it: shown, or held."""
        verdict = self._batches.verdict(batch, at)
        if verdict is None:
            return self._hold("unchecked")
        return event if verdict else self._hold("unsupported")

    def _hold(self, reason: str) -> Held:
        held = Held(reason, self._policy.held_message(reason))
        self._held.append(held)
        return held


def _plain(referred: Referred) -> Held:
    """A referral's hold as the visitor and the turn's record read it: a hold, its sentence dropped."""
    return Held(referred.reason, referred.message, terms=referred.terms)
