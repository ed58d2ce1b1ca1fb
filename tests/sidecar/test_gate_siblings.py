"""The sibling rule (`answer/siblings.py`): a fact of one name told of another name its cited sections write
elsewhere, on a small made-up library's docs and on the example site's record. Each sentence here is this file's own,
written against those records, not taken from a corpus."""

from __future__ import annotations

from pathlib import Path

import pytest

from docent.schema import RecordSection as Section
from docent.sidecar.answer import siblings
from docent.sidecar.answer.bundle import Bundle
from docent.sidecar.answer.events import Held, Sentence
from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from docent.sidecar.answer.passage import Passage, unit
from docent.sidecar.answer.words import fold
from tests.sidecar.gating import docs_section as _section
from tests.sidecar.gating import fate, record_of

BUNDLE = Bundle.load(Path(__file__).resolve().parents[1] / "evals" / "bundle.json")

DOCS = record_of(
    _section("workers", "Worker classes",
             "The FastWorker class uses the uvloop and httptools implementations. To run under PyPy, use the "
             "PlainWorker class instead."),
    _section("methods", "Method permissions",
             "- POST requests require the user to have the add permission on the model.\n- PUT and PATCH requests "
             "require the user to have the change permission on the model."),
    _section("edit", "Edit links",
             "The edit link is built from repo_url and edit_path. For a GitHub- or GitLab-hosted repository, the "
             "edit_path is set to edit/main/docs/ automatically."),
    _section("limits", "Per-view limits",
             "Set the limits attribute on an APIView class. If you're using the @api_view decorator with function "
             "based views you can use the following decorator."),
    _section("parsers", "Upload parser",
             "The UploadParser is for native clients that send the file as raw data. For web-based uploads, or for "
             "clients with multipart support, you should use the FormPartParser instead. Since its media type "
             "matches any content, UploadParser should be the only parser set on a view."),
    _section("factory", "Test factory",
             "The APIRequestFactory class extends Django's RequestFactory class. To force authentication, call "
             "force_authenticate on a request the APIRequestFactory made before passing it to the view."),
    _section("proxies", "Sockets",
             "- When NGINX is running behind a socket it adds the literal unix: as the client address.\n- When "
             "Gunicorn is running behind a socket the client address is empty."),
)


def _held(sentence: str, *ids: str, record: dict[str, Section] | None = None) -> bool:
    said = unit(sentence, fold)
    if record is None:
        sections = [BUNDLE.mentions.passages[sid] for sid in ids]
    else:
        sections = [Passage.of(record[sid].title, record[sid].text, fold) for sid in ids]
    return siblings.wakes(said.words, said.stems, sections) and siblings.held(said, sections)


def test_names_are_code_options_and_capitalised_words_inside_a_sentence() -> None:
    found = siblings.names("The UvicornWorker class, --reload-include, customs.cleared, NGINX and Daphne. Not MB")
    assert [(n.text, n.kind) for n in found] == [
        ("uvicornworker", "code"), ("--reload-include", "option"), ("customs.cleared", "code"), ("nginx", "name"),
        ("daphne", "name"),
    ]


@pytest.mark.parametrize(
    ("sentence", "ids"),
    [
        ("The PlainWorker class is the one that uses the uvloop and httptools implementations.", ("workers",)),
        ("PUT and PATCH requests require the user to hold the add permission on the model.", ("methods",)),
        ("When Gunicorn is running behind a socket, it adds the literal unix: as the client address.", ("proxies",)),
        # Two code names of one family ("...Parser") stand for each other wherever they are in the clause.
        ("For web-based uploads, and for clients with multipart support, UploadParser is the parser to use.",
         ("parsers",)),
    ],
)
def test_a_fact_told_of_a_sibling_name_is_held(sentence: str, ids: tuple[str, ...]) -> None:
    assert _held(sentence, *ids, record=DOCS)


