"""Names a docs section writes in another form (issue 21, found on rounds 7 and 10): a format its files' extensions
name ("a YAML file" where the section writes `answers.yml`), an acronym its heading path spells out ("the FAQ" under
"Frequently Asked Questions"), "URL" where it writes an address, an obligation supposed in a condition ("if the value
must stay fixed") against a section that only suggests, and a verb in -ing opening a sentence that the record writes
capitalised only in a code example's string; each told falsely is still held."""

from __future__ import annotations

import pytest

from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from tests.sidecar.gating import docs_section as _section
from tests.sidecar.gating import fate, record_of

RECORD = record_of(
    _section("answers", "Changing one answer",
             "Write the new answer to /tmp/answers.yml and pass it with --data-file. Never edit the answers file by "
             "hand."),
    _section("lock", "How to lock a computed value?",
             "To keep a computed value fixed on later updates, you can dump it into the answers file.",
             "Frequently Asked Questions"),
    _section("clone", "Credentials", "A command such as copier copy https://user:token@example.com/repo.git . "
             "stores the credentials in the answers file."),
    _section("output", "Serializers", "Some example output:\n\n{'title': 'Pinning party preparations', 'owner': "
             "'Tessellate'}\n\nAn empty title takes the default."),
)
LEXICON = Lexicon([{"term": "YAML", "aliases": []}, {"term": "JSON", "aliases": []}])


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # A file's extension names its format; another format is still unknown.
        ("Pass the new answer in a YAML file with --data-file [[answers]].", "shown"),
        ("Pass the new answer in a JSON file with --data-file [[answers]].", "unknown_term"),
        # An acronym whose letters open the words of a name the heading path writes in capitals; other letters are not.
        ("The FAQ says you can dump a computed value into the answers file [[lock]].", "shown"),
        ("The API says you can dump a computed value into the answers file [[lock]].", "unknown_term"),
        # "Must" in an "if" clause is a condition; told as the section's obligation, it is surer than "you can".
        ("If a computed value must stay fixed on later updates, dump it into the answers file [[lock]].", "shown"),
        ("To keep a computed value fixed on later updates, you must dump it into the answers file [[lock]].", "hedge"),
        # An address the section writes is a URL; a section with none does not mention one.
        ("Credentials in the template's URL end up stored in the answers file [[clone]].", "shown"),
        ("Credentials in the template's URL end up stored in the answers file [[answers]].", "unknown_term"),
        # A verb in -ing opens the sentence; a name the record writes in the same string is still one.
        ("Pinning a computed value on later updates, you can dump it into the answers file [[lock]].", "shown"),
        ("Tessellate dumps a computed value into the answers file [[lock]].", "unknown_term"),
    ],
)
def test_a_name_the_section_writes_in_another_form(sentence: str, expected: str) -> None:
    assert fate(Gate(RECORD, LEXICON), sentence) == expected


# Python-Markdown's `patterns` (round 12's site), as its record writes it.
PATTERNS = record_of(
    _section("patterns", "Legacy Patterns",
             "In version 3.0, a new, more flexible inline processor was added, markdown.inlinepatterns.InlineProcessor. "
             "The original inline patterns, which inherit from markdown.inlinepatterns.Pattern or one of its children "
             "are still supported, though users are encouraged to migrate."),
)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # A name joined by a hyphen to a word in lower case names what its part before the hyphen names.
        ("The original Pattern-based inline patterns are still supported [[patterns]].", "shown"),
        ("The InlineProcessor-style processors were added in version 3.0 [[patterns]].", "shown"),
        # The hole probes: a name no cited section writes, joined so, is still unknown.
        ("The original Tessellate-based inline patterns are still supported [[patterns]].", "unknown_term"),
        ("The original Bleach-based inline patterns are still supported [[patterns]].", "unknown_term"),
    ],
)
def test_a_name_joined_to_a_lower_case_word_by_a_hyphen(sentence: str, expected: str) -> None:
    assert fate(Gate(PATTERNS, Lexicon([])), sentence) == expected
