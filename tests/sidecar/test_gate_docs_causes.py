"""The cause rule on docs prose (issue 21, found on rounds 7 and 10): words on both sides of a sentence's causal link
are what it is about ("you run migrate ..., because the app provides migrations"), and no part of either side when
its link is set against the sections' ("run migrate after changing your settings" gives no other reason for it).
A unit that opens "That's why" is linked to what came before it, as one that opens "Therefore". The sections' reason
given for another thing, and a reason they do not give, are still held."""

from __future__ import annotations

import pytest

from docent.sidecar.answer import causes
from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from docent.sidecar.answer.passage import Passage, unit
from docent.sidecar.answer.words import fold
from tests.sidecar.gating import docs_section as _section
from tests.sidecar.gating import fate, record_of

RECORD = record_of(
    _section("migrations", "migrations",
             "- when (optional): Specifies a condition that needs to hold for the task to run. By default, a "
             "migration will run in the after upgrade stage.\n\nMigrations will run in the same order as declared "
             "here (so you could even run a migration for a higher version before running a migration for a lower "
             "version if the higher one is declared before and the update passes through both).\n\n- before "
             "(optional): Commands to execute before performing the update. The answers file is reloaded after "
             "running migrations in this stage, to let you migrate answer values."),
    _section("tokens", "Token authentication",
             "To use it, include rest_framework.authtoken in your INSTALLED_APPS setting. Make sure to run "
             "manage.py migrate after changing your settings. The rest_framework.authtoken app provides Django "
             "database migrations."),
    _section("hooks", "Updating",
             "Conflicts are written as markers in the files. The rej files hold the unresolved diffs. You should "
             "review conflicts before committing. You don't want to include merge conflicts in your history. "
             "That's why the recommended way is to add a pre-commit hook that forbids committing conflict markers."),
    _section("upload-files", "Upload files",  # HTTPX's docs, quickstart.md
             "HTTPX strictly enforces that upload files must be opened in binary mode, in order to avoid character "
             "encoding issues that can result from attempting to upload files opened in text mode."),
    _section("layers", "Intermediate layers",  # uv's docs, guides/integration/docker.md
             "If you're using uv to manage your project, you can improve build times by moving your transitive "
             "dependency installation into its own layer via the --no-install options. uv sync --no-install-project "
             "will install the dependencies of the project but not the project itself. Since the project changes "
             "frequently, but its dependencies are generally static, this can be a big time saver.", "Using uv in Docker"),
    _section("tls", "Certificates", "The request fails because the certificate was signed by an unknown authority."),
)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Once rest_framework.authtoken is in INSTALLED_APPS, you then run manage.py migrate, because the app "
         "provides Django database migrations [[tokens]].", "shown"),
        # "That's why" links a unit to what came before it, as "Therefore" does: the reason is the section's.
        ("To avoid committing unresolved conflicts, the documentation recommends a pre-commit hook that forbids "
         "committing conflict markers [[hooks]].", "shown"),
        ("To avoid slow network downloads, the documentation recommends a pre-commit hook that forbids committing "
         "conflict markers [[hooks]].", "cause"),
        # The sections' reason given for another thing: still held.
        ("The answers file is reloaded because you changed your settings [[tokens, migrations]].", "cause"),
        # How often, and a word that only names a trouble, are no words of the reason's own.
        ("HTTPX insists on binary mode for upload files so as to avoid the character-encoding problems that files "
         "opened in text mode can cause [[upload-files]].", "shown"),
        ("Putting the dependencies in their own Docker layer saves build time because the project changes often "
         "while its dependencies tend to stay the same [[layers]].", "shown"),
        ("HTTPX insists on binary mode for upload files so as to avoid slow network problems [[upload-files]].",
         "cause"),
        # ... where they are the trouble's name, not the reason's verb and its object: a vague reason is no reason given
        ("The request fails because the certificate causes issues with an unknown authority [[tls]].", "cause"),
        ("The request fails because the certificate was signed by an unknown authority [[tls]].", "shown"),
    ],
)
def test_a_link_is_read_without_what_both_its_sides_are_about(sentence: str, expected: str) -> None:
    assert fate(Gate(RECORD, Lexicon([])), sentence) == expected



BACK = [
    Passage.of("Redirects", "Unlike requests, HTTPX does not follow redirects by default. We differ in behaviour here "
               "because auto-redirects can easily mask unnecessary network calls being made. You can still enable "
               "behaviour to automatically follow redirects, but you need to do so explicitly.", fold),
    Passage.of("validation", "Configure the strictness of MkDocs' diagnostic messages when validating links to "
               "documents. (Note: you shouldn't copy this whole example, because it only duplicates the defaults. Only "
               "individual items that differ should be set.)", fold),
]


