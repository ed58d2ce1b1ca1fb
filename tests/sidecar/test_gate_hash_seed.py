"""The gate's reading of a section's denials is the same in every process: a written word of several parts
("middleware/url-resolver") gives its stems in the order they stand, not a set's, whose order changes with the hash
seed. Django Ninja's testing guide ("a test client to make it easy to test just APIs without middleware/url-resolver
layer making tests run faster") had its denial's head read "url resolver" in some processes and "middleware url" in
others, and the faithful "Django Ninja's test client skips the middleware and URL-resolver layer so that tests run
faster" was held by polarity under hash seeds 0-2 and shown under 3 (round 33, negation33 and gatespeed33)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

SECTION = ("Django Ninja uses Django's test tools, but also provides a test client to make it easy to test just APIs "
           "without middleware/url-resolver layer making tests run faster.")
HEADS = ("from docent.sidecar.answer.record_denials import heads; from docent.sidecar.answer.words import stems; "
         f"print(sorted(sorted(h) for h, _ in heads({SECTION!r}, stems)))")


def _heads(seed: int) -> str:
    env = {**os.environ, "PYTHONHASHSEED": str(seed), "PYTHONPATH": f"{ROOT / 'src'}{os.pathsep}{ROOT}"}
    return subprocess.run([sys.executable, "-c", HEADS], env=env, capture_output=True, text=True, check=True).stdout


def test_a_denials_head_is_read_the_same_under_every_hash_seed() -> None:
    read = {seed: _heads(seed) for seed in range(6)}
    assert len(set(read.values())) == 1, read
    assert "'middlewar', 'url'" in read[0], read[0]  # the words as they stand: "middleware/url-resolver"


def test_a_clauses_stems_are_read_in_order_and_each_word_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """`polarity.ordered` keeps each written word's stems in order (issue 26: the 200 characters before each denial
    are read word by word, and most words come again), the same list as read anew; a reader of stems other than
    `words.stems` is never answered from what `words.stems` gave."""
    from docent.sidecar.answer import polarity, words

    clause = "a test client without middleware/url-resolver layer, the URL-resolver and middleware tests"
    expected = list(dict.fromkeys(s for w in clause.split() for s in words.in_order(w, words.stems)))
    assert polarity.ordered(clause, words.stems) == expected
    read: list[str] = []
    monkeypatch.setattr(polarity, "in_order", lambda word, stems: read.append(word) or words.in_order(word, stems))
    assert polarity.ordered(clause, words.stems) == expected
    assert read == []  # every word's stems kept from the first reading
    assert polarity.ordered(clause, lambda w: [w.upper()]) == list(dict.fromkeys(w.upper() for w in clause.split()))
