"""Falsehoods that bc4ab99d's reading let through (review31), on development sites' own sections: "before and after"
(or "after and before") was read as ordering nothing, both sides of one thing, wherever the two were joined by
"and", so a sentence that tells a thing happens on both sides of an event the section places it on one side of was
shown. Each was held (`order`) at 02823b1b (main before it) and shown at bc4ab99d; the reading is reverted, so each is
held again. Measured on the development bundles of rounds 5-24 (written from the sections alone, no gate consulted:
each unit's "X before Y" told as "X before and after Y", its "X after Y" as "X after and before Y"), the reading
flipped 468 of the 606 such sentences from held to shown (481 held before, all by `order`); the units as written,
604 of 606 shown before and after. These five are plainly false (the sections say on which side, and only that):

- Copier (round 10): --vcs-ref checks out a Git ref before generating the project, not after;
- Copier (round 10): the other migration format was for versions before v9.3.0, not after;
- Pi-hole (round 13): the local network settings are checked before applying the rules;
- HTTPX (round 11): the request hook is called after the request is prepared, never before it;
- Python-Markdown (round 12): postprocessors work after the tree is serialized, not before.
"""

from __future__ import annotations

import pytest

from tests.sidecar.gating import docs_section, verdicts

judged = verdicts(
    docs_section("generating", "Generating a project",  # Copier's docs, generating.md
                 "Use the --data command-line argument or the data parameter of the copier.run_copy() function to pass "
                 "whatever extra context you want to be available in the templates. Use the --vcs-ref command-line "
                 "argument to checkout a particular Git ref before generating the project. All the available options are "
                 "described with the --help-all option."),
    docs_section("migrations", "migrations",  # Copier's docs, configuring.md
                 "In Copier versions before v9.3.0 a different configuration format had to be used. This format is still "
                 "available, but will raise a warning when used."),
    docs_section("firewalls", "Firewalls",  # Pi-hole's docs, main/prerequisites.md
                 "192.168.0.0/16 is the most common local network IP range for home users but it can be different in "
                 "your case. Check your local network settings before applying these rules."),
    docs_section("advanced-event-hooks", "Event Hooks",  # HTTPX's docs, advanced/event-hooks.md
                 "HTTPX allows you to register \"event hooks\" with the client, that are called every time a particular "
                 "type of event takes place. There are currently two event hooks:\n- request - Called after a request is "
                 "fully prepared, but before it is sent to the network. Passed the request instance.\n- response - Called "
                 "after the response has been fetched from the network, but before it is returned to the caller."),
    docs_section("postprocessors", "Postprocessors",  # Python-Markdown's docs, extensions/api.md
                 "Postprocessors munge the document after the ElementTree has been serialized into a string. "
                 "Postprocessors should be used to work with the text just before output."),
)


@pytest.mark.parametrize(
    "sentence",
    [
        "Use the --vcs-ref command-line argument to checkout a particular Git ref before and after generating the "
        "project [[generating]].",
        "In Copier versions before and after v9.3.0 a different configuration format had to be used [[migrations]].",
        "Check your local network settings before and after applying these rules [[firewalls]].",
        "The request hook is called after and before a request is fully prepared, but before it is sent to the network "
        "[[advanced-event-hooks]].",
        "Postprocessors munge the document after and before the ElementTree has been serialized into a string "
        "[[postprocessors]].",
    ],
)
def test_a_thing_told_on_both_sides_of_what_the_section_puts_it_on_one_side_of_is_held(sentence: str) -> None:
    assert judged(sentence) == "order"


@pytest.mark.parametrize(
    "sentence",
    [
        "Use the --vcs-ref command-line argument to checkout a particular Git ref before generating the project "
        "[[generating]].",
        "Check your local network settings before applying these rules [[firewalls]].",
    ],
)
def test_the_sections_own_side_is_shown(sentence: str) -> None:
    assert judged(sentence) == "shown"
