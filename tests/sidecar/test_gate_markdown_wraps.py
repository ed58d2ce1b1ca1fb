"""Markdown a careful chat model writes for docs questions (issue 21, round 19): a paragraph hard-wrapped at 80 columns,
its citation at its end; a table whose caption after it cites it ("The table above lists ... [[s]]"); a note set apart
by a label ("**Note:** ...") that restates the paragraph before it. Each faithful reply is shown; the same reply made
false is held. The sections are OpenFaaS's documentation, as the vendored site gives them."""

from __future__ import annotations

import pytest

from docent.schema import Block
from tests.sidecar.gating import fates, record_of
from tests.sidecar.gating import page_section as _section

RECORD = record_of(
    _section("unit-tests", "Unit tests", Block(
        "paragraph", "Unit tests provide a quick and efficient way to exercise your code on your local computer, "
        "without needing to run faas-cli build or to deploy the function to a remote cluster."), Block(
        "paragraph", "With the node22 template, any unit tests that you provide will be run automatically upon each "
        "invocation of faas-cli build."), Block(
        "paragraph", "If the tests fail, this will also fail the build of your function and prevent it from passing.")),
    _section("scale-to-zero", "Configure a function to scale to zero", Block(
        "paragraph", "By default, functions do not scale to zero, even when the OpenFaaS Pro autoscaler is installed. "
        "This is by design, and means that you need to opt-in each of your functions to scale down. This is achieved "
        "through adding a label to the stack.yml file:"), Block(
        "list", "- com.openfaas.scale.zero - true or false - default is false\n- com.openfaas.scale.zero-duration - the "
        "time in a Go duration where there are no requests incoming before scaling a function down i.e. 20m, 1h")),
)

WRAPPED = ("With the `node22` template, any unit tests you provide are run automatically\nupon each invocation of "
           "`{}` [[unit-tests]]. If the tests fail, the build\nof your function fails too [[unit-tests]].")
LABELS = ("You opt in each function with labels in `stack.yml`:\n\n| Label | Values | Default |\n|---|---|---|\n"
          "| `com.openfaas.scale.zero` | true or false | false |\n| `{}` | a Go duration such as 20m or 1h | - |\n\n"
          "The table above lists the labels the autoscaler reads [[scale-to-zero]].")
COUNTED = ("| When | What happens |\n|---|---|\n| On your local computer | unit tests exercise your code |\n"
           "| On each `faas-cli build` | the `node22` template runs your unit tests |\n| When a test fails | the build "
           "fails |\n\nThese {} cases are when unit tests run and what they do [[unit-tests]].")
NOTED = "If the tests fail, the build of your function fails too [[unit-tests]].\n\n**Tip:** {}"