@pytest.mark.parametrize(
    ("sentence", "held"),
    [
        # A section's thing that points back ("We differ in behaviour here because ...", HTTPX's docs) is the line
        # before's: the reason given for it is the section's own ...
        ("Unlike requests, HTTPX does not follow redirects by default, because auto-redirects can easily mask "
         "unnecessary network calls being made.", False),
        # ... and given for another thing, still held.
        ("Connection pooling is turned off, because auto-redirects can easily mask unnecessary network calls being "
         "made.", True),
        # "A: B, so C" against the section's "A because B" (MkDocs's docs): the reason is the section's, for A.
        ("Don't copy the whole defaults example, though: it only duplicates the defaults, so set only the individual "
         "items that differ.", False),
        ("Don't validate links to documents, though: it only duplicates the defaults, so set only the individual "
         "items that differ.", True),
        # ... but only where what it says follows is advice to the reader or the section's words too; any other
        # consequence is the section's reason given for another thing (the review of ed87f43).
        ("Don't copy the whole example: it only duplicates the defaults, so the server refuses to start.", True),
        ("Don't copy the whole example: it only duplicates the defaults, so the build becomes much slower.", True),
        ("Don't copy the whole example: it only duplicates the defaults, so only the items that differ should be "
         "set.", False),
        ("Don't copy the whole example: it only duplicates the defaults, so keep your configuration short.", False),
    ],
)
def test_a_reason_for_what_the_line_before_or_the_lead_says(sentence: str, held: bool) -> None:
    assert causes.held(unit(sentence, fold), BACK) is held


# Real sections of rounds 7, 9 and 13 (the example's ADR, Django Ninja's throttling guide, Pi-hole's WireGuard FAQ).
OTHER_WORDS = record_of(
    _section("partitions", "Consequences",
             "The key table grows by about four million rows a day and is partitioned by day so that expiry is a "
             "dropped partition, not a slow delete."),
    _section("authratethrottle", "AuthRateThrottle",
             "Note: the cache key in case of request.auth will be generated by sha256(str(request.auth)) - so if you "
             "returning some custom objects inside authentication make sure to implement __str__ method that will "
             "return a unique value for the user."),
    _section("wg0", "Pi-hole not listening on wg0 after reboot",
             "If, e.g., after reboot, the wg0 interface isn't up before Pi-hole is ready (more precisely, the "
             "pihole-FTL service is started), you may experience that Pi-hole doesn't listen on the Wireguard "
             "interface. This can be mitigated by artificially delaying the start of Pi-hole using, e.g., pihole-FTL "
             "--config mic.delay_startup 5 to have Pi-hole delay the start of the DNS server by 5 seconds."),
)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # An adverb is its adjective's word ("daily" is "day"), a word of one sense the section's ("builds" for
        # "will be generated"), and the guide telling its own voice ("which is why the guide suggests") ...
        ("Because the key table is split into daily partitions, expiring old keys means dropping a partition rather "
         "than running a slow delete [[partitions]].", "shown"),
        ("Custom objects returned from authentication should implement `__str__` with a unique value per user, "
         "because `AuthRateThrottle` builds its cache key from `sha256(str(request.auth))` [[authratethrottle]].",
         "shown"),
        ("If wg0 isn't up by the time pihole-FTL starts, Pi-hole may not listen on the WireGuard interface, which is "
         "why the guide suggests delaying the DNS server's start by 5 seconds [[wg0]].", "shown"),
        # ... a reason the section does not give is still held
        ("Because the key table is split into tenant shards, expiring old keys means dropping a partition rather "
         "than running a slow delete [[partitions]].", "cause"),
        ("Custom objects returned from authentication should implement `__str__` with a unique value per user, "
         "because `AuthRateThrottle` logs every anonymous visitor by session [[authratethrottle]].", "cause"),
        ("If wg0 isn't up by the time pihole-FTL starts, Pi-hole may not listen on the WireGuard interface, which is "
         "why the guide suggests rebooting the router twice [[wg0]].", "cause"),
    ],
)
def test_a_reason_in_other_words_than_the_sections(sentence: str, expected: str) -> None:
    assert fate(Gate(OTHER_WORDS, Lexicon([])), sentence) == expected
