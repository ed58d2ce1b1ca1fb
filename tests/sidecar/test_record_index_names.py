"""The record index reads the names a docs reader writes: a section's title named whole, in order, raises it (an API
reference's `HiddenField`, "the unique together validator"), and the site's own name ("DRF") asks for nothing, since
every page is about it."""

from __future__ import annotations

import pytest

from docent.sidecar.answer import record_index_rank
from docent.sidecar.answer.clauses import code_heads
from docent.sidecar.answer.record_index import RecordIndex
from docent.sidecar.answer.record_index_rank import calls, named_runs, title_key, title_keys

from .searching import Section

# Short guide sections on the question's ordinary words, naming the API in passing: BM25 ranks each over the long
# reference that documents it.
GUIDE = [Section(f"guide-{i}", "guide", f"Guide {word}", f"The {word} of the request sets the owner of the user, "
                 f"as a {('HiddenField', 'UniqueTogetherValidator', 'form')[i % 3]} does.")
         for i, word in enumerate("client setup default value input field model view".split())]
REFERENCE = Section("hiddenfield", "fields", "HiddenField", "A field class that does not take a value based on input "
                    "and takes its value from its default instead. " + "Fields validate data. " * 40)
VALIDATOR = Section("unique-together", "validators", "UniqueTogetherValidator", "Imposes unique constraints on "
                    "model instances across several fields. " + "Validators check data. " * 40)


def ids(index: RecordIndex, text: str, limit: int = 8) -> list[str]:
    return [sid for sid, _ in index.search(text, limit=limit)]


def test_a_title_is_named_whole_as_readers_write_it() -> None:
    assert title_key("HiddenField") == title_key("Hidden fields") != ""
    assert title_key("The bank") == ""  # one word of substance: BM25's title weight judges it
    runs = named_runs("I tried serializers.HiddenField(default=x); and the unique together validator?")
    assert title_key("HiddenField") in runs and title_key("UniqueTogetherValidator") in runs
    assert title_key("Limitations of validators") in named_runs("what are the limitations of the validators?")
    assert title_key("Unique validators") not in named_runs("validators are unique")  # in order only


def test_a_section_whose_title_the_question_names_is_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    index = RecordIndex([*GUIDE, REFERENCE, VALIDATOR])
    said = "Why does the unique together validator make my model's field required, with a default value of input?"
    raised, share = dict(index.search(said, limit=3)), record_index_rank.TITLE_NAMED
    monkeypatch.setattr(record_index_rank, "TITLE_NAMED", 0.0)
    plain = dict(index.search(said, limit=3))
    assert list(plain)[0] == list(raised)[0] == "hiddenfield"  # BM25's best: the reference saying "field", "default"
    assert raised["hiddenfield"] == plain["hiddenfield"]  # the best keeps its score, and its margin over the rest
    gain = raised["unique-together"] - plain["unique-together"]
    assert gain == pytest.approx(share * (1 - plain["unique-together"]), abs=1e-5)


def test_the_sites_own_name_is_asked_apart() -> None:
    # The question's words are in every guide section; the name is in two third-party packages' sections only.
    guide = [Section(f"topic-{i}", "guide", f"Topic {word}", f"A nested serializer can fix the query of each row of "
                     f"the {word}.") for i, word in enumerate("client setup default value input field model".split())]
    record = [Section("drf-filters", "packages", "drf-url-filters", "A package of URL filters for DRF views."),
              Section("drf-paging", "packages", "drf-proxy-pagination", "Proxy pagination for DRF."),
              Section("queries", "performance", "Avoiding extra queries", "One query per row is the classic mistake "
                      "of a nested serializer: fix it with select_related."),
              *guide]
    named = RecordIndex(record, site_name="Django REST framework")
    plain = RecordIndex(record)
    asked = "my nested serializer fires one query per row in DRF, how do I fix it?"
    assert ids(plain, asked, limit=1) != ["queries"]  # BM25 alone: the rare "drf" outweighs the question's words
    assert ids(named, asked, limit=1) == ["queries"]
    assert "drf" not in (named.query(asked) or "")  # nor asked apart: sections saying it gain nothing
    assert set(ids(named, "what is DRF?", limit=3)) == {"drf-filters", "drf-paging"}  # asked of nothing else: the name
    assert ids(RecordIndex(record, site_name="MkDocs"), asked, limit=1) != ["queries"]  # another site's name counts


