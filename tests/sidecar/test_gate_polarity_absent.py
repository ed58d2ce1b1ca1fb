"""The polarity rule's reading of an opening "Without X," (round 23): a careful answer sets the scene in other words
than a section that tells what happens when X is not there ("If the annotation is not present, ...", "When the port
key is omitted, ..."): it is shown; the same opening of a thing the section never says is absent is still held. The
record is a small made-up tool's docs."""

from __future__ import annotations

import pytest

from tests.sidecar.gating import docs_section, verdicts

verdict = verdicts(
    docs_section(
        "access",
        "access annotation",
        "Specifies which node addresses to use. If the value is private, use the internal addresses. If the annotation "
        "is not present and a node has an external address, behave as if the value were public.",
    ),
    docs_section(
        "port",
        "port",
        "The port the proxy listens on. When the port key is omitted, the proxy listens on 8080. The label sets the "
        "name shown in the dashboard.",
    ),
)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # A section's denial of the thing's presence, said of it.
        ("Without the annotation, a node with an external address is treated as if the value were public [[access]].",
         "shown"),
        ("With no annotation, a node with an external address is treated as if the value were public [[access]].",
         "shown"),
        # A section that says the thing omitted.
        ("Without the port key, the proxy listens on 8080 [[port]].", "shown"),
        # Things no section says are absent: the scene is still a denial to be backed.
        ("Without the value, a node with an external address is treated as if it were public [[access]].", "polarity"),
        ("Without the label, the proxy listens on 8080 [[port]].", "polarity"),
    ],
)
def test_an_opening_without_of_what_a_section_says_absent(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected


# review23b of 037b208: the scene stands on the unit that says what the sentence says follows it, not on a unit
# elsewhere in the section: what another unit says (the private value's internal addresses, the label) is not what
# follows the thing's absence.
@pytest.mark.parametrize(
    "sentence",
    [
        "Without the annotation, use the internal addresses [[access]].",
        "Without the port key, the label sets the name shown in the dashboard [[port]].",
    ],
)
def test_what_another_unit_says_does_not_follow_the_absence(sentence: str) -> None:
    assert verdict(sentence) == "polarity"


# review23b of 037b208: the absence must be said of the thing, in its own clause: "If the config file is missing, the
# annotation is ignored" says the config file absent, not the annotation; "When the certificate is omitted, ... the
# port key's value" says nothing of the port key's absence.
SWAPPED = verdicts(
    docs_section("cfg", "Annotations",
                 "The controller reads its settings from the config file. If the config file is missing, the annotation "
                 "is ignored and the controller uses its defaults."),
    docs_section("tls", "TLS",
                 "When the certificate is omitted, the proxy serves plain HTTP on the port key's value. The port key "
                 "selects the listening port."),
)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Without the annotation, the config file is ignored and the controller uses its defaults [[cfg]].", "polarity"),
        ("Without the port key, the proxy serves plain HTTP [[tls]].", "polarity"),
        ("Without the config file, the annotation is ignored and the controller uses its defaults [[cfg]].", "shown"),
        ("Without the certificate, the proxy serves plain HTTP [[tls]].", "shown"),
    ],
)
def test_the_absence_is_said_of_the_thing(sentence: str, expected: str) -> None:
    assert SWAPPED(sentence) == expected
