"""The search's last step (`record_index_order`): the sections found, put in order by where each says the question's
words. Which sections are found, and the scores they carry, stay the search's."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from docent.sidecar.answer import record_index, record_index_order
from docent.sidecar.answer.record_index import RecordIndex
from docent.sidecar.answer.record_index_order import CHOICE, FIRST, LONG, READ, SPAN, asked, chosen, near, said

from .searching import Section

FILLER = [
    Section("install", "install", "Installation", "Install the package with pip and import the client."),
    Section("timeouts", "timeouts", "Timeouts", "Every request has a five second timeout by default."),
    Section("auth", "auth", "Authentication", "Pass a username and password to the client as a tuple."),
    Section("logging", "logging", "Logging", "The debug log names each connection a request used."),
]

# Starlette's Static Files page (tests/data/sites/starlette, docs/staticfiles.md): its opening, which BM25 ranked
# first for a question naming the class (13 words, its title the page's), and the section that answers.
STATIC = [
    Section("staticfiles", "staticfiles", "Static Files",
            "Starlette also includes a StaticFiles class for serving files in a given directory:", ("Static Files",)),
    Section("staticfiles-staticfiles", "staticfiles", "StaticFiles",
            "Signature: StaticFiles(directory=None, packages=None, html=False, check_dir=True, follow_symlink=False)\n"
            "- directory - A string or os.PathLike denoting a directory path.\n"
            "- packages - A list of strings or list of tuples of strings of python packages.\n"
            "- html - Run in HTML mode. Automatically loads index.html for directories if such file exist.\n"
            "- check_dir - Ensure that the directory exists upon instantiation. Defaults to True.\n"
            "- follow_symlink - A boolean indicating if symbolic links for files and directories should be followed.\n"
            "You can combine this ASGI application with Starlette's routing to provide comprehensive static file "
            "serving.\nfrom starlette.staticfiles import StaticFiles\nroutes = [Mount('/static', "
            "app=StaticFiles(directory='static'), name='static')]\nStatic files will respond with \"404 Not found\" "
            "or \"405 Method not allowed\" responses for requests which do not match. In HTML mode if 404.html file "
            "exists it will be shown as 404 response.", ("Static Files", "StaticFiles")),
]
PAGES = {"staticfiles": "Static Files"}


def unordered(monkeypatch: pytest.MonkeyPatch) -> None:
    for weight in ("COVER", "TITLE", "TRAIL", "NEAR"):
        monkeypatch.setattr(record_index_order, weight, 0.0)


def test_the_section_that_says_the_question_comes_before_the_one_that_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """Starlette's question (starlette-questions.json): BM25 put the page's opening first, on "StaticFiles" in 13
    words; the signature's section says index.html and directories, in one line."""
    question = "How do I make StaticFiles serve index.html when someone opens a directory URL like /docs/?"
    index = RecordIndex([*FILLER, *STATIC], pages=PAGES)
    ordered = index.search(question, limit=3)
    unordered(monkeypatch)
    plain = index.search(question, limit=3)
    assert [sid for sid, _ in plain][:2] == ["staticfiles", "staticfiles-staticfiles"], plain
    assert [sid for sid, _ in ordered][:2] == ["staticfiles-staticfiles", "staticfiles"], ordered
    # the same sections, the same scores in the same places: only which section holds each place moved
    assert sorted(sid for sid, _ in ordered) == sorted(sid for sid, _ in plain)
    assert [score for _, score in ordered] == [score for _, score in plain]


def test_words_said_together_weigh_more_than_the_same_words_apart() -> None:
    weights = {"reload": 2.0, "worker": 1.0, "process": 0.5}
    together = [(10, "reload"), (12, "worker"), (14, "process")]
    apart = [(10, "reload"), (10 + SPAN + 1, "worker"), (10 + 2 * SPAN + 2, "process")]
    assert near(together, weights) == 3.5
    assert near(apart, weights) == 0.0  # no run of SPAN positions holds two of them
    assert near([(3, "reload"), (5, "reload")], weights) == 0.0  # one word twice is no phrase
    assert near([(0, "reload"), (SPAN, "worker"), (SPAN + 1, "process")], weights) == 3.0  # the best run: first two


def test_a_long_section_is_read_as_far_as_the_guide_could_be_given_it() -> None:
    """Docent's own "How the guide checks what it says" is some 8,000 words: read whole for every question that found
    it, it cost more than the search; the excerpts give a long section cut to its start, `EXCERPT_TOKENS` at most."""
    from docent.schema.mode import CHARS_PER_TOKEN, EXCERPT_TOKENS
    from docent.sidecar.answer.excerpts import TOKENS

    long = Section("checking", "checking", "Checking", "The gate reads each sentence. " * 2_000)
    assert len(said(long, {}).body) == READ == EXCERPT_TOKENS * CHARS_PER_TOKEN and TOKENS == EXCERPT_TOKENS
    assert said(STATIC[1], PAGES).body == STATIC[1].text and said(STATIC[1], PAGES).title == "StaticFiles Static Files"



def test_a_question_whose_reading_fails_leaves_nothing_for_the_next() -> None:
    """The found sections go into a table of their own for each question: where a text cannot be bound (a lone
    surrogate) the table is emptied all the same, and the next question reads its own sections only. Before, the
    rows bound stayed and the next question read them as its own (an IndexError, or another question's places)."""
    import sqlite3
    import threading

    from docent.sidecar.answer.record_index import TOKENIZER
    from docent.sidecar.answer.record_index_order import Reader, Said

    reader = Reader(sqlite3.connect(":memory:"), threading.Lock(), TOKENIZER)
    good = [Said("Retries", "Retries", "A client retries a failed request three times."),
            Said("Waits", "Waits", "Retries wait one second between tries.")]
    with pytest.raises(UnicodeEncodeError):
        reader.places([*good, Said("Broken", "Broken", "retries \ud800")], ["retri"])
    assert reader.places(good[1:], ["retri"]) == [{"body": [(0, "retri")]}]


def _reads(monkeypatch: pytest.MonkeyPatch, index: RecordIndex) -> list[tuple[int, list[str]]]:
    """What the index's reader is handed for each question: how many sections, and which terms."""
    handed: list[tuple[int, list[str]]] = []
    reader = index._order._reader
    places = reader.places

    def spy(found: list[record_index_order.Said], terms: list[str]) -> list[dict[str, list[tuple[int, str]]]]:
        handed.append((len(found), list(terms)))
        return places(found, terms)

    monkeypatch.setattr(reader, "places", spy)
    return handed


def test_a_search_of_the_whole_record_puts_only_its_first_sections_in_order(monkeypatch: pytest.MonkeyPatch) -> None:
    """The embedded model searches the whole record in search mode (`limit` its size: OpenFaaS's 906 sections), within
    the sections the guide was given: every section found was read again for every question (160 ms a question on
    OpenFaaS's round-15 set). The first `ORDERED` are put in order; the rest keep BM25's order and scores."""
    from docent.sidecar.answer.record_index_order import ORDERED

    sections = [Section(f"s{i}", f"p{i}", f"Retries {i}", f"A client retries a failed request {i} times.")
                for i in range(ORDERED + 16)]
    index = RecordIndex(sections)
    handed = _reads(monkeypatch, index)
    found = index.search("how many times does the client retry a failed request?", limit=len(sections))
    assert len(found) == len(sections) and [n for n, _ in handed] == [ORDERED]
    assert [score for _, score in found] == sorted((score for _, score in found), reverse=True)


def test_a_long_question_is_read_for_its_rarest_terms(monkeypatch: pytest.MonkeyPatch) -> None:
    """A reader's long question (a pasted config, a traceback) has dozens of words: the found sections are read for its
    `MAX_TERMS` rarest, the common ones weighing next to nothing."""
    from docent.sidecar.answer.record_index_order import MAX_TERMS

    words = [f"word{chr(97 + i // 26)}{chr(97 + i % 26)}" for i in range(MAX_TERMS + 8)]
    sections = [Section(f"s{i}", f"p{i}", f"Part {i}", " ".join(words[: i + 2])) for i in range(len(words))]
    index = RecordIndex([*sections, *FILLER])
    handed = _reads(monkeypatch, index)
    index.search(" ".join(words), limit=8)
    (_, terms), = handed
    assert len(terms) == MAX_TERMS
    assert words[0] not in terms and words[-1] in terms  # in every section, it weighs least; in one, most


def test_a_section_found_again_is_not_spelt_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """A found section's text (up to `READ` characters) was spelt as the index spells it for every question that found
    it; it is spelt once, and its spelling kept."""
    spelt: list[str] = []

    def counted(section: Section, labels: dict[str, str]) -> record_index_order.Said:
        spelt.append(section.id)
        return said(section, labels)

    monkeypatch.setattr(record_index_order, "said", counted)
    index = RecordIndex([*FILLER, *STATIC], pages=PAGES)
    first = index.search("How do I serve index.html for a directory with StaticFiles?", limit=3)
    again = index.search("Does StaticFiles serve index.html in html mode?", limit=3)
    assert spelt and len(spelt) == len(set(spelt)), spelt
    assert {sid for sid, _ in first} & {sid for sid, _ in again}


# Starlette's Responses and Server Push pages (tests/data/sites/starlette), the question of
# starlette-questions-round4.json ("server-sent-events").
PUSHES = [
    Section('eventsourceresponse', 'responses', 'EventSourceResponse',
            'A response class that implements Server-Sent Events. It enables event streaming from the server to '
            'the client without the complexity of websockets.',
            ('Responses', 'Third party responses', 'EventSourceResponse')),
    Section('gzipmiddleware', 'middleware', 'GZipMiddleware',
            'Handles GZip responses for any request that includes "gzip" in the Accept-Encoding header. The '
            'middleware will handle both standard and streaming responses.\nBuffer on streaming responses: On '
            'streaming responses, the middleware will buffer the response before compressing it. The idea is that'
            " we don't want to compress every small chunk of data, as it would be inefficient. Instead, we buffer"
            ' the response until it reaches a certain size, and then compress it. This may cause a delay in the '
            'response, as the middleware waits for the buffer to fill up before compressing it.\nfrom '
            'starlette.applications import Starlette\nfrom starlette.middleware import Middleware\nfrom '
            'starlette.middleware.gzip import GZipMiddleware\n\n\nroutes = ...\n\nmiddleware = [\n    '
            'Middleware(GZipMiddleware, minimum_size=1000, compresslevel=9)\n]\n\napp = Starlette(routes=routes, '
            'middleware=middleware)\nThe following arguments are supported:\n- minimum_size - Do not GZip responses'
            ' that are smaller than this minimum size in bytes. Defaults to 500.\n- compresslevel - Used during '
            'GZip compression. It is an integer ranging from 1 to 9. Defaults to 9. Lower value results in faster'
            ' compression but larger file sizes, while higher value results in slower compression but smaller '
            "file sizes.\nThe middleware won't GZip responses that already have either a Content-Encoding set, to "
            'prevent them from being encoded twice, or a Content-Type set to text/event-stream, to avoid '
            'compressing server-sent events.',
            ('Middleware', 'GZipMiddleware')),
    Section('server-push', 'server-push', 'Server Push',
            'Starlette includes support for HTTP/2 and HTTP/3 server push, making it possible to push resources '
            'to the client to speed up page load times.',
            ('Server Push',)),
]


def test_the_best_sections_family_raise_does_not_decide_which_comes_first() -> None:
    """BM25 ranks Server Push first ("push" in its title, its page one section); the family raise
    (`record_index_rank.with_family`) lifts the best section's page, the best with it, so the order's reading (the
    response class says server-sent events and streaming in its first sentence) did not overtake it. The raise helps
    find the sections; their order is read without it."""
    index = RecordIndex(PUSHES, pages={"responses": "Responses", "server-push": "Server Push",
                                       "middleware": "Middleware"})
    question = "Is there a response class for server-sent events, to push a stream of events to the browser?"
    found = [sid for sid, _ in index.search(question, limit=3)]
    assert found[0] == "eventsourceresponse", found


def test_the_guides_8_are_chosen_from_the_first_12_and_a_long_section_is_not_chosen_in() -> None:
    """BM25's 10th says both of the question's words side by side, the 8th one of them: the 10th is given in its
    place. Over `LONG` characters, it is not: a long section says every word somewhere."""
    found = [(rowid, 1.0 - rowid / 100) for rowid in range(1, FIRST + CHOICE + 1)]
    places: list[dict[str, list[tuple[int, str]]]] = [{"body": [(0, "rare")]} for _ in found]
    places[FIRST - 1] = {"body": [(0, "common")]}
    places[9] = {"body": [(0, "rare"), (1, "common")]}
    weights = {"rare": 2.0, "common": 1.0}
    short = [100] * len(found)
    assert chosen(found, places, weights, {}, first=FIRST, lengths=short) == [*range(FIRST - 1), 9]
    long = [*short[:9], LONG + 1, *short[10:]]
    assert chosen(found, places, weights, {}, first=FIRST, lengths=long) == [*range(FIRST - 1), 8]  # the 9th instead
    assert chosen(found, places, {}, {}, first=FIRST, lengths=short) == list(range(FIRST))  # nothing to read: BM25's


