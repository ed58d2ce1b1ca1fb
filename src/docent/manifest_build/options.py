"""The owner's options beside the pages (tours, offers, lexicon additions, suggestions), checked for shape.

The plugin and `docent manifest` both pass the docent entry of mkdocs.yml through here, so a bad shape fails the
same way in both: with a ConfigError that names the option and says what it should be.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

from .mode import CHOICES, DEFAULT_BUDGET_TOKENS
from .text import collapse
from .types import SiteConfig


class ConfigError(ValueError):
    """An option of the docent plugin has the wrong shape."""


def _text(value: Any, *, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ConfigError(f"{where} must be non-empty text, not {value!r}.")
    return collapse(value)


def _optional_text(value: Any, *, where: str) -> str | None:
    return None if value is None else _text(value, where=where)


def _known(entry: Mapping[str, Any], keys: set[str], *, where: str) -> None:
    unknown = set(entry) - keys
    if unknown:
        raise ConfigError(f"{where} has unknown keys {', '.join(sorted(map(str, unknown)))}.")


def _entries(raw: Any, option: str, *, of: str) -> list[tuple[str, Any]]:
    """A list option's entries, each with where it stands (docent `tours[2]`); none when the option is not set."""
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise ConfigError(f"docent `{option}` must be a list of {of}.")
    return [(f"docent `{option}[{i}]`", entry) for i, entry in enumerate(raw)]


def _tours(raw: Any) -> tuple[dict[str, Any], ...]:
    tours = []
    for where, tour in _entries(raw, "tours", of="{id, label, steps}"):
        if not isinstance(tour, Mapping) or not isinstance(tour.get("steps"), list) or not tour["steps"]:
            raise ConfigError(f"{where} must be a mapping with id, label and a non-empty list of steps.")
        steps = []
        for j, step in enumerate(tour["steps"]):
            at = f"{where}.steps[{j}]"
            if not isinstance(step, Mapping):
                raise ConfigError(f"{at} must be a mapping of page, part or section, and caption.")
            _known(step, {"page", "part", "section", "caption"}, where=at)
            if step.get("part") is not None and step.get("section") is not None:
                raise ConfigError(f"{at} names both a part and a section; a step shows one.")
            if step.get("page") is None and step.get("part") is None and step.get("section") is None:
                raise ConfigError(f"{at} names no page, part or section.")
            steps.append(
                {
                    "page": _optional_text(step.get("page"), where=f"{at}.page"),
                    "section": _optional_text(step.get("section"), where=f"{at}.section"),
                    "part": _optional_text(step.get("part"), where=f"{at}.part"),
                    "caption": _text(step.get("caption"), where=f"{at}.caption"),
                }
            )
        tours.append(
            {"id": _text(tour.get("id"), where=f"{where}.id"), "label": _text(tour.get("label"), where=f"{where}.label"),
             "steps": steps}
        )
    return tuple(tours)


def _offers(raw: Any) -> tuple[dict[str, Any], ...]:
    offers = []
    for where, offer in _entries(raw, "offers", of="{id, label, target}"):
        if not isinstance(offer, Mapping):
            raise ConfigError(f"{where} must be a mapping of id, label and target.")
        _known(offer, {"id", "label", "target"}, where=where)
        offers.append({key: _text(offer.get(key), where=f"{where}.{key}") for key in ("id", "label", "target")})
    return tuple(offers)


def _lexicon(raw: Any) -> dict[str, list[str]]:
    """`{term: [alias, ...]}`, `{term: alias}`, `{term: null}` or a list of terms."""
    if raw is None:
        return {}
    if isinstance(raw, list):
        raw = {term: [] for term in raw}
    if not isinstance(raw, Mapping):
        raise ConfigError("docent `lexicon` must map each term to its aliases, e.g. {Kafka Streams: [kstreams]}.")
    lexicon: dict[str, list[str]] = {}
    for term, aliases in raw.items():
        term = _text(term, where="a docent `lexicon` term")
        if aliases is None:
            aliases = []
        elif isinstance(aliases, str):
            aliases = [aliases]
        if not isinstance(aliases, list):
            raise ConfigError(f"docent `lexicon` {term!r} must list its aliases.")
        lexicon[term] = [_text(a, where=f"an alias of {term!r} in docent `lexicon`") for a in aliases]
    return lexicon


