"""The gate on documentation prose (issue 21): true sentences about a library's docs shown, in the constructions docs
use (a denial told in other words, "not doing so", an "un-" word for the docs' "do not", rates per month, version
numbers, "the two"), while the same words told falsely are still held. The record is a small made-up library's."""

from __future__ import annotations

import pytest

from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from docent.sidecar.answer.numbers import quantities
from docent.sidecar.answer.site import Site
from tests.sidecar.gating import docs_section as _section
from tests.sidecar.gating import fate, record_of

RECORD = record_of(
    _section("archive", "Archive store",
             "The store writes each entry to disk. min_bytes - Do not compress entries that are smaller than this "
             "size in bytes. Defaults to 256."),
    _section("journal", "Journal store", "The journal compresses every entry it writes to disk."),
    _section("workers", "Worker order",
             "Workers pick up jobs in order of arrival. A paused worker never picks up jobs until it is resumed."),
    _section("sessions", "Sessions should be closed",
             "Close each session after use. Not doing so would typically leak connections across requests."),
    _section("hooks", "Shutdown hooks",
             "Hooks run in order. If one of the hooks fails, the following hooks will not get the opportunity "
             "to be executed."),
    _section("plans", "Support plans", "Basic plan $40/month. Team plan $90/month. 12M+ Installs/Month."),
    _section("release-2-4", "2.4.0 (March 3, 2024)",
             "This release swaps the parser behind the loader from lxml to html5lib, and as those parsers differ "
             "a bit in what they accept, some documents will likely load differently."),
    _section("figures", "Figure helpers",
             "Every figure template gets a caption helper in its context automatically, so we can properly "
             "cross-reference other figures within the document."),
    _section("plugins", "Plugin feedback",
             "We are currently evaluating whether to add a plugin API. If your team would be interested in "
             "writing plugins, please let us know. The next release will ship a hooks API."),
    _section("pool", "Worker pool",
             "The pool runs file uploads, sync endpoints and some other scenarios that may not be documented."),
    _section("csrf", "CSRF guard",
             "The guard implements the Double Submit Cookie pattern: the token is sent twice, in a cookie and in a "
             "form field."),
    _section("retries", "Upload retries", "A retried upload is written twice when its first write times out."),
    _section("added-3-1", "Added", "- Add support for streaming uploads #101.\n- Add a timeout to the client #102.",
             "Release notes", "3.1.0 (May 2, 2024)"),
    _section("removed-3-4", "Removed", '- Revert "Add support for streaming uploads" #140.',
             "Release notes", "3.4.0 (August 9, 2024)"),
    _section("requests", "Request", "The request object gives the method, the URL and the headers."),
    _section("lookups", "URL lookups",
             "For cases where there is no request instance, you can make reverse lookups against the application."),
    _section("hosts", "Host checks", "- www_redirect - If set to True, requests to bare hosts are redirected to www."),
    _section("precedence", "Precedence",
             "The order in which values are read is:\n- From an environment variable.\n- From the .env file.\n"
             "- The default value.\nIf none of those match, then config(...) will raise an error."),
    _section("startup", "Startup", "The server will not start serving requests until the startup hook has been run."),
    _section("filters", "Filters",
             "The library includes several filters for common formats. These are all written as plain functions."),
    _section("cache", "Cache options",
             "The following arguments are supported:\n- max_items - The most entries kept. Defaults to 100. Pinned "
             "entries always stay.\n- ttl_secs - Sets a lifetime in seconds for cached entries. "
             "Defaults to 600.\nThe cache is safe to share."),
    _section("deprecations", "Deprecated",
             "Built-in YAML support via the YamlLoader class has been deprecated and will be removed in a future "
             "release."),
    _section("yaml", "YAML", "YAML support was deprecated in version 1.5.0, and removed in version 1.7.0."),
    _section("extras", "Dependencies",
             "The library only requires attrs, and the following dependencies are optional:\n- lxml - Required if "
             "you want to parse HTML.\n- pyyaml - Required for YAML support."),
    _section("exits", "Exit on error",
             "The parser will exit on error or raise a ParseError, by using exit_on_error. By default, the parser "
             "will exit on error."),
    _section("empties", "Empty values",
             "You can ignore empty variables with ignore_empty. This is useful if you prefer the default value "
             "rather than an empty value."),
    _section("latency", "Latency", "With the new pool, request latency fell by a third."),
    _section("roots", "Roots", "If multiple roots are passed, the size limit applies to each root independently."),
    _section("modes", "on_missing", "Use on_missing to choose:\n- 'ok' - do nothing\n- 'warn' (default) - print a "
             "warning\n- 'error' - raise an error"),
    _section("paths", "Path parameters",
             "By default this will capture characters up to the end of the path or the next /. You can use "
             "convertors to modify what is captured."),
    _section("sync", "Sync endpoints",
             "When you create an endpoint using def instead of async def, Starlette runs it in a thread pool."),
    _section("throttles", "Throttles",
             "Pass a throttle to a router: throttle=AnonRateThrottle('100/m'). Or to one operation: "
             "throttle=[UserRateThrottle('10000/d')]."),
    _section("clones", "Shallow clones",
             "When the template is a shallow clone, git can consume more resources than usual. Use a fully "
             "cloned repository instead."),
    _section("replays", "Replays",
             "Consumers must survive a replay, so every handler checks a processed-events table before it acts."),
    _section("cutoffs", "Select cutoffs",
             "Relational fields display at most 1000 items. This behavior is intended to prevent a template from "
             "being unable to render in an acceptable timespan."),
)
LEXICON = Lexicon([])


def verdict(sentence: str) -> str:
    return fate(Gate(RECORD, LEXICON), sentence)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # An "un-" word stands on the docs' own "do not": "left uncompressed" where they say "do not compress".
        ("The store leaves entries below min_bytes uncompressed [[archive]].", "shown"),
        ("The journal leaves entries uncompressed [[journal]].", "polarity"),
        # A denial the docs make of one thing only: what the denial is said of tells the two apart.
        ("Workers pick up jobs in order of arrival [[workers]].", "shown"),
        ("A paused worker picks up jobs in order of arrival [[workers]].", "polarity"),
        # "Not doing so" denies what "so" stands for; what follows is its consequence, which a sentence may state.
        ("Leaving a session open would typically leak connections across requests [[sessions]].", "shown"),
        # A denial in other words of one sense: "chance to run" for "opportunity to be executed".
        ("If a hook fails, the hooks after it do not get the chance to run [[hooks]].", "shown"),
        ("If a hook fails, the hooks after it are not retried [[hooks]].", "polarity"),
        # "None of" a list denies what follows the list; "none of those" what it says of the things listed before it.
        ("If none of the environment variable, the .env file or the default value match, config(...) raises an "
         "error [[precedence]].", "shown"),
        ("If none of the environment variable, the .env file or the default supplies a value, config(...) raises an "
         "error [[precedence]].", "shown"),
        ("If a hook fails, none of the hooks after it get to run [[hooks]].", "shown"),
        ("If a hook fails, none of the hooks after it are retried [[hooks]].", "polarity"),
        # "Not X until Y" says when X starts: told by another event it is no denial; told alone it still is one.
        ("The server waits for the startup hook to run before it starts serving requests [[startup]].", "shown"),
        ("The server starts serving requests while the startup hook runs [[startup]].", "polarity"),
        ("The server starts serving requests before the startup hook has been run [[startup]].", "order"),
        # A rate per month written "/month", and "the two" standing for two things named before it.
        ("The basic plan costs $40 per month and the team plan $90 a month [[plans]].", "shown"),
        ("The basic plan costs $40 per week [[plans]].", "number"),
        ("The plans page counts 12M+ installs a month [[plans]].", "shown"),
        ("The plans page counts 15M+ installs a month [[plans]].", "number"),
        ("Because 2.4.0 swapped lxml for html5lib, and the two differ a bit, some documents will likely load "
         "differently [[release-2-4]].", "shown"),
        ("The two parsers differ in three ways [[release-2-4]].", "number"),
        # A reason naming the release its section's heading gives; a consequence after "so" told in other words.
        ("Because 2.4.0 swapped the parser behind the loader, some documents will likely load differently "
         "[[release-2-4]].", "shown"),
        ("Because 2.4.0 added a caching layer to the loader, some documents load differently [[release-2-4]].",
         "cause"),
        ("The figure template context includes a caption helper automatically, so authors can point readers "
         "at other figures [[figures]].", "shown"),
        ("The figure template context includes a caption helper automatically, so exports finish twice as fast "
         "[[figures]].", "cause"),
        # A rate's letter after its slash is its unit: "10000/d" states "per day", not "per hour".
        ("The operation example allows 10000 requests per day [[throttles]].", "shown"),
        ("The operation example allows 10000 requests per hour [[throttles]].", "number"),
        # "The documentation advises" is the record's voice, no word of the reason; what it advises still is.
        ("A shallow clone can make git consume more resources than usual, which is why the documentation advises a "
         "fully cloned repository [[clones]].", "shown"),
        ("A shallow clone can make git consume more resources than usual, which is why the documentation advises a "
         "mirrored registry cache [[clones]].", "cause"),
        # "So" before a modal tells a goal, which a section may give the other way round ("must survive, so every
        # handler checks"); a plain "so" turned round is still held.
        ("Every handler checks a processed-events table before it acts, so consumers can survive a replay "
         "[[replays]].", "shown"),
        ("Every handler checks a processed-events table before it acts, so consumers must survive a replay "
         "[[replays]].", "cause"),
        # A section's reason told as "This behavior" stands for what it said before: no other reason to hold against.
        ("The 1000-item display limit is there so that a template is not left unable to render in an acceptable "
         "timespan [[cutoffs]].", "shown"),
        ("The 1000-item display limit is there so that relational fields load their items faster [[cutoffs]].",
         "cause"),
        # A modal in an "if" clause is a condition, no plan: "interested" stands; a plan told as done is held.
        ("The maintainers are evaluating a plugin API and ask interested teams to tell them [[plugins]].", "shown"),
        ("The next release shipped a hooks API [[plugins]].", "hedge"),
        # "others" after a preposition is no one doing the work; as the actor, it is.
        ("The pool runs file uploads and possibly some work in others that are not documented [[pool]].", "shown"),
        ("Others run the pool for file uploads [[pool]].", "role"),
        # A thing "reports" a figure, "another" size is no one else, a "context manager" manages nobody; people still do.
        ("The plans page reports 12M+ installs a month [[plans]].", "shown"),
        ("The plans team reports to the maintainers [[plans]].", "role"),
        ("min_bytes takes another size in bytes than the default of 256 [[archive]].", "shown"),
        ("Another engineer closes each session after use [[sessions]].", "role"),
        ("Use each session as a context manager, which closes it after use [[sessions]].", "shown"),
        ("The team's manager closes each session after use [[sessions]].", "role"),
        # A section's "several filters" counts them, no part of all of them; its "these are all" still ties "all".
        ("All of the library's filters are written as plain functions [[filters]].", "shown"),
        ("Only some of the filters are written as plain functions [[filters]].", "quantifier"),
        ("If you pass several roots, the size limit applies to each of them independently [[roots]].", "shown"),
        # A definition list's item runs over its later sentences: what they say is its term's, not another's.
        ("Whatever max_items is set to, pinned entries always stay [[cache]].", "shown"),
        ("With any ttl_secs, pinned entries always stay [[cache]].", "direction"),
        # A version bound to what another cited section's sentence says ("would be removed in a future release").
        ("The 1.5.0 notes announced that YamlLoader would be removed in a future release, and YAML support was then "
         "removed in version 1.7.0 [[deprecations, yaml]].", "shown"),
        ("YAML support was removed in version 1.5.0 [[deprecations, yaml]].", "direction"),
        # "Needs the optional X": optional to the library, needed for one use; "X is optional for" that use is not so.
        ("Parsing HTML also needs the optional lxml dependency [[extras]].", "shown"),
        ("lxml is optional if you want to parse HTML [[extras]].", "hedge"),
        # "After every entry" says how often, not which came first.
        ("The journal compresses after every entry it writes to disk [[journal]].", "shown"),
        # One alternative told over another the docs offer ("exit ... or raise"), and "rather A than B" split.
        ("Set exit_on_error=False if you want the parser to raise a ParseError instead of exiting on an error "
         "[[exits]].", "shown"),
        ("The parser raises a ParseError instead of logging the error [[exits]].", "polarity"),
        ("Set ignore_empty if you would rather use the default value than an empty value [[empties]].", "shown"),
        ("Set ignore_empty if you would rather use an empty value [[empties]].", "polarity"),
        # "Fell rather than rose" says "fell": the opposite word it turns down is no claim.
        ("With the new pool, request latency fell rather than rose [[latency]].", "shown"),
        ("With the new pool, request latency rose rather than fell [[latency]].", "polarity"),
        # A count in words of a cited list's items.
        ("on_missing takes one of three values: 'ok', 'warn' and 'error' [[modes]].", "shown"),
        ("on_missing takes one of four values [[modes]].", "number"),
        # An opening "Without X," is the docs' "by default", where they name X; an X they never name is no default.
        ("Without a convertor, a path parameter captures characters up to the end of the path [[paths]].", "shown"),
        ("Without a prefix, a path parameter captures characters up to the end of the path [[paths]].", "polarity"),
        # A word written in lower case is no proper name, though the record writes it only in a name.
        ("A retried upload ends in a double write when its first write times out [[retries]].", "shown"),
        # A denial read with its inline code in place, and with a word the site's names (a title: "Request") mask.
        ("Endpoints written with `def` instead of `async def` run in a thread pool [[sync]].", "shown"),
        ("Endpoints written with `def` never run in a thread pool [[sync]].", "polarity"),
        ("With no request instance you can still make reverse lookups against the application [[lookups]].", "shown"),
        ("Reverse lookups are never made against the application [[lookups]].", "polarity"),
        # A setting's value is no proper name; a party's name still is.
        ("To stop that redirect, set www_redirect to False [[hosts]].", "shown"),
        ("To stop that redirect, ask Cloudflare to set www_redirect [[hosts]].", "unknown_term"),
        # Two release notes: a change one release added and a later one reverted, by its quoted name.
        ("Support for streaming uploads was added in 3.1.0 and later reverted in 3.4.0 [[added-3-1, removed-3-4]].",
         "shown"),
        ("The guard implements the Double Submit Cookie pattern from Tessellate [[csrf]].", "unknown_term"),
    ],
)
def test_documentation_prose(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected


def test_a_count_is_a_count_where_a_plural_follows_and_a_slash_rate_is_per() -> None:
    assert [q.said() for q in quantities("the two largest services")] == ["2"]
    assert quantities("requests and httpx: the two differ a bit, and the two of them.") == ()
    assert [q.said() for q in quantities("$40/month")] == ["40", "2.592e+06 s"]
    assert quantities("$40/month") == quantities("$40 per month") == quantities("$40 a month")
    said = quantities("12M+ installs, 19K+ stars, 3B rows, a 5m wait")
    assert [q.said() for q in said] == ["1.2e+07", "19000", "3e+09", "300 s"]  # a lower-case m: minutes first (units19)
    assert [q.said() for q in said[3].other] == ["5 millicores", "5e+06"]  # and its other readings, each vouching


def test_a_denial_read_in_its_words_senses_keeps_what_it_says_ended() -> None:
    """Reading a denial's words as their senses (run = execute, start = begin) keeps the rest of it: a section's
    "ended X" is what stops it backing "did not end X", with a sense word in either denial as without one."""
    from docent.sidecar.answer.contradictions import _in_sense
    from docent.sidecar.answer.polarity import Denial

    denial = Denial(frozenset({"start", "task"}), "start", frozenset({"never"}), ending=frozenset({"end"}))
    read = _in_sense(denial, {"start": "begin"})
    assert read == Denial(frozenset({"begin", "task"}), "begin", frozenset({"never"}), ending=frozenset({"end"}))


def test_no_word_read_as_its_sense_reads_as_a_head_whose_told_of_is_made() -> None:
    """A denial's `told_of` is made only for the heads `contradictions._guaranteed` reads it of (`polarity.TOLD`),
    from its words as written; its head is then read as its sense (`_in_sense`). A sense that read a word as one of
    those heads, or one of them as another word, would compare a guarantee with nothing told of, or drop it."""
    from docent.sidecar.answer import polarity, senses
    from docent.sidecar.answer.words import stems

    read = senses.of(stems)
    assert read and not (read.keys() | set(read.values())) & polarity.TOLD


def test_a_word_in_s_after_a_preposition_and_a_name_is_a_noun_not_a_deed() -> None:
    """"For Starlette applications" names things, no deed of Starlette's; "Starlette wraps" where the section gives
    the wrapping to Uvicorn is still the wrong actor."""
    from docent.sidecar.answer import actors
    from docent.sidecar.answer.passage import Passage, unit
    from docent.sidecar.answer.words import fold

    section = Passage.of("Other frameworks", "Uvicorn wraps ASGI middleware around other ASGI applications.", fold)
    owner = frozenset({"starlette"})
    assert not actors.held(unit("For Starlette applications the pattern wraps the middleware.", fold, owner), [section])
    assert actors.held(unit("Starlette wraps ASGI middleware around other applications.", fold, owner), [section])


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # The site's own name written as one word, as its docs and readers write it: "external-dns" is ExternalDNS.
        ("Its registry lets ExternalDNS keep the owner of each record in a TXT record [[owners]].", "shown"),
        # A name that is no spelling of the site's is still a name the section never gives.
        ("Its registry lets CoreDNS keep the owner of each record in a TXT record [[owners]].", "unknown_term"),
        # An acronym's plural names what the acronym does; a plural acronym the section never writes does not.
        ("Two clusters that share a zone need different owner IDs [[owners]].", "shown"),
        ("Two clusters that share a zone need different owner CRDs [[owners]].", "unknown_term"),
        # An acronym that is a stop word ("AS") is no form a section could fail to mention.
        ("Two clusters that share a zone need different owner ASs [[owners]].", "unknown_term"),
    ],
)
def test_the_sites_name_as_one_word_and_an_acronyms_plural(sentence: str, expected: str) -> None:
    record = record_of(_section("owners", "TXT registry",
                                "The registry keeps the owner of each record in a TXT record. Two clusters that "
                                "share a zone need a different owner ID each."))
    site = Site.of(record, Lexicon([]), owner="external-dns", docs=True)
    assert fate(Gate(record, Lexicon([]), site=site), sentence) == expected
