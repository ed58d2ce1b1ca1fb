"""The crossed rule (`answer/rules/crossed.py`): what one cited section says of its own command or setting, told of
the name another cited section writes. The record and sentences here are this file's own, a made-up tool's docs."""

from __future__ import annotations

import pytest

from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from tests.sidecar.gating import docs_section as _section
from tests.sidecar.gating import fate, record_of

DOCS = record_of(
    _section("purge", "Purge",
             "Example Usage: keeper purge\nWhen invoked, this command empties the keeper cache stored at "
             "/var/cache/keeper and rotates its log."),
    _section("sweep", "Sweep",
             "Example Usage: keeper sweep --deep\nThis command deletes stale lock files from the spool directory. "
             "With --deep it also compacts the index database."),
    _section("retry_limit", "retry_limit",
             "The number of attempts before a job is marked failed. default: 5"),
    _section("retry_delay", "retry_delay",
             "The seconds to wait between two attempts of a failing job. default: 30"),
    _section("clients", "Clients",
             "A keeper client can call directly into the spool daemon over its local socket."),
    _section("socket", "Socket client",
             "client = keeper.SocketClient(path)\nclient.fetch(job_id)"),
)


def _fate(sentence: str) -> str:
    return fate(Gate(DOCS, Lexicon(frozenset())), sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "`keeper purge` deletes stale lock files from the spool directory [[purge, sweep]].",
        "The `retry_limit` setting gives the seconds to wait between two attempts of a failing job [[retry_limit, retry_delay]].",
        # a clause of its own after "whereas": the first is right, the second gives sweep's deed to purge
        "`keeper sweep` deletes stale lock files, whereas `keeper purge` compacts the index database [[sweep, purge]].",
    ],
)
def test_a_sections_fact_told_of_another_cited_sections_name_is_held(sentence: str) -> None:
    assert _fate(sentence) == "actor"


@pytest.mark.parametrize(
    "sentence",
    [
        "`keeper sweep` deletes stale lock files from the spool directory [[purge, sweep]].",
        "`keeper sweep` deletes stale lock files from the spool directory, whereas `keeper purge` empties the keeper "
        "cache [[sweep, purge]].",
        "The `retry_delay` setting gives the seconds to wait between two attempts of a failing job [[retry_limit, retry_delay]].",
        # the name is no subject: what is done to it is no deed of its own
        "Run `keeper purge` after the stale lock files are deleted from the spool directory [[purge, sweep]].",
        # the section restated names nothing of the family: it says what any client does
        "A `keeper.SocketClient` can call directly into the spool daemon over its local socket [[clients, socket]].",
    ],
)
def test_the_names_own_section_an_object_or_a_section_of_no_family_pass(sentence: str) -> None:
    assert _fate(sentence) == "shown"
