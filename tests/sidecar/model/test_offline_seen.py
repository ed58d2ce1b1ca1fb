"""The offline model on documentation, reading what the reader saw or set apart from what they ask: their values and
pasted messages are no names the record must write; what they ask about still is. Pages open only when asked, and a
refused call never leaves an answer of nothing."""

from __future__ import annotations

import pytest

from docent.schema import Block, Manifest, Page
from docent.schema import RecordSection as Section
from docent.sidecar.answer.words import stem
from docent.sidecar.model.port import ModelRequest, TextDelta, ToolCall
from docent.sidecar.offline import OfflineModel
from docent.sidecar.offline.heads import heads_of
from docent.sidecar.offline.seen import values
from docent.sidecar.offline.weighing import Weighed

from .streams import collect

DOCS = Manifest(site_name="Toolkit", kind="docs", pages=(Page("settings", "Settings", "/settings/"),
                                                        Page("guide", "Guide", "/guide/")))


def _section(id: str, page: str, heading: str, *texts: str) -> Section:
    return Section.of(id, page=page, path=f"/{page}/#{id}", headings=(page.title(), heading),
                      blocks=tuple(Block("paragraph", t) for t in texts))


PORT = _section("port", "settings", "Socket binding",
                "--port <int> - Bind to a socket with this port. Default: 8000.",
                "A setting such as UVICORN_PORT given in an env file cannot be read from within it.")
PING = _section("ping", "settings", "Implementation",
                "--ws-ping-interval <float> - Send a ping to websocket clients at this interval. Default: 20.0.",
                "--ws-ping-timeout <float> - Close the connection when a ping is not answered in time. Default: 20.0.")
LIMITS = _section("limits", "settings", "Resource limits",
                  "--limit-max-requests <int> - Maximum number of requests to service before terminating the process.")


def _weighed(question: str) -> Weighed:
    model = OfflineModel.of({s.id: s for s in (PORT, PING, LIMITS)}, manifest=DOCS)
    source = model.source()
    return Weighed.of(question, model.vocabulary(source), model._lexicon(source), source.manifest)


@pytest.mark.parametrize(("question", "theirs", "asked"), [
    ("I put UVICORN_PORT=8081 in .env but it still binds 8000. bug?", {"8081"}, {"8000"}),
    ("I set --limit-max-requests 1000 and after 1000 requests it exits", {"1000"}, {"limit"}),
    ("hatch publish fails with '401 User has two factor auth enabled'. How do I give it my token?", {"401"}, {"token"}),
    ("My code lives in src/package_name, what do I set?", {"package_name"}, {"src"}),
    ("how do I cancel a handler so the client gets a 504?", set(), {"504"}),
])
def test_what_the_reader_set_or_saw_is_told_apart_from_what_they_ask(question: str, theirs: set[str],
                                                                      asked: set[str]) -> None:
    found = values(question)
    assert theirs <= found and not asked & found, found


def test_the_readers_values_and_situation_are_no_names_the_record_lacks_but_what_they_ask_about_is() -> None:
    for question in ("I put UVICORN_PORT=8081 in my env file but it still binds 8000. bug?",
                     "I set --limit-max-requests 1000 but after 1000 requests the server exits. Why?",
                     "clients behind traefik keep getting dropped. what are the ping defaults?"):
        asked = _weighed(question)
        assert not asked.lacking, (question, asked.alts)
        assert "traefik" not in asked.weight
    # the same names asked about: the record does not say
    for question in ("Does the server answer with a 504 when a handler is too slow?",
                     "Does the server run behind Traefik?",
                     "Which flag sets max_body_size?"):
        assert _weighed(question).lacking, question


def test_an_adverb_or_a_generic_plural_after_what_or_which_asks_for_nothing() -> None:
    assert heads_of("what exactly is uvicorn checking here?") == set()
    assert heads_of("what are the ping defaults and which flags change them?") == set()
    assert heads_of("which city did she move to?") == {stem("city")}


