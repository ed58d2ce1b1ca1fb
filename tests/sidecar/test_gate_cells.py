"""The cells rule (`rules.cells`): a table's row told in an answer, in a sentence or a Markdown table's row, is read
against the record's cells of that row (`Block.cells`, `Block.header`). A value the table gives another row in that
column, or another column in that row, or the row's yes/no turned round, is held; the row told rightly, in the table's
words or in others, and a Markdown table quoting rows rightly, are shown. Real rows of two development sites:
docker-mailserver's ports table (round 14) and Traefik's log options (round 20)."""

from __future__ import annotations

import pytest

from docent.sidecar.answer.bundle import Bundle
from tests.sidecar.gating import bundle_fates
from tests.sitebuilds import SiteBuilds

# docker-mailserver's config/security/understanding-the-ports.md: | POP3 | 110 | 995 | Retrieval | No | and IMAP4 "Yes"
PORTS = "[[overview-of-email-ports]]"
PORTS_HEADER = "| Protocol | Explicit TLS | Implicit TLS | Purpose | Enabled by Default |\n|---|---|---|---|---|\n"
# Traefik's logs-and-accesslogs.md: `log.level` defaults to ERROR, `log.format` to "common", `log.noColor` to false
LOGS = "[[reference-install-configuration-observability-logs-and-accesslogs-configuration-options]]"


@pytest.fixture(scope="module")
def mailserver(site_builds: SiteBuilds) -> Bundle:
    return Bundle.load(site_builds("docker-mailserver").bundle)


@pytest.fixture(scope="module")
def traefik(site_builds: SiteBuilds) -> Bundle:
    return Bundle.load(site_builds("traefik").bundle)



@pytest.mark.parametrize("false", [
    f"POP3 — implicit TLS 995, enabled by default Yes. {PORTS}",  # IMAP4's "Yes": round 34's false row
    f"POP3 is enabled by default: Yes. {PORTS}",
    f"POP3 — explicit TLS 143. {PORTS}",  # IMAP4's port
    f"POP3 — implicit TLS 110, enabled by default No. {PORTS}",  # its own explicit TLS port
])
def test_a_row_told_with_another_rows_or_columns_value_is_held(mailserver: Bundle, false: str) -> None:
    assert bundle_fates(mailserver, false) == ["actor"]


@pytest.mark.parametrize("true", [
    f"POP3 — implicit TLS 995, enabled by default No. {PORTS}",
    f"IMAP4 — implicit TLS 993, enabled by default Yes. {PORTS}",
    f"POP3 — explicit TLS 110, implicit TLS 995, purpose Retrieval, enabled by default No. {PORTS}",
    f"POP3's implicit TLS port is 995, and it is disabled by default. {PORTS}",  # in other words
    f"POP3 uses port 110 for explicit TLS and port 995 for implicit TLS. {PORTS}",
])
def test_a_row_told_rightly_is_shown(mailserver: Bundle, true: str) -> None:
    assert bundle_fates(mailserver, true) == ["shown"]


def test_a_markdown_table_is_read_by_its_header_against_the_rows_it_quotes(mailserver: Bundle) -> None:
    right = f"Ports {PORTS}:\n\n{PORTS_HEADER}| POP3 | 110 | 995 | Retrieval | No |\n| IMAP4 | 143 | 993 | Retrieval | Yes |\n"
    assert bundle_fates(mailserver, right) == ["shown"] * 4  # the lead, the header, two rows
    wrong = f"Ports {PORTS}:\n\n{PORTS_HEADER}| POP3 | 110 | 995 | Retrieval | Yes |\n"
    assert bundle_fates(mailserver, wrong)[-1] == "actor"
    # fewer columns, in another order: each cell under the header that names it
    assert bundle_fates(mailserver, f"Ports {PORTS}:\n\n| Protocol | Enabled by default | Implicit TLS |\n|---|---|---|\n"
                              "| POP3 | No | 995 |\n") == ["shown"] * 3
    assert bundle_fates(mailserver, f"Ports {PORTS}:\n\n| Protocol | Enabled by default | Implicit TLS |\n|---|---|---|\n"
                              "| POP3 | No | 993 |\n")[-1] == "actor"


@pytest.mark.parametrize(("sentence", "verdict"), [
    (f"`log.level` — default common, required No. {LOGS}", "actor"),  # `log.format`'s default
    (f"`log.noColor` — default true. {LOGS}", "actor"),  # its false turned round
    (f"`log.maxSize` — default 0, required No. {LOGS}", "actor"),  # `log.maxAge`'s
    (f"`log.level` — default ERROR, required No. {LOGS}", "shown"),
    (f"The `log.level` option sets the log level, and its default is ERROR. {LOGS}", "shown"),
    (f"`log.maxSize` — default 100MB, required No: Maximum size in megabytes of the log file before it gets rotated. "
     f"{LOGS}", "shown"),  # the embedded model's row sentence (`offline.rows.said`)
])
def test_an_options_default_told_in_its_rows_words(traefik: Bundle, sentence: str, verdict: str) -> None:
    assert bundle_fates(traefik, sentence) == [verdict]


def test_a_markdown_table_of_options_and_their_defaults(traefik: Bundle) -> None:
    right = (f"Log options {LOGS}:\n\n| Field | Default |\n|---|---|\n| `log.level` | ERROR |\n"
             "| `log.format` | \"common\" |\n| `log.maxSize` | 100MB |\n")
    assert bundle_fates(traefik, right) == ["shown"] * 5
    assert bundle_fates(traefik, f"Log options {LOGS}:\n\n| Field | Default |\n|---|---|\n| `log.level` | \"common\" |\n")[-1] == "actor"


def test_a_value_that_opens_with_its_rows_label_is_read_as_written(traefik: Bundle) -> None:
    """Traefik's JWT syntax table (round 20): the example's value opens with its row's label's first word ("Contains
    (array)" and `Contains(...)`), written before the header, not after it: nothing to read past, the value as it is
    (the "default of X is V" reading once looked for the label after the header and raised)."""
    sentence = ("For Contains (array), the example is Contains(`areas`, `home`) "
                "[[reference-routing-configuration-http-middlewares-jwt-syntax]].")
    assert bundle_fates(traefik, sentence) == ["shown"]
