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

from tests.sidecar.gating import docs_section, fates, record_of, verdicts

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


# Two holes the round's other readings open, small on the development sets, not reverted (each pinned as a strict
# xfail: it passes once the reading is mended).
#
# 45b59816 reads a first column labelled Rank, Order, #, Step (...) whose cell is the row's place as numbering the
# rows, no figure: a table that ranks what takes precedence is then read without its order. 11 precedence rankings of
# the development sections (uv, OpenFaaS, Copier, MkDocs, Django Ninja, Pi-hole, uvicorn), each written in the order
# the section gives and reversed, under Rank, Order and #: 9 of the 11 reversed were held (`number`, by the ranks read
# as figures, as were the faithful ones) before and all 11 are shown after, as are the faithful. Under a column of
# ranks the rows now read as sentences do (at scale, falsehoods written into such a row are shown as often as the same
# sentence alone), so only the order the ranks state is lost.
# 2d6f10de reads a site's name joined by a hyphen to digits as one longer name, no figure: a capitalised name that
# opens the sentence is no name, so a number the section never gives it is then read nowhere ("Router-3", where the
# section routes through Router-1). On the development bundles, sentences written from the units that write such a
# name with its digits changed: 10 of 130 newly shown (Traefik's "HTTP-02" and "TLS-ALPN-02" challenges), 13 of the 130
# faithful newly shown.
RANKED = (
    docs_section("configuration-files", "Configuration files",  # uv's docs, concepts/configuration-files.md
                 "If an array is present in both tables, the arrays will be concatenated, with the project-level settings "
                 "appearing earlier in the merged array. Settings provided via environment variables take precedence over "
                 "persistent configuration, and settings provided via the command line take precedence over both. uv "
                 "accepts a --no-config command-line argument which, when provided, disables the discovery of "
                 "configuration files.", "Concepts"),
    docs_section("router", "Router", "A router connects a request to a service."),  # "Router": a name of the site
    docs_section("priority", "Priority",  # Traefik's docs, routing rules and priority (2d6f10de's own test)
                 "Requests for foobar.traefik.com are routed through Router-1 instead of Router-2, because Router-1 has "
                 "the priority 34."),
)
ranked = verdicts(*RANKED)


@pytest.mark.xfail(strict=True, reason="45b59816: a first column of ranks is read as numbering, its order not read")
def test_a_ranking_in_the_reverse_of_the_sections_precedence_is_held() -> None:
    table = ("Which settings win [[configuration-files]]:\n\n| Rank | Source |\n|---|---|\n"
             "| 1 | Persistent configuration |\n| 2 | Settings provided via environment variables |\n"
             "| 3 | Settings provided via the command line |\n")
    assert any(fate != "shown" for fate in fates(record_of(*RANKED), table)[-3:])  # a row of the three held


def test_a_name_given_digits_the_section_never_gives_it_is_held() -> None:
    # a word joined by a hyphen to digits is a name where it opens a sentence too (`names.proper_names`)
    assert ranked("Router-3 has the priority 34 [[priority]].") == "unknown_term"
    assert ranked("Router-1 has the priority 34 [[priority]].") == "shown"