async def _reply(model: OfflineModel, messages: list[dict[str, object]], tools: list[dict[str, object]]) -> tuple[
        str, list[ToolCall]]:
    request = ModelRequest(system=[{"type": "text", "text": "rules"}], tools=tools, messages=messages)
    events, exc = await collect(model.stream(request))
    assert exc is None
    return "".join(e.text for e in events if isinstance(e, TextDelta)), [e for e in events if isinstance(e, ToolCall)]


SHOW_PAGE = [{"name": "show_page", "input_schema": {"properties": {"id": {"enum": ["settings", "guide"]}}}}]


def _asking(question: str) -> dict[str, object]:
    return {"role": "user", "content": [{"type": "text", "text": f"<question>{question}</question>"}]}


@pytest.mark.parametrize(("question", "opens"), [
    ("Can the server show my own 404.html page for a missing file?", False),
    ("How do I build a link with ?page=2 to the ping settings?", False),
    ("My requests to /ping go to the wrong handler. How are pings sent?", False),
    ("Take me to the guide page.", True),
])
@pytest.mark.anyio
async def test_on_documentation_a_page_is_opened_only_when_asked(question: str, opens: bool) -> None:
    model = OfflineModel.of({s.id: s for s in (PORT, PING, LIMITS)}, manifest=DOCS)
    _, calls = await _reply(model, [_asking(question)], SHOW_PAGE)
    assert bool([c for c in calls if c.name == "show_page"]) is opens, calls


@pytest.mark.parametrize("question", ["Take me to the settings page.", "Where are the settings documented?"])
@pytest.mark.anyio
async def test_a_request_word_written_as_a_noun_names_the_page(question: str) -> None:
    """"settings" stems to "set", a word of asking ("set it up"); written as a noun it names the Settings page."""
    model = OfflineModel.of({s.id: s for s in (PORT, PING, LIMITS)}, manifest=DOCS)
    said, calls = await _reply(model, [_asking(question)], SHOW_PAGE)
    assert [(c.name, c.input) for c in calls] == [("show_page", {"id": "settings"})], calls
    assert "[[port]]" in said or "[[limits]]" in said or "[[ping]]" in said, said


@pytest.mark.anyio
async def test_a_refused_call_after_saying_nothing_is_followed_by_the_answer_or_a_refusal() -> None:
    model = OfflineModel.of({s.id: s for s in (PORT, PING, LIMITS)}, manifest=DOCS)
    called = {"role": "assistant", "content": [{"type": "tool_use", "id": "t1", "name": "show_page",
                                                "input": {"id": "settings"}}]}

    def result(error: bool) -> dict[str, object]:
        block: dict[str, object] = {"type": "tool_result", "tool_use_id": "t1", "content": "not allowed"}
        return {"role": "user", "content": [block | ({"is_error": True} if error else {})]}

    asked = _asking("What is the default ping interval for websocket clients?")
    said, _ = await _reply(model, [asked, called, result(True)], SHOW_PAGE)
    assert "--ws-ping-interval" in said and "[[ping]]" in said, said
    said, _ = await _reply(model, [_asking("Does it speak HTTP/3?"), called, result(True)], SHOW_PAGE)
    assert said == "[[none]]"
    # the call went through: nothing more to say
    assert (await _reply(model, [asked, called, result(False)], SHOW_PAGE))[0] == ""


def test_a_name_written_with_markdowns_marks_is_told_as_code() -> None:
    from docent.sidecar.offline.voice import Voice

    voice = Voice.of(DOCS)
    assert voice.tell("As a fallback the value __token__ is applied.") == "As a fallback the value `__token__` is applied."
    assert voice.tell("Edit __init__.py and pass *args.") == "Edit `__init__.py` and pass `*args`."
    assert voice.tell("Multiply a * b, or raise 2**3, in `__main__`.") == "Multiply a * b, or raise 2**3, in `__main__`."



