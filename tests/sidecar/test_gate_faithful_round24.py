"""Faithful readings of round 24 (issue 21, faithful24), on HTTPX's own sections: "does not guarantee" denies what "does
not necessarily mean" denies; "lets" is "allows" where a reason's words are looked up; an effect whose words the
reason's own unit holds as well as any other unit is not placed apart from its reason. Each with the falsehoods of its
kind, on the same sections, that the gate still holds (the hole probes)."""

from __future__ import annotations

import pytest

from docent.schema import Block
from tests.sidecar.gating import docs_section, page_section, verdicts

HTTP2 = verdicts(
    docs_section(
        "http2", "HTTP/2 Support",
        "HTTP/2 is a major new iteration of the HTTP protocol, that provides a far more efficient transport, with "
        "potential performance benefits. HTTP/2 does not change the core semantics of the request or response, but "
        "alters the way that data is sent to and from the server. Rather than the text format that HTTP/1.1 uses, "
        "HTTP/2 is a binary format. The binary format provides full request and response multiplexing, and efficient "
        "compression of HTTP headers. The stream multiplexing means that where HTTP/1.1 requires one TCP stream for "
        "each concurrent request, HTTP/2 allows a single TCP stream to handle multiple concurrent requests. HTTP/2 also "
        "provides support for functionality such as response prioritization, and server push. For a comprehensive "
        "guide to HTTP/2 you may want to check out \"http2 explained\"."),
    docs_section(
        "version", "Inspecting the HTTP version",
        "Enabling HTTP/2 support on the client does not necessarily mean that your requests and responses will be "
        "transported over HTTP/2, since both the client and the server need to support HTTP/2. If you connect to a "
        "server that only supports HTTP/1.1 the client will use a standard HTTP/1.1 connection instead. You can "
        "determine which version of the HTTP protocol was used by examining the .http_version property on the "
        "response.", "HTTP/2 Support"),
)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # round 11's faithful twin: the section's "does not necessarily mean" in other words
        ("Enabling HTTP/2 does not guarantee it will be used, since the server has to support it as well, so you can "
         "check `.http_version` on the response to see which protocol was used [[version]].", "shown"),
        ("Enabling HTTP/2 does not guarantee it [[version]].", "shown"),
        # hole probes: a guarantee the section is sure of, denied of the same thing; a guarantee where it denies one
        ("When the server only supports HTTP/1.1, the client is not guaranteed to use a standard HTTP/1.1 connection "
         "[[version]].", "polarity"),
        ("Enabling HTTP/2 support on the client guarantees that requests and responses are transported over HTTP/2 "
         "[[version]].", "hedge"),
        # hole probes of one word in common before the denials (review24a): "supports" of the server, where the section
        # says the client will use HTTP/1.1 with it; the sentence's words before its denial must all be the section's
        ("Connecting to a server that only supports HTTP/1.1 does not guarantee it will be used [[version]].", "polarity"),
        ("A server that only supports HTTP/1.1 does not guarantee it will be used [[version]].", "polarity"),
        ("HTTP/2 support on the client does not guarantee it will be used [[version]].", "shown"),
        # hole probes (review25a): the last three words the section's, the thing told of made another before them, by
        # what the section writes elsewhere (the server it needs for HTTP/2 to be used), in the clause or an opening
        # phrase; a word the section does not write there tells the same thing in other words ("Turning on")
        ("Connecting to a server that supports HTTP/2 with HTTP/2 support on the client does not guarantee it will be "
         "used [[version]].", "polarity"),
        ("When the server also supports HTTP/2, enabling HTTP/2 support on the client does not guarantee it will be used "
         "[[version]].", "polarity"),
        ("With a server that supports HTTP/2, HTTP/2 support on the client does not guarantee it will be used "
         "[[version]].", "polarity"),
        ("Turning on HTTP/2 support in the client does not guarantee that HTTP/2 will be used [[version]].", "shown"),
        ("Enabling HTTP/2 on the client does not guarantee that requests will be sent over HTTP/2 [[version]].", "shown"),
    ],
)
def test_not_guaranteed_is_not_necessarily(sentence: str, expected: str) -> None:
    assert HTTP2(sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # round 11's faithful twin: "lets" for "allows", and an effect ("fewer TCP streams than HTTP/1.1, which needs
        # one per concurrent request") that the reason's own sentence tells
        ("Because HTTP/2 lets a single TCP stream carry multiple concurrent requests, it uses fewer TCP streams than "
         "HTTP/1.1, which needs one per concurrent request [[http2]].", "shown"),
        ("Because HTTP/2 allows a single TCP stream to handle multiple concurrent requests, it uses fewer TCP streams "
         "than HTTP/1.1, which needs one per concurrent request [[http2]].", "shown"),
        # hole probes: the same reason joined to an effect another unit tells, beside it or further; a reason with a
        # word of its own beside the same effect
        ("Because HTTP/2 lets a single TCP stream carry multiple concurrent requests, it provides response "
         "prioritization [[http2]].", "cause"),
        ("Because HTTP/2 lets a single TCP stream carry multiple concurrent requests, it compresses HTTP headers "
         "efficiently [[http2]].", "cause"),
        ("Because HTTP/2 lets a single TCP stream carry multiple concurrent requests, it is a binary format "
         "[[http2]].", "cause"),
        ("Because HTTP/2 lets a single TCP stream carry multiple concurrent requests, it alters the way that data is "
         "sent to and from the server [[http2]].", "cause"),
        ("Because HTTP/2 lets a single TCP stream carry multiple encrypted requests, it uses fewer TCP streams than "
         "HTTP/1.1, which needs one per concurrent request [[http2]].", "cause"),
        ("Because HTTP/2 lets a single TCP stream carry one request at a time, it uses fewer TCP streams than "
         "HTTP/1.1, which needs one per concurrent request [[http2]].", "cause"),
    ],
)
def test_a_reason_in_other_words_beside_its_effect(sentence: str, expected: str) -> None:
    assert HTTP2(sentence) == expected


