"""The polarity rule lets through what it cannot decide (issue 21): a flag or a supposition is no denial, a denial in
a condition or an offered option claims nothing, and a denial told in the record's other words (an opposite, a
verb alone of the same thing, a word of one sense) is the record's; each sentence's twin that says the reverse is
still held. The record is a small made-up tool's."""

from __future__ import annotations

import pytest

from docent.sidecar.answer import polarity
from docent.sidecar.answer.events import Held, Sentence
from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from docent.sidecar.answer.words import stems
from tests.sidecar.gating import docs_section as _section
from tests.sidecar.gating import fate, record_of

RECORD = record_of(
    _section("image", "Image layers",
             "Install the dependencies first with `tool sync --no-install-project`, then copy the project in and "
             "run `tool sync` again."),
    _section("recycle", "Recycling",
             "max_jobs - The most jobs a worker runs before it exits. Useful for preventing memory leaks from "
             "growing in long-running workers."),
    _section("canary", "Canary",
             "The canary paid for itself: it caught a clock bug that would have failed every nightly job."),
    _section("teams", "Teams", "The first two teams wrote their own retry code and both got backoff wrong."),
    _section("heap", "Heap", "The heap rose by about 40 MB a day and never came down."),
    _section("styles", "Styles", "Passing the app object works with a single process and reload switched off."),
    _section("limits", "Limits",
             "The limit may be set globally with DEFAULT_LIMIT. You can also set the limit on each view."),
    _section("layouts", "Layouts",
             "- The src layout is not supported.\n- Requirements like -e git+url are not supported.\n"
             "- Strategies other than eager and lazy are not supported.\n- Lock files are written as TOML."),
    _section("links", "Links",
             "Relative links are adjusted by the builder. Absolute links are not modified at all."),
    _section("routers", "Routers",
             "The router generates list and detail routes, with a trailing slash by default. Pass "
             "trailing_slash=False to leave it out."),
    _section("uploads", "Uploads", "The client does not retry an upload. It logs each failed upload."),
    _section("pages", "Page size",
             "The page size is read from the request. If it is not set in the decorator, the settings' default is "
             "used."),
    _section("upgrades", "Upgrades", "Upgrades reinstall the executables, even if they have not changed."),
    _section("signals", "Signals",
             "On Windows these concepts do not apply and the tool ignores Ctrl-C events, deferring handling to "
             "the child process."),
    _section("deprecate", "Deprecating",
             "Mark an operation as deprecated without removing it by using the deprecated argument. It will be "
             "marked as deprecated in the schema. Operations are published to the registry before the build."),
    _section("proxies", "Proxies",
             "The client does not support HTTPS proxies properly yet. It supports SOCKS proxies. Questions that "
             "have no default value must be answered on the command line."),
    _section("secrets", "Secrets", "The builder does not override the password file."),
    _section("images", "Images",
             "The tool doesn't provide an image by default. However, it does provide a nix package, so you can run "
             "the tool from within a container."),
    _section("paused", "Pausing", "A paused queue never delivers messages until it is resumed."),
)


def verdict(sentence: str) -> str:
    return fate(Gate(RECORD, Lexicon([])), sentence)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # A flag's "no" (`--no-install-project`) denies nothing the sentence may not say.
        ("The image installs the dependencies first and copies the project afterwards [[image]].", "shown"),
        # "preventing X from Y" denies Y as "prevents X from Y" does.
        ("Setting max_jobs prevents memory leaks from growing in long-running workers [[recycle]].", "shown"),
        ("Setting max_jobs prevents jobs from running twice [[recycle]].", "polarity"),
        # A supposition ("Had it not ...") says that it happened; the plain denial is still held.
        ("Had the canary not caught it, a clock bug would have failed every nightly job [[canary]].", "shown"),
        ("The canary did not pay for itself [[canary]].", "polarity"),
        # "Failed to get X right" says the section's "got X wrong"; failing to write it is not said.
        ("The first two teams both failed to get backoff right [[teams]].", "shown"),
        ("The first two teams both failed to write their own retry code [[teams]].", "polarity"),
        # "Neither of" is "none of" two: its scope runs past the things it is said of to what it denies.
        ("Neither of the first two teams that wrote their own retry code got backoff right [[teams]].", "shown"),
        ("Neither of the first two teams that wrote their own retry code got backoff wrong [[teams]].", "polarity"),
        # "Grew without ever falling back" says "grew" alone, and "came back down" is still held.
        ("The heap rose every day without ever falling back [[heap]].", "shown"),
        ("The heap rose by about 40 MB a day and then came back down [[heap]].", "polarity"),
        # A verb with its particle denied of the same thing is the record's bare verb denied ("never fell back" for
        # "never came down"), and the "fell" it denies is no opposite it says of the record's "rose"; the twin that
        # says "fell" outside the denial is still held.
        ("The heap rose by about 40 MB a day and never fell back [[heap]].", "shown"),
        ("The heap fell by about 40 MB a day and never rose back [[heap]].", "polarity"),
        # A denial in a condition is supposed, not said; told as a claim it is judged.
        ("Passing the app object only works if you are not running several processes [[styles]].", "shown"),
        ("Passing the app object does not work with a single process [[styles]].", "polarity"),
        # An option offered over another ("you can ... instead of") denies nothing; told as what happens, it does.
        ("You can also set the limit on each view instead of globally [[limits]].", "shown"),
        ("The limit is set on each view instead of globally [[limits]].", "polarity"),
        # A verb denied of the same thing in other words: "won't work" for "are not supported".
        ("Requirements like -e git+url won't work [[layouts]].", "shown"),
        # "X other than A are not supported" says only A are; one word denied of one thing is held of that thing.
        ("Only the eager and lazy strategies are supported [[layouts]].", "shown"),
        ("The TOML lock files are supported [[layouts]].", "shown"),
        ("The src layout is supported [[layouts]].", "polarity"),
        # Denials joined by "and" are each the record's: one backed does not carry the other.
        ("The client does not retry an upload [[uploads]].", "shown"),
        ("The client does not retry an upload and does not check its size [[uploads]].", "polarity"),
        # Words of one sense: "adjusting" for the record's "modified".
        ("The builder leaves absolute links alone rather than adjusting them [[links]].", "shown"),
        # A section's denial in a condition ("if it is not set in the decorator") is supposed: a sentence may say the
        # thing set; one its "even if" asserts is still the section's denial.
        ("The page size is read from the request first, then from the value set in the decorator [[pages]].", "shown"),
        ("Upgrades leave the executables alone unless they have changed [[upgrades]].", "polarity"),
        # A denial in other words than a cited denial of the same things, which no cited clause affirms, is not
        # decided; one whose deed a cited clause affirms ("deferring handling to the child process") is still held.
        ("On Windows, the tool doesn't handle Ctrl-C itself [[signals]].", "shown"),
        ("On Windows, the tool doesn't defer Ctrl-C handling to the child process [[signals]].", "polarity"),
        # "A rather than B" is no denial in other words to let through, though the unit restating it best denies a word
        # it denies: turned round, it shares every word. In the section's order it is shown; turned round, held.
        ("A paused queue waits until it is resumed rather than delivering messages [[paused]].", "shown"),
        ("A paused queue delivers messages rather than waiting until it is resumed [[paused]].", "polarity"),
        # "Without" and a deed no cited section writes ("taking it out") is told in words the rule cannot align;
        # a deed they write ("publishing") is still read as a denial.
        ("The deprecated argument flags an operation without taking it out of the schema [[deprecate]].", "shown"),
        ("Operations are built without publishing them to the registry [[deprecate]].", "polarity"),
        # "Lacks" and "lacking" deny their object: the record's denial in other words; what it affirms is still held.
        ("The client lacks proper support for HTTPS proxies [[proxies]].", "shown"),
        ("The client lacks SOCKS support [[proxies]].", "polarity"),
        ("Questions lacking a default value must be answered on the command line [[proxies]].", "shown"),
        ("The client supports HTTPS proxies properly [[proxies]].", "polarity"),
        # An irregular participle is its verb: "overridden" is the record's "override".
        ("The password file is not overridden by the builder [[secrets]].", "shown"),
        ("The password file is overridden by the builder [[secrets]].", "polarity"),
        # "Ships no X" is told by its verb, as "does not ship X" is: the record's denial of X in other words, whose
        # shipping no cited clause affirms; "ships no nix package" denies what the record says it provides.
        ("The tool ships no container image by default [[images]].", "shown"),
        ("The tool ships no nix package [[images]].", "polarity"),
    ],
)
def test_polarity_lets_through_what_it_cannot_decide(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected


def test_a_table_column_whose_label_negates_names_what_its_cells_show() -> None:
    gate = Gate(RECORD, Lexicon([]))
    table = ("| Router | Without a trailing slash |\n|---|---|\n"
             "| list and detail routes | `trailing_slash=False` [[routers]] |\n")
    events = [e for e in (*gate.feed(table), *gate.finish()) if isinstance(e, Sentence | Held)]
    assert [e.reason for e in events if isinstance(e, Held)] == []
    assert len(events) == 2  # the header, and the row shown


def test_a_scope_reads_past_an_aside_in_brackets_and_leaves_out_by_default() -> None:
    (denial,) = polarity.denials("It only works if you are not using multiprocessing (workers=NUM) or reloading.", stems)
    assert {"worker", "reload"} <= denial.scope and denial.condition
    (denial,) = polarity.denials("Connections are closed after 5 seconds without new data by default.", stems)
    assert denial.scope == {"data"}


def test_a_hyphened_negation_is_read_and_a_flag_is_not() -> None:
    assert polarity.negates("a not-strictly-unique value", {"a", "not-strictly-unique", "value"})
    assert not polarity.negates("run `tool sync --no-deps` or set no-cache")
    assert not polarity.negates("the registry allows no other kind")  # "no other" says only


# Real sections of the development sites (Copier's, MkDocs's, FastAPI Users's), cut to what the sentences cite, and
# the made-up one of a denial told with another negator and verb of one sense (issue 21, round 17).
DEV_RECORD = record_of(
    _section("unsafe", "unsafe",
             "Copier templates can use dangerous features that allow arbitrary code execution:\n- Jinja extensions\n"
             "- Migrations\n- tasks\nTherefore, these features are disabled by default and Copier will raise an error "
             "(and exit from the CLI with code 4) when they are found in a template.", "Configuring a template"),
    _section("introduction", "Introduction",
             "At a minimum, this configuration file must contain the site_name. All other settings are optional.",
             "Configuration"),
    _section("validate_password", "validate_password",
             "This function should return None if the password is valid or raise InvalidPasswordException if not.\n"
             "        if user.email in password:\n            raise InvalidPasswordException(\n"
             '                reason="Password should not contain e-mail"\n            )', "UserManager"),
    _section("index-pages", "Index pages",
             "Therefore, MkDocs will allow you to name your index pages as README.md instead of index.md.",
             "Writing Your Docs"),
    _section("storage", "Storage", "No database is required."),
)


@pytest.mark.parametrize("sentence, expected", [
    # a denial told as the word the section writes in the negative ("disabled", "optional"): the section's
    ("Unsafe features such as migrations are not enabled by default. [[unsafe]]", "shown"),
    ("Unsafe features such as migrations are not disabled by default. [[unsafe]]", "polarity"),
    ("All other settings are not required. [[introduction]]", "shown"),
    ("All other settings are not optional. [[introduction]]", "polarity"),
    # a denial with another negator and a verb of one sense ("rely on" for "required")
    ("It does not rely on any database at all. [[storage]]", "shown"),
    ("It does not keep any database at all. [[storage]]", "polarity"),
    # a refusal that turns down, in its own clause, what the section's denial denies
    ("The example rejects a password that contains the user's e-mail. [[validate_password]]", "shown"),
    # ... and another of its objects after an "and" (fastapi-users' development answer)
    ("The documentation's example rejects a short password and one that contains the user's e-mail. "
     "[[validate_password]]", "shown"),
    ("The example accepts a password that contains the user's e-mail. [[validate_password]]", "polarity"),
    # ... but not where another clause affirms what the section denies (a falsehood of round 6's set)
    ("MkDocs refuses README.md as a name for index pages, so each directory's index page has to be called index.md. "
     "[[index-pages]]", "polarity"),
])
def test_a_denial_in_the_sections_negative_words_is_theirs(sentence: str, expected: str) -> None:
    assert fate(Gate(DEV_RECORD, Lexicon([])), sentence) == expected


HTTP2 = record_of(_section("server", "Server", "The server does not support HTTP/2."))


@pytest.mark.parametrize("sentence, expected", [
    # a word of refusal elsewhere in the clause governs none of the denied head's words: it still affirms them
    ("The server ignores idle connections and supports HTTP/2. [[server]]", "polarity"),
    ("The server supports HTTP/2. [[server]]", "polarity"),
    # one that governs them turns them down
    ("The server rejects HTTP/2. [[server]]", "shown"),
])
def test_a_refusal_turns_down_only_the_words_it_governs(sentence: str, expected: str) -> None:
    assert fate(Gate(HTTP2, Lexicon([])), sentence) == expected


# Django REST framework's docs (api-guide/testing.md, api-guide/authentication.md), round 7's faithful set.
CONTRASTS = record_of(
    _section("csrf", "Forcing CSRF validation",
             "Note: It's worth noting that Django's standard RequestFactory doesn't need to include this option, "
             "because when using regular Django the CSRF validation takes place in middleware, which is not run when "
             "testing views directly. When using REST framework, CSRF validation takes place inside the view, so the "
             "request factory needs to disable view-level CSRF checks."),
    _section("tokens", "TokenAuthentication",
             "Note: The token authentication provided by Django REST framework is a fairly simple implementation. For "
             "an implementation which allows more than one token per user, has some tighter security implementation "
             "details, and supports token expiry, please see the Django REST Knox third party package."),
)


@pytest.mark.parametrize("sentence, expected", [
    # "A rather than B" where the unit restating the sentence says A, and B is told of another case: the section's
    # own contrast ...
    ("With REST framework the request factory has to disable view-level CSRF checks, because CSRF validation happens "
     "inside the view rather than in middleware [[csrf]].", "shown"),
    ("For more than one token per user and for token expiry, the documentation points to the Django REST Knox third "
     "party package rather than the built-in token authentication [[tokens]].", "shown"),
    # ... told the other way round, still held
    ("With REST framework the request factory has to disable view-level CSRF checks, because CSRF validation happens "
     "in middleware rather than inside the view [[csrf]].", "polarity"),
    ("For more than one token per user and for token expiry, the documentation points to the built-in token "
     "authentication rather than the Django REST Knox third party package [[tokens]].", "polarity"),
])
def test_a_contrast_the_restating_unit_keeps_is_the_sections(sentence: str, expected: str) -> None:
    assert fate(Gate(CONTRASTS, Lexicon([])), sentence) == expected


# OpenFaaS's docs (languages/node.md), a careful answer of round 18's.
ALTERNATIVES = record_of(
    _section("unit-tests", "Unit tests",
             "Unit tests provide a quick and efficient way to exercise your code on your local computer, without "
             "needing to run faas-cli build or to deploy the function to a remote cluster."),
)


@pytest.mark.parametrize("sentence, expected", [
    # each alternative after "or" in a section's denial is denied too; a denial of what it affirms is still held
    ("Your tests run on your own computer, without deploying the function to a cluster [[unit-tests]].", "shown"),
    ("Your tests run on your own computer, without exercising your code [[unit-tests]].", "polarity"),
])
def test_each_alternative_of_a_denial_is_denied(sentence: str, expected: str) -> None:
    assert fate(Gate(ALTERNATIVES, Lexicon([])), sentence) == expected
