"""The twins rule (`answer/rules/twins.py`): a fact of one of two sections of one title ("Configuration" under "WSGI
Transport" and under "ASGI Transport") told of the thing the other's heading names. The sections are HTTPX's
transports' (round 11's site, a development site), the sentences a falsehood of its set and this file's own."""

from __future__ import annotations

import pytest

from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from tests.sidecar.gating import docs_section as _section
from tests.sidecar.gating import fate, record_of

DOCS = record_of(
    _section("wsgi-configuration", "Configuration",
             "For some more complex cases you might need to customize the WSGI transport. This allows you to:\n"
             "- Inspect 500 error responses rather than raise exceptions by setting raise_app_exceptions=False.\n"
             "- Use a given client address for requests by setting remote_addr.", "Transports", "WSGI Transport"),
    _section("asgi-configuration", "Configuration",
             "For some more complex cases you might need to customise the ASGI transport. This allows you to:\n"
             "- Inspect 500 error responses rather than raise exceptions by setting raise_app_exceptions=False.\n"
             "- Use a given client address for requests by setting client.", "Transports", "ASGI Transport"),
    _section("cron-connector", "Cron Connector",
             "The cron-connector is an event-connector which triggers functions on a timed basis.", "Cron"),
    _section("pro-cron-connector", "Cron Connector",
             "OpenFaaS Pro lets a function be invoked by Cron and other connectors at the same time.", "Triggers",
             "Pro triggers"),
)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # the falsehood of round 11's set: each transport given the other's setting
        ("The ASGI transport takes the client address as `remote_addr`, whereas the WSGI transport takes it as "
         "`client` [[wsgi-configuration, asgi-configuration]].", "actor"),
        ("The ASGI transport takes the client address as `remote_addr` [[asgi-configuration, wsgi-configuration]].",
         "actor"),
        ("The WSGI transport takes the client address as `remote_addr`, whereas the ASGI transport takes it as "
         "`client` [[wsgi-configuration, asgi-configuration]].", "shown"),
        # what both twins say is true of both, whichever is cited
        ("The ASGI transport can inspect 500 error responses by setting `raise_app_exceptions=False` "
         "[[wsgi-configuration, asgi-configuration]].", "shown"),
        # sections of one title at two depths are no twins: "triggers" is no owner of the cron-connector's
        ("The cron-connector triggers functions on a timed basis [[cron-connector]].", "shown"),
    ],
)
def test_a_twins_fact_told_of_the_other(sentence: str, expected: str) -> None:
    assert fate(Gate(DOCS, Lexicon([])), sentence) == expected


# Owners compared by stem (mend19c): Starlette's URL sections under "Requests" and "WebSockets" (its real bundle), where
# a sentence writes "the WebSocket URL" and "as for requests", the WebSockets' own thing and the other's.
URLS = record_of(
    _section("requests-url", "URL",
             "The request URL is accessed as request.url. The property is a string-like object that exposes all the "
             "components that can be parsed out of the URL. For example: request.url.path, request.url.port, "
             "request.url.scheme.", "Requests", "Request"),
    _section("websockets-url", "URL",
             "The websocket URL is accessed as websocket.url. The property is actually a subclass of str, and also "
             "exposes all the components that can be parsed out of the URL. For example: websocket.url.path, "
             "websocket.url.port, websocket.url.scheme.", "WebSockets", "WebSocket"),
)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("The WebSocket URL is accessed as `websocket.url` and exposes the same components as for requests "
         "[[websockets-url]].", "shown"),
        ("The WebSockets URL is accessed as `websocket.url` and exposes the same components as for requests "
         "[[websockets-url]].", "shown"),
        # the WebSockets' fact told of requests is held still, and of "the request URL" too
        ("The URL property of requests is actually a subclass of str [[websockets-url]].", "actor"),
        ("The request URL property is actually a subclass of str [[websockets-url]].", "actor"),
    ],
)
def test_owners_are_compared_by_stem(sentence: str, expected: str) -> None:
    assert fate(Gate(URLS, Lexicon([])), sentence) == expected
