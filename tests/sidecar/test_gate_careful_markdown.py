"""Faithful sentences of careful Markdown answers on a documentation site that the gate held (issue 21, round 16),
told about made-up sections: each shown, and a false sentence of the same construction beside it held."""

from __future__ import annotations

import pytest

from docent.schema import Block
from docent.schema import RecordSection as Section
from docent.sidecar.answer import quantifiers
from docent.sidecar.answer.events import Held
from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from docent.sidecar.answer.passage import Passage, unit
from docent.sidecar.answer.words import fold
from tests.sidecar.gating import record_of


def _section(sid: str, *texts: str, title: str = "Section") -> Section:
    return Section.of(sid, page="p", path=f"/p/#{sid}", headings=("Sieve", title),
                      blocks=tuple(Block("paragraph", text) for text in texts))


RECORD = record_of(
    _section("password", "If this variable is not detected, then a random token will be assigned on startup, and "
             "will be printed to the log."),
    _section("types", "You can add keywords at the end of a pattern to match only specific record types. The OTHER "
             "keyword will match all records that no other type covers."),
    _section("patch", "All fields of the schema are validated. The payload will only contain fields that were passed "
             "in the request."),
    Section.of("exclude", page="p", path="/p/#exclude", headings=("Sieve", "Exclude a client"), blocks=(
        Block("paragraph", "Exclude client 1 from blocking by removing it from the Default group."),
        Block("code", "DELETE FROM client_by_group WHERE client_id = 1;", lang="sql"))),
    _section("null", "In NULL mode a blocked query is answered with the unspecified address."),
    _section("nx", "In NXDOMAIN mode a blocked query is answered with an empty response; clients may retry."),
)


INSTRUCTION = "Remove the client from the Default group [[exclude]].\n\n{}\n\n```sql\n" \
    "DELETE FROM client_by_group WHERE client_id = 1;\n```\n[[exclude]]"
MODES = "{}\n\n- NULL: the unspecified address [[null]]\n- NXDOMAIN: an empty response [[nx]]\n"
TABLE = "{}\n\n| Mode | Reply |\n|---|---|\n| NULL | The unspecified address [[null]] |\n" \
    "| NXDOMAIN | An empty response [[nx]] |\n"


def verdicts(reply: str) -> list[str]:
    gate = Gate(RECORD, Lexicon([]))
    return [e.reason if isinstance(e, Held) else "shown" for e in [*gate.feed(reply), *gate.finish()]]


@pytest.mark.parametrize(
    ("reply", "said"),
    [
        # A participle joined by "and" to a present passive shares its "is": how the thing works, no deed.
        ("If the variable is not detected, a random token is assigned on startup and printed to the log "
         "[[password]].", ["shown"]),
        ("If the variable is not detected, a random token is assigned on startup and then printed [[password]].",
         ["shown"]),
        # ... and one joined to a past tells a deed the section gives only as what will happen.
        ("The variable was missing, so a random token was assigned on startup and printed to the log [[password]].",
         ["hedge"]),
        ("Sieve generated a random token and printed it to the log [[password]].", ["hedge"]),
        # A quantifier the section writes before the same word is the section's, restated; another is still compared.
        ("Keywords at the end of a pattern make it match only specific record types [[types]].", ["shown"]),
        ("The OTHER keyword matches only some records [[types]].", ["quantifier"]),
        ("The payload is a dict containing only the fields passed in the request [[patch]].", ["shown"]),
        ("The payload is a dict containing some of the fields passed in the request [[patch]].", ["quantifier"]),
        # An uncited intro line too long for a connective cites what its block cites, and is checked against it.
        (INSTRUCTION.format("The raw database instruction from the example, for the client with id 1, is:"),
         ["shown", "shown", "shown"]),
        (INSTRUCTION.format("The raw database instruction from the example, for the client with id 7, is:"),
         ["shown", "number", "shown"]),
        (MODES.format("The modes differ in how a blocked query is answered and in what clients do next:"),
         ["shown", "shown", "shown"]),
        (MODES.format("The modes differ in how Unbound answers a blocked query and in what clients do next:"),
         ["unknown_term", "shown", "shown"]),
        (TABLE.format("The modes differ in how a blocked query is answered and in what clients do next:"),
         ["shown", "shown", "shown", "shown"]),
        (TABLE.format("The modes differ in how Unbound answers a blocked query and in what clients do next:"),
         ["unknown_term", "shown", "shown", "shown"]),
        # ... and one whose block cites nothing is held, uncited, as before.
        ("Remove the client from the Default group [[exclude]].\n\nThe raw database instruction from the example "
         "for that client is this one:\n\n```sql\nDROP TABLE client;\n```\n", ["shown", "uncited", "code_unknown"]),
    ],
)
def test_careful_markdown_sentences(reply: str, said: list[str]) -> None:
    assert verdicts(reply) == said


def test_a_denied_whole_is_no_whole_the_section_writes() -> None:
    section = Passage.of("Wheels", "Not all wheels ship a license file. Some wheels are signed.", fold)
    assert quantifiers.held(unit("All wheels ship a license file.", fold), [section])
    assert not quantifiers.held(unit("Not all wheels ship a license file.", fold), [section])
