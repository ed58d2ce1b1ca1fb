"""Causal links: what a text gives as the reason of what ("A because B", "B, so A", "A so that B", "A came from B").

A link is a reason and what it accounts for, each the stems of its side of the marker up to the clause's end. The
cause rule reads a sentence's links and the cited sections' (cut once per bundle) and compares them side by side:
- a link of the sections whose two sides match the sentence's supports it;
- one whose sides match the sentence's the other way round is the cause turned round ("the key is the shipment id
  because scans must be read in order", told as "scans must be read in order because the key is the shipment id");
- one that accounts for the same thing by another reason, or gives the sentence's reason for another thing, says
  the sentence linked what the section did not ("made every call idempotent because the vendor retried", told of
  moving the statistics to a nightly table, named in the same sentence of the section); a thing that shares a word
  with the section's is that thing in other words ("so templates can link to other pages" for "so we can hyperlink
  to other pages").
A sentence whose link the sections neither support nor contradict is let through: a reason given without a marker
("Shadow mode paid for itself: it found a bug") is no link here.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from .passage import Passage, Unit, stems_between

# The reason after the marker: "A because B", "A due to B", "A came from B", "A as a result of B".
_REASON_AFTER = (r"because(?:\s+of)?|due\s+to|thanks\s+to|owing\s+to|caused\s+by|(?:came|comes|come|mostly|"
                 r"largely|mainly|partly)\s+from|as\s+a\s+result\s+of")
# The reason before it: "B, so A", "B led to A", "B, which is why A".
_REASON_BEFORE = r"so(?!\s+that\b)|and\s+so|which\s+is\s+why|led\s+to|leads\s+to|lead\s+to|resulted\s+in|results\s+in"
# A purpose after it, the reason of what comes before: "A so that B", "A in order to B", "A to avoid B".
_PURPOSE = r"so\s+that|in\s+order\s+to|to\s+(?:prevent|avoid|ensure|guard\s+against)"
_MARKER = re.compile(
    rf",?\s*\b(?:(?P<after>{_REASON_AFTER})|(?P<purpose>{_PURPOSE})|(?P<before>{_REASON_BEFORE}))\s+", re.IGNORECASE
)
# A section's "A fell after B replaced C" gives B as what A followed: a reason the sentence may not swap for another.
_SECTION_MARKER = re.compile(
    rf",?\s*\b(?:(?P<after>{_REASON_AFTER}|after(?!\s+(?:that|this)\b))|(?P<purpose>{_PURPOSE})|"
    rf"(?P<before>{_REASON_BEFORE}))\s+", re.IGNORECASE
)
_LEADING = re.compile(r"^\s*(?:because|as\s+a\s+result\s+of|due\s+to|thanks\s+to)\s+([^,]{3,200}),\s*", re.I)
_BOUND = re.compile(r"[,;:.!?]\s|[;:]|—|\s-\s|\(|\)")
_COORDINATED = re.compile(r"\s*(?:and|or|but|while|whereas|then)\b", re.IGNORECASE)
_MIN_SIDE = 2  # stems a side needs to tell one thing from another


class Link(NamedTuple):
    reason: frozenset[str]  # what enables or brings about the other side ("A so that B": A)
    then: frozenset[str]  # what it accounts for
    purpose: bool = False  # "so that", "in order to": a goal, which writers also give after "because"
    lead: frozenset[str] = frozenset()  # the unit's words before the link: "A: B, so C" tells "A, so C" too
    anaphor: bool = False  # its reason is "this", "this behavior", "doing so": words said before it, not its own
    back: bool = False  # its thing ends on a word pointing back ("We differ here because B"): the unit before's too
    advice: bool = False  # its thing tells the reader what to do ("B, so set only the items that differ")


def links(said: Unit, marker: re.Pattern[str] = _MARKER) -> list[Link]:
    """The causal links a sentence (or with `_SECTION_MARKER`, a section's unit) states."""
    text = said.text
    out: list[Link] = []
    leading = _LEADING.match(text)
    if leading:
        out.append(Link(stems_between(said, leading.start(1), leading.end(1)),
                        stems_between(said, leading.end(), _end(text, leading.end()))))
    for m in marker.finditer(text):
        if leading and m.start() < leading.end():
            continue
        start = _start(said, text, m.start())
        before = stems_between(said, start, m.start())
        after = stems_between(said, m.end(), _end(text, m.end()))
        if not before or not after:
            continue
        lead = stems_between(said, 0, start)
        if m.group("after"):
            out.append(Link(after, before, lead=lead, back=_BACK.search(text, start, m.start()) is not None))
        else:
            purpose = bool(m.group("purpose")) or bool(m.group("before") and _ENABLED.match(text, m.end()))
            out.append(Link(before, after, purpose, lead, _ANAPHOR.fullmatch(text[start : m.start()].strip()) is not None,
                            advice=bool(m.group("before")) and _advice(text, m.end())))
    return out


# "..., so consumers can survive a replay": what "so" leads to is what the first side makes possible, a goal.
_ENABLED = re.compile(r"(?:[\w'’-]+\s+){1,3}?(?:can|could|may|might)\b", re.IGNORECASE)
# "This behavior is intended to prevent ...": the side stands for what was said before it.
_ANAPHOR = re.compile(r"(?:this|that|these|those|it|doing\s+so)(?:\s+[\w-]+)??(?:\s+(?:is|are|was|were|will|would|can|"
                     r"helps?|intended|meant|designed|used|there))*", re.IGNORECASE)


# "We differ in behaviour here because B", "We do this because B": a thing that ends on a word pointing back stands for
# what was said before it, no thing of its own.
_BACK = re.compile(r"\b(?:here|this|that|so)\s*$", re.IGNORECASE)


# "..., so set only the items that differ", "..., so you should keep it short": what "so" leads to is advice to the
# reader, an imperative (a verb in its base form, no subject before it, then its object) or what the reader should do.
_ADVISED = re.compile(r"you\s+(?:should|must|need\s+to|have\s+to|may\s+want\s+to)\s|(?!(?:the|a|an|this|that|these|those|"
                      r"it|its|there|they|we|you|he|she|your|our|their|every|each|all|no|some|any|many|most|only)\s)"
                      r"[a-z]+(?<![^s]s)\s+(?:only|just|the|a|an|your|it|them|this|that|these|those|all|every|each)\b")


def _advice(text: str, at: int) -> bool:
    return _ADVISED.match(text, at) is not None


def _start(said: Unit, text: str, at: int) -> int:
    """Where the clause before `at` begins: back over commas to the clause that a coordinator begins ("..., and made
    every call idempotent because ...") or to a stronger bound; a phrase between commas ("We added an alert,
    exported through OpenTelemetry, so that ...") belongs to the clause before it."""
    start = 0
    for m in _BOUND.finditer(text, 0, at):
        if m.group() not in (", ", ",\n") or _COORDINATED.match(text, m.end()):
            start = m.end()
    return start


def _end(text: str, at: int) -> int:
    m = _BOUND.search(text, at)
    return m.start() if m else len(text)


def section_links(passage: Passage) -> tuple[Link, ...]:
    """Every link a section's units state, made once per bundle (`Passage.facts`); a thing that points back ("We
    differ in behaviour here because auto-redirects can mask network calls") is the unit before's too ("HTTPX does not
    follow redirects by default")."""
    out: list[Link] = []
    before: frozenset[str] = frozenset()
    for u in passage.units:
        out += (link._replace(then=link.then | before) if link.back else link for link in links(u, _SECTION_MARKER))
        before = u.stems
    return tuple(out)


def _share(one: frozenset[str], other: frozenset[str]) -> float:
    """How much two sides share, of the shorter one."""
    return len(one & other) / min(len(one), len(other)) if one and other else 0.0


_SAME = 0.5  # a side matches the section's when half its stems are the section's side's
_CLEAR = 0.75  # and matches clearly at three quarters
_CROSSED = 0.66  # a side that matches one link's reason and the other another link's thing, two thirds each
_APART = 0.25  # a side that shares at most a quarter of its stems is another thing


class _Fit(NamedTuple):
    """A sentence's link against one of the sections': how much each side shares with each of theirs."""

    reason: float  # the sentence's reason with the section's reason
    then: float  # its thing with the section's thing
    reason_then: float  # its reason with the section's thing
    then_reason: float  # its thing with the section's reason
    link: Link  # the section's


def contradicted(said: Unit, sections: Sequence[Passage]) -> bool:
    """The sentence links a reason to a thing as no cited section does, where a section links either of them."""
    mine = links(said)
    if not mine:
        return False
    theirs = [link for p in sections for link in p.facts("links", section_links)]
    return bool(theirs) and any(_against(link, theirs, sections) for link in mine)


def _against(link: Link, theirs: list[Link], sections: Sequence[Passage]) -> bool:
    fits = [_fit(link, t) for t in theirs]
    if any(f.reason >= _SAME and f.then >= _SAME for f in fits):
        return False  # supported
    if any(_turned(link, f) for f in fits):
        return True
    if min(len(link.reason), len(link.then)) < _MIN_SIDE:
        return False
    kept = [t for t in theirs if min(len(t.reason), len(t.then)) >= _MIN_SIDE and not t.anaphor]
    if any(_elsewhere(_fit(link, t)) and not _restated(link, t, sections) for t in kept):
        return True
    # "Migrations run in the order declared, so a migration ... can run before ...": words on both of the sentence's
    # sides are what it is about, no part of either; they tell no reason from another, nor which thing it accounts for.
    common = link.reason & link.then
    link = link._replace(reason=link.reason - common, then=link.then - common)
    if min(len(link.reason), len(link.then)) < _MIN_SIDE:
        return False
    fits = [_fit(link, t) for t in kept]
    return any(_another(link, f) for f in fits) or _crossed(fits)


def _restated(link: Link, t: Link, sections: Sequence[Passage]) -> bool:
    """The sentence's words before its link are the section's thing ("Don't copy the whole example: it only duplicates
    the defaults, so ..." against "you shouldn't copy this whole example, because it only duplicates the defaults"),
    and what it says follows is advice to the reader ("so set only the items that differ") or written in a cited
    section too: the reason is the section's, given for its own thing. Any other consequence ("so the server refuses
    to start") is the reason given for another thing."""
    return _share(link.lead, t.then) >= _SAME and (
        link.advice or any(_share(link.then, p.facts("link stems", _cut)) >= _CLEAR for p in sections))


def _cut(passage: Passage) -> frozenset[str]:
    """A section's stems cut to five letters, as a link's sides are (`stems_between`)."""
    return frozenset(s[:5] for s in passage.stems)


def _fit(link: Link, t: Link) -> _Fit:
    return _Fit(_share(link.reason, t.reason), _share(link.then, t.then), _share(link.reason, t.then),
                _share(link.then, t.reason), t)


def _turned(link: Link, f: _Fit) -> bool:
    """The section's link the other way round; a goal may be told either way ("so that B", "because B"). A side of
    one word ("kept down after the outage") is too little to tell which way a link runs."""
    if min(len(f.link.reason), len(f.link.then)) < _MIN_SIDE:
        return False
    return (f.reason_then >= _SAME and f.then_reason >= _SAME and f.reason_then + f.then_reason > f.reason + f.then
            and not (link.purpose or f.link.purpose))


def _another(link: Link, f: _Fit) -> bool:
    """Another reason for the section's thing (not one its unit gives before the link: "A: B, so C" tells "A, so
    C")."""
    return f.then >= _CLEAR and f.reason <= _APART and f.reason_then <= _APART and _share(link.reason, f.link.lead) < _SAME


def _elsewhere(f: _Fit) -> bool:
    """The section's reason for another thing: one that shares no word with the section's (read with every word of
    the sentence's link: "so authors can point readers at other figures" is "so we can cross-reference other
    figures"). Not where the sentence's words before the link are that thing and what follows is advice or the
    section's words too: `_restated`."""
    return f.reason >= _CLEAR and f.reason_then <= _APART and not f.then and f.then_reason <= _APART


def _crossed(fits: list[_Fit]) -> bool:
    """One link's reason given for another link's thing."""
    reasons = {id(f.link) for f in fits if f.reason >= _CROSSED}
    return bool(reasons) and any(f.then >= _CROSSED and id(f.link) not in reasons for f in fits)
