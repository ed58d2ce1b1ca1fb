"""The undenied rule (reason `polarity`): a sentence that restates a cited clause and drops the denial it makes.

The sentence is aligned (`align.aligned`) with the clause of its cited sections that holds most of its content stems,
and the two are compared by what differs: where the clause denies something ("Uvicorn will no longer buffer any
remaining request body", "uv will not consider lockfiles outdated when new versions ... are released") and the
sentence says the same thing of the same subject with no denial at all ("Uvicorn keeps buffering whatever request body
is still arriving", "uv lock --check flags the lockfile as outdated as soon as a newer version ... is published"),
the sentence says the opposite. The same thing: the sentence holds two of the denied words (the only one, where one is
denied; they end where another clause opens: "not mandatory as mail is allowed to arrive ..." denies "mandatory")
and two of the words the denial is said of in its clause (the only one, where there is one), and more of the denial's
clause than of the rest of its unit and of the other unit it aligns with ("does not use the meta-data in any way, but
simply provides it as a Meta attribute" is restated by "provides the meta-data as a Meta attribute"); a clause of the
denied words alone ("..., but not the mo files") takes its verb from the rest.
What it lets through: a sentence that says a denial in any words, its own negation (`polarity.NEGATOR`), a word of
`_OTHER_WORDS` ("skips", "instead", "only", "optional", "leaves", "discontinued", "manually") or a word in "un-"
("uncompressed"), a time before the change where the clause says "no longer" ("Before v6, Pi-hole read ..."), or a
denied word's opposite ("kept" for "not removed", `antonyms.OPPOSITE`); a clause's denial in a condition, an
alternative or an opening phrase (`polarity.Denial`), of a part ("not all", "not always"), denied itself ("not
without"), that says when ("will not start serving requests until ..."), that picks out which things ("Locations not
ending with / are matched exactly"), or after a case its unit tells ("When you add it from the CLI, it will not
replace ...") where the sentence tells none; a single denied word said of nothing ("..., not a theory"); a sentence
that aligns with no clause, or with two equally. Cannot: see a denial flipped in another verb ("publishes an official
image" for "doesn't provide an image") or with one of several denied words ("continued into 2020" for "had no
successor in 2020"): it lets those through.
"""

from __future__ import annotations

import re
from collections.abc import Sequence, Set
from typing import NamedTuple

from . import polarity
from .align import aligned
from .antonyms import OPPOSITE
from .opposites import un_bases
from .passage import Passage, Unit
from .words import AUXILIARIES, stems

# Words that say a denial, or its case, in other words: a sentence holding one is let through.
_OTHER_WORDS = frozenset(
    (
        "without instead rather only except unless unlike neither nor none nothing nobody never no not cannot "
        "avoid avoids avoided skip skips skipped ignore ignores ignored omit omits omitted lack lacks lacking "
        "fail fails failed stop stops stopped prevent prevents prevented refuse refuses refused reject rejects rejected "
        "disable disables disabled exclude excludes excluded drop drops dropped remove removes removed discard discards "
        "discarded leave leaves left free off out discontinue discontinues discontinued cease ceases ceased retire retires "
        "retired abandon abandons abandoned ended ends withdrew withdrawn lose loses lost "
        "absent missing unavailable unsupported deprecated forbidden disallowed prohibited impossible unable invalid "
        "optional optionally may might manual manually explicitly separately else other another different alone"
    ).split()
)
# Words that tell a time before a change: "Before v6, Pi-hole read ..." says what "Pi-hole no longer reads" says.
_BEFORE = frozenset("before until previously formerly prior earlier older used originally".split())
_CEASED = re.compile(r"no\s+longer", re.IGNORECASE)
# A denial of part of a thing denies not the rest: "not all files", "not always", "not only".
_PARTIAL = re.compile(
    r"\s*(?:all|every|each|both|always|necessarily|just|only|entirely|fully|exactly|quite|much|"
    r"too|very|any\s+more|without|un\w+)\b",
    re.IGNORECASE,
)
_DOUBLED = re.compile(r"(?:\bnot|\bnever|n[’']t)\s*$", re.IGNORECASE)  # "not without some changes": a denial denied
# "will not start serving requests until the lifespan has run" says when it serves: no denial (`polarity`'s reading).
_TIMED = re.compile(r"\b(?:until|till|before|after|once)\b", re.IGNORECASE)
# A bare "not" denies a verb after an auxiliary ("will not be matched") or a part after a conjunction or a comma
# ("..., but not the mo files"); after a noun it picks out which things ("Locations not ending with / are matched
# exactly"), and denies nothing of them.
_DENYING_NOT = re.compile(
    rf"(?:\b(?:{'|'.join(AUXILIARIES)}|being|am|shall|but|and|or|if|why|whether)|,)\s*$", re.IGNORECASE
)
# A word that opens another clause ends what is denied: "is not mandatory as mail is allowed to arrive ..."
_NEXT_CLAUSE = re.compile(
    r"\b(?:as|because|since|so|but|while|whereas|when|whenever|if|unless|which|where)\b", re.IGNORECASE
)
# A case told before the denial in its unit ("When you add it from the CLI, it will not replace ..."): two cases,
# unless the sentence tells a case too.
_CASE_WORDS = frozenset(("when", "whenever", "if", "once", "unless", "where"))
_CASE = re.compile(rf"\b(?:{'|'.join(sorted(_CASE_WORDS))})\b", re.IGNORECASE)


class Denied(NamedTuple):
    """A unit's plain denial, and whether it says that a thing has stopped ("no longer")."""

    denial: polarity.Denial
    ceased: bool
    scope: frozenset[str]  # the denied words, up to a word that opens another clause
    clause: frozenset[str]  # the stems of the denial's clause
    rest: frozenset[str]  # the stems of the rest of its unit, less those
    cased: bool  # a case is told before it in its unit


def _usable(text: str) -> tuple[Denied, ...]:
    """A unit's denials that say plainly that a thing is not so: none in a condition, an alternative or an opening
    phrase, none of a part ("not all") or denied itself ("not without"), none that says when ("not ... until")."""
    found = polarity.denials(text, stems)
    out = []
    for m, d in zip(polarity.NEGATOR.finditer(text), found, strict=False):
        if not d.scope or d.condition or d.option or d.instead or d.opening or d.partitive:
            continue
        end = polarity.scope_end(text, m.end(), listed=False)
        if _PARTIAL.match(text, m.end()) or _DOUBLED.search(text, 0, m.start()) or _TIMED.search(text, m.end(), end):
            continue
        if m.group().lower() == "not" and m.start() and not _DENYING_NOT.search(text, 0, m.start()):
            continue
        cut = _NEXT_CLAUSE.search(text, m.end(), end)
        scope = d.scope & frozenset(stems(text[m.end() : cut.start() if cut else end]))
        start = m.start() - len(polarity.clause_before(text, m.start()))
        clause = frozenset(stems(text[start:end]))
        rest = frozenset(stems(text[:start] + " " + text[end:])) - clause
        ceased = _CEASED.match(m.group()) is not None
        out.append(Denied(d, ceased, scope, clause, rest, _CASE.search(text, 0, start) is not None))
    return tuple(out)


def _denied(passage: Passage) -> tuple[tuple[Denied, ...], ...]:
    return tuple(_usable(u.text) if polarity.negates(u.text, set(u.words)) else () for u in passage.units)


def denied(passage: Passage) -> tuple[tuple[Denied, ...], ...]:
    """Each unit's plain denials, read once per bundle."""
    return passage.facts("undenied", _denied)


def section_cues(passage: Passage) -> tuple[Set[str], Set[str]]:
    """The stems a sentence must hold for a section's denial to be restated: those of the denials' scopes."""
    return frozenset(), frozenset().union(*(d.scope for unit in denied(passage) for d in unit))


def wakes(words: Set[str], said: Set[str], sections: Sequence[Passage]) -> bool:
    """Whether the sentence holds no word that may say a denial: a sentence that does is let through unread."""
    return _OTHER_WORDS.isdisjoint(words) and not any(w.endswith(("n't", "n’t")) for w in words) and not un_bases(words)


def held(said: Unit, sections: Sequence[Passage]) -> bool:
    """Whether the sentence affirms what the clause it restates denies."""
    if polarity.negates(said.text, set(said.words)):
        return False
    content = said.stems
    if not any(len(d.scope & content) >= min(2, len(d.scope)) for p in sections for unit in denied(p) for d in unit):
        return False  # no denial's words: nothing to align
    alignments = aligned(content, sections)
    if len(alignments) != 1:
        return False
    a = alignments[0]
    units, table = sections[a.section].units, denied(sections[a.section])
    for i in range(a.first, a.last + 1):
        others = frozenset().union(*(units[j].stems for j in range(a.first, a.last + 1) if j != i)) & content
        if any(_restated(d, said, content, others) for d in table[i]):
            return True
    return False


def _restated(denied: Denied, said: Unit, content: frozenset[str], others: frozenset[str]) -> bool:
    """Whether the sentence says what the denial denies, of what it is said of, and says it in no denying word;
    `others`: the sentence's stems that the other unit of its clause holds, where it aligns with two."""
    d, scope = denied.denial, denied.scope
    if denied.ceased and not _BEFORE.isdisjoint(said.words) or denied.cased and _CASE_WORDS.isdisjoint(said.words):
        return False
    if len(scope & content) < min(2, len(scope)) or len(d.before & content) < min(2, len(d.before)):
        return False
    if len(scope) < 2 and not d.before:  # "..., not a theory": one word, said of nothing in its clause
        return False
    # It restates the unit's other clause ("does not use the meta-data, but provides it as a Meta attribute"), or the
    # other unit it aligns with; a clause of the denied words alone ("..., but not the mo files") has no verb of its
    # own: the rest says it.
    if denied.clause - scope and len(denied.clause & content) <= len(denied.rest & content | others):
        return False
    opposite = frozenset().union(*(OPPOSITE.get(s, ()) for s in scope))
    return opposite.isdisjoint(content)
