"""The converse rule (`answer/converse.py`, reason `direction`): a comparison of two named things told the other way
round, "A is more X than B" where the cited section says "B is more X than A" (or "A is less X than B").

Sections from development sites' records (their text as the record has it): docker-mailserver's ports (round 14),
Typer's optional CLI arguments (round 18), Uvicorn's implementation settings (round 5), MkDocs' use_directory_urls (round
6). The falsehoods are the development sets' (rounds 5, 6, 14, 18), each shown before this rule; the faithful sentences
tell the same comparison as the section does, in its words or turned round with the other side of the scale ("less
secure than"), and must stay shown, as must one the section does not make.
"""

from __future__ import annotations

import pytest

from tests.sidecar.gating import docs_section, verdicts

judged = verdicts(
    docs_section("quick-reference", "Quick Reference",  # docker-mailserver's docs, understanding-the-ports.md
                 "Prefer ports with Implicit TLS ports, they're more secure than ports using Explicit TLS, and if you "
                 "use a Reverse Proxy should be less hassle.", "Understanding the Ports"),
    docs_section("tutorial-arguments-optional", "Optional CLI Arguments",  # Typer's tutorial/arguments/optional.md
                 "We said before that by default:\n- CLI options are optional\n- CLI arguments are required\n"
                 "Again, that's how they work by default, and that's the convention in many CLI programs and systems. "
                 "But you can change that. In fact, it's very common to have optional CLI arguments, it's way more "
                 "common than having required CLI options."),
    docs_section("implementation", "Implementation",  # Uvicorn's settings.md, two of its items
                 "- --loop <str> - Set the event loop implementation. The uvloop implementation provides greater "
                 "performance, but is not compatible with Windows or PyPy. Options: 'auto', 'asyncio', 'uvloop'. "
                 "Default: 'auto'.\n- --http <str> - Set the HTTP protocol implementation. The httptools implementation "
                 "provides greater performance, but it not compatible with PyPy. Options: 'auto', 'h11', 'httptools'. "
                 "Default: 'auto'.", "Settings"),
    docs_section("use_directory_urls", "use_directory_urls",  # MkDocs' user-guide/configuration.md, shortened
                 "This setting controls the directory structure of the generated documentation, and thereby the URL "
                 "format used for linking to pages. The following tables demonstrate how the directory structure and "
                 "URLs used on the site differ when setting use_directory_urls to true or false. use_directory_urls: "
                 "false\nWhen set to false, no additional X directory is created, and the file is simply stored as "
                 "X.html.\nuse_directory_urls: true\nThe default style of use_directory_urls: true creates more user "
                 "friendly URLs, and is usually what you'll want to use.", "Configuration"),
)


@pytest.mark.parametrize("sentence", [
    "The ports page says Explicit TLS ports are more secure than Implicit TLS ports, so they are the ones to prefer "
    "[[quick-reference]].",
    "Implicit TLS ports are less secure than Explicit TLS ports [[quick-reference]].",
    "According to the docs, required CLI options are way more common than optional CLI arguments "
    "[[tutorial-arguments-optional]].",
    # a comparative told of the other of two alternatives the section lists
    "If raw speed matters, the settings page names h11 as the HTTP implementation with greater performance "
    "[[implementation]].",
    "Setting use_directory_urls to false gives you the more user friendly URLs [[use_directory_urls]].",
], ids=["mailserver-turned", "mailserver-other-side", "typer-turned", "uvicorn-h11", "mkdocs-false"])
def test_a_comparison_told_the_other_way_round_is_held(sentence: str) -> None:
    assert judged(sentence) == "direction"


@pytest.mark.parametrize("sentence", [
    "Ports with Implicit TLS are more secure than ports using Explicit TLS [[quick-reference]].",
    "Explicit TLS ports are less secure than Implicit TLS ports, so prefer Implicit TLS [[quick-reference]].",
    "Optional CLI arguments are way more common than required CLI options [[tutorial-arguments-optional]].",
    # sides the section's comparison does not tell apart: no alignment, let through
    "Ports with Implicit TLS and ports with Explicit TLS are both more secure than plain ports [[quick-reference]].",
    "The httptools implementation provides greater performance [[implementation]].",
    "The httptools HTTP implementation gives greater performance than h11 [[implementation]].",
    "Leaving use_directory_urls at true gives the more user friendly URLs [[use_directory_urls]].",
], ids=["restated", "turned-other-side", "typer-restated", "unaligned", "uvicorn-restated", "uvicorn-both-named",
        "mkdocs-true"])
def test_a_comparison_told_as_the_section_tells_it_is_shown(sentence: str) -> None:
    assert judged(sentence) == "shown"