@pytest.mark.parametrize(
    ("sentence", "ids"),
    [
        # The clause's own name.
        ("The FastWorker class uses the uvloop and httptools implementations.", ("workers",)),
        ("POST requests need the add permission on the model.", ("methods",)),
        # Both names: a comparison, nothing moved.
        ("Unlike PlainWorker, the FastWorker class uses the uvloop and httptools implementations.", ("workers",)),
        # The clause's name written in part ("GitLab-hosted", "GitHub-") is no other name.
        ("For GitHub and GitLab repositories, the edit_path is derived from repo_url and set to edit/main/docs/.",
         ("edit",)),
        # The same name spelled otherwise ("APIView", "api_view"), in another clause than the one restated.
        ("To limit one view, set it on an APIView, or use the decorator with function based views.", ("limits",)),
        # A clause's name that holds the sentence's ("APIRequestFactory" extends "RequestFactory") is no sibling.
        ("With Django's RequestFactory, to force authentication, call it on a request before passing it to the view.",
         ("factory",)),
        # A name the sections write nowhere else is no sibling (whether it is known is the proper-name rule's).
        ("The TurboWorker class uses the uvloop and httptools implementations.", ("workers",)),
    ],
)
def test_the_clauses_own_name_or_both_names_pass(sentence: str, ids: tuple[str, ...]) -> None:
    assert not _held(sentence, *ids, record=DOCS)


def test_on_the_example_record_a_topics_row_told_of_another_topic_is_held() -> None:
    assert _held("The shipments.scanned topic has 24 partitions and is written by booking.", "case-kafka-approach")
    assert not _held("The shipments.booked topic has 24 partitions and is written by booking.", "case-kafka-approach")
    # A name that frames the sentence elsewhere than the clause's own name stands: no sibling in its place.
    assert not _held("All services at Alderway are instrumented with OpenTelemetry, with a few manual spans added on "
                     "the authorisation path.", "adr-otel", "adr-otel-decision")


def test_the_gate_holds_a_sibling_fact_as_an_actor_and_shows_the_true_one() -> None:
    gate = Gate(DOCS, Lexicon(frozenset()))
    out = [*gate.feed("PUT and PATCH requests require the user to hold the add permission on the model [[methods]]. "),
           *gate.feed("PUT and PATCH requests require the user to hold the change permission on the model [[methods]]. "),
           *gate.finish()]
    assert [type(e) for e in out] == [Held, Sentence]
    assert isinstance(out[0], Held) and out[0].reason == "actor"


def test_the_names_a_section_writes_are_read_once_per_bundle_before_any_sentence() -> None:
    """Made with the bundle's mentions (`mentions._prepared`, warmed off the event loop), not in a question's turn."""
    fresh = Bundle.load(Path(__file__).resolve().parents[1] / "evals" / "bundle.json")
    passages = fresh.mentions.passages
    assert all("siblings" in p.memo for p in passages.values())
    assert "shipments.booked" in passages["case-kafka-approach"].memo["siblings"]


OPTIONS = record_of(
    _section("tls", "TLS",
             "The TLS context can be set with these options:\n- --tls-version <int> - The TLS version to use.\n"
             "Default: PROTOCOL_TLS_SERVER.\n- --tls-ciphers <str> - The ciphers to use.\nDefault: \"TLSv1\".\nSee "
             "the Python documentation for more."),
)


def test_an_options_default_told_of_another_option_is_held_the_lists_last_one_too() -> None:
    """A CLI option's line ("- --tls-ciphers <str> - ...") is a definition list's item, and the "Default: ..." line
    right after it is its own, after the list's last item as after the others."""
    gate = Gate(OPTIONS, Lexicon(frozenset()))
    out = [*gate.feed('By default, --tls-version is set to "TLSv1" [[tls]]. '),
           *gate.feed('By default, --tls-ciphers is set to "TLSv1" [[tls]]. '), *gate.finish()]
    assert [type(e) for e in out] == [Held, Sentence]



# Uvicorn's reload options (round 5's site, a development site): an item's later sentences name no option, its head does
RELOAD = record_of(
    _section("reloading", "Reloading with watchfiles",
             "Using Uvicorn with watchfiles will enable the following options (which are otherwise ignored):\n"
             "- --reload-include <glob-pattern> - Specify a glob pattern to match files or directories which will be "
             "watched. May be used multiple times. By default the following patterns are included: *.py. These "
             "defaults can be overwritten by including them in --reload-exclude.\n"
             "- --reload-exclude <glob-pattern> - Specify a glob pattern to match files or directories which will "
             "excluded from watching. May be used multiple times. By default the following patterns are excluded: "
             ".*, .py[cod], .sw.*, ~*. These defaults can be overwritten by including them in --reload-include."),
)


