"""The cause rule: a reason ("because", "so that", "due to", "led to", "came from") the cited sections do not give.

A citation vouches for the effect; the reason after the marker must be the sections' too. The words of substance
of the reason (up to its clause's end) are looked up in the text of the cited sections (not their titles, but for a
version or date their heading path gives: a release note's "0.21.0"; a word of one sense with theirs, "offer" for
"provide", is theirs): the sentence is held when at least two of them are missing, or most of them. A name after "at" that the sections' heading
path says ("came from the Kubernetes migration at Tessellate" under "Tessellate Freight") is their place, not missing.
Then the sentence's causal links are compared with the sections' (`links`): held when a section links the same two
things the other way round, gives another reason for the same thing, or gives the sentence's reason for another.
What it cannot do: tell a reason the sections give in other words from an invented one, or judge a link the
sections state without a marker ("it died with an OutOfMemoryError, and every payment was declined"; "Shadow mode
paid for itself: it found a bug"); then it lets the sentence through, unless its words are missing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence, Set

from .links import contradicted
from .passage import Passage, Token, Unit, best_of
from .senses import kin
from .words import stems

_MARKER = re.compile(
    r"\b(?:because(?:\s+of)?|so\s+that|due\s+to|thanks\s+to|owing\s+to|led\s+to|leads\s+to|lead\s+to|"
    r"came\s+from|comes\s+from|caused\s+by|resulted\s+in|as\s+a\s+result\s+of|which\s+is\s+why|in\s+order\s+to|"
    r"to\s+(?:fix|prevent|avoid|ensure))\s+",
    re.IGNORECASE,
)
# wakes is false without one of these words: the gate asks it only then (rules/construction.py)
CUES = frozenset(("because", "so", "due", "thanks", "owing", "led", "leads", "lead", "came", "comes", "caused",
                  "resulted", "result", "results", "which", "order", "fix", "prevent", "avoid", "ensure", "since",
                  "mostly", "largely", "mainly", "partly", "guard"))
WAKES_ON_CUES = True  # `wakes` is true wherever the sentence holds a cue: the gate's test of its words decides it
_CLAUSE_END = re.compile(r"[,;:.!?](?!\w)|\s+(?:and|but|while|which)\s+")  # not the dots of 0.21.0
_TURNED_DOWN = re.compile(r"\s+(?:instead\s+of|rather\s+than)\s+")  # the alternative a reason turns down


def wakes(words: Set[str], stems: Set[str], sections: Sequence[Passage]) -> bool:
    return bool(words & CUES)


def held(said: Unit, sections: Sequence[Passage]) -> bool:
    if not sections:
        return False
    for m in _MARKER.finditer(said.text):
        stop = _stop(said.text, m.end())
        clause, reason = _reason(said, m.end(), stop)
        if not clause:
            continue
        if not _VOICE.isdisjoint(reason):  # "which is why the documentation advises X": the record's voice, X its words
            reason = {s: named for s, named in reason.items() if s not in _VOICE and s not in _TELLING}
        # "at Tessellate" under the heading "Tessellate Freight": a name its heading path says, after "at", is the
        # section's place, no part of the reason.
        tokens = said.tokens
        places = {t.stem for i, t in enumerate(tokens[1:], 1)
                  if m.end() <= t.start < stop and t.stem and tokens[i - 1].word == "at" and _placed(t.stem, sections)}
        # A name (a capital) the sections' text does not say weighs double: "because the services ran on Kubernetes".
        missing = sum(1 + named for s, named in reason.items() if s not in places and _missing(s, sections))
        missing -= _caused(said, m.start(), list(clause), sections, stop, reason.keys() - places)
        if missing >= 2 or missing * 3 >= len(reason):
            return True
        if _apart(said, m.start(), list(clause), sections, stop):
            return True
    return contradicted(said, sections)


# A phrase that opens the reason and sets its scene ("because in some cases, such as embedded projects ..., a
# prerelease cannot start with 0"): its comma ends no clause; the reason is the clause it opens.
_SCENE = re.compile(r"(?:in|on|for|under|with|at|during|without)\s[^,;:.]{1,60},", re.IGNORECASE)
_CLAUSE_STOP = re.compile(r"[;:.!?](?!\w)|\s+(?:and|but|while|which)\s+")


def _stop(text: str, at: int) -> int:
    """Where the reason after a marker ends: its clause's end (`_CLAUSE_END`); past a scene it opens with (`_SCENE`),
    the end of the clause that scene opens, over commas."""
    scene = _SCENE.match(text, at)
    end = (_CLAUSE_STOP if scene else _CLAUSE_END).search(text, scene.end() if scene else at)
    return end.start() if end else len(text)


def _reason(said: Unit, start: int, stop: int) -> tuple[dict[str, bool], dict[str, bool]]:
    """The stems of the clause after a marker (each with whether it is a capital's), and of its reason: "so that
    expiry means dropping a partition instead of running a slow delete" has what it turns down in its clause (which
    places the reason in the sections), not in its reason, which must be the sections' words."""
    tokens = said.tokens
    clause = {t.stem: said.text[t.start].isupper() for i, t in enumerate(tokens)
              if start <= t.start < stop and t.stem and t.word not in _CONTRAST and t.stem not in _LIGHT
              and not _named_trouble(tokens, i, start)}
    down = _TURNED_DOWN.search(said.text, start, stop)
    if not down:
        return clause, clause
    return clause, {t.stem: clause[t.stem] for t in said.tokens if t.stem in clause and t.start < down.start()}


