"""The offline model answers from a small record in the third person, with citations, or with [[none]]."""

from __future__ import annotations

import re

import pytest

from docent.schema import Manifest, Owner, Tour
from docent.schema import RecordSection as Section
from docent.sidecar.model.port import ModelRequest, Stop, TextDelta, ToolCall, Usage
from docent.sidecar.offline import Loaded, OfflineModel

from .streams import collect

RECORD = {
    s.id: s
    for s in (
        Section("roles-acme", "roles", "Acme", "I led the platform team of six at Acme. We moved the payment events to Kafka in 2021. The team ran on-call in turns.", "/roles/#roles-acme"),
        Section("how-i-work", "home", "How I work", "I review code and mentor mid-level engineers. Design notes come before large changes.", "/#how-i-work"),
        Section("lab-leak", "lab", "The memory leak lab", "The lab reproduces a slow memory leak in the old generation. A chart shows heap use over time.", "/lab/#lab-leak"),
        Section("cases-3ds", "cases-payments", "3-D Secure", "He rebuilt the 3-D Secure flow for card payments. Declines fell by a third.", "/cases/payments/#cases-3ds"),
    )
}
SHOW_PAGE = {
    "name": "show_page",
    "input_schema": {"type": "object", "properties": {"id": {"type": "string", "enum": ["home", "lab", "roles", "how-i-work"]}}},
}


def ask(question: str, *, tools: list | None = None, messages: list | None = None) -> ModelRequest:
    fenced = question.replace("<", "‹").replace(">", "›")
    user = {"role": "user", "content": [{"type": "text", "text": f"<question>{fenced}</question>"}]}
    return ModelRequest(system=[{"type": "text", "text": "rules"}], tools=tools or [], messages=(messages or []) + [user])


async def answer(question: str, **kw) -> tuple[str, list]:
    events, exc = await collect(OfflineModel.of(RECORD).stream(ask(question, **kw)))
    assert exc is None
    return "".join(e.text for e in events if isinstance(e, TextDelta)), events


def sentences(text: str) -> list[str]:
    return re.findall(r".+?\[\[[^\]]+\]\]", text)


@pytest.mark.anyio
async def test_a_question_the_record_answers_gets_cited_third_person_sentences():
    text, events = await answer("Does he know Kafka?")
    said = sentences(text)
    assert 2 <= len(said) <= 4
    assert all(s.strip().endswith(("[[roles-acme]]", "[[how-i-work]]", "[[lab-leak]]", "[[cases-3ds]]")) for s in said)
    assert "Kafka" in said[0] and "[[roles-acme]]" in said[0]
    assert not re.search(r"\b(I|me|my)\b", text)
    assert events[-1] == Stop("end_turn")
    usage = [e for e in events if isinstance(e, Usage)][-1]
    assert usage.input_tokens > 0 and usage.output_tokens > 0


OWNER = Manifest(owner=Owner("Jo Lind", "Jo", "he"))


async def told(question: str, manifest: Manifest | None = None) -> str:
    model = OfflineModel.of(RECORD, manifest=manifest or OWNER)
    events, exc = await collect(model.stream(ask(question)))
    assert exc is None
    return "".join(e.text for e in events if isinstance(e, TextDelta))


@pytest.mark.anyio
async def test_first_person_record_text_is_told_in_the_third_person_by_the_owners_name():
    assert "Jo led the platform team of six at Acme. [[roles-acme]]" in await told("Has he led a team?")
    text = await told("Does he mentor engineers?")
    assert "Jo reviews code and mentors mid-level engineers. [[how-i-work]]" in text
    # without a name, the owner is the site's owner, never "they"
    text, _ = await answer("Has he led a team?")
    assert "The site's owner led the platform team of six at Acme. [[roles-acme]]" in text


