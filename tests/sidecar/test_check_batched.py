"""The batched check's probe (tests/evals/check_batched.py, check_canaries.py): a small round's answers replayed with
canaries planted, each request kept as the model receives it, the key apart, and a judge's answers read by the app's
own reading."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from docent.sidecar.answer.bundle import Bundle
from docent.sidecar.answer.check_request import CODE_NOTE, SYSTEM, TOOL
from tests.evals import check_batched, check_canaries
from tests.evals.heldout import CORPORA, EXAMPLE_BUNDLE

Made = tuple[list[dict[str, Any]], dict[str, Any], Counter[str]]


@pytest.fixture(scope="module")
def made() -> Made:
    rows = json.loads((CORPORA / "markdown-answers-round5-holdout.json").read_text(encoding="utf-8"))[:5]
    items: list[dict[str, Any]] = []
    key: dict[int, dict[str, Any]] = {}
    counts = check_batched.replay(EXAMPLE_BUNDLE, rows, random.Random(25), items, key, {"round": 5, "site": "example"})
    return items, json.loads(json.dumps(key)), counts  # the key as key.json reads back


def test_each_request_is_an_item_as_the_model_receives_it_and_the_key_is_apart(made: Made) -> None:
    items, key, counts = made
    assert items and [one["n"] for one in items] == list(range(len(items)))
    for one in items:
        assert sorted(one) == ["content", "n", "system", "tool"]
        lines = one["content"].split("The sentences, one a line")[1].splitlines()[1:]
        coded = any("code_after" in json.loads(line) for line in lines)  # the note only where a block is shown
        assert one["system"] == (f"{SYSTEM}\n\n{CODE_NOTE}" if coded else SYSTEM)
        assert one["tool"]["input_schema"] == TOOL["input_schema"]
        assert "canary" not in json.dumps(one)
        assert len(lines) == len(key[str(one["n"])]["sentences"])
    planted = [row for k in key.values() for row in k["sentences"] if row["canary"]]
    assert planted and not any(name.startswith("unasked") for name in counts)
    assert sum(counts.values()) == len(planted)
    for row in planted:  # each canary is asked as planted, in place of a sentence the answer wrote
        assert row["sentence"] not in row["was"]


def _answers(items: list[dict[str, Any]], key: dict[str, Any], verdict: str) -> list[dict[str, Any]]:
    out = []
    for one in items:
        rows = key[str(one["n"])]["sentences"]
        cites = [json.loads(line)["cites"] for line in one["content"].split("The sentences, one a line")[1].splitlines()[1:]]
        if verdict == "all supported":
            said = {"supported": [{"n": r["n"], "by": c} for r, c in zip(rows, cites, strict=True)], "unsupported": []}
        elif verdict == "by another's":  # supported by a label the sentence does not cite
            said = {"supported": [{"n": r["n"], "by": ["S99"]} for r in rows], "unsupported": []}
        else:
            said = {"supported": [{"n": r["n"], "by": c} for r, c in zip(rows, cites, strict=True) if not r["canary"]],
                    "unsupported": [r["n"] for r in rows if r["canary"]]}
        out.append({"n": one["n"], "input": said})
    return out


def test_a_judges_answers_are_read_by_the_apps_reading(made: Made) -> None:
    items, key, _counts = made
    faithful = sum(1 for k in key.values() for row in k["sentences"] if not row["canary"])
    right = check_batched.score(items, key, _answers(items, key, "canaries held"))
    assert right["faithful shown"] == faithful
    assert sum(v for k, v in right.items() if k.endswith(" unsupported")) == sum(1 for k in key.values()
                                                                                 for row in k["sentences"] if row["canary"])
    lax = check_batched.score(items, key, _answers(items, key, "all supported"))
    assert not any(k.endswith(" unsupported") for k in lax) and lax["faithful shown"] == faithful
    other = check_batched.score(items, key, _answers(items, key, "by another's"))
    assert other["faithful unchecked"] == faithful and not any(k.endswith(" shown") for k in other)
    unanswered = check_batched.score(items, key, [])
    assert unanswered["faithful unchecked"] == faithful and unanswered["items answered"] == 0
    with pytest.raises(ValueError, match="never asked"):
        check_batched.score(items, key, [{"n": len(items), "input": {}}])


def test_a_cross_support_canary_says_what_another_sentences_section_says() -> None:
    bundle = Bundle.load(EXAMPLE_BUNDLE)
    one, other = [sid for sid in bundle.record if bundle.record[sid].shown().count(". ") >= 4][:2]
    paragraph = f"It is so [[{one}]]. It is also so [[{other}]]."
    text = f"{paragraph}\n\n{paragraph}"
    texts, canaries = check_canaries.plant([text], bundle, random.Random(1), lambda _p, _s: True, share=1.0)
    assert sorted(c.kind for c in canaries) == [check_canaries.CROSS, check_canaries.PLAIN]  # half each
    cross = next(c for c in canaries if c.kind == check_canaries.CROSS)
    said = cross.sentence.split(" [[")[0]
    assert cross.donor in (one, other) and f"[[{cross.donor}]]" not in cross.sentence
    assert said in " ".join(bundle.record[cross.donor].shown().split())
    assert all(c.sentence in texts[0] for c in canaries) and texts[0] != text
    nothing, none = check_canaries.plant([text], bundle, random.Random(1), lambda _p, _s: False, share=1.0)
    assert nothing == [text] and none == []  # a canary the gate would hold is never planted


def test_a_plain_canary_changes_its_sentence_against_its_own_section() -> None:
    bundle = Bundle.load(EXAMPLE_BUNDLE)
    sid = next(iter(bundle.record))
    text = f"The service is required [[{sid}]]."
    texts, canaries = check_canaries.plant([text], bundle, random.Random(1), lambda _p, _s: True, share=1.0)
    assert [(c.kind, c.rule) for c in canaries] == [(check_canaries.PLAIN, "negation")]
    assert texts == [f"The service is not required [[{sid}]]."]


def test_the_brief_carries_the_checks_own_prompt_and_tool(made: Made, tmp_path: Path) -> None:
    said = check_batched.brief(made[0])
    assert SYSTEM in said and CODE_NOTE in said and '"name": "verdict"' in said and "list of {\"n\": ..., \"input\"" in said


def test_the_judges_folder_holds_the_items_and_brief_and_the_key_goes_where_it_is_told(made: Made, tmp_path: Path,
                                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    items, key, counts = made
    check_batched.write(tmp_path / "judges", items, key, dict(counts))  # `check_probe ask-batched`: the key beside
    assert json.loads((tmp_path / "judges" / "items.json").read_text(encoding="utf-8")) == items
    assert (tmp_path / "judges" / "brief.md").read_text(encoding="utf-8") == check_batched.brief(items)
    assert json.loads((tmp_path / "judges" / "key.json").read_text(encoding="utf-8")) == key
    check_batched.write(tmp_path / "apart", items, key, dict(counts), tmp_path / "key.json")  # `ask-hostile`'s
    assert sorted(p.name for p in (tmp_path / "apart").iterdir()) == ["brief.md", "items.json"]
    assert json.loads((tmp_path / "key.json").read_text(encoding="utf-8")) == key
    assert f"{len(items)} items in {tmp_path / 'apart'}/items.json" in capsys.readouterr().out
