"""The quantifier rule on documentation's steps (issue 21, round 14): "only then" restricts when a step comes, no part
of anything, as "only once" and "only after" do; a part told against a whole still held. The record is a small
made-up resolver's."""

from __future__ import annotations

import pytest

from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from tests.sidecar.gating import docs_section as _section
from tests.sidecar.gating import fate, record_of

RECORD = record_of(
    _section("resolver", "The resolver",
             "In the worst case you have to try all versions of all packages. A version is picked for the selected "
             "package. Then all requirements of that version are added to the undecided packages."),
)


def verdict(sentence: str) -> str:
    return fate(Gate(RECORD, Lexicon([])), sentence)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("A version is picked for the selected package first, and only then are that version's requirements added "
         "to the undecided packages [[resolver]].", "shown"),
        ("A version is picked for the selected package, and only some of that version's requirements are added to "
         "the undecided packages [[resolver]].", "quantifier"),
    ],
)
def test_only_then_restricts_a_step(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected


# "any" is a whole (found on rounds 3-5's falsehoods): the sections are Uvicorn's, Starlette's and the example's own.
ANY = record_of(
    _section("asgi-frameworks", "ASGI frameworks", "You can use Uvicorn, Daphne, or Hypercorn to run any ASGI "
             "framework. For small services you can also write ASGI applications directly."),
    _section("daphne", "Daphne", "The first ASGI server implementation, originally developed to power Django "
             "Channels, is the Daphne webserver. It is run widely in production, and supports HTTP/1.1, HTTP/2, and "
             "WebSockets. Any of the example applications given here can equally well be run using daphne instead."),
    _section("fileresponse", "FileResponse", "File responses also supports HTTP range requests. The Accept-Ranges: "
             "bytes header will be included in the response if the file exists. For now, only the bytes range unit "
             "is supported."),
    _section("leading", "Leading and mentoring", "I review code and mentor mid-level engineers, currently four, with "
             "a fortnightly hour each; two of the engineers I mentored have since been promoted to senior. I run the "
             "monthly architecture hour where any engineer can bring a design. If any review finds a fault, it is "
             "written down."),
    _section("router-authentication", "Router authentication", "Use auth argument on Router to apply authenticator "
             "to all operations declared in it:\napi.add_router(\"/events/\", events_router, auth=BasicAuth())\nor "
             "using router constructor\nrouter = Router(auth=BasicAuth())\nThis overrides any API level "
             "authentication. To allow router operations to not use the API-level authentication by default, you can "
             "explicitly set the router's auth=None."),
)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Uvicorn, Daphne and Hypercorn can each run any ASGI framework [[asgi-frameworks]].", "shown"),
        ("Uvicorn, Daphne and Hypercorn can each run only some ASGI frameworks [[asgi-frameworks]].", "quantifier"),
        ("Any of the example applications in the docs can be run with Daphne instead [[daphne]].", "shown"),
        ("Only a few of the example applications in the docs can be run with Daphne instead [[daphne]].",
         "quantifier"),
        # the sentence's "any" against the section's "only the"
        ("FileResponse supports HTTP range requests in any range unit [[fileresponse]].", "quantifier"),
        # a section's "any engineer can bring a design" is no whole beside its "two of the engineers": still a part
        ("She mentors mid-level engineers, and all of the engineers she mentored have since been promoted to senior "
         "[[leading]].", "quantifier"),
        # "if any", "without any": no whole
        ("If any review finds a fault, it is written down [[leading]].", "shown"),
        # a section's "any" ties only as "any of" or after a modal: "overrides any API level authentication" says
        # nothing of a part of the API (django-ninja's docs, a careful model's answer)
        ("If only part of the API needs the key, you can instead apply an authenticator to all operations of a "
         "router [[router-authentication]].", "shown"),
    ],
)
def test_any_is_a_whole(sentence: str, expected: str) -> None:
    assert fate(Gate(ANY, Lexicon([])), sentence) == expected