def test_a_word_of_the_record_that_none_of_the_best_sections_holds_is_the_readers_phrasing() -> None:
    from docent.sidecar.offline.model import _answerable

    faq = _section("faq", "guide", "Questions", "Is it possible that an editor expects a plain place, as people put it?")
    model = OfflineModel.of({s.id: s for s in (PORT, PING, LIMITS, faq)}, manifest=DOCS)
    source = model.source()
    vocabulary = model.vocabulary(source)

    def answerable(question: str) -> bool:
        asked = Weighed.of(question, vocabulary, model._lexicon(source), source.manifest)
        return _answerable(asked, [(1.0, PORT)], vocabulary, None)  # the search found the port's section alone

    # the situation's "possible", "put", "editor", "expects", "plain" are the record's words, not the section found's
    assert answerable("My editor expects a plain place, if possible, as people put it. Which port does it bind?")
    # what is asked, the section found does not say; nor does a question of one sentence lose its words
    assert not answerable("My editor expects it somewhere plain, if possible. Which ping interval does it use?")
    assert not answerable("Is it possible to put the port my editor expects somewhere plain?")


def test_a_version_written_bare_that_the_record_never_writes_is_a_fact_it_lacks() -> None:
    assert _weighed("what is the minimum version? can I still run it on 3.8?").lacking
    assert not _weighed("Is the default ping interval still 20.0?").lacking
    assert not _weighed("I set --ws-ping-interval 2.5 and clients drop. What is the ping timeout?").lacking  # theirs


def test_a_code_name_the_record_writes_in_another_spelling_is_one_it_has() -> None:
    from docent.sidecar.offline.written import code_names

    said = "put your questions in copier.yml. the _skip_if_exists setting, or --vcs-ref."
    assert code_names("Can copier.yaml hold the questions?", said) == ({"copier.yaml"}, set())
    assert code_names("What does skip-if-exists do? And --vcs_ref?", said)[1] == set()
    # a flag whose option the record's code takes by its name, as an argument or a setting
    assert code_names("What does --data do?", "", code="run_copy(src, dst, data={})") == ({"--data"}, set())
    assert code_names("What does --data do?", "", code="load the data first") == (set(), {"--data"})
    # a name it writes in none of them is still one it lacks
    assert code_names("Can config.toml hold the questions?", said) == (set(), {"config.toml"})


def test_documentations_rare_first_person_is_its_authors_never_the_documentations() -> None:
    from docent.sidecar.offline.voice import Voice

    voice = Voice.of(DOCS)
    assert voice.tell("It works, at least on my machine.") == "It works, at least on the author's machine."
    assert voice.tell("I tried it and my tests passed.") == "The author tried it and their tests passed."
    assert voice.tell("We recommend pinning it.") == "We recommend pinning it."  # the project's own voice
    assert not voice.acts("Can you show me the")  # "the" of "the author" is no subject


def test_what_is_quoted_or_code_is_never_the_author_speaking() -> None:
    """Docent's own docs: the guide said 'How do the author gets just the path?' of a reader's quoted question."""
    from docent.sidecar.offline.voice import Voice

    voice = Voice.of(DOCS)
    quoting = 'A question that tells its situation ("url_for returns a full URL. How do I get just the path?") is answered.'
    assert voice.tell(quoting) == quoting
    assert voice.tell("Readers ask 'how do I get the path?' and I answer it.") == (
        "Readers ask 'how do I get the path?' and the author answers it."
    )
    assert voice.tell("“Do I need it?” I asked.") == "“Do I need it?” the author asked."
    assert voice.tell("Run `I do` then I rest.") == "Run `I do` then the author rests."
    assert voice.tell("I recommend pinning it; I'm sure the author's own 'I' is fine.") == (
        "The author recommends pinning it; they are sure the author's own 'I' is fine."
    )


