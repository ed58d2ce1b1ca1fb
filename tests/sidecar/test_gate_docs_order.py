"""The order rule on how documentation and careful prose tell a sequence (found on rounds 5-7's faithful sentences):
a comparison of two times, a "from" that starts no range, a section's "Before X, Y", a list newest first, and a
side placed by one word it shares with another unit; each with the same words told in the wrong order, still held.
The record is made up, in the manner of a library's docs and a CV."""

from __future__ import annotations

import pytest

from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from tests.sidecar.gating import docs_section as _section
from tests.sidecar.gating import fate, record_of

RECORD = record_of(
    _section("shutdown", "Shutdown", "On a signal the fast worker stops within a second; the slow one would, a "
             "little later."),
    _section("edit", "Edit links", "The edit_uri is edit/main/docs/ on known hosts. There it is derived from the "
             "repo_url and set automatically."),
    _section("relay", "Relay", "The relay first polled the table, and later moved to reading the log."),
    _section("blocks", "Template blocks", "A new block replaces the parent's block and drops its links. To avoid "
             "breaking the template, call super from within the block."),
    _section("translations", "Translations", "First compile the messages.po files into messages.mo files. Note "
             "that each messages.mo file is generated from the messages.po file you edited. Then set the locale "
             "in the config file. When you are done, undo the locale setting."),
    _section("checks", "Checks", "Before running the handler each check in the list is run. A failed check "
             "raises an error."),
    _section("history", "History", "2021 – now: staff engineer at Northwind\n2016 – 2021: backend engineer at "
             "Contoso\n2013 – 2016: developer at Fabrikam"),
    _section("keys", "Several keys", "The server will first check the key in the query string, and if not set "
             "or invalid will check the header key."),
    _section("client", "Shared client", "Teams needed a shared client for the queue: the first two teams wrote "
             "their own and both got retries wrong. She wrote the client, documented it with examples, and "
             "ran workshops."),
    _section("probe", "Scaling up from zero", "Functions are automatically scaled up from zero when there is a "
             "request. By default the OpenFaaS gateway probes the function ready endpoint to know if a function is "
             "ready to start accepting requests before forwarding the request. The watchdog implements the default "
             "ready endpoint /_/ready."),  # OpenFaaS's docs, as the record holds the section
    _section("orm", "Using ORM", "There is a common GOTCHA: Django querysets are lazily evaluated (database query "
             "happens only when you start iterating), so this will not work:"),  # Django Ninja's docs, guides/async
    _section("deploy", "Deploying", "The migrations run when you deploy, before the new pods receive traffic."),
)


def verdict(sentence: str) -> str:
    return fate(Gate(RECORD, Lexicon([])), sentence)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # "A little later than" compares two times; it cuts no sentence into a before and an after.
        ("The slow worker would also stop, a little later than the fast one [[shutdown]].", "shown"),
        # "From X to Y" is a range only where X is one phrase and Y no purpose.
        ("The plugin derives edit_uri from repo_url and sets it to edit/main/docs/ automatically [[edit]].", "shown"),
        ("The relay moved from polling the table to reading the log [[relay]].", "shown"),
        ("The relay moved from reading the log to polling the table [[relay]].", "order"),
        ("Call super from within the block to avoid breaking the template [[blocks]].", "shown"),
        # A side whose words tie between units is not placed in the other side's unit by one word they share.
        ("You first compile the messages.po files into messages.mo files, then set the locale in the config "
         "[[translations]].", "shown"),
        ("You first set the locale in the config, then compile the messages.po files into messages.mo files "
         "[[translations]].", "order"),
        # "X came first, and Y followed", "X, and Y afterwards": the word that orders the two clauses ends one.
        ("Polling the table came first, and reading the log followed [[relay]].", "shown"),
        ("Reading the log came first, and polling the table followed [[relay]].", "order"),
        ("The relay polled the table, and moved to reading the log later [[relay]].", "shown"),
        ("The relay read the log, and moved to polling the table afterwards [[relay]].", "order"),
        ("The fast worker stops within a second, and the slow one stops a little later [[shutdown]].", "shown"),
        # A section's "Before X, Y" tells Y first.
        ("Every check in the list is run before the handler runs [[checks]].", "shown"),
        ("Every check in the list is run after the handler runs [[checks]].", "order"),
        # A list newest first is ordered by its dates, not its lines.
        ("She was a developer at Fabrikam before her years at Contoso [[history]].", "shown"),
        ("She was a developer at Fabrikam after her years at Contoso [[history]].", "order"),
        # A side is about the unit its words fit taken whole, not the one its two words nearest the marker fit.
        ("After the first two teams wrote their own and got retries wrong, she wrote the shared client and "
         "documented it with examples [[client]].", "shown"),
        ("She wrote the shared client and documented it with examples before the first two teams wrote their own "
         "and got retries wrong [[client]].", "order"),
        # "and if" opens a clause of its own: its condition brings what follows it, not what came before.
        ("The server tries the query-string key first and only then the header key [[keys]].", "shown"),
        ("The server checks the header key first and falls back to the query-string key [[keys]].", "order"),
        # A "before" past the unit's "if" (or "after") opens the later side's clause: the probe comes first.
        ("When a function is scaled up from zero, the gateway probes the function's ready endpoint before "
         "forwarding the request [[probe]].", "shown"),
        # A "when" between the two sides ties them in time: the unit orders nothing (and "lazy" is "lazily"'s, no
        # reason of the sentence's own).
        ("Because Django querysets are lazy, their database query only happens once you begin iterating over them "
         "[[orm]].", "shown"),
        # ... only a "when" whose clause reaches the later side: a comma and a "before" end "when you deploy"
        ("The new pods receive traffic first, and then the migrations run [[deploy]].", "order"),
        ("The migrations run first, and then the new pods receive traffic [[deploy]].", "shown"),
    ],
)
def test_order_in_docs_prose(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected
