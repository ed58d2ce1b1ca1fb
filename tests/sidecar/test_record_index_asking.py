"""The record index reads a question as a docs reader writes it: "my proxy" is theirs and what it asks about, "how
often" asks for a figure, a name may be the start of the record's word, and a page's opening section is raised once
for its family."""

from __future__ import annotations

import pytest

from docent.sidecar.answer.clauses import MAX_ROWS, MAX_WORDS, QUERY_ROWS, question_sentences
from docent.sidecar.answer.record_index import RecordIndex
from docent.sidecar.answer.record_index_rank import FAMILY_WEIGHT, PAGE_WEIGHT, TITLE_SAID, with_title_said
from docent.sidecar.answer.words import chunks, stems

from .searching import Section

FILLER = [
    Section("install", "install", "Installation", "Install the package with pip and import the client."),
    Section("timeouts", "timeouts", "Timeouts", "Every request has a five second timeout by default."),
    Section("auth", "auth", "Authentication", "Pass a username and password to the client as a tuple."),
    Section("logging", "logging", "Logging", "The debug log names each connection a request used."),
]

# Three sections on proxies, one of them on another page: what a question about the reader's proxy should find.
PROXIES = [
    Section("proxies", "proxies", "Proxies", "Pass the proxy URL to the client to route all traffic through it."),
    Section("proxy-env", "environment", "Environment", "HTTPS_PROXY sets the proxy of every client."),
    Section("proxy-auth", "proxies", "Proxy credentials", "A proxy's password goes in its URL."),
]


def best(index: RecordIndex, text: str) -> str | None:
    hits = index.search(text, limit=1)
    return hits[0][0] if hits else None


def test_my_before_a_word_is_no_name_run_together() -> None:
    record = [
        *FILLER,
        *PROXIES,
        Section("proxy-socks", "proxies", "SOCKS", "A SOCKS proxy needs the socks extra installed."),
        Section("handshake", "troubleshooting", "Handshake timed out", "With mounts set to http://myproxy.org the "
                "handshake can time out; set the scheme to http."),
    ]
    index = RecordIndex(record)
    # "my proxy" run together is `myproxy`, the rarest word of the record: it outranked every section on proxies
    assert best(index, "My proxy runs at port 8080, how do I use it?") in {"proxies", "proxy-env", "proxy-auth", "proxy-socks"}
    # a name run together from words that are not determiners is still asked ("out of memory" -> outofmemory)
    record.append(Section("leak", "jvm", "The leak", "Every pod died with OutOfMemoryError after six hours."))
    index = RecordIndex(record)
    assert "outofmemory" in (index.query("out of memory error") or "")
    assert "myproxy" not in (index.query("my proxy") or "")


def test_how_often_asks_for_a_figure_not_for_the_word() -> None:
    record = [
        *FILLER,
        Section("outage", "cases", "Context", "The payment gateway restarted itself about every nine days."),
        Section("scope", "roles", "Scope", "I own the design of the payment gateway."),
        Section("move", "cases", "Migration", "The gateway moved to Kubernetes in three waves."),
        Section("reading", "lab", "How to read it", "With a leak, major collections come more and more often."),
    ]
    index = RecordIndex(record)
    # "often" is in one section, rarer than "gateway": BM25 alone ranked the lab's reading guide first
    assert best(index, "how often did the gateway fall over") in {"outage", "scope", "move"}
    assert best(index, "how long did the gateway take to move") == "move"
    # a question of the measure alone is still ranked by it
    assert best(index, "how often?") == "reading"
    # any other word after "how" is what the question asks about, not a figure: it ranks as every word does
    for question in ("how gateway restarted itself", "how collections are read", "how Kubernetes moved it"):
        assert index.queries(question)[1] is None, question


