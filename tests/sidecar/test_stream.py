"""The answer's stream, streamed by hand: sse-starlette's bytes, pings while the turn waits, a reader that stops
reading cut off, and the conversation given back however the answer ends."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from typing import Any

import anyio
import pytest

from docent.sidecar.answer.events import Cite, Code, Done, Item, Row, Sentence, Start, StreamEvent, payload
from docent.sidecar.stream import Answer

from ..bench._sse_answer import SseStarletteAnswer

pytestmark = pytest.mark.anyio

START = Start("token", 1, "replay")
CITE = (Cite("roles-acme", "Acme", "/roles/#roles-acme"),)


async def turn(pause: float = 0.0, cleanup: list[str] | None = None) -> AsyncIterator[StreamEvent]:
    try:
        yield Sentence("He led the platform team of six.", CITE)
        await anyio.sleep(pause)
        yield Sentence("The lab shows a leak.", CITE)
        yield Done("replay")
    finally:
        if cleanup is not None:
            cleanup.append("turn closed")


async def play(answer: Any, *, block_after: int | None = None) -> tuple[list[dict[str, Any]], bytes]:
    """The answer run as uvicorn would run it; `block_after` sends, then a reader that reads no more."""
    sent: list[dict[str, Any]] = []
    stuck = anyio.Event()

    async def receive() -> dict[str, Any]:
        await stuck.wait()
        return {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        if block_after is not None and len(sent) >= block_after:
            await anyio.sleep(3600)
        sent.append(message)

    scope = {"type": "http", "method": "POST", "path": "/api/guide/questions"}
    with anyio.fail_after(5):
        await answer(scope, receive, send)
    return sent, b"".join(m.get("body", b"") for m in sent)


def answer(kind: type[Answer], released: list[str], **options: Any) -> Answer:
    async def release() -> None:
        released.append("released")

    return kind(START, turn(**options.pop("turn", {})), release=release, **options)


async def test_the_bytes_on_the_wire_are_sse_starlettes() -> None:
    ours, theirs = await play(answer(Answer, [])), await play(answer(SseStarletteAnswer, []))
    assert ours[0][0] == theirs[0][0]  # status and headers, in order
    assert ours[1] == theirs[1]
    events = [block.split(b"\r\n")[0] for block in ours[1].split(b"\r\n\r\n") if block]
    assert events == [b"event: start", b"event: sentence", b"event: sentence", b"event: done"]
    # The last events and the stream's end go in one message (one write to the socket), not the end on its own.
    last = ours[0][-1]
    assert last["more_body"] is False and last["body"].startswith(b"event: ") and last["body"].endswith(b"\r\n\r\n")
    assert b"event: done" in last["body"] and all(m["body"] for m in ours[0][1:])


async def test_the_start_goes_out_with_the_turns_first_events_in_one_write() -> None:
    """The head, then `start` and what the turn's first step queued as one message: a write fewer an answer."""
    sent, _ = await play(answer(Answer, [], turn={"pause": 0.05}))
    blocks = [block.split(b"\r\n")[0] for block in sent[1]["body"].split(b"\r\n\r\n") if block]
    assert blocks == [b"event: start", b"event: sentence"] and sent[1]["more_body"] is True


SCOPE = {"type": "http", "method": "POST", "path": "/api/guide/questions"}


def _held_until(event: anyio.Event) -> Answer:
    """An answer whose turn ends (`Done`) only once `event` is set: a turn waiting on its model."""
    async def turn() -> AsyncIterator[StreamEvent]:
        await event.wait()
        yield Done("replay")

    async def release() -> None:
        pass

    return Answer(START, turn(), release=release)


async def _connected() -> dict[str, Any]:
    """A visitor who stays: nothing received until the test ends."""
    await anyio.sleep(3600)
    return {"type": "http.disconnect"}


async def test_beside_another_answer_under_way_the_start_goes_out_at_once_on_its_own() -> None:
    """A burst's starts go before any turn's slice, as the lane has it: only an answer alone waits for its turn's
    first step."""
    waiting = anyio.Event()

    async def ignore(message: dict[str, Any]) -> None:
        pass

    with anyio.fail_after(5):
        async with anyio.create_task_group() as group:
            group.start_soon(_held_until(waiting), SCOPE, _connected, ignore)
            await anyio.sleep(0.01)  # the first answer under way, its turn waiting
            sent, _ = await play(answer(Answer, []))
            waiting.set()
    assert sent[1]["body"].split(b"\r\n")[0] == b"event: start" and sent[1]["body"].count(b"event: ") == 1


async def test_a_turn_that_waits_before_its_first_event_has_its_start_sent_meanwhile() -> None:
    """The start does not wait for the turn's first event: a turn waiting on its model (or the lane, or Redis) has
    it sent as soon as its first step ends."""
    waited = anyio.Event()
    sent: list[dict[str, Any]] = []

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)
        if message.get("body", b"").startswith(b"event: start"):
            waited.set()  # the turn's model answers only once the visitor has the start

    with anyio.fail_after(5):
        await _held_until(waited)(SCOPE, _connected, send)
    assert [m.get("body", b"").split(b"\r\n")[0] for m in sent[1:]] == [b"event: start", b"event: done"]