PRONOUNS = ("she", "he", "they")


def _owner(raw: Any, *, site_author: str) -> tuple[str, str, str]:
    """The owner's name, what sentences call them, and their pronoun: from `owner`, else from site_author.

    `owner: Mara Lindqvist` or `owner: {name: Mara Lindqvist, called: Mara, pronoun: she}`; `called` defaults to the
    name's first word and the pronoun to "they".
    """
    if raw is None or raw == "":
        raw = {}
    if isinstance(raw, str):
        raw = {"name": raw}
    if not isinstance(raw, Mapping):
        raise ConfigError(f"docent `owner` must be a name or a mapping of name, called and pronoun, not {raw!r}.")
    _known(raw, {"name", "called", "pronoun"}, where="docent `owner`")
    name = _optional_text(raw.get("name"), where="docent `owner.name`") or collapse(str(site_author or ""))
    called = _optional_text(raw.get("called"), where="docent `owner.called`") or (name.split(" ", 1)[0] if name else "")
    pronoun = (_optional_text(raw.get("pronoun"), where="docent `owner.pronoun`") or "they").lower()
    if pronoun not in PRONOUNS:
        raise ConfigError(f"docent `owner.pronoun` must be one of {', '.join(PRONOUNS)}, not {pronoun!r}.")
    return name, called, pronoun


def _rule(value: Any, *, where: str) -> bool | str:
    """A built-in refusal: true (on, in the guide's words), false (off), or the owner's own words for it."""
    if isinstance(value, bool):
        return value
    return _text(value, where=where)


def _refuse(raw: Any, *, kind: str = "portfolio") -> dict[str, Any]:
    """`{pay: true, private: true, topics: [{id, asks: [phrase, ...], says: "words"}]}`; pay and private default on for
    a portfolio and off for documentation, where "fees", "age" and "address" are the trade's words."""
    if raw is None:
        raw = {}
    if not isinstance(raw, Mapping):
        raise ConfigError("docent `refuse` must be a mapping, e.g. {pay: true, private: true, topics: [...]}.")
    _known(raw, {"pay", "private", "topics"}, where="docent `refuse`")
    topics = raw.get("topics") or []
    if not isinstance(topics, list):
        raise ConfigError("docent `refuse.topics` must be a list of {id, asks, says}.")
    kept = []
    for i, topic in enumerate(topics):
        where = f"docent `refuse.topics[{i}]`"
        if not isinstance(topic, Mapping):
            raise ConfigError(f"{where} must be a mapping of id, asks (the words that mark a question) and says.")
        _known(topic, {"id", "asks", "says"}, where=where)
        asks = topic.get("asks")
        if isinstance(asks, str):
            asks = [asks]
        if not isinstance(asks, list) or not asks:
            raise ConfigError(f"{where}.asks must list the words or phrases that mark a question as about it.")
        kept.append(
            {
                "id": _text(topic.get("id"), where=f"{where}.id"),
                "asks": [_text(a, where=f"{where}.asks") for a in asks],
                "says": _text(topic.get("says"), where=f"{where}.says"),
            }
        )
    person = kind == "portfolio"
    return {
        "pay": _rule(raw.get("pay", person), where="docent `refuse.pay`"),
        "private": _rule(raw.get("private", person), where="docent `refuse.private`"),
        "topics": kept,
    }


def _synonyms(raw: Any) -> dict[str, list[str]]:
    """`{visitor's word: [the site's word, ...]}`: what a visitor may say for a label's words ("resume": [cv])."""
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise ConfigError("docent `synonyms` must map a visitor's word to the site's words, e.g. {resume: [cv]}.")
    out: dict[str, list[str]] = {}
    for word, means in raw.items():
        word = _text(word, where="a docent `synonyms` word").lower()
        if isinstance(means, str):
            means = [means]
        if not isinstance(means, list) or not means:
            raise ConfigError(f"docent `synonyms` {word!r} must name the site's words it means, e.g. [cv].")
        out[word] = [_text(m, where=f"a meaning of {word!r} in docent `synonyms`").lower() for m in means]
    return out


MAX_SUGGESTION = 500  # as long as a question may be


