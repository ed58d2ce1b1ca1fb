"""The guide's excerpts found by the search and the encoder together where the bundle has the encoder's rows
(`encoder: true`): the search's scores and the cosine summed at 0.5 over both's rows, a question in a user's words given
the section that says it in the docs' own; the model loaded once a process, and a clear refusal to start where the
bundle asks for it and the `encoder` extra is missing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from docent.schema import Vectors, plain
from docent.schema.vectors import ENCODER, MODEL
from docent.sidecar import vectors as edge
from docent.sidecar.answer.bundle import Bundle
from docent.sidecar.answer.excerpts import excerpts, searched
from docent.sidecar.answer.fusion import Fusion
from docent.sidecar.cli import record_report
from docent.sidecar.settings import Settings
from tests.build.conftest import mkdocs_build, write_site
from tests.sidecar.meaning import loaded_at_start, rows, toward

EVALS = Path(__file__).resolve().parents[1] / "evals"
SEARCHED = json.loads((EVALS / "bundle-search.json").read_text(encoding="utf-8"))


def test_the_search_and_the_cosine_are_summed_over_both_rows_the_search_leading() -> None:
    ids = ["a", "b", "c", "d", "e"]
    fusion = Fusion.of(lambda _: toward(ENCODER, 0), rows(ENCODER, ids, along={"e": 0}), ids)
    # a 0.5 * 10/10 and e, unfound by the search, 0.5 * its cosine scaled (1): of equals, the search's first; then
    # b 0.5 * 8/10, c 0.5 * 6/10; d nothing
    assert fusion.order("q", [("a", 10.0), ("b", 8.0), ("c", 6.0)]) == ["a", "e", "b", "c", "d"]
    assert fusion.order("q", [("c", 1.0)]) == ["c", "e", "a", "b", "d"]  # of equal scores, the record's first
    alike = Fusion.of(lambda _: toward(ENCODER, 1), rows(ENCODER, ids, along={}), ids)
    assert alike.order("q", [("c", 2.0), ("a", 1.0)]) == ["c", "a", "b", "d", "e"]  # no cosine to tell: the search's


def test_a_follow_up_is_embedded_with_the_thread_it_continues() -> None:
    asked: list[str] = []
    ids = ["a", "b"]
    fusion = Fusion.of(lambda text: asked.append(text) or toward(ENCODER, 0), rows(ENCODER, ids, along={"a": 0}), ids)
    fusion.order("and the consequences?", [("b", 1.0)], earlier=["the outbox decision"])
    assert asked == ["and the consequences?", "the outbox decision"]


def test_a_bundle_fuses_with_the_encoders_rows_and_reranks_with_wordllamas_only_where_a_question_is_embedded() -> None:
    ids = [s["id"] for s in SEARCHED["record"]]
    data = {**SEARCHED, "vectors": plain(rows(ENCODER, ids, along={}))}
    assert Bundle.from_json(data).fusion is None  # read by the evals and the operator's tools: the search alone
    asked: list[str] = []
    fused = Bundle.from_json(data, embedder=lambda model: asked.append(model) or (lambda _: toward(ENCODER, 1)))
    assert asked == [ENCODER] and fused.fusion is not None and fused.rerank is None
    assert "fusion" in fused.warm().__dict__  # the rows widened as the bundle is made ready, not in a turn
    wordllama = Vectors(MODEL, 256, bytes(256 * len(ids)))
    reranked = Bundle.from_json({**SEARCHED, "vectors": plain(wordllama)}, embedder=lambda model: lambda _: [1.0] * 256)
    assert reranked.fusion is None and reranked.rerank is not None


PAGES = {  # the right section says the question in the docs' words; the others share its words
"index.md": "# ORMish\n\nA small ORM for Python.\n",
"performance.md": """# Performance

## Avoiding N+1 queries

Loading a list of authors and then reading `author.books` for each one sends a separate SELECT for every author.
Call `prefetch_related("books")` or `select_related("publisher")` to load the related objects up front, in one or two
statements.

## Connection pooling

Set `pool_size` and `max_overflow` on the engine; `pool_recycle` closes connections older than that many seconds.

## Indexes

Add `index=True` to a column you filter on often; a composite index is declared with `Index("a", "b")`.
""",
"querying.md": """# Querying

## Filtering rows

`filter()` returns the rows of a table that match a condition; each call returns a new query, nothing runs yet.

## Iterating over a query

Iterating over a query fires it once and caches its rows, so a second loop over the same query reads no row again.

## Counting rows

`count()` fires one query, `SELECT COUNT(*)`, and returns the number of rows without loading them.

## Raw SQL

`raw()` runs a query you write yourself; each row it returns becomes a model instance.

## Slicing a query

Slicing a query (`query[:10]`) adds LIMIT and OFFSET; the rows are fetched when the slice is read.
""",
"signals.md": """# Signals

## post_save

The `post_save` signal fires after each row is saved, once per row, with the instance and whether it was created.

