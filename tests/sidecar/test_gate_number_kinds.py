"""A count in words of a cited section's list counts what the list is (issue 21; round 25's count25): the plural its
lead-in names ("several different link methods are supported:"), the name in code whose values it lists ("the
--index-strategy option ... supports the following values:"), or, where the list opens the section, its heading. The
rule took any list of that length: "three versions" stood on a list of three settings. Real sections of the
development sites, cut to what the sentences cite."""

from __future__ import annotations

import pytest

from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from tests.sidecar.gating import docs_section as _section
from tests.sidecar.gating import fate, record_of

RECORD = record_of(
    # Uvicorn's settings (round 5): a list of three settings under its heading, no lead-in
    _section("development", "Development",
             "- --reload - Enable auto-reload. Uvicorn supports two versions of auto-reloading behavior enabled by this "
             "option. Default: False.\n"
             "- --reload-dir <path> - Specify which directories to watch for python file changes. May be used "
             "multiple times.\n"
             "- --reload-delay <float> - Delay between previous and next check if application needs to be reloaded. "
             "Default: 0.25."),
    # Uvicorn's WebSocket events (round 5): the lead-in names events, "WebSocket protocol" only qualifies them
    _section("asgi-websocket-events", "WebSocket events",
             "Uvicorn translates WebSocket protocol messages into ASGI events:\n"
             "- websocket.connect: Sent when a client requests a WebSocket upgrade\n"
             "- websocket.receive: Sent when a message is received from the client\n"
             "- websocket.disconnect: Sent when the connection is closed"),
    # PDM's installation caches (a development site)
    _section("central-installation-caches", "Central installation caches",
             "Manually deleting the caches from disk may break some projects on the system. In addition, several "
             "different link methods are supported:\n"
             "- symlink(default), create symlinks to the package files.\n"
             "- hardlink, create hard links to the package files of the cache entry.\n"
             "You can switch between them by running pdm config [--local] install.cache_method <method>."),
    # Docker Mailserver's IPv6 (round 14)
    _section("ipv6", "What can go wrong?",
             "If your host system supports IPv6 and an AAAA DNS record exists to direct IPv6 traffic to DMS, you may "
             "experience issues when an IPv6 connection is made:\n"
             "- The original client IP is replaced with the gateway IP of a docker network.\n"
             "- Connections fail or hang."),
    # uv's index strategies (round 8)
    _section("searching-across-multiple-indexes", "Searching across multiple indexes",
             "To opt in to alternate index behaviors, use the--index-strategy command-line option, or the "
             "UV_INDEX_STRATEGY environment variable, which supports the following values:\n"
             "- first-index (default): Search for each package across all indexes, limiting the candidate versions "
             "to those present in the first index that contains the package.\n"
             "- unsafe-first-match: Search for each package across all indexes, but prefer the first index with a "
             "compatible version.\n"
             "- unsafe-best-match: Search for each package across all indexes, and select the best version."),
)


@pytest.mark.parametrize("sentence, expected", [
    # faithful counts (rounds 5-12's twins and development answers): the list is what the sentence counts
    ("Two link methods are supported: symlink (the default) and hardlink. [[central-installation-caches]]", "shown"),
    ("Of the three index strategies, unsafe-best-match comes closest to how pip behaves. "
     "[[searching-across-multiple-indexes]]", "shown"),
    ("Uvicorn translates WebSocket protocol messages into three ASGI events. [[asgi-websocket-events]]", "shown"),
    # the hole probes: a count of one thing stood on a list of as many other things
    ("Uvicorn supports three versions of auto-reloading behavior. [[development]]", "number"),
    ("The --reload-dir option accepts three directories. [[development]]", "number"),
    ("Uvicorn translates three WebSocket protocols into ASGI events. [[asgi-websocket-events]]", "number"),
    ("PDM keeps two cache directories. [[central-installation-caches]]", "number"),
    # and another count of what the list is
    ("Four link methods are supported. [[central-installation-caches]]", "number"),
    # the reading's known cost: a count whose noun paraphrases the lead-in's ("problems" for "issues") is held, as
    # "two cache directories" is; no sentence of rounds 5-20 counts so
    ("Two problems can occur when an IPv6 connection is made. [[ipv6]]", "number"),
    ("Two issues can occur when an IPv6 connection is made. [[ipv6]]", "shown"),
])
def test_a_count_of_a_cited_list_counts_what_the_list_is(sentence: str, expected: str) -> None:
    assert fate(Gate(RECORD, Lexicon([])), sentence) == expected
