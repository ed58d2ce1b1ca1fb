"""Cards (seed 004): show_links shows links to pages, offer_choices asks a question with two to four answers, and
the confirm card asks the visitor's approval for a page's action or field that asks first.

The words a model writes on a card reach the visitor too, so the gate's rules hold for them (`vet`): they cite
nothing, so with the model check off they pass what a sentence citing nothing must (`Judge.vet`), or, on a link to a
page with record sections, what a sentence citing those sections must. A card that
asks waits: the visitor's answer continues the turn as that call's result, in the words below.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from docent.schema import Page, Section

from ...model.port import ToolCall
from ..bundle import Bundle
from ..conversation import Waiting
from ..events import Card
from ..intros import INTRO_WORDS
from ..rules.connective import CONNECTIVE_WORDS
from ..rules.markup import MARKUP
from .ids import no_such
from .types import Choices, Failed, Family, Here, Link, Links, Outcome, Passed, Verdict, Vetter, named

CARDS = ("show_links", "offer_choices")  # the tools that are cards; the confirm card is a page's tool's


def check(call: ToolCall, here: Here, bundle: Bundle) -> Verdict:
    data = call.input or {}
    if call.name == "show_links":
        return _show_links(call, bundle, data["items"])
    return _offer_choices(call, data)


def _show_links(call: ToolCall, bundle: Bundle, items: list[dict[str, Any]]) -> Verdict:
    if not items:
        return Failed(call, "show_links got arguments its parameters reject: give at least one link.")
    if any(MARKUP.search(str(item.get(k, ""))) for item in items for k in ("title", "gist")):
        return Failed(call, "show_links got a title or gist with markup in it: write plain words, no HTML or images.")
    unknown = next((item["to"] for item in items if item["to"] not in bundle.links), None)
    if unknown is not None:  # a site too large for an enum takes ids as text
        return Failed(call, no_such("page", unknown, bundle.links))
    links = tuple(Link(item["to"], bundle.links[item["to"]], item["title"], item["gist"]) for item in items)
    return Passed(call, "show_links", None, Links(links))


def _offer_choices(call: ToolCall, data: Mapping[str, Any]) -> Verdict:
    options = [o.strip() for o in data.get("options", [])]
    if not 2 <= len(options) <= 4 or len(set(options)) != len(options) or not all(options):
        return Failed(
            call,
            "offer_choices got arguments its parameters reject: options must be two to four short answers, "
            "each said once.",
        )
    if not str(data.get("question", "")).strip():
        return Failed(call, "offer_choices got arguments its parameters reject: ask a question.")
    if any(MARKUP.search(text) for text in (str(data["question"]), *options)):
        return Failed(
            call, "offer_choices got a question or option with markup in it: write plain words, no HTML or images."
        )
    return Passed(call, "offer_choices", None, Choices(data["question"].strip(), tuple(options)))


def vet(verdict: Passed, gate: Vetter, bundle: Bundle) -> Passed | Failed:
    """The words a model writes on a card reach the visitor too, so the gate's rules hold for them; a label of
    the site's own (a page's, a part's), quoted as it is, is the site's words, not the model's."""
    labels = bundle.labels
    if isinstance(verdict.detail, Links):
        for link in verdict.detail.links:
            about = link_sections(link, bundle)
            for text in link_words(link):
                why = gate.vet(str(text), about=about)
                if why:
                    words = f"show_links was not shown: {why} Write what the page says."
                    return Failed(verdict.call, words, check="card")
        return verdict
    choices = verdict.detail
    assert isinstance(choices, Choices)
    # The question introduces its answers as a list's intro line does its items: it may be as long as one.
    for text, limit in [(choices.question, INTRO_WORDS), *((option, CONNECTIVE_WORDS) for option in choices.options)]:
        if text in labels:
            continue
        why = gate.vet(str(text), words=limit)
        if why:
            return Failed(verdict.call, f"offer_choices was not shown: {why} Use the record's words.", check="card")
    return verdict


def link_words(link: Link) -> list[str]:
    """What a link says in the model's words: its title and gist, less the site's own name of its target quoted as it
    is (`_own`), which is shown, not asked."""
    own = _own(link.target)
    return [text for text in (link.title, link.gist) if text not in own]


def _own(target: Page | Section) -> tuple[str, ...]:
    """The site's own names of a target, as the model may copy one: its label, and its name where that differs."""
    return (target.label, named(target))


def _title(link: Link) -> str:
    """The link's title as shown: the site's own name of its target, however the model copied it ("Docker" as
    "Docker (Providers)"); any other title, the model's words, as written (and asked: `link_words`)."""
    return named(link.target) if link.title in _own(link.target) else link.title


def link_sections(link: Link, bundle: Bundle) -> tuple[str, ...]:
    """The record's sections a link's words are about: those of the page it opens, and the section it names."""
    target = link.target
    page = target.page if isinstance(target, Section) else link.to
    on_page = bundle.record_pages.get(page, ())
    if link.to in on_page or link.to not in bundle.record:
        return on_page
    about = {*on_page, link.to}  # a section of another page: both, in the record's order
    return tuple(sid for sid in bundle.record if sid in about)


def carry_out(passed: Passed, bundle: Bundle, here: Here) -> Outcome:
    if passed.kind == "show_links":
        return _links(passed)
    return _choices(passed)


def _links(passed: Passed) -> Outcome:
    assert isinstance(passed.detail, Links)
    items = []
    for link in passed.detail.links:
        target = link.target
        items.append({"id": target.id, "label": named(target), "path": target.path, "title": _title(link),
                      "gist": link.gist})
    card = Card("links", passed.call.id, {"items": items})
    titles = ", ".join(json.dumps(i["title"], ensure_ascii=False) for i in items)
    return Outcome((card,), f"Showed the visitor links to {titles}.")


def _choices(passed: Passed) -> Outcome:
    choices = passed.detail
    assert isinstance(choices, Choices)
    card = Card("choices", passed.call.id, {"question": choices.question, "options": list(choices.options)})
    waiting = Waiting(passed.call.id, "offer_choices", "choices", choices.options)
    return Outcome((card,), None, waiting)


def confirm(
    call: str, name: str, label: str, *, page: str, field_id: str | None = None, value: str | None = None
) -> Outcome:
    """The confirm card of a page's action or field that asks first: it waits on the visitor's approval."""
    card = Card("confirm", call, {"name": name, "label": label})
    return Outcome((card,), None, Waiting(call, name, "confirm", page=page, field_id=field_id, value=value))


def unknown(name: str, path: list[Any], value: Any, ids: Any) -> str | None:
    if name == "show_links" and len(path) == 3 and path[2] == "to":
        return no_such("page", value, ids)
    return None


def acted(passed: Passed, bundle: Bundle) -> list[str]:
    if isinstance(passed.detail, Links):
        return ["links", *(link.target.label for link in passed.detail.links)]
    return []


# The results a card's answer gives, in seed 004's words.


def picked(waiting: Waiting, pick: str) -> str:
    return f'The visitor picked "{pick}".'


def approved(label: str) -> str:
    return f'Approved by the visitor and pressed "{label}".'


def declined(label: str) -> str:
    return f'The visitor declined "{label}". That is final: leave it unless they ask for it again.'


def unanswered(waiting: Waiting) -> str:
    """The result of a card the visitor left for a new question: every tool call must have one."""
    if waiting.kind == "confirm":
        return f"The visitor did not approve {waiting.name}; they asked something else instead, so it was not pressed."
    return "The visitor picked nothing; they asked something else instead."


FAMILY = Family(check, carry_out, unknown=unknown, acted=acted, vet=vet)