@pytest.mark.parametrize(
    ("reply", "said"),
    [
        # A sentence hard-wrapped over two lines is one sentence, citing what its last line cites ...
        (WRAPPED.format("faas-cli build"), ["shown", "shown"]),
        (WRAPPED.format("faas-cli deploy"), ["code_term", "shown"]),
        # ... but a line of its own ending in no mark before a list or a blank line is not wrapped, nor one before a
        # line that opens a sentence: its missing full stop does not let it ride on the citation after it.
        ("Unit tests also run in the remote cluster after each deploy\nWith the `node22` template, any unit tests you "
         "provide are run automatically upon each invocation of `faas-cli build` [[unit-tests]].", ["uncited", "shown"]),
        ("Unit tests run\n\nWith the `node22` template, unit tests run upon each `faas-cli build` [[unit-tests]].",
         ["shown", "shown"]),
        # A table cited only by its caption after it cites what the caption cites, and is checked against it ...
        (LABELS.format("com.openfaas.scale.zero-duration"), ["shown", "shown", "shown", "shown", "shown"]),
        (LABELS.format("com.openfaas.scale.idle-duration"), ["shown", "shown", "shown", "code_term", "shown"]),
        # ... a sentence after it that is an item cites nothing for it: its rows are held, as before.
        ("Labels:\n\n| Label | Default |\n|---|---|\n| `com.openfaas.scale.zero` | false |\n\n"
         "- The autoscaler reads the labels of each function [[scale-to-zero]].", ["shown", "uncited", "shown"]),
        # The sentence right after a table may count its rows, as a line introducing it may; another count is held.
        (COUNTED.format("three"), ["shown", "shown", "shown", "shown", "shown"]),
        (COUNTED.format("four"), ["shown", "shown", "shown", "shown", "number"]),
        # ... only where it points at the table: another sentence's figure is not the table's count (its "1" is the
        # one section its rows cite, no count of a thing the sentence names).
        (COUNTED.partition("These")[0] + "Unit tests run 1 time upon each invocation of faas-cli build [[unit-tests]].",
         ["shown", "shown", "shown", "shown", "number"]),
        (COUNTED.partition("These")[0] + "Unit tests run three times upon each invocation of faas-cli build "
         "[[unit-tests]].", ["shown", "shown", "shown", "shown", "number"]),
        # A note restating the paragraph before it cites what that paragraph cites, and is checked against it ...
        (NOTED.format("unit tests run on your local computer, without needing to deploy the function to a remote "
                      "cluster."), ["shown", "shown"]),
        (NOTED.format("you need to deploy the function to a remote cluster to run your unit tests."),
         ["shown", "polarity"]),
        # ... one with words of its own stays uncited, and a line with no label after the paragraph too.
        (NOTED.format("this is a known bug, and it will be fixed in the next release of the template."),
         ["shown", "uncited"]),
        ("If the tests fail, the build of your function fails too [[unit-tests]].\n\n"
         "Unit tests run on your local computer, without needing to deploy the function to a remote cluster.",
         ["shown", "uncited"]),
        ("If the tests fail, the build of your function fails too [[unit-tests]].\n\n"
         "**Unit tests** run on your local computer, without needing to deploy the function to a remote cluster.",
         ["shown", "uncited"]),
        (NOTED.replace("**Tip:**", "_Tip_:").format("unit tests run on your local computer, without needing to deploy "
                                                    "the function to a remote cluster."), ["shown", "shown"]),
        # Only a note word's label says nothing: another label's words are the note's, checked with it (its own words
        # held uncited, the sections' restated shown) ...
        (NOTED.replace("Tip:", "Known bug in node22").replace("** ", "**: ").format(
            "unit tests run on your local computer, without needing to deploy the function."), ["shown", "uncited"]),
        (NOTED.replace("Tip:", "Unit tests").replace("** ", "**: ").format(
            "they run on your local computer, without needing to deploy the function."), ["shown", "shown"]),
        # ... and a plain line opening with a word and a colon is no note.
        ("If the tests fail, the build of your function fails too [[unit-tests]].\n\nLocally: unit tests run on your "
         "local computer, without needing to deploy the function.", ["shown", "uncited"]),
    ],
)
def test_wrapped_lines_captioned_tables_and_notes(reply: str, said: list[str]) -> None:
    assert fates(RECORD, reply) == said

@pytest.mark.parametrize(
    ("label", "said"),
    [
        # Labels that say nothing, compared by stem (mend19c): Material's admonition types, plurals, fillers before a
        # note's word, and "Heads up"/"See also" whole; the note restating the paragraph's section cites it ...
        ("**Danger:**", ["shown", "shown"]),
        ("**Notes:**", ["shown", "shown"]),
        ("Important note:", ["shown", "shown"]),
        ("**Quick note:**", ["shown", "shown"]),
        ("See also:", ["shown", "shown"]),
        ("Question:", ["shown", "shown"]),
        # ... a label that claims how things went is checked with its note: no section here writes of a bug
        ("**Bug:**", ["shown", "uncited"]),
        ("Bug:", ["shown", "uncited"]),
        # ... and a plain word with a colon is still no note
        ("Locally:", ["shown", "uncited"]),
    ],
)
def test_a_note_label_that_says_nothing(label: str, said: list[str]) -> None:
    assert fates(RECORD, NOTED.replace("**Tip:**", label).format(
        "unit tests run on your local computer, without needing to deploy the function to a remote cluster.")) == said


def test_a_note_with_words_of_its_own_is_held_under_any_label() -> None:
    assert fates(RECORD, NOTED.replace("**Tip:**", "**Danger:**").format(
        "unit tests run on your local computer, and a bug in node22 deletes the function from the remote cluster.")) == [
        "shown", "uncited"]
