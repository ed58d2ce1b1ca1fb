"""A call that passed the checks, carried out: the browser's event and the result the model reads at once.

Both are in the manifest's words (its labels and paths, never the model's), and the results in seed 004's
and seed 000's: "Opened Lab for the visitor.", "Pressed \"Run\".", "The visitor picked \"Yes\".".
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from docent.schema import Action as PageAction
from docent.schema import Experiment, Field, Offer, Page, Part, Preset, Section, Tour, plain

from .bundle import Bundle
from .conversation import Waiting
from .events import Action, Card
from .screen import page_note, shown_value
from .toolcheck import READS, Here, Passed


@dataclass(frozen=True)
class Outcome:
    """What a passed call gives: events for the browser, a result for the model, or a card that waits."""

    events: tuple[Action | Card, ...] = ()
    result: str | None = None  # None while the call waits on the visitor
    waiting: Waiting | None = None
    counts: bool = True  # an action toward the cap of four


def carry_out(passed: Passed, bundle: Bundle, here: Here) -> Outcome:
    """Turn a passed call into its events and result, and move `here` as the browser will move."""
    kind = passed.kind
    outcome = _CARRIERS[kind](passed, bundle, here)
    if kind in READS:
        return outcome
    here.actions += 1
    if outcome.waiting is not None:
        here.waits = True
    return outcome


def _page_path(bundle: Bundle, page: str) -> str:
    entry = bundle.pages.get(page)
    return entry.path if entry is not None else "/"


def _show_page(passed: Passed, bundle: Bundle, here: Here) -> Outcome:
    target = passed.target
    assert isinstance(target, Page | Section)  # the check passed it as a page or a home section
    id_ = target.id
    page = target.page if isinstance(target, Section) and id_ not in bundle.pages else id_
    event = Action("show_page", id_, target.label, target.path)
    if page != here.page:
        here.fields = {}  # the new page's fields are unknown until the browser says
    here.page, here.section = page, (None if id_ in bundle.pages else id_)
    result = f"Opened {target.label} for the visitor."
    note = page_note(bundle, page) if page in bundle.pages else ""
    return Outcome((event,), result + ("\n\n" + note if note else ""))


def _point_at(passed: Passed, bundle: Bundle, here: Here) -> Outcome:
    part = passed.target
    assert isinstance(part, Part)
    event = Action("point_at", part.id, part.label, part.path, {"page": part.page})
    if part.page == here.page or part.page not in bundle.pages:
        return Outcome((event,), f"Pointed at {part.label} for the visitor.")
    page = bundle.pages[part.page]
    here.page, here.section, here.fields = part.page, None, {}  # the new page's fields are unknown until the browser says
    opened = f"Opened {page.label} and pointed at {part.label} for the visitor."
    return Outcome((event,), opened + "\n\n" + page_note(bundle, part.page))


def _run_experiment(passed: Passed, bundle: Bundle, here: Here) -> Outcome:
    exp = passed.target
    assert isinstance(exp, Experiment)
    preset: Preset | None = passed.detail.get("preset")
    live = bool(passed.detail.get("live"))
    id_ = passed.call.input["id"] if passed.call.input else exp.id
    preset_id = preset.id if preset else None
    extra = {"experiment": exp.id, "preset": preset_id, "live": live}
    event = Action("run_experiment", id_, exp.label, exp.path, extra)
    here.page, here.section = exp.page, None
    here.experiment, here.running, here.preset = exp.id, True, preset_id
    what = f"a live run of {exp.label}" if live else exp.label
    if preset:
        what += f" with the preset {preset.label}"
    return Outcome((event,), f"Started {what} for the visitor.")


def _start_tour(passed: Passed, bundle: Bundle, here: Here) -> Outcome:
    tour = passed.target
    assert isinstance(tour, Tour)
    steps = [plain(step) for step in tour.steps]
    first = tour.steps[0] if tour.steps else None
    event = Action("start_tour", tour.id, tour.label, first.path if first else "/", {"steps": steps})
    if first is not None and first.page:
        here.page, here.section = first.page, first.section
    count = "one step" if len(steps) == 1 else f"{len(steps)} steps"
    return Outcome((event,), f"Started {tour.label} for the visitor: {count}, which the visitor moves through.")


def _offer(passed: Passed, bundle: Bundle, here: Here) -> Outcome:
    offer = passed.target
    assert isinstance(offer, Offer)
    event = Action("offer", offer.id, offer.label, offer.target, {"target": offer.target})
    return Outcome(
        (event,), f"Offered {offer.label} as a button; nothing is sent or done until the visitor presses it."
    )


def _get_page_content(passed: Passed, bundle: Bundle, here: Here) -> Outcome:
    """The page as it is shown now, as the panel read it; the build's text once the turn has moved elsewhere."""
    assert isinstance(passed.target, Page)
    page = passed.target.id
    if here.shown is not None and here.shown[0] == page:
        return Outcome((), here.shown[1], counts=False)
    text = bundle.manifest.page_text.get(page, "").strip()
    return Outcome((), text or "The page shows no text.", counts=False)