async def test_pings_keep_a_waiting_answer_alive_as_comment_lines() -> None:
    """The turn waits until the reader has been sent three pings, not for a time the pings are expected to fill (a
    loaded machine runs the ping timer late, and fewer of them fit a fixed pause)."""
    released: list[str] = []
    pinged = anyio.Event()
    sent: list[dict[str, Any]] = []

    async def waiting_turn() -> AsyncIterator[StreamEvent]:
        yield Sentence("He led the platform team of six.", CITE)
        await pinged.wait()
        yield Done("replay")

    async def release() -> None:
        released.append("released")

    async def receive() -> dict[str, Any]:
        await anyio.sleep(3600)
        return {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)
        if sum(m.get("body", b"").startswith(b": ping") for m in sent) >= 3:
            pinged.set()

    scope = {"type": "http", "method": "POST", "path": "/api/guide/questions"}
    with anyio.fail_after(5):
        await Answer(START, waiting_turn(), release=release, ping_s=0.05)(scope, receive, send)
    body = b"".join(m.get("body", b"") for m in sent)
    pings = re.findall(rb": ping - \d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d+\+00:00\r\n\r\n", body)
    assert len(pings) >= 3
    assert [line for line in body.split(b"\r\n\r\n") if line.startswith(b"event:")][-1].startswith(b"event: done")
    assert released == ["released"]


async def test_a_reader_that_stops_reading_is_cut_off_and_its_turn_closed() -> None:
    released, cleanup = [], []  # type: ignore[var-annotated]
    sent, _ = await play(answer(Answer, released, send_timeout_s=0.1, turn={"pause": 0.05, "cleanup": cleanup}), block_after=2)
    assert len(sent) == 2  # the head and the start; then nothing more could be sent
    assert cleanup == ["turn closed"] and released == ["released"]


