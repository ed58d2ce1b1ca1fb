"""Canaries for the batched check's probe (`check_probe ask-batched`): falsehoods planted, by rule and seeded, in a
Markdown answer's paragraphs before it is replayed, so a judge playing the check's model meets them among the faithful.

- plain: one cited sentence changed so its own cited section contradicts it: a number made another number that section
  writes, a negation added or taken away, or a `name` made another `name` that section writes;
- cross: one cited sentence replaced by a sentence of a section ANOTHER sentence of the paragraph cites (and it does
  not), keeping its own citations: the claim is stated in the request, but by a section the sentence does not cite,
  and at least two of its words are not in its own cited sections' text.

A canary the gate would hold never reaches the check: `plant` tries each candidate through `passes` and takes the
first that does, else the other kind, else the paragraph is left and the canary is owed to the next one.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from docent.sidecar.answer.bundle import Bundle

SEGMENT = re.compile(r"(?P<body>(?:[^\[\n]|\[(?!\[))*?\S)(?P<cites>(?:\s*\[\[[^\]]+\]\])+)(?P<end>[.!?:]?)")
_IDS = re.compile(r"\[\[([^\]]+)\]\]")
_NUMBER = re.compile(r"(?<![\w.\-/])\d+(?:\.\d+)?(?![\w/])")
_CODE = re.compile(r"`([^`\n]+)`")
_WORD = re.compile(r"[A-Za-z][A-Za-z'-]{3,}")
_SENT = re.compile(r"(?<=[.!?])\s+(?=[A-Z`])")
_LEADS = re.compile(r":\s*$")
_FENCE = re.compile(r"```.*?(```|$)", re.S)
_NEGATIVE = re.compile(r"\b(no|not|never|none|without|nothing)\b|n't\b", re.I)
# a sentence of a section that needs what is around it (a pointer, an aside, a label) is no claim of its own
_LEANS = re.compile(r"^(?:This|That|These|Those|It|Its|They|Then|Now|Here|There|So|And|But|Or|Also|Again|Let's|Let)\b|^\S+(?: \S+)?:")
_NEGATIONS: list[tuple[str, str]] = [
    (r"\b(is|are|was|were|does|do|did|should|must|will|would|has|have) not\b", r"\1"),
    (r"\bcannot\b", "can"), (r"\bcan't\b", "can"), (r"\bdoesn't\b", "does"), (r"\bdon't\b", "do"),
    (r"\bisn't\b", "is"), (r"\baren't\b", "are"), (r"\bwon't\b", "will"), (r"\bnever\b", "always"),
    (r"\b(is|are|must|should|will)\b", r"\1 not"), (r"\bcan\b", "cannot"),
]
PLAIN, CROSS = "plain", "cross-support"


@dataclass
class Segment:
    """One cited sentence of a line: where it is, its words, its citations as written and the section ids."""

    line: int
    start: int
    end: int
    body: str
    cites: str
    stop: str
    ids: list[str]


@dataclass(frozen=True)
class Canary:
    kind: str
    rule: str
    sentence: str  # as planted, with its citations
    was: str  # the sentence it replaced
    donor: str = ""  # cross-support: the section, another sentence's, that states it


def paragraphs(text: str) -> Iterator[list[int]]:
    """The line numbers of each paragraph as the check asks it (a list or a table is one, a paragraph ending in a colon
    joins what it leads into): runs of lines outside code fences."""
    run: list[int] = []
    fenced = False
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            if run:
                yield run
            run = []
        elif fenced or not line.strip():
            if run and not _LEADS.search(lines[run[-1]]):
                yield run
                run = []
        else:
            run.append(i)
    if run:
        yield run


def segments(lines: list[str], numbers: list[int]) -> list[Segment]:
    """The paragraph's cited sentences, heading and table lines left out."""
    out = []
    for i in numbers:
        line = lines[i]
        if line.lstrip().startswith(("#", "|")):
            continue
        lead = re.match(r"\s*(?:[-*+]|\d+[.)])\s+", line)
        pos = lead.end() if lead else 0
        for m in SEGMENT.finditer(line, pos):
            body = m["body"].lstrip(" .")
            out.append(Segment(i, m.end() - len(m[0]) + (len(m["body"]) - len(body)), m.end(), body, m["cites"], m["end"],
                               [s.strip() for ids in _IDS.findall(m["cites"]) for s in ids.split(",")]))
    return out


def _text(bundle: Bundle, ids: list[str]) -> str:
    return "\n".join(bundle.record[i].shown() for i in ids if i in bundle.record)


def plain(seg: Segment, bundle: Bundle, rng: random.Random) -> Iterator[tuple[str, str]]:
    """(rule, body) candidates for a plain canary: a number or a name (in a seeded order), then a negation."""
    cited = _text(bundle, seg.ids)
    rules: list[tuple[str, Callable[[], Iterator[str]]]] = [("number", lambda: _numbers(seg.body, cited, rng)),
                                                           ("name", lambda: _names(seg.body, cited, rng))]
    rng.shuffle(rules)
    rules.append(("negation", lambda: _negations(seg.body)))  # last: the others are fewer (a number, a name to hand)
    for rule, made in rules:
        for body in made():
            if body != seg.body:
                yield rule, body


def _numbers(body: str, cited: str, rng: random.Random) -> Iterator[str]:
    written = sorted(set(_NUMBER.findall(cited)))
    for m in _NUMBER.finditer(body):
        others = [w for w in written if w != m[0] and w not in body]
        rng.shuffle(others)
        for other in others[:3]:
            yield body[: m.start()] + other + body[m.end():]


def _negations(body: str) -> Iterator[str]:
    for pattern, to in _NEGATIONS:
        if to.endswith("not") or to == "cannot":
            if _NEGATIVE.search(body):
                continue  # a second negation reads as a slip, not a claim
        if re.search(pattern, body):
            yield re.sub(pattern, to, body, count=1)


def _names(body: str, cited: str, rng: random.Random) -> Iterator[str]:
    written = sorted({m for m in _CODE.findall(cited) if len(m) <= 40})
    for m in _CODE.finditer(body):
        others = [w for w in written if w != m[1] and f"`{w}`" not in body and w[:1].isalpha() == m[1][:1].isalpha()]
        rng.shuffle(others)
        for other in others[:3]:
            yield body[: m.start()] + f"`{other}`" + body[m.end():]


def cross(seg: Segment, others: list[Segment], bundle: Bundle, rng: random.Random) -> Iterator[tuple[str, str]]:
    """(section id, body) candidates: sentences of a section another sentence cites and this one does not, two words
    of them or more not in this one's cited text."""
    own = _text(bundle, seg.ids).lower()
    theirs = sorted({i for o in others for i in o.ids if i not in seg.ids and i in bundle.record})
    rng.shuffle(theirs)
    for sid in theirs:
        found = []
        prose = "\n".join(line for line in _FENCE.sub("\n", bundle.record[sid].shown()).split("\n")
                           if not line.lstrip().startswith(("$", "//", "-", "*", "|", ">")))
        for sent in _SENT.split(" ".join(prose.split())):
            words = sent.split()
            if (not 6 <= len(words) <= 32 or not sent.endswith(".") or not sent[:1].isupper() or _LEANS.match(sent)
                    or any(mark in sent for mark in ("|", "//", "$ ")) or sent.lower() in own):
                continue
            said = {w.lower() for w in _WORD.findall(sent)}
            missing = said - set(_WORD.findall(own))
            if len(missing) >= 2:
                found.append((-len(said - missing), rng.random(), sent.removesuffix(".")))
        for _shared, _r, sent in sorted(found)[:4]:  # the sentences nearest its own section's words first
            yield sid, sent


def plant(texts: list[str], bundle: Bundle, rng: random.Random, passes: Callable[[str, str], bool],
          share: float = 1 / 3) -> tuple[list[str], list[Canary]]:
    """`texts` (answers) with canaries planted in about `share` of their paragraphs that cite, cross-support in as many
    as can take one up to half of them, plain in the rest; `passes(paragraph, sentence)` says whether the check would
    be asked the sentence in that paragraph (a canary that fails is replaced by the next candidate, else the next
    paragraph takes it)."""
    lines = [text.split("\n") for text in texts]
    groups = [(a, numbers, segs) for a, text in enumerate(texts) for numbers in paragraphs(text)
              if (segs := segments(lines[a], numbers))]
    order = list(range(len(groups)))
    rng.shuffle(order)
    total, planted, used = round(len(groups) * share), [], set()
    for kind, wanted in ((CROSS, total // 2), (PLAIN, None)):
        for g in order:
            done = sum(1 for c in planted if c.kind == kind)
            if g in used or done >= (total - len(planted) + done if wanted is None else wanted):
                continue
            a, numbers, segs = groups[g]
            made = _one(lines[a], numbers, segs, bundle, rng, passes, kind)
            if made is not None:
                line, new, canary = made
                lines[a][line] = new
                planted.append(canary)
                used.add(g)
    return ["\n".join(one) for one in lines], planted


def _one(lines: list[str], numbers: list[int], segs: list[Segment], bundle: Bundle, rng: random.Random,
         passes: Callable[[str, str], bool], kind: str) -> tuple[int, str, Canary] | None:
    order = list(segs)
    rng.shuffle(order)
    for seg in order:
        if kind == PLAIN:
            made: Iterator[tuple[str, str]] = plain(seg, bundle, rng)
        else:
            made = ((sid, body) for sid, body in cross(seg, [s for s in segs if s is not seg], bundle, rng))
        for rule, body in made:
            line = lines[seg.line]
            sentence = f"{body}{seg.cites}{seg.stop}"
            new = line[: seg.start] + sentence + line[seg.end:]
            paragraph = "\n".join(new if i == seg.line else lines[i] for i in numbers)
            if passes(paragraph, sentence):
                donor = rule if kind == CROSS else ""
                return seg.line, new, Canary(kind, "from another's section" if donor else rule, sentence,
                                             line[seg.start: seg.end], donor)
    return None
