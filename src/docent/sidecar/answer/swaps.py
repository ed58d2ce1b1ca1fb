"""The swap rule (reason `actor`): two things' facts told of each other ("A does P, while B does Q" where the
sections say A does Q and B does P).

Documentation sets alike things side by side, each in its own sentence or table cell ("OpenFaaS Pro supports a single
shared queue for asynchronous requests." / "OpenFaaS Enterprise supports dedicated queues per function."; "Copier
Single YAML file; Cookiecutter Single JSON file"), or in one sentence's two clauses ("The name on the left is the one
that users will use ... and the one on the right is the directory ..."). A sentence of two clauses joined by "while"
or "whereas", or else by an "and" that opens a clause with its own subject ("pykong created Copier and jpsca took
over its maintainership": not "and does not let it", "and on Windows", "and `--kube-api-burst`", "and 10"), tells each
clause's subject (one of its first two words of substance the other clause lacks, past a frame before a comma: "In
DMS, Dovecot is ...") with the rest of its own words (its predicate). It is held when a part of the cited sections (a
unit, a clause of a unit joined so, or a cell of a table row, its row label left out) names the first subject, not
the second, with more of the second clause's predicate than of its own, and another part does the same the other way
round, and no part names either subject with two of its own predicate's words (all, where it has fewer) and more of
them than of the other's: "the rest of the file can be left unedited" restates no clause of "the one on the left".
A unit whose subject is a pronoun is about its section's title, and one opening "This" or "These" ("This method is
used by the readthedocs theme") about the unit before it too; an "unlike X" opening it sets X beside the subject.
A table's row is a line with a label ("Configuration: ...") or no end mark: a sentence's semicolon cuts no cells.
A thing and its complement ("X are A; others are B") are read in `complements`.
What it cannot do: read a swap of two clauses joined otherwise ("but"), or one whose predicates share their words;
then it lets the sentence through.
"""

from __future__ import annotations

import re
from collections.abc import Sequence, Set

from . import complements, polarity
from .passage import Passage, Token, Unit
from .words import AUXILIARIES

CUES = frozenset(("while", "whereas", "and")) | complements.CUES
WAKES_ON_CUES = True  # `wakes` is true wherever the sentence holds a cue: the gate's test of its words decides it
_JOIN = re.compile(r",?\s+(?:while|whereas)\s+", re.I)
_AND = re.compile(r",?\s+and\s+", re.I)
_CLAUSE_END = re.compile(r"[,;:(]|\s(?:and|while|whereas)\s")
_SUBJECTS = 2
# Words that open a predicate or a phrase, not a clause of its own: "and does not let it navigate", "and on Windows".
_VERB_FIRST = frozenset(("does", "do", "did", "is", "are", "was", "were", "be", "can", "could", "will", "would", "may",
                         "might", "should", "must", "has", "have", "had", "not", "also", "then", "so", "therefore",
                         "on", "in", "at", "for", "with", "by", "from", "to", "into", "under", "over", "via", "if",
                         "when", "once", "unless"))
_LABEL = re.compile(r"^[^:;]{1,60}:\s")  # a table row's label: "Configuration: Copier Single YAML file"
_Side = tuple[str, frozenset[str]]  # a clause's subject and predicate stems


def wakes(words: Set[str], stems: Set[str], sections: Sequence[Passage]) -> bool:
    return bool(words & CUES)


def held(said: Unit, sections: Sequence[Passage]) -> bool:
    if not sections:
        return False
    joins = _joins(said)
    parts: list[frozenset[str]] | None = None
    for left, right, least in (_clauses(said, cut) for cut in joins):
        for (a, pa), (b, pb) in _sides(left, right, said.text, least=least):
            if parts is None:
                parts = [part for p in sections for part in p.facts("swap parts", _parts)]
            if _swapped(parts, a, b, pa, pb):
                return True
    # "X are A; others are B", where no "while" joins two clauses ("The name and url settings are optional; ...")
    return (not joins or joins[0].re is _AND) and complements.held(said, sections)


def _joins(said: Unit) -> list[re.Match[str]]:
    """Where the sentence joins two clauses: its one "while" or "whereas", or else each "and" that opens a clause with
    its own subject ("pykong created Copier and jpsca took it over"); none where it writes several "while"s."""
    joins = list(_JOIN.finditer(said.text))
    if joins:
        return joins if len(joins) == 1 else []
    return [m for m in _AND.finditer(said.text) if _opens_clause(said, m.end())]


def _clauses(said: Unit, cut: re.Match[str]) -> tuple[list[Token], list[Token], int]:
    """The two clauses a join cuts (past a frame before a comma), and the fewest words each predicate needs: an "and"
    clause ends at the next clause's edge, and needs two ("forward and reverse controls" joins no clauses)."""
    text = said.text
    frame = max(text.rfind(",", 0, cut.start()), text.rfind(";", 0, cut.start()))
    left = [t for t in said.tokens if frame < t.start < cut.start() and t.stem]
    end = _CLAUSE_END.search(text, cut.end()) if cut.re is _AND else None
    right = [t for t in said.tokens if cut.end() <= t.start < (end.start() if end else len(text)) and t.stem]
    return left, right, 1 if cut.re is _JOIN else 2


def _swapped(parts: Sequence[frozenset[str]], a: str, b: str, pa: frozenset[str], pb: frozenset[str]) -> bool:
    """Whether parts tell each subject with the other's predicate, and none tells a subject with two of its own (the
    sentence would restate it)."""
    if any(_tells(part, a, b, pa, pb, least=2) or _tells(part, b, a, pb, pa, least=2) for part in parts):
        return False
    return any(_tells(part, a, b, pb, pa) for part in parts) and any(_tells(part, b, a, pa, pb) for part in parts)


def _opens_clause(said: Unit, at: int) -> bool:
    """Whether the words after an "and" at `at` may open a clause of their own: a word right after it (not inline
    code, blanked, nor a figure) that is no verb, modal, negation or preposition ("and does not let it", "and on
    Windows it ...")."""
    following = next((t for t in said.tokens if t.start >= at), None)
    return (following is not None and following.start == at and following.word not in _VERB_FIRST
            and not following.word[:1].isdigit())  # "5 QPS and 10 burst": a figure, no subject


def _sides(left: Sequence[Token], right: Sequence[Token], text: str = "", *, least: int = 1) -> list[tuple[_Side, _Side]]:
    """Each pair of the clauses' subjects (each clause's first two stems the other lacks, the second before the clause's
    verb: `_lead`) with their predicates (the clause's other stems the other lacks): "the name on the right is ..., and
    the one on the left is ..." sets "right" beside "left" past the "name" and "one" they share."""
    ls, rs = {t.stem for t in left if t.stem}, {t.stem for t in right if t.stem}
    lead_a, lead_b = _lead(left, rs, text), _lead(right, ls, text)
    out = []
    for a in lead_a:
        for b in lead_b:
            pa, pb = frozenset(ls - rs - {a}), frozenset(rs - ls - {b})
            if len(pa) >= least and len(pb) >= least:  # "forward and reverse controls" joins no clauses
                out.append(((a, pa), (b, pb)))
    return out


# A clause's verb: what comes after it is its predicate ("Dovecot is both an MDA and an IMAP server": "MDA" is no subject)
_VERB = re.compile(rf"\b(?:{'|'.join(AUXILIARIES)})\b", re.I)


def _lead(tokens: Sequence[Token], other: Set[str], text: str) -> list[str]:
    """A clause's subjects: its first stem the other clause lacks, and the next where no verb stands before it."""
    lead = list(dict.fromkeys(t.stem for t in tokens if t.stem and t.stem not in other))[:_SUBJECTS]
    if len(lead) < 2 or not text:
        return lead
    first = next(t.start for t in tokens if t.stem == lead[0])
    second = next(t.start for t in tokens if t.stem == lead[1])
    return lead if second < first or not _VERB.search(text, first, second) else lead[:1]


def _tells(part: frozenset[str], subject: str, other: str, mine: frozenset[str], theirs: frozenset[str], *, least: int = 1) -> bool:
    """Whether the part names `subject` and not `other`, with more of `mine` than of `theirs` (and `least` of `mine`,
    where `mine` has as many: one word in common, "the rest of the file can be left unedited", restates no clause)."""
    if subject not in part or other in part:
        return False
    n = len(part & mine)
    return n > len(part & theirs) and n >= min(least, len(mine))


def _parts(passage: Passage) -> tuple[frozenset[str], ...]:
    """The section's units, a table row's cut into its cells (";"), the row's label left out. A row is a line with a
    label ("Configuration: Copier Single YAML file1; ...") or with no end mark; a sentence's semicolon ("Unlike basic
    authentication it provides encryption; it can be used over http") cuts no cells, and its pronoun is read."""
    out: list[frozenset[str]] = []
    for k, u in enumerate(passage.units):
        label = _LABEL.match(u.text) if ";" in u.text else None
        if label is None and (";" not in u.text or u.text.rstrip().endswith((".", "!", "?"))):
            # "This method is used by the readthedocs theme": the method the unit before tells, and the section's title
            told = passage.units[k - 1].stems if k and u.tokens and u.tokens[0].word in _POINTING else frozenset()
            out.append(_own(u, passage.title.stems | told))
            out += _joined(u)
            continue
        start = label.end() if label else 0
        for cell in _cells(u, start):
            out.append(frozenset(t.stem for t in cell if t.stem))
    return tuple(out)


def _joined(u: Unit) -> list[frozenset[str]]:
    """A unit's clauses, where it joins two ("The name on the left is ... and the one on the right is ...", or by a
    semicolon: "The Access Control Server stayed with a certified vendor; the bank's part was the decision"): each a
    part of its own, beside the whole unit."""
    cuts = [m for m in _ANY_JOIN.finditer(u.text)]
    if not cuts or u.tokens[0].word == "unlike":
        return []  # "Unlike basic authentication it provides encryption, and ...": the whole unit is read (`_own`)
    edges = [0, *(m.start() for m in cuts), len(u.text)]
    ends = [m.end() for m in cuts]
    out = []
    for k in range(len(edges) - 1):
        start = 0 if k == 0 else ends[k - 1]
        stems = frozenset(t.stem for t in u.tokens if start <= t.start < edges[k + 1] and t.stem)
        if stems:
            out.append(stems)
    return out if len(out) > 1 else []


_ANY_JOIN = re.compile(r";\s+|,?\s+(?:and|while|whereas)\s+", re.I)


def _own(u: Unit, title: frozenset[str]) -> frozenset[str]:
    """A unit's stems, less what an "unlike X" sets beside its subject (to a comma or a pronoun); a unit whose subject is
    a pronoun ("Unlike basic authentication it provides encryption", "This method is used by ...") is about its
    section's title. A unit that negates keeps its plain stems: "Unlike digest authentication it needs no nonce"
    tells its subject no nonce, and names digest with the nonce it has."""
    tokens, at = u.tokens, 0
    if polarity.negates(u.text):
        return u.stems
    if tokens and tokens[0].word == "unlike":
        at = next((i for i, t in enumerate(tokens) if i and (t.word in _PRONOUNS or "," in u.text[tokens[i - 1].start : t.start])),
                  len(tokens))
    stems = frozenset(t.stem for t in tokens[at:] if t.stem)
    return stems | title if at < len(tokens) and tokens[at].word in _PRONOUNS else stems


_PRONOUNS = frozenset(("it", "this", "they", "these"))
_POINTING = frozenset(("this", "these"))


def _cells(u: Unit, start: int) -> list[list[Token]]:
    marks = [m.start() for m in re.finditer(";", u.text)] + [len(u.text)]
    cells: list[list[Token]] = [[] for _ in marks]
    for t in u.tokens:
        if t.start >= start:
            cells[next(k for k, m in enumerate(marks) if t.start < m)].append(t)
    return [c for c in cells if c]

