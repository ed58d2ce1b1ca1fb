"""What a text says is not so: its negations, each with the words it denies, for the gate's `polarity` rule.

"She does not review code. [[roles-alderway-leading]]" shares every word with a section that says she reviews
code; "Mara Lindqvist manages engineers who report to her." shares them with one that says nobody reports to her.
A citation cannot vouch for a flipped sense, so the gate compares what is denied:
- A negator is not, no, never, nobody, none, nothing, neither, nor, cannot, -n't, without, no one, no longer,
  rather than (and "rather A than B"), instead of, failed to; "not only" and "not just" deny nothing, nor do "nothing
  else", "nothing but" and "nothing more" (they say "only").
- What it denies (its scope) is the words of substance after it, up to the end of its clause (a comma, a
  colon, a semicolon, a dash or the end) and at most four of them: "no incident that reached a cardholder"
  denies incident, reach, cardholder. After "none of" it runs over a list's commas ("none of A, B or C match") and
  holds the things it is said of; "none of those" is said of what the text listed before it.
- A sentence that denies something passes only when one of its scopes shares two words (or all of the shorter
  one's) with a scope of its cited sections: the record must deny the same thing; a sentence's one denial may do
  so in another verb, of the same thing ("a release doesn't ship all wheels" for "... doesn't contain all wheels").
  One it opens with up to its comma ("Without a config file, ...") sets the scene: where it denies more, another must.
  "Without it", and a negation whose verb is left out ("Y doesn't and ..."), have no scope: what they deny was said
  before; "it hasn't been updated" is decided by its first denied word. A section's "not yet" and a table row's
  "No" cell (its column, of its row) deny too. "Consumers could not be added without changes to the producers" is
  not "added without touching producers".
- A sentence that denies nothing is held when it affirms what a cited section denies: it holds the first two words
  of a section's scope (the only one, when the scope has one; a dotted name one word; an adverb after the negation
  left out), such as "reports" against "nobody reports to me" or "reached" against "no incident that reached ...".
- A sentence is held too when it says the opposite word of its sections: a word of a closed list of opposites
  (rose/fell, kept/retired, continued/stopped, right/wrong, succeeded/failed, accepted/rejected...) whose
  opposite the sections use and which they do not use themselves, or "unbounded" where they say "bounded"
  (and the reverse), unless they deny the base word ("left uncompressed" against "do not compress"): `opposites`.
- "Not doing so" denies what "so" stands for: no scope, no head. A section's denial whose words it also affirms in
  another clause ("paths are matched in order"; "`/users/me` will never match") is contradicted only by a sentence
  that shares what the denial is said of. Words of one sense (run/execute) are one when denials are compared.
- "Not X until Y" says when X happens: one placing X by another event (before, after, once, waits) affirms no denial.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import NamedTuple

from .words import dotted, head_words, opens_scene

Scope = frozenset[str]

_NEGATOR = re.compile(
    # "None" inside a sentence is a value (`max_age=None`), not a denial; "none" and a sentence's first "None" deny.
    # "A and nothing else", "nothing but A" say only A: no denial.
    # A negator joined by a hyphen to a word before it is a flag or a name (`--no-deps`, `uv sync --no-install-project`),
    # and "no-op", "no-cache" a value: no denial. "No other" says only, as "nothing else" does.
    r"(?<![\w'’-])(?:not(?!\s+(?:only|just|least|yet)\b)|no(?:\s+(?:longer|one))?(?!-|\s+other\b)|never|nobody|(?-i:none)|^None|"
    r"nothing(?!\s+(?:else|but|more)\b)|neither|nor|cannot|without|rather\s+(?:[\w'’]+\s+){0,6}?than|instead\s+of|fail(?:s|ed)?\s+to|"
    # "stops the connection from being upgraded", "for preventing leaks from impacting ...": what follows "from" is denied.
    r"(?:stops?|stopped|stopping|prevents?|prevented|preventing)\s+(?:[\w.'’]+\s+){0,4}?from)(?![\w'’])|n[’']t(?!\w)",
    re.IGNORECASE,
)
_CLAUSE_END = re.compile(r"[,;:!?–—()\n]|\.(?!\w)| - ")  # not the dots of `.env`, `request.form` or 0.21.0
_SCOPE_WORDS = 4
_NOUN_WORDS = 2  # what a section's "the absence of" or "the lack of" denies: the noun after it, its first two words
SAID_WORDS = 6  # a sentence's scope may run longer than a section's: "no lookup in the TLS cache ever hit"


class Denial(NamedTuple):
    """One negation: the words it denies (its scope), the first of them, and the words before it in its clause."""

    scope: Scope
    head: str
    before: Scope
    ending: frozenset[str] = frozenset()  # a section's "ended X": the ending word's stems, no denial of the ending
    partitive: bool = False  # "none of the tasks after it run": the things it is said of come inside the scope
    instead: bool = False  # "raise instead of exiting": one alternative told over another
    row: bool = False  # a table's "No" cell: `before` is its row's name, which a sentence naming a thing must share
    pronoun: bool = False  # said of "it", "they", "this" or "that" alone: "but it hasn't been updated"
    opening: bool = False  # a sentence's opening phrase up to its comma: "Without a config file, ..."
    condition: bool = False  # said in a condition: "if you are not using workers", "unless it cannot be found"
    option: bool = False  # "you can set it per view instead of globally": one alternative offered, nothing denied


_NONE = Denial(frozenset(), "", frozenset())


def denials(text: str, stems: Callable[[str], Iterable[str]], *, most: int = _SCOPE_WORDS) -> tuple[Denial, ...]:
    """What each negation in a text denies (at most `most` words of it), with the words before it in its clause
    (at most three: "the connection is not upgraded" denies "upgraded" of "connection"). A scope of figures only
    ("6 minutes instead of 40") denies nothing here: the number rule judges figures."""
    out = []
    for m in _NEGATOR.finditer(text):
        clause = _clause_before(text, m.start())
        if m.group(0)[:1] in "n’'":  # "won't", "can't": the verb's stem is no word said of the thing
            clause = _CONTRACTED.sub("", clause)
        before = frozenset(_ordered(clause, stems)[-3:])
        pronoun = not before and _PRONOUN_SUBJECT.search(clause) is not None
        if (
            _PRO_FORM.match(text, m.end()) or _ELIDED.match(text, m.end())
            or m.group(0).lower() == "without" and _PRONOUN.match(text, m.end())
            or _SUPPOSED.match(clause) and _COUNTERFACTUAL.search(text, m.end())
        ):
            out.append(Denial(frozenset(), "", before))
            continue
        partitive = _PARTITIVE.match(text, m.start()) is not None
        if partitive and _ANAPHOR.match(text, m.end()):  # "none of those match": those are what came before it
            before = frozenset(_ordered(text[max(0, m.start() - 200) : m.start()], stems)[-_LISTED * 2 :])
        end = _scope_end(text, m.end(), listed=partitive)
        words = _ordered(_DEFAULT.sub(" ", text[m.end() : end]), stems)[: most + _LISTED if partitive else most]
        if words and all(w[:1].isdigit() for w in words):
            out.append(_NONE)
            continue
        instead = m.group(0)[:1].lower() in "ir"  # "instead of", "rather than"
        opening = opens_scene(clause, m.group(0)) and not _CLAUSE_END.search(text, 0, m.start()) and text[end : end + 1] == ","
        condition = _CONDITION.search(clause) is not None
        # The modal of the clause the alternative is told in: before it, or after an opening "Rather than X,".
        told = clause if clause.strip() else text[end : _scope_end(text, end + 1, listed=False)]
        option = instead and _MAY.search(told) is not None
        out.append(Denial(frozenset(words), words[0] if words else "", before, partitive=partitive, instead=instead,
                          pronoun=pronoun, opening=opening, condition=condition, option=option))
    return tuple(out)


# "None of the environment variable, the .env file or the default value match": the denial is of what follows the
# things listed, so its scope runs over the list's commas and may hold that many more words.
_PARTITIVE = re.compile(r"none\s+of\b", re.IGNORECASE)
_LISTED = 6
_ANAPHOR = re.compile(r"\s+of\s+(?:those|these|them|the\s+above)\b", re.IGNORECASE)
_LIST_GOES_ON = re.compile(r"[^,;:!?()\n]{0,60}?\b(?:or|and|nor)\b|\s*(?:\S+\s*){1,3},", re.IGNORECASE)


def _scope_end(text: str, at: int, *, listed: bool) -> int:
    """Where a negation's scope ends: the end of its clause, past an aside in brackets ("not using multiprocessing
    (workers=NUM) or reloading" denies workers too); past a list's commas after "none of"."""
    end = _CLAUSE_END.search(text, at)
    while end is not None and (
        end.group() == "(" and ")" in text[end.end() : end.end() + 80]
        or listed and end.group() == "," and _LIST_GOES_ON.match(text, end.end())
    ):
        end = _CLAUSE_END.search(text, text.index(")", end.end()) + 1 if end.group() == "(" else end.end())
    return end.start() if end else len(text)


_MAY = re.compile(r"\b(?:can|may|could|might)\b(?!\s+not\b)", re.IGNORECASE)
_CONTRACTED = re.compile(r"\b(?:wo|ca|sha)$", re.IGNORECASE)
# "only works if you are not using workers", "If you would rather not write it": what is denied is supposed, not said.
_CONDITION = re.compile(r"(?<!even )\b(?:if|unless|whenever)\b", re.IGNORECASE)
# "closed after 5 seconds without new data by default": "by default" says when, no part of what is denied.
_DEFAULT = re.compile(r"\bby\s+default\b", re.IGNORECASE)
# "Had shadow mode not caught it, the bug would have ...", "if it had not ...": a supposition that says it happened.
_SUPPOSED = re.compile(r"\s*(?:had\b|if\s+(?:\S+\s+){1,6}?had\b)", re.IGNORECASE)


# "Not doing so would lead to bugs": the negation denies what "so" stands for, said before it; the words after it are
# what follows from not doing it, no part of what is denied.
_PRO_FORM = re.compile(r"\s+(?:doing|do|to\s+do)\s+(?:so|this|that|it)\b", re.IGNORECASE)
# "a distribution without it is treated as unavailable": "without" denies only its object, here what "it" stands for,
# said before it; the words after it are what follows for the thing that lacks it.
_PRONOUN = re.compile(r"\s+(?:it|them)\b", re.IGNORECASE)
# "X requires root, while Y doesn't and installs ...": the verb is left out after the negation, what it denies was
# said before it; the words after the "and" are another clause. Not "so" without a comma: "not so fast" denies "fast".
_ELIDED = re.compile(r"\s*(?:[,;:.!?)]|$|(?:and|or|but|while)\b)", re.IGNORECASE)
_PRONOUN_SUBJECT = re.compile(r"\b(?:it|they|this|that)\s+(?:\S+\s+){0,2}\w*$", re.IGNORECASE)


def scopes(text: str, stems: Callable[[str], Iterable[str]]) -> tuple[Scope, ...]:
    """What each negation in a text denies, as sets of stems; empty when the text negates nothing."""
    return tuple(d.scope for d in denials(text, stems))


# "Renewing the vendor's contract would have tied..." says the renewal did not happen: a sentence may deny it.
_COUNTERFACTUAL = re.compile(r"\b(?:would|could|might)\s+have\b", re.IGNORECASE)


# "The weekly restart was retired" denies the restart from then on; "used to be the default" says it is no longer.
_ENDED = re.compile(
    r"\b(?:retired|dropped|stopped|ended|removed|abandoned|discontinued|deprecated|went\s+to\s+zero|used\s+to)\b",
    re.IGNORECASE,
)
# A section's "not yet" ("not yet" in a sentence is a stage, no denial) and "the absence of", "the lack of" deny too.
_NOT_YET = re.compile(r"\b(?:not\s+yet|absence\s+of|lack\s+of)\b", re.IGNORECASE)
# A table row's cell, "Header value" joined by "; " after the row's name and a colon, whose value is "No".
_NO_CELL = re.compile(r"(?:^|[;:] )([^;:\n]{2,60}?) No(?=;|$)", re.MULTILINE)
_PASSIVE = re.compile(r"\b(?:is|are|was|were|be|been|being|get|gets|got)\s+(?:\w+ly\s+)?$", re.IGNORECASE)


def section_denials(text: str, stems: Callable[[str], Iterable[str]]) -> tuple[Denial, ...]:
    """A section's negations (in its text, its title and its heading path, joined by the caller); what it says
    would have happened (the clause before "would have" is denied); and what it says was ended (the words of the
    clause around "retired", "dropped", "went to zero", "used to", the ending word left out, so that "was not
    retired" is no denial it vouches for; "is used to" and a clause's opening "Used to" are a use)."""
    out = list(denials(text, stems))
    for m in _NOT_YET.finditer(text):  # "has not yet been updated" backs "hasn't been updated"; "the absence of X", "no X"
        # "the absence of X" denies X, a noun's words: "In the absence of a config file the loader uses the defaults"
        # does not deny "uses the defaults" (the clause's own verb, where no comma ends the noun)
        most = _SCOPE_WORDS if m.group(0)[:1].lower() == "n" else _NOUN_WORDS
        words = _ordered(text[m.end() : _scope_end(text, m.end(), listed=False)], stems)[:most]
        if words:
            out.append(Denial(frozenset(words), words[0], frozenset(_ordered(_clause_before(text, m.start()), stems)[-3:])))
    for m in _COUNTERFACTUAL.finditer(text):
        words = _ordered(_clause_before(text, m.start()), stems)[:_SCOPE_WORDS]
        if words:
            out.append(Denial(frozenset(words), words[0], frozenset()))
    for m in _NO_CELL.finditer(text):  # a table's "Available in Project No" denies the column of its row
        words = _ordered(m.group(1), stems)[:_SCOPE_WORDS]
        row = text[text.rfind("\n", 0, m.start()) + 1 : m.start()].split(":", 1)[0]
        if words:
            out.append(Denial(frozenset(words), words[0], frozenset(_ordered(row, stems)[-3:]), row=True))
    for m in _ENDED.finditer(text):
        if m.group(0)[:4].lower() == "used" and (
            _PASSIVE.search(text, 0, m.start()) or not _clause_before(text, m.start()).strip()
        ):
            continue  # "is used to collect", "Used to initiate a push", "get used to": a use or a habit, nothing ended
        end = _CLAUSE_END.search(text, m.end())
        before = _ordered(_clause_before(text, m.start()), stems)[-_SCOPE_WORDS:]
        after = _ordered(text[m.end() : end.start() if end else len(text)], stems)[:_SCOPE_WORDS]
        ending = frozenset(stems(m.group(0)))
        words = [w for w in before + after if w not in ending]
        if words:
            out.append(Denial(frozenset(words), words[0], frozenset(), ending))
    return tuple(out)


def _clause_before(text: str, at: int) -> str:
    """The text from the start of the clause that `at` is in, up to `at`."""
    start = 0
    for m in _CLAUSE_END.finditer(text, 0, at):
        start = m.end()
    return text[start:at]


Head = tuple[Scope, Scope]  # the words an affirming sentence must hold, and the context it must share one of


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
    for m in _NEGATOR.finditer(text):
        if _PRO_FORM.match(text, m.end()) or _EXCEPT.search(_clause_before(text, m.start())):
            continue  # "Strategies other than all and reuse are not supported": "only all and reuse are supported"
        end = _CLAUSE_END.search(text, m.end())
        clause = text[m.end() : end.start() if end else len(text)]
        words = head_words(clause, stems)
        if len(words) == 1 and not _denies_a_verb(m.group(0), clause, stems):
            continue
        if not words:
            continue
        head = frozenset(words)
        clause_before = _clause_before(text, m.start())
        before = frozenset(_ordered(clause_before, stems)[-3:])
        # One word of a thing ("PEP 582 layout is not supported") is contradicted only where that thing is said too.
        told_of = len(words) == 1 and _PASSIVE.search(clause_before) is not None
        context = before if words[0] in light or told_of else frozenset()
        if affirmed is None:
            affirmed = [set(stems(part)) | dotted(part) for part in _CLAUSE_END.split(text) if part.strip() and not negates(part)]
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
            head |= {_UNTIMED}
        out.append((head, context))
    return tuple(out)


_EXCEPT = re.compile(r"\b(?:other\s+than|except|but)\b", re.IGNORECASE)
_UNTIL = re.compile(r"\b(?:until|till)\b", re.IGNORECASE)
_UNTIMED = "\x00untimed"  # a head's mark: contradicted only by a sentence that says no "before", "after" or "once"
TIMED = frozenset(("before", "after", "once", "wait", "waits", "waited", "waiting"))  # words that place an event
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


def _ordered(clause: str, stems: Callable[[str], Iterable[str]]) -> list[str]:
    seen: list[str] = []
    for word in clause.split():
        for stem in stems(word):
            if stem not in seen:
                seen.append(stem)
    return seen


_NEGATING_WORDS = frozenset(("not", "no", "never", "nobody", "none", "nothing", "neither", "nor", "cannot", "without", "rather", "instead",
                             "stop", "stops", "stopped", "prevent", "prevents", "prevented", "fail", "fails", "failed"))


def same(mine: Scope, theirs: Scope) -> bool:
    """Two denials deny the same thing: they share two words, or every word of the shorter one."""
    return len(mine & theirs) >= min(2, len(mine), len(theirs))


def negates(text: str, words: set[str] | None = None) -> bool:
    """Whether a text negates; `words`, its lower-case words when the caller has them, make the test quick."""
    if words is not None and not words & _NEGATING_WORDS and "n't" not in text and "n’t" not in text and "not-" not in text:
        return False
    return _NEGATOR.search(text) is not None


# Words documentation uses for one sense, read as one when two denials are compared: "the tasks after it do not get
# the chance to run" denies what "the following tasks will not get the opportunity to be executed" does.
_SENSES = (
    "run runs ran running execute executes executed executing",
    "chance chances opportunity opportunities",
    "allow allows allowed permit permits permitted",
    "need needs needed require requires required",
    "start starts started begin begins began",
    "show shows shown display displays displayed",
    "stop stops stopped halt halts halted",
    "modify modifies modified modifying adjust adjusts adjusted adjusting alter alters altered altering",
    "retry retries retried retrying rerun reruns rerunning",
)
_sense_of: dict[int, dict[str, str]] = {}


def _senses(stems: Callable[[str], Iterable[str]]) -> dict[str, str]:
    made = _sense_of.get(id(stems))
    if made is None:
        made = _sense_of[id(stems)] = {}
        for group in _SENSES:
            forms = [x for w in group.split() for x in stems(w)]
            made.update((form, forms[0]) for form in forms)
    return made


def _in_sense(denial: Denial, senses: dict[str, str]) -> Denial:
    """A denial with each word read as its sense (`_SENSES`)."""
    if not senses.keys() & (denial.scope | denial.before):
        return denial
    return denial._replace(scope=frozenset(senses.get(w, w) for w in denial.scope),
                           head=senses.get(denial.head, denial.head),
                           before=frozenset(senses.get(w, w) for w in denial.before))


def _vouched(mine: Denial, theirs: Denial, senses: dict[str, str] | None = None, *, alone: bool = False) -> bool:
    """A section's negation denies what a sentence's does: they share two words (or all of the shorter scope), or
    the sentence's first denied word and a word of what comes before it ("the connection is not upgraded" and
    "the connection is not upgraded to a WebSocket connection"); words of one sense are one word. `alone`: the
    sentence's only denial, which may deny the same object of the same thing in another verb."""
    if senses:
        mine, theirs = _in_sense(mine, senses), _in_sense(theirs, senses)
    if theirs.row and mine.before and not mine.before & theirs.before:
        return False  # "use_uv isn't available per project" where another row's cell says "Available in Project No"
    if not theirs.scope:  # "rather than with us": the same words before it, two at least
        return len(mine.before & theirs.before) >= 2
    if mine.head in theirs.ending:  # "did not end the restarts" is no denial "ended the restarts" makes
        return False
    if same(mine.scope, theirs.scope):
        return True
    if mine.partitive and mine.scope & theirs.scope and len(mine.scope & (theirs.scope | theirs.before)) >= 2:
        return True  # "none of the tasks after it run" against "the following tasks will not be executed"
    if mine.partitive and theirs.partitive and len(mine.scope & theirs.before) >= 2:
        return True  # "none of A, B or C supplies a value" against "A. B. C. If none of those match"
    # "... but it hasn't been updated": no words before its denial but a pronoun, so its first denied word decides.
    if mine.head in theirs.scope and (mine.pronoun or bool(mine.before & (theirs.before | theirs.scope))):
        return True
    # The sentence's one denial in another verb: "a release doesn't ship all wheels" for "a release doesn't contain all
    # wheels", told of the same thing (two words before it) and denying a word of the same object, not the verb. A
    # second denial ("could not be added without changes") may turn the first round: then the verb must be theirs.
    # "`-e git+<url>` won't work" for "Requirements like -e git+<url> are not supported": both deny only a verb.
    if not alone or len(mine.before & theirs.before) < 2:
        return False
    return len(mine.scope) == len(theirs.scope) == 1 or bool((mine.scope - {mine.head}) & (theirs.scope - {theirs.head}))


def _backed(said: tuple[Denial, ...], denied: Iterable[Denial], senses: dict[str, str] | None) -> bool:
    """One of a sentence's denials is a section's; not one it opens with where it denies more."""
    claims = [d for d in said if d.scope and not d.condition and not d.option]  # supposed or offered: no claim
    claims = [d for d in claims if not d.opening] or claims
    if not claims:
        return True
    return any(_vouched(mine, theirs, senses, alone=len(said) == 1) for mine in claims for theirs in denied)


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
    two denials' words by their sense (`_SENSES`); `timed`: the sentence places an event before or after another
    (`TIMED`), which a section's "not X until Y" says too.
    """
    if said:
        if not any(d.scope for d in said):
            return False
        return not _backed(said, denied, _senses(stems) if stems is not None else None)
    mark = frozenset() if timed else frozenset((_UNTIMED,))
    words = words | mark
    found = [(head, context) for head, context in affirmed_heads if head <= words and (not context or context & words)]
    if not found or clauses is None:
        return bool(found)
    # Within one clause: "counted the entries, then replaced the map" affirms no "no entry was ever replaced".
    cut = clauses()
    return any(head <= c | mark and (not context or context & c) for head, context in found for c in cut)


def clause_stems(text: str, stems: Callable[[str], Iterable[str]]) -> list[set[str]]:
    """The stems of each clause of a text, cut where a negation's scope ends."""
    return [set(stems(part)) | dotted(part) for part in _CLAUSE_END.split(text) if part.strip()]
