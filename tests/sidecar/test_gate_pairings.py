"""The pairing rule (`answer/pairings.py`): two code names a clause pairs that the cited sections pair with others, a
row or an item each. The sections are Pi-hole's v5-to-v6 variables and Docker Mailserver's config files (rounds 13's and
14's sites, development sites), the falsehoods of their sets and this file's own sentences."""

from __future__ import annotations

import pytest

from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from tests.sidecar.gating import docs_section as _section
from tests.sidecar.gating import fate, record_of

DOCS = record_of(
    _section("misc", "Misc",
             "CUSTOM_CACHE_SIZE: New Variable FTLCONF_dns_cache_size\nDNSMASQ_LISTENING: New Variable "
             "FTLCONF_dns_listeningMode\nDNSSEC: New Variable FTLCONF_dns_dnssec\nINTERFACE: New Variable "
             "FTLCONF_dns_interface\nWEB_PORT: New Variable FTLCONF_webserver_port"),
    _section("files", "Files",
             "- amavis.cf: replaces the /etc/amavis/conf.d/50-user file\n- dovecot.cf: replaces /etc/dovecot/local.conf"
             "\n- postfix-main.cf: Every line will be added to the postfix main configuration."),
)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("The old `DNSMASQ_LISTENING` variable is replaced by `FTLCONF_dns_interface` [[misc]].", "actor"),
        ("The old `DNSMASQ_LISTENING` variable is replaced by `FTLCONF_dns_listeningMode` [[misc]].", "shown"),
        ("The old `INTERFACE` variable is replaced by `FTLCONF_dns_interface` [[misc]].", "shown"),
        # two pairs, a clause each
        ("`DNSMASQ_LISTENING` becomes `FTLCONF_dns_listeningMode`, and `INTERFACE` becomes `FTLCONF_dns_interface` "
         "[[misc]].", "shown"),
        # names of one family side by side are a list, no pair
        ("Both `FTLCONF_dns_interface` and `FTLCONF_dns_listeningMode` are new variables [[misc]].", "shown"),
        ("Placing a `dovecot.cf` in the config volume replaces `/etc/amavis/conf.d/50-user` [[files]].", "actor"),
        ("Placing an `amavis.cf` in the config volume replaces `/etc/amavis/conf.d/50-user` [[files]].", "shown"),
    ],
)
def test_two_names_paired_otherwise(sentence: str, expected: str) -> None:
    assert fate(Gate(DOCS, Lexicon([])), sentence) == expected