def test_a_camel_case_name_is_read_by_its_parts_too() -> None:
    """Starlette's round-4 question "How do I mount GraphQLApp with my graphene schema?": the index reads the `GraphQL`
    its section says whole, so read as one word `GraphQLApp` it said nothing of the question and was chosen out of
    the 8 (BM25, asking the name's parts, ranked it 2nd). Its parts and their neighbours run together are read too."""
    words = asked("How do I mount GraphQLApp with my graphene schema?")
    assert {"graphqlapp", "graphql", "app", "mount", "graphene", "schema"} <= set(words)
    assert asked("max_poll_records of the consumer") == ["max", "poll", "records", "consumer"]  # as the index splits them


def test_a_camel_case_name_the_record_writes_whole_is_read_whole_and_no_part_under_three_letters() -> None:
    """review21b of 7972766: "PowerShell" was read as power and shell, "GitHub" as git, `OAuth2PasswordBearer` as "o",
    even where the record writes the name whole, so a section saying "power" or "git" alone said the question."""
    whole = {"powershell", "github"}
    words = asked("How do I install uv on Windows with PowerShell from GitHub?", lambda word: word in whole)
    assert {"powershell", "github"} <= set(words)
    assert not {"power", "shell", "git", "hub"} & set(words)
    assert {"power", "shell", "git", "hub"} <= set(asked("PowerShell from GitHub"))  # a record that lacks them
    assert "o" not in asked("OAuth2PasswordBearer") and "ql" not in asked("GraphQLApp")


def test_the_index_reads_a_name_whole_where_its_record_writes_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """The order asks the index's own vocabulary whether the record writes the camel-case name whole."""
    read: list[list[str]] = []
    real = record_index_order.asked

    def spy(text: str, holds: Callable[[str], bool] = lambda word: False) -> list[str]:
        read.append(real(text, holds))
        return read[-1]

    monkeypatch.setattr("docent.sidecar.answer.record_index.asked", spy)
    question = "How do I install uv on Windows with PowerShell?"
    install = Section("windows", "install", "Windows", "Run the installer in PowerShell: irm install.ps1 | iex")
    shell = Section("shells", "shells", "Shell completion", "Power users add completion to the shell's profile.")
    RecordIndex([*FILLER, install, shell]).given(question)
    assert "powershell" in read[-1] and not {"power", "shell"} & set(read[-1]), read[-1]
    RecordIndex([*FILLER, shell, Section("more", "more", "Shell", "Each shell starts the power tools.")]).given(question)
    assert {"power", "shell"} <= set(read[-1]), read[-1]  # no section writes it whole: its parts are read


def test_a_name_only_the_changelog_writes_whole_is_read_by_its_parts(monkeypatch: pytest.MonkeyPatch) -> None:
    """review22a of 3eee92f: a release note's line writing `GraphQLApp` made the record "write it whole", so the
    question asked no "graphql" and the docs' GraphQL section, which never writes the name, lost its words (Starlette's
    release notes write it in four sections). What the record sets aside (a changelog's sections, `_aside`) says only
    where the question asks what changed."""
    read: list[list[str]] = []
    real = record_index_order.asked

    def spy(text: str, holds: Callable[[str], bool] = lambda word: False) -> list[str]:
        read.append(real(text, holds))
        return read[-1]

    monkeypatch.setattr("docent.sidecar.answer.record_index.asked", spy)
    guide = Section("graphql", "graphql", "GraphQL", "Mount a GraphQL app with your schema: app.mount('/', GraphQL(schema)).")
    notes = Section("v012", "release-notes", "0.12.0", "Added the GraphQLApp executor_class argument.")
    RecordIndex([*FILLER, guide, notes]).given("How do I mount GraphQLApp with my schema?")
    assert {"graphqlapp", "graphql", "app"} <= set(read[-1]), read[-1]
    RecordIndex([*FILLER, guide, notes]).given("What changed for GraphQLApp in the release notes?")
    assert "graphqlapp" in read[-1] and "graphql" not in read[-1], read[-1]  # asked what changed: the notes say it
    docs = Section("mounting", "graphql", "Mounting", "GraphQLApp mounts a schema.")
    RecordIndex([*FILLER, guide, notes, docs]).given("How do I mount GraphQLApp with my schema?")
    assert "graphqlapp" in read[-1] and "graphql" not in read[-1], read[-1]  # the docs write it whole


