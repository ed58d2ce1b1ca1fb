"""An exception as a clause's scope (`passage.excepting`), read alike by every rule that reads what a clause says of its
things: "Strategies other than eager and lazy are not supported" denies no support of eager and lazy (polarity) and
gives them no side of the support scale (maturity), whichever words say the exception; "except that" opens a clause of
its own, whose denial stands (Python-Markdown's docs, round 12: "the same options ... as on the markdown.markdown
function, except that the class does not accept a source text string on initialization").
"""

from __future__ import annotations

import pytest

from tests.sidecar.gating import docs_section, verdicts

PHRASES = ("other than", "except", "excluding", "besides", "apart from", "aside from", "save for")


def _layouts(phrase: str) -> object:
    return verdicts(docs_section(
        "layouts", "Layouts",
        f"- The src layout is not supported.\n- Strategies {phrase} eager and lazy are not supported.\n"
        "- Lock files are written as TOML."))


@pytest.mark.parametrize("phrase", PHRASES)
def test_what_an_exception_names_is_given_nothing_by_any_rule(phrase: str) -> None:
    judged = _layouts(phrase)
    # shown: neither polarity (no denial of support) nor maturity (no side of the scale) reads the names as denied
    assert judged("Only the eager and lazy strategies are supported [[layouts]].") == "shown"
    assert judged("The src layout is supported [[layouts]].") == "polarity"  # a plain denial still holds


markdown_class = verdicts(docs_section(
    "Markdown", "markdown.Markdown([**kwargs])",  # Python-Markdown's docs, reference.md
    "The same options are available when initializing the markdown.Markdown class as on the markdown.markdown "
    "function, except that the class does not accept a source text string on initialization. Rather, the source text "
    "string must be passed to one of two instance methods.", "Library Reference", "The Details"))


def test_a_denial_after_except_that_is_the_sections_own() -> None:
    assert markdown_class("The markdown.Markdown class accepts a source text string on initialization "
                          "[[Markdown]].") == "polarity"
    assert markdown_class("The markdown.Markdown class does not accept a source text string on initialization "
                          "[[Markdown]].") == "shown"
