"""The gate on an order told with an adverb of sequence (issue 21, order): "A and later B", "A, and B afterwards" tell
B after A, as the section's "A before B" does. The contrast rule read "later" against "before" as two poles of one
class said in one place; an adverb of sequence places the event after it, a preposition the one before it, so the
two say one order where the events stand on the same sides. The same words with the events swapped are still held
(the hole probes). The sections are the development sites' own (Uvicorn, HTTPX, Python-Markdown)."""

from __future__ import annotations

import pytest

from tests.sidecar.gating import docs_section, verdicts

verdict = verdicts(
    docs_section("hypercorn", "Hypercorn",
                 "Hypercorn was initially part of the Quart web framework, before being separated out into a standalone "
                 "ASGI server. Hypercorn supports HTTP/1.1, HTTP/2, HTTP/3 and WebSockets.",
                 "ASGI", "Alternative ASGI servers"),
    docs_section("content-encoding", "Content encoding",
                 "HTTPX uses utf-8 for encoding str request bodies. For example, when using content=<str> the request "
                 "body will be encoded to utf-8 before being sent over the wire. This differs from Requests which uses "
                 "latin1.", "Requests Compatibility"),
    docs_section("trust-everything", "Trust Everything",
                 "Rather than specifying what to trust, you can instruct Uvicorn to trust all clients using the literal "
                 '"*". You should only set this when you know you can trust all values within the forwarded headers '
                 "(e.g. because your proxies remove the existing headers before setting their own).",
                 "Deployment", "Proxies and Forwarded Headers"),
    docs_section("resetting-instance-state", "Resetting Instance State",
                 "By calling reset between runs, the footnote definitions from the first document will be cleared before "
                 "the second document is rendered.", "Footnotes"),
)


@pytest.mark.parametrize("sentence", [
    "Hypercorn was first part of the Quart web framework and was later separated out into a standalone ASGI server "
    "[[hypercorn]].",
    "Hypercorn began as part of the Quart web framework and was subsequently separated out into a standalone ASGI "
    "server [[hypercorn]].",
    "With a str as content, the request body is encoded to utf-8 and later sent over the wire [[content-encoding]].",
    "Your proxies remove the existing headers and afterwards set their own [[trust-everything]].",
    "Calling reset clears the first document's footnote definitions, and the second document is later rendered "
    "[[resetting-instance-state]].",
    # an adverb that ends its clause marks the clause before it, as "after" does
    "Your proxies remove the existing headers and set their own afterwards [[trust-everything]].",
    "With a str as content, the request body is encoded to utf-8, and it is sent over the wire afterwards "
    "[[content-encoding]].",
])
def test_an_adverb_of_sequence_telling_the_sections_order_is_shown(sentence: str) -> None:
    assert verdict(sentence) == "shown"


@pytest.mark.parametrize("sentence", [
    "Hypercorn was first a standalone ASGI server and was later made part of the Quart web framework [[hypercorn]].",
    "Hypercorn was separated out into a standalone ASGI server and later became part of the Quart web framework "
    "[[hypercorn]].",
    "With a str as content, the request body is sent over the wire and later encoded to utf-8 [[content-encoding]].",
    "Your proxies set their own headers and afterwards remove the existing ones [[trust-everything]].",
    "The second document is rendered, and the first document's footnote definitions are cleared afterwards "
    "[[resetting-instance-state]].",
    # the clause-final adverb read as "after" (a fronted reading would let these through)
    "Your proxies set their own headers and remove the existing ones afterwards [[trust-everything]].",
    "With a str as content, the request body is sent over the wire, and it is encoded to utf-8 afterwards "
    "[[content-encoding]].",
])
def test_the_same_adverb_with_the_events_swapped_is_held(sentence: str) -> None:
    assert verdict(sentence) == "order"