def test_a_snake_case_name_is_read_as_one_name() -> None:
    """An environment variable or a setting with an underscore is a name, read as its runs together; a hyphen's, a
    dot's or an apostrophe's words alone are not (English's "built-in", code's `--no-dev` and `request.user`)."""
    assert record_index_order.names("ENABLE_FAIL2BAN=1 is set, and `response.status_code` is 302") == [
        ("enable", "fail2ban"), ("response", "status", "code")]
    assert record_index_order.names("uv sync --no-dev, request.user, a built-in: it isn't v1_2 or 10_000") == []


def test_a_section_that_says_the_name_says_more_than_one_that_says_its_words_apart() -> None:
    """docker-mailserver's question (round 14): `ENABLE_FAIL2BAN=1` is the environment variables' page's entry, where
    the Fail2ban page says "enable" and "fail2ban" apart; read as words, both said the name alike."""
    weights = {"enabl": 1.0, "fail2ban": 2.0, "enabl fail2ban": 4.0}
    phrases = {"enabl fail2ban": ("enabl", "fail2ban")}
    entry = {"body": [(10, "enabl"), (11, "fail2ban")]}
    apart = {"body": [(3, "fail2ban"), (20, "enabl")]}
    said = record_index_order.said_together(entry, phrases)
    assert sorted(said["body"]) == [(10, "enabl"), (10, "enabl fail2ban"), (11, "fail2ban")]
    assert record_index_order.said_together(apart, phrases) == apart
    assert record_index_order.gain(said, weights) > record_index_order.gain(apart, weights)


def test_the_search_reads_a_snake_case_name_as_a_phrase() -> None:
    """Through the index: the name's phrase is counted in the record and weighed by its rarity, and a name the record
    never says in that order gives no phrase."""
    sections = [*FILLER, Section("general", "env", "General", "ENABLE_FAIL2BAN: 1 starts the ban service."),
                Section("bans", "bans", "Bans", "Fail2ban bans a host. Enable it in the config.")]
    index = RecordIndex(sections)
    assert set(index._phrases("ENABLE_FAIL2BAN=1 and FAIL2BAN_ENABLE=1 are set")) == {"enabl fail2ban"}


MAILSERVER = [*FILLER, Section("general", "env", "General", "ENABLE_FAIL2BAN: 1 starts the ban service."),
              Section("clamav", "env", "ClamAV", "ENABLE_CLAMAV: 1 scans each mail for viruses."),
              Section("bans", "bans", "Bans", "Fail2ban bans a host. Enable it in the config.")]


def test_the_names_counts_are_forgotten_when_the_memory_is_full(monkeypatch: pytest.MonkeyPatch) -> None:
    """At most `MAX_PHRASES` names' counts are remembered: a new name past them empties the memory and is remembered
    alone, and a name forgotten is counted again, alike."""
    monkeypatch.setattr(record_index, "MAX_PHRASES", 2)
    index = RecordIndex(MAILSERVER)
    first = index._phrases("ENABLE_FAIL2BAN=1")
    assert first == {"enabl fail2ban": (("enabl", "fail2ban"), 1)}
    index._phrases("Is ENABLE_CLAMAV=1 set?")
    assert len(index._phrase_df) == 2
    index._phrases("fail2ban_enable=1")  # a third name, which the record never says in that order: counted 0
    assert index._phrase_df == {"fail2ban enabl": 0}
    assert index._phrases("ENABLE_FAIL2BAN=1") == first


class _Emptied(dict[str, int]):
    """A memory of the names' counts that another thread's question empties (`MAX_PHRASES` reached there) right after
    each count is stored: the interleaving a search meets when two questions are searched at once."""

    def __setitem__(self, key: str, value: int) -> None:
        super().__setitem__(key, value)
        self.clear()


def test_a_name_is_weighed_by_its_count_though_another_question_empties_the_memory() -> None:
    """A name's count is read where it was counted, never back from the memory: emptied between the two, the search
    still weighs the name (25cfbdf read it back, and a KeyError ended the question)."""
    question = "Where do I set ENABLE_FAIL2BAN=1 to ban a host?"
    index = RecordIndex(MAILSERVER)
    index._phrase_df = _Emptied()
    assert index._phrases(question) == {"enabl fail2ban": (("enabl", "fail2ban"), 1)}
    assert index.given(question) == RecordIndex(MAILSERVER).given(question)
    assert index.search(question) == RecordIndex(MAILSERVER).search(question)
