"""The gate's speed: sentences judged per second, on a record of sixty sections and the built-in lexicon.

Each answer is ten sentences of the kinds a model writes (cited, connective, held for a term, first person),
streamed in fragments of a few characters, through a fresh gate per answer as the turn makes one.
"""

from __future__ import annotations

import random
import time

from docent.schema import RecordSection as Section
from docent.sidecar.answer.gate import Gate, RecordIndex, Site
from docent.sidecar.answer.lexicon import Lexicon

SECTIONS = 60
ANSWERS = 2_000
TERMS = ["Kafka", "Java", "Go", "Rust", "Spring Boot", "3-D Secure", "Node.js", "C++", ".NET", "CI/CD", "PostgreSQL", "Redis"]
WORDS = (
    "the service moved card payments onto a ledger that reconciles every night while the team reviewed code in "
    "pairs measured latency before guessing and wrote decisions down as records for the platform engineers"
).split()


def _record() -> dict[str, Section]:
    rng = random.Random(7)
    record = {}
    for i in range(SECTIONS):
        text = " ".join(rng.choice(WORDS) for _ in range(120)) + f" It used {TERMS[i % len(TERMS)]} in {2010 + i % 15}."
        record[f"s{i}"] = Section(f"s{i}", "cases", f"Case {i}", text, f"/cases/#s{i}")
    return record


def _lexicon() -> Lexicon:
    from docent.manifest_build.lexicon import built_in

    entries = [{"term": e.term, "aliases": list(e.aliases)} for e in built_in()]
    known = {e["term"] for e in entries}
    return Lexicon(entries + [{"term": t, "aliases": []} for t in TERMS if t not in known])


def _answer(i: int) -> str:
    a, b = f"s{i % SECTIONS}", f"s{(i + 1) % SECTIONS}"
    kafka = f"s{next(j for j in range(SECTIONS) if TERMS[j % len(TERMS)] == 'Kafka')}"
    return (
        f"Yes. He moved card payments onto a ledger [[{a}]]. The team reviewed code in pairs. [[{b}]] "
        f"It used Kafka in 2010, e.g. for 3.5 years. [[{kafka}]] In short, yes. He measured latency before guessing [[{a}, {b}]]. "
        f"He is an expert in Rust. [[{kafka}]] I wrote decisions down. [[{b}]] The platform engineers reconciled every night. [[{a}]]\n"
        f"- records for the platform [[{b}]]\n- That is all."
    )


def run() -> dict[str, float]:
    record, lexicon = _record(), _lexicon()
    rng = random.Random(1)
    answers = []
    for i in range(ANSWERS):
        text = _answer(i)
        cuts, at = [], 0
        while at < len(text):
            step = rng.randint(2, 12)
            cuts.append(text[at : at + step])
            at += step
        answers.append(cuts)
    # The record's index and the site are built once per bundle (Bundle.mentions, Bundle.site), not per answer.
    site = Site.of(record, lexicon)
    mentions = RecordIndex(record, lexicon, site.page_titles, site.intros)
    sentences = 0
    start = time.perf_counter()
    for pieces in answers:
        gate = Gate(record, lexicon, site=site, mentions=mentions)
        for piece in pieces:
            sentences += len(gate.feed(piece))
        sentences += len(gate.finish())
    elapsed = time.perf_counter() - start
    return {"gate_sentences_per_s": round(sentences / elapsed, 1), "gate_us_per_sentence": round(elapsed / sentences * 1e6, 2)}


if __name__ == "__main__":
    print(run())
