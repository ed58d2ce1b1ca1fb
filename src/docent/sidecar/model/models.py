"""The model table: one row per model, prices in dollars per million tokens.

Prices and per-model rules change month to month (see `../shared/anthropic-api.md` §5):
this table is the one place to update them.
"""

from __future__ import annotations

from .port import ModelSpec

MODELS: dict[str, ModelSpec] = {
    spec.id: spec
    for spec in (
        # The default: the soonest first word. Thinking off works at low effort. ADR 0021
        # says it refuses a mid-conversation system message, so the note goes as a
        # <system-reminder> block (a third-party list says it takes one: the reminder works either way).
        ModelSpec(
            "claude-haiku-5-5",
            input_per_mtok=0.10,
            output_per_mtok=0.50,
            cache_write_per_mtok=0.125,
            cache_read_per_mtok=0.01,
            mid_system=False,
            forced_tool_choice=True,
            effort="low",
            thinking_off={"type": "disabled"},
            context=1_000_000,
        ),
        # `disabled` returns 400 on Sonnet 5.5; `between_tools` keeps text between tool
        # calls out of thinking blocks, and works only at low, medium or high effort.
        ModelSpec(
            "claude-sonnet-5-5",
            input_per_mtok=2.0,
            output_per_mtok=10.0,
            cache_write_per_mtok=2.50,
            cache_read_per_mtok=0.10,
            mid_system=True,
            forced_tool_choice=False,
            effort="low",
            thinking_off={"type": "between_tools"},
        ),
        # Legacy: errors on `effort`, thinks only when asked, no mid-conversation system role.
        ModelSpec(
            "claude-haiku-4-5",
            input_per_mtok=1.0,
            output_per_mtok=5.0,
            cache_write_per_mtok=1.25,
            cache_read_per_mtok=0.10,
            mid_system=False,
            forced_tool_choice=True,
            context=200_000,
        ),
        ModelSpec("offline", offline=True),
        ModelSpec("replay", mid_system=True),
        ModelSpec("absent"),
    )
}

DEFAULT_MODEL = "claude-haiku-5-5"


class UnknownModel(ValueError):
    """A model id the table does not have."""


def spec_for(model_id: str) -> ModelSpec:
    """The table's row for `model_id`, or an error that lists the ids it knows."""
    try:
        return MODELS[model_id]
    except KeyError:
        known = ", ".join(MODELS)
        raise UnknownModel(
            f"Unknown model {model_id!r}: use one of {known} (or add a row to docent.sidecar.model.models)."
        ) from None
