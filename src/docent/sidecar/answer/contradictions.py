"""Whether a sentence's sense is flipped against its cited sections, for the gate's `polarity` rule: its denials
compared with theirs, or, where it denies nothing, what it affirms against their heads (`contradicts`).

`polarity.py` reads a text's negations (`Denial`) and says what the rule is; `record_denials.py` reads what a section
denies and the heads a sentence must not affirm; this compares them: two denials are the same when they share two
words (or all of the shorter one's), words of one sense (run/execute) being one word.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from . import senses
from .polarity import CLAUSE_END, GUARANTEE, NECESSARILY, UNTIMED, Denial, Head, Scope
from .words import dotted


def same(mine: Scope, theirs: Scope) -> bool:
    """Two denials deny the same thing: they share two words, or every word of the shorter one."""
    return len(mine & theirs) >= min(2, len(mine), len(theirs))


def _in_sense(denial: Denial, senses: dict[str, str]) -> Denial:
    """A denial with each word of what it denies and what it is said of read as its sense (`senses.SENSES`); what it
    is told of and what its section writes are read so where they are read (`_told`)."""
    if not _sensed(denial, senses):
        return denial
    return denial._replace(scope=frozenset(senses.get(w, w) for w in denial.scope),
                           head=senses.get(denial.head, denial.head),
                           before=frozenset(senses.get(w, w) for w in denial.before))


def _sensed(denial: Denial, senses: dict[str, str]) -> bool:
    """Whether a word of what a denial denies or is said of has a sense (`senses.SENSES`): only then are its words
    read as their senses. A denial `_in_sense` made answers as it did: a word of a sense reads as itself."""
    return not senses.keys().isdisjoint(denial.scope | denial.before)


def _told(denial: Denial, senses: dict[str, str] | None) -> tuple[Scope, Scope]:
    """What a denial is told of and what its section writes (`told_of`, `written`), each word read as its sense where
    `_in_sense` read the rest of the denial so (`_sensed`)."""
    if not senses or not _sensed(denial, senses):
        return denial.told_of, denial.written
    return frozenset(senses.get(w, w) for w in denial.told_of), frozenset(senses.get(w, w) for w in denial.written)


def _vouched(mine: Denial, theirs: Denial, senses: dict[str, str] | None = None, *, alone: bool = False) -> bool:
    """A section's negation denies what a sentence's does: they share two words (or all of the shorter scope), or
    the sentence's first denied word and a word of what comes before it ("the connection is not upgraded" and
    "the connection is not upgraded to a WebSocket connection"); words of one sense are one word. `alone`: the
    sentence's only denial, which may deny the same object of the same thing in another verb."""
    if senses:
        mine, theirs = _in_sense(mine, senses), _in_sense(theirs, senses)
    if theirs.row and mine.before and not mine.before & theirs.before:
        return False  # "use_uv isn't available per project" where another row's cell says "Available in Project No"
    if theirs.elided and not mine.before & theirs.before:
        return False  # "paths in the config file are not relative to it" where "Paths given with --watch are not."
    if not theirs.scope:  # "rather than with us": the same words before it, two at least
        return len(mine.before & theirs.before) >= 2
    if mine.head in theirs.ending:  # "did not end the restarts" is no denial "ended the restarts" makes
        return False
    if _alike(mine, theirs, senses):
        return True
    if mine.partitive and mine.scope & theirs.scope and len(mine.scope & (theirs.scope | theirs.before)) >= 2:
        return True  # "none of the tasks after it run" against "the following tasks will not be executed"
    if mine.partitive and theirs.partitive and len(mine.scope & theirs.before) >= 2:
        return True  # "none of A, B or C supplies a value" against "A. B. C. If none of those match"
    # "... but it hasn't been updated": no words before its denial but a pronoun, so its first denied word decides.
    if mine.head in theirs.scope and (mine.pronoun or bool(mine.before & (theirs.before | theirs.scope))):
        return True
    return alone and _in_another_verb(mine, theirs)


def _in_another_verb(mine: Denial, theirs: Denial) -> bool:
    """The sentence's one denial in another verb: "a release doesn't ship all wheels" for "a release doesn't contain all
    wheels", told of the same thing (two words before it) and denying a word of the same object, not the verb. A second
    denial ("could not be added without changes") may turn the first round: then the verb must be theirs. "`-e
    git+<url>` won't work" for "Requirements like -e git+<url> are not supported": both deny only a verb."""
    if len(mine.before & theirs.before) < 2:
        return False
    return (len(mine.scope - _PARTICLES) == len(theirs.scope - _PARTICLES) == 1
            or bool((mine.scope - {mine.head}) & (theirs.scope - {theirs.head})))