async def test_a_ping_due_while_a_slow_reader_takes_a_chunk_is_no_event() -> None:
    """Pings and events queue up while the visitor's connection is slow to take a chunk; a ping queued between two
    events is no event to frame (it failed with "asdict() should be called on dataclass instances"). The reader is
    held on its first chunk until the turn has queued everything, a ping among it: no timing decides the order."""
    held, queued = anyio.Event(), anyio.Event()
    ping_s = 0.01

    async def slow_turn() -> AsyncIterator[StreamEvent]:
        yield Sentence("He led the platform team of six.", CITE)
        await held.wait()
        yield Sentence("The lab shows a leak.", CITE)
        # The ping timer's next deadline is at most ping_s away, so the loop runs it before this sleep ends.
        await anyio.sleep(2 * ping_s)
        yield Done("replay")
        queued.set()

    released: list[str] = []

    async def release() -> None:
        released.append("released")

    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        await anyio.sleep(3600)
        return {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        if b"event: sentence" in message.get("body", b"") and not held.is_set():
            held.set()  # the first sentence: the reader takes it only once the turn has queued the rest
            await queued.wait()
        sent.append(message)

    scope = {"type": "http", "method": "POST", "path": "/api/guide/questions"}
    with anyio.fail_after(5):
        await Answer(START, slow_turn(), release=release, ping_s=ping_s)(scope, receive, send)
    first = next(i for i, m in enumerate(sent) if b"event: sentence" in m.get("body", b""))
    after_first = b"".join(m.get("body", b"") for m in sent[first + 1 :])
    blocks = [block.split(b"\r\n")[0] for block in after_first.split(b"\r\n\r\n") if block]
    # A ping due before the second sentence was queued (a slow machine: the first is due ping_s after the answer
    # began) goes out on its own, as a comment; those queued between the two events were dropped, not framed.
    events = [line for line in blocks if not line.startswith(b": ping")]
    assert events == [b"event: sentence", b"event: done"]
    assert all(line.startswith((b"event: ", b": ping")) for line in blocks)
    assert sent[-1]["more_body"] is False and sent[-1]["body"].split(b"\r\n\r\n")[-2].startswith(b"event: done")
    assert released == ["released"]


async def test_a_ping_queued_among_events_is_left_out_of_their_chunk() -> None:
    """The drain itself, on the queue the slow reader leaves: an event, a ping, the last event."""
    import asyncio

    from docent.sidecar.stream import _PING, _Mailbox, frame

    queue = _Mailbox(asyncio.get_running_loop())  # the answer's own, as its loop drains it
    for item in (_PING, Sentence("The lab shows a leak.", CITE), _PING, Done("replay"), _PING):
        queue.put_nowait(item)
    first = Sentence("He led the platform team of six.", CITE)
    chunk, ended = Answer._drain(first, queue)
    assert ended and chunk == frame(first) + frame(Sentence("The lab shows a leak.", CITE)) + frame(Done("replay"))
    assert queue.get_nowait() is _PING  # what came after the last event is left where it was


async def test_a_visitor_gone_while_events_wait_is_sent_nothing_more() -> None:
    """Events queued behind the visitor's going away are not framed for nobody: the drain says gone, not a chunk."""
    import asyncio

    from docent.sidecar.stream import _GONE, _Mailbox

    queue = _Mailbox(asyncio.get_running_loop())
    for item in (_GONE, Sentence("The lab shows a leak.", CITE), Done("replay")):
        queue.put_nowait(item)
    assert Answer._drain(Sentence("He led the platform team of six.", CITE), queue) == (None, False)


@pytest.mark.parametrize("text", ["Plain words.", "Quotes “so” — and é, 日本.", "A line\u2028separator, a tab\t.", "A lone \ud800 half."])
def test_an_events_data_is_the_compact_json_the_standard_library_writes(text: str) -> None:
    """Encoded with msgspec for speed: byte for byte what json.dumps(ensure_ascii=False) wrote, a lone surrogate
    replaced as it was."""
    import json

    from docent.sidecar.stream import frame

    event = Sentence(text, (Cite("lab-leak", "The “leak”", "/lab/#lab-leak", quote="a leak"),))
    data = {"text": text, "cites": [{"id": "lab-leak", "title": "The “leak”", "path": "/lab/#lab-leak", "quote": "a leak"}]}
    written = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8", "replace")
    assert frame(event) == b"event: sentence\r\ndata: " + written + b"\r\n\r\n"


ACME = {"id": "roles-acme", "title": "Acme", "path": "/roles/#roles-acme"}


@pytest.mark.parametrize(
    ("event", "data"),
    [
        (Sentence("It says so.", CITE), {"text": "It says so.", "cites": [ACME]}),
        (Sentence("It says so.", (Cite("a", "A", "/a/", "It says so."), *CITE), (("em", 0, 2), ("code", 3, 7)), Item(2), True),
         {"text": "It says so.", "cites": [{"id": "a", "title": "A", "path": "/a/", "quote": "It says so."}, ACME],
          "spans": [["em", 0, 2], ["code", 3, 7]], "item": {"number": 2}, "line": True}),
        (Sentence("A bullet.", CITE, item=Item(None)), {"text": "A bullet.", "cites": [ACME], "item": {"number": None}}),
        # a table's header row cites nothing
        (Sentence("Name | Value", (), row=Row(((0, 4), (7, 12)), header=True)),
         {"text": "Name | Value", "cites": [], "row": {"cells": [[0, 4], [7, 12]], "header": True}}),
        (Sentence("Kafka | 3", CITE, row=Row(((0, 5), (8, 9)))),
         {"text": "Kafka | 3", "cites": [ACME], "row": {"cells": [[0, 5], [8, 9]], "header": False}}),
        (Sentence("Nothing cited."), {"text": "Nothing cited.", "cites": []}),
        # a heading the model wrote, cited or not
        (Sentence("Updating", (), line=True, heading=True), {"text": "Updating", "cites": [], "line": True, "heading": True}),
        (Sentence("Updating", CITE, heading=True), {"text": "Updating", "cites": [ACME], "heading": True}),
    ],
)
def test_a_sentence_is_framed_as_its_fields_are_worded(event: Sentence, data: dict[str, Any]) -> None:
    """The Struct encoded as it stands gives the object the panel reads: "cites" always, each cite's quote and the
    sentence's spans, item, line and row only when it has them, an item's number even when it is none."""
    import json

    from docent.sidecar.stream import frame

    written = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
    assert frame(event) == b"event: sentence\r\ndata: " + written + b"\r\n\r\n"
    assert payload(event) == data  # the event's data, as `events.payload` gives it


def test_a_code_blocks_payload_is_its_frames_data() -> None:
    import json

    from docent.sidecar.stream import frame

    code = Code("python", "import httpx", (Cite("a", "A", "/a/", "import httpx"), *CITE))
    assert payload(code) == json.loads(frame(code).split(b"data: ", 1)[1]) == {
        "language": "python", "text": "import httpx",
        "cites": [{"id": "a", "title": "A", "path": "/a/", "quote": "import httpx"}, {"id": "roles-acme", "title": "Acme", "path": "/roles/#roles-acme"}],
    }


@pytest.mark.parametrize(("back", "calls"), [(True, []), (False, ["released"])])
async def test_a_lease_given_back_already_is_not_released_again(back: bool, calls: list[str]) -> None:
    """The save gives the lease back with `done`; the answer then ends the same, without awaiting `release`, which
    still runs when the lease is not back (an answer ended by an error, a visitor gone)."""
    released: list[str] = []
    alone, alone_bytes = await play(answer(Answer, []))
    sent, sent_bytes = await play(answer(Answer, released, given_back=lambda: back))
    # The same head and bytes, ended the same; how the events fall into chunks is the lane's timing, not the lease's.
    assert sent[0] == alone[0] and sent_bytes == alone_bytes and sent[-1]["more_body"] is False
    assert released == calls
