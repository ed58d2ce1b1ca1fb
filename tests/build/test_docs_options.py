"""The documentation's tables of options against the code that reads them: every option of the plugin (Marking,
"Plugin options") and every setting and flag of `docent serve` (Serving, "Settings", and Operating, "Settings for
running it") is in them with its default, and nothing in them is an option the code no longer reads."""

from __future__ import annotations

import argparse
import dataclasses
import re
from pathlib import Path
from typing import Any

import yaml
from mkdocs.config.base import get_schema

from docent.plugins.config import DocentConfig
from docent.sidecar import cli
from docent.sidecar.settings import Settings

DOCS = Path(__file__).resolve().parents[2] / "site-docs" / "docs"
SETTINGS_PAGES = ("serving.md", "operating.md")
# A row of a settings table: `| names (flags) | default | meaning |`.
ROW = re.compile(r"^\| (?P<names>`(?:[A-Z_]+`|--)[^|]*) \| (?P<default>[^|]*) \|", re.MULTILINE)
READ_APART = {"DOCENT_POW_SECRET"}  # read by Settings.from_env itself: its default is made per process


def plugin_options() -> dict[str, Any]:
    """The docent entry of the YAML under "Plugin options"."""
    page = (DOCS / "marking.md").read_text(encoding="utf-8")
    block = re.search(r"## Plugin options\n```yaml\n(.*?)```", page, flags=re.DOTALL)
    assert block, "marking.md has no ```yaml block under '## Plugin options'"
    plugins = yaml.safe_load(block.group(1))["plugins"]
    return dict(next(entry["docent"] for entry in plugins if isinstance(entry, dict) and "docent" in entry))


def test_the_plugin_options_block_has_every_option_the_plugin_takes_and_no_other() -> None:
    assert set(plugin_options()) == {name for name, _ in get_schema(DocentConfig)}


def test_a_plugin_option_the_block_sets_to_a_plain_value_shows_its_default() -> None:
    defaults = {name: option.default for name, option in get_schema(DocentConfig)}
    plain = {name: value for name, value in plugin_options().items() if not isinstance(value, dict | list)}
    assert plain == {name: defaults[name] for name in plain}
    assert {"enabled", "kind", "record", "prompt_budget_tokens"} <= set(plain)


def documented() -> dict[str, str]:
    """Each variable or flag the settings tables name, with its default as the table writes it."""
    found: dict[str, str] = {}
    for page in SETTINGS_PAGES:
        for row in ROW.finditer((DOCS / page).read_text(encoding="utf-8")):
            cell = row["default"].strip()
            found.update(dict.fromkeys(re.findall(r"`(--[a-z-]+)`", row["names"]), cell))
            variables = re.findall(r"`([A-Z][A-Z_]+)`", row["names"])
            values = re.findall(r"`([^`]*)`", cell)  # "`127.0.0.1` / `8000`" for "`DOCENT_HOST` / `DOCENT_PORT`"
            found.update(zip(variables, values if len(values) == len(variables) else [cell] * len(variables), strict=True))
    return found


def read_by_settings() -> dict[str, Any]:
    """Each variable Settings reads, with its default."""
    return {f.metadata["variable"]: f.default for f in dataclasses.fields(Settings) if "variable" in f.metadata}


def written(default: Any) -> str:
    """A default as the tables write it: a switch as 0 or 1, anything else as its text."""
    return str(int(default)) if isinstance(default, bool) else str(default)


def test_the_settings_tables_name_every_variable_settings_reads_and_no_other() -> None:
    variables = {name for name in documented() if not name.startswith("--")}
    assert variables == set(read_by_settings()) | READ_APART


def test_a_setting_with_a_default_has_that_default_in_the_tables() -> None:
    said = documented()
    wrong = {name: (said[name], written(default)) for name, default in read_by_settings().items()
             if default not in (None, ()) and said[name] != written(default)}
    assert not wrong, f"documented default, the code's: {wrong}"


def test_the_settings_table_names_every_flag_of_docent_serve_and_no_other() -> None:
    parser = argparse.ArgumentParser()
    cli.add_arguments(parser)
    flags = {s for action in parser._actions for s in action.option_strings if s.startswith("--") and s != "--help"}
    assert {name for name in documented() if name.startswith("--")} == flags
