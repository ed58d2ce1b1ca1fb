"""The model table, and the absent model that says no model is configured."""

from __future__ import annotations

import pytest

from docent.sidecar.model.absent import AbsentModel
from docent.sidecar.model.models import UnknownModel, spec_for
from docent.sidecar.model.port import Unavailable, Usage

from .streams import REQUEST, collect


def test_the_default_model_costs_what_its_page_says():
    haiku = spec_for("claude-haiku-5-5")
    usage = Usage(input_tokens=1_000_000, output_tokens=1_000_000, cache_read_tokens=1_000_000, cache_write_tokens=1_000_000)
    assert haiku.cost(usage) == pytest.approx(0.10 + 0.50 + 0.01 + 0.125)
    assert haiku.effort == "low" and haiku.thinking_off == {"type": "disabled"}
    assert spec_for("claude-sonnet-5-5").forced_tool_choice is False
    # ADR 0021: the note is a system message for Sonnet 5.5, a reminder block for Haiku 5.5
    assert spec_for("claude-sonnet-5-5").mid_system and not haiku.mid_system
    assert spec_for("claude-haiku-4-5").effort is None and not spec_for("claude-haiku-4-5").mid_system
    assert spec_for("offline").offline and spec_for("offline").cost(usage) == 0


def test_an_unknown_model_id_lists_the_known_ones():
    with pytest.raises(UnknownModel, match="Unknown model 'claude-9'.*claude-haiku-5-5, claude-sonnet-5-5"):
        spec_for("claude-9")


@pytest.mark.anyio
async def test_the_absent_model_says_how_to_configure_one():
    events, exc = await collect(AbsentModel().stream(REQUEST))
    assert events == [] and isinstance(exc, Unavailable)
    assert "No model is configured: set DOCENT_MODEL" in exc.message
