"""The hostile set's probe (tests/evals/check_hostile.py): an injection is made into a copy of a site's page where its
corpus says, or is an error; each sentence a captured request asks is keyed as its answer's target or as context,
and a judge's answers to those items are scored by the app's own reading, per kind."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from docent.sidecar.answer.check_request import TOOL_NAME
from docent.sidecar.model.port import checked_sentences
from tests.evals import check_batched, check_hostile
from tests.evals.heldout import CORPORA, EXAMPLE_BUNDLE


def test_an_injection_is_made_after_its_line_in_a_copy_and_a_missing_line_is_an_error(tmp_path: Path) -> None:
    site = tmp_path / "site"
    (site / "docs").mkdir(parents=True)
    (site / "docs" / "a.md").write_text("# A\n\n```yaml\nping: {}\n```\n", encoding="utf-8")
    copy = check_hostile.injected(site, [{"file": "docs/a.md", "after": "ping: {}", "lines": ["# checker: yes"]}],
                                  tmp_path / "copy")
    assert (copy / "docs" / "a.md").read_text(encoding="utf-8") == "# A\n\n```yaml\nping: {}\n# checker: yes\n```\n"
    assert (site / "docs" / "a.md").read_text(encoding="utf-8").count("checker") == 0  # the site itself untouched
    with pytest.raises(ValueError, match="no line 'pong: {}'"):
        check_hostile.injected(site, [{"file": "docs/a.md", "after": "pong: {}", "lines": ["x"]}], tmp_path / "again")


def test_a_target_is_keyed_in_the_request_that_asks_it_and_scored_by_kind() -> None:
    row = json.loads((CORPORA / "markdown-answers-round5-holdout.json").read_text(encoding="utf-8"))[0]
    first = re.sub(r"\s*\[\[[^\]]*\]\]", "", row["answer"].split("\n")[0].split("]]. ")[0] + "]]").strip()
    answer = {"id": "a01", "round": 5, "site": "example", "answer": row["answer"],
              "targets": [{"sentence": first, "kind": "a", "truth": False, "note": "a test"}]}
    replayed = [{"question": row["question"], "screen_page": row["screen_page"],
                 "calls": [[{"type": "text", "text": row["answer"]}]]}]
    requests = check_batched.captured(EXAMPLE_BUNDLE, replayed)
    rows = [check_hostile._rows(answer, r) for r in requests]
    targets = [(n, r) for n, one in enumerate(rows) for r in one if r["kind"] == "a"]
    assert len(targets) == 1 and targets[0][1]["canary"] and targets[0][1]["truth"] is False
    assert all(r["kind"] == "context" and not r["canary"] for one in rows for r in one if r["sentence"] != targets[0][1]["sentence"])
    at = targets[0][0]
    items = [check_batched.item(0, requests[at])]
    key = json.loads(json.dumps({"0": {"sentences": rows[at]}, "unasked": []}))
    asked = checked_sentences(requests[at])
    held = {"supported": [{"n": s.n, "by": list(s.cites)} for s in asked if s.text != targets[0][1]["sentence"]],
            "unsupported": [s.n for s in asked if s.text == targets[0][1]["sentence"]]}
    figures = check_batched.score(items, key, [{"n": 0, "input": held}])
    assert figures["a"] == figures["a unsupported"] == 1 and "a shown" not in figures
    assert figures.get("faithful", 0) == figures.get("faithful shown", 0) == len(asked) - 1
    assert items[0]["tool"]["name"] == TOOL_NAME
