"""The chain of checks every tool call passes, in order: it exists, its input fits, the caps, sensible here.

A call that fails gets words the model can act on; the browser gets nothing of it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from docent.schema import Action, Experiment, Field, Offer, Page, Part, Section, Tour

from .bundle import Bundle
from .gate import MARKUP
from .model.port import ToolCall
from .screen import Screen, page_note, shown_value

MAX_ACTIONS = 4
MANIFEST_TOOLS = {  # tool -> the manifest list its ids come from, and its noun in errors
    "show_page": ("pages", "page"),
    "point_at": ("parts", "part"),
    "run_experiment": ("experiments", "experiment"),
    "start_tour": ("tours", "tour"),
    "offer": ("offers", "offer"),
}
READS = {"get_page_content"}  # tools that look, not act: they count toward no cap


@dataclass
class Here:
    """The turn's view of the visitor's screen: the checked screen, then what the turn's actions changed."""

    page: str | None = None
    section: str | None = None
    experiment: str | None = None
    running: bool = False
    preset: str | None = None
    fields: dict[str, str] = field(default_factory=dict)
    shown: tuple[str, str] | None = None  # (page, its text as the panel read it now), for get_page_content
    asked_for_run: bool = False  # the policy's rule over this turn's question
    actions: int = 0
    waits: bool = False  # a card that waits on the visitor was shown

    @classmethod
    def of(cls, screen: Screen, *, asked_for_run: bool) -> Here:
        return cls(
            page=screen.page,
            section=screen.section,
            experiment=screen.experiment,
            running=screen.running,
            preset=screen.preset,
            fields=dict(screen.fields),
            shown=(screen.page, screen.text) if screen.page is not None and screen.text else None,
            asked_for_run=asked_for_run,
        )


# What a passed call names in the manifest.
Target = Page | Section | Part | Experiment | Tour | Offer | Action | Field


@dataclass(frozen=True)
class Passed:
    """A call that passed every check, with what it names in the manifest."""

    call: ToolCall
    kind: str  # a tool name, or "page_action" / "page_field" for the tools a page lends
    target: Target | None = None  # the manifest's entry
    detail: Mapping[str, Any] = field(default_factory=dict)  # what the check worked out: preset, live, value, items


@dataclass(frozen=True)
class Failed:
    """A call that did not pass: its message goes back to the model as an error result."""

    call: ToolCall
    message: str
    check: str = "sensible"  # the check it failed, for the metrics: input, caps, sensible, card


Verdict = Passed | Failed