def _suggestions(raw: Any) -> tuple[str, ...]:
    entries = _entries(raw, "suggestions", of='questions, e.g. ["What did she build?"]')
    found = tuple(_text(item, where=where) for where, item in entries)
    for i, text in enumerate(found):
        if len(text) > MAX_SUGGESTION:
            raise ConfigError(f"docent `suggestions[{i}]` is {len(text)} characters; a question has at most {MAX_SUGGESTION}.")
    return found


KINDS = ("auto", "portfolio", "docs")


def _kind(raw: Any, *, owner: Any) -> str:
    """`kind:` portfolio (a person's site), docs (a project's documentation), or auto: a portfolio when the `owner`
    option names someone, else documentation."""
    kind = "auto" if raw is None or raw == "" else raw
    if kind not in KINDS:
        raise ConfigError(f"docent `kind` must be auto, portfolio or docs, not {raw!r}.")
    if kind != "auto":
        return str(kind)
    return "portfolio" if owner not in (None, "", {}) else "docs"


_HOST = re.compile(r"[A-Za-z0-9.-]+\.[A-Za-z]{2,}(:\d+)?(/|$)|localhost(:\d+)?(/|$)|[\d.]+:\d+(/|$)")


def _site_url(raw: Any) -> str:
    """mkdocs.yml's `site_url`, without its trailing slash: "" where unset, else an absolute URL with its scheme and
    host, as MkDocs requires ("The URL isn't valid, it should include the http:// (scheme)"). The plugin never sees
    another (MkDocs stops the build first); `docent manifest` reads the file itself, and a link read against
    "docs.example.org/kit" would be kept as a path of no host."""
    if raw is None or raw == "":
        return ""
    if not isinstance(raw, str):
        raise ConfigError(f"`site_url` must be the site's address as text (https://docs.example.org/kit/), not {raw!r}.")
    url = raw.strip()
    parts = urlsplit(url)
    if parts.scheme and parts.netloc:
        return url.rstrip("/")
    host = _HOST.match(url.removeprefix("//"))  # "docs.example.org/kit/", "//docs.example.org", "localhost:8000"
    say = f"https://{url.removeprefix('//')}" if host else "https://docs.example.org/kit/, the address the site is served at"
    raise ConfigError(f"`site_url` {raw!r} is not the site's whole address: it needs the scheme and host, as in "
                      f"{say} (MkDocs rejects it too: it should include the http:// scheme).")


def record_options(record: Any = None, budget: Any = None) -> tuple[str, int]:
    """`record:` (auto, whole or search) and `prompt_budget_tokens:` (a whole number of tokens, 1,000 or more)."""
    mode = "auto" if record is None else record
    if mode not in CHOICES:
        raise ConfigError(f"docent `record` must be auto, whole or search, not {record!r}.")
    tokens = DEFAULT_BUDGET_TOKENS if budget is None else budget
    if isinstance(tokens, bool) or not isinstance(tokens, int) or tokens < 1_000:
        raise ConfigError(f"docent `prompt_budget_tokens` must be a whole number of tokens, 1000 or more "
                          f"(the default is {DEFAULT_BUDGET_TOKENS}), not {budget!r}.")
    return mode, tokens


def site_config(
    *,
    site_name: str = "",
    site_url: Any = "",
    owner: Any = "",
    sidecar: Any = "",
    tours: Any = None,
    offers: Any = None,
    lexicon: Any = None,
    site_author: str = "",
    refuse: Any = None,
    synonyms: Any = None,
    suggestions: Any = None,
    kind: Any = None,
) -> SiteConfig:
    """The owner's options, checked. `owner` is the plugin's option (a name or a mapping); site_author its fallback.
    `kind` (auto, portfolio or docs) sets the defaults of the options left unset."""
    if not isinstance(sidecar, str):
        raise ConfigError(f"docent `sidecar_url` must be text (\"\" for the site's own origin), not {sidecar!r}.")
    name, called, pronoun = _owner(owner, site_author=site_author)
    site_kind = _kind(kind, owner=owner)
    return SiteConfig(
        site_name=collapse(str(site_name or "")),
        site_url=_site_url(site_url),
        owner=name,
        sidecar=sidecar.strip().rstrip("/"),
        tours=_tours(tours),
        offers=_offers(offers),
        lexicon=_lexicon(lexicon),
        called=called,
        pronoun=pronoun,
        refuse=_refuse(refuse, kind=site_kind),
        synonyms=_synonyms(synonyms),
        suggestions=_suggestions(suggestions),
        kind=site_kind,
    )
