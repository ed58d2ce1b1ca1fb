"""The code_term rule (issue 21, round 17): inline code is a cited section's where it is written so there, or where
every word of it is a word of one unit of that section or of its title, in any order and joined by `_`, `-`, `.`, `:`;
a word that unit does not write is still held. The section is MkDocs's `strict` setting, as its site writes it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from docent.sidecar.answer.rules import code_term
from tests.sidecar.gating import docs_section as _section
from tests.sidecar.gating import fate, record_of

RECORD = record_of(
    _section("strict", "strict",
             "Determines how warnings are handled. Set to true to halt processing when a warning is raised. Set to "
             "false to print a warning and continue processing. This is also available as a command line flag: "
             "--strict. default: false", "Configuration", "Live Reloading"),
)


@pytest.mark.parametrize("sentence, expected", [
    ("`--strict` is the command line flag for it. [[strict]]", "shown"),  # written so
    ("`strict: true` halts processing when a warning is raised. [[strict]]", "shown"),  # the title's and a unit's words
    ("`strict: yes` halts processing when a warning is raised. [[strict]]", "code_term"),  # "yes": no word of it
    ("`halt_on_warning` stops the build. [[strict]]", "code_term"),  # "on" is no word of the unit with "halt"
    ("`strict(true)` halts processing when a warning is raised. [[strict]]", "code_term"),  # an expression, no term
])
def test_inline_code_composed_of_one_units_words_is_the_sections(sentence: str, expected: str) -> None:
    assert fate(Gate(RECORD, Lexicon([])), sentence) == expected


# The reviewer's probe: a unit that writes "call" and "delay" apart gives no setting named `call_delay`.
RETRIES = record_of(
    _section("retries", "Retries",
             "After a failed call the client waits, with a delay of 30 seconds between calls. The default delay "
             "applies to every client."),
)


@pytest.mark.parametrize("sentence, expected", [
    ("Set `call_delay` to 30. [[retries]]", "code_term"),  # words the unit writes apart: a made-up name
    ("`default-delay` applies to every client. [[retries]]", "shown"),  # "The default delay": its words in a row, in order
    ("`delay_default` applies to every client. [[retries]]", "code_term"),  # in another order
    ("Set `retries: 30` to wait between calls. [[retries]]", "shown"),  # the title's setting and a value the unit gives
])
def test_inline_code_of_words_a_unit_writes_apart_is_held(sentence: str, expected: str) -> None:
    assert fate(Gate(RETRIES, Lexicon([])), sentence) == expected


# A name the record writes in many sections is the site's own vocabulary (issue 21, round 19): MkDocs's settings never
# write `mkdocs.yml`, the file they are set in, which its other pages write; a name only one other section writes, a
# value, or a name the record never writes, is still held.
SETTINGS = record_of(
    *(_section(f"page{n}", f"Page {n}", f"Edit the `mkdocs.yml` file and run `mkdocs serve` (step {n}).")
      for n in range(5)),
    _section("once", "Once", "The `hooks.py` file and the `site-only` value are written here alone."),
    RECORD["strict"],
)


@pytest.mark.parametrize("sentence, expected", [
    ("Set `strict` to true in `mkdocs.yml` to halt processing when a warning is raised [[strict]].", "shown"),
    ("Run `mkdocs serve` with `strict` set to true to halt processing on a warning [[strict]].", "shown"),
    ("Set `strict` to true in `hooks.py` to halt processing when a warning is raised [[strict]].", "code_term"),
    ("Set `strict` to true in `config.yml` to halt processing when a warning is raised [[strict]].", "code_term"),
    ("Set `strict` to `site-only` to halt processing when a warning is raised [[strict]].", "code_term"),
    ("Set `strict` to true in `mkdocs.yaml` to halt processing when a warning is raised [[strict]].", "code_term"),
])
def test_a_name_many_sections_write_is_the_sites(sentence: str, expected: str) -> None:
    assert fate(Gate(SETTINGS, Lexicon([])), sentence) == expected


def test_a_name_is_counted_until_widely_and_the_memo_keeps_new_pieces() -> None:
    # The count stops at WIDELY sections (the site's file is in hundreds, read on the event loop): texts after the fifth
    # that writes it are never read.
    def texts() -> Iterator[str]:
        yield from ["Edit `mkdocs.yml` here."] * code_term.WIDELY
        raise AssertionError("read past WIDELY")

    assert code_term._count("mkdocs.yml", texts())
    # The memo is bounded, the oldest piece going: a piece asked after it is full is still kept.
    mentions = Gate(SETTINGS, Lexicon([]))._grounds.mentions
    mentions.widely.update((f"piece{n}", False) for n in range(code_term.MEMO))
    assert code_term._widely("mkdocs.yml", mentions)
    assert len(mentions.widely) == code_term.MEMO and mentions.widely["mkdocs.yml"] and "piece0" not in mentions.widely


# A usage line's placeholder (round 23): the section writes a flag or a setting with a placeholder for its value
# (`--group <name>`, `--output FILE`, `UV_INDEX=<url>`); the answer writes it with a value. The name must be the
# section's: a flag it does not write is held, whatever its value.
USAGE = record_of(
    _section("groups", "Groups",
             "Additional groups can be included with the --all-groups, --group <name> and --only-group <name> options. "
             "Write the lockfile elsewhere with --output FILE, or set UV_INDEX=<url> in the environment."),
)


@pytest.mark.parametrize("sentence, expected", [
    ("Pass `--group lint` to include the lint group. [[groups]]", "shown"),
    ("Pass `--group=lint` to include the lint group. [[groups]]", "shown"),
    ("Pass `--output out.txt` to write the lockfile elsewhere. [[groups]]", "shown"),
    ("Set `UV_INDEX=https://example.com/simple` in the environment. [[groups]]", "shown"),
    ("Pass `--groups lint` to include the lint group. [[groups]]", "code_term"),  # a flag the section never writes
    ("Pass `--all-groups lint` to include the lint group. [[groups]]", "code_term"),  # written with no placeholder
    ("Set `UV_INDEX lint` in the environment. [[groups]]", "code_term"),  # a setting's value goes after its `=`
])
def test_a_value_filling_a_placeholder_the_section_writes_is_the_sections(sentence: str, expected: str) -> None:
    assert fate(Gate(USAGE, Lexicon([])), sentence) == expected


# review23b of 8f623ba: a word in capitals after a flag's `=` or a setting's is a value the section gives, not a
# placeholder (ExternalDNS's "set the `--managed-record-types=MX` flag"), and a value in capitals after a blank is
# another value of its kind (`--type NS`): another value written there is not the section's.
VALUES = record_of(
    _section("mx", "MX record with CRD source",
             "In order to start managing MX records you need to set the --managed-record-types=MX flag. Set LOG_LEVEL=DEBUG "
             "to see each change. Create the zone's record set with gcloud dns record-sets create --type NS --ttl 300. "
             "Write the plan elsewhere with --output FILE and review it."),
)


@pytest.mark.parametrize("sentence, expected", [
    ("To start managing MX records, set the `--managed-record-types=TXT` flag. [[mx]]", "code_term"),
    ("Set `LOG_LEVEL=INFO` to see each change. [[mx]]", "code_term"),
    ("Create the zone's record set with `--type CNAME`. [[mx]]", "code_term"),
    # the section's own values, and a metavar filled, are still the section's
    ("To start managing MX records, set the `--managed-record-types=MX` flag. [[mx]]", "shown"),
    ("Write the plan elsewhere with `--output plan.txt`. [[mx]]", "shown"),
])
def test_a_value_in_capitals_is_no_placeholder(sentence: str, expected: str) -> None:
    assert fate(Gate(VALUES, Lexicon([])), sentence) == expected


# review23b of 8f623ba: a value that stands for a set ("all", "none", "*") fills no placeholder for a name: uv8's real
# section writes "--group <name>" beside "--all-groups", and "pass `--group all` to sync every group" was shown.
@pytest.mark.parametrize("sentence, expected", [
    ("Pass `--group all` to include every group. [[groups]]", "code_term"),
    ("Pass `--group=none` to include no group. [[groups]]", "code_term"),
    ("Pass `--group lint` to include the lint group. [[groups]]", "shown"),
])
def test_a_value_standing_for_a_set_fills_no_placeholder(sentence: str, expected: str) -> None:
    assert fate(Gate(USAGE, Lexicon([])), sentence) == expected