# Starlette's "Permissions" section as its build reads it (its code between the paragraphs, the note an admonition).
_REQUIRES = "from starlette.authentication import requires\n\n\n@requires({})\nasync def dashboard(request):\n    ..."
PERMISSIONS = verdicts(page_section(
    "permissions", "Permissions",
    Block("paragraph", "Permissions are implemented as an endpoint decorator, that enforces that the incoming request "
          "includes the required authentication scopes."),
    Block("code", _REQUIRES.format("'authenticated'"), "python"),
    Block("paragraph", "You can include either one or multiple required scopes:"),
    Block("code", _REQUIRES.format("['authenticated', 'admin']"), "python"),
    Block("paragraph", "By default 403 responses will be returned when permissions are not granted. In some cases you "
          "might want to customize this, for example to hide information about the URL layout from unauthenticated "
          "users."),
    Block("code", _REQUIRES.format("['authenticated', 'admin'], status_code=404"), "python"),
    Block("admonition", "The status_code parameter is not supported with WebSockets. The 403 (Forbidden) status code "
          "will always be used for those.", marker="Note", code=("status_code",)),
    Block("paragraph", "Alternatively you might want to redirect unauthenticated users to a different page."),
))
_BECAUSE = ("Because permissions are implemented as an endpoint decorator, which enforces that the incoming request "
            "includes the required authentication scopes, ")


@pytest.mark.parametrize(
    "effect",
    [
        "the status_code parameter is not supported with WebSockets",
        "403 responses are returned by default when permissions are not granted",
        "you might want to redirect unauthenticated users to a different page",
    ],
)
def test_a_reason_told_on_past_its_comma_places_no_effect_of_another_unit(effect: str) -> None:
    """review24a, of 1e51833: the reason's own relative clause (", which enforces ...") is read as the effect's first
    words, all of them the reason's unit's; the reason's unit then "held as many of the effect's words" as the unit
    that tells the effect, and a reason joined to a fact told three paragraphs on was shown (held before 1e51833).
    The effect's words the reason's unit lacks, told together by another unit, place it there."""
    assert PERMISSIONS(f"{_BECAUSE}{effect} [[permissions]].") == "cause"