def test_a_questions_auxiliary_agrees_with_the_subject_and_its_verb_stays_bare() -> None:
    from docent.sidecar.offline.voice import Voice

    voice, owner = Voice.of(DOCS), Voice("Mara", "she")
    assert voice.tell("How do I get just the path?") == "How does the author get just the path?"
    assert voice.tell("Can I use it here?") == "Can the author use it here?"
    assert owner.tell("Am I right? Don't I know it?") == "Is Mara right? Doesn't she know it?"
    assert Voice("Sam", "they").tell("Am I right? Was I?") == "Is Sam right? Were they?"


def test_a_quoted_first_person_the_gate_would_hold_is_left_out_but_a_quoted_name_of_the_site_is_said() -> None:
    from docent.sidecar.offline.voice import Voice

    voice = Voice.of(DOCS, titles=["How I work"])
    assert voice.sayable('It is answered ("How do I get just the path?") for what it asks.') == (
        "It is answered for what it asks."
    )
    assert voice.sayable('Readers ask "can I pin it?" often.') is None
    assert voice.sayable('See "How I work" (or "How I work") first.') == 'See "How I work" (or "How I work") first.'
    assert voice.sayable("Run `I do` as written.") == "Run `I do` as written."


def test_versions_only_the_readers_situation_tells_are_theirs_unless_the_ask_asks_after_releases() -> None:
    # the reader's upgrade, told before the ask, is their history: the record need not write those versions
    assert not _weighed("Just upgraded from 7.2 to 8.1 and it fails to bind. Which port does it bind?").lacking
    # the same versions asked about are versions the record lacks
    assert _weighed("Does it still bind port 8000 on 7.2?").versions == {"7.2"}
    # asked after releases ("which version fixes it?"), the releases the reader tells are what is asked, written whole
    asked = _weighed("It worked in 1.4.3 but broke in 1.4.4. Is this a known regression, and which version fixes it?")
    assert asked.versions == {"1.4.3", "1.4.4"}
    # a release written whole where no release is asked after is the reader's own install
    assert not _weighed("My server 1.4.4 drops clients. What is the ping timeout?").lacking


def test_code_of_another_tool_named_in_lower_case_is_theirs_and_a_query_string_is_the_readers() -> None:
    from docent.sidecar.offline.written import code_names

    assert code_names("Can I pick a folder, like cookiecutter's --directory option?", "") == (set(), set())
    assert code_names("Can I pick a folder with --directory?", "") == (set(), {"--directory"})
    assert code_names("I want query params like ?name=...&category_id=...&price__lt=... How?", "") == (set(), set())
    assert code_names("What does category_id do?", "") == (set(), {"category_id"})


def test_what_the_reader_would_do_otherwise_and_their_latin_are_no_words_of_the_ask() -> None:
    asked = _weighed("I must limit requests, e.g. once every 10 seconds. Is there a max, or do I write it with redis?")
    assert not {"e", "g"} & asked.weight.keys() and "redis" in asked.context and not asked.lacking
    assert "instead" not in _weighed("Can it bind the port instead?").weight
    # a "which" after a comma tells of the reader's case; it asks for nothing the answer must say
    assert heads_of("It trims the newline, which breaks my files. Does it keep them?") == set()
    assert heads_of("Which port does it bind?") == {stem("port")}



def test_a_segment_of_the_readers_path_or_address_is_no_version_the_record_lacks() -> None:
    from docent.sidecar.offline.versions import versions_missing

    said = "the client speaks http/1.1 and http/2. set a timeout on the client."
    for question in ("My routes are under /api/v1/users. How do I set a timeout?",
                     "I call `http://10.0.0.5:8080/nnrf-nfm/v1/nf-instances/` and it hangs. How do I set a timeout?"):
        assert versions_missing(question, said) == frozenset(), question
    # a version written as a name's is asked about, and the record lacks it
    assert versions_missing("Does the client support HTTP/3?", said) == {"HTTP/3"}
    assert versions_missing("Is there an api/v2 of the client?", said) == {"api/v2"}