def test_a_word_the_record_lacks_finds_the_longer_word_it_starts() -> None:
    record = [
        *FILLER,
        Section("graphql", "graphql", "GraphQL", "Use a third-party library: Ariadne, starlette-graphene3 or "
                "Strawberry."),
        Section("schemas", "schemas", "Schemas", "The app generates an OpenAPI schema from your routes."),
        Section("schema-docs", "schemas", "Schema docs", "Each route's docstring goes into the schema."),
    ]
    index = RecordIndex(record)
    assert best(index, "Can I use graphene?") == "graphql"
    assert "graphene" in (index.query("graphene and strawberry") or "")
    assert best(index, "graphene and strawberry") == "graphql"
    # a word the record holds is asked as written, never as a start ("schema" does not ask for "schemas*")
    assert "*" not in (index.query("How do I document my schema?") or "")
    # a start the record writes with an English ending is a word in another form, not a name inside a longer one
    handlers = RecordIndex([*record, Section("hard", "cases", "Replays", "Every handler checks a table first.")])
    assert "*" not in (handlers.query("how many events a day did it handle?") or "")
    # the stemmer writes an ending's final y as i ("quickly" is `quickli`): "quick" is "quickly" in another form
    quickly = RecordIndex([*record, Section("fast", "cases", "Rollout", "Bookings reached invoicing quickly.")])
    assert "*" not in (quickly.query("is there a quick walkthrough?") or "")
    # nor is a start the stemmer cut short: "authority" (stemmed "author") would open "authorisation"
    cards = RecordIndex([*record, Section("cards", "roles", "Cards", "I own the authorisation path.")])
    assert "*" not in (cards.query("leadership without authority") or "")
    # a start that opens many sections says nothing: "changed" (stemmed "chang") in a site of changelogs
    logs = RecordIndex([Section(f"log-{n}", f"log-{n}", f"Service {n}", f"See the changelog of service {n}.")
                        for n in range(60)])
    assert "*" not in (logs.query("What changed in service 7?") or "")


def test_a_longer_word_is_found_on_the_question_that_fills_the_words_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    import docent.sidecar.answer.record_vocabulary as module

    record = [*FILLER, Section("graphql", "graphql", "GraphQL", "Use Ariadne, starlette-graphene3 or Strawberry.")]
    index = RecordIndex(record)
    monkeypatch.setattr(module, "MAX_KNOWN", 2)  # every question's words fill it: the memory starts again
    # the question's words are spelt again where a later count of the same question cleared the memory
    assert "graphene" in (index.query("Can I use graphene?") or "")
    assert best(index, "Can I use graphene?") == "graphql"


def test_a_section_under_no_h2_has_its_page_as_its_family_and_is_raised_once() -> None:
    record = [
        *FILLER,
        Section("proxies", "proxies", "Proxies", "Route traffic through a proxy with the proxy argument.",
                ("Proxies",)),
        Section("proxy-auth", "proxies", "Authentication", "Credentials go in the proxy URL's userinfo.",
                ("Proxies", "Authentication")),
    ]
    index = RecordIndex(record)
    found = dict(index.search("proxy argument"))
    # the best section is 1 before its family's share; its page and its family are one, added once
    assert found["proxies"] == round(1 + FAMILY_WEIGHT, 6), found


def test_the_readers_own_thing_outweighs_a_rarer_verb_beside_it() -> None:
    record = [
        *FILLER,
        *PROXIES,
        Section("asyncio", "async", "Asyncio", "The client runs on asyncio's event loop."),
    ]
    index = RecordIndex(record)
    # "runs" is in one section, "proxy" in three: BM25 alone ranked the async page first
    assert best(index, "My proxy runs at http://127.0.0.1:8080, how do I use it?") in {"proxies", "proxy-env",
                                                                                       "proxy-auth"}
    # a question of the verb alone is still ranked by it
    assert best(index, "what runs the client?") == "asyncio"


def test_a_pages_opening_section_is_of_the_family_of_each_of_its_h2s() -> None:
    record = [
        *FILLER,
        Section("proxies", "proxies", "Proxies", "HTTPX supports HTTP proxies on the client.", ("Proxies",)),
        Section("forward", "proxies", "Forward vs tunnel", "The proxy sends the request to the server for you.",
                ("Proxies", "Mechanisms", "Forward vs tunnel")),
        Section("socks", "proxies", "SOCKS", "Install the socks extra.", ("Proxies", "SOCKS")),
    ]
    found = dict(RecordIndex(record).search("send it to the server"))
    # "How do I send my requests through a proxy server?" is answered by the page's opening: it says what the page
    # is about, though not in the words of the section that matched best
    assert found["proxies"] == round(FAMILY_WEIGHT * found["forward"] / (1 + FAMILY_WEIGHT + PAGE_WEIGHT), 6), found
    assert found["socks"] < found["proxies"]


