"""The embedded model on a real documentation site (uv's, vendored): of the sections search ranks close, the one that
holds the ask's distinctive words and its code answers (`picking.by_ask`); where search ranks another first, the docs
portfolio's lean puts it first."""

from __future__ import annotations

import pytest

from docent.sidecar.answer.bundle import Bundle
from docent.sidecar.offline import OfflineModel
from docent.sidecar.offline.picking import by_ask
from docent.sidecar.offline.weighing import Weighed
from tests.sitebuilds import SiteBuilds


@pytest.fixture(scope="module")
def uv(site_builds: SiteBuilds) -> OfflineModel:
    bundle = Bundle.load(site_builds("uv").bundle)
    return OfflineModel(lambda: bundle)


# From uv's users' questions (`tests/evals/uv-questions-round8.json`, "override-upper-bound").
PINNED = ("One of my dependencies pins pydantic>=1.8,<2.0 in its metadata but actually works fine with pydantic 2, and "
          "it blocks my project from using v2. Can I force uv to ignore that bound in pyproject.toml?")


def test_the_section_that_holds_the_asks_distinctive_words_and_code_answers(uv) -> None:
    # 'Dependency overrides' holds as many of the ask's distinctive words as 'Requires-python' ("uv ignores
    # upper-bounds on requires-python"), and its code writes the question's (`pydantic>=1.0,<2.0`): it answers
    said, best = uv.answer(PINNED)
    assert best is not None and best.id == "dependency-overrides", said
    assert any("use `tool.uv.override-dependencies` to define a list of overrides" in s for s in said), said


def test_the_docs_lean_puts_the_section_whose_code_writes_the_asks_first_where_search_ranks_another_first(uv) -> None:
    """Given search's scores with 'Requires-python' the higher (its order before round 19), `by_ask` keeps it first
    with no portfolio and the docs portfolio's lean puts 'Dependency overrides' first."""
    source = uv.source()
    vocabulary = uv.vocabulary(source)
    asked = Weighed.of(PINNED, vocabulary, uv._lexicon(source), source.manifest)
    found = {sid: score for sid, score in source.index.search(asked.query)}
    # search ranked 'Requires-python' first until round 19, whose order reads 'Dependency overrides' first: the lean is
    # tried on the old order, the two scores search gives, the higher first
    high, low = sorted((found[sid] for sid in ("requires-python", "dependency-overrides")), reverse=True)
    ranked = [(high, source.record["requires-python"]), (low, source.record["dependency-overrides"])]
    assert [s.id for _, s in by_ask(asked, ranked, vocabulary)][0] == "requires-python"
    assert [s.id for _, s in by_ask(asked, ranked, vocabulary, "docs")][0] == "dependency-overrides"
    # the two hold as many of the ask's distinctive words; the overrides section's code writes the question's
    code = ["\n".join(c for b in s.blocks for c in ((b.text,) if b.kind == "code" else b.code)) for _, s in ranked]
    assert asked.code_named(code[1]) > asked.code_named(code[0]), sorted(asked.identifiers)
