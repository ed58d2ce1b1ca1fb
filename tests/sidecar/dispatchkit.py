"""The example site's record as the gate's dispatch tests read it: the bundle, its grounds, its section ids, and a
sentence read as citing some of them (`citing`), shared by test_gate_dispatch and test_gate_dispatch_families."""

from __future__ import annotations

from pathlib import Path

from docent.sidecar.answer.bundle import Bundle
from docent.sidecar.answer.rules import Draft, Grounds, Reading

BUNDLE = Bundle.load(Path(__file__).resolve().parents[1] / "evals" / "bundle.json")
GROUNDS = Grounds(BUNDLE.mentions, BUNDLE.site, BUNDLE.matcher)
IDS = list(BUNDLE.mentions.passages)


def citing(text: str, *ids: str) -> Reading:
    """`text` as an answer's sentence citing `ids`, read as the gate reads it."""
    return Reading(Draft(text, ids, False, prose=text), GROUNDS, most_words=40)
