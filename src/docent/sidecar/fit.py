"""Whether a bundle's prompt, with a whole conversation, fits the model's context window.

Checked when `docent serve` starts, so that an owner learns it before a visitor does: a prompt too large fails
every question. A conversation is twelve questions; each adds the question, the screen note, the answer, its tool
calls and their results (`TURN_TOKENS`, generous), and in search mode its excerpts (at most `excerpts.TOKENS`).
"""

from __future__ import annotations

from .answer.bundle import Bundle
from .answer.excerpts import TOKENS as EXCERPT_TOKENS
from .model.models import spec_for
from .model.port import ModelSpec

QUESTIONS = 12
TURN_TOKENS = 2_500


def prompt_tokens(bundle: Bundle) -> int:
    """The cached prefix's tokens as the build measured them (estimated at load for a bundle from before)."""
    return bundle.mode.prompt_tokens


def conversation_tokens(bundle: Bundle) -> int:
    return QUESTIONS * (TURN_TOKENS + (EXCERPT_TOKENS if bundle.searched else 0))


def misfit(bundle: Bundle, spec: ModelSpec | None) -> str | None:
    """Why the bundle cannot be answered from with this model, and the fix; None when it fits."""
    if spec is None or spec.context is None:
        return None
    prompt, talk = prompt_tokens(bundle), conversation_tokens(bundle)
    if prompt + talk <= spec.context:
        return None
    said = (f"The bundle's prompt (~{prompt} tokens, record {bundle.mode.record}) with a conversation "
            f"of {QUESTIONS} questions (~{talk} tokens) needs ~{prompt + talk} tokens, and {spec.id}'s context is "
            f"{spec.context}.")
    if not bundle.searched:
        return (f"{said} Set `record: auto` (or `record: search`) in the docent plugin's options in mkdocs.yml and "
                "rebuild, so that the record is searched for each question; or choose a model with a larger context.")
    return f"{said} Choose a model with a larger context (DOCENT_MODEL=anthropic:claude-haiku-5-5)."


def table_model(setting: str) -> ModelSpec | None:
    """The model table's row a DOCENT_MODEL value answers with, where it has one (anthropic, a priced replay)."""
    from .spending.factory import ModelStringError, parse_model_string

    try:
        choice = parse_model_string(setting)
    except ModelStringError:
        return None
    if choice.kind == "anthropic":
        return spec_for(choice.target)
    if choice.kind == "replay" and choice.model:
        return spec_for(choice.model)
    return None
