"""A value chosen over the default (round 23): "`--interval=5m` instead of the default `1m`" turns down a value, not a
deed or a thing, where a cited section gives that default of that setting ("--interval=5m (default 1m)"): shown. A
default no cited section gives of it (another setting's, or none), and a default turned down in words, are still
held. The record is a small made-up tool's docs."""

from __future__ import annotations

import pytest

from tests.sidecar.gating import docs_section, verdicts

verdict = verdicts(
    docs_section(
        "throttling",
        "Throttling",
        "Some ways to reduce the request rate include:\n- Reduce the polling loop's synchronization interval.\n"
        "- --interval=5m (default 1m)\n- --min-event-sync-interval=5m (default 5s)\n"
        "- Increase the number of changes applied in each batch.\n- --batch-change-size=4000 (default 1000)",
    ),
)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("To reduce the request rate, use `--interval=5m` instead of the default `1m` [[throttling]].", "shown"),
        ("To reduce the request rate, apply more changes in each batch, e.g. `--batch-change-size=4000` instead of the "
         "default 1000 [[throttling]].", "shown"),
        ("To reduce the request rate, set the polling interval to 5m rather than the default of 1m [[throttling]].",
         "shown"),
        # another setting's default, a default no section gives, a default turned down in words
        ("To reduce the request rate, use `--interval=5m` instead of the default `5s` [[throttling]].", "polarity"),
        ("To reduce the request rate, set the polling interval to 5m rather than the default of 10m [[throttling]].",
         "number"),
        ("To reduce the request rate, use `--interval=5m` instead of the default interval [[throttling]].", "polarity"),
    ],
)
def test_a_value_chosen_over_the_default_a_section_gives(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected


# review23b of f1bc55a: the default is the first value after "default", not the next item's ("(default 1m)\n-
# --min-event-sync-interval=5m": 5m is no default given), and a setting named in words is the one whose name the
# sentence says most of ("the minimum event sync interval" is --min-event-sync-interval's, default 5s, not --interval's).
@pytest.mark.parametrize(
    "sentence",
    [
        "To reduce the request rate, lower the synchronization interval to 1m instead of the default 5m [[throttling]].",
        "To reduce the request rate, set the minimum event sync interval to 5m rather than the default of 1m "
        "[[throttling]].",
        # a setting written as code is named whole, not inside another's name ("--min-event-sync-interval")
        "To reduce the request rate, set `interval` to 5m rather than the default of 5s [[throttling]].",
    ],
)
def test_a_default_another_item_or_setting_gives_is_held(sentence: str) -> None:
    assert verdict(sentence) == "polarity"