def test_an_address_scheme_before_a_host_asks_nothing() -> None:
    """"http" of the visitor's own address would raise every section that says "HTTPS_PROXY" (stemmed "http")."""
    index = RecordIndex([Section("proxy-env", "environment", "Environment", "HTTPS_PROXY sets the client's proxy."),
                         Section("local", "transports", "Local servers", "Connect to http://localhost:8080 or https.")])
    assert index.queries("my proxy is at http://localhost:8080, how do I use it?")[1] == '"8080" OR "localhost"'


def test_a_scheme_with_no_host_is_what_the_question_asks() -> None:
    """"file:// browsing" names a way of opening pages, no server of the visitor's: its "file" counts as a word of the
    question, so the section on opening the built files from disk ranks over those on pages, links and settings (a
    scheme before a host still asks nothing, above); the path after "file://" is still the visitor's own."""
    pages = [Section(f"p{i}", "guide", title, f"Open the {words} of each page in the nav; click a link for its "
                     "folder listing and settings.")
             for i, (title, words) in enumerate([("Pages", "index page"), ("Nav", "nav link"), ("Links", "link")])]
    local = Section("local", "deploying", "Local Files", "Distribute the files directly, viewed in a browser with the "
                    "file scheme: some settings must be customized. A file opened from disk at home lists its folder.")
    index = RecordIndex([*pages, local])
    asked = "I open site/index.html and click a nav link to a page: a folder listing. What settings for file:// browsing?"
    assert index.search(asked, limit=1)[0][0] == "local"
    assert index.queries("open file:///home/me/site in a browser")[0] == '"browser" OR "file" OR "open"'  # no "home"
    redirects = RecordIndex([Section("proxies", "deploying", "Proxies", "Redirects to http behind a TLS proxy.")])
    assert redirects.queries("why do redirects say http:// and not https://?") == ('"http" OR "redirects"', None)


def test_a_name_written_as_code_called_names_the_title_that_writes_it() -> None:
    assert calls("The `.create()` method, request.url_for() and Pandas (CSV)") == {"()create", "()url_for"}
    assert title_keys("Writing .create() methods") == (title_key("Writing .create() methods"), "()create")
    assert "()create" in named_runs("my .create() fails") and "()create" not in named_runs("create a user")


def test_a_narrower_name_of_a_named_technology_counts_once_unless_written() -> None:
    """The lexicon's "HTTP" has the alias "HTTP/1.1", and "Python" "CPython": a question saying "http" asks for it, but
    not twice as what it names, since a client's docs write that version in their logs (`http11.send_request_headers`),
    and doubled it ranked the tracing sections over the proxies' on every question that said "http"."""
    lexicon = [{"term": "HTTP", "aliases": ["HTTP/1.1"]}, {"term": "Python", "aliases": ["CPython"]}]
    logs = [Section(name, "extensions", name.title(), f"Install a callback to {name} the transport: "
                    "http11.send_request_headers started, http11.receive_response_headers complete.")
            for name in ("trace", "log", "target")]
    index = RecordIndex([
        *logs,
        Section("proxies", "advanced", "HTTP proxies", "Route http and https through a proxy with the proxy argument; "
                "mounts choose a proxy for each scheme. " + "Proxies are set on the client. " * 4),
        *[Section(f"page-{i}", "guide", f"Page {i}", f"HTTP requests and responses from Python, part {i}.")
          for i in range(6)],
        *[Section(f"build-{i}", "builds", f"Build {i}", "CPython builds.") for i in range(3)],
    ], lexicon=lexicon)
    asked = "I need one proxy for http and a different one for https, what is the replacement?"
    words, apart = index.queries(asked)  # asked apart, at a quarter, as a question's framing is
    assert '"http11"' not in (words or "") and '"http11"' in (apart or "")
    assert ids(index, asked, limit=1) == ["proxies"]
    assert ids(index, "Can I use a socks proxy with http?", limit=1) == ["proxies"]
    assert (index.query("why is the trace HTTP/1.1 and not HTTP/2?") or "").count('"http11"') == 2  # written: named
    words, apart = index.queries("which python do I get?")
    assert '"cpython"' not in (words or "") and '"cpython"' in (apart or "")
    assert (index.query("is it CPython?") or "").count('"cpython"') > 1


def test_a_plural_or_another_alias_is_no_narrower_name() -> None:
    """"WebSockets" is the plural of "WebSocket", not a kind of it (Starlette's `from starlette.websockets import`); a
    question that names 3-D Secure as "3DS" writes no term that "3-D Secure 2" narrows."""
    lexicon = [{"term": "WebSocket", "aliases": ["WebSockets"]},
               {"term": "3-D Secure", "aliases": ["3DS", "3-D Secure 2"]}]
    index = RecordIndex([Section("deny", "ws", "Deny", "from starlette.websockets import WebSocket"),
                         Section("cards", "pay", "Cards", "We moved to 3-D Secure 2.")], lexicon=lexicon)
    words, apart = index.queries("How do I reject a websocket before accepting it?")
    assert '"websockets"' in (words or "") and apart is None
    words, apart = index.queries("What did she do on 3DS?")
    assert 'AND "2")' in (words or "") and apart is None


