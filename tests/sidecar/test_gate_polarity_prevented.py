"""A deed prevented in the words of a "stop" without "from" (round 23): "to stop the record flapping" denies the
flapping as "prevents the record from flapping" does, and ends nothing (the reversal rule's "stopped"): shown where
a section prevents the same deed; a deed the section never prevents, or a thing stopped outright, is still held; "by
skipping the job" is how a section's "prevents" works, not what it prevents. The record is a small made-up tool's docs."""

from __future__ import annotations

import pytest

from tests.sidecar.gating import docs_section, verdicts

verdict = verdicts(
    docs_section(
        "claims",
        "Two sources claim one name",
        "The tool keeps the record pointing at whichever resource acquired it first. This is intentional: it prevents "
        "the record from flapping between resources when both keep claiming the name.",
    ),
    docs_section(
        "guard",
        "Loop guard",
        "The if condition prevents infinite loops by skipping the job if the commit message starts with bump.",
    ),
)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("This is intentional, to stop the record flapping between resources [[claims]].", "shown"),
        ("The tool stops the record pointing at the first resource [[claims]].", "polarity"),  # main: reversal
        # what the section's "prevents ... by skipping" does is the skipping, not a denial of it
        ("The if condition skips the job when the commit message starts with bump [[guard]].", "shown"),
    ],
)
def test_a_deed_prevented_without_from(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected


# review23b of c209e6d: a deed in -ing right after "stop" is what stops ("stopped using the logging module"), however
# a noun in -ing follows it; the reversal rule reads it as an ending, as it did before c209e6d.
KEPT = verdicts(
    docs_section("logs", "Logging",
                 "Uvicorn still uses the standard logging module for its access log. It does not configure the logging "
                 "module for you: pass --log-config to do so."),
    docs_section("workers", "Workers",
                 "The uvicorn.workers module is deprecated but still emits a deprecation warning on import. It will "
                 "not be removed before 1.0."),
    docs_section("filter", "Spam filter",
                 "The incoming mail queue still runs when the spam filter is disabled. The spam filter does not touch "
                 "the incoming mail queue itself."),
)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Uvicorn has stopped using the standard logging module [[logs]].", "reversal"),
        ("The uvicorn.workers module stopped emitting the deprecation warning on import [[workers]].", "reversal"),
        ("Uvicorn still uses the standard logging module for its access log [[logs]].", "shown"),
        # a word in -ing after a determiner qualifies the noun: "the incoming mail queue" is stopped, no deed prevented
        ("Disabling the spam filter stops the incoming mail queue [[filter]].", "reversal"),
    ],
)
def test_a_deed_in_ing_right_after_stop_is_ended(sentence: str, expected: str) -> None:
    assert KEPT(sentence) == expected
