"""The cause rule's distance (issue 21, joins of facts) beside a unit that opens as an instance of the one before it
("Notably, ...", "For example, ..."): gate29's reading (221dbc96) let such a unit reach one sentence further from its
reason, to show round 12's faithful twin on Python-Markdown's SmartyPants note ("Because the SmartyPants extension is
integrated into the parser, it will not try to work on code blocks highlighted by CodeHilite"). It was reverted by
review29 (test_gate_review29_holes.py: any sentence two before an example became a reason for it); that twin is held
again. Kept: reasons set further from their effects, the maintenance note past the instance and the probe writer's
joins (probes29 joins-a, on Pi-hole's and HTTPX's own sections), held before the reading, with it and after."""

from __future__ import annotations

import pytest

from tests.sidecar.gating import docs_section, verdicts

judged = verdicts(
    docs_section("extensions-smarty-summary", "Summary",  # Python-Markdown's docs, extensions/smarty.md
                 "Note: This extension re-implements the Python SmartyPants library by integrating it into the markdown "
                 "parser. While this does not provide any additional features, it does offer a few advantages. "
                 "Notably, it will not try to work on highlighted code blocks (using the CodeHilite Extension) like the "
                 "third party library has been known to do.\n\nNote: This extension is in maintenance mode. We will "
                 "continue to fix bugs and keep it up-to-date with the core parser, but no new features or changes in "
                 "behavior will be made.", "SmartyPants"),
    docs_section("usewal", "useWAL",  # Pi-hole's docs, ftldns/configfile.md
                 "Should FTL enable Write-Ahead Log (WAL) mode for the on-disk query database (configured via "
                 "files.database)? It is recommended to leave this setting enabled for performance reasons. About the "
                 "only reason to disable WAL mode is if you are experiencing specific issues with it, e.g., when using a "
                 "database that is accessed from multiple hosts via a network share. When this setting is disabled, FTL "
                 "will use SQLite3's default journal mode (rollback journal in DELETE mode).", "Configuration"),
    docs_section("limited-number-of-concurrent-sessions", "Limited number of concurrent sessions",  # Pi-hole's api
                 "The Pi-hole API only allows a limited number of concurrent sessions. This means that if you try to "
                 "login with a new session while the maximum number of sessions is already active, you may be denied "
                 "access. This is to prevent abuse and resource exhaustion. In case you hit this limit, please make "
                 "sure to logout from your sessions when you don't need them anymore as this will free up API slots "
                 "for future requests. Unused sessions will be automatically terminated after a certain amount of "
                 "time.", "Authentication"),
    docs_section("custom-authentication-schemes", "Custom authentication schemes",  # HTTPX's docs, advanced/authentication.md
                 "Custom authentication classes are designed to not perform any I/O, so that they may be used with "
                 "both sync and async client instances. If you are implementing an authentication scheme that requires "
                 "the request body, then you need to indicate this on the class using a requires_request_body "
                 "property. You will then be able to access request.content inside the .auth_flow() method."),
)


@pytest.mark.parametrize("sentence", [
    # the maintenance note, three sentences past the reason it is given as
    "Because no new features or changes in behavior will be made, it will not try to work on highlighted code blocks "
    "like the third party library [[extensions-smarty-summary]].",
    # probes29 joins-a's invented purposes and causes: a sentence between, none an instance
    "It is recommended to leave WAL mode enabled for the query database in order to allow it to be accessed from "
    "multiple hosts via a network share [[usewal]].",
    "Unused API sessions are automatically terminated after a certain amount of time, which is why the Pi-hole API "
    "denies access to a new login while the maximum number of sessions is active [[limited-number-of-concurrent-sessions]].",
    "Custom authentication classes are designed not to perform any I/O so that they can read request.content inside "
    "the .auth_flow() method [[custom-authentication-schemes]].",
], ids=["past-the-instance", "wal-purpose", "sessions-cause", "auth-purpose"])
def test_a_reason_further_from_its_effect_with_no_instance_between_is_held(sentence: str) -> None:
    assert judged(sentence) == "cause"