def _alike(mine: Denial, theirs: Denial, senses: dict[str, str] | None) -> bool:
    """The two deny the same thing: two words, every word of the shorter, or a guarantee for a necessity."""
    return same(mine.scope, theirs.scope) or _guaranteed(mine, theirs, senses)


def _guaranteed(mine: Denial, theirs: Denial, senses: dict[str, str] | None) -> bool:
    """ "X does not guarantee Y" for "X does not necessarily Z": said of the same thing (every word before the
    sentence's denial, up to three, in the clause before the section's: "Enabling HTTP/2" of "Enabling HTTP/2 support on
    the client"), denying the same (what the guarantee is of, past the verb, in the other's words, or no more than a
    pronoun: "does not guarantee it"). Only the scopes are compared: "the client is not guaranteed to use a standard
    HTTP/1.1 connection" shares no word with "does not necessarily mean that your requests ... will be transported".
    One word in common was not enough: "Connecting to a server that only supports HTTP/1.1 does not guarantee it will
    be used" shares "supports" with it, and the section says the client will use HTTP/1.1 there. Nor may the clause
    say, before those words, what the section writes elsewhere (`written`), the thing told of made another: "Connecting
    to a server that supports HTTP/2 with HTTP/2 support on the client" brings the server the section needs for HTTP/2
    to be used; other words of the sentence's own ("Turning on" for "Enabling") tell the same thing. What each is
    told of is read here alone, and made for these heads alone (`polarity.TOLD`)."""
    if not (mine.head in GUARANTEE and theirs.head == NECESSARILY and mine.before):
        return False
    (mine_told, _), (theirs_told, written) = _told(mine, senses), _told(theirs, senses)
    return (mine.before <= theirs_told and not (mine_told - theirs_told) & written
            and same(mine.scope - {mine.head}, theirs.scope - {theirs.head}))


_PARTICLES = frozenset(("back", "away"))  # "never fell back" for "never came down": a verb's particle, no word of what is denied


def _backed(said: tuple[Denial, ...], denied: Iterable[Denial], senses: dict[str, str] | None) -> bool:
    """One of a sentence's denials is a section's; not one it opens with where it denies more."""
    claims = [d for d in said if d.scope and not d.condition and not d.option]  # supposed or offered: no claim
    claims = [d for d in claims if not d.opening] or claims
    if not claims:
        return True
    def backed(mine: Denial) -> bool:
        return any(_vouched(mine, theirs, senses, alone=len(said) == 1) for theirs in denied)

    # One backed denial stands for the rest ("A rather than B", "isn't affected, because it isn't passed": other
    # words), but denials joined as one claim ("It does not retry and does not log") each deny a thing the record
    # denies, in other words too ("do not block on a lock" beside its "never wait for a lock").
    denied = list(denied)
    told = [d for d in claims if not d.instead]
    if any(d.joined for d in told) and not all(any(d.scope & theirs.scope for theirs in denied) for d in told):
        return False
    return any(backed(d) for d in claims)


def contradicts(
    said: tuple[Denial, ...],
    words: frozenset[str] | set[str],
    denied: Iterable[Denial],
    affirmed_heads: Iterable[Head],
    clauses: Callable[[], list[set[str]]] | None = None,
    stems: Callable[[str], Iterable[str]] | None = None,
    *,
    timed: bool = False,
) -> bool:
    """Whether a sentence's sense is flipped against its cited sections.

    `said`: the sentence's negations; `words`: its stems; `denied`: the sections' negations; `affirmed_heads`: the
    sections' heads (what a sentence that denies nothing must not affirm); `clauses`: the stems of each of the
    sentence's clauses, made when asked, for a head must be affirmed within one clause; `stems`, the stemmer, reads
    two denials' words by their sense (`senses.SENSES`); `timed`: the sentence places an event before or after another
    (`TIMED`), which a section's "not X until Y" says too.
    """
    if said:
        if not any(d.scope for d in said):
            return False
        return not _backed(said, denied, senses.of(stems) if stems is not None else None)
    mark = frozenset() if timed else frozenset((UNTIMED,))
    words = words | mark
    found = [(head, context) for head, context in affirmed_heads if head <= words and (not context or context & words)]
    if not found or clauses is None:
        return bool(found)
    # Within one clause: "counted the entries, then replaced the map" affirms no "no entry was ever replaced".
    cut = clauses()
    return any(head <= c | mark and (not context or context & c) for head, context in found for c in cut)


def clause_stems(text: str, stems: Callable[[str], Iterable[str]]) -> list[set[str]]:
    """The stems of each clause of a text, cut where a negation's scope ends."""
    return [set(stems(part)) | dotted(part) for part in CLAUSE_END.split(text) if part.strip()]