def test_a_list_items_later_sentence_is_its_heads_names() -> None:
    """The falsehood of round 5's set: the default patterns of one option told of the other, against a sentence of
    the other's item that names no option itself (its item's head does)."""
    falsehood = "By default, --reload-include covers the patterns .*, .py[cod], .sw.* and ~* [[reloading]]."
    assert fate(Gate(RELOAD, Lexicon(frozenset())), falsehood) == "actor"
    assert _held(falsehood.split(" [[")[0], "reloading", record=RELOAD)
    # the option's own (the direction rule holds it still, on "excluded" against "covers": not this rule)
    assert not _held("By default, --reload-exclude covers the patterns .*, .py[cod], .sw.* and ~*.", "reloading",
                     record=RELOAD)


def test_a_sibling_name_written_as_inline_code_is_read() -> None:
    """The gate blanks a sentence's inline code for most rules; the sibling rule reads the name there, as the sections
    write it in words."""
    gate = Gate(DOCS, Lexicon(frozenset()))
    out = [*gate.feed("`PUT` and `PATCH` requests require the user to hold the add permission on the model [[methods]]. "),
           *gate.feed("`PUT` and `PATCH` requests require the change permission on the model [[methods]]. "),
           *gate.finish()]
    assert [type(e) for e in out] == [Held, Sentence]


PAGING = record_of(
    _section("paging", "Paging",
             "from ninja.pagination import PageNumberPagination\nThis class takes one parameter, page.\nPage "
             "numbering starts with 1, and you can also set a custom page_size value per view."),
)


def test_code_names_of_other_shapes_are_no_siblings() -> None:
    """A class is no sibling of a parameter that shares its first word ("PageNumberPagination", "page_size"); names
    of one shape still are (`test_a_fact_told_of_a_sibling_name_is_held`: "UploadParser", "FormPartParser")."""
    assert not _held("PageNumberPagination takes a page parameter, and page numbering starts with 1.", "paging",
                     record=PAGING)


def test_the_records_i_and_the_calendars_words_are_no_names() -> None:
    assert [n.text for n in siblings.names("Since March 2018 I run it on Friday with Daphne.")] == ["daphne"]


@pytest.mark.parametrize(
    ("sentence", "ids"),
    [
        # The record's "I" is the owner the sentence names, no sibling of the frame it writes.
        ("At Tessellate, Mara built the platform team up from two engineers to four.", ("roles-tessellate-leading",)),
        # A month is no name: "March" is no sibling of "Tessellate Freight" in "Accepted at Tessellate Freight, May 2018".
        ("The outbox decision was accepted in May 2018, after the Kafka decision of March 2018.",
         ("adr-kafka", "adr-outbox")),
        # A capitalised name's place is in its own clause: the "service" before the comma is none of it.
        ("Mara designed the decision service, while the Access Control Server stayed with the vendor.",
         ("case-3ds-approach",)),
    ],
)
def test_on_the_example_record_the_owners_frame_a_date_and_another_clauses_word_are_no_sibling(
    sentence: str, ids: tuple[str, ...],
) -> None:
    assert not _held(sentence, *ids)


def test_the_prose_s_abbreviations_are_no_names() -> None:
    # A careful answer's step (OpenFaaS, round 15): the section's "i.e." is no sibling of the sentence's stack.yml.
    assert [n.text for n in siblings.names("Create the secret with your orchestration tool i.e. kubectl or docker "
                                           "secret create, e.g. in stack.yml")] == ["stack.yml"]
    record = {"secure": Section(
        "secure", "docs", "Function: Secure secrets", (
            "OpenFaaS functions can make use of secure secrets using the secret store from Kubernetes or faasd. This is "
            "the recommended way to store secure access keys, tokens and other private data. Create the secret with "
            "your orchestration tool i.e. kubectl or docker secret create then list the secret name as part of an "
            "array of secrets.\nsecrets:\n  - s3_access_key\n  - s3_secret_key"),
        "/reference/yaml/#function-secure-secrets", ("Function: Secure secrets",))}
    assert not _held("List the secret under the function in stack.yml:", "secure", record=record)