def test_my_question_is_no_thing_of_the_readers() -> None:
    record = [
        *FILLER,
        Section("pool", "limits", "Pool timeout", "The pool timeout waits for a free connection."),
        Section("support", "support", "Support", "Ask a question on the forum; a question there is answered."),
        *PROXIES,
    ]
    index = RecordIndex(record)
    # "my question" names the asking, not a thing of the reader's: asked twice, "question" outranked the timeouts
    assert best(index, "My question is about the timeout, how long is it?") in {"timeouts", "pool"}
    assert best(index, "my problem: the timeout is too short") in {"timeouts", "pool"}
    # the reader's own thing still counts double, and "question" elsewhere is still a word of the topic
    assert (index.query("my proxy") or "").count('"proxy"') == 2
    assert best(index, "where do I ask a question?") == "support"


def test_a_readers_word_for_what_the_docs_name_otherwise_asks_for_the_docs_word() -> None:
    record = [
        *FILLER,
        Section("venv-dir", "venv", "Where environments go", "The environment is made in a directory of the project."),
        Section("hooks-off", "hooks", "Switching hooks off", "Set hooks = false to disable every hook."),
    ]
    index = RecordIndex(record)
    # the record never says "folder" or "stop": without the docs' words these found nothing
    assert best(index, "which folder is it in?") == "venv-dir"
    assert best(index, "how do I stop the hooks from running?") == "hooks-off"
    # a record that says the reader's word is asked by it alone
    record.append(Section("folders", "folders", "Folders", "A folder of notes."))
    assert "directory" not in (RecordIndex(record).query("which folder is it in?") or "")


def test_a_question_that_says_several_words_of_a_title_raises_its_section() -> None:
    titles = [frozenset(stems(t)) for t in ("Specify another lock file to use", "Commit it",
                                           "Exclude specific packages and their dependencies from the lock file")]
    asked = stems("How do I keep a package and its dependencies out of the lock file entirely?")
    scores = with_title_said({1: 1.0, 2: 0.9, 3: 0.99}, titles, asked)
    # "packages", "dependencies", "lock", "file": four of the six words of the third title; two of the first's four
    assert scores[3] == pytest.approx(0.99 + TITLE_SAID * 4 / 6) and scores[1] == pytest.approx(1 + TITLE_SAID * 2 / 4)
    assert scores[3] > scores[1]
    assert scores[2] == 0.9  # no word of its title said
    # one word of a title said is BM25's title weight's to judge: no gain
    assert with_title_said({1: 0.5}, [frozenset(stems("Lock file"))], stems("where is the lock?")) == {1: 0.5}


def test_a_technology_the_record_rarely_names_is_not_asked_twice() -> None:
    # A visitor's own stack, named once in the docs' deployment notes, would outweigh the setting they ask about.
    docs = [
        Section("proxies", "deploy", "Proxies", "Behind a proxy, trust its forwarded headers with the forwarded-allow-ips "
                "setting, so that redirects keep the scheme the proxy was asked with."),
        Section("frameworks", "deploy", "Frameworks", "Run a Django or a Flask app the same way, behind nginx."),
        *[Section(f"nginx-{i}", f"nginx-{i}", f"Nginx {i}", "Nginx serves the static files.") for i in range(3)],
        *FILLER,
    ]
    lexicon = [{"term": "Flask", "aliases": []}, {"term": "Nginx", "aliases": []}]
    index = RecordIndex(docs, lexicon=lexicon)
    query = index.query("Flask behind nginx: redirects come back as http, which setting am I missing?") or ""
    assert query.count('"flask"') == 1  # in one section: BM25 weighs it heaviest already
    assert query.count('"nginx"') == 2  # in four: the site's subject, weighed lightly, so asked twice
    assert best_of(index, "Flask behind nginx: redirects come back as http, which setting am I missing?") == "proxies"


def best_of(index: RecordIndex, text: str) -> str | None:
    found = index.search(text, limit=1)
    return found[0][0] if found else None