def test_a_name_written_as_code_that_the_record_lacks_asks_for_what_it_is() -> None:
    """`httpx.ReadTimeout` is one phrase of parts, and a record that never writes it matched the question's other words
    ("read", "operation", "post"): its last part says what it is, past an exception's kind ("ProxyError" -> proxy)."""
    heads = code_heads("httpx.ReadTimeout, httpx.ProxyError and source_address=x")
    assert {key: head for key, (head, _) in heads.items()} == {
        ("httpx", "read", "timeout"): "timeout", ("httpx", "proxy", "error"): "proxy", ("source", "address"): "address"}
    assert code_heads("tail-based sampling, a fine-tuned model") == {}  # words of English, not code
    record = [
        Section("timeouts", "advanced", "Timeouts", "HTTPX enforces timeouts everywhere: a TimeoutException after "
                "five seconds of network inactivity."),
        *[Section(f"read-{i}", "guide", f"Reading {i}", f"Read the operation's response, post it, and wait: part {i}.")
          for i in range(6)],
    ]
    index = RecordIndex(record)
    asked = "My POST fails with `httpx.ReadTimeout: The read operation timed out`. How do I wait longer?"
    assert ids(index, asked, limit=1) == ["timeouts"]
    said = RecordIndex([*record, Section("errors", "exceptions", "Exceptions", "httpx.ReadTimeout is raised.")])
    written = "My POST fails with `httpx.ReadTimeout`. How do I wait longer?"  # no "timed out" (`record_forms.phrasal`)
    assert '"timeout"' not in (said.queries(written)[0] or "")  # a name the record writes is asked as it is


# A long question that pastes its set-up and its error, then asks what the error means: the set-up's words are said by
# many sections, two each, and the title's by many notes, so BM25's rows for a search for 8 end before the one section
# titled by the question's own words, which the order reads as saying the question's rarer words in its title.
PASTED = ("I'm installing the proxy for the first time with docker compose, a proxy.yml with log, entrypoints web and "
          "websecure and certificate resolvers, and it won't start: `proxy error: field not found, node: production`. "
          "What does this error mean?")
PARTS = ["docker compose", "a proxy.yml file", "the log", "entrypoints web and websecure", "certificate resolvers",
         "production", "each node", "installing it the first time", "start"]
SETUPS = [Section(f"setup-{i}", f"setup-{i}", f"Set-up {i}", f"Use {PARTS[(i * 2) % 9]} and {PARTS[(i * 3 + 1) % 9]} "
                  "with the proxy.") for i in range(60)]
NOTES = [Section(f"note-{i}", "notes", f"Note {i}", f"Each error found in a field means a line {i} to read.")
         for i in range(40)]
OTHER = [Section(f"other-{i}", "other", f"Other {i}", f"Sunny weather {i} in the hills.") for i in range(500)]
FAQ = Section("field-not-found", "faq", 'What does the "field not found" error mean?', "The static configuration has a "
              "key this version does not read: an option of an older release, or one misspelt. Remove or rename it.")


def test_a_section_whose_title_the_question_says_whole_is_scored_past_bm25s_rows(
        monkeypatch: pytest.MonkeyPatch) -> None:
    index = RecordIndex([*SETUPS, *NOTES, *OTHER, FAQ])
    assert "field-not-found" in index.given(PASTED)
    monkeypatch.setattr("docent.sidecar.answer.record_index.titled", lambda *args: set())
    assert "field-not-found" not in index.given(PASTED)  # BM25's rows alone: the raise never reads it


def test_a_title_is_said_whole_or_brings_nothing() -> None:
    titles = [frozenset({"field", "find", "error", "mean"}), frozenset({"error"}), frozenset({"field", "type"}),
              frozenset({"configur", "option"})]
    by_word: dict[str, list[int]] = {}
    for rowid, title in enumerate(titles, start=1):
        for word in title:
            by_word.setdefault(word, []).append(rowid)
    for word in ("configur", "option"):  # words of many titles
        by_word[word] += list(range(100, 100 + record_index_rank.TITLED_MAX))
    asked = {"field", "find", "error", "mean", "node", "configur", "option"}
    assert record_index_rank.titled(asked, by_word, titles) == {1}  # not one word, not "field type", not common words
