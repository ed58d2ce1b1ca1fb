"""A site's name joined by a hyphen to digits is one longer name, not the name and a figure (round 20's Traefik,
faith31): "HTTP" and "Router" are names of the site (titles of its sections), and masking them in "HTTP-01" or
"Router-1" left "-01" and "-1" standing alone, read as figures the cited section does not state, so the faithful
"Redirection is fully compatible with the HTTP-01 challenge." was held (`names._compile`). The digits of a name are no
figure wherever it is written ("ISO-8601", `numbers._digits`)."""

from __future__ import annotations

import pytest

from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from tests.sidecar.gating import docs_section as _section
from tests.sidecar.gating import fate, record_of

RECORD = record_of(
    _section("http", "HTTP", "The HTTP entry point listens on port 80."),
    _section("router", "Router", "A router connects a request to a service."),
    _section("challenge", "HTTP challenge", "Redirection is fully compatible with the HTTP-01 challenge. The challenge "
             "is answered within 30 seconds."),
    _section("priority", "Priority", "Requests for foobar.traefik.com are routed through Router-1 instead of Router-2, "
             "because Router-1 has the priority 34."),
)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Redirection is fully compatible with the HTTP-01 challenge [[challenge]].", "shown"),
        ("Requests for foobar.traefik.com go through Router-1, whose priority is 34 [[priority]].", "shown"),
        # a figure beside the name is still the section's to state
        ("Router-1 has the priority 43 [[priority]].", "number"),
        ("The HTTP-01 challenge is answered within 20 seconds [[challenge]].", "number"),
    ],
)
def test_a_name_joined_to_digits_by_a_hyphen_states_no_figure(sentence: str, expected: str) -> None:
    assert fate(Gate(RECORD, Lexicon([])), sentence) == expected