def test_a_long_question_is_asked_sentence_by_sentence_too() -> None:
    """A reader's long question pastes what went wrong, then asks: one query reads only its first MAX_WORDS words, where
    the pasted error's rare words rank the log's section; its sentences, each asked too, find what it asks."""
    pasted = Section("errors", "errors", "Exceptions", "Tracebacks in the worker log: a KeyError, a ValueError or a "
                     "TimeoutError raised by the debug toolbar middleware.")
    answer = Section("extra-context", "serializers", "Including extra context", "Pass the request in the serializer's "
                     "context when you build the serializer yourself in a script.")
    index = RecordIndex([*FILLER, pasted, answer])
    asked = ("Traceback (most recent call last): a KeyError raised in the debug toolbar middleware, then a ValueError and "
             "a TimeoutError in the worker log, again and again on every single page of the admin today. Bug? How do I "
             "pass the request to a serializer I build myself in a script?")
    assert len(chunks(asked)) > MAX_WORDS
    assert question_sentences(asked) == [asked[:asked.index(" Bug?")], "How do I pass the request to a serializer I build myself "
                                "in a script?"]  # "Bug?" asks nothing of its own
    assert [id_ for id_, _ in index.search(asked, limit=2)] == ["errors", "extra-context"]
    assert question_sentences("How do I pass the request to a serializer? I build it myself in a script.") == []  # short


def test_a_query_reads_a_long_question_to_its_max_words_th_word_of_substance() -> None:
    """A reader's long question says what it asks last; its stop words are asked by no query, so they do not count
    toward MAX_WORDS: the ask after 32 written words is read (and found), and a word past the 32nd of substance is
    still not (the bound on a query's time stands)."""
    answer = Section("catch-all", "paths", "Path converters", "A path parameter may hold slashes: {path:value}.")
    index = RecordIndex([*FILLER, answer])
    context = ("I want it so that all of the requests that are sent to the one view that I have in the app are "
               "able to go to it, and I am not sure how to do it at all with what I have.")
    asked = f"{context} Is there a catch-all path parameter?"
    assert len(chunks(context)) > MAX_WORDS
    assert '"parameter"' in (index.queries(asked)[0] or "")
    assert best_of(index, asked) == "catch-all"
    many = " ".join(f"word{n}" for n in range(MAX_WORDS))
    assert '"parameter"' not in (index.queries(f"{many} parameter")[0] or "")


def test_a_long_questions_sentence_of_common_words_alone_ranks_nothing() -> None:
    """A sentence is asked only by words that score at most MAX_ROWS sections, its rarest too: "Nothing in our own
    code changed." on a record where every section says "code" would rank the whole record, and tell nothing. The
    whole question still asks the word, and its sentence that names the setting still finds its section."""
    pages = [Section(f"page-{n}", f"page-{n}", f"Component {n}", f"The code of component {n} moves data.")
             for n in range(MAX_ROWS + 1)]
    answer = Section("batching", "batching", "Batch size", "The code reads batch_size records in one pass.")
    index = RecordIndex([*pages, answer])
    asked = ("We run the nightly job on a big cluster and it has been slow for a week now, even though nobody touched "
             "anything. Nothing in our own code changed. Which setting decides how many records one pass reads, the "
             "batch size?")
    assert len(chunks(asked)) > MAX_WORDS
    assert index.queries("Nothing in our own code changed.")[0] == '"code"'
    assert index.queries("Nothing in our own code changed.", most=MAX_ROWS) == (None, None)
    assert index.search(asked, limit=1)[0][0] == "batching"


