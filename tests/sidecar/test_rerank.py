"""The guide's excerpts reranked by meaning where the bundle has the record's vectors (`rerank: true`): the search's
first 24 put in order again, the search's rank leading; the model loaded once at start, and a clear refusal to start
where the bundle asks for it and the `rerank` extra is missing."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from docent.manifest_build.vectors import record_vectors
from docent.schema import Vectors, plain
from docent.schema.embedding import Embedding, EmbeddingMissing
from docent.schema.vectors import DIMS, MODEL
from docent.sidecar import vectors as edge
from docent.sidecar.answer.bundle import Bundle
from docent.sidecar.answer.excerpts import SECTIONS, excerpts, searched
from docent.sidecar.answer.record_index_order import CHOICE
from docent.sidecar.answer.rerank import POOL, Rerank
from docent.sidecar.cli import record_report
from docent.sidecar.settings import Settings
from tests.sidecar.meaning import loaded_at_start, rows, toward

EVALS = Path(__file__).resolve().parents[1] / "evals"
SEARCHED = Bundle.load(EVALS / "bundle-search.json")


def test_the_rerank_moves_a_section_like_the_question_up_and_keeps_the_searchs_lead_otherwise() -> None:
    ids = ["a", "b", "c", "d"]
    rerank = Rerank.of(lambda _: toward(MODEL, 0), rows(MODEL, ids, along={"c": 0}), ids)
    assert rerank.cosine(toward(MODEL, 0), "c") == pytest.approx(1.0) and rerank.cosine(toward(MODEL, 0), "a") == 0.0
    assert rerank.order("q", ids) == ["c", "a", "b", "d"]  # c's cosine 1 is worth more than two places
    alike = Rerank.of(lambda _: toward(MODEL, 1), rows(MODEL, ids, along={}), ids)
    assert alike.order("q", ids) == ids  # all alike: the search's order stands
    assert rerank.order("q", ["zz", "c"]) == ["c", "zz"] and rerank.cosine(toward(MODEL, 0), "zz") == 0.0  # no row: 0


def _with_vectors(bundle: Bundle, vectors: Vectors) -> dict:
    data = json.loads((EVALS / "bundle-search.json").read_text(encoding="utf-8"))
    return {**data, "vectors": plain(vectors)}


def test_a_bundle_with_vectors_reranks_only_when_a_question_can_be_embedded() -> None:
    ids = list(SEARCHED.record)
    data = _with_vectors(SEARCHED, rows(MODEL, ids, along={}))
    assert Bundle.from_json(data).rerank is None  # read by the evals and the operator's tools: the search alone
    asked: list[str] = []
    embedded = Bundle.from_json(data, embedder=lambda model: asked.append(model) or (lambda _: toward(MODEL, 1)))
    assert asked == [MODEL] and embedded.rerank is not None and embedded.vectors == rows(MODEL, ids, along={})
    assert SEARCHED.rerank is None and SEARCHED.vectors is None
    whole = json.loads((EVALS / "bundle.json").read_text(encoding="utf-8"))
    sent_rows = rows(MODEL, [s["id"] for s in whole["record"]], along={})
    sent = Bundle.from_json({**whole, "vectors": plain(sent_rows)}, embedder=lambda model: asked.append(model) or print)
    assert sent.vectors == sent_rows and sent.rerank is None and asked == [MODEL]  # a record sent whole: nothing to rerank


def test_the_vectors_are_held_once_decoded_not_again_as_the_files_base64() -> None:
    ids = list(SEARCHED.record)
    bundle = Bundle.from_json(_with_vectors(SEARCHED, rows(MODEL, ids, along={})))
    assert bundle.vectors == rows(MODEL, ids, along={}) and "vectors" not in bundle.raw
    assert bundle.raw.keys() == SEARCHED.raw.keys() and bundle.hash == SEARCHED.hash


def test_the_guides_excerpts_come_from_the_first_24_reranked() -> None:
    question = "how does she stop a retried request from charging twice"
    plain_found = searched(SEARCHED, question)
    first = SEARCHED.index.given(question)
    pool = list(dict.fromkeys([*first, *(sid for sid, _ in SEARCHED.index.search(question, limit=POOL))]))
    assert plain_found == first
    low = pool[-1]  # the pool's last: out of the 8 given without the rerank
    assert low not in plain_found
    ids = list(SEARCHED.record)
    data = _with_vectors(SEARCHED, rows(MODEL, ids, along={low: 0}))
    bundle = Bundle.from_json(data, embedder=lambda _: lambda _: toward(MODEL, 0))
    found = searched(bundle, question)
    # the 24th with a cosine of 1 scores 1/84 + 0.25/60, between the search's 2nd (1/62) and 3rd (1/63)
    assert found == [*pool[:2], low, *pool[2:SECTIONS - 1]]
    assert excerpts(bundle, question, earlier=[], given=()).ids[:3] == tuple(found[:3])


def test_the_rerank_starts_from_the_guides_own_search_order() -> None:
    # a search for 24 orders its rows again: its first 8 are not the search for 8's (26 of the example's 94 questions)
    question = "has she run k8s in production"
    first = SEARCHED.index.given(question)
    assert [sid for sid, _ in SEARCHED.index.search(question, limit=POOL)][:SECTIONS] != first
    ids = list(SEARCHED.record)
    alike = Bundle.from_json(_with_vectors(SEARCHED, rows(MODEL, ids, along={})), embedder=lambda _: lambda _: toward(MODEL, 1))
    assert searched(alike, question) == first == searched(SEARCHED, question)  # no cosine to tell them apart: as is


def test_the_pool_is_the_guides_own_first_8_then_the_rest_of_the_first_24_of_one_search() -> None:
    asked = json.loads((EVALS / "retrieval-example.json").read_text(encoding="utf-8"))
    for question in (str(q["question"]) for q in asked):
        first = SEARCHED.index.given(question)
        found = SEARCHED.index.pool(question, first=SECTIONS, limit=POOL)
        assert found[:SECTIONS] == first and len(set(found)) == len(found) <= POOL
        assert set(first) <= {sid for sid, _ in SEARCHED.index.search(question, limit=SECTIONS + CHOICE)}
        # the rest in the order a search for 24 gives them (which fetches more rows, so it may find more)
        rest = set(found[SECTIONS:])
        assert found[SECTIONS:] == [sid for sid, _ in SEARCHED.index.search(question, limit=POOL) if sid in rest]
    assert len(SEARCHED.index.pool("how does she stop a retried request from charging twice", first=SECTIONS,
                                   limit=POOL)) == POOL


@pytest.mark.parametrize(("before", "question", "first"), [
    ("the outbox decision", "and the consequences?", "adr-outbox-consequences"),
    ("why did she pick gRPC", "what came of it?", "adr-grpc"),
])
def test_a_follow_up_is_embedded_with_the_thread_it_continues(before: str, question: str, first: str) -> None:
    # the follow-up alone is nearer another case's section; the search leans on the earlier question, so does this
    embedding = edge._embedding()
    bundle = replace(SEARCHED, vectors=record_vectors(list(SEARCHED.record.values()), embedding=embedding),
                     embed=embedding.vector)
    assert searched(bundle, question, earlier=[before])[0] == first
    assert bundle.rerank is not None and bundle.rerank.asked(question) == list(embedding.vector(question))
    asked = bundle.rerank.asked(question, [before])
    assert sum(x * x for x in asked) == pytest.approx(1.0, abs=1e-5)


def test_the_real_model_puts_the_section_that_answers_first() -> None:
    # retrieval-example.json: the search ranks the earlier roles' section below others that name consultancies
    question = "what did she do at the consultancies"
    assert searched(SEARCHED, question)[0] != "roles-earlier"
    embedding = Embedding.load()
    vectors = record_vectors(list(SEARCHED.record.values()), embedding=embedding)
    assert vectors.model == MODEL and len(vectors.rows) == DIMS * len(SEARCHED.record)
    bundle = replace(SEARCHED, vectors=vectors, embed=embedding.vector)
    assert searched(bundle, question)[0] == "roles-earlier"


def test_a_question_and_its_section_are_embedded_alike() -> None:
    embedding = Embedding.load()
    question = embedding.vector("rate limits per client")
    assert sum(x * x for x in question) == pytest.approx(1.0, abs=1e-5)
    made = Vectors(MODEL, DIMS, embedding.rows(["Rate limits\nEach client may send 10 requests a second.",
                                                 "Fonts\nThe theme uses Inter for body text."]))
    rerank = Rerank.of(embedding.vector, made, ["limits", "fonts"])
    assert rerank.cosine(question, "limits") > rerank.cosine(question, "fonts") + 0.1


def test_serve_refuses_to_start_on_vectors_without_the_extra_and_says_what_to_install(tmp_path, monkeypatch) -> None:
    ids = list(SEARCHED.record)
    path = tmp_path / "docent-bundle.json"
    path.write_text(json.dumps(_with_vectors(SEARCHED, rows(MODEL, ids, along={}))), encoding="utf-8")
    monkeypatch.setattr("docent.schema.embedding._FILES", ("weights/none.safetensors", "tokenizers/none.json"))
    said, problem = record_report(Settings(bundle=path, model="offline"))
    assert said == "" and problem is not None
    assert "built with `rerank: true`" in problem and "pip install 'mkdocs-docent[rerank]'" in problem
    monkeypatch.undo()
    said, problem = record_report(Settings(bundle=path, model="offline"))
    assert problem is None and said.startswith("record searched for each question, its excerpts reranked by meaning")


def test_serve_checks_the_model_without_loading_it_for_with_workers_it_serves_nothing(tmp_path, monkeypatch) -> None:
    path = tmp_path / "docent-bundle.json"
    path.write_text(json.dumps(_with_vectors(SEARCHED, rows(MODEL, list(SEARCHED.record), along={}))), encoding="utf-8")

    def loaded() -> Embedding:
        raise AssertionError("the supervisor loaded the model (+70 MB)")

    monkeypatch.setattr(edge, "_embedding", loaded)
    said, problem = record_report(Settings(bundle=path, model="offline", workers=2, redis_url="redis://localhost"))
    assert problem is None and "reranked by meaning" in said


@pytest.mark.anyio
async def test_each_serving_process_loads_the_model_as_it_starts_off_its_event_loop(tmp_path, monkeypatch) -> None:
    path = tmp_path / "reranked-bundle.json"
    path.write_text(json.dumps(_with_vectors(SEARCHED, rows(MODEL, list(SEARCHED.record), along={}))), encoding="utf-8")
    assert (await loaded_at_start(tmp_path, monkeypatch, path, "_embedding")).rerank is not None


@pytest.mark.anyio
async def test_a_bundle_the_sidecar_cannot_load_is_said_once_and_the_status_says_it_failed(tmp_path, monkeypatch,
                                                                                          caplog) -> None:
    from tests.sidecar.appkit import client, make_app

    def missing() -> Embedding:
        raise EmbeddingMissing("the record's vectors need the `rerank` extra: pip install 'mkdocs-docent[rerank]'")

    monkeypatch.setattr(edge, "_embedding", missing)
    path = tmp_path / "reranked-bundle.json"
    path.write_text(json.dumps(_with_vectors(SEARCHED, rows(MODEL, list(SEARCHED.record), along={}))), encoding="utf-8")
    app = make_app(tmp_path, bundle=path)
    app.state.guide.bundles.look_s = 0  # looked at on every call: still read once
    with caplog.at_level("WARNING", logger="docent.sidecar"):
        async with client(app) as http:
            statuses = [(await http.get("/api/guide")).json() for _ in range(3)]
            ready = (await http.get("/api/guide/ready")).json()
    assert [s["why"] for s in statuses] == ["bundle_failed"] * 3 and ready["problems"][0] == "bundle_failed"
    said = [r.getMessage() for r in caplog.records if "rerank" in r.getMessage()]
    assert len(said) == 1 and "pip install 'mkdocs-docent[rerank]'" in said[0] and "when the file changes" in said[0]


def test_the_model_is_loaded_once_a_process() -> None:
    assert edge.question_embed(MODEL) == edge.question_embed(MODEL)
    assert edge._embedding() is edge._embedding()


def test_the_app_reranks_the_excerpts_of_a_bundle_built_with_vectors(tmp_path) -> None:
    from tests.sidecar.appkit import make_app

    vectors = record_vectors(list(SEARCHED.record.values()), embedding=edge._embedding())
    path = tmp_path / "reranked-bundle.json"
    path.write_text(json.dumps(_with_vectors(SEARCHED, vectors)), encoding="utf-8")
    bundle = make_app(tmp_path, bundle=path).state.guide.bundle()
    assert bundle.vectors == vectors and bundle.rerank is not None
    assert searched(bundle, "what did she do at the consultancies")[0] == "roles-earlier"


def test_the_bench_times_the_guides_excerpts_with_and_without_the_rerank_side_by_side() -> None:
    from tests.bench.large import _rerank

    asked = json.loads((EVALS / "retrieval-example.json").read_text(encoding="utf-8"))[:10]
    figures = _rerank(SEARCHED, asked)
    assert {"retrieval_guide_p50_ms", "retrieval_rerank_p50_ms", "retrieval_rerank_p99_ms"} <= figures.keys()
    assert 0 < figures["retrieval_rerank_hit_at_8_10k"] <= 1
