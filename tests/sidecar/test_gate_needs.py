"""A need the sentence affirms that its cited section denies in other words (issue 21, round 19): "without needing to
deploy the function to a remote cluster", "This is a common convention, but not strictly required" against "need a
remote cluster", "is strictly required". The sections are real pages' (OpenFaaS, docker-mailserver, Pi-hole); each
falsehood was shown before the `needs` rule, and the faithful sentences beside it stay shown."""

from __future__ import annotations

import pytest

from docent.schema import Block
from docent.schema import RecordSection as Section
from docent.sidecar.answer import needs
from docent.sidecar.answer.events import Held
from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from tests.sidecar.gating import docs_section as _section
from tests.sidecar.gating import record_of

RECORD = record_of(
    _section("unit-tests", "Unit tests",
             "Unit tests provide a quick and efficient way to exercise your code on your local computer, without "
             "needing to run faas-cli build or to deploy the function to a remote cluster.\n\nWith the node22 "
             "template, any unit tests that you provide will be run automatically upon each invocation of faas-cli "
             "build."),
    Section.of("usage-aliases", page="usage", path="/usage/#aliases", headings=("Usage", "Aliases"), blocks=(
        Block("paragraph", "You should add at least one alias, the postmaster alias. This is a common convention, but "
              "not strictly required."),
        Block("code", "docker exec -ti <CONTAINER NAME> setup alias add postmaster@example.com user@example.com",
              lang="bash"))),
    _section("faq", "FAQ",
             "To add, update or delete an email account; there is no need to restart postfix / dovecot service "
             "inside the container after using setup.sh script."),
    _section("ports", "Ports",
             "The use of pihole-FTL on ports 67 or 547 is optional, but required if you use the DHCP functions of "
             "Pi-hole."),
)


def _verdict(sentence: str) -> str:
    gate = Gate(RECORD, Lexicon([]))
    events = [*gate.feed(sentence), *gate.finish()]
    return next((e.reason for e in events if isinstance(e, Held)), "shown")


@pytest.mark.parametrize(
    ("sentence", "said"),
    [
        # The falsehood, and the need alone, told in the section's words of what is not needed.
        ("Unit tests never run on your local computer and need a remote cluster [[unit-tests]].", "polarity"),
        ("To run unit tests you must deploy the function to a remote cluster [[unit-tests]].", "polarity"),
        # Round 14's falsehood: "This ... not strictly required" is said of the unit before it.
        ("Adding a postmaster alias is strictly required for the mail server to work [[usage-aliases]].", "polarity"),
        ("After adding an email account, you have to restart postfix and dovecot inside the container [[faq]].",
         "polarity"),
        # The need denied, as the section denies it; a need of another thing; the section's own case.
        ("You don't need to deploy the function to a remote cluster to run unit tests [[unit-tests]].", "shown"),
        ("Unit tests exercise your code on your local computer, with no remote cluster needed [[unit-tests]].",
         "shown"),
        ("With the node22 template, unit tests run on each invocation of faas-cli build [[unit-tests]].", "shown"),
        ("You should add at least one alias, the postmaster alias, though it is not strictly required "
         "[[usage-aliases]].", "shown"),
        # Denied in one case and affirmed in another: left undecided.
        ("pihole-FTL needs ports 67 and 547 when you use the DHCP functions of Pi-hole [[ports]].", "shown"),
    ],
)
def test_a_need_the_section_denies(sentence: str, said: str) -> None:
    assert _verdict(sentence) == said


def test_what_is_affirmed_as_needed() -> None:
    """A need in a condition, a choice or denied is no need affirmed; "and need" after a denial of another verb is."""
    assert needs.affirmed("You need to deploy it if you want a remote cluster.") == []
    assert needs.affirmed("You don't need to deploy it.") == []
    assert needs.affirmed("Secrets must not be shared.") == []
    (need,) = needs.affirmed("Unit tests never run locally and need a remote cluster")
    assert need.words == {"remot", "cluster"}
