"""The words every family of tools speaks: the turn's view of the screen, a check's verdict, a carried-out call.

A family (`Family`) is a check and a carrier, and the hooks some families have; `tools/__init__.py` registers
each family under the tool names and kinds it answers for.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

from docent.schema import Action as PageAction
from docent.schema import Experiment, Field, Offer, Page, Part, Preset, Section, Tour

from ...model.port import ToolCall
from ..bundle import Bundle
from ..conversation import Waiting
from ..events import Action, Card
from ..rules.connective import CONNECTIVE_WORDS
from ..screen import Screen


@dataclass
class Here:
    """The turn's view of the visitor's screen: the checked screen, then what the turn's actions changed."""

    page: str | None = None
    section: str | None = None
    experiment: str | None = None
    running: bool = False
    preset: str | None = None
    fields: dict[str, str | None] = field(default_factory=dict)  # None: the field's element is not showing
    shown: tuple[str, str] | None = None  # (page, its text as the panel read it now), for get_page_content
    asked_for_run: bool = False  # the policy's rule over this turn's question
    actions: int = 0
    waits: bool = False  # a card that waits on the visitor was shown
    done: set[str] = field(default_factory=set)  # the actions carried out in this answer, as `done_key`s

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


def done_key(call: ToolCall) -> str:
    """An action as the repeat check knows it: the tool and its input, whatever the order of the input's keys."""
    return json.dumps([call.name, call.input], sort_keys=True)


# What a passed call names in the manifest.
Target = Page | Section | Part | Experiment | Tour | Offer | PageAction | Field


@dataclass(frozen=True)
class Run:
    """What run_experiment's check worked out: the preset the id names, and whether it is a live run."""

    preset: Preset | None
    live: bool


@dataclass(frozen=True)
class Fill:
    """A page field's new value, one of the options the page lists."""

    value: str


def named(target: Page | Section) -> str:
    """A target's name as the visitor reads it: a page by its name among the others ("Docker (Providers)" where two
    are "Docker"), a home section by its label."""
    return target.name if isinstance(target, Page) else target.label


@dataclass(frozen=True)
class Link:
    """One link of a show_links card: the page or home section it opens, with the model's title and gist."""

    to: str
    target: Page | Section
    title: str
    gist: str


@dataclass(frozen=True)
class Links:
    links: tuple[Link, ...]


@dataclass(frozen=True)
class Choices:
    """An offer_choices card: its question and two to four answers, trimmed."""

    question: str
    options: tuple[str, ...]


# What a family's check worked out beyond the target, for its carrier: None where the target says it all.
Detail = Run | Fill | Links | Choices | None


@dataclass(frozen=True)
class Passed:
    """A call that passed every check, with what it names in the manifest."""

    call: ToolCall
    kind: str  # a tool name, or "page_action" / "page_field" for the tools a page lends
    target: Target | None = None  # the manifest's entry; None for a card
    detail: Detail = None  # what the check worked out: the run, the value, the links, the choices


@dataclass(frozen=True)
class Failed:
    """A call that did not pass: its message goes back to the model as an error result."""

    call: ToolCall
    message: str
    check: str = "sensible"  # the check it failed, for the metrics: input, caps, sensible, card


Verdict = Passed | Failed


@dataclass(frozen=True)
class Outcome:
    """What a passed call gives: events for the browser, a result for the model, or a card that waits."""

    events: tuple[Action | Card, ...] = ()
    result: str | None = None  # None while the call waits on the visitor
    waiting: Waiting | None = None
    counts: bool = True  # an action toward the cap of four


class Vetter(Protocol):
    """The gate's rules for words a model writes on a card: a reason to hold them, or None."""

    def vet(self, text: str, *, about: Iterable[str] = (), words: int = CONNECTIVE_WORDS) -> str | None: ...


def _no_words(name: str, path: list[Any], value: Any, ids: Any) -> str | None:
    return None


def _no_labels(passed: Passed, bundle: Bundle) -> list[str]:
    return []


def _no_ids(name: str, bundle: Bundle) -> Collection[str]:
    return ()


@dataclass(frozen=True)
class Family:
    """One family of tools: how a call of it is checked and carried out, and the hooks some families have."""

    # Sensible here: the last of the chain's checks, after the tool exists, its input fits and the caps hold.
    check: Callable[[ToolCall, Here, Bundle], Verdict]
    # A passed call's events for the browser and result for the model; it moves `here` as the browser will move.
    carry_out: Callable[[Passed, Bundle, Here], Outcome]
    # Seed 004's words for an id the schema's enum lacks, by (tool, path to the value, the value, the enum's ids).
    unknown: Callable[[str, list[Any], Any, Any], str | None] = _no_words
    # What a sentence may restate of a carried-out call beyond its events' labels (a preset's, a value's).
    acted: Callable[[Passed, Bundle], list[str]] = _no_labels
    # Cards only: the gate's rules over the words the model wrote on the card, before it is shown.
    vet: Callable[[Passed, Vetter, Bundle], Verdict] | None = None
    # The ids the browser may report a call of the tool `name` failing on; a report naming any other is dropped.
    # A family whose calls do nothing on the page has none.
    failable: Callable[[str, Bundle], Collection[str]] = _no_ids
    reads: bool = False  # it looks, not acts: it counts toward no cap
