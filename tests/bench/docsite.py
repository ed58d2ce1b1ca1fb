"""A generated documentation site of any size, and the retrieval questions that go with it.

Each page documents one component, as real documentation does: a hyphenated name (`ledger-sync`), a class
(`LedgerSync`), a setting in snake_case (`ledger_sync_batch_size`), a version (`3.4.2`) and an error
(`LedgerSyncTimeoutError`), under the same three headings on every page ("Usage", "Configuration", "Changelog",
so the record's ids come from the page and the heading), each section padded with prose the pages share, like the
bench's site. Names are made from word lists, so the pages compete for the same words and a question has to find
its one section among thousands.

`questions(pages)` is the large-site retrieval set: for a sample of the components, questions as a visitor writes
them (the setting as written and in camelCase, the name with spaces or run together, the version, the error), each
with the one section that answers it. `long_questions(pages)` asks the same sections as a reader who files an issue
does: the context first, a pasted error, then what they want, past the words one query reads (`clauses.MAX_WORDS`),
so the search asks it sentence by sentence too and costs several queries.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tests.bench.build import WORDS

DOMAINS = """ledger invoice payment refund settlement card token session audit billing catalog cart checkout shipment
tracking inventory pricing discount coupon customer account profile consent webhook gateway router scheduler queue
cache index search report export import archive backup metrics alert notification mailer""".split()
KINDS = """sync bridge worker relay adapter probe daemon proxy broker keeper watcher loader writer reader builder
checker planner runner tracker mapper filter merger splitter sink source store vault guard pilot beacon courier ferry
harbor signal pulse ranger scout warden herald forge mill press loom kiln anvil lantern compass anchor rudder""".split()
EDITIONS = ["", "lite", "pro", "edge", "core"]
SETTINGS = [
    ("batch_size", "how many records one pass reads before it writes", "500"),
    ("retry_backoff_ms", "how long it waits before it tries a failed call again", "250"),
    ("max_in_flight", "how many requests it keeps open at once", "16"),
    ("flush_interval_s", "how often it writes what it has buffered", "30"),
    ("dead_letter_topic", "where it puts a message it cannot process", "none"),
    ("lease_ttl_s", "how long it holds a lease before another instance may take over", "60"),
    ("read_timeout_ms", "how long it waits for an answer before it gives up", "2000"),
]
ERRORS = ["TimeoutError", "QuotaExceededError", "StaleLeaseError", "SchemaMismatchError", "ConnectionResetError"]
VERBS = ["reconcile", "drain", "replay", "compact", "warm", "rebalance", "snapshot"]
FEATURES = ["retries with jitter", "a dry-run flag", "structured logs", "a health endpoint", "graceful shutdown",
            "per-tenant limits", "a metrics exporter"]
PER_AREA = 100


@dataclass(frozen=True)
class Component:
    number: int
    domain: str
    kind: str
    edition: str

    @property
    def name(self) -> str:
        return "-".join(w for w in (self.domain, self.kind, self.edition) if w)

    @property
    def cls(self) -> str:
        return "".join(w.capitalize() for w in (self.domain, self.kind, self.edition) if w)

    @property
    def setting(self) -> tuple[str, str, str]:
        key, meaning, default = SETTINGS[self.number % len(SETTINGS)]
        return f"{self.name.replace('-', '_')}_{key}", meaning, default

    @property
    def version(self) -> str:
        return f"{1 + self.number % 6}.{self.number % 11}.{self.number % 7}"

    @property
    def error(self) -> str:
        return self.cls + ERRORS[self.number % len(ERRORS)]

    @property
    def area(self) -> str:
        return f"area-{self.number // PER_AREA:03d}"

    @property
    def page_id(self) -> str:
        return f"{self.area}-{self.name}"


def component(number: int) -> Component:
    domain = DOMAINS[number % len(DOMAINS)]
    kind = KINDS[(number // len(DOMAINS)) % len(KINDS)]
    edition = EDITIONS[number // (len(DOMAINS) * len(KINDS)) % len(EDITIONS)]
    return Component(number, domain, kind, edition)


def _filler(seed: int, words: int = 70) -> str:
    return " ".join(WORDS[(seed * 7 + i * 3) % len(WORDS)] for i in range(words)).capitalize() + "."


def page(c: Component) -> str:
    key, meaning, default = c.setting
    verb = VERBS[c.number % len(VERBS)]
    feature = FEATURES[c.number % len(FEATURES)]
    return "\n".join([
        "---", "docent:", "  record: true", "---", f"# {c.name}", "",
        f"The {c.name} component moves {c.domain} data for the {c.kind} stage. {_filler(c.number)}", "",
        "## Usage", "",
        f"Create a `{c.cls}` and call `{verb}()` on it to {verb} the {c.domain} data it holds. {_filler(c.number + 1)}",
        "",
        "## Configuration", "",
        f"`{key}` sets {meaning}; the default is {default}. {_filler(c.number + 2)}", "",
        "## Changelog", "",
        f"Version {c.version} added {feature}. {c.cls} now raises `{c.error}` instead of failing silently. "
        f"{_filler(c.number + 3)}", "",
    ])


def generate(root: Path, pages: int) -> list[Component]:
    """Writes root/docs (the pages and a home page) and root/plain.yml, root/search.yml, root/docent.yml."""
    docs = root / "docs"
    made = []
    for number in range(pages):
        c = component(number)
        folder = docs / c.area
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{c.name}.md").write_text(page(c), encoding="utf-8")
        made.append(c)
    (docs / "index.md").write_text("# Components\n\n## Start { #start }\n\nThe components.\n", encoding="utf-8")
    base = "site_name: Components\nmarkdown_extensions: [attr_list, md_in_html, {toc: {permalink: true}}]\n"
    for name, plugins in (("plain", "[]"), ("search", "[search]"), ("docent", "[docent]")):
        (root / f"{name}.yml").write_text(base + f"plugins: {plugins}\n", encoding="utf-8")
    return made


def _camel(snake: str) -> str:
    first, *rest = snake.split("_")
    return first + "".join(w.capitalize() for w in rest)


def questions(components: list[Component], *, every: int = 7) -> list[dict[str, object]]:
    """The large-site retrieval set: six questions for every `every`th component, each with its one section."""
    out: list[dict[str, object]] = []
    for c in components[::every]:
        key, _, _ = c.setting
        usage, config, changes = (f"{c.page_id}-{h}" for h in ("usage", "configuration", "changelog"))
        spaced = c.name.replace("-", " ")
        out += [
            {"question": f"What does {key} do?", "sections": [config]},
            {"question": f"default for {_camel(key)}", "sections": [config]},
            {"question": f"What changed in {c.name} {c.version}?", "sections": [changes]},
            {"question": f"Why would I get a {c.error}?", "sections": [changes]},
            {"question": f"how do I use the {spaced}", "sections": [usage]},
            {"question": f"{c.name.replace('-', '')} usage", "sections": [usage]},
        ]
    return out


def long_questions(components: list[Component], *, every: int = 7) -> list[dict[str, object]]:
    """The large-site retrieval set's long questions: two for every `every`th component (its changelog by the error a
    reader pastes, its configuration by what the setting does), each longer than one query reads."""
    out: list[dict[str, object]] = []
    for c in components[::every]:
        _, meaning, _ = c.setting
        out += [
            {"question": f"We run the {c.name} component in production behind our own scheduler, and since we deployed "
                         f"last week the nightly job fails about one run in ten. The only line in the logs is "
                         f"`{c.error}: operation did not complete`. Nothing in our own code changed. Which release "
                         f"started raising this, and what else changed in it?",
             "sections": [f"{c.page_id}-changelog"]},
            {"question": f"I have a {c.cls} set up in my service and I am trying to tune it before a load test next "
                         f"week. Someone on my team remembers there is a setting for {meaning}, but nobody wrote down "
                         f"its name and our old notes are gone. What is that setting called, and what is its default?",
             "sections": [f"{c.page_id}-configuration"]},
        ]
    return out
