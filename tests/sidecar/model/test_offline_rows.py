"""A table's row said as the row (issue 20, item 4; round 33's "Left"): its label, the asked column's value after its
header, its description after a colon, one sentence a reader reads alone ("`pihole-FTL` — port 123 (NTP): The NTP
server is an optional feature ..."), never a bare cell nor the record's flat line ("pihole-FTL: Port 123 (NTP);
Protocol UDP; Notes The NTP server ..."); said only where the row holds the question's key terms. The gate shows it
as said, and a Markdown table that quotes the row as its table shows it."""

from __future__ import annotations

import pytest

from docent.schema import Block
from docent.sidecar.answer.bundle import Bundle
from docent.sidecar.offline import OfflineModel
from docent.sidecar.offline.rows import said
from tests.sidecar.gating import bundle_fates
from tests.sitebuilds import SiteBuilds

# Pi-hole's prerequisites (tests/data/sites/pi-hole/content/main/prerequisites.md), its ports table as the record keeps it
HEADER = ("Service", "Port", "Protocol", "Notes")
NTP = Block("row", "pihole-FTL: Port 123 (NTP); Protocol UDP; Notes The NTP server is an optional feature that requires "
                   "an additional port.",
            cells=("pihole-FTL", "123 (NTP)", "UDP", "The NTP server is an optional feature that requires an additional port."),
            header=HEADER)


def test_a_row_is_said_as_its_label_its_columns_after_their_headers_and_its_note() -> None:
    assert said(NTP) == ("pihole-FTL — port 123 (NTP), protocol UDP: The NTP server is an optional feature that "
                         "requires an additional port.")
    # the column the question asks for, alone beside the note
    assert said(NTP, lambda header: header == "Port") == (
        "pihole-FTL — port 123 (NTP): The NTP server is an optional feature that requires an additional port.")


def test_a_row_that_cannot_be_said_as_a_row_is_not_said() -> None:
    # no header row, a row short of its header (a cell above spans it: DRF's "POST | create"), a label alone
    assert said(Block("row", "pihole-FTL; 123", cells=("pihole-FTL", "123"))) is None
    assert said(Block("row", "POST: HTTP Method create", cells=("POST", "create"),
                      header=("URL Style", "HTTP Method", "Action", "URL Name"))) is None
    assert said(Block("row", "pihole-FTL", cells=("pihole-FTL", "", "–", ""), header=HEADER)) is None
    assert said(Block("paragraph", "pihole-FTL uses port 123.")) is None


@pytest.fixture(scope="module")
def pihole(site_builds: SiteBuilds) -> Bundle:
    return Bundle.load(site_builds("pi-hole").bundle)



def test_the_row_that_holds_the_asked_terms_is_said_and_the_gate_shows_it(pihole: Bundle) -> None:
    sentences, _ = OfflineModel(lambda: pihole).answer("Which port does the NTP server of pihole-FTL use?")
    row = "`pihole-FTL` — port 123 (NTP): The NTP server is an optional feature that requires an additional port. [[ports]]"
    assert row in sentences, sentences
    # no row's flat line, and no other row of the table (DNS's, DHCP's: they hold no "NTP")
    assert not any("Port 123 (NTP);" in s or "(DHCP)" in s or "(DNS)" in s for s in sentences), sentences
    assert bundle_fates(pihole, row) == ["shown"]
    assert bundle_fates(pihole, " ".join(sentences)) == ["shown"] * len(sentences)


def test_a_markdown_table_quoting_the_row_as_its_table_shows_it_is_shown(pihole: Bundle) -> None:
    table = ("Pi-hole's ports [[ports]]:\n\n| Service | Port | Protocol | Notes |\n|---|---|---|---|\n"
             "| pihole-FTL | 123 (NTP) | UDP | The NTP server is an optional feature that requires an additional port. |\n")
    assert bundle_fates(pihole, table) == ["shown"] * 3  # the lead, the header, the row