def test_a_word_the_site_says_on_many_pages_is_still_asked_past_the_storys_rarer_words() -> None:
    """The query asks the question's words from the rarest while the sections they score stay within QUERY_ROWS. At
    MAX_ROWS a story's rarer words ("nightly", "container", "suddenly") took the rows, and the words that name what is
    asked, which a docs site says on many pages ("help", "command": Typer's "show the help if no command is given"),
    were left out: the story's sections were given, and the answer not found."""
    story = ("nightly", "container", "deploy", "suddenly", "crashes")
    index = RecordIndex([
        Section("no-command", "commands", "Show the help if no command is passed",
                "Set no_args_is_help so that a bare start prints the help of the app's commands."),
        *(Section(f"command-{n}", f"command-{n}", f"Command {n}", f"The command {n} takes an argument; its help says "
                  "which.") for n in range(200)),
        *(Section(f"case-{word}-{n}", f"case-{word}-{n}", f"Case {n}", f"What {word} meant for team {n}.")
          for word in story for n in range(120)),
    ])
    asked = "The nightly container deploy suddenly crashes when no command is given. Can I get the help instead?"
    assert 4 * 120 <= MAX_ROWS < 5 * 120 + 2 * 201 <= QUERY_ROWS  # the story's words alone fill MAX_ROWS
    assert {'"help"', '"command"'} <= set((index.queries(asked)[0] or "").split(" OR "))
    assert index.given(asked)[0] == "no-command"


def test_an_http_status_written_as_its_number_asks_for_what_docs_call_it() -> None:
    """A reader writes "status_code is always 302" and "401 or 403"; docs write "redirects" and "Unauthorized and
    Forbidden responses". A number with no word of HTTP beside it ("100 items") is only a number."""
    record = [
        *FILLER,
        Section("redirects", "quickstart", "Redirection and history", "By default the client will not follow "
                "redirects. Pass follow_redirects=True to follow them; response.history lists each one."),
        Section("denied", "auth", "Unauthorized and forbidden responses", "A request with no credentials gets "
                "Unauthorized; credentials without the permission get Forbidden."),
        Section("status", "responses", "Response content", "Read response.text, or response.content as bytes."),
        Section("paging", "pages", "Pagination", "List up to 100 items a page, then ask for the next page."),
    ]
    index = RecordIndex(record)
    assert best(index, "my POST response.status_code is always 302, why?") == "redirects"
    assert best(index, "no credentials and the status is 403 not 401, why?") == "denied"
    assert '"redirect"' not in (index.query("can I list 301 items?") or "")


def test_a_verb_and_its_particle_ask_for_the_noun_they_make() -> None:
    """"The read operation timed out" is a `ReadTimeout`, which docs explain under "timeout"; "logging in" is a login.
    A form the record lacks ("readout" of "reading out") matches nothing and is dropped."""
    record = [
        *[s for s in FILLER if s.id != "timeouts"],
        Section("timeouts", "timeouts", "Timeouts", "Each request has a five second timeout; pass timeout=None to wait."),
        Section("stream", "guide", "Streaming", "Read the body in chunks as it arrives."),
        Section("login", "auth", "Session login", "After login, the session cookie carries the user."),
    ]
    index = RecordIndex(record)
    assert best(index, "My POST fails: the read operation timed out. Why?") == "timeouts"
    assert best(index, "Logging in works, then every POST loses the user") == "login"
    assert "readout" not in (index.query("reading out the user") or "")


def test_a_verbs_base_is_its_stem() -> None:
    """The verb's base is `words.stem`'s, not a guess of cut letters: "carried over" -> carryover, as "timed out" ->
    timeout and "logging in" -> login."""
    from docent.sidecar.answer.record_forms import phrasal
    from docent.sidecar.answer.words import chunks

    def asked(text: str) -> set[str]:
        return {c.sql.strip('"') for c in phrasal(chunks(text))}

    assert {"timeout"} <= asked("it timed out") and {"login"} <= asked("logging in")
    assert {"carryover"} <= asked("my settings carried over") and {"rollback"} <= asked("it rolled back")
    assert asked("I went out") == set()


def test_a_locale_is_not_local() -> None:
    """Porter stems "locale" and "localization" to "local": a question of a site's locale found the sections on a
    local server first. The index spells a locale's words as one token of their own (`record_forms.unconflated`)."""
    record = [
        *FILLER,
        Section("serve", "dev", "Local development", "Run a local server on your local machine: local files and local "
                "changes reload at once."),
        Section("i18n", "theme", "Translations", "Set the locale of the theme to translate its labels; localization "
                "covers dates too."),
    ]
    index = RecordIndex(record)
    assert best(index, "which locale?") == "i18n"
    assert best(index, "localisation") == "i18n"
    assert best(index, "how do I run a local server?") == "serve"
