"""The chain of checks every tool call passes, in order: it exists, its input fits, not done already, the caps,
sensible here.

The first four are the same for every tool and are here; the last is the tool's family's (`tools/`). An action
repeated in one answer (the same tool with the same input) is refused as a repeat: it would use up the bound of
four actions and show the visitor nothing new.
A call that fails gets words the model can act on; the browser gets nothing of it.
"""

from __future__ import annotations

from typing import Any

from docent.schema import Action, Field

from ..model.port import ToolCall
from .bundle import Bundle
from .tools import Failed, Family, Here, Verdict, done_key, family_of
from .tools import lent as page_lent
from .tools.ids import listed

MAX_ACTIONS = 4


class ToolCheck:
    """The chain, for one bundle: schemas compiled once, manifest tables looked up by id."""

    def __init__(self, bundle: Bundle, *, max_actions: int = MAX_ACTIONS) -> None:
        self.bundle = bundle
        self.max_actions = max_actions
        self.validators = bundle.validators  # compiled once per bundle: a check per turn only points at them

    def check(self, call: ToolCall, here: Here) -> Verdict:
        family = family_of(call.name, self.bundle)
        failure = self._fits(call, family)
        if failure:
            return Failed(call, failure, check="input")
        failure = self._repeated(call, family, here)
        if failure:
            return Failed(call, failure, check="repeat")
        failure = self._under_caps(family, here)
        if failure:
            return Failed(call, failure, check="caps")
        if family is None:
            return Failed(call, f'No tool is named "{call.name}" on this site.')
        return family.check(call, here, self.bundle)

    # 1. a tool that exists, with input in its schema
    def _fits(self, call: ToolCall, family: Family | None) -> str | None:
        validator = self.validators.get(call.name)
        if validator is None:
            return f'No tool is named "{call.name}". The tools are {listed(self.validators)}.'
        if call.input is None:
            return f"{call.name} got arguments its parameters reject: they are not a JSON object."
        errors = sorted(validator.iter_errors(call.input), key=lambda e: list(e.absolute_path))
        if not errors:
            return None
        first = errors[0]
        if family is not None and first.validator == "enum":
            # Seed 004's words for an id the manifest does not have: the model learns the ones it does.
            unknown = family.unknown(call.name, list(first.absolute_path), first.instance, first.validator_value)
            if unknown:
                return unknown
        issues = "; ".join(_issue(e) for e in errors[:3])
        return f"{call.name} got arguments its parameters reject: {issues}."

    # 2. not done already in this answer
    def _repeated(self, call: ToolCall, family: Family | None, here: Here) -> str | None:
        if family is None or family.reads or call.input is None or done_key(call) not in here.done:
            return None
        return (f"{call.name} with this input was done already in this answer, so it was not done again. "
                "Go on with the answer, or do something else.")

    # 3. under the caps
    def _under_caps(self, family: Family | None, here: Here) -> str | None:
        if family is not None and family.reads:
            return None
        if here.actions >= self.max_actions:
            return (
                f"{self.max_actions} actions are the most one question may take, so this one was not done. "
                "Tell the visitor what was done, and offer the rest as a next step."
            )
        if here.waits:
            return "The visitor has a card to answer already: wait for their answer before anything else."
        return None

    def has_left(self, call: ToolCall, here: Here) -> Failed:
        return page_lent.has_left(call, here, self.bundle)

    def lent(self, name: str, page: str | None, field_id: str | None = None) -> Action | Field | None:
        """The action, or the field of that element id, that `page` lends under `name`; None when it lends none."""
        return page_lent.entry(self.bundle, name, page, field_id)


def _issue(error: Any) -> str:
    where = "/".join(str(p) for p in error.absolute_path)
    return f"{where}: {error.message}" if where else error.message
