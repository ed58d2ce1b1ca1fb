"""The sidecar reads the bundle into the build's own records, once per file, and hangs what it derives on it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
import pytest

from docent.schema import Experiment, Page, Vectors, plain
from docent.schema.vectors import DIMS, MODEL
from docent.sidecar.answer.bundle import Bundle, BundleError, BundleSource
from docent.sidecar.answer.events import Sentence
from docent.sidecar.answer.policy import AnswerPolicy
from docent.sidecar.answer.rules import RULES
from docent.sidecar.answer.turn import default_gate
from docent.sidecar.offline import Loaded, OfflineModel
from docent.sidecar.spending.factory import FeatureModel, Wiring, make_adapter, make_feature_model

EVALS = Path(__file__).resolve().parents[1] / "evals"
BUNDLE = Bundle.load(EVALS / "bundle.json")


def test_what_the_sidecar_reads_is_what_the_build_wrote() -> None:
    written = json.loads((EVALS / "bundle.json").read_text(encoding="utf-8"))
    assert plain(BUNDLE.manifest) == written["manifest"]
    assert [plain(s) for s in BUNDLE.record.values()] == written["record"]
    assert plain(BUNDLE.lexicon) == written["lexicon"] and plain(BUNDLE.mode) == written["mode"]
    assert (BUNDLE.tools, BUNDLE.system, BUNDLE.hash) == (written["tools"], written["system"], written["hash"])


def test_the_id_tables_hold_the_manifests_records() -> None:
    assert isinstance(BUNDLE.pages["lab"], Page) and BUNDLE.pages["lab"].path == "/lab/"
    assert isinstance(BUNDLE.experiments["leak"], Experiment)
    assert set(BUNDLE.links) == set(BUNDLE.pages) | set(BUNDLE.sections)
    assert [p.id for p in BUNDLE.parts_by_page["lab"]] == [p.id for p in BUNDLE.manifest.parts if p.page == "lab"]
    assert "Clear the lab" in BUNDLE.labels and "Healthy: no leak" in BUNDLE.labels


def test_what_is_derived_is_made_once_per_loaded_bundle(tmp_path: Path) -> None:
    path = tmp_path / "docent-bundle.json"
    path.write_bytes((EVALS / "bundle.json").read_bytes())
    source = BundleSource(path, look_s=0)  # outside an event loop: a rebuilt file is loaded at once
    first = source.get()
    assert source.get() is first and first.site is first.site and first.index is first.index
    assert first.matcher is first.matcher and first.validators is first.validators and first.mentions is first.mentions
    path.write_text(path.read_text(encoding="utf-8") + " ", encoding="utf-8")  # rebuilt: a new file, a new bundle
    again = source.get()
    assert again is not first and again.site is not first.site and again.index is not first.index


@pytest.mark.anyio
async def test_a_rebuilt_bundle_is_loaded_and_warmed_off_the_event_loop_while_the_last_serves(tmp_path: Path) -> None:
    path = tmp_path / "docent-bundle.json"
    path.write_bytes((EVALS / "bundle.json").read_bytes())
    now = [0.0]
    source = BundleSource(path, look_s=1.0, clock=lambda: now[0])
    first = source.get()
    path.write_text(path.read_text(encoding="utf-8") + " ", encoding="utf-8")
    assert source.get() is first  # not looked at again within the second
    now[0] = 1.0
    assert source.get() is first  # looked at: loading in a worker thread, the last serving meanwhile
    with anyio.fail_after(10):
        while (again := source.get()) is first:
            await anyio.sleep(0.01)
    assert {"matcher", "site", "mentions"} <= set(vars(again))  # warmed there, not in the next question's turn
    assert not {"matcher", "site", "mentions"} & set(vars(first))
    path.write_text("{", encoding="utf-8")  # a rebuild caught half-written
    now[0] = 2.0
    source.get()
    with anyio.fail_after(10):
        while True:
            try:
                assert source.get() is again
            except BundleError:
                break  # said once, as a load at once would say it
            await anyio.sleep(0.01)
    assert source.get() is again  # and the last good one kept
    for now[0] in (3.0, 4.0):  # not read again until it changes
        assert source.get() is again and source._loading is None
    assert source.failed is not None


def test_a_bundle_that_cannot_be_loaded_is_read_again_only_when_it_changes(tmp_path: Path) -> None:
    """A bundle built with `rerank: true` where the extra is missing was read every second, and said so each time."""
    path = tmp_path / "docent-bundle.json"
    path.write_bytes((EVALS / "bundle-search.json").read_bytes())
    now, asked = [0.0], []

    def missing(model: str) -> Any:
        asked.append(model)
        raise BundleError("the `rerank` extra is missing: pip install 'mkdocs-docent[rerank]'")

    data = json.loads(path.read_text(encoding="utf-8"))
    rows = Vectors(MODEL, DIMS, bytes(DIMS * len(data["record"])))
    path.write_text(json.dumps({**data, "vectors": plain(rows)}), encoding="utf-8")
    source = BundleSource(path, look_s=1.0, clock=lambda: now[0], embedder=missing)
    with pytest.raises(BundleError) as first:
        source.get()
    for now[0] in (1.0, 2.0, 60.0):
        with pytest.raises(BundleError) as again:
            source.get()
        assert again.value is first.value  # the same error: the guide says it once
    assert len(asked) == 1 and source.failed is first.value
    path.write_bytes((EVALS / "bundle-search.json").read_bytes())  # rebuilt without `rerank`
    now[0] = 61.0
    assert source.get().vectors is None and source.failed is None and len(asked) == 1
    absent = BundleSource(tmp_path / "missing.json")
    for _ in range(2):
        with pytest.raises(BundleError, match="No bundle at"):
            absent.get()
    assert absent.failed is None  # no file: nothing failed to load (the guide says `no_bundle`)


def test_warming_makes_what_a_first_citation_would_and_changes_no_verdict() -> None:
    warmed, cold = Bundle.load(EVALS / "bundle.json").warm(), Bundle.load(EVALS / "bundle.json")
    mentions = warmed.mentions
    cued = [r.section_cues for r in RULES if r.section_cues is not None]
    assert cued and all(set(mentions.cues[cues]) == set(warmed.record) for cues in cued)  # each rule's, each section's
    assert all("units by stem" in p.memo for p in mentions.passages.values()) and warmed.searched == ("index" in vars(warmed))
    made = {sid: mentions.quotable(sid) for sid in warmed.record}
    answer = " ".join(f"{s.text.split('.')[0]}. [[{sid}]]" for sid, s in list(warmed.record.items())[:12])
    said = []
    for bundle in (warmed, cold):
        gate = default_gate(bundle, AnswerPolicy())
        said.append([*gate.feed(answer), *gate.finish()])
    assert said[0] == said[1] and any(isinstance(e, Sentence) for e in said[0])
    assert all(mentions.quotable(sid) is lines for sid, lines in made.items())  # made once, at warm


def test_a_bundle_that_lacks_a_key_is_refused_with_the_file_and_the_rebuild(tmp_path: Path) -> None:
    data = json.loads((EVALS / "bundle.json").read_text(encoding="utf-8"))
    del data["manifest"]["offers"][0]["target"]
    path = tmp_path / "docent-bundle.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(BundleError) as caught:
        Bundle.load(path)
    assert str(caught.value).startswith(f"{path}: The bundle's manifest.offers[0]: object missing required field `target`; rebuild it with `mkdocs build`")


@pytest.mark.parametrize("reserved", ["none", "None"])
def test_a_bundle_built_before_the_refusals_id_was_reserved_is_refused_saying_to_rebuild(tmp_path: Path, reserved: str) -> None:
    """A record section `none` (a heading "None", built before the build renamed it) would take the refusal
    `[[none]]` for a citation of it: the sidecar will not serve it, and says how to make a good bundle."""
    data = json.loads((EVALS / "bundle.json").read_text(encoding="utf-8"))
    data["record"][1]["id"] = reserved
    path = tmp_path / "docent-bundle.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(BundleError) as caught:
        Bundle.load(path)
    assert str(caught.value) == (
        f'{path}: The bundle\'s record has a section with the id "{reserved}", which the guide\'s refusal `[[none]]` '
        "reserves (a refusal would be read as citing it): rebuild it with `mkdocs build` (or `docent manifest SITE_DIR`).")
    data["record"][1]["id"] = "fields-null-none"  # as the build names it now: read
    assert "fields-null-none" in Bundle.from_json(data).record


def test_the_offline_model_ranks_with_the_bundles_own_index() -> None:
    model = make_feature_model(
        "guide", make_adapter("offline", Wiring(bundle=lambda: BUNDLE)), budget_usd=0.0, bulkhead=4
    )
    assert isinstance(model, FeatureModel) and isinstance(model.adapter, OfflineModel)
    assert model.adapter.source() is BUNDLE  # its index and matcher are the bundle's: no second index
    alone = Loaded(BUNDLE.record, BUNDLE.manifest, BUNDLE.lexicon)
    assert OfflineModel(lambda: alone).source().index is alone.index is not BUNDLE.index  # a record given alone is indexed once
