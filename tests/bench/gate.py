"""The gate's speed: sentences judged per second, on a record of sixty sections and the built-in lexicon.

Each answer is ten sentences of the kinds a model writes (cited, connective, held for a term, first person),
streamed in fragments of a few characters, through a fresh gate per answer as the turn makes one, on the section
facts made before the first answer as the sidecar makes them (`Bundle.warm`). The gate runs
with every rule (`gate_us_per_sentence`), with the core rules only, this code's table without the construction rules
of issue 21 (`gate_us_per_sentence_core_rules`; `gate_speed_vs_core_rules`, its time over every rule's, is below 1 by
what the construction rules cost), and with no rule at all (`gate_us_per_sentence_no_rules`: reading the stream,
cutting sentences, shaping them, pointing each citation at its line), in turns within one run, each timed by the
process's CPU time (`time.process_time`, since round 29: a wall-clock window on a shared machine charges the gate for
the scheduler's pauses; figures before it were wall-clock). The core figure was named `_last_round` until round 24: the table was last round's when the
construction rules were new (3669a27), and it has timed this code's core rules since, never an earlier commit's gate.
The goal (issues 21 and 26): 33 us a sentence or less with every rule. `gate_compiled.py`
times the same gate compiled with mypyc (setup.py's `DOCENT_COMPILE`) beside it.
"""

from __future__ import annotations

import random
import time

from docent.schema import RecordSection as Section
from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from docent.sidecar.answer.mentions import Mentions
from docent.sidecar.answer.rules import CONSTRUCTIONS, RULES, Rule, prepare
from docent.sidecar.answer.site import Site

SECTIONS = 60
ANSWERS = 1_000
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
    answers = _answers()
    # The record's index and the site are built once per bundle (Bundle.mentions, Bundle.site), not per answer.
    site = Site.of(record, lexicon)
    mentions = _mentions(record, lexicon, site)
    tables = {"now": RULES, "core_rules": tuple(r for r in RULES if r not in CONSTRUCTIONS), "no_rules": ()}
    spent = dict.fromkeys(tables, 0.0)
    sentences = 0
    for _ in range(ROUNDS):
        for name, rules in tables.items():
            took, judged = _judge(answers, record, lexicon, site, mentions, rules)
            spent[name] += took
            sentences += judged if name == "now" else 0
    now, core, bare = (spent[name] / sentences * 1e6 for name in tables)
    return {
        "gate_sentences_per_s": round(sentences / spent["now"], 1),
        "gate_us_per_sentence": round(now, 2),
        "gate_us_per_sentence_core_rules": round(core, 2),
        "gate_speed_vs_core_rules": round(core / now, 3),
        "gate_us_per_sentence_no_rules": round(bare, 2),
    }


ROUNDS = 3  # turns of each, interleaved


def _mentions(record: dict[str, Section], lexicon: Lexicon, site: Site) -> Mentions:
    """What each section mentions, made as the sidecar makes it (`Bundle.warm`): every section's facts before the first
    answer, not those of the sections an answer cites first in the timed window (and the collections their heap
    triggered there)."""
    mentions = Mentions(record, lexicon, site.page_titles, site.intros)
    mentions.prepare()
    prepare(mentions)
    return mentions


def _answers() -> list[list[str]]:
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
    return answers


def _judge(
    answers: list[list[str]], record: dict[str, Section], lexicon: Lexicon, site: Site, mentions: Mentions,
    rules: tuple[Rule, ...],
) -> tuple[float, int]:
    sentences = 0
    # the gate's CPU, not the wall clock: on a shared machine a wall-clock window charges the gate for the scheduler's
    # pauses (round 29, load 10-13: gatespeed29 measured by process time, as _gate_ab does); one thread, no waits
    start = time.process_time()
    for pieces in answers:
        gate = Gate(record, lexicon, site=site, mentions=mentions, rules=rules)
        for piece in pieces:
            sentences += len(gate.feed(piece))
        sentences += len(gate.finish())
    return time.process_time() - start, sentences


if __name__ == "__main__":
    print(run())