def test_a_one_letter_word_opening_a_sentence_is_no_name() -> None:
    """"A" at a sentence's start is its article (issue 21, round 21): read as a name, it stood where the clause's
    "Gunicorn" stands ("A worker" against "The Gunicorn worker") and the section's other "a" made it a sibling; the
    name after it is still one, and an acronym is a name wherever it stands."""
    assert [n.text for n in siblings.names("A worker restarts. A Starlette app runs. FTL binds.")] == [
        "starlette", "ftl"]
    record = {"workers": _section("workers", "Workers", "The Gunicorn worker restarts the process when it crashes. "
                                  "Uvicorn reads a config file at startup.")}
    assert not _held("A worker restarts the process when it crashes.", "workers", record=record)
    assert _held("The Uvicorn worker restarts the process when it crashes.", "workers", record=record)


def test_a_one_letter_name_the_sections_write_may_open_a_sentence() -> None:
    """A capital letter that is no English article or pronoun ("C", "R") is a name where it opens a sentence, if the
    cited sections write it as a name (review21b of b58d0a9: since the opening "A" was read as an article, "C" was no
    name there either, and the Rust binding's fact told of C was shown). "A" and "I" stay the prose's words."""
    assert [n.text for n in siblings.names("C runs. R runs. A run. I ran.", {"c"})] == ["c"]
    assert [n.text for n in siblings.names("C runs.")] == []
    record = {"bindings": _section("bindings", "Bindings", "The Rust binding compiles the extension at install time. "
                                   "The C binding ships prebuilt wheels.")}
    assert _held("C binding compiles the extension at install time.", "bindings", record=record)
    assert not _held("A binding compiles the extension at install time.", "bindings", record=record)
    assert not _held("C binding ships prebuilt wheels.", "bindings", record=record)


def test_a_texts_names_are_read_anew_for_other_known_letters_and_never_changed_by_a_caller():
    # `names` keeps the last text's names for the next rule that reads the same sentence: asked with other one-letter
    # names known, it reads them anew, and a caller that changes the list it got changes nothing kept
    text = "C is the language the CLI_TOOL speaks. R is slower."
    plain = siblings.names(text)
    lettered = siblings.names(text, frozenset({"c", "r"}))
    assert [n.text for n in lettered] == ["c", "cli_tool", "r"] and [n.text for n in plain] == ["cli_tool"]
    got = siblings.names(text)
    got.clear()
    assert siblings.names(text) == plain == siblings._names(text, frozenset())


def test_two_bundles_in_one_process_each_read_a_sentences_names_by_their_own_sections() -> None:
    """`names` keeps one text's names for the whole process (`_last`), not one bundle's: a gate on one bundle reads a
    sentence right after a gate on another read the same one. It cannot serve one bundle's names to the other: all a
    text's names depend on besides the text is the one-letter names its cited sections write (`known`, each bundle's
    own), and the two are its key together. Two bundles here differ only there ("The C binding" against "The Python
    binding"): the same sentence, asked of each in turn, is held by the one whose sections name C, shown by the other,
    each time; and the names each gate's sections make the rule read, asked in turn, are their own (with the key the
    text alone, the second bundle's were the first's)."""
    rust = "The Rust binding compiles the extension at install time."
    lettered = record_of(_section("bindings", "Bindings", f"{rust} The C binding ships prebuilt wheels."))
    plain = record_of(_section("bindings", "Bindings", f"{rust} The Python binding ships prebuilt wheels."))
    sentence = "C binding compiles the extension at install time [[bindings]]."
    gates = {"lettered": Gate(lettered, Lexicon([])), "plain": Gate(plain, Lexicon([]))}
    assert [fate(Gate(record, Lexicon([])), sentence) for record in (plain, lettered, plain, lettered)] == [
        "shown", "actor", "shown", "actor"]
    known = {name: siblings._letters([gate._grounds.mentions.passages["bindings"]]) for name, gate in gates.items()}
    assert known == {"lettered": frozenset({"c"}), "plain": frozenset()}
    text = sentence.removesuffix(" [[bindings]].")
    for name in ("plain", "lettered", "plain", "lettered"):
        assert siblings.names(text, known[name]) == siblings._names(text, known[name])
    assert [n.text for n in siblings.names(text, known["lettered"])] == ["c"]
    assert siblings.names(text, known["plain"]) == []