# The documentation telling ("the docs recommend", "which is why the guide suggests"): on a docs site the record's own
# voice, no word of a reason.
_VOICE = frozenset(x for w in ("documentation", "docs", "guide", "guides", "tutorial", "manual") for x in stems(w))
_TELLING = frozenset(x for w in "advises recommends suggests says warns notes explains describes points tells asks "
                     "shows".split() for x in stems(w))
_CONTRAST = frozenset(("rather", "instead", "than"))  # "a dropped partition rather than a slow delete"
# Verbs that carry no fact of their own: "expiring keys means dropping a partition" is "expiry is a dropped partition".
_LIGHT = frozenset(x for w in "means mean meant makes make made making takes take took taking doing does did gets get "
                   "got getting gives give gave giving has have had having".split() for x in stems(w)) | frozenset(
    # how often, and the words that only name a trouble: "because the project changes often", "to avoid the
    # character-encoding problems that text mode can cause" are the section's reason in its own words
    x for w in "often frequently usually typically commonly regularly".split() for x in stems(w))
# The words that only name a trouble, where they are its name: "to avoid the character-encoding problems that text mode
# can cause" is the section's reason in its own words; "because the certificate causes issues" gives a vague one.
_TROUBLE = frozenset(x for w in "problem problems issue issues".split() for x in stems(w))
_CAUSING = frozenset(x for w in "cause causes caused".split() for x in stems(w))
_DETERMINERS = frozenset(("the", "a", "an", "any", "these", "those", "such", "some", "its", "their"))


def _named_trouble(tokens: Sequence[Token], i: int, start: int) -> bool:
    """The token at `i` names the reason's trouble: "problems" a determiner opens ("the character-encoding problems"),
    or "cause" in a clause about such a trouble named before it ("the ... problems that text mode can cause")."""
    stem = tokens[i].stem
    if stem in _TROUBLE:  # a determiner before it, past two words at most and no verb of causing
        for t in reversed(tokens[max(0, i - 3) : i]):
            if t.start < start or t.stem in _CAUSING:
                return False
            if t.word in _DETERMINERS:
                return True
        return False
    if stem in _CAUSING:
        at = [j for j in range(i) if tokens[j].start >= start and tokens[j].stem in _TROUBLE]
        return bool(at) and _named_trouble(tokens, at[-1], start) and any(
            t.word in ("that", "which") for t in tokens[at[-1] + 1 : i])
    return False


def _said(stem: str, sections: Sequence[Passage]) -> bool:
    """The sections' text has the stem, a word of its family ("expiring" and "expiry"; "lazy" and "lazily"; "name" and
    "naming"), or of its sense ("offer" and "provide", `senses.kin`)."""
    if any(stem in p.stems for p in sections):
        return True
    same = kin(stem)
    if same and any(same & p.stems for p in sections):
        return True
    if any(form in p.stems for form in _adverbs(stem) for p in sections):
        return True  # "lazy" where they write "lazily evaluated"
    if stem.endswith("e") and any(stem[:-1] + end in p.words for end in ("ing", "ed") for p in sections):
        return True  # "its name" where they write "the naming": a verb's -ing or -ed drops its stem's last "e"
    if len(stem) < 5:
        return False
    root = stem[:5]
    return any(other.startswith(root) for p in sections for other in p.stems)


def _adverbs(stem: str) -> tuple[str, ...]:
    """The adverbs of an adjective's stem: "lazy" -> "lazily", "safe" -> "safely"."""
    return (stem[:-1] + "ily", stem + "ly") if stem.endswith("y") else (stem + "ly",)


def _missing(stem: str, sections: Sequence[Passage]) -> bool:
    """The sections' text lacks a word of the reason; a version or a date their heading path gives ("0.21.0" of the
    release notes' "0.21.0 (September 26, 2022)") names the section's own release, as a place does."""
    return not _said(stem, sections) and not (stem[:1].isdigit() and _placed(stem, sections))


def _placed(stem: str, sections: Sequence[Passage]) -> bool:
    """A stem of the sections' heading path, their page's title or opening (`Mentions.words`)."""
    return any(stem in p.memo.get("context", ()) for p in sections)  # type: ignore[operator]


_EFFECT_START = re.compile(r"[;:]|,\s+(?:and|but|so)\s+")
_PROSE_END = re.compile(r"[.!?]\s*$")  # a line ending in ":" opens what follows ("like so:", "class View(APIView):")
_NEAR = 1  # a reason is given in the effect's own sentence, or the one next to it
_EFFECT_WORDS = 2
_ANAPHOR = re.compile(r"\s*(?:(?:this|that|these|those|doing\s+so|so\s+doing)\s+(?!is\b|are\b|was\b|were\b)|"
                      r"(?:this|that|it)\s+(?:is|was)\s+(?:because|so|since)\b)", re.IGNORECASE)
_THEREFORE = re.compile(r"\s*(?:therefore|thus|hence|as\s+a\s+result|consequently|(?:that|this)(?:['’]s|\s+is)\s+why)\b",
                        re.IGNORECASE)


# A reason's "lets X V" is the sections' "allows X to V" (or "permits") where its effect is told by the same unit of
# theirs (`_together`): the sentence restates that unit. Elsewhere a "lets" they do not write stays missing: "Because
# HTTP/2 lets ..., it provides response prioritization" joins two facts the sections only put side by side.
_CAUSATIVE = {"let": frozenset(x for w in ("allow", "allows", "permit", "permits") for x in stems(w))}


def _caused(said: Unit, marker: int, clause: list[str], sections: Sequence[Passage], stop: int, reason: Set[str]) -> int:
    """How many of the reason's missing words are a causative the sections write as "allows" (`_CAUSATIVE`), its effect
    told by the reason's own unit; none elsewhere."""
    found = [s for s in _CAUSATIVE.keys() & reason
             if _missing(s, sections) and any(not _CAUSATIVE[s].isdisjoint(p.stems) for p in sections)]
    return len(found) if found and _together(said, marker, clause, sections, stop) else 0


def _together(said: Unit, marker: int, reason: list[str], sections: Sequence[Passage], stop: int) -> bool:
    """The effect and its reason are found in one unit of the cited sections (`_with_reason`)."""
    placed = _fits(said, marker, reason, sections, stop)
    return placed is not None and (placed[0][:2] == placed[1][:2] or _with_reason(sections, *placed))


def _fits(said: Unit, marker: int, reason: list[str], sections: Sequence[Passage], stop: int) -> tuple[
        tuple[int, int, float], tuple[int, int, float], list[str]] | None:
    """Where the effect and the reason fit best (section, unit, score), and the effect's words; None where either
    does not fit one unit, or the effect has one word of substance."""
    start = 0
    for m in _EFFECT_START.finditer(said.text, 0, marker):
        start = m.end()
    effect = [t.stem for t in said.tokens if start <= t.start < marker and t.stem and t.stem not in reason]
    if not effect and not said.text[:marker].strip():
        effect = [t.stem for t in said.tokens if t.start >= stop and t.stem and t.stem not in reason]
    if len(effect) < _EFFECT_WORDS:
        return None  # "call force_authenticate so that ...": one word places no effect
    fa, fb = best_of(sections, effect), best_of(sections, reason)
    return None if fa is None or fb is None else (fa, fb, effect)


def _apart(said: Unit, marker: int, reason: list[str], sections: Sequence[Passage], stop: int) -> bool:
    """The effect and its reason are found, each in one unit of the cited sections, far apart: in two sections,
    or more than one sentence apart ("the bill fell ... because a release went from 40 minutes to 6"). A reason
    that opens the sentence ("Because X, Y") has its effect after it; an effect of one word of substance is too
    little to place, and lets the sentence through; so does an effect its reason's own unit says (`_with_reason`)."""
    placed = _fits(said, marker, reason, sections, stop)
    if placed is None or _with_reason(sections, *placed):
        return False
    fa, fb, _effect = placed
    if fa[0] != fb[0]:
        return True
    lo, hi = sorted((fa[1], fb[1]))
    units = sections[fa[0]].units
    if _THEREFORE.match(units[hi].text):
        return False  # "Therefore, you can specify the port": the section links it to what came before
    # Sentences apart, a code example's lines and a line opening one ("like so:") not counted: they are one example,
    # not steps of the story. A unit that opens on what came before ("This helps prevent ...", "Doing so will help ...",
    # "This is because ...") reaches one sentence further.
    near = _NEAR + bool(_ANAPHOR.match(units[hi].text))
    return sum(1 for u in units[lo + 1 : hi + 1] if _PROSE_END.search(u.text)) > near


def _with_reason(sections: Sequence[Passage], fa: tuple[int, int, float], fb: tuple[int, int, float],
                 effect: list[str]) -> bool:
    """The unit that holds the reason holds two of the effect's words, and as many as the unit the effect fits best:
    the effect cannot be told apart from its reason ("Because HTTP/2 lets a single TCP stream carry multiple concurrent
    requests, it uses fewer TCP streams than HTTP/1.1, which needs one per concurrent request", told of "where HTTP/1.1
    requires one TCP stream for each concurrent request, HTTP/2 allows a single TCP stream to handle multiple": the
    effect's words less the reason's, "1.1" and "needs" (a word of one sense with "requires", `senses.kin`), are as much
    that unit's as the one sentence saying "HTTP/1.1 uses"). Not where the effect's words the reason's unit lacks are
    told together (two) by the unit the effect fits: "Because permissions are implemented as an endpoint decorator,
    which enforces that the incoming request includes the required authentication scopes, the status_code parameter is
    not supported with WebSockets" reads the reason's own ", which ..." as the effect's first words."""
    reasons, effects = (sections[f[0]].units[f[1]].stems for f in (fb, fa))
    words = set(effect)
    held = {w for w in words if w in reasons or not kin(w).isdisjoint(reasons)}
    told = {w for w in words if w in effects or not kin(w).isdisjoint(effects)}
    return len(held) >= 2 and len(held) >= len(told) and len(told - held) < 2
