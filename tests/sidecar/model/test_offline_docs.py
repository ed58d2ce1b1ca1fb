"""The offline model on documentation: what a reader asks, as against the situation they tell first; a list said
whole with its lead; the code block a section's lead-in line introduces; a long block's window; and the sentence that
says most of the question when the best section's prose says little."""

from __future__ import annotations

import pytest

from docent.schema import Block, Manifest
from docent.schema import RecordSection as Section
from docent.sidecar.model.port import ModelRequest, TextDelta
from docent.sidecar.offline import OfflineModel
from docent.sidecar.offline.weighing import Weighed

from .streams import collect

DOCS = Manifest(site_name="Toolkit", kind="docs")


def _model(*sections: Section) -> OfflineModel:
    return OfflineModel.of({s.id: s for s in sections}, manifest=DOCS)


async def _say(model: OfflineModel, question: str) -> str:
    user = {"role": "user", "content": [{"type": "text", "text": f"<question>{question}</question>"}]}
    request = ModelRequest(system=[{"type": "text", "text": "rules"}], tools=[], messages=[user])
    events, exc = await collect(model.stream(request))
    assert exc is None
    return "".join(e.text for e in events if isinstance(e, TextDelta))


def _section(id: str, heading: str, *blocks: Block) -> Section:
    return Section.of(id, page="guide", path=f"/guide/#{id}", headings=("Guide", heading), blocks=blocks)


LOOKUPS = _section(
    "lookups", "Reverse lookups",
    Block("paragraph", "Call url_for with a route's name to build its URL."),
    Block("code", 'url = request.url_for("homepage")', lang="python"),
    Block("paragraph", "Lookups against the application return the path alone."),
    Block("code", 'path = app.url_path_for("homepage")', lang="python"),
)


def test_the_words_of_the_situation_a_reader_tells_before_asking_count_less_than_the_ask() -> None:
    model = _model(LOOKUPS)
    source = model.source()
    asked = Weighed.of("url_for always builds the full URL of a route. How do I get just the path?",
                       model.vocabulary(source), model._lexicon(source), source.manifest)
    assert {"url_for", "url", "build"} <= asked.context and "path" not in asked.context
    # the path alone says the ask; the URL built, only the situation
    assert asked.asks({"path"}) > asked.covered({"path"})
    assert asked.asks({"url", "build"}) < asked.covered({"url", "build"})
    # asked in one sentence, or asking first, nothing is the situation
    for question in ("How do I get the path, not the full URL with the host?",
                     "Do lookups return the host? What about the path?"):
        assert not Weighed.of(question, model.vocabulary(source), model._lexicon(source), source.manifest).context


CLIENT = _section(
    "client", "Test client",
    Block("paragraph", "Make a test client from the app:"),
    Block("code", "client = TestClient(app)\nresponse = client.get('/')", lang="python"),
    Block("paragraph", "The test client sets the client host to testserver and the port to 50000."),
    Block("paragraph", "You can change the client address by setting the client argument:"),
    Block("code", "client = TestClient(app, client=('localhost', 8000))", lang="python"),
)
GROUPS = _section(
    "groups", "Middleware on groups of routes",
    Block("paragraph", "Middleware can also be added to Mount instances, for a group of routes:"),
    Block("code", "Mount('/api', routes=api_routes, middleware=[Middleware(GZipMiddleware)])", lang="python"),
    Block("paragraph", "Such middleware is not wrapped in the exception handling middleware."),
    Block("paragraph", "The Route class also accepts a middleware argument, which applies middleware to a single route:"),
    Block("code", "Route('/', homepage, middleware=[Middleware(GZipMiddleware)])", lang="python"),
)


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("section", "question", "ending"),
    [
        pytest.param(LOOKUPS, "request.url_for gives me the full URL with the host. How do I get just the path?",
                     '```python\npath = app.url_path_for("homepage")\n```\n[[lookups]]', id="the-ask-not-the-situation"),
        pytest.param(CLIENT, "The test client's host is testserver. How do I change the client address?",
                     "```python\nclient = TestClient(app, client=('localhost', 8000))\n```\n[[client]]",
                     id="chosen-by-the-line-that-leads-into-it"),
        # the line that leads into it is said last, with its code; a lead that answers less is never said alone
        pytest.param(GROUPS, "Does the Route class accept a middleware argument for a single route?",
                     "The Route class also accepts a middleware argument, which applies middleware to a single route: "
                     "[[groups]]\n\n```python\nRoute('/', homepage, middleware=[Middleware(GZipMiddleware)])\n```\n"
                     "[[groups]]", id="its-lead-said-last-with-it"),
    ],
)
async def test_the_code_block_shown_is_the_one_that_answers_the_ask(section: Section, question: str, ending: str) -> None:
    said = await _say(_model(section), question)
    assert said.endswith(ending), said
    assert "for a group of routes:" not in said and "TestClient(app)\n" not in said


def test_the_call_asked_for_is_shown_from_a_best_section_whose_prose_another_outweighs() -> None:
    testing = _section(
        "testing", "Testing template responses",
        Block("paragraph", "When testing, template responses include the template rendered and the context it was given."),
        Block("paragraph", "The test client sends each request to the app and hands back its response."),
        Block("code", "response = client.get('/')\nassert response.template.name == 'index.html'", lang="python"),
    )
    templates = _section(
        "templates", "Templates",
        Block("paragraph", "Jinja2 renders the pages."),
        Block("code", "async def homepage(request):\n    return templates.TemplateResponse(request, 'index.html')",
              lang="python"),
    )
    sentences, best = _model(testing, templates).answer(
        "When testing, the template responses give the context. How do I call TemplateResponse?")
    # the testing section's prose says the reader's situation best; the templates section's code is the call
    assert best is testing and all(s.endswith("[[testing]]") for s in sentences if not s.startswith("```"))
    assert "```python\nasync def homepage(request):\n    return templates.TemplateResponse(request, 'index.html')\n```\n" \
        "[[templates]]" in sentences, sentences


LIFECYCLE = _section(
    "lifecycle", "Skipping hooks",
    Block("paragraph", "Running pdm run --skip=post_test composite runs the composite task without its hooks, "
                       "in the following reduced lifecycle:"),
    Block("code", "flowchart LR\n  run-composite --> post-composite", lang="mermaid"),
    Block("paragraph", "The skip option takes the names of the hooks to skip, separated by commas:"),
    Block("code", "pdm run --skip=pre_test,post_test composite", lang="shell"),
)


@pytest.mark.anyio
async def test_a_diagram_is_never_the_code_shown() -> None:
    # a diagram's source (Mermaid) is drawn on the page: the line that leads into it is no call, nor is it code to run
    said = await _say(_model(LIFECYCLE), "How do I skip the hooks of a composite task with pdm run?")
    assert "flowchart" not in said and "following reduced lifecycle" not in said
    assert "```shell\npdm run --skip=pre_test,post_test composite\n```" in said, said


@pytest.mark.anyio
async def test_an_item_of_a_short_list_is_said_with_the_list_and_the_line_that_leads_into_it() -> None:
    order = _section(
        "precedence", "Configuration precedence",
        Block("paragraph", "The order in which configuration values are read is:"),
        Block("item", "From an environment variable.", marker="-"),
        Block("item", "From the .env file.", marker="-"),
        Block("item", "The default value given in config.", marker="-"),
        Block("paragraph", "If none of those match, then config(...) will raise an error."),
    )
    said = await _say(_model(order), "A key is in both the environment and the .env file: which value wins?")
    assert ("The order in which configuration values are read is: [[precedence]]\n- From an environment variable. "
            "[[precedence]]\n- From the .env file. [[precedence]]\n- The default value given in config. [[precedence]]") in said


@pytest.mark.anyio
async def test_a_list_said_whole_is_laid_out_as_a_list_its_lead_the_last_sentence_on_a_line_of_its_own() -> None:
    update = _section(
        "update", "Update",
        Block("paragraph", "Check the core and web repositories to determine what upgrades are required."),
        Block("paragraph", "The update script does its work in steps. Basic Script Process:"),
        Block("item", "Script determines if updates are available by querying GitHub", marker="-"),
        Block("item", "Updated files are downloaded to the local filesystem using git", marker="-"),
        Block("paragraph", "The web interface restarts once the update script has finished its steps."),
    )
    said = await _say(_model(update), "How does the update script know updates are available on GitHub?")
    assert said.count("querying GitHub") == 1, said
    assert ("steps. [[update]]\n\nBasic Script Process: [[update]]\n- Script determines if updates are available by "
            "querying GitHub. [[update]]\n- Updated files are downloaded to the local filesystem using git. [[update]]"
            "\n\nThe web interface") in said, said
    assert "steps. Basic Script Process:" not in said


@pytest.mark.anyio
async def test_a_long_block_is_shown_as_the_window_of_lines_that_says_most_of_the_question() -> None:
    lines = ["DEFAULTS = {'timeout': 5.0, 'retries': 0}", "", "", "def log(event):", "    print(event)", "", "",
             "def handler(request):", "    log(request)", "    return respond(request)", "", "", "routes = [",
             "    Route('/', handler),", "]", "", "", "client = Client(", "    timeout=10.0,", "    retries=2,",
             "    event_hooks={'request': [log]},", ")", "client.get('/')"]
    example = _section(
        "client", "Client options",
        Block("paragraph", "A client takes its options when it is made."),
        Block("code", "\n".join(lines), lang="python"),
    )
    said = await _say(_model(example), "How do I set the timeout and the retries of a client?")
    # the one line that writes both words is far from the call that sets them: the window holds the call
    assert "client = Client(\n    timeout=10.0,\n    retries=2," in said, said


@pytest.mark.anyio
async def test_a_window_inside_a_nesting_starts_with_the_lines_that_open_it() -> None:
    lines = ["http {", "  server {", "    listen 80;", "    client_max_body_size 4G;", "", "    server_name example.com;",
             "", "    location / {", *(f"      proxy_set_header X-Header-{i} $value;" for i in range(6)),
             "      proxy_redirect off;", "      proxy_pass http://backend;", "    }", "", "    location /static {",
             "      root /path/to/static;", "    }", "  }", "}"]
    nginx = _section(
        "nginx", "Running behind Nginx",
        Block("paragraph", "Nginx passes each request on to the server."),
        Block("code", "\n".join(lines), lang="nginx"),
    )
    said = await _say(_model(nginx), "How do I set proxy_redirect and proxy_pass in Nginx?")
    # the window holds the location's lines, and the config's own head above them: where the lines go
    assert "http {\n  server {\n    listen 80;" in said and "      proxy_pass http://backend;" in said, said


@pytest.mark.anyio
async def test_a_head_whose_name_starts_like_a_closing_word_still_opens_the_window() -> None:
    """ "endpoints:" opens its nesting: only a line that is a closing mark or the word "end" closes one."""
    lines = ["endpoints:", "  health:", "    path: /health", "    interval: 5s", "    timeout: 2s", "  ready:",
             "    path: /ready", "    interval: 10s", "    timeout: 2s", "  metrics:", "    path: /metrics",
             "    interval: 30s", "    timeout: 5s", "  drain:", "    path: /drain", "    grace_seconds: 30"]
    probes = _section(
        "probes", "Probes",
        Block("paragraph", "Each probe the server answers is set under its own key in server.yaml:"),
        Block("code", "\n".join(lines), lang="yaml"),
    )
    said = await _say(_model(probes), "How do I set grace_seconds for the drain probe?")
    # the window's head, as "probes:" is kept (before, "endpoints:" was read as a closing "end" and left out)
    assert "```yaml\nendpoints:\n  health:" in said and "    grace_seconds: 30" in said, said


@pytest.mark.anyio
async def test_on_documentation_results_in_the_readers_situation_ask_for_no_figures() -> None:
    cached = _section(
        "queryset", "The queryset attribute",
        Block("paragraph", "A queryset of 10 rows is listed in 1 query on a page of 50 items. A queryset of 500 rows "
                           "takes 2 queries at 100 items a page. A queryset of 5000 rows takes 3 queries."),
        Block("paragraph", "The queryset attribute is evaluated once, and its results are cached for every later "
                           "request: call get_queryset() to read it fresh."),
    )
    said = await _say(_model(cached), "In my list view the results of the queryset look stale until I restart. Is it cached?")
    assert "results are cached for every later request" in said, said


def test_where_the_best_sections_prose_says_little_the_sentence_saying_most_elsewhere_is_said() -> None:
    from docent.sidecar.offline.picking import pick

    config = _section(
        "config", "Config",
        Block("paragraph", "Settings come from the environment."),
        Block("code", "config = Config('.env')\nSECRET_KEY = config('SECRET_KEY', cast=Secret)\n"
                      "DEBUG = config('DEBUG', cast=bool)", lang="python"),
    )
    secrets = _section(
        "secrets", "Secrets",
        Block("paragraph", "For sensitive keys the Secret class hides the value it holds from tracebacks."),
        Block("paragraph", "Cast it to a string to read the value where it is used."),
    )
    model = _model(config, secrets)
    source = model.source()
    asked = Weighed.of("How do I keep my SECRET_KEY out of tracebacks when I read it from config with DEBUG on?",
                       model.vocabulary(source), model._lexicon(source), source.manifest)
    # the config section matches best by its code; its one sentence says none of the question's words
    picked = [m[3] for m in pick([(1.0, config), (0.9, secrets)], asked, None, 1.0)]
    assert picked[0] == "For sensitive keys the Secret class hides the value it holds from tracebacks.", picked


def test_a_page_is_opened_where_the_ask_names_one_not_where_the_readers_situation_says_go() -> None:
    from docent.schema import Page
    from docent.sidecar.offline.errands import recognised
    from docent.sidecar.offline.gestures import Gestures

    manifest = Manifest(site_name="Toolkit", kind="docs", pages=(
        Page("requests", "Requests", "/requests/"), Page("routing", "Routing", "/routing/")))
    routing = Section("routing", "routing", "Routing", "Incoming paths are matched against each route in order.",
                      "/routing/#routing")
    gestures = Gestures(manifest, record={"routing": routing})
    offered = {"show_page", "show_links", "point_at"}
    told = "My requests to /users/me go to the user_id endpoint. How are routes matched?"
    assert gestures.recognise(told, offered)[0] == "go"  # read whole, "go to" is a request to open a page
    assert recognised(told, offered, gestures) == ("", [])
    assert recognised("I read the routing page. Take me to the requests page.", offered, gestures)[0] == "go"


STATIC = _section("static", "Static files", Block("paragraph", "StaticFiles serves the files in a given directory, "
                                                               "with html=True serving index.html for a folder."))
PROXY = _section("proxy", "Behind a proxy", Block("paragraph", "A proxy in front of the server may add a Cache-Control "
                                                               "header of its own."))


@pytest.mark.anyio
async def test_a_hyphenated_term_the_ask_names_is_no_phrasing_even_beside_the_records_code() -> None:
    """A question that names the record's code (`StaticFiles`) is about that code, the rest of its words the reader's
    phrasing, but for a hyphenated term ("Cache-Control"): the section on StaticFiles that never says it does not
    answer, though another section says it."""
    model = _model(STATIC, PROXY)
    assert await _say(model, "How do I make StaticFiles send a Cache-Control max-age header with every file?") == "[[none]]"
    said = await _say(model, "How do I make StaticFiles serve index.html for a folder it is asked for?")
    assert "[[static]]" in said, said


def test_a_flag_the_record_writes_is_code_the_question_names() -> None:
    """`--workers` in a question is the record's code as a reader types it: the sentence that writes it says more of
    the question than one that only says "workers"; a flag the record never writes is a thing named that it lacks."""
    workers = _section("workers", "Workers", Block("paragraph", "Pass --workers to start several worker processes."),
                       Block("paragraph", "Worker processes each run their own event loop."))
    model = _model(workers)
    source = model.source()
    asked = Weighed.of("Can I use --reload with --workers 4 or --threads?", model.vocabulary(source),
                       model._lexicon(source), source.manifest)
    assert asked.code == {"--workers"}
    assert asked.code_named("Pass --workers to start several worker processes.") == 1.0
    assert asked.code_named("Worker processes each run their own event loop.") == 0.0
    # a flag the record never writes is a thing named that it lacks: the record does not say what it does
    assert asked.code_missing == {"--reload", "--threads"} and asked.lacking
    assert model.answer("What does --threads do with several workers?")[0] == ["[[none]]"]
    assert model.answer("What does --workers do?")[0] != ["[[none]]"]


def test_what_the_ask_turns_from_counts_as_the_readers_situation() -> None:
    """"How do I get the path instead of building the full URL?": the ask is the path; the URL built, what the reader
    turns from, counts as their situation does."""
    model = _model(LOOKUPS)
    source = model.source()
    asked = Weighed.of("How do I get just the path instead of building the full URL with url_for?",
                       model.vocabulary(source), model._lexicon(source), source.manifest)
    assert {"build", "url", "url_for"} <= asked.context and "path" not in asked.context


def test_code_of_another_tool_the_reader_compares_with_is_not_code_the_record_lacks() -> None:
    from docent.sidecar.offline.written import code_names

    assert code_names("Can it make the venv in the project, like Poetry's virtualenvs.in-project?", "") == (set(), set())
    assert code_names("Is virtualenvs.in-project read?", "") == (set(), {"virtualenvs.in-project"})
    # a name of the record's own code before it is asked about
    assert code_names("What does GZipMiddleware's thread_minimum_size do?", "") == (set(), {"thread_minimum_size"})
    # marked as code, a fence's language or a hyphenated word is code: the record writes it, or lacks the fact
    assert code_names("Does it render ```mermaid blocks?", "") == (set(), {"mermaid"})
    assert code_names("What does `mkdocs get-deps` do?", "run mkdocs get-deps") == ({"get-deps"}, set())
    assert code_names("Is there a flag like Poetry's `--no-root --sync-all`?", "") == (set(), set())


@pytest.mark.anyio
async def test_the_records_inline_code_is_marked_as_code_again_in_the_answer() -> None:
    """The record's text is flat: "pip install --user toolkit" the page marks as code is told as code, a plain word the
    page marks ("name") is left as prose."""
    install = _section("install", "Installing", Block(
        "paragraph", "Install the toolkit for one user with pip install --user toolkit and give it a name.",
        code=("pip install --user toolkit", "name")))
    said = await _say(_model(install), "How do I install the toolkit for one user only?")
    assert "`pip install --user toolkit`" in said and "`name`" not in said, said


@pytest.mark.anyio
async def test_the_sentence_that_goes_on_from_the_best_is_said_after_it() -> None:
    workers = _section(
        "gunicorn", "Gunicorn",
        Block("paragraph", "Gunicorn runs the app with the worker class from uvicorn.workers."),
        Block("admonition", "The uvicorn.workers module is deprecated and will be removed. Switch to the standalone "
                            "package, which ships the same class.", marker="Warning"),
        Block("code", "gunicorn -k uvicorn.workers.UvicornWorker app:app"),
    )
    said = await _say(_model(workers), "is the uvicorn.workers module deprecated now?")
    # the warning answers; what to do about it is the sentence after it, though it says none of the question's words
    assert "deprecated" in said and "Switch to the standalone package, which ships the same class." in said, said


@pytest.mark.anyio
async def test_code_after_a_line_that_leads_into_it_follows_the_sentence_before_that_line() -> None:
    install = _section(
        "install", "Installing",
        Block("paragraph", "Install the package using pip:"),
        Block("code", "pip install toolkit", lang="bash"),
        Block("paragraph", "Run toolkit --version to check that everything worked."),
        Block("code", "$ toolkit --version\ntoolkit, version 1.2.0", lang="console"),
        Block("paragraph", "NOTE: On Windows, the toolkit command may not be recognized after installing."),
        Block("paragraph", "A quick solution is to preface every command like this:"),
        Block("code", "python -m toolkit", lang="bash"),
    )
    said = await _say(_model(install), "windows says toolkit is not recognized as a command after pip install. help")
    assert "python -m toolkit" in said, said


def test_a_quoted_message_that_ends_the_situation_ends_its_sentence() -> None:
    from docent.sidecar.offline.weighing import asking

    question = 'DRF keeps saying "This field is required." Why does the validator force the field?'
    assert asking(question) == "Why does the validator force the field?"
    assert asking("It fails (with a 403.) How do I log in?") == "How do I log in?"


def test_a_name_with_capitals_inside_is_code_only_where_the_record_writes_it_as_code() -> None:
    serializers = _section(
        "serializers", "Serializers",
        Block("paragraph", "Serializers are inspired by FastAPI and run with ModelSerializer as their base.",
              code=("ModelSerializer",)),
        Block("code", "class Account(ModelSerializer):\n    pass", lang="python"),
    )
    model = _model(serializers)
    source = model.source()
    asked = Weighed.of("Is ModelSerializer faster than FastAPI?", model.vocabulary(source), model._lexicon(source),
                       source.manifest)
    assert asked.identifiers == {"modelserializer"}  # FastAPI, written in prose alone, is a name, not the record's code


SETTINGS = _section(
    "implementation", "Implementation",
    Block("item", "--loop <str> - Set the event loop implementation. Options: 'auto', 'asyncio'. Default: 'auto'.",
          marker="-", code=("--loop",)),
    Block("item", "--ws-ping-interval <float> - Set the WebSockets ping interval, in seconds. Default: 20.0.",
          marker="-", code=("--ws-ping-interval",)),
    Block("item", "Keep-Alive. Defaults to 5 seconds. Between requests, connections must receive new data.", marker="-"),
)
SITE_DIR = _section(
    "site_dir", "site_dir",
    Block("paragraph", "The directory where the output HTML and other files are created."),
    Block("paragraph", "default: 'site'"),
)


def test_a_bare_value_is_said_with_what_it_is_the_value_of() -> None:
    from docent.sidecar.offline.quotes import labelled

    # an option's value after the option's own line, not "Default: 20.0." alone, which another option could say
    assert labelled(SETTINGS, "Default: 20.0.") == [
        "--ws-ping-interval <float> - Set the WebSockets ping interval, in seconds.", "Default: 20.0."]
    # a label of a word is no sentence: the value is said under it; a value alone in its block, after its setting's
    # opening
    assert labelled(SETTINGS, "Defaults to 5 seconds.") == ["Keep-Alive: Defaults to 5 seconds."]
    assert labelled(SITE_DIR, "default: 'site'") == [
        "`site_dir`: The directory where the output HTML and other files are created.", "default: 'site'"]
    # a sentence with a subject, or a title in words, stays as it is
    assert labelled(SETTINGS, "Between requests, connections must receive new data.") == [
        "Between requests, connections must receive new data."]
    assert labelled(_section("out", "Output", Block("paragraph", "default: 'site'")), "default: 'site'") == [
        "default: 'site'"]


@pytest.mark.anyio
async def test_an_answer_names_the_option_whose_default_it_gives() -> None:
    said = await _say(_model(SETTINGS, SITE_DIR), "What is the default ping interval for websockets?")
    assert "Default: 20.0." in said
    assert said.index("Set the WebSockets ping interval") < said.index("Default: 20.0.")
    said = await _say(_model(SETTINGS, SITE_DIR), "What is the default site_dir?")
    assert said.index("The directory where the output") < said.index("default: 'site'")


@pytest.mark.anyio
async def test_each_sentence_said_keeps_the_code_that_follows_it_in_the_record_s_order() -> None:
    section = _section(
        "lookups", "Reverse lookups",
        Block("paragraph", "Mounted applications may be grouped under a prefix."),
        Block("code", 'Mount("/users", routes=user_routes)', lang="python"),
        Block("paragraph", "Call url_for on the request with a route's name to get its full URL."),
        Block("code", 'url = request.url_for("user_detail", username="tom")', lang="python"),
        Block("paragraph", "Without a request instance, lookups against the application return only the URL path."),
        Block("code", 'path = app.url_path_for("user_detail", username="tom")', lang="python"),
    )
    said = await _say(_model(section), "How do I get the URL path of a route from its name without a request instance?")
    # both calls the answer explains, in the order the page shows them; not the block after no sentence it says
    assert "app.url_path_for(" in said and "request.url_for(" in said, said
    assert said.index("request.url_for(") < said.index("app.url_path_for(") and said.count("```python") == 2, said
    assert "Mount(" not in said


def test_a_pointer_names_the_rarest_word_of_the_ask_the_section_writes() -> None:
    from docent.sidecar.offline.telling import _pointer

    errors = _section("errors", "Errors", Block("paragraph", "A view that returned nothing raises Http404 in debug."))
    other = _section("other", "Views", Block("paragraph", "A view returned a response. Views that raise are returned."))
    model = _model(errors, other)
    source = model.source()
    asked = Weighed.of("In my async main() the view returned. When is Http404 raised?", model.vocabulary(source),
                       model._lexicon(source), source.manifest)
    # "returned" comes first and is common; "Http404" is what is asked and rare
    assert _pointer(errors, asked) == ['The section "Errors" has more on Http404. [[errors]]']



def test_a_code_name_the_question_writes_counts_no_more_than_its_rarest_word() -> None:
    from docent.sidecar.offline.picking import pick

    domains = _section(
        "hosting", "Hosting",
        Block("paragraph", "The CNAME file is removed on every deploy unless it is in your docs_dir."),
        Block("paragraph", "GitHub supports hosting through its own service for projects."),
        Block("paragraph", "GitHub documents the steps for organizations in its help."),
        Block("paragraph", "GitHub offers a web interface for the same steps as well."),
    )
    deploy = _section("deploy", "Deploying", Block("paragraph", "Run the deploy command to push the branch of the repository, as the setting says."),
                      Block("code", "git push  # to GitHub", lang="bash"))
    others = [_section(f"host{i}", f"Pages {i}", Block("paragraph", f"Pages on GitHub {i} may use a custom domain."))
              for i in range(4)]
    model = _model(domains, deploy, *others)
    question = ("every time I deploy, my custom domain setting on GitHub Pages gets removed from the repository "
                "branch. how do I make it stick?")
    source = model.source()
    asked = Weighed.of(question, model.vocabulary(source), model._lexicon(source), source.manifest)
    assert "github" in asked.identifiers and asked.rarest == max(asked.weight.values()) / sum(asked.weight.values())
    # "GitHub", written as code once in the record, outweighed "removed" when it counted half the question
    picked = [m[3] for m in pick([(1.0, domains)], asked, None, 1.0)]
    assert picked[0] == "The CNAME file is removed on every deploy unless it is in your docs_dir.", picked


def test_a_verb_that_reports_what_the_reader_saw_weighs_nothing() -> None:
    upgrade = _section("upgrading", "Upgrading", Block("paragraph", "When installed with Homebrew, update uv with "
                                                       "brew upgrade uv; self updates are disabled."))
    notes = _section("notes", "Notes", Block("paragraph", "The lockfile says which versions were resolved."))
    model = _model(upgrade, notes)
    source = model.source()
    asked = Weighed.of("uv --version says Homebrew. How am I supposed to update it?", model.vocabulary(source),
                       model._lexicon(source), source.manifest)
    # "says" tells what the reader saw; a section that writes "says" elsewhere says nothing of the ask
    assert "say" not in asked.weight and {"homebrew", "updat"} <= asked.weight.keys()


def test_a_long_situation_told_first_does_not_outweigh_the_ask_the_record_answers() -> None:
    """Six things the reader set, each named in another section, then the ask: the section that says all of the ask
    answers, though it says none of the situation (at half weight, the situation alone made it refuse)."""
    topics = ("proxies", "cookies", "redirects", "streaming", "uploads", "hooks", "mounts")
    pool = _section("pool", "Pool limits",
                    Block("paragraph", "The pool timeout is how long a request waits for a free connection from the pool."))
    model = _model(pool, *(_section(t, t.title(), Block("paragraph", f"Clients support {t} through their options."))
                           for t in topics))
    said, best = model.answer("My client sets proxies, cookies, redirects, streaming, uploads and hooks. "
                              "What is the pool timeout?")
    assert best is pool and said[0].startswith("The pool timeout is how long a request waits"), said
    # asked of the situation alone, the record still does not say
    assert model.answer("What do my proxies, cookies and hooks cost in memory?")[0] == ["[[none]]"]


def test_of_two_sections_search_ranks_close_the_one_that_says_the_ask_goes_first() -> None:
    """Search ranks by the reader's whole account: the set-up ("max_keepalive") ranks the limits section first. The
    model leans each section by the share of the ask it says: close behind, the timeouts section goes first; far
    behind, search's order stands."""
    from docent.sidecar.offline.picking import by_ask

    limits = _section("limits", "Resource limits", Block(
        "paragraph", "Set limits with max_connections to cap how many connections a client opens at once, and with "
                     "max_keepalive to cap idle ones."))
    timeouts = _section("timeouts", "Timeouts", Block(
        "paragraph", "The pool timeout is how long a request waits for a connection from the pool before it fails."))
    model = _model(limits, timeouts, _section("other", "Other", Block("paragraph", "Clients send requests.")))
    source = model.source()
    vocabulary = model.vocabulary(source)
    asked = Weighed.of("My client caps idle connections with max_keepalive. What is the pool timeout?", vocabulary,
                       model._lexicon(source), source.manifest)
    assert [s.id for _, s in by_ask(asked, [(1.0, limits), (0.95, timeouts)], vocabulary)] == ["timeouts", "limits"]
    assert [s.id for _, s in by_ask(asked, [(1.0, limits), (0.5, timeouts)], vocabulary)] == ["limits", "timeouts"]


def test_a_sentence_of_another_of_the_best_sections_that_says_more_of_the_question_is_said() -> None:
    """The best section's sentences each say one word of the question; one of the next section's says two of them:
    it is said, the section's lower rank counting against it as a share, not as a factor of all it says."""
    from docent.sidecar.offline.picking import pick

    workers = _section(
        "workers", "Workers",
        Block("paragraph", "Each worker runs in a process of its own."),
        Block("paragraph", "A worker is started with the server."),
        Block("paragraph", "The worker count defaults to one."),
    )
    reload = _section(
        "reload", "Reloading",
        Block("paragraph", "The reload flag and the workers flag exclude each other: reload runs one worker."),
    )
    model = _model(workers, reload, _section("logging", "Logging", Block("paragraph", "Logs go to the console.")))
    source = model.source()
    asked = Weighed.of("Can I use reload with several workers?", model.vocabulary(source), model._lexicon(source),
                       source.manifest)
    picked = [m[3] for m in pick([(1.0, workers), (0.5, reload)], asked, None, 1.0)]
    assert "The reload flag and the workers flag exclude each other: reload runs one worker." in picked, picked


@pytest.mark.anyio
async def test_a_quoted_question_in_the_first_person_is_never_rewritten_nor_said_for_the_gate_to_hold() -> None:
    """Docent's own docs: the guide said 'How do the author gets just the path?' of a reader's quoted question. Left
    as written, its "I" is held by the gate as the owner's words: an aside in brackets that quotes it is left out."""
    asks = _section(
        "asks", "Questions",
        Block("paragraph", 'A question that tells its situation ("url_for returns a full URL. How do I get just the '
                           'path?") is answered for what it asks. Readers often ask "can I pin it?" about pinning.'),
    )
    said = await _say(_model(asks), "How is a question that tells its situation answered?")
    assert "A question that tells its situation is answered for what it asks. [[asks]]" in said, said
    assert "author" not in said and "How do" not in said and "pin" not in said, said


def test_a_sentence_that_points_back_is_said_after_the_one_it_points_to() -> None:
    """"These eliminate the need ..." says nothing alone: the sentence before it in its paragraph goes first."""
    orm = _section(
        "orm", "Using the ORM",
        Block("paragraph", "The ORM is not safe to call from async code in older releases of the framework."),
        Block("paragraph", "Since version 4.1, the framework comes with asynchronous versions of ORM operations. "
                           "These eliminate the need to wrap every async query in a thread adapter by hand."),
        Block("paragraph", "The reference lists every operation the framework offers for models."),
    )
    said = _model(orm).answer("How do I avoid wrapping every async query in a thread adapter?")[0]
    texts = [s.rsplit(" [[", 1)[0] for s in said]
    assert texts.index("Since version 4.1, the framework comes with asynchronous versions of ORM operations.") \
        == texts.index("These eliminate the need to wrap every async query in a thread adapter by hand.") - 1, said
    # the sentence pointed back to is the one before in the same paragraph, never the end of another
    from docent.sidecar.offline.quotes import before

    assert before(orm, "Since version 4.1, the framework comes with asynchronous versions of ORM operations.") is None


PARAMETERS = _section(
    "parameters", "Route parameters",
    Block("paragraph", "A route parameter is declared in the route's path with braces. Each route parameter is passed to "
                       "the function by its name. Route parameters are checked before the function runs."),
)
CONVERTERS = _section("converters", "Converters", Block("paragraph", "The path converter also matches slashes."))


def test_three_sentences_of_the_best_section_leave_room_for_the_one_of_the_next_that_answers() -> None:
    # the best section says the question's topic three times; the next says what is asked
    sentences, best = _model(PARAMETERS, CONVERTERS).answer("Can a route parameter match slashes?")
    assert best is PARAMETERS and len(sentences) == 4
    assert sentences[-1] == "The path converter also matches slashes. [[converters]]"


def _paged(id: str, page: str, heading: str, text: str) -> Section:
    return Section.of(id, page=page, path=f"/{page}/#{id}", headings=(page.title(), heading),
                      blocks=(Block("paragraph", text),))


@pytest.mark.anyio
async def test_the_questions_the_panel_suggests_are_answered_from_the_page_they_name() -> None:
    from docent.schema import Page

    pages = (Page("home", "Introduction", "/"), Page("quickstart", "QuickStart", "/quickstart/"),
             Page("clients", "Clients", "/clients/"))
    record = [
        _paged("home", "home", "Introduction", "Toolkit is a client library for the web."),
        _paged("quickstart", "quickstart", "QuickStart", "First, install Toolkit with pip. Then import it and make a request."),
        _paged("clients", "clients", "Clients", "A Client keeps connections open between requests."),
        _paged("lifespan", "home", "Lifespan", "Clients start their pools when the lifespan starts, and clients close "
                                               "them when it ends. Start a client once per process."),
    ]
    model = OfflineModel.of({s.id: s for s in record}, manifest=Manifest(site_name="Toolkit", kind="docs", pages=pages))
    # the word "start" and "clients", said most by the lifespan section, answer neither
    assert model.answer("How do I get started?")[1] is record[3]
    assert await _say(model, "How do I get started?") == (
        "First, install Toolkit with pip. [[quickstart]] Then import it and make a request. [[quickstart]]")
    assert await _say(model, "What should I know about “Clients”?") == (
        "A Client keeps connections open between requests. [[clients]]")
    # a question that asks more than the way in is answered as any other
    assert "[[quickstart]]" not in await _say(model, "How do I start a client's pool?")



def test_a_line_that_leads_into_code_answers_with_what_its_code_says() -> None:
    from docent.sidecar.offline.picking import pick

    users = _section(
        "users", "Users",
        Block("paragraph", "It is also possible to specify a User for the request:"),
        Block("code", "client = TestClient(router)\n# The request will be made with user logged in\n"
                      'response = client.get("/me", user=user)', lang="python"),
    )
    session = _section(
        "session", "SessionAuth",
        Block("paragraph", "Uses the default session authentication - authenticates any logged-in user:"),
        Block("code", 'api.get("/protected", auth=SessionAuth())', lang="python"),
    )
    others = [_section(f"other{i}", f"Other {i}", Block("paragraph", f"Routers group each request of app {i}."))
              for i in range(6)]
    model = _model(users, session, *others)
    source = model.source()
    asked = Weighed.of("How do I make a request as a logged-in user with the TestClient?", model.vocabulary(source),
                       model._lexicon(source), source.manifest)
    # the users line's code says "TestClient" and "logged in": it answers, the session line only says "logged-in user"
    picked = pick([(1.0, users), (0.9, session)], asked, None, 1.0)
    assert [(m[3], m[4].id) for m in picked] == [("It is also possible to specify a User for the request:", "users")]


@pytest.mark.anyio
async def test_a_sentence_whose_code_marks_make_two_cites_each_as_the_gate_cuts_them() -> None:
    """The record's text is flat: "... LDAP and Rspamd. setup config dkim will ..." is one sentence (a lower-case word
    follows the stop), but said with its code marked, "... Rspamd. `setup config dkim` will ...", the gate cuts it in
    two. Each part carries its citation, so the gate never holds an uncited half (docker-mailserver's DKIM page)."""
    from docent.sidecar.answer.sentences import SentenceSplitter

    keys = _section(
        "generating-keys", "Generating keys",
        Block("admonition", "Required when using LDAP and Rspamd. setup config dkim will generate DKIM keys for the "
              "primary mail domain, derived from the FQDN.", marker="You may need to specify mail domains explicitly",
              code=("setup config dkim",)),
    )
    said = await _say(_model(keys), "Which domain does setup config dkim generate DKIM keys for?")
    splitter = SentenceSplitter()
    cut = [str(s) for s in [*splitter.feed(said), *splitter.finish()]]
    assert any(s.startswith("`setup config dkim` will generate") for s in cut), cut
    assert all(s.rstrip().endswith("[[generating-keys]]") for s in cut if s.strip()), cut


def test_a_lists_items_that_go_on_from_their_lead_are_said_after_it_never_alone() -> None:
    """A lead with no stop ("The cluster role is needed by") goes on into its items: an item said alone was half a
    sentence ("The enterprise edition to manage functions in several namespaces."), and the lead alone another."""
    items = ("the standard edition to scrape node metrics for the autoscaler",
             "the enterprise edition to manage functions in several namespaces")
    role = _section(
        "role", "Disabling the cluster role",
        Block("paragraph", "Some features need cluster-wide access. The cluster role is needed by"),
        *(Block("item", text, marker="-") for text in items),
    )
    from docent.sidecar.offline.quotes import listed, quotes

    assert "The cluster role is needed by" not in quotes(role) and "Some features need cluster-wide access." in quotes(role)
    assert listed(role, f"{items[1]}.") == ["The cluster role is needed by", f"- {items[0]}.", f"- {items[1]}."]
    long = _section("long", "Long", Block("paragraph", "The cluster role is needed by"),
                    *(Block("item", f"{text} on day {n}", marker="-") for n in range(3) for text in items))
    assert listed(long, f"{items[1]} on day 2.") == ["The cluster role is needed by", f"- {items[1]} on day 2."]
    said = _model(role).answer("What needs the cluster role to manage functions in several namespaces?")[0]
    texts = [s.rsplit(" [[", 1)[0] for s in said]
    assert "The cluster role is needed by" in texts, said
    assert texts.index("The cluster role is needed by") < texts.index(f"- {items[1]}."), said



@pytest.mark.anyio
async def test_a_line_the_record_writes_without_an_end_mark_is_said_with_one() -> None:
    """An admonition's line ("Tip: Check the new setup action ..."), a list item or a caption may end with no full
    stop; said as a sentence, with the next sentence after it, it ran on ("... with examples The action creates ...").
    Each sentence said ends with its end mark before its citation."""
    from docent.sidecar.answer.sentences import SentenceSplitter

    release = _section(
        "release-in-ci", "Release in CI",
        Block("paragraph", "This guide shows you how to bump versions and publish releases with the toolkit in CI."),
        Block("admonition", "Check the new setup action, simple and with examples", marker="tip"),
        Block("paragraph", "The release action creates an environment variable called REVISION with the new version."),
    )
    said = await _say(_model(release), "How do I bump versions in CI with the setup action and its examples?")
    splitter = SentenceSplitter()
    cut = [str(s).rsplit(" [[", 1)[0] for s in [*splitter.feed(said), *splitter.finish()] if str(s).strip()]
    # the gate cuts the tip apart from the sentence after it: before, "... examples [[release-in-ci]] The release
    # action ..." was one sentence to it, citing the section twice
    assert any(s.endswith("simple and with examples.") for s in cut), cut
    assert all(s.count("[[") == 0 and s.rstrip().rstrip("`").endswith((".", "!", "?", ":")) for s in cut), cut
