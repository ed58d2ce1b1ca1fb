"""The model check's requests as a turn forms them (answer/checking.py orders what they decide): the sentences of a
paragraph, a list or a table gathered into one request, sent when it ends, a code block comes or the request is full,
and each sentence's verdict read from its request once that is done, the request's cost counted once. The sentence
right before a code block is asked with the block beside it (`block`): what its "looks like this:" shows."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from typing import Any

from docent.schema import RecordSection

from .check_request import CodeAfter

log = logging.getLogger(__name__)

Asked = list[tuple[str, list[RecordSection]]]  # a request's sentences, each with the sections it cites
# A verdict for each sentence asked (supported or not; None: none of its own), and what the request cost
Judged = tuple[list[bool | None], float]
# `Checker.judge`: the sentences asked, and the code block the answer shows right after the last of them (None: none)
Judging = Callable[[Asked, CodeAfter | None], Coroutine[Any, Any, Judged]]


class Batch:
    """The sentences one request asks, each with the sections it cites, and the code block shown right after the last
    (`code`: a block sends its request at once, so it can follow no other); its request once sent (`task`)."""

    __slots__ = ("asked", "code", "task", "leads")

    def __init__(self) -> None:
        self.asked: Asked = []
        self.code: CodeAfter | None = None
        self.leads = False  # its last sentence leads into what follows: a line ending in a colon, a heading
        self.task: asyncio.Task[Judged] | None = None


class Batches:
    """A turn's requests: the sentences of the paragraph under way, gathered (`ask`) until it ends (`ended`), a code
    block comes (`block`), the request is full, or an action, a card or the answer's end sends it (`send`); `size`: a
    request's most sentences."""

    def __init__(self, judge: Judging, size: int) -> None:
        self._judge = judge
        self._size = size
        self._forming: Batch | None = None  # the sentences of the paragraph under way, not yet asked
        self._waits = False  # the last sentence let out is the request being formed's last, and a code block may follow it
        self.cost_usd = 0.0  # what the requests read so far cost

    def ask(self, text: str, cited: list[RecordSection], *, leads: bool, shows: bool) -> tuple[Batch, int]:
        """The sentence added to the paragraph's request (a full one is sent), and its place there; `leads`: it leads
        into what follows (`ended`); `shows`: a code block right after it is shown beside it (`block`). A line leading
        into a block that fills its request waits for the block, as it does in one not yet full."""
        if self._forming is not None and len(self._forming.asked) >= self._size:
            self.send()  # full, its lead-in's block never came
        batch = self._forming = self._forming or Batch()
        batch.asked.append((text, cited))
        batch.leads = leads
        self._waits = shows
        if len(batch.asked) >= self._size and not (leads and shows):
            self.send()
        return batch, len(batch.asked) - 1

    def between(self) -> None:
        """Something the check does not ask was let out: no code block after it is the last sentence's."""
        self._waits = False

    @property
    def waits(self) -> bool:
        """A sentence waits to be asked with the code block, if one comes next (`block`)."""
        return self._waits  # cleared whenever the request being formed goes (`send`, `drop`)

    def block(self, code: CodeAfter | None) -> None:
        """A code block let out (`code`, as the request shows it, with the sections it is from) or held (None): the
        sentence right before it, if it waits to be asked, is asked with it beside it, and now: a line leading into a
        block waits for the block, not for the paragraph after it."""
        forming = self._forming
        if code is not None and forming is not None and self._waits:
            forming.code = code
        self.send()

    def ended(self) -> None:
        """A paragraph ended: its sentences are asked, unless the last leads into what follows ("Figures for the first
        quarter:" before a table, a heading over its paragraph, which waits for it to be shown), whose sentences it
        joins."""
        forming = self._forming
        if forming is None or not forming.leads:
            self.send()

    def send(self) -> None:
        """The request of the sentences waiting to be asked, sent."""
        batch, self._forming, self._waits = self._forming, None, False
        if batch is not None:
            batch.task = asyncio.get_running_loop().create_task(self._judge(batch.asked, batch.code))

    def drop(self) -> None:
        """The sentences waiting to be asked are not (the turn ended before its checks did)."""
        self._forming, self._waits = None, False

    def verdict(self, batch: Batch, at: int) -> bool | None:
        """The verdict of a done request's sentence `at` (None: it has none of its own, or the request broke). Its
        sentences are read in order, each once, so the request's cost is counted, or its break logged, with its first
        (not in a done callback, which runs on a later turn of the loop than the one that may read the verdict and
        then the turn's cost)."""
        task = batch.task
        assert task is not None  # a sentence is read only once its request is done
        if task.cancelled() or task.exception() is not None:
            if not task.cancelled() and at == 0:
                log.error("A sentence check broke; its sentences are held", exc_info=task.exception())
            return None
        verdicts, cost = task.result()
        if at == 0:
            self.cost_usd += cost
        return verdicts[at]
