"""The guide's tools, one module per family, registered in one table.

A family checks a call of its tools (is it sensible here?) and carries out one that passed (the browser's events
and the model's result, in the manifest's words). The generic chain before it (the tool exists, its input fits
the schema, the caps) is `toolcheck.ToolCheck`'s. To add a tool: write its family's `check` and `carry_out` (a
new module when no family fits, ending in `FAMILY = Family(...)`), and add one entry to `FAMILIES` below.
"""

from __future__ import annotations

from collections.abc import Collection

from ..bundle import Bundle
from ..events import Action
from . import cards, content, experiments, lent, listed, navigation
from .types import Failed, Family, Here, Outcome, Passed, Verdict, Vetter, done_key

# A tool's name, or for the tools a page lends its kind, -> its family.
FAMILIES: dict[str, Family] = {
    "show_page": navigation.FAMILY,
    "point_at": navigation.FAMILY,
    "run_experiment": experiments.FAMILY,
    "start_tour": listed.FAMILY,
    "offer": listed.FAMILY,
    "get_page_content": content.FAMILY,
    "show_links": cards.FAMILY,
    "offer_choices": cards.FAMILY,
    "page_action": lent.FAMILY,
    "page_field": lent.FAMILY,
}
LENT = ("page_action", "page_field")  # kinds, not names: a page lends the names


def family_of(name: str, bundle: Bundle) -> Family | None:
    """The family of a tool by its name; a name a page lends is looked up in the bundle's tables."""
    family = FAMILIES.get(name)
    if family is not None:
        return family
    kind = lent.kind_of(name, bundle)
    return FAMILIES[kind] if kind is not None else None


def failable(bundle: Bundle) -> dict[str, Collection[str]]:
    """Each tool's ids that the browser may report it failing on (`Failure.read_all` keeps only those)."""
    names = [*(name for name in FAMILIES if name not in LENT), *bundle.lent_actions, *bundle.lent_fields]
    out: dict[str, Collection[str]] = {}
    for name in names:
        family = family_of(name, bundle)
        ids = family.failable(name, bundle) if family is not None else ()
        if ids:
            out[name] = ids
    return out


def carry_out(passed: Passed, bundle: Bundle, here: Here) -> Outcome:
    """Turn a passed call into its events and result, and move `here` as the browser will move."""
    family = FAMILIES[passed.kind]
    outcome = family.carry_out(passed, bundle, here)
    if family.reads:
        return outcome
    here.done.add(done_key(passed.call))
    here.actions += 1
    if outcome.waiting is not None:
        here.waits = True
    return outcome


def vetted(verdict: Verdict, gate: Vetter, bundle: Bundle) -> Verdict:
    """A card's words pass the gate's rules before it is shown; any other verdict stays as it was."""
    if isinstance(verdict, Failed):
        return verdict
    vet = FAMILIES[verdict.kind].vet
    return verdict if vet is None else vet(verdict, gate, bundle)


def acted_labels(verdict: Passed, outcome: Outcome, bundle: Bundle) -> list[str]:
    """A carried-out action in the manifest's words: what a sentence may restate without a citation.

    The labels of what it acted on, a preset's label, a field's new value as the page lists it; never the
    result's own words ("nothing is sent until the visitor presses it" is no claim for a sentence to make).
    """
    labels = [event.label for event in outcome.events if isinstance(event, Action)]
    return labels + FAMILIES[verdict.kind].acted(verdict, bundle)


__all__ = [
    "FAMILIES",
    "Failed",
    "Family",
    "Here",
    "Outcome",
    "Passed",
    "Verdict",
    "Vetter",
    "acted_labels",
    "carry_out",
    "done_key",
    "failable",
    "family_of",
    "vetted",
]
