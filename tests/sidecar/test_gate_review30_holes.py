"""Falsehoods that c790a3ea's reading let through (review30), on development sites' own sections: a sentence's "will
need to X" was let through wherever the restated unit wrote "need to X" with no soft word in the two words before it,
whatever clause held it, so a need the section makes conditional ("If you need to X, you can ...", "in case you need
to X", "useful when you need to X") became a need the section states. Each was held (`hedge`) at e1f6ff12 (main
before it) and shown at c790a3ea; the reading is reverted, so each is held again. Written from the sections alone:
"You will need to <the unit's conditional need>", across the development bundles of rounds 5-25, flipped 59 of the
78 such sentences held before (159 written) from held to shown; these five are plainly false (the sections say what
to do if you need it, never that you do).

- HTTPX (round 11): setting the response's encoding by hand is possible, not needed.
- DRF (round 7): CSRF validation is off by default with APIClient; enabling it is a choice.
- uv (round 8): installing packages from within a notebook is one case the guide covers, not a requirement.
- Typer (round 18): iterating by hand is for when a plain iterable does not fit.
- Django Ninja (round 9): global authentication is for when every method is to be secured.

And one that bd0d36ce's reading lets through, not reverted (pinned as a strict xfail: it passes once the reading is
mended): a participle within four words after a present "makes", "keeps" or "leaves" is read as the state the verb
brings about ("makes the size unlimited"), but a finite past verb of a clause of its own after "makes clear" or "makes
sure" is read so too, so a plan told as done passes: NetBox (round 19) says support for PostgreSQL 14 "will be
removed in NetBox v4.7", and "The v4 release notes make clear that NetBox removed support for PostgreSQL 14" was held
(`hedge`) at 24e5399e and is shown at bd0d36ce. Measured more widely, the reading flips 375 of 678 held sentences
"This makes X <participle>" written from the development sections' "X will/may/could be <participle>"; those are not
pinned: told as "X is <participle>" the same claims were shown before it (374 of 375, the rule's present passive).
"""

from __future__ import annotations

import pytest

from tests.sidecar.gating import docs_section, verdicts

judged = verdicts(
    docs_section("response-content", "Response Content",  # HTTPX's docs, quickstart.md
                 "HTTPX will automatically handle decoding the response content into Unicode text. You can inspect what "
                 "encoding will be used to decode the response. In some cases the response may not contain an explicit "
                 "encoding, in which case HTTPX will attempt to automatically determine an encoding to use. If you need "
                 "to override the standard behaviour and explicitly set the encoding to use, then you can do that too.",
                 "QuickStart"),
    docs_section("csrf-validation", "CSRF validation",  # DRF's docs, api-guide/testing.md
                 "By default CSRF validation is not applied when using APIClient. If you need to explicitly enable CSRF "
                 "validation, you can do so by setting the enforce_csrf_checks flag when instantiating the client. As "
                 "usual CSRF validation will only apply to any session authenticated views. This means CSRF validation "
                 "will only occur if the client has been logged in by calling login().", "Testing", "APIClient"),
    docs_section("creating-a-kernel", "Creating a kernel",  # uv's docs, guides/integration/jupyter.md
                 "If you need to install packages from within the notebook, we recommend creating a dedicated kernel for "
                 "your project. Kernels enable the Jupyter server to run in one environment, with individual notebooks "
                 "running in their own, separate environments.", "Jupyter", "Using Jupyter within a project"),
    docs_section("iterate-manually", "Iterate manually",  # Typer's docs, tutorial/progressbar.md
                 "If you need to manually iterate over something and update the progress bar irregularly, you can do it "
                 "by not passing an iterable but just a length to typer.progressbar(). And then calling the .update() "
                 "method in the object from the with statement:", "Progress Bar"),
    docs_section("global-authentication", "Global authentication",  # Django Ninja's docs, guides/authentication.md
                 "In case you need to secure all methods of your API, you can pass the auth argument to the NinjaAPI "
                 "constructor. And, if you need to overrule some of those methods, you can do that on the operation "
                 "level again by passing the auth argument.", "Authentication"),
    docs_section("application-stack", "Application Stack",  # NetBox's docs, introduction.md
                 "NetBox is built on the Django Python framework and utilizes a PostgreSQL database. It runs as a WSGI "
                 "service behind your choice of HTTP server.\nDatabase: Component PostgreSQL 14+ 1\n1. Support for "
                 "PostgreSQL 14 is deprecated and will be removed in NetBox v4.7. PostgreSQL 15 or later will be "
                 "required.", "Introduction"),
)


@pytest.mark.parametrize("sentence", [
    "You will need to override the standard behaviour and explicitly set the encoding to use [[response-content]].",
    "You will need to explicitly enable CSRF validation by setting the enforce_csrf_checks flag when instantiating "
    "the client [[csrf-validation]].",
    "You will need to install packages from within the notebook, so create a dedicated kernel for your project "
    "[[creating-a-kernel]].",
    "You will need to manually iterate over something and update the progress bar irregularly [[iterate-manually]].",
    "You will need to secure all methods of your API [[global-authentication]].",
], ids=["httpx-encoding", "drf-csrf", "uv-kernel", "typer-progress", "ninja-auth"])
def test_a_need_the_section_makes_conditional_is_no_need_it_states(sentence: str) -> None:
    assert judged(sentence) == "hedge"


@pytest.mark.xfail(strict=True, reason="bd0d36ce: a past verb after 'makes clear' is read as a state it brings about")
def test_a_plan_told_as_done_after_makes_clear_is_held() -> None:
    assert judged("The v4 release notes make clear that NetBox removed support for PostgreSQL 14 "
                  "[[application-stack]].") == "hedge"