## Bulk operations

`bulk_create()` inserts many rows with one query; the per-row signals do not fire for them.

## Disconnecting a receiver

`post_save.disconnect(receiver)` stops a receiver; a query run inside a receiver fires its own signals.
""",
"debugging.md": """# Debugging

## Logging every query

Set the `ormish.sql` logger to DEBUG to print each query as it runs, one line per query, with its parameters.

## Explaining a query

`query.explain()` returns the database's plan for a query: which index it reads and how many rows it expects.

## Timing queries

`ormish.timing` records how long each query took; the slowest appear first in its report.
""",
}

WORDS = "rendering a table of users is slow, every line makes its own trip to the database"
SECTION = "avoiding-n1-queries"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small ORM's docs built with `encoder: true` (15 sections), the bundle's path."""
    root = tmp_path_factory.mktemp("encoded")
    mkdocs_build(write_site(root, pages=PAGES, docent={"encoder": True, "record": "search", "tours": [], "offers": []}))
    return root / "docent-bundle.json"


def test_a_question_in_a_users_words_is_given_its_section_with_the_encoder_and_not_without(built: Path) -> None:
    alone = Bundle.load(built)
    fused = Bundle.load(built, embedder=edge.question_embed)
    assert alone.fusion is None and fused.fusion is not None and len(fused.record) == 15
    assert SECTION not in searched(alone, WORDS)  # "a separate SELECT for every author": no word of the question's
    assert SECTION in searched(fused, WORDS) and SECTION in excerpts(fused, WORDS, earlier=[], given=()).ids
    assert searched(fused, "too many queries when I show a list with its related objects")[0] == SECTION


def test_serve_refuses_to_start_on_the_encoders_rows_without_the_extra_and_says_what_to_install(built: Path,
                                                                                            monkeypatch) -> None:
    monkeypatch.setattr("docent.schema.encoder.PACKAGE", "no_such_model_package")
    said, problem = record_report(Settings(bundle=built, model="offline"))
    assert said == "" and problem is not None
    assert "built with `encoder: true`" in problem and "pip install 'mkdocs-docent[encoder]'" in problem
    monkeypatch.undo()
    said, problem = record_report(Settings(bundle=built, model="offline"))
    assert problem is None and "its excerpts found by the search and the encoder" in said


def test_the_model_is_loaded_once_a_process_and_not_by_the_supervisors_check(built: Path, monkeypatch) -> None:
    assert edge.question_embed(ENCODER) == edge.question_embed(ENCODER) and edge._encoder() is edge._encoder()
    monkeypatch.setattr(edge, "_encoder", lambda: pytest.fail("the supervisor loaded the encoder"))
    said, problem = record_report(Settings(bundle=built, model="offline", workers=2, redis_url="redis://localhost"))
    assert problem is None and "the encoder" in said


@pytest.mark.anyio
async def test_each_serving_process_loads_the_encoder_as_it_starts_off_its_event_loop(built: Path, tmp_path: Path,
                                                                                      monkeypatch) -> None:
    import shutil

    bundle = await loaded_at_start(tmp_path, monkeypatch, shutil.copy(built, tmp_path / "encoded-bundle.json"), "_encoder")
    assert "fusion" in bundle.__dict__ and bundle.fusion is not None  # the rows widened before the first question
    assert SECTION in searched(bundle, WORDS)


@pytest.mark.anyio
@pytest.mark.parametrize("model", [ENCODER, MODEL])
async def test_the_question_is_embedded_off_the_event_loop_while_other_visitors_go_on(model: str,
                                                                                      tmp_path: Path) -> None:
    """The encoder's (12-18 ms of CPU) or the rerank's embedding runs in a worker thread: a stand-in that waits until
    another coroutine on the same loop lets it go is let go. On the loop nothing could, and its wait runs out."""
    import threading

    import anyio

    from docent.sidecar.answer.turn import Ask
    from tests.sidecar.test_turn import ON_HOME, Rig, kinds

    started, released = threading.Event(), threading.Event()
    waited: list[bool] = []

    def embed(_: str) -> list[float]:
        started.set()
        waited.append(released.wait(timeout=20))
        return toward(model, 1)

    ids = [s["id"] for s in SEARCHED["record"]]
    bundle = Bundle.from_json({**SEARCHED, "vectors": plain(rows(model, ids, along={}))}, embedder=lambda _: embed)
    rig = Rig(tmp_path, [{"question": "led", "calls": [[{"text": "A team of five. [[roles-alderway-leading]]"}]]}],
              bundle=bundle)

    async def another_visitor() -> None:
        while not started.is_set():
            await anyio.sleep(0.001)
        released.set()

    async with anyio.create_task_group() as group:
        group.start_soon(another_visitor)
        events = await rig.ask(Ask(question="Has she led a team?", screen=ON_HOME))
    assert waited == [True] and kinds(events) == ["sentence", "done"]
