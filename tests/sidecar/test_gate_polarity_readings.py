"""The polarity rule's readings of faithful prose (issue 21, round 20): "Y instead of X" where a section "replaced X
with Y", a denial of what the record lists, a denial of what a section's elided negation ("... are not.") or its
"prevents" denies, one denial in other words after an opening scene, and a passive denial of what a section's
active one denies, in its verb, are shown, while the same words told falsely are still held. The record is a small made-up tool's
docs."""

from __future__ import annotations

import pytest

from tests.sidecar.gating import docs_section, verdicts

verdict = verdicts(
    docs_section(
        "pricing",
        "Results",
        "The p99 latency fell from 900 ms to 120 ms after we replaced per-request tariff loading with a "
        "cache that was refreshed by events.",
    ),
    docs_section(
        "secrets",
        "Attributes",
        "- reset_secret: Secret to encode reset tokens. Use a strong passphrase.\n"
        "- reset_lifetime: Lifetime of reset tokens. Defaults to 3600.",
    ),
    docs_section(
        "watch",
        "watch",
        "The paths given in the config file are relative to the config file. The paths given with the --watch flag "
        "are not.",
    ),
    docs_section(
        "nav",
        "not_in_nav",
        "If you include pages in the site but leave them out of the nav, MkDocs warns about this. Listing them in "
        "not_in_nav will prevent such warnings.",
    ),
    docs_section(
        "venvs",
        "Virtual environments by default",
        "The tool will always install packages into the active virtual environment, or search for a virtual "
        "environment named .venv in the current directory. This differs from pip, which will install packages into a "
        "global environment if no virtual environment is active, and will not search for inactive virtual "
        "environments.",
    ),
    docs_section(
        "suffix",
        "Templates suffix",
        "Version 7 no longer uses the old template default, whatever the minimum version says.",
    ),
    docs_section("proxy", "Ports", "The proxy never exposes the admin port."),
)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # A section's "replaced X with Y" ends X: "Y instead of X" stands on it, "X instead of Y" does not.
        (
            "The p99 latency dropped once tariffs came from a cache refreshed by events instead of being loaded on "
            "every request [[pricing]].",
            "shown",
        ),
        (
            "The p99 latency dropped once tariffs were loaded on every request instead of coming from a cache "
            "[[pricing]].",
            "polarity",
        ),
        # "No default listed" says what the record leaves untold, not that the thing lacks it.
        ("The reset_secret has no default listed: use a strong passphrase [[secrets]].", "shown"),
        ("The reset_secret has no default: use a strong passphrase [[secrets]].", "polarity"),
        # A section's negation whose verb is left out denies what the sentence before says after the same verb.
        ("On the command line, watched paths are not relative to the config file [[watch]].", "shown"),
        ("Watched directories are not reloaded [[watch]].", "polarity"),
        # It is said of what the sentence before does not name: A's own fact is no denial of A.
        ("The paths given in the config file are not relative to the config file [[watch]].", "polarity"),
        # What a section says it prevents does not happen.
        ("Pages listed in not_in_nav are left out of the nav without a warning [[nav]].", "shown"),
        ("Pages listed in not_in_nav are left out of the nav without a search index [[nav]].", "polarity"),
        # A scene the sentence opens with ("When no X is active,") is no claim: its one denial after it, in other
        # words than the section's denial of the same things, is left undecided unless a cited clause affirms its deed.
        (
            "When no virtual environment is active, the tool doesn't fall back to a global environment as pip does; "
            "it looks for a .venv in the current directory instead [[venvs]].",
            "shown",
        ),
        (
            "When no virtual environment is active, the tool doesn't look for a .venv in the current directory "
            "[[venvs]].",
            "polarity",
        ),
        # A passive denial of what a section's active denial is of stands on it in the section's verb; in another
        # verb it is another fact ("is never blocked" is no "never exposes").
        ("From version 7, the old template default is no longer used [[suffix]].", "shown"),
        ("From version 7, the old theme default is no longer applied [[suffix]].", "polarity"),
        ("From version 7, the old template default is no longer removed [[suffix]].", "polarity"),
        ("From version 7, the old template default is no longer deprecated [[suffix]].", "polarity"),
        ("The admin port is never exposed [[proxy]].", "shown"),
        ("The admin port is never blocked [[proxy]].", "polarity"),
    ],
)
def test_polarity_reading(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected
