"""The gate on documentation prose read as docs mean it (found in review of round 5): the same order told from the
other event, a list's "any of", docs' nouns and prepositions that share a contrast word's spelling, and the same
words told falsely still held. The record is test_gate_docs_prose.py's made-up library's, with sections of its own."""

from __future__ import annotations

import pytest

from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from tests.sidecar.gating import docs_section as _section
from tests.sidecar.gating import fate, record_of
from tests.sidecar.test_gate_docs_prose import RECORD as PROSE

RECORD = record_of(
    *PROSE.values(),
    _section("samesite", "Cookies", "The samesite flag accepts one of lax, strict or none."),
    _section("transport", "Transports", "The transport now forwards every request to the proxy server."),
    _section("hostx", "Trusted hosts", "The Host header must match one of allowed_hosts exactly. A check takes "
             "exactly 3 ms.", "TrustedHostMiddleware"),
    _section("secret", "Secrets", "The secret_key argument is required. The https_only flag is optional."),
    _section("lifespan", "Lifespan", "The lifespan startup handler runs before the server starts accepting requests."),
    _section("strategies", "Update strategies",
             "- eager: Lock a newer version of the named packages and keep other dependencies as they are.\n"
             "- reuse and all: Lock other versions of the named packages."),
    _section("wheels", "Platforms", "Sometimes this will result in a broken bundle when a release doesn't "
             "contain all wheels."),
    _section("uploaded", "Upload times", "The index must give the upload time. If the field is not present for "
             "a given file, the file will be treated as unavailable."),
    _section("minimal", "Minimal versions", "For example, parser>=2.0 will be resolved to version 2.0.0 if there "
             "is no other compatibility issue. The loader reads all files in the folder."),
    _section("headings", "Heading links", "Linking to any heading used to be the default, but now opt-in is "
             "required. The anchor is used to link to the item."),
    _section("levels", "Template logging", "Every template has access to a log function: log.debug, log.info, "
             "log.warning, log.error and log.critical."),
    _section("ignored", "Limitations", "The fast resolver does not support the inherit lock strategy. This "
             "will be ignored when writing to the lock file. The next release will ship a faster resolver."),
    _section("settings", "Settings", "The following settings exist.\nrequest_timeout: Description The timeout "
             "in seconds; Default Value 15; Available in Project No\nuse_fast: Description Use the fast "
             "resolver; Default Value False; Available in Project Yes"),
    _section("overrides", "Overrides", "Overrides are a last resort when the user knows a dependency works with "
             "a newer version than it declares, but the package has not yet been updated to declare it."),
    _section("completion", "Completion", "Writing to the system folder requires root. Writing to the home "
             "folder does not require root, and installs the script for your user only."),
    _section("loading", "Loading", "Previously, the loader would read every file. It would then cache each "
             "of them. Now it reads only changed files. A future version would index them."),
    _section("build", "Builds", "The build is fast. In the morning the maintainers review every pull request. "
             "If the build does not fail, all hooks run in order."),
    _section("absent", "Configuration", "In the absence of a config file the loader uses the built-in "
             "defaults."),
    _section("offline", "Offline mode", "Without a network connection, the installer does not download "
             "wheels. It installs the wheels it has cached."),
    _section("sched", "Scheduling", "The scheduler does not support reports. The scheduler supports jobs "
             "and runs them hourly."),
    _section("csrf", "CSRF validation", "By default, requests made with the test factory will not have CSRF "
             "validation applied."),
    _section("objperm", "Object permissions", "The generic views will not automatically apply object "
             "permissions to each instance of a list."),
    _section("cache", "Caching", "Nothing is cached between requests. Requests never wait for a lock."),
    _section("bulk", "Bulk clients", "The bulk API is not friendly to batch clients. It accepts batch clients "
             "with a token."),
    _section("indexpages", "Index pages", "You may name your index pages README.md instead of index.md."),
    _section("proxies", "Proxies", "The number of proxies the API runs behind. If set to None then less "
             "strict IP matching will be used by the throttle classes."),
    _section("layout", "Package layout", "A plugin package holds a templates folder and a plugins folder. "
             "Note the absence of an index module in the plugins folder!"),
    _section("packaged", "Library mode", "There is a field packaged under the [tool.kit] table. If it is set to "
             "true, the kit treats the project as a library. The field strict is false by default. The field "
             "verbose is true by default."),
)


def verdict(sentence: str) -> str:
    return fate(Gate(RECORD, Lexicon([])), sentence)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # "B after A" says "A before B": the events change sides with the word.
        ("The server starts accepting requests after the lifespan startup handler runs [[lifespan]].", "shown"),
        ("After the lifespan startup handler runs, the server starts accepting requests [[lifespan]].", "shown"),
        ("The lifespan startup handler runs after the server starts accepting requests [[lifespan]].", "order"),
        ("After the server starts accepting requests, the lifespan startup handler runs [[lifespan]].", "order"),
        # "Any of" a list chooses one of it, as "one of" does; "any" alone is still the whole.
        ("The samesite flag accepts any of lax, strict or none [[samesite]].", "shown"),
        ("The samesite flag accepts all of lax, strict and none [[samesite]].", "quantifier"),
        ("If any of the hooks fails, the following hooks will not get the opportunity to be executed [[hooks]].", "shown"),
        # A noun of docs ("its target") is no plan against the section's "now"; a plan told as done is still held.
        ("The transport forwards every request to its target through the proxy server [[transport]].", "shown"),
        ("The transport forwards every request to the proxy server with the goal of caching it [[transport]].", "shown"),
        ("The transport is expected to forward every request to the proxy server [[transport]].", "hedge"),
        # "About" and "around" hedge only a figure: "strict about the header" is no estimate; "about 3 ms" still is.
        ("TrustedHostMiddleware is strict about the Host header matching one of allowed_hosts [[hostx]].", "shown"),
        ("The middleware is a wrapper around the app, and the Host header must match exactly [[hostx]].", "shown"),
        ("A check of the Host header takes about 3 ms [[hostx]].", "hedge"),
        # A need said of one thing excuses no "optional" said of another; "needs the optional X" still says both.
        ("The secret_key argument is optional, though you need the https_only flag for production [[secret]].", "hedge"),
        ("The secret_key argument is optional [[secret]].", "hedge"),
        ("Parsing HTML also needs the optional lxml dependency [[extras]].", "shown"),
        # One alternative over another the docs offer, where another unit says which happens by default: the
        # sentence must state what chooses it.
        ("By default, the parser raises a ParseError instead of exiting on an error [[exits]].", "polarity"),
        ("Set exit_on_error=False if you want the parser to raise a ParseError instead of exiting on an error "
         "[[exits]].", "shown"),
        ("With exit_on_error set to False, the parser raises a ParseError instead of exiting on an error [[exits]].",
         "shown"),
        # "A rather than B" where the docs never say B: B is the sentence's contrast, A what it claims.
        ("Workers pick up jobs in order of arrival rather than at random [[workers]].", "shown"),
        ("The journal compresses entries rather than leaving them uncompressed [[journal]].", "shown"),
        ("A paused worker picks up jobs rather than waiting until it is resumed [[workers]].", "polarity"),
        ("The journal writes every entry to disk rather than compressing it [[journal]].", "polarity"),
        # "Others" a verb in -ing is done to are things, no one doing the work; as the actor they still are.
        ("eager locks a newer version of the named packages, keeping the others as they are [[strategies]].", "shown"),
        ("Others lock a newer version of the named packages [[strategies]].", "role"),
        ("In the morning others review every pull request [[build]].", "role"),
        ("Everything others review is merged [[build]].", "role"),
        ("Others, such as `reuse` and `all`, lock other versions of the named packages [[strategies]].", "shown"),
        ("Others, such as the release team, lock a newer version of the named packages [[strategies]].", "role"),
        # The one denial of a sentence in another verb, of the same thing and the same object; affirmed, still held.
        ("That can give a broken bundle when a release doesn't ship all wheels [[wheels]].", "shown"),
        ("That can give a broken bundle when a release contains all wheels [[wheels]].", "polarity"),
        # "Doesn't contain all" is "not all": some; "some files" where the docs read "all files" is still held.
        ("That can give a broken bundle when a release lacks some wheels [[wheels]].", "shown"),
        ("The loader reads some files in the folder [[minimal]].", "quantifier"),
        # A denial in a clause of its own leaves the next clause's "all" whole.
        ("If the build passes, some hooks run in order [[build]].", "quantifier"),
        # "Without it" denies what "it" stands for; a denial of a thing the docs never deny is still held.
        ("The index must give the upload time; a file without it is treated as unavailable [[uploaded]].", "shown"),
        ("A file without an upload time is never treated as unavailable [[uploaded]].", "polarity"),
        # "If nothing else conflicts" is "no other": the none pole, not "A and nothing else" (only A).
        ("For example, parser>=2.0 resolves to 2.0.0 if nothing else conflicts [[minimal]].", "shown"),
        ("The loader reads the folder's YAML files and nothing else [[minimal]].", "quantifier"),
        # What a section says "used to" be so is no longer so; "is used to" is a use, which no sentence may deny.
        ("Linking to any heading is no longer the default: you have to opt in [[headings]].", "shown"),
        ("The anchor is no longer used to link to the item [[headings]].", "polarity"),
        # A count a colon hands to the sentence's own list after it, code or words; another count is still held.
        ("Five levels are there: `debug`, `info`, `warning`, `error` and `critical` [[levels]].", "shown"),
        ("Four levels are there: `debug`, `info`, `warning`, `error` and `critical` [[levels]].", "number"),
        # So does a count to the list in parentheses right after it; a wrong count is still held.
        ("There are five levels (`debug`, `info`, `warning`, `error` and `critical`) [[levels]].", "shown"),
        ("There are four levels (`debug`, `info`, `warning`, `error` and `critical`) [[levels]].", "number"),
        ("Five levels are there: `debug` (the lowest), `info`, `warning`, `error` and `critical` [[levels]].", "shown"),
        ("Six levels are there: `debug` (the lowest), `info`, `warning`, `error` and `critical` [[levels]].", "number"),
        # "It's ignored" is how a thing works, as the docs' "will be ignored"; a plan told as done is still held.
        ("The fast resolver doesn't support the inherit lock strategy; it's ignored when the lock file is written "
         "[[ignored]].", "shown"),
        ("The last release shipped a faster resolver [[ignored]].", "hedge"),
        # A table's "No" cell denies its column, of its row: another row's name is still held.
        ("request_timeout isn't available per project; it defaults to 15 [[settings]].", "shown"),
        ("use_fast isn't available per project [[settings]].", "polarity"),
        # A section's "not yet" denies as of now; a denial of "it" is decided by its first denied word.
        ("Overrides are a last resort when a dependency works with a newer version than it declares, but it hasn't "
         "been updated to say so [[overrides]].", "shown"),
        ("Overrides are a last resort, but they haven't been tested with a newer version [[overrides]].", "polarity"),
        # "Y doesn't and ..." leaves its verb out: it denies what was said before it, not the next clause's words.
        ("The system folder requires root, while the home folder doesn't and installs the script for your user only "
         "[[completion]].", "shown"),
        ("The home folder doesn't install the script for your user only [[completion]].", "polarity"),
        # "Previously ... would" and the "would"s that follow it tell a habit of the past; a later plan is still one.
        ("Before, the loader read every file and then cached each of them [[loading]].", "shown"),
        ("The loader now reads only changed files, and it indexed them [[loading]].", "hedge"),
        # "Not so" is a degree of what follows, no verb left out: "not so fast" still denies "fast".
        ("The build is not so fast [[build]].", "polarity"),
        # A section's "the absence of X" denies X: "has no X" is its own; a denial of what it holds is still held.
        ("A plugin package has no index module in its plugins folder [[layout]].", "shown"),
        ("A plugin package has no templates folder [[layout]].", "polarity"),
        # What "the absence of" denies is its noun, not the clause's verb after it when no comma ends the noun.
        ("Without a config file, the loader uses the built-in defaults [[absent]].", "shown"),
        ("The loader never uses the built-in defaults [[absent]].", "polarity"),
        # A denial the sentence opens with sets the scene: where it denies more, the sections must deny that too.
        ("Without a network connection, the installer doesn't download wheels [[offline]].", "shown"),
        ("With no network connection, the installer never downloads wheels [[offline]].", "shown"),
        ("Without a network connection, the installer does not install cached wheels [[offline]].", "polarity"),
        ("Without a config file, the loader never uses the built-in defaults [[absent]].", "polarity"),
        # ... an opening phrase, not a subject's denial: "Nothing is cached ..., and ..." is a claim like its reorder.
        ("Nothing is cached between requests, and requests do not block on a lock [[cache]].", "shown"),
        ("Between requests nothing is cached, and requests do not block on a lock [[cache]].", "shown"),
        # A denial backed by its first word alone (and "it", or what it is said of) is not the section's where a
        # cited sentence says its words of the same thing plainly.
        ("The scheduler is fast, but it does not support reports [[sched]].", "shown"),
        ("The scheduler is fast, but it does not support jobs [[sched]].", "polarity"),
        ("The scheduler does not support jobs [[sched]].", "polarity"),
        # A sentence affirms what a section denies in the site's names too (a title's "CSRF validation"); an adverb
        # after the negation says how, and "not automatically apply X" denies "apply X"; a dotted name is one word
        # ("index.md" is not README.md's "md" and "index pages").
        ("Requests made with the test factory have CSRF validation applied by default [[csrf]].", "polarity"),
        ("By default, CSRF validation is not applied to requests made with the test factory [[csrf]].", "shown"),
        ("The generic views do apply object permissions to each instance of a list [[objperm]].", "polarity"),
        ("The generic views do not apply object permissions to each instance of a list by themselves [[objperm]].",
         "shown"),
        # ... but an "-ly" word before a preposition is an adjective, what is denied: "not friendly to batch clients"
        # denies no "batch clients", and the section's own "accepts batch clients" is shown.
        ("The bulk API accepts batch clients with a token [[bulk]].", "shown"),
        ("The bulk API is friendly to batch clients [[bulk]].", "polarity"),
        ("You may name index pages README.md [[indexpages]].", "shown"),
        ("Index pages have to be named index.md [[indexpages]].", "polarity"),
        # "Less strict" is the other pole of "strict": "looser" restates it, "stricter" turns it round.
        ("If the number of proxies is set to None, the throttle classes use looser IP matching [[proxies]].", "shown"),
        ("If the number of proxies is set to None, the throttle classes use stricter IP matching [[proxies]].",
         "direction"),
        # A setting and its value in one piece of code, where the docs name the setting and then give the value.
        ("Setting `packaged = true` under `[tool.kit]` makes the kit treat the project as a library [[packaged]].",
         "shown"),
        ("Setting `packaged = yes` under `[tool.kit]` makes the kit treat the project as a library [[packaged]].",
         "code_term"),
        # The value given to the next setting the section names is not this one's.
        ("`strict = false` is the default [[packaged]].", "shown"),
        ("`strict = true` is the default [[packaged]].", "code_term"),
    ],
)
def test_documentation_prose_read_as_meant(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected
