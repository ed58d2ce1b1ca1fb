"""Which preset (or a field's option) a visitor names, with what they say it must not have: "plain exponential
backoff, no jitter" is the backoff without jitter, "with no backoff at all" is the preset whose label says "No
backoff", and "don't run it yet" asks for no run.

A preset is named by the words its id and label have beyond the experiment's own (the heap of "the heap one" names the
experiment, not a preset), and never by the words of asking for a run ("run", "live", "server"): those say how it runs.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from docent.schema import Experiment, Preset

from ..answer.words import ASCII_WORD, stem, terms

# "no jitter", "without backoff", "not the fast one", "don't run": the word after is what the visitor does not want
# ("nothing but the slow leak" says "only": no denial).
NEGATION = re.compile(r"\b(?:no|not|without|never|don['’]?t|do not)(?<!nothing but)\s+(?:the\s+|any\s+|a\s+)?([A-Za-z][\w-]*)",
                      re.IGNORECASE)
# The words that say a run is live, not which preset: a server run is the experiment's live run.
LIVE_WORDS = frozenset(terms("live server recorded"))


def negated(text: str) -> set[str]:
    """The stems a text says no to: "with no backoff at all" -> {"backoff"}."""
    return {t for m in NEGATION.finditer(text) for t in terms(m.group(1).replace("-", " "))}


def refused_verb(before: str) -> bool:
    """Whether the text before a verb says not to do it: "but don't" (run it yet), "without" (running it); "why not"
    (run it) and "why don't" (we run it) invite it."""
    m = re.search(r"\b(?:don['’]?t|do not|not|never|without|no need to)\s+$", before, re.IGNORECASE)
    return m is not None and re.search(r"\bwhy\s+$", before[: m.start()], re.IGNORECASE) is None


def score(said: set[str], denied: set[str], name: str, label: str) -> int:
    """How well a preset's or option's id and label fit what the visitor said and said no to: a word both say counts
    one, a word the visitor said no to that the label has counts against it, and the label's own "no" agrees with the
    visitor's ("no backoff" with "No backoff: retry at once")."""
    own_no = negated(label)
    plain = (set(terms(f"{name.replace('-', ' ')} {label}")) | _at_once(label)) - own_no
    return len(said & plain) + len(denied & own_no) - len(denied & plain) - len(said & own_no)


def preset(asked: set[str], question: str, experiment: Experiment, *, ignore: Iterable[str] = ()) -> Preset | None:
    """The preset the question names best, if any names one: words beyond the experiment's own and `ignore`."""
    own = set(terms(f"{experiment.id.replace('-', ' ')} {experiment.label}")) | LIVE_WORDS | set(ignore)
    denied = negated(question) - own
    said = asked - own - denied
    scored = [(score(said, denied, p.id, p.label), p) for p in experiment.presets]
    top = max((s for s, _ in scored), default=0)
    return next((p for s, p in scored if s == top), None) if top > 0 else None


def label_forms(question: str) -> set[str]:
    """A question's words as labels write them: two words run together ("back off" as "backoff", "set up" as
    "setup") and an adverb as its adjective ("exponentially" as "exponential"), stemmed."""
    words = [w.lower() for w in ASCII_WORD.findall(question)]
    joined = {stem(a + b) for a, b in zip(words, words[1:], strict=False)}
    return joined | {stem(w[:-2]) for w in words if len(w) > 6 and w.endswith("ly")} | _at_once(question)


# "At once", "immediately", "right away": one thing said, which a label's stop words ("retry at once") would hide.
AT_ONCE = re.compile(r"\b(?:at once|immediately|instantly|right away|straight away|without (?:a )?(?:wait|delay|pause))\b",
                     re.IGNORECASE)


def _at_once(text: str) -> set[str]:
    return {"at-once"} if AT_ONCE.search(text) else set()
