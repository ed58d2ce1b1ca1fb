"""The `elsewhere` rule: a fact of another section, two words side by side that the cited sections do not write,
held; the same fact under its own section, a term many sections write, and a verb's particle, shown. The record is
made up, in the manner of a CV's case pages and a library's docs."""

from __future__ import annotations

import pytest

from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from tests.sidecar.gating import docs_section as _section
from tests.sidecar.gating import fate, record_of

RECORD = record_of(
    _section("rollout", "Rollout", "The new checks went live card range by card range, from 5 % to 100 % of "
             "payments over two weeks."),
    _section("migration", "Migration", "Services moved to the new clusters one team at a time, each team "
             "choosing its week."),
    _section("leak", "Leak", "The heap floor rose every day and never came down until the restart."),
    *(_section(f"api{n}", f"API {n}", f"Open the client as a context manager in handler {n}.") for n in range(5)),
    _section("files", "Files", "Read the upload in a handler; its methods are async."),
    _section("polling", "Polling", "Without a socket the client will fall back to polling."),
    _section("run", "Run", "docker stop sieve\ndocker rm sieve\ndocker run sieve"),
    _section("async", "How it works", "Any function can be invoked asynchronously by changing the route on the gateway "
             "from /function/<name> to /async-function/<name>. A 202 Accepted message will be issued in response."),
    _section("invocations", "Invocations", "There is never any direct connection between the caller and the "
             "function, so the caller gets an immediate response."),
    _section("ports", "Inbound traffic", "Prefer port 465 over port 587, as 465 provides Implicit TLS."),
    _section("auth", "SASL auth", "The documentation says little of SASLAUTHD_MECHANISMS."),
    _section("log", "Viewing the log file", "docker exec <CONTAINER NAME> setup fail2ban log"),
    _section("reports", "Reports", "A mail summary is available via email."),
    _section("upgrade", "Upgrade", "Upgrade by replacing your old container with a fresh upgraded image; a downgrade is something "
             "else."),
)


def verdict(sentence: str) -> str:
    return fate(Gate(RECORD, Lexicon([])), sentence)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # The card ranges are the rollout's, not the migration's.
        ("Services moved to the new clusters card range by card range [[migration]].", "actor"),
        ("The new checks went live card range by card range [[rollout]].", "shown"),
        # Cited beside the section that writes it, the pair is that section's.
        ("Services moved to the new clusters card range by card range [[migration, rollout]].", "shown"),
        # A verb's particle pairs nothing: "falling back" says "came down" in other words.
        ("The heap floor rose every day without ever falling back [[leak]].", "shown"),
        # A pair many sections write is a term of the site's, no one section's fact.
        ("Read the upload in a handler, used as a context manager [[files]].", "shown"),
        # A word relative to where it stands ("old", "original", "something else") names what the answer names: no
        # other section's thing; a pair of words of substance is still that section's.
        ("Stop and remove the old container, then run it again with your original arguments [[run]].", "shown"),
        ("Stopping is something else entirely: run it again [[run]].", "shown"),
        ("Stop the container, then run a fresh upgraded image [[run]].", "actor"),
        # Careful answers' sentences (OpenFaaS, docker-mailserver): a subject and its verb before an article ("the
        # caller gets a"), the site itself ("the documentation says") and a preposition ("available via") pair
        # nothing; the other section's pair of nouns is still its own.
        ("Any function can be invoked asynchronously by changing the gateway route from `/function/<name>` to "
         "`/async-function/<name>`, and the caller gets a 202 Accepted [[async]].", "shown"),
        ("For clients, the documentation says to prefer port 465 over port 587, as 465 provides Implicit TLS [[ports]].",
         "shown"),
        ("The Fail2Ban log is available via `setup fail2ban log` [[log]].", "shown"),
        ("Fail2Ban sends a mail summary [[log]].", "actor"),
    ],
)
def test_a_fact_of_another_section(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected
