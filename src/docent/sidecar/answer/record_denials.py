"""What a cited section denies, for the gate's `polarity` rule (`polarity.py` reads the negations themselves): its
denials, with what it says would have happened or was ended, and the heads a sentence that denies nothing must not
affirm."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from .passage import excepting
from .polarity import (
    CLAUSE_END,
    COUNTERFACTUAL,
    NECESSARILY,
    NEGATOR,
    NOUN_WORDS,
    PRO_FORM,
    SCOPE_WORDS,
    UNTIMED,
    Denial,
    Head,
    advised,
    clause_before,
    denials,
    negates,
    ordered,
    scope_end,
    turns_down,
)
from .words import dotted, head_words

# "The weekly restart was retired" denies the restart from then on; "used to be the default" says it is no longer;
# "replaced per-request loading with a cache" ends the loading (what comes after "with" or "by" is what goes on).
_ENDED = re.compile(
    r"\b(?:retired|dropped|stopped|ended|removed|abandoned|discontinued|deprecated|replaced|went\s+to\s+zero|used\s+to)\b",
    re.IGNORECASE,
)
_REPLACEMENT = re.compile(r"\s(?:with|by)\s", re.IGNORECASE)  # "replaced X with Y": Y is no part of what ended
# A section's "not yet" ("not yet" in a sentence is a stage, no denial) and "the absence of", "the lack of" deny too, as
# does "will prevent such warnings": the thing prevented does not happen.
_NOT_YET = re.compile(r"\b(?:not\s+yet|absence\s+of|lack\s+of|prevents?|prevented|preventing)\b", re.IGNORECASE)
# A table row's cell, "Header value" joined by "; " after the row's name and a colon, whose value is "No".
_NO_CELL = re.compile(r"(?:^|[;:] )([^;:\n]{2,60}?) No(?=;|$)", re.MULTILINE)
_PASSIVE = re.compile(r"\b(?:is|are|was|were|be|been|being|get|gets|got)\s+(?:\w+ly\s+)?$", re.IGNORECASE)


def section_denials(text: str, stems: Callable[[str], Iterable[str]]) -> tuple[Denial, ...]:
    """A section's negations (in its text, its title and its heading path, joined by the caller); what it says
    would have happened (the clause before "would have" is denied); and what it says was ended (the words of the
    clause around "retired", "dropped", "went to zero", "used to", the ending word left out, so that "was not
    retired" is no denial it vouches for; "is used to" and a clause's opening "Used to" are a use)."""
    out = list(denials(text, stems))
    out += _alternatives(text, stems)
    out += _elided(text, stems)
    for m in _NOT_YET.finditer(text):  # "has not yet been updated" backs "hasn't been updated"; "the absence of X", "no X"
        # "the absence of X" denies X, a noun's words: "In the absence of a config file the loader uses the defaults"
        # does not deny "uses the defaults" (the clause's own verb, where no comma ends the noun)
        most = SCOPE_WORDS if m.group(0)[:1].lower() == "n" else NOUN_WORDS
        words = ordered(text[m.end() : scope_end(text, m.end(), listed=False)], stems)[:most]
        if words:
            out.append(Denial(frozenset(words), words[0], frozenset(ordered(clause_before(text, m.start()), stems)[-3:])))
    for m in COUNTERFACTUAL.finditer(text):
        words = ordered(clause_before(text, m.start()), stems)[:SCOPE_WORDS]
        if words:
            out.append(Denial(frozenset(words), words[0], frozenset()))
    for m in _NO_CELL.finditer(text):  # a table's "Available in Project No" denies the column of its row
        words = ordered(m.group(1), stems)[:SCOPE_WORDS]
        row = text[text.rfind("\n", 0, m.start()) + 1 : m.start()].split(":", 1)[0]
        if words:
            out.append(Denial(frozenset(words), words[0], frozenset(ordered(row, stems)[-3:]), row=True))
    for m in _ENDED.finditer(text):
        if m.group(0)[:4].lower() == "used" and (
            _PASSIVE.search(text, 0, m.start()) or not clause_before(text, m.start()).strip()
        ):
            continue  # "is used to collect", "Used to initiate a push", "get used to": a use or a habit, nothing ended
        end = CLAUSE_END.search(text, m.end())
        told = text[m.end() : end.start() if end else len(text)]
        if m.group(0)[:1].lower() == "r":
            told = _REPLACEMENT.split(told, 1)[0]
        before = ordered(clause_before(text, m.start()), stems)[-SCOPE_WORDS:]
        after = ordered(told, stems)[:SCOPE_WORDS]
        ending = frozenset(stems(m.group(0)))
        words = [w for w in before + after if w not in ending]
        if words:
            out.append(Denial(frozenset(words), words[0], frozenset(), ending))
    return _written(out, text, stems)


def _written(out: list[Denial], text: str, stems: Callable[[str], Iterable[str]]) -> tuple[Denial, ...]:
    """The denials, a "not necessarily" with every word its section writes: what a sentence's "does not guarantee" may
    not bring from elsewhere in it (`contradictions._guaranteed`)."""
    if not any(d.head == NECESSARILY for d in out):
        return tuple(out)
    written = frozenset(ordered(text, stems))
    return tuple(d._replace(written=written) if d.head == NECESSARILY else d for d in out)



# "The paths provided via the -w option are not.": a negation that ends its sentence after its verb, the verb's words
# left out; the sentence before says them after the same verb ("... are relative to the configuration file.").
_ELIDED_END = re.compile(
    r"\b(are|is|was|were|do|does|did|can|could|will|would|should|must|has|have|had)\s*(?:not|n[’']t)\s*[.;](?:\s|$)",
    re.IGNORECASE,
)


def _elided(text: str, stems: Callable[[str], Iterable[str]]) -> list[Denial]:
    """The denials of a section's negations whose verb is left out at their sentence's end ("The paths provided via
    the CLI are not."): what the sentence before says after the same verb, denied of what this one says before it
    and the sentence before does not (`Denial.elided`), so that A's own fact is no denial of A."""
    out = []
    for m in _ELIDED_END.finditer(text):
        start = max(text.rfind(". ", 0, m.start()), text.rfind("\n", 0, m.start()))
        if start < 0:
            continue
        before = max(text.rfind(". ", 0, start), text.rfind("\n", 0, start)) + 1
        said = re.search(rf"\b{m.group(1)}\s+(?!not\b|n[’']t\b)(.+)", text[before:start], re.IGNORECASE)
        words = ordered(said.group(1), stems)[:SCOPE_WORDS] if said else []
        # Of B alone: the words of its subject that the sentence before does not say ("--watch flag", not "paths").
        theirs = set(ordered(text[before:start], stems))
        told_of = frozenset([w for w in ordered(text[start + 1 : m.start()], stems) if w not in theirs][-3:])
        if words and told_of:
            out.append(Denial(frozenset(words), words[0], told_of, elided=True))
    return out


# "without needing to run faas-cli build or to deploy the function to a remote cluster": each alternative after an
# "or" (or a "nor") inside a denial's clause is denied too, read from its own first words.
_OR = re.compile(r"\s(?:or|nor)\s+(?:to\s+)?", re.IGNORECASE)


def _alternatives(text: str, stems: Callable[[str], Iterable[str]]) -> list[Denial]:
    """The alternatives a negation's clause lists after "or" or "nor", each a denial of its own (a section's "not A
    or B" denies B as it denies A), with the words before the negation."""
    out = []
    for m in NEGATOR.finditer(text):
        if turns_down(m):  # "rather than A or B" turns down; it is no list of what is denied
            continue
        end = scope_end(text, m.end(), listed=False)
        for alt in _OR.finditer(text, m.end(), end):
            words = ordered(text[alt.end() : end], stems)[:SCOPE_WORDS]
            if len(words) >= 2:
                out.append(Denial(frozenset(words), words[0], frozenset(ordered(clause_before(text, m.start()), stems)[-3:])))
    return out


def heads(text: str, stems: Callable[[str], Iterable[str]]) -> tuple[Head, ...]:
    """For each negation in a section, the words an affirming sentence must hold to contradict it.

    "No jitter", "without backoff" or "in minutes, not days" deny a thing whose name an answer uses freely
    ("with jitter the service recovers"), so such a negation needs two words to be contradicted. One word is
    enough where the negation denies a verb right after it: "nobody reports to me", "without managing". A light
    verb (come, go, get, make, take...) says little alone: the sentence must also share a word the clause says
    before the negation, when it says one ("it rose by 40 MB a day and never came down" is not contradicted by
    "the heap dump came later").
    """
    light = _light(stems)
    affirmed: list[set[str]] | None = None
    out: list[Head] = []
    for m in NEGATOR.finditer(text):
        if _passed_over(text, m):
            continue
        end = CLAUSE_END.search(text, m.end())
        clause = text[m.end() : end.start() if end else len(text)]
        words = _head(text, m, clause, stems)
        if len(words) == 1 and not _denies_a_verb(m.group(0), clause, stems) and not advised(text, m, stems):
            continue
        if not words:
            continue
        head = frozenset(words)
        said_before = clause_before(text, m.start())
        before = frozenset(ordered(said_before, stems)[-3:])
        # One word of a thing ("PEP 582 layout is not supported") is contradicted only where that thing is said too.
        told_of = len(words) == 1 and _PASSIVE.search(said_before) is not None
        context = before if words[0] in light or told_of else frozenset()
        if affirmed is None:
            affirmed = [set(stems(part)) | dotted(part) for part in CLAUSE_END.split(text) if part.strip() and not negates(part)]
        also = [c for c in affirmed if head <= c]
        if also:
            # "Incoming paths are matched ... `/users/me` will never match incoming requests": the section says the
            # words both ways, so only what its denial is said of tells them apart, where the affirming clause
            # lacks it.
            context = before.difference(*also)
            if not context:
                continue
        if _UNTIL.search(clause):
            # "will not start serving until the lifespan has run" says when it starts: a sentence that tells it by
            # another event (before, after, once, waits) affirms no denial; "retry until it passes" still does.
            head |= {UNTIMED}
        out.append((head, context))
    return tuple(out)


def _head(text: str, m: re.Match[str], clause: str, stems: Callable[[str], Iterable[str]]) -> list[str]:
    """The first two words of what a negation denies; an "against"'s verb first: "we advise against X" is
    contradicted by advising X, not by telling of X."""
    words = head_words(clause, stems)
    verb = advised(text, m, stems)
    return [verb, *(w for w in words if w != verb)][:2] if verb else words


def _passed_over(text: str, m: re.Match[str]) -> bool:
    """A negation no affirming sentence contradicts: one with a pro-form or an exception in its clause before it
    (`passage.excepting`: "Strategies other than all and reuse are not supported": "only all and reuse are
    supported"; a "but" is none: "recommended, but they are not required" denies), and a supposed "not" ("if it is
    not set in the decorator, ...": a condition, which "the value set in it" meets)."""
    before = clause_before(text, m.start())
    if PRO_FORM.match(text, m.end()) or excepting(before):
        return True
    return m.group(0)[:1].lower() in "n’'" and _SUPPOSED.search(before) is not None


_SUPPOSED = re.compile(r"(?<!even )\b(?:if|unless|whenever)\b", re.IGNORECASE)
_UNTIL = re.compile(r"\b(?:until|till)\b", re.IGNORECASE)
_LIGHT_VERBS = "come came comes go went goes gone get got gets make made makes take took takes have had do did give gave put"
_light_stems: dict[int, frozenset[str]] = {}


def _light(stems: Callable[[str], Iterable[str]]) -> frozenset[str]:
    made = _light_stems.get(id(stems))
    if made is None:
        made = _light_stems[id(stems)] = frozenset(x for w in _LIGHT_VERBS.split() for x in stems(w))
    return made


_DENY_A_VERB = frozenset(("nobody", "no one", "never", "nothing", "none", "cannot", "rather than", "instead of"))

_AUXILIARIES = frozenset(("had", "has", "have", "was", "were", "is", "are", "could", "would", "ever", "really"))


def _denies_a_verb(negator: str, clause: str, stems: Callable[[str], Iterable[str]]) -> bool:
    words = [w for w in clause.lower().split() if w not in _AUXILIARIES]  # "nobody had guessed" denies guessing
    first = words[0] if words else ""
    if not first or not list(stems(first)):
        return False  # the word after the negation is no word of substance: "nothing in time"
    return " ".join(negator.lower().split()) in _DENY_A_VERB or first.endswith(("ing", "ed"))