@pytest.mark.anyio
async def test_what_did_he_do_answers_with_his_own_work_and_results_with_the_figures():
    record = {
        "ctx": Section("ctx", "case", "Context", "The bank authenticated card payments with 3-D Secure 1. "
                       "Cardholders abandoned the 3-D Secure 1 password page often.", "/case/#ctx"),
        "built": Section("built", "case", "What I built", "I designed the 3-D Secure decision service. "
                         "It answers every authentication request.", "/case/#built"),
        "results": Section("results", "case", "Results", "The 3-D Secure rollout went well. "
                           "Abandoned challenges fell from 14 % to 4.2 % in a quarter.", "/case/#results"),
    }
    model = OfflineModel.of(record, manifest=OWNER)

    async def say(question: str) -> list[str]:
        events, _ = await collect(model.stream(ask(question)))
        return sentences("".join(e.text for e in events if isinstance(e, TextDelta)))

    work = await say("What did he do on 3-D Secure?")
    assert work[0] == "Jo designed the 3-D Secure decision service. [[built]]"
    # the figures share no word with the question: only the wish for results brings them in
    results = await say("What were the results of 3-D Secure?")
    assert "Abandoned challenges fell from 14 % to 4.2 % in a quarter. [[results]]" in [s.strip() for s in results]


@pytest.mark.anyio
async def test_a_question_the_record_does_not_answer_gets_none():
    for question in ("What does he cook on Sundays?", "Is he married?", "?", "Has he written Rust code?"):
        text, _ = await answer(question)
        assert text == "[[none]]"


@pytest.mark.anyio
async def test_the_answer_is_deterministic_and_reads_the_last_fenced_question():
    earlier = [
        {"role": "user", "content": "<question>Does he know Kafka?</question>"},
        {"role": "assistant", "content": [{"type": "text", "text": "Yes. [[roles-acme]]"}]},
    ]
    first, _ = await answer("What did he do on 3-D Secure?", messages=earlier)
    again, _ = await answer("What did he do on 3-D Secure?", messages=earlier)
    assert first == again
    assert "[[cases-3ds]]" in first and "Kafka" not in first


@pytest.mark.anyio
async def test_a_question_that_asks_where_opens_the_page_when_the_tool_is_offered():
    text, events = await answer("Where is the memory leak lab?", tools=[SHOW_PAGE])
    assert "[[lab-leak]]" in text
    assert [e for e in events if isinstance(e, ToolCall)] == [ToolCall("toolu_offline_1", "show_page", {"id": "lab"}, '{"id": "lab"}')]
    assert events[-1] == Stop("tool_use")
    _, events = await answer("Where is the memory leak lab?")  # no tool offered: words only
    assert not any(isinstance(e, ToolCall) for e in events)


@pytest.mark.anyio
async def test_the_page_opened_for_an_answer_is_the_one_whose_label_names_what_is_asked():
    from docent.schema import Page

    pages = (Page("roles", "Roles", "/roles/"), Page("cases-kafka", "Kafka event backbone", "/cases/kafka/"),
             Page("how", "How I work", "/how/"))
    enum = {**SHOW_PAGE, "input_schema": {"type": "object", "properties": {"id": {"type": "string", "enum": [
        "roles", "cases-kafka", "how"]}}}}
    model = OfflineModel.of(RECORD, manifest=Manifest(owner=OWNER.owner, pages=pages))

    async def opened(question: str) -> list[str]:
        events, exc = await collect(model.stream(ask(question, tools=[enum])))
        assert exc is None
        return [e.input["id"] for e in events if isinstance(e, ToolCall)]

    assert await opened("Does he know Kafka?") == ["cases-kafka"]  # the section saying it is on Roles
    assert await opened("Has he worked in a platform team?") == ["roles"]  # "worked" names no page ("How I work")


@pytest.mark.anyio
async def test_a_rebuilt_record_is_picked_up():
    records = [RECORD]
    model = OfflineModel(lambda: Loaded(records[0]))
    events, _ = await collect(model.stream(ask("Does he know Rust?")))
    assert "".join(e.text for e in events if isinstance(e, TextDelta)) == "[[none]]"
    records[0] = {**RECORD, "rust": Section("rust", "roles", "Rust", "He wrote the ledger service in Rust.", "/roles/#rust")}
    events, _ = await collect(model.stream(ask("Does he know Rust?")))
    assert "He wrote the ledger service in Rust. [[rust]]" in "".join(e.text for e in events if isinstance(e, TextDelta))


@pytest.mark.anyio
async def test_we_is_told_as_the_team_and_a_flattened_table_is_no_sentence():
    record = {
        "results": Section(
            "results", "cases-payments", "Results",
            "We rolled out the new flow by card range over six weeks. "
            "Figures: 3-D Secure 1 3-D Secure 2 0 % 71 % 14 % 4.2 % 3.1 2.4 48 ms. "
            "Challenges fell because most payments went frictionless.",
            "/cases/payments/#results",
        )
    }
    events, exc = await collect(OfflineModel.of(record).stream(ask("How did they roll out the new flow?")))
    assert exc is None
    text = "".join(e.text for e in events if isinstance(e, TextDelta))
    assert "The team rolled out the new flow" in text
    assert "71 %" not in text
    assert not re.search(r"\b(we|We|our)\b", text)


@pytest.mark.anyio
async def test_show_opens_the_page_the_question_names():
    _, events = await answer("Show me the lab with the chart", tools=[SHOW_PAGE])
    calls = [e for e in events if isinstance(e, ToolCall)]
    assert [c.input for c in calls] == [{"id": "lab"}]


@pytest.mark.anyio
async def test_asked_to_act_it_calls_the_tools_and_says_none_of_its_own():
    manifest = Manifest(tours=(Tour("first-visit", "A first visit", ()),))
    tools = [{"name": "start_tour", "input_schema": {}}]
    events, exc = await collect(OfflineModel.of(RECORD, manifest=manifest).stream(ask("Give me a tour", tools=tools)))
    assert exc is None
    assert [e for e in events if isinstance(e, TextDelta)] == []  # not "[[none]]": the tour is the answer
    assert [(c.name, c.input) for c in events if isinstance(c, ToolCall)] == [("start_tour", {"id": "first-visit"})]
    assert events[-1] == Stop("tool_use")


@pytest.mark.anyio
async def test_the_call_after_its_tools_ran_says_nothing_more_and_ends_the_turn():
    model = OfflineModel.of(RECORD)
    first = ask("Where is the memory leak lab?", tools=[SHOW_PAGE])
    events, _ = await collect(model.stream(first))
    call = next(e for e in events if isinstance(e, ToolCall))
    after = [
        {"role": "assistant", "content": [{"type": "tool_use", "id": call.id, "name": call.name, "input": call.input}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": call.id, "content": "Opened Lab."}]},
    ]
    second = ModelRequest(system=first.system, tools=first.tools, messages=first.messages + after)
    events, exc = await collect(model.stream(second))
    assert exc is None
    assert [type(e) for e in events] == [Usage, Stop] and events[-1] == Stop("end_turn")
    assert events[0].input_tokens > 0


CASE = {
    s.id: s
    for s in (
        Section("k8s-context", "cases-k8s", "Context", "Forty services ran on ninety virtual machines built by hand. "
                "Each release took about 40 minutes.", "/cases/k8s/#k8s-context"),
        Section("k8s-results", "cases-k8s", "Results", "All forty services moved to Kubernetes in 22 weeks. "
                "The AWS bill fell by 31 %.", "/cases/k8s/#k8s-results"),
        Section("leak-found", "cases-leak", "How I found it", "I plotted the old generation after each collection. "
                "It rose by 40 MB a day and never came down.", "/cases/leak/#leak-found"),
        Section("leak-cause", "cases-leak", "The cause", "A cache of session tickets was never evicted. "
                "Its key held a timestamp, so no lookup ever hit.", "/cases/leak/#leak-cause"),
        Section("outbox", "decisions", "Outbox", "A crash between the write and the publish lost an event. "
                "The relay now publishes in order.", "/decisions/#outbox"),
        Section("earlier", "roles", "Earlier", "I was a Java developer in Gothenburg for three years. "
                "I hold an MSc in computer science from Chalmers University.", "/roles/#earlier"),
        Section("testing", "principles", "Testing", "I test behaviour at the edges a caller sees, with real "
                "dependencies. A flaky test is a bug to fix that week.", "/principles/#testing"),
    )
}
LEXICON = [{"term": "Kubernetes", "aliases": ["K8s", "kube"]}, {"term": "Rust", "aliases": []}]


async def said(question: str, *, page: str | None = None) -> str:
    model = OfflineModel.of(CASE, manifest=OWNER, lexicon=LEXICON)
    note = [{"role": "user", "content": f"## The page the visitor has open: {page}"}] if page else []
    events, exc = await collect(model.stream(ask(question, messages=note)))
    assert exc is None
    return "".join(e.text for e in events if isinstance(e, TextDelta))


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("question", "cites"),
    [
        # a technology named by an alias the record never uses counts as its term ("k8s" is Kubernetes)
        ("How long did the k8s migration take?", "[[k8s-results]]"),
        # a word the record never uses is asked as the record's words for it: "study" is the degree
        ("What did he study?", "[[earlier]]"),
        # a past form meets its verb: "How I found it" answers "how did he find"
        ("How did he find the leak?", "[[leak-found]]"),
        # the visitor's phrasing ("or just talk about it") is no fact the record lacks
        ("Does he actually test things or just talk about it?", "[[testing]]"),
        # "uni" is the university; where he went is no request to go anywhere
        ("Where did he go to uni?", "[[earlier]]"),
        # a phrase's last noun is what it asks for ("direct reports", not "direct"); "went" carries no topic
        ("What went wrong with the old virtual machines?", "[[k8s-context]]"),
    ],
)
async def test_the_record_answers_what_it_says_in_other_words(question: str, cites: str) -> None:
    assert cites in await said(question)


@pytest.mark.anyio
async def test_a_kind_asked_for_is_answered_by_the_technologies_the_record_names() -> None:
    """The record names the languages (Java, Kotlin) and never says "language"; the lexicon has no kinds, so any
    technology it names answers a kind (a platform could answer "which languages": a limit of this rule)."""
    record = {**{s.id: s for s in CASE.values() if s.id != "k8s-results"},
              "stack": Section("stack", "roles", "Stack", "I write Java and Kotlin services for the card platform.",
                               "/roles/#stack")}
    lexicon = [*LEXICON, {"term": "Java", "aliases": []}, {"term": "Kotlin", "aliases": []}]
    model = OfflineModel.of(record, manifest=OWNER, lexicon=lexicon)
    events, exc = await collect(model.stream(ask("What programming languages does he mostly work in?")))
    assert exc is None
    text = "".join(e.text for e in events if isinstance(e, TextDelta))
    assert sentences(text)[0] == "Jo writes Java and Kotlin services for the card platform. [[stack]]", text


@pytest.mark.anyio
@pytest.mark.parametrize(
    "question",
    [
        "Which city is he based in?",  # what "which" asks for, the record never says
        "How many lines of code was the fix?",  # the record has lines, not in what answers about the fix
        "Does he know Rust?",  # a technology the record never names
        "Has he worked at Google?",  # a name the record never says
    ],
)
async def test_a_fact_the_record_lacks_gets_none(question: str) -> None:
    assert await said(question) == "[[none]]"


@pytest.mark.anyio
async def test_a_sections_title_and_the_open_page_say_what_it_answers():
    # "crash" is said in the outbox decision; the cause of the crash the leak page is about is under "The cause"
    text = await said("So what was causing the crash?", page="cases-leak")
    assert sentences(text)[0].endswith("[[leak-cause]]")
    assert len(set(sentences(text))) == len(sentences(text))  # no sentence twice


def test_a_long_sentence_is_said_to_its_first_clause_and_a_flattened_table_not_at_all():
    from docent.sidecar.offline.quotes import quotes

    long = ("I designed the authentication decision service, a Spring Boot service that the vendor calls for every "
            "request: it reads the cardholder's devices, recent payments and merchant history from PostgreSQL and "
            "Redis, applies the exemptions for low value and trusted beneficiaries, and answers frictionless or "
            "challenge within the budget.")
    table = "Figures for the quarter: measure before after payments without a challenge 0 % 71 % abandoned 14 % 4.2 %."
    assert quotes(Section("s", "p", "T", f"{long} {table}", "/p/")) == [
        "I designed the authentication decision service, a Spring Boot service that the vendor calls for every "
        "request."
    ]


DOCS_RECORD = {
    s.id: s
    for s in (
        Section("timeouts", "advanced-timeouts", "Timeout configuration", "Our implementation enforces timeouts on "
                "every network operation. We recommend setting a timeout on each client with the timeout argument.",
                "/advanced/timeouts/#timeouts"),
        Section("proxies", "advanced-proxies", "Proxies", "A client sends its requests through a proxy when given "
                "the proxy argument. Proxies may use HTTP or SOCKS.", "/advanced/proxies/#proxies"),
    )
}
DOCS = Manifest(site_name="HTTPX", kind="docs")
DOCS_SHOW_PAGE = {
    "name": "show_page",
    "input_schema": {"type": "object", "properties": {"id": {"type": "string",
                                                             "enum": ["advanced-timeouts", "advanced-proxies"]}}},
}


async def docs_answer(question: str, manifest: Manifest = DOCS) -> tuple[str, list]:
    model = OfflineModel.of(DOCS_RECORD, manifest=manifest)
    events, exc = await collect(model.stream(ask(question, tools=[DOCS_SHOW_PAGE])))
    assert exc is None
    return "".join(e.text for e in events if isinstance(e, TextDelta)), events


@pytest.mark.anyio
async def test_documentation_keeps_its_own_voice_and_opens_a_page_only_when_asked():
    text, events = await docs_answer("How are timeouts enforced?")
    assert "Our implementation enforces timeouts on every network operation. [[timeouts]]" in text
    assert "the team" not in text
    assert not [e for e in events if isinstance(e, ToolCall)]  # the citation links to the section: no page opened
    _, events = await docs_answer("Where are the timeouts documented?")
    assert [(e.name, e.input) for e in events if isinstance(e, ToolCall)] == [("show_page", {"id": "advanced-timeouts"})]
    # the same record on a portfolio is the team's, and the page the fact is on opens
    text, events = await docs_answer("How are timeouts enforced?", Manifest(owner=Owner("Jo Lind", "Jo", "he")))
    assert "The team's implementation enforces timeouts" in text
    assert [e.name for e in events if isinstance(e, ToolCall)] == ["show_page"]


@pytest.mark.anyio
async def test_the_visitors_own_tools_do_not_count_against_them_but_what_is_asked_about_does():
    for question in ("How do I set a timeout on the client with my FastAPI app?",
                     "I use Django: how do I set a timeout on each client?",
                     "We run behind Traefik; how does a client send requests through a proxy?",
                     "I test with pytest. How does a client send requests through a proxy?",
                     # a lower-case word with a noun after it describes that noun, no tool the record must name
                     "How do I set a timeout on the client with slow servers?"):
        text, _ = await docs_answer(question)
        assert text != "[[none]]" and "[[" in text, question
        assert "FastAPI" not in text and "Django" not in text and "Traefik" not in text and "pytest" not in text
    for question in ("Does the client support HTTP/3?", "Can I use Brotli with the client?",
                     "How do I set a timeout in Python 3.14?",
                     # the visitor speaks only in the sentence after the one that asks about the tool
                     "Is the client compatible with Brotli? I want to set a timeout on each request.",
                     # a tool named in lower case where a question brings one in, the record never naming it
                     "Can the client send its requests through a proxy with pysocks?",
                     # a tool compared with ("vs", "versus"), a package's hyphenated name too
                     "How fast does the client send requests through a proxy vs python-socks?"):
        text, _ = await docs_answer(question)
        assert text == "[[none]]", question
    # a portfolio: the visitor's question about the owner's skill is no stack of the visitor's
    for question in ("Does he know Rust?", "I use Rust; has he worked with Rust?"):
        assert await told(question) == "[[none]]", question


@pytest.mark.anyio
async def test_a_version_the_record_never_writes_is_not_answered_with_another():
    record = {
        "http": Section("http", "clients", "HTTP versions", "The client speaks HTTP/1.1 by default and HTTP/2 when "
                        "the http2 extra is installed. Connections are pooled per host.", "/clients/#http"),
    }
    model = OfflineModel.of(record, manifest=DOCS)

    async def say(question: str) -> str:
        events, _ = await collect(model.stream(ask(question)))
        return "".join(e.text for e in events if isinstance(e, TextDelta))

    assert await say("Does the client support HTTP/3?") == "[[none]]"
    assert "HTTP/2 when the http2 extra is installed" in await say("Does the client support HTTP/2?")


@pytest.mark.anyio
async def test_list_lines_are_said_only_as_sentences_and_accents_fold():
    from docent.schema import Block

    section = Section.of("clients", page="tools", path="/tools/#clients", headings=("Tools", "Command-line clients"),
                         blocks=(Block("paragraph", "Any HTTP client can call the API from a résumé of steps."),
                                 Block("item", "cURL", marker="-"), Block("item", "HTTPie", marker="-"),
                                 Block("item", "Each request needs the API key in its Authorization header.",
                                       marker="-")))
    model = OfflineModel.of({"clients": section}, manifest=DOCS)
    events, _ = await collect(model.stream(ask("Which command-line clients can call the API, and what does each request need?")))
    text = "".join(e.text for e in events if isinstance(e, TextDelta))
    assert "Each request needs the API key in its Authorization header. [[clients]]" in text
    assert "cURL" not in text and "HTTPie" not in text and "- " not in text  # never a bare list line
    events, _ = await collect(model.stream(ask("Is there a resume of steps?")))
    assert "[[clients]]" in "".join(e.text for e in events if isinstance(e, TextDelta))  # résumé is resume


@pytest.mark.anyio
async def test_where_the_answer_is_code_the_code_block_is_quoted_whole_lines_after_the_sentences():
    from docent.schema import Block

    code = "from starlette.testclient import TestClient\n\nwith TestClient(app) as client:\n    client.get('/')"
    section = Section.of("lifespan-tests", page="testclient", path="/testclient/#lifespan-tests",
                         headings=("Test Client", "Lifespan in tests"),
                         blocks=(Block("paragraph", "Use the test client as a context manager, so that the lifespan "
                                       "runs when the tests start."), Block("code", code, lang="python")))
    other = Section("routing", "routing", "Routing", "Routes map paths to endpoints.", "/routing/#routing")
    model = OfflineModel.of({"lifespan-tests": section, "routing": other}, manifest=DOCS)
    events, _ = await collect(model.stream(ask("How do I run the lifespan in my tests with the test client?")))
    text = "".join(e.text for e in events if isinstance(e, TextDelta))
    assert text.endswith(f"\n\n```python\n{code}\n```\n[[lifespan-tests]]"), text
    assert text.startswith("Use the test client as a context manager")


def _docs_model(*sections: Section) -> OfflineModel:
    return OfflineModel.of({s.id: s for s in sections}, manifest=DOCS)


async def _say(model: OfflineModel, question: str) -> str:
    events, _ = await collect(model.stream(ask(question)))
    return "".join(e.text for e in events if isinstance(e, TextDelta))


def _gzip() -> Section:
    from docent.schema import Block

    return Section.of("gzip", page="middleware", path="/middleware/#gzip", headings=("Middleware", "GZipMiddleware"),
                      blocks=(Block("paragraph", "GZipMiddleware compresses responses for any request that accepts it."),
                              Block("item", "minimum_size - Do not gzip responses smaller than this, in bytes. "
                                            "Defaults to 500.", marker="-"),
                              Block("item", "compresslevel - The compression level, from 1 to 9. Defaults to 9.",
                                    marker="-")))


GZIP = _gzip()
FORMS = Section("forms", "requests", "Request files", "Each part of a form may be at most max_part_size bytes, 1024*1024 "
                "by default; a larger part is rejected with 400. Call request.form(max_part_size=...) to allow more.",
                "/requests/#forms")


@pytest.mark.anyio
async def test_code_the_record_never_writes_is_not_answered_with_the_code_it_does():
    model = _docs_model(GZIP, FORMS)
    # the key entity is the name as written: its words (thread, minimum, size) are all in the record
    assert await _say(model, "What does GZipMiddleware's thread_minimum_size parameter do?") == "[[none]]"
    assert await _say(model, "How do I pass max_header_count to request.form()?") == "[[none]]"
    assert await _say(model, "Can the config load .db.env and .web.env together?") == "[[none]]"
    said = await _say(model, "What does GZipMiddleware's minimum_size parameter do?")
    assert "minimum_size - Do not gzip responses smaller than this, in bytes. [[gzip]]" in said
    # a figure with its unit is no name the record lacks; an address and the visitor's own file are theirs
    assert "[[forms]]" in await _say(model, "A form field over 1MB is rejected with 400. How do I allow larger parts?")
    assert "[[forms]]" in await _say(model, "My upload to files.example.com from my_app.py fails with 400: how do I "
                                            "allow a larger form part?")


@pytest.mark.anyio
async def test_which_option_is_answered_with_the_option_and_the_sentence_that_writes_the_code_asked_about():
    hosts = Section("hosts", "middleware", "TrustedHostMiddleware", "Enforces that all incoming requests have a "
                    "correctly set Host header. allowed_hosts - A list of domain names that should be allowed as "
                    "hostnames. www_redirect - If set to True, requests to non-www versions of the allowed hosts "
                    "will be redirected to their www counterparts. Defaults to True.", "/middleware/#hosts")
    model = _docs_model(hosts, GZIP)
    said = await _say(model, "Requests to example.com get redirected to www.example.com by TrustedHostMiddleware. "
                             "Which option controls that?")
    assert "www_redirect - If set to True, requests to non-www versions" in said
    said = await _say(model, "What is the compresslevel on GZipMiddleware?")
    assert "compresslevel - The compression level, from 1 to 9. [[gzip]]" in said


@pytest.mark.anyio
async def test_a_changelog_answers_what_changed_never_how_to():
    from docent.schema import Page

    notes = Section("notes-0-21", "release-notes", "0.21.0", "Add redirect slashes support to the router. Add www "
                    "redirect support.", "/release-notes/#notes-0-21")
    routing = Section("routing", "routing", "Routing", "Routes map paths to endpoints.", "/routing/#routing")
    manifest = Manifest(kind="docs", pages=(Page("release-notes", "Release Notes", "/release-notes/"),))
    model = OfflineModel.of({s.id: s for s in (notes, routing)}, manifest=manifest)
    assert await _say(model, "How do I turn off the redirect that adds a trailing slash?") == "[[none]]"
    assert "[[notes-0-21]]" in await _say(model, "Which version added redirect slashes support?")


@pytest.mark.anyio
async def test_the_code_block_is_the_one_after_the_sentence_said_and_a_lead_in_line_is_never_said():
    from docent.schema import Block

    blocks = (Block("paragraph", "You can generate the URL for a named route:"),
              Block("code", 'url = request.url_for("homepage")', lang="python"),
              Block("paragraph", "Mounted applications may include a path parameter."),
              Block("code", 'url = request.url_for("static", path="/css/base.css")', lang="python"),
              Block("paragraph", "Without a request instance, reverse lookups against the application return only "
                                 "the URL path."),
              Block("code", 'url = app.url_path_for("user_detail", username=...)', lang="python"))
    lookups = Section.of("lookups", page="routing", path="/routing/#lookups", headings=("Routing", "Reverse lookups"),
                         blocks=blocks)
    said = await _say(_docs_model(lookups), "How do I get only the URL path for a route, with no request instance?")
    assert said.endswith('```python\nurl = app.url_path_for("user_detail", username=...)\n```\n[[lookups]]'), said
    assert "named route:" not in said


@pytest.mark.anyio
async def test_which_exception_is_answered_only_by_a_section_that_names_one():
    assert await _say(_docs_model(GZIP), "Which exception does GZipMiddleware raise for a bad compresslevel?") == "[[none]]"
    strict = Section("strict", "middleware", "Checks", "GZipMiddleware raises ValueError when compresslevel is not "
                     "between 1 and 9.", "/middleware/#strict")
    said = await _say(_docs_model(GZIP, strict), "Which exception does GZipMiddleware raise for a bad compresslevel?")
    assert "ValueError" in said and "[[strict]]" in said