def _show_links(passed: Passed, bundle: Bundle, here: Here) -> Outcome:
    items = []
    for link in passed.detail["links"]:
        target: Page | Section = link["target"]
        items.append(
            {"id": target.id, "label": target.label, "path": target.path, "title": link["title"], "gist": link["gist"]}
        )
    card = Card("links", passed.call.id, {"items": items})
    titles = ", ".join(json.dumps(i["title"], ensure_ascii=False) for i in items)
    return Outcome((card,), f"Showed the visitor links to {titles}.")


def _offer_choices(passed: Passed, bundle: Bundle, here: Here) -> Outcome:
    question, options = passed.detail["question"], passed.detail["options"]
    card = Card("choices", passed.call.id, {"question": question, "options": options})
    waiting = Waiting(passed.call.id, "offer_choices", "choices", tuple(options))
    return Outcome((card,), None, waiting)


def _page_action(passed: Passed, bundle: Bundle, here: Here) -> Outcome:
    action = passed.target
    assert isinstance(action, PageAction)
    name, label, marker = action.name, action.label, action.consequential
    path = _page_path(bundle, action.page)
    if marker == "confirm":
        card = Card("confirm", passed.call.id, {"name": name, "label": label})
        return Outcome((card,), None, Waiting(passed.call.id, name, "confirm", page=action.page))
    if marker:
        event = Action(name, name, label, path, {"name": name, "ring": True})
        return Outcome((event,), f'Rang "{label}" for the visitor; pressing it is theirs.')
    return Outcome((pressed(action, path),), with_note(f'Pressed "{label}".', bundle, here))


def with_note(result: str, bundle: Bundle, here: Here) -> str:
    """Seed 004: a press answers with the page's note as the press left it, the fields as the turn knows them."""
    if here.page is None or here.page not in bundle.pages:
        return result
    return result + "\n\n" + page_note(bundle, here.page, here.fields)


def pressed(action: PageAction | Field, path: str) -> Action:
    """The event of a page action pressed, at once or on the visitor's approval."""
    return Action(action.name, action.name, action.label, path, {"name": action.name, "press": True})


def _page_field(passed: Passed, bundle: Bundle, here: Here) -> Outcome:
    field, value = passed.target, passed.detail["value"]
    assert isinstance(field, Field)
    name, label = field.name, field.label
    path = _page_path(bundle, field.page)
    id_ = field.id or name
    extra = {"name": name, "value": value}
    if field.consequential == "confirm":
        card = Card("confirm", passed.call.id, {"name": name, "label": f"{label}: {_option_label(field, value)}"})
        return Outcome((card,), None, Waiting(passed.call.id, name, "confirm", page=field.page, field_id=id_, value=value))
    if field.consequential:
        event = Action(name, id_, label, path, {**extra, "ring": True})
        return Outcome((event,), f'Rang "{label}" for the visitor; filling it is theirs.')
    here.fields[id_] = value
    event = Action(name, id_, label, path, {**extra, "fill": True})
    return Outcome((event,), f'Filled "{label}"; it now says {shown_value(field, value)}.')


def _option_label(field: Field, value: str) -> str:
    return next((o.label or value for o in field.options if o.value == value), value)


def approve(waiting: Waiting, entry: PageAction | Field, bundle: Bundle, here: Here) -> tuple[Action, str]:
    """What an approved asks-first action or field does: its event, and its result with the page's note."""
    path = _page_path(bundle, entry.page)  # the card that asked counted as the action already
    if waiting.field_id is None or not isinstance(entry, Field):
        return pressed(entry, path), with_note(approved(entry.label), bundle, here)
    value = waiting.value or ""
    here.fields[waiting.field_id] = value
    event = Action(entry.name, waiting.field_id, entry.label, path, {"name": entry.name, "value": value, "fill": True})
    return event, f'Approved by the visitor and filled "{entry.label}"; it now says {shown_value(entry, value)}.'


_CARRIERS = {
    "show_page": _show_page,
    "point_at": _point_at,
    "run_experiment": _run_experiment,
    "start_tour": _start_tour,
    "offer": _offer,
    "get_page_content": _get_page_content,
    "show_links": _show_links,
    "offer_choices": _offer_choices,
    "page_action": _page_action,
    "page_field": _page_field,
}


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
