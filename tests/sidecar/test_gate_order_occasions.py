"""The order rule on ordinals that name occasions, not a section's rows or steps (found on rounds 10 and 12's faithful
sentences): "the first document ... before the second" where the section's own sentence writes "the first document",
and "the first time ... and ... on later runs", an ordinal after its determiner. Each faithful sentence is shown; a
swap of the section's steps is still held. The sections are the development sites' own (Python-Markdown's footnotes,
Copier's settings)."""

from __future__ import annotations

import pytest

from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from tests.sidecar.gating import docs_section as _section
from tests.sidecar.gating import fate, record_of

RECORD = record_of(
    _section("resetting-instance-state", "Resetting Instance State", "Footnote definitions are stored within the "
             "markdown.Markdown class instance between multiple runs of the class. This allows footnotes from all runs "
             "to be included in output, with links and references that are unique, even though the class has been "
             "called multiple times. However, if needed, the definitions can be cleared between runs by calling reset. "
             "For instance, the home page of a blog might include the content from multiple documents. By not calling "
             "reset, all of the footnotes will be rendered, and they will all have unique links and references. On the "
             "other hand, individual blog post pages might need the content from only one document, and should have "
             "footnotes pertaining only to that page. By calling reset between runs, the footnote definitions from the "
             "first document will be cleared before the second document is rendered. An example of calling reset:\n"
             "md = markdown.Markdown(extensions=['footnotes'])\nhtml1 = md.convert(text_with_footnote)\nmd.reset()\n"
             "html2 = md.convert(text_without_footnote)"),
    _section("skip_if_exists", "skip_if_exists", "- Format: List[str]\n- CLI flags: -s, --skip\n- Default value: []\n"
             "Patterns for files/folders that must be skipped only if they already exist, but always be present. If they "
             "do not exist in a project during an update operation, they will be recreated. Each pattern can be "
             "templated using Jinja.\nExample: For example, it can be used if your project generates a password the 1st "
             "time and you don't want to override it next times: copier.yml\n_skip_if_exists:\n    - "
             ".secret_password.yml\n.secret_password.yml.jinja\n"
             "{{999999999999999999999999999999999|ans_random|hash('sha512')}}"),
)


def verdict(sentence: str) -> str:
    return fate(Gate(RECORD, Lexicon([])), sentence)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # The unit that tells the rest writes "the first document" itself: a sequence it tells, not its first row.
        ("When reset is called between runs, the footnote definitions of the first document are cleared before the "
         "second document is rendered [[resetting-instance-state]].", "shown"),
        ("Calling reset between runs clears the definitions from the first document before the second is rendered "
         "[[resetting-instance-state]].", "shown"),
        ("When reset is called between runs, the second document is rendered before the footnote definitions of the "
         "first document are cleared [[resetting-instance-state]].", "order"),
        # "the first time" names an occasion; "first" orders two clauses only as an adverb.
        ("In the skip_if_exists example, .secret_password.yml is generated the first time from a random number hashed "
         "with sha512 and is not overridden on later runs [[skip_if_exists]].", "shown"),
    ],
)
def test_ordinals_of_occasions(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected
