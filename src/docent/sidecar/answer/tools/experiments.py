"""Experiments: run_experiment starts one in the browser, with a preset, or as a live run on the server.

A live run (an id ending ":live", or a preset that runs only on the server) needs an experiment that has one
and a visitor who asked for a run (seed 000); the model is told to run it in the browser otherwise.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from docent.schema import Experiment

from ...model.port import ToolCall
from ..bundle import Bundle
from ..events import Action
from .ids import no_such
from .types import Failed, Family, Here, Outcome, Passed, Run, Verdict


def check(call: ToolCall, here: Here, bundle: Bundle) -> Verdict:
    id_ = (call.input or {})["id"]
    exp_id, _, suffix = id_.partition(":")
    exp = bundle.experiments.get(exp_id)
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
    return Passed(call, "run_experiment", exp, Run(preset, live))


def carry_out(passed: Passed, bundle: Bundle, here: Here) -> Outcome:
    exp, run = passed.target, passed.detail
    assert isinstance(exp, Experiment) and isinstance(run, Run)
    preset, live = run.preset, run.live
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


def unknown(name: str, path: list[Any], value: Any, ids: Any) -> str | None:
    return no_such("experiment", value, ids) if path == ["id"] else None


def acted(passed: Passed, bundle: Bundle) -> list[str]:
    """The preset's label, and that it was a live run: what the started run's sentence may restate."""
    run = passed.detail
    assert isinstance(run, Run)
    labels = [run.preset.label] if run.preset is not None and run.preset.label else []
    return labels + (["a live run"] if run.live else [])


def failable(name: str, bundle: Bundle) -> Collection[str]:
    """An experiment's id, with a preset's (`leak:slow`) or the live run's (`leak:live`) when it has one."""
    experiments = bundle.manifest.experiments
    runs = {e.id for e in experiments}
    runs |= {f"{e.id}:{p.id}" for e in experiments for p in e.presets}
    return runs | {f"{e.id}:live" for e in experiments if e.live}


FAMILY = Family(check, carry_out, unknown=unknown, acted=acted, failable=failable)
