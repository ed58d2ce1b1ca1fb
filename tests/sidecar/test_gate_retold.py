"""`retold.across` aligns a sentence only where two units in a row could be the line whose deed it tells and the line
whose subject it tells it of (`retold._may_tell`, issue 26): the test never spares a sentence `_deed_of` would hold,
and spares one that tells no line's deed of another's subject."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from docent.sidecar.answer import align, retold
from docent.sidecar.answer.bundle import Bundle
from docent.sidecar.answer.passage import Passage, Unit, unit
from docent.sidecar.answer.words import fold

BUNDLE = Bundle.load(Path(__file__).resolve().parents[1] / "evals" / "bundle.json")


def _told(said: Unit, passage: Passage) -> bool:
    """Whether `_deed_of` holds the sentence for any two units in a row of the section, either way round."""
    units = passage.units
    return any(retold._deed_of(said, a, b) or retold._deed_of(said, b, a) for a, b in zip(units, units[1:], strict=False))


def _retellings(passage: Passage, rng: random.Random) -> list[str]:
    """Sentences made of two units in a row: the one's opening words before the other's rest, and the words of
    both shuffled, so that some tell a deed across and most do not."""
    out = []
    for a, b in zip(passage.units, passage.units[1:], strict=False):
        for own, other in ((a, b), (b, a)):
            words, theirs = own.text.split(), other.text.split()
            for k in (1, 2, 3, 4):
                out.append(" ".join(theirs[:k] + words[k:]))
                out.append(" ".join(theirs[:k] + words[k + 1 :]))
            mixed = words + theirs
            rng.shuffle(mixed)
            out.append(" ".join(mixed[: len(words)]))
    return out


def test_no_sentence_told_across_is_spared() -> None:
    rng = random.Random(3)
    told = spared = 0
    for passage in BUNDLE.mentions.passages.values():
        for text in _retellings(passage, rng):
            said = unit(text, fold)
            if _told(said, passage):
                told += 1
                assert retold._may_tell(said, [passage]), text
            elif not retold._may_tell(said, [passage]):
                spared += 1
    assert told >= 20 and spared > told  # the sentences test both sides


RESULTS = [
    Passage.of("Results", "The cache rewrite cut page loads from 900 ms to 120 ms for every storefront.\n"
               "The queue migration ended the nightly batch failures and about 40 lost orders a week.", fold),
]


@pytest.mark.parametrize(
    ("sentence", "aligns"),
    [
        ("The queue migration cut page loads from 900 ms to 120 ms for every storefront.", True),
        # Opens with a line's opening words, and tells that line's own deed, or another the lines do not write.
        ("The cache rewrite cut page loads from 900 ms to 120 ms for every storefront.", False),
        ("The cache rewrite was reviewed by two engineers over three weeks in the spring.", False),
    ],
)
def test_only_a_sentence_that_may_tell_a_deed_across_is_aligned(
    sentence: str, aligns: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[frozenset[str]] = []
    monkeypatch.setattr(align, "aligned", lambda content, sections: asked.append(frozenset(content)) or [])
    retold.across(unit(sentence, fold), RESULTS)
    assert bool(asked) is aligns
