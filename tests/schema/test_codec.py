"""The bundle's records both ways: the build's bytes read back into the records and written again, unchanged; a
bundle that lacks a key or holds the wrong kind of value is refused with where, and that it must be rebuilt."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from docent.manifest_build.bundle import canonical
from docent.schema import BundleError, BundleFile, Field, Manifest, Owner, Page, decode, plain

EVALS = Path(__file__).resolve().parents[1] / "evals"


@pytest.fixture(scope="module")
def written() -> dict[str, Any]:
    return json.loads((EVALS / "bundle.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", ["bundle.json", "bundle-search.json"])
def test_a_bundle_read_into_the_records_writes_the_same_bytes(name: str) -> None:
    text = (EVALS / name).read_text(encoding="utf-8")
    read = decode(BundleFile, json.loads(text), where="")
    assert isinstance(read.manifest.pages[0], Page) and isinstance(read.manifest.owner, Owner)
    assert canonical(plain(read)) + "\n" == text


def test_the_public_manifest_is_the_bundles_first_keys(written: dict[str, Any]) -> None:
    manifest = decode(Manifest, written["manifest"], where="manifest")
    public = manifest.public()
    assert list(public) == list(written["manifest"])[: len(public)]
    assert list(public)[-1] == "suggestions" and "page_text" not in public and "owner" not in public


def _refusal(data: object) -> str:
    with pytest.raises(BundleError) as caught:
        decode(BundleFile, data, where="")
    return str(caught.value)


def test_a_missing_key_is_named_with_where_it_is_and_the_rebuild(written: dict[str, Any]) -> None:
    data = copy.deepcopy(written)
    del data["manifest"]["parts"][1]["label"]
    said = _refusal(data)
    assert said.startswith("The bundle's manifest.parts[1]: object missing required field `label`; rebuild it with `mkdocs build`")
    data = copy.deepcopy(written)
    del data["lexicon"]
    assert _refusal(data).startswith("The bundle: object missing required field `lexicon`; rebuild it")


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda d: d["manifest"]["pages"][0].update(label=3), "manifest.pages[0].label: expected `str`, got `int`"),
        (lambda d: d["manifest"].update(pages={}), "manifest.pages: expected `array`, got `object`"),
        (lambda d: d["manifest"]["experiments"][0].update(live="yes"), "manifest.experiments[0].live: expected `bool`, got `str`"),
        (lambda d: d["manifest"]["fields"][0].update(consequential="maybe"), "manifest.fields[0].consequential: invalid enum value 'maybe'"),
        (lambda d: d["mode"].update(record="sometimes"), "mode.record: invalid enum value 'sometimes'"),
        (lambda d: d["record"][0].update(text=None), "record[0].text: expected `str`, got `null`"),
        (lambda d: d["manifest"]["owner"].update(name=["Mara"]), "manifest.owner.name: expected `str`, got `array`"),
    ],
)
def test_a_value_of_the_wrong_kind_is_named_with_what_it_should_be(written: dict[str, Any], change: Any, said: str) -> None:
    data = copy.deepcopy(written)
    change(data)
    message = _refusal(data)
    assert message.startswith(f"The bundle's {said}; rebuild it"), message


def test_what_is_not_an_object_at_all_is_refused() -> None:
    assert _refusal([]).startswith("The bundle: expected `object`, got `array`; rebuild it")


def test_a_field_without_an_element_id_reads_as_none(written: dict[str, Any]) -> None:
    entry = {"name": "topic", "id": None, "label": "Topic", "page": "lab", "options": [], "consequential": None}
    assert decode(Field, entry, where="field") == Field("topic", None, "Topic", "lab", (), None)
