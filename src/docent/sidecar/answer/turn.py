"""A question's turn: the policy, then at most three model calls and four actions, one gate across them all.

The rules, in the order they apply:
- A question the policy refuses by rule is refused before any model is asked, and nothing is remembered.
- The fenced question and the screen note are appended to the conversation; nothing before them changes,
  so each request's messages extend the last request's byte for byte and the cache serves them.
- The last call, and any call after the fourth action, goes with `tool_choice: none`: it may only speak.
- Every tool call passes the chain of checks (`toolcheck`); a passed call becomes events in the manifest's
  words and a result at once (its family in `tools/`); a failed one goes back as an error, and the browser
  gets nothing.
- One gate runs across the calls; its pending sentence goes out before each action, so events come in the
  order the model wrote them.
- A card that asks the visitor (choices, confirm) ends the turn waiting; the answer continues it as that
  call's result, and only an answer to the call the conversation waits on is taken.
- On success the turn is committed to the conversation exactly as sent. A turn that fails keeps only what it did on
  the page (its carried-out calls and their results, not its unfinished words), so the next question knows; one that
  fails before it acted leaves the conversation as it was.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncGenerator, Callable
from dataclasses import dataclass, field
from typing import Any

from ..model.port import (
    LanguageModel,
    ModelError,
    ModelRequest,
    Stop,
    SystemRoleUnsupported,
    TextDelta,
    Thinking,
    ToolCall,
    Usage,
)
from .bundle import Bundle
from .checking import Checked, Checker
from .conversation import Conversation, Waiting
from .events import Action, Code, Error, Held, Sentence, StreamEvent
from .excerpts import Excerpts, excerpts
from .gate import Gate
from .opening import Opening
from .policy import Policy
from .receipt import Receipt
from .reply import broken
from .rerank import leaned
from .screen import Failure, Screen, note
from .toolcheck import MAX_ACTIONS, ToolCheck
from .tools import Failed, Here, Outcome, Passed, Verdict, acted_labels, cards, carry_out, failable, vetted
from .tools.lent import approve
from .underway import GateLike, Reply, Underway, tool_result

log = logging.getLogger(__name__)

MAX_CALLS = 3
LAST_WORDS = "No more actions this question: answer in words."


@dataclass(frozen=True)
class Ask:
    """One request to the guide: a question, or the answer to a card; what is on screen; what failed."""

    question: str | None = None
    reply: dict[str, Any] | None = None  # {"call": id, "pick": str} or {"call": id, "approved": bool}
    screen: dict[str, Any] = field(default_factory=dict)
    failed: list[dict[str, Any]] = field(default_factory=list)
    # What the question's take reserved for its first model call (spending.budget.Allowance), if it reserved.
    allowance: Any = field(default=None, compare=False, repr=False)


GateFactory = Callable[..., GateLike]  # (bundle, policy, *, refer)


def default_gate(bundle: Bundle, policy: Policy, *, refer: bool = False) -> GateLike:
    """The real gate; its lexicon and site hang on the bundle, so every turn shares them and the record index.
    `refer`: made for the model check (`Judge.refers`), where the check is on.

    In search mode too it checks a sentence against any section of the record it cites: what the sentence says is
    read against that section's own text, whether or not the conversation was given it (a model that knows the docs,
    or an answer written from the whole record, cites real sections it was not handed; holding it would be a false
    hold, not a safer one). An id the record lacks is dropped, as in whole mode."""
    return Gate(bundle.record, bundle.matcher, policy=policy, site=bundle.site, mentions=bundle.mentions, refer=refer)


# What the visitor reads when a model call fails; an operator's problem is not the visitor's to read.
ERROR_WORDS = {
    "overloaded": "The guide's model is overloaded just now; please try again in a minute.",
    "rate_limited": "The guide is answering many questions just now; please try again in a minute.",
    "busy": "The guide is busy with other visitors; please try again in a moment.",
    "budget_spent": "The guide has spent what it may spend today; please come back tomorrow.",
    "store_unavailable": "The guide cannot reach its store just now; please try again in a minute.",
    "unavailable": "The guide has no model to answer with at the moment.",
    "timed_out": "The guide's model took too long to answer; please try again.",
    "unreachable": "The guide could not reach its model; please try again.",
    "upstream_failed": "The guide's model failed to answer; please try again.",
    "cut_short": "The answer was cut short; please ask again, perhaps more narrowly.",
    "refused": "The guide's model declined to answer that.",
}
MISCONFIGURED = "The guide is misconfigured, so it cannot answer now; whoever runs the site can put it right."
FALLBACK = "The guide could not get an answer just now; please try again."


def error_for(exc: ModelError) -> Error:
    if exc.for_operator:
        return Error(exc.code, MISCONFIGURED)
    return Error(exc.code, ERROR_WORDS.get(exc.code, FALLBACK))


class Turn:
    def __init__(
        self,
        *,
        bundle: Bundle,
        model: LanguageModel,
        policy: Policy,
        gate: GateFactory = default_gate,
        max_calls: int = MAX_CALLS,
        max_actions: int = MAX_ACTIONS,
        clock: Callable[[], float] = time.perf_counter,
        on_check: Callable[[Verdict], None] | None = None,
        checker: Checker | None = None,
    ) -> None:
        self.on_check = on_check  # told of every tool call's verdict (the metrics)
        self.checker = checker  # the model check after the gate (DOCENT_CHECK), for a model that writes its answers
        self.bundle = bundle
        self.model = model
        self.policy = policy
        self.make_gate = gate
        self.max_calls = max_calls
        self.check = ToolCheck(bundle, max_actions=max_actions)
        self.max_actions = max_actions
        self.clock = clock

    async def run(self, conversation: Conversation, ask: Ask) -> AsyncGenerator[StreamEvent, None]:
        """The turn's events, ending with Done or Error; the conversation changes only on Done."""
        shown, turn = await self._open(conversation, ask)
        for event in shown:
            yield event
        if turn is None:
            return  # refused, or nothing to go on with: no model was asked
        try:
            try:
                async for event in self._calls(turn, ask.allowance):
                    yield event
            except ModelError as exc:
                log.warning("A model call of a turn failed (%s): %s", exc.code, exc.message)
                if turn.acted:
                    turn.commit(conversation)  # what it did on the page; its unfinished words are not kept
                yield error_for(exc)
                return
            async for event in self._finish(turn):
                yield event
        finally:
            if isinstance(turn.gate, Checked):  # a failed answer, a visitor gone: what is still being checked is not shown
                turn.gate.cancel()
                turn.receipt.checked_usd = turn.gate.cost_usd
        turn.commit(conversation)
        yield turn.done()

    async def _open(self, conversation: Conversation, ask: Ask) -> tuple[list[StreamEvent], Underway | None]:
        """Refuse or open: what the visitor sees before any model call, and the turn under way (None: it ends there)."""
        receipt = Receipt(self.model.spec, self.bundle.hash, self.clock)
        if ask.question is not None:
            refused = self.policy.refusal(ask.question)
            if refused is not None:
                return [refused, receipt.done()], None
        rule = broken(ask.question, ask.reply, conversation.waiting)
        if rule is not None:
            return [rule.error], None
        return await self._opening(conversation, ask, receipt)

    async def _opening(
        self, conversation: Conversation, ask: Ask, receipt: Receipt
    ) -> tuple[list[StreamEvent], Underway]:
        """The screen as the turn sees it, the card it continues, its opening and its gate; and what an approval
        shows at once."""
        screen = Screen.read(ask.screen, self.bundle)
        question = ask.question
        here = Here.of(screen, asked_for_run=question is not None and self.policy.asks_for_run(question))
        # An answer to a card continues the turn the card stopped: its calls, actions and tokens, not fresh ones.
        waiting = conversation.waiting
        carried = waiting if ask.reply is not None and waiting is not None else Waiting("", "", "")
        here.actions, here.asked_for_run = carried.actions, here.asked_for_run or carried.asked_for_run
        receipt.carried = carried.output_tokens
        results, shown = self._answered(waiting, ask, here)
        failed = Failure.read_all(ask.failed, failable(self.bundle)) if ask.failed else []
        text = note(self.bundle, screen, failed=failed, held=conversation.held_last)
        found = await self._excerpts(conversation, question)
        content = [*results] + ([{"type": "text", "text": found.text}] if found is not None and found.text else [])
        content += [{"type": "text", "text": self.policy.fence(question)}] if question is not None else []
        opening = Opening.of(conversation.messages, content, text, mid_system=self.model.spec.mid_system)
        gate = self._gate(shown)
        return shown, Underway(question, here, opening, gate, receipt, found=found, calls=carried.calls)

    def _gate(self, shown: list[StreamEvent]) -> GateLike:
        """One gate across the turn's calls, over the whole record in either record mode; the model check after it
        where it is on, for a model that writes its own sentences (the offline one quotes the record's)."""
        checking = self.checker is not None and not self.model.spec.offline
        gate = self.make_gate(self.bundle, self.policy, refer=checking)  # its unsure holds referred to the check
        for event in shown:
            if isinstance(event, Action):
                gate.acted(event.label)  # a page action the visitor approved: the answer may say it was pressed
        if checking and self.checker is not None:
            return self.checker.over(gate, self.bundle.record, self.policy)
        return gate

    async def _calls(self, turn: Underway, allowance: Any = None) -> AsyncGenerator[StreamEvent, None]:
        """The model calls, each request extending the last; until one only speaks, ends on a card, or was the last.
        The first brings the question's `allowance`, if any."""
        while True:
            turn.calls += 1
            last = turn.calls >= self.max_calls or turn.here.actions >= self.max_actions
            request = ModelRequest(
                self.bundle.system,
                self.bundle.tools,
                turn.messages,
                max_tokens=turn.receipt.allowance(self.policy.max_answer_tokens),
                tool_choice="none" if last else "auto",
                allowance=allowance,
            )
            allowance = None
            reply = Reply()
            try:
                async for event in self._call(request, reply, turn.gate, turn.here, last=last):
                    yield turn.receipt.seen(event)
            except SystemRoleUnsupported:
                if reply.began or not turn.opening.sends_system:
                    raise
                # The model table was wrong for this model: the note goes in the question's message
                # from now on, and the committed reminder keeps it so for the conversation.
                spec = self.model.spec.id
                log.warning("%s takes no mid-conversation system message; sending the note as a reminder", spec)
                turn.opening = turn.opening.reminding()
                turn.calls -= 1
                continue
            except ModelError:
                turn.took(reply.acted(), last=True)  # a reply cut short after whole calls: those were done
                raise
            if not turn.took(reply, last=last):
                return

    async def _finish(self, turn: Underway) -> AsyncGenerator[StreamEvent, None]:
        """The gate's last words and holds, and those still being checked; the policy's words when it let nothing
        through."""
        for event in turn.gate.finish():
            yield turn.receipt.seen(event)
        if isinstance(turn.gate, Checked):  # no generator made for a check that is off (most answers)
            async for event in _checked(turn.gate):
                yield turn.receipt.seen(event)
        if turn.gate.none:
            yield self.policy.none_refusal()

    async def _excerpts(self, conversation: Conversation, question: str | None) -> Excerpts | None:
        """Search mode: the sections this question brings, before its fence; none for an answer to a card. Where they
        are put in order by meaning, the question is embedded in a worker thread (12-18 ms of CPU with the encoder):
        on the event loop it would hold every other visitor's stream on this process as long."""
        if not self.bundle.searched or question is None:
            return None
        earlier = conversation.asked
        embed = self.bundle.embed  # the rerank's or the encoder's model, where excerpts are put in order by meaning
        asked = None if embed is None else await asyncio.to_thread(leaned, embed, question, earlier)
        return excerpts(self.bundle, question, earlier=earlier, given=conversation.given, asked=asked)

    def _answered(
        self, waiting: Waiting | None, ask: Ask, here: Here
    ) -> tuple[list[dict[str, Any]], list[StreamEvent]]:
        """The tool results the new message must open with, and any events an approval gives at once.

        The reply keeps the rules of `reply.broken` by now: it answers this card, in its kind."""
        if waiting is None:
            return [], []
        if ask.reply is None:
            # Every tool call needs a result: a card left for a new question is answered as left.
            return [*waiting.results, tool_result(waiting.call, cards.unanswered(waiting))], []
        if waiting.kind == "choices":
            return [*waiting.results, tool_result(waiting.call, cards.picked(waiting, ask.reply["pick"]))], []
        approved = ask.reply["approved"]
        entry = self.check.lent(waiting.name, waiting.page, waiting.field_id)
        label = entry.label if entry else waiting.name
        if not approved:
            return [*waiting.results, tool_result(waiting.call, cards.declined(label))], []
        if entry is None or entry.page != here.page:
            gone = self.check.has_left(ToolCall(waiting.call, waiting.name, {}), here)
            return [*waiting.results, tool_result(waiting.call, gone.message, error=True)], []
        event, result = approve(waiting, entry, self.bundle, here)
        return [*waiting.results, tool_result(waiting.call, result)], [event]

    async def _call(
        self, request: ModelRequest, reply: Reply, gate: GateLike, here: Here, *, last: bool
    ) -> AsyncGenerator[StreamEvent, None]:
        """One model call: text through the gate, each tool call through the checks, as they come."""
        async for event in self.model.stream(request):
            if isinstance(event, TextDelta):
                reply.began = True
                reply.text(event.text)
                for out in gate.feed(event.text):
                    yield out
            elif isinstance(event, ToolCall):
                reply.began = True
                reply.tool_use(event)
                async for shown in self._tool_call(event, reply, gate, here, last=last):
                    if not isinstance(shown, (Sentence, Code, Held)):  # an action after the sentences before it
                        async for checked in _checked(gate):
                            yield checked
                    yield shown
                for said in gate.flush():  # a call ends the words before it, whatever it did ('[[none]]' after is new)
                    yield said
            elif isinstance(event, Thinking):
                reply.began = True
                reply.blocks.append(event.block)  # kept whole and in place; the gate never sees it
            elif isinstance(event, Usage):
                reply.usage = event
            elif isinstance(event, Stop):
                reply.stop = event.reason

    async def _tool_call(
        self, call: ToolCall, reply: Reply, gate: GateLike, here: Here, *, last: bool
    ) -> AsyncGenerator[StreamEvent, None]:
        """One tool call through the checks: its result for the model, and what the visitor sees if it passed. With the
        model check on, a card's words (links' and choices') are checked as a cited sentence is before it is shown."""
        if last:
            reply.results.append(tool_result(call.id, LAST_WORDS, error=True))
            return
        verdict = vetted(self.check.check(call, here), gate, self.bundle)
        if isinstance(gate, Checked):
            # The model's words before a call, refused or not, are asked now, not after its next call: a choice is
            # checked against what they cite.
            for said in gate.flush():
                yield said
            if isinstance(verdict, Passed):
                verdict = await gate.card(verdict, self.bundle)
        if self.on_check is not None:
            self.on_check(verdict)
        if isinstance(verdict, Failed):
            reply.results.append(tool_result(call.id, verdict.message, error=True))
            return
        outcome: Outcome = carry_out(verdict, self.bundle, here)
        gate.acted(*acted_labels(verdict, outcome, self.bundle))
        if outcome.events:
            for shown in [*gate.flush(), *outcome.events]:  # the words the model wrote before this action go first
                yield shown
        if outcome.waiting is not None:
            reply.waiting = outcome.waiting
        else:
            reply.results.append(tool_result(call.id, outcome.result or ""))


async def _checked(gate: GateLike) -> AsyncGenerator[Sentence | Code | Held, None]:
    """What the model check still holds back, in order, as its checks end (nothing where the check is off)."""
    if isinstance(gate, Checked):
        async for event in gate.drain():
            yield event
