"""The order rule's reading of named steps (`order_lines`): a side's longest run of words, inline code read as
written, that a list item or a line of code writes in a row, placed by those steps. Found on rounds 4-11's order
falsehoods: HTTPX's `pip install httpx[http2]` before `http2=True`, uv's list of where it looks for Python; a section's
sentence writing both sides ("if you call websocket.close() before calling websocket.accept()") lets it through."""

from __future__ import annotations

import pytest

from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from tests.sidecar.gating import docs_section as _section
from tests.sidecar.gating import fate, record_of

HTTP2 = "\n".join((  # HTTPX's docs, http2.md, as the record holds the section
    "When using the httpx client, HTTP/2 support is not enabled by default, because HTTP/1.1 is a mature,"
    " battle-hardened transport layer, and our HTTP/1.1 implementation may be considered the more robust "
    "option at this point in time. It is possible that a future version of httpx may enable HTTP/2 "
    "support by default. If you're issuing highly concurrent requests you might want to consider trying "
    "out our HTTP/2 support. You can do so by first making sure to install the optional HTTP/2 "
    "dependencies...",
    "$ pip install httpx[http2]",
    "And then instantiating a client with HTTP/2 support enabled:",
    "client = httpx.AsyncClient(http2=True)",
    "...",
    "You can also instantiate a client as a context manager, to ensure that all HTTP connections are "
    "nicely scoped, and will be closed once the context block is exited.",
    "async with httpx.AsyncClient(http2=True) as client:",
    "    ...",
    "HTTP/2 support is available on both Client and AsyncClient, although it's typically more useful in "
    "async contexts if you're issuing lots of concurrent requests.",
))

DISCOVERY = "\n".join((  # uv's docs: where it looks for Python, as the record holds the section
    "When searching for a Python version, the following locations are checked:",
    "- Managed Python installations in the UV_PYTHON_INSTALL_DIR.",
    "- A Python interpreter on the PATH as python, python3, or python3.x on macOS and Linux, or "
    "python.exe on Windows.",
    "- On Windows, the Python interpreters in the Windows registry and Microsoft Store Python "
    "interpreters (see py --list-paths) that match the requested version.",
    "In some cases, uv allows using a Python version from a virtual environment. In this case, the "
    "virtual environment's interpreter will be checked for compatibility with the request before "
    "searching for an installation as described above. See the pip-compatible virtual environment "
    "discovery documentation for details. When performing discovery, non-executable files will be "
    "ignored. Each discovered executable is queried for metadata to ensure it meets the requested Python "
    "version. If the query fails, the executable will be skipped. If the executable satisfies the "
    "request, it is used without inspecting additional executables. When searching for a managed Python "
    "version, uv will prefer newer versions first. When searching for a system Python version, uv will "
    "use the first compatible version \u2014 not the newest version. If a Python version cannot be found on "
    "the system, uv will check for a compatible managed Python version download.",
))

DENIAL = "\n".join((  # Starlette's docs, websockets.md
    "If you call websocket.close() before calling websocket.accept() then the server will automatically "
    "send a HTTP 403 error to the client. If you want to send a different error response, you can use the"
    " websocket.send_denial_response() method. This will send the response and then close the connection.",
    "- await websocket.send_denial_response(response)",
    "This requires the ASGI server to support the WebSocket Denial Response extension. If it is not "
    "supported a RuntimeError will be raised. In the context of Starlette, you can also use the "
    "HTTPException to achieve the same result.",
    "from starlette.applications import Starlette",
    "from starlette.exceptions import HTTPException",
    "from starlette.routing import WebSocketRoute",
    "from starlette.websockets import WebSocket",
    "",
    "",
    "def is_authorized(subprotocols: list[str]):",
    "    if len(subprotocols) != 2:",
    "        return False",
    "    if subprotocols[0] != \"Authorization\":",
    "        return False",
    "    # Here we are hard coding the token, in a real application you would validate the token",
    "    # against a database or an external service.",
    "    if subprotocols[1] != \"token\":",
    "        return False",
    "    return True",
    "",
    "",
    "async def websocket_endpoint(websocket: WebSocket):",
    "    subprotocols = websocket.scope[\"subprotocols\"]",
    "    if not is_authorized(subprotocols):",
    "        raise HTTPException(status_code=401, detail=\"Unauthorized\")",
    "    await websocket.accept(\"Authorization\")",
    "    await websocket.send_text(\"Hello, world!\")",
    "    await websocket.close()",
    "",
    "",
    "app = Starlette(debug=True, routes=[WebSocketRoute(\"/ws\", websocket_endpoint)])",
))

UPDATE = (  # docker-mailserver's FAQ, as the record holds it: a code block's lines after "the following commands:"
    "Make sure to read the CHANGELOG before updating to new versions, to be prepared for possible breaking changes. "
    "Then, run the following commands:\ndocker compose pull\ndocker compose down\ndocker compose up -d\n"
    "You should see the new version number on startup, for example: [ INF ] Welcome to docker-mailserver 11.3.1. "
    "And you're done!"
)

RECORD = record_of(
    _section("how-do-i-update-dms", "How do I update DMS?", UPDATE),
    _section("enabling-http2", "Enabling HTTP/2", HTTP2),
    _section("discovery-of-python-versions", "Discovery of Python versions", DISCOVERY),
    _section("send-denial-response", "Send Denial Response", DENIAL),
)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("To use HTTP/2 you install the optional `httpx[http2]` dependencies first and create the client with "
         "`http2=True` afterwards [[enabling-http2]].", "shown"),
        ("To use HTTP/2 you create the client with `http2=True` first and install the optional `httpx[http2]` "
         "dependencies afterwards [[enabling-http2]].", "order"),
        ("During discovery, uv checks the managed installations in UV_PYTHON_INSTALL_DIR before it looks at "
         "interpreters on the PATH [[discovery-of-python-versions]].", "shown"),
        ("During discovery, uv looks at interpreters on the PATH before it checks the managed installations in "
         "UV_PYTHON_INSTALL_DIR [[discovery-of-python-versions]].", "order"),
        # the lines of the example call accept() before close(); the section's sentence tells the other case
        ("If you call websocket.close() before websocket.accept(), the server automatically sends an HTTP 403 "
         "error to the client [[send-denial-response]].", "shown"),
        # the lines a lead ending in a colon opens are steps, though no mark of code is in them
        ("To update DMS, run `docker compose down` first, then `docker compose pull`, and finally "
         "`docker compose up -d` [[how-do-i-update-dms]].", "order"),
        ("To update DMS, run `docker compose pull` first, then `docker compose down`, and finally "
         "`docker compose up -d` [[how-do-i-update-dms]].", "shown"),
    ],
)
def test_order_of_named_steps(sentence: str, expected: str) -> None:
    assert fate(Gate(RECORD, Lexicon([])), sentence) == expected
