"""A documentation site too large for the prompt: it builds under --strict, searches its record, keeps its map and
tools bounded, finds the section a question needs, and answers from the sections it was given."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from docent.manifest_build.tools import MAP_ENTRIES
from docent.sidecar.answer.bundle import Bundle
from docent.sidecar.answer.conversation import Conversation
from docent.sidecar.answer.excerpts import SECTIONS
from docent.sidecar.answer.policy import AnswerPolicy
from docent.sidecar.answer.turn import Ask, Turn
from docent.sidecar.model.replay import ReplayModel
from tests.bench.docsite import component, generate, long_questions, questions

PAGES = 320  # past the map's 300 entries, so the map and the tools are bounded
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    root = tmp_path_factory.mktemp("docsite")
    components = generate(root, PAGES)
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-f", str(root / "docent.yml"), "-d", str(root / "site")],
        cwd=root, capture_output=True, text=True, timeout=300,
    )
    return {"root": root, "components": components, "done": done, "bundle": root / "docent-bundle.json"}


@pytest.fixture(scope="module")
def bundle(site: dict[str, Any]) -> Bundle:
    assert site["done"].returncode == 0, site["done"].stdout + site["done"].stderr
    return Bundle.load(site["bundle"])


def test_it_builds_under_strict_with_the_same_headings_on_every_page(site: dict[str, Any], bundle: Bundle) -> None:
    c = component(0)
    assert f"{c.page_id}-configuration" in bundle.record  # "Configuration" on every page: the page's id makes it unique
    assert bundle.record[f"{c.page_id}-configuration"].path.endswith("/#configuration")
    assert len(bundle.record) == PAGES * 4  # each page's opening, before its first heading, and its three sections


def test_auto_searches_a_record_over_the_budget(bundle: Bundle) -> None:
    assert bundle.mode.record == "search" and bundle.mode.asked == "auto"
    assert bundle.mode.whole_tokens > bundle.mode.budget_tokens > bundle.mode.prompt_tokens
    assert not any("## Configuration" in block["text"] or "[[area-" in block["text"] for block in bundle.system)


def test_the_map_and_the_tools_stay_bounded(bundle: Bundle) -> None:
    site_map = bundle.system[-1]["text"]
    assert sum(1 for line in site_map.splitlines() if line.startswith("- area-")) <= MAP_ENTRIES
    assert f"and {PAGES + 1 - MAP_ENTRIES + len(bundle.manifest.sections)} more pages" in site_map
    tools = {t["name"]: t for t in bundle.tools}
    assert "enum" not in tools["show_page"]["input_schema"]["properties"]["id"]
    assert len(json.dumps(bundle.tools)) < 4_000  # the same few kilobytes for 320 pages as for 10,000


def test_the_large_site_retrieval_set_finds_each_questions_section(site: dict[str, Any], bundle: Bundle) -> None:
    asked = questions(site["components"])
    found = [q for q in asked if q["sections"][0] in {i for i, _ in bundle.index.search(q["question"], limit=SECTIONS)}]
    assert len(asked) >= 60
    assert len(found) / len(asked) >= 0.95, [q for q in asked if q not in found][:5]


def test_the_sets_long_questions_find_their_sections_too(site: dict[str, Any], bundle: Bundle) -> None:
    """A reader's long question (context, a pasted error, then the ask) is asked sentence by sentence as well."""
    from docent.sidecar.answer.clauses import MAX_WORDS, question_sentences
    from docent.sidecar.answer.words import chunks

    asked = long_questions(site["components"])
    assert all(len(chunks(str(q["question"]))) > MAX_WORDS and question_sentences(str(q["question"])) for q in asked)
    found = [q for q in asked if q["sections"][0] in {i for i, _ in bundle.index.search(q["question"], limit=SECTIONS)}]
    assert len(found) / len(asked) >= 0.95, [q for q in asked if q not in found][:5]


def test_the_benchs_retrieval_figures_are_the_guides_own_excerpts(site: dict[str, Any], bundle: Bundle,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """`retrieval_*` time and score what the guide runs (`RecordIndex.given`, its 8 chosen from the first 12), and the
    plain search for 8 is timed beside it (`retrieval_search_*`)."""
    from tests.bench import large

    monkeypatch.setattr(large, "_rerank", lambda bundle, sample: {})  # the rerank's figures are `test_rerank`'s
    figures = large._retrieval(site["bundle"], site["components"])
    asked = questions(site["components"])
    given = sum(q["sections"][0] in bundle.index.given(str(q["question"])) for q in asked)
    assert figures["retrieval_hit_at_8_10k"] == round(given / len(asked), 4)
    assert figures["retrieval_p50_ms"] > 0 and figures["retrieval_search_p50_ms"] > 0


@pytest.mark.anyio
async def test_it_answers_from_the_sections_a_question_brought(tmp_path: Path, bundle: Bundle) -> None:
    c = component(42)
    key, meaning, default = c.setting
    section = f"{c.page_id}-configuration"
    script = tmp_path / "script.json"
    script.write_text(json.dumps({"replies": [{"question": key, "calls": [[
        {"text": f"{key} sets {meaning}, and its default is {default}. [[{section}]]"}]]}]}), encoding="utf-8")
    turn = Turn(bundle=bundle, model=ReplayModel(script), policy=AnswerPolicy())
    conversation = Conversation("token", time.time())
    events = [e async for e in turn.run(conversation, Ask(question=f"What does {key} do?", screen={"page": c.page_id}))]
    sentences = [e for e in events if e.event == "sentence"]
    assert sentences and sentences[0].cites[0].id == section, events
    assert section in conversation.given
    # the map does not list every page: the excerpts name their pages, for show_page
    excerpt = next(b["text"] for b in conversation.messages[0]["content"] if b.get("text", "").startswith("# Excerpts"))
    assert "Their pages and parts (show_page, point_at):" in excerpt and f"- {c.page_id}: {c.name} (" in excerpt


def test_the_chain_of_checks_looks_up_ids_the_tools_no_longer_list(bundle: Bundle) -> None:
    from docent.sidecar.answer.toolcheck import ToolCheck
    from docent.sidecar.answer.tools import Failed, Here, Passed
    from docent.sidecar.model.port import ToolCall

    check = ToolCheck(bundle)
    last = component(PAGES - 1)  # past the map's first 300 pages
    assert f"- {last.page_id}:" not in bundle.system[-1]["text"]
    opened = check.check(ToolCall("t1", "show_page", {"id": last.page_id}), Here(page="home"))
    assert isinstance(opened, Passed) and opened.target is not None and opened.target.id == last.page_id
    unknown = check.check(ToolCall("t2", "show_page", {"id": "no-such-page"}), Here(page="home"))
    assert isinstance(unknown, Failed) and unknown.message.startswith('No page "no-such-page". The pages are ')
    assert "more (see the site's map)" in unknown.message and len(unknown.message) < 3_000
    link = {"to": "no-such-page", "title": "T", "gist": "G"}
    assert isinstance(check.check(ToolCall("t3", "show_links", {"items": [link]}), Here(page="home")), Failed)
