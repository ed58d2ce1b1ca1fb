"""The model check's requests as a turn forms them (answer/checking.py orders what they decide): the sentences of a
paragraph, a list or a table gathered into one request, sent when it ends or the request is full, and each sentence's
verdict read from its request once that is done, the request's cost counted once."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from typing import Any

from docent.schema import RecordSection

log = logging.getLogger(__name__)

Asked = list[tuple[str, list[RecordSection]]]  # a request's sentences, each with the sections it cites
# A verdict for each sentence asked (supported or not; None: none of its own), and what the request cost
Judged = tuple[list[bool | None], float]
Judging = Callable[[Asked], Coroutine[Any, Any, Judged]]  # `Checker.judge`


class Batch:
    """The sentences one request asks, each with the sections it cites; its request once sent (`task`)."""

    __slots__ = ("asked", "task", "leads")

    def __init__(self) -> None:
        self.asked: Asked = []
        self.leads = False  # its last sentence leads into what follows: a line ending in a colon, a heading
        self.task: asyncio.Task[Judged] | None = None


class Batches:
    """A turn's requests: the sentences of the paragraph under way, gathered (`ask`) until it ends (`ended`), the
    request is full, or an action or the answer's end sends it (`send`); `size`: a request's most sentences."""

    def __init__(self, judge: Judging, size: int) -> None:
        self._judge = judge
        self._size = size
        self._forming: Batch | None = None  # the sentences of the paragraph under way, not yet asked
        self.cost_usd = 0.0  # what the requests read so far cost

    def ask(self, text: str, cited: list[RecordSection], *, leads: bool) -> tuple[Batch, int]:
        """The sentence added to the paragraph's request (a full one is sent), and its place there; `leads`: it leads
        into what follows (`ended`)."""
        batch = self._forming = self._forming or Batch()
        batch.asked.append((text, cited))
        batch.leads = leads
        if len(batch.asked) >= self._size:
            self.send()
        return batch, len(batch.asked) - 1

    def unled(self) -> None:
        """What the paragraph's last sentence led into is not asked (a code block): it waits for no paragraph after."""
        if self._forming is not None:
            self._forming.leads = False

    def ended(self) -> None:
        """A paragraph ended: its sentences are asked, unless the last leads into what follows ("Figures for the first
        quarter:" before a table, a heading over its paragraph, which waits for it to be shown), whose sentences it
        joins."""
        forming = self._forming
        if forming is None or not forming.leads:
            self.send()

    def send(self) -> None:
        """The request of the sentences waiting to be asked, sent."""
        batch, self._forming = self._forming, None
        if batch is not None:
            batch.task = asyncio.get_running_loop().create_task(self._judge(batch.asked))

    def drop(self) -> None:
        """The sentences waiting to be asked are not (the turn ended before its checks did)."""
        self._forming = None

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