# A quantifier's noun phrase ends at a preposition past its verb (docker-mailserver's docs, a faithful sentence of the
# development set): "both ports require authentication with a mail account" says nothing of "most mail".
PORTS = record_of(
    _section("inbound", "Inbound Traffic (On the left)", "Mail arriving at your server will be processed and stored "
             "in a mailbox, or sent outbound to another mail server.\n- Port 25:\n- Think of this like a physical "
             "mailbox, anyone can deliver mail to you here. Typically most mail is delivered to you on this port.\n"
             "- Port 465 and 587:\n- These two ports are known as the submission ports, they enable mail to be sent "
             "outbound to another MTA (eg: Outlook or Gmail) but require authentication via a mail account.\n"
             "- Prefer port 465 over port 587, as 465 provides Implicit TLS."),
)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("For submission, the docs prefer port 465 over port 587 since 465 provides Implicit TLS, and both ports "
         "require authentication with a mail account [[inbound]].", "shown"),
        ("All mail is delivered to you on port 25 [[inbound]].", "quantifier"),
    ],
)
def test_a_quantifier_ends_at_a_preposition_past_its_verb(sentence: str, expected: str) -> None:
    assert fate(Gate(PORTS, Lexicon([])), sentence) == expected


# What is left and what is alone (issue 21, round 19; the sections are Pi-hole's, HTTPX's, uv's and Copier's, the
# sentences the development sets' falsehoods and their faithful readings): "the only field that", "all other
# parameters" and "the remainder of uv's crates" are parts, and a word the sections give both a whole and a part is
# the part where the sentence's clause tells what only the part's unit tells. A section's whole with its exception
# ("Every parameter is optional, except `auth`") is a part too.
PARTS = record_of(
    _section("domainlist", "Domain tables (domainlist)",
             "id: Type integer; Uniqueness enforced Yes; Content ID of this domain\n"
             "comment: Type text; Uniqueness enforced No; Content Optional field for arbitrary user comments, only "
             "field that is allowed to be NULL"),
    _section("merging", "Merging of configuration",
             "For headers, query parameters and cookies, the values are combined together. For all other "
             "parameters, the request-level value takes priority.", "HTTPX"),
    _section("crates", "Crate versioning",
             "uv's crates are published to crates.io. The following crates follow the normal uv versioning policy:\n"
             "- uv\n- uv-build\n- uv-version\nThe remainder of uv's crates provide no stability guarantees. The patch "
             "version is incremented on every uv release, regardless of changes to the crate."),
    _section("concepts", "Basic concepts",
             "Templates have these goals:\n1. Code scaffolding. All templates allow scaffolding.\n2. Code lifecycle "
             "management. Not all templates allow updating."),
    _section("parameters", "Parameters", "Every parameter is optional, except `auth`."),
)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Apart from its id, every field of a domainlist entry is allowed to be NULL [[domainlist]].", "quantifier"),
        ("The comment is the only field of a domainlist entry that is allowed to be NULL [[domainlist]].", "shown"),
        ("HTTPX combines the client and request values for every parameter [[merging]].", "quantifier"),
        ("For all other parameters, the request-level value takes priority [[merging]].", "shown"),
        ("All of uv's crates follow the normal uv versioning policy [[crates]].", "quantifier"),
        ("Only some of uv's crates follow the normal uv versioning policy [[crates]].", "shown"),
        ("Every template supports both code scaffolding and updating [[concepts]].", "quantifier"),
        ("All templates allow scaffolding, but not all templates allow updating [[concepts]].", "shown"),
        # the clause ends at the next quantifier: "and only some support updating" is the part's own
        ("Every template supports scaffolding and only some support updating [[concepts]].", "shown"),
        # a section's whole with its exception is a part, as a sentence's is
        ("All parameters except `auth` are optional [[parameters]].", "shown"),
        ("All parameters are optional [[parameters]].", "quantifier"),
    ],
)
def test_what_is_left_and_what_is_alone_are_parts(sentence: str, expected: str) -> None:
    assert fate(Gate(PARTS, Lexicon([])), sentence) == expected


# "as part of", "is part of": a member of the whole, no share of it (Traefik's docs, round 20, a careful model's
# answer: "asDefault marks an entryPoint as part of the list of default entryPoints" was held against the list that
# "includes all HTTP and TCP entryPoints").
ENTRYPOINTS = record_of(
    _section("as-default", "asDefault", "Mark the entryPoint to be in the list of default entryPoints. Routers that do "
             "not define their own entryPoints use all of the list of default entryPoints."),
)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("asDefault marks an entryPoint as part of the list of default entryPoints [[as-default]].", "shown"),
        ("A marked entryPoint is part of the list of default entryPoints [[as-default]].", "shown"),
        ("Routers that do not define their own entryPoints use only part of the list of default entryPoints "
         "[[as-default]].", "quantifier"),
        ("Routers that do not define their own entryPoints use some of the list of default entryPoints [[as-default]].",
         "quantifier"),
    ],
)
def test_part_of_after_as_or_be_is_membership(sentence: str, expected: str) -> None:
    assert fate(Gate(ENTRYPOINTS, Lexicon([])), sentence) == expected