class ToolCheck:
    """The chain, for one bundle: schemas compiled once, manifest tables looked up by id."""

    def __init__(self, bundle: Bundle, *, max_actions: int = MAX_ACTIONS) -> None:
        self.bundle = bundle
        self.max_actions = max_actions
        # The bundle compiles the schemas and makes the tables once; a check per turn only points at them.
        self.validators = bundle.validators
        self.actions = bundle.lent_actions  # one name may be lent by several pages: by name, then page
        self.fields = bundle.lent_fields
        self.links = bundle.links

    @property
    def _tables(self) -> Mapping[str, Mapping[str, Target]]:
        b = self.bundle
        return {"pages": b.pages, "parts": b.parts, "experiments": b.experiments, "tours": b.tours, "offers": b.offers}

    def check(self, call: ToolCall, here: Here) -> Verdict:
        failure = self._fits(call)
        if failure:
            return Failed(call, failure, check="input")
        failure = self._under_caps(call, here)
        if failure:
            return Failed(call, failure, check="caps")
        return self._sensible(call, here)

    # 1. a tool that exists, with input in its schema
    def _fits(self, call: ToolCall) -> str | None:
        validator = self.validators.get(call.name)
        if validator is None:
            return f'No tool is named "{call.name}". The tools are {_listed(self.validators)}.'
        if call.input is None:
            return f"{call.name} got arguments its parameters reject: they are not a JSON object."
        errors = sorted(validator.iter_errors(call.input), key=lambda e: list(e.absolute_path))
        if not errors:
            return None
        unknown = self._unknown_id(call, errors)
        if unknown:
            return unknown
        issues = "; ".join(_issue(e) for e in errors[:3])
        return f"{call.name} got arguments its parameters reject: {issues}."

    def _unknown_id(self, call: ToolCall, errors: list[Any]) -> str | None:
        """Seed 004's words for an id the manifest does not have: the model learns the ones it does."""
        first = errors[0]
        if first.validator != "enum":
            return None
        path = list(first.absolute_path)
        enum = first.validator_value
        if call.name in MANIFEST_TOOLS and path == ["id"]:
            noun = MANIFEST_TOOLS[call.name][1]
            return f'No {noun} "{first.instance}". The {noun}s are {_listed(enum)}.'
        if call.name == "show_links" and len(path) == 3 and path[2] == "to":
            return f'No page "{first.instance}". The pages are {_listed(enum)}.'
        if call.name in self.fields and path == ["id"]:
            return f'No {call.name} has the id "{first.instance}". Its ids are {_listed(enum)}.'
        return None

    # 2. under the caps
    def _under_caps(self, call: ToolCall, here: Here) -> str | None:
        if call.name in READS:
            return None
        if here.actions >= self.max_actions:
            return (
                f"{self.max_actions} actions are the most one question may take, so this one was not done. "
                "Tell the visitor what was done, and offer the rest as a next step."
            )
        if here.waits:
            return "The visitor has a card to answer already: wait for their answer before anything else."
        return None

    # 3. sensible here
    def _sensible(self, call: ToolCall, here: Here) -> Verdict:
        name = call.name
        data = call.input or {}
        if name == "show_page":
            return self._show_page(call, here, data["id"])
        if name == "point_at":
            return self._point_at(call, here, data["id"])
        if name == "run_experiment":
            return self._run(call, here, data["id"])
        if name in ("start_tour", "offer"):
            return self._listed_entry(call, data["id"])
        if name == "get_page_content":
            if here.page is None:
                return Failed(call, "No page has introduced itself, so there is no page content to read.")
            return Passed(call, name, self.bundle.pages[here.page])
        if name == "show_links":
            return self._show_links(call, data["items"])
        if name == "offer_choices":
            return self._offer_choices(call, data)
        if name in self.actions:
            return self._page_action(call, here)
        if name in self.fields:
            return self._page_field(call, here, data)
        return Failed(call, f'No tool is named "{name}" on this site.')

    def _show_page(self, call: ToolCall, here: Here, id_: str) -> Verdict:
        target = self.links.get(id_)
        if target is None:
            return Failed(call, f'No page "{id_}". The pages are {_listed(self.links)}.')
        if id_ in self.bundle.pages and id_ == here.page:
            return Failed(call, f"The visitor is on {target.label} already: nothing was opened.")
        if id_ == here.section and isinstance(target, Section) and target.page == here.page:
            return Failed(call, f"The visitor is at {target.label} already: nothing was opened.")
        return Passed(call, "show_page", target)

    def _listed_entry(self, call: ToolCall, id_: str) -> Verdict:
        kind, noun = MANIFEST_TOOLS[call.name]
        table = self._tables[kind]
        entry = table.get(id_)
        if entry is None:  # the tool's enum and the manifest disagree: a bundle built by hand
            return Failed(call, f'No {noun} "{id_}". The {noun}s are {_listed(sorted(table))}.')
        return Passed(call, call.name, entry)

    def _point_at(self, call: ToolCall, here: Here, id_: str) -> Verdict:
        part = self.bundle.parts.get(id_)
        if part is None:
            return self._listed_entry(call, id_)
        # A part on another page: the panel opens that page, then points (the tool's description says so).
        return Passed(call, "point_at", part)

    def _run(self, call: ToolCall, here: Here, id_: str) -> Verdict:
        exp_id, _, suffix = id_.partition(":")
        exp = self.bundle.experiments.get(exp_id)
        if exp is None:
            return Failed(call, f'No experiment "{id_}".')
        preset = next((p for p in exp.presets if p.id == suffix), None) if suffix else None
        if suffix and suffix != "live" and preset is None:
            return Failed(call, f'{exp.label} has no preset "{suffix}".')
        live = suffix == "live" or bool(preset and preset.server)
        if live and not exp.live:
            return Failed(call, f'{exp.label} has no live run: run it in the browser ("{exp_id}") instead.')
        if live and not here.asked_for_run:
            return Failed(
                call,
                f"That is a live run of {exp.label} on the server, and the visitor did not ask for a run. "
                f'Run it in the browser ("{exp_id}") instead, or ask whether they want a live run.',
            )
        preset_id = preset.id if preset else None
        if here.experiment == exp_id and here.running and here.preset == preset_id and not live:
            return Failed(call, f"{exp.label} is running already, as asked: nothing was started.")
        return Passed(call, "run_experiment", exp, {"preset": preset, "live": live})

    def _show_links(self, call: ToolCall, items: list[dict[str, Any]]) -> Verdict:
        if not items:
            return Failed(call, "show_links got arguments its parameters reject: give at least one link.")
        if any(MARKUP.search(str(item.get(k, ""))) for item in items for k in ("title", "gist")):
            return Failed(call, "show_links got a title or gist with markup in it: write plain words, no HTML or images.")
        unknown = next((item["to"] for item in items if item["to"] not in self.links), None)
        if unknown is not None:  # a site too large for an enum takes ids as text
            return Failed(call, f'No page "{unknown}". The pages are {_listed(self.links)}.')
        links = [{**item, "target": self.links[item["to"]]} for item in items]
        return Passed(call, "show_links", None, {"links": links})

    def _offer_choices(self, call: ToolCall, data: Mapping[str, Any]) -> Verdict:
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
            return Failed(call, "offer_choices got a question or option with markup in it: write plain words, no HTML or images.")
        return Passed(call, "offer_choices", None, {"question": data["question"].strip(), "options": options})

    def has_left(self, call: ToolCall, here: Here) -> Failed:
        message = f"The page no longer offers {call.name}."
        if here.page is not None:
            message += "\n\n" + page_note(self.bundle, here.page, here.fields)
        return Failed(call, message)

    def lent(self, name: str, page: str | None, field_id: str | None = None) -> Action | Field | None:
        """The action, or the field of that element id, that `page` lends under `name`; None when it lends none."""
        if field_id is None:
            return self.actions.get(name, {}).get(page or "")
        return next((f for f in self.fields.get(name, []) if f.page == page and (f.id or name) == field_id), None)

    def _page_action(self, call: ToolCall, here: Here) -> Verdict:
        action = self.lent(call.name, here.page)
        if action is None:
            return self.has_left(call, here)
        return Passed(call, "page_action", action)

    def _page_field(self, call: ToolCall, here: Here, data: Mapping[str, Any]) -> Verdict:
        group = [f for f in self.fields[call.name] if f.page == here.page]
        if not group:
            return self.has_left(call, here)
        if "id" in data:
            match = [f for f in group if f.id == data["id"]]
            if not match:
                ids = [f.id for f in group]
                return Failed(call, f'No {call.name} has the id "{data["id"]}". Its ids are {_listed(ids)}.')
            target = match[0]
        else:
            target = group[0]
        options = [o.value for o in target.options]
        value = data["value"]
        if not options:
            return Failed(
                call,
                f'"{target.label}" lists no options, so what it says is the visitor\'s to write: '
                "suggest a value in words instead.",
            )
        if value not in options:
            allowed = ", ".join(shown_value(target, o) for o in options)
            return Failed(call, f'{call.name} got arguments its parameters reject: "{target.label}" takes one of {allowed}.')
        return Passed(call, "page_field", target, {"value": value})


def _issue(error: Any) -> str:
    where = "/".join(str(p) for p in error.absolute_path)
    return f"{where}: {error.message}" if where else error.message


LISTED = 40  # a site of 10,000 pages is told the ids there are by the map, not by an error


def _listed(names: Any) -> str:
    words = [str(n) for n in names]
    if len(words) > LISTED:
        return ", ".join(words[:LISTED]) + f" and {len(words) - LISTED} more (see the site's map)"
    if len(words) <= 1:
        return "".join(words) or "none"
    return ", ".join(words[:-1]) + " and " + words[-1]
