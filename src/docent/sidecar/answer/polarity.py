"""What a text says is not so: its negations, each with the words it denies, for the gate's `polarity` rule.

"She does not review code. [[roles-alderway-leading]]" shares every word with a section that says she reviews
code; "Mara Lindqvist manages engineers who report to her." shares them with one that says nobody reports to her.
A citation cannot vouch for a flipped sense, so the gate compares what is denied:
- A negator is not, no, never, nobody, none, nothing, neither, nor, cannot, -n't, without, no one, no longer,
  rather than (and "rather A than B"), instead of, as opposed to ("as opposed to, e.g., Git dependencies"), failed to,
  lacks ("lacks proper support for X", "a question lacking a default"), a verb of advice or choice before "against"
  ("recommends against using them" denies the recommending, of what follows); "does nothing" denies the effect, as
  "has no effect" does; "not only" and "not just" deny nothing,
  nor do "nothing else", "nothing but" and "nothing more" (they say "only").
- What it denies (its scope) is the words of substance after it, up to the end of its clause (a comma, a
  colon, a semicolon, a dash or the end) and at most four of them: "no incident that reached a cardholder"
  denies incident, reach, cardholder. After "none of" it runs over a list's commas ("none of A, B or C match") and
  holds the things it is said of; "none of those" is said of what the text listed before it.
- A sentence that denies something passes only when one of its scopes shares two words (or all of the shorter
  one's) with a scope of its cited sections: the record must deny the same thing; a sentence's one denial may do
  so in another verb, of the same thing ("a release doesn't ship all wheels" for "... doesn't contain all wheels").
  One it opens with up to its comma ("Without a config file, ...") sets the scene: where it denies more, another must;
  alone, it stands on the cited unit that says most of what follows it, where that unit says the thing is not present
  or set, or omitted, absent, missing or unset.
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
  The opposite must stand in a unit that restates the sentence (`rules/polarity._restating`), not anywhere in them.
- "Not doing so" denies what "so" stands for: no scope, no head. A section's denial whose words it also affirms in
  another clause ("paths are matched in order"; "`/users/me` will never match") is contradicted only by a sentence
  that shares what the denial is said of. Words of one sense (run/execute) are one when denials are compared.
- "Not X until Y" says when X happens: one placing X by another event (before, after, once, waits) affirms no denial.
- What the rule cannot decide it lets through: a denial in a condition ("if you are not using workers", an opening
  verb's "Run without a package name, ..."), an alternative offered ("you can set it per view instead of globally"), a
  supposition ("Had it not caught it, ... would have", "Without shadow mode, the bug would have ..."), a flag's "no"
  (`--no-deps`), a contrast "X, not Y" that the units best restating the rest tell so (`rules/alternatives.contrasted`),
  one denial in other words than a cited denial of the same things that no cited clause affirms (`_near`), "without"
  and a deed no cited section writes (`_unwritten`). Denials joined by "and", "or", "nor" are each the record's.
What a section denies (its "not yet", "would have", "ended", a table's "No" cell) and the heads a sentence must not
affirm are read in `record_denials.py`; a sentence's denials are compared with its sections' in `contradictions.py`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import NamedTuple

from .words import in_order, opens_scene
from .words import stems as word_stems

Scope = frozenset[str]

# The verbs whose "against" denies them and what follows ("advise against X": do not advise X), each form written out
# for `NEGATOR`'s look-behind, which takes a fixed width. Not "warn" or "caution": "we warn against running it as root"
# warns of running it as root, and denying the warning ("does not warn about running it as root") would be backed by it.
ADVISED = tuple(f"{base}{end}" for base, ends in (
    ("recommend", ("", "s", "ed", "ing")), ("advis", ("e", "es", "ed", "ing")), ("decid", ("e", "es", "ed", "ing")),
) for end in ends)

# Words that join a deed in -ing to a clause otherwise than as what a "stop" prevents ("prevents loops by skipping it").
DEED_LINKS = r"(?:by|when|while|after|before|for|in|on|at|with|without|through|via|and|or|of|to|from|is|are|was|were)\b"
# A deed in -ing right after "stop" is the deed stopped ("stop using it"), not the object of a deed prevented.
STOPPED_DEED = r"(?![a-z]{2,}ing\b)"
# A word in -ing right after a determiner or a possessive qualifies a noun ("stops the incoming mail", "stop your
# server's existing DNS service"): no deed; put right before the word in -ing.
DETERMINED = "".join(rf"(?<!\b{w}\s)" for w in (
    "the", "a", "an", "your", "its", "their", "our", "my", "his", "her", "any", "all", "each", "every", "this", "that",
    "these", "those", "some", "no")) + r"(?<!['’]s\s)"
NEGATOR = re.compile(
    # "None" inside a sentence is a value (`max_age=None`), not a denial; "none" and a sentence's first "None" deny.
    # "A and nothing else", "nothing but A" say only A: no denial.
    # A negator joined by a hyphen to a word before it is a flag or a name (`--no-deps`, `uv sync --no-install-project`),
    # and "no-op", "no-cache" a value: no denial. "No other" says only, as "nothing else" does. "Whether or not you
    # list them" says either way: no denial (the rule asks that a cited section say either way too).
    r"(?<![\w'’-])(?:(?<!whether or )not(?!\s+(?:only|just|least|yet)\b)|no(?:\s+(?:longer|one))?(?!-|\s+other\b)|never|nobody|(?-i:none)|^None|"
    r"nothing(?!\s+(?:else|but|more)\b)|neither|nor|cannot|without|rather\s+(?:[\w'’]+\s+){0,6}?than|instead\s+of|fail(?:s|ed)?\s+to|"
    # "only applied to packages read from a registry (as opposed to, e.g., Git dependencies)": what follows is denied.
    r"as\s+opposed\s+to(?:\s*,?\s*e\.g\.,?)?|"
    # "lacks proper support for X", "a question lacking a default" deny; a section's "the lack of" is `record_denials`'.
    r"lack(?:s|ed|ing)?(?!\s+of\b)|"
    # "stops the connection from being upgraded", "for preventing leaks from impacting ...": what follows "from" is denied.
    r"(?:stops?|stopped|stopping|prevents?|prevented|preventing)\s+(?:[\w.'’]+\s+){0,4}?from|"
    # "to stop the record flapping between resources" says "from" in no word: what the thing does after it is denied
    # (a noun in -ing is no deed: "the string", "nothing"); a deed in -ing right after it is what stops ("stopped
    # using the logging module", "stops emitting the warning": the using ends, no logging is prevented).
    r"(?:stops?|stopped|stopping|prevents?|prevented|preventing)\s+" + STOPPED_DEED
    + r"(?:(?!" + DEED_LINKS + r")[\w.'’]+\s+){0,3}?"
    r"(?!" + DEED_LINKS + r")[\w.'’]+(?=\s+" + DETERMINED + r"(?!\w*thing\b|during\b|string|spring)[a-z]{2,}ing\b)|"
    # "recommends against using them", "decided against a rewrite": advice or a choice not to do what follows, the
    # verb's own denial (`advised`): the match is the "against", the verb before it joins what is denied.
    + "(?:" + "|".join(rf"(?<={verb}\s)" for verb in ADVISED) + r")against)(?![\w'’])|n[’']t(?!\w)",
    re.IGNORECASE,
)
CLAUSE_END = re.compile(r"[,;:!?–—()\n]|\.(?!\w)| - ")  # not the dots of `.env`, `request.form` or 0.21.0
SCOPE_WORDS = 4
NOUN_WORDS = 2  # what a section's "the absence of" or "the lack of" denies: the noun after it, its first two words
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
    joined: bool = False  # joined to the denial before it by "and", "or", "nor": "does not retry and does not log"
    contrast: bool = False  # "It is pip, not uv, that ...": a bare "not" after a comma, up to a comma or the end
    without: bool = False  # "flags it without taking it out": "without" and a deed (a verb in -ing), beside the clause
    deed: str = ""  # "ships no container image": the word before a bare "no", what the denial says is not done
    elided: bool = False  # a section's "B is not." after "A is X.": `before`, B's own words, a sentence must share
    told_of: Scope = frozenset()  # every word of its sentence before it (its clause's, of which `before` keeps the last
    # three, and an opening phrase's: "With a server that supports it, enabling HTTP/2 does not ..."), made only for
    # the heads `contradictions._guaranteed` reads it of (`TOLD`); none for the others
    written: Scope = frozenset()  # a section's "not necessarily": every word its section writes (`record_denials`)


_NONE = Denial(frozenset(), "", frozenset())
NECESSARILY = "necessary"  # the head of "does not necessarily mean": a section's, which "does not guarantee" may tell
# The heads of "does not guarantee", "is not guaranteed": "Enabling HTTP/2 does not guarantee it will be used" denies
# what "Enabling HTTP/2 support ... does not necessarily mean that your requests ... will be transported over HTTP/2"
# does, a guarantee denied a necessity denied (`contradictions._guaranteed`).
GUARANTEE = frozenset(("guarante", "guarant"))
# The heads of the denials whose `told_of` is read (`contradictions._guaranteed`, which compares a guarantee denied
# with a necessity denied by what each is told of); no word of `senses.SENSES` reads as one of them.
TOLD = GUARANTEE | {NECESSARILY}


def denials(text: str, stems: Callable[[str], Iterable[str]], *, most: int = SCOPE_WORDS) -> tuple[Denial, ...]:
    """What each negation in a text denies (at most `most` words of it), with the words before it in its clause
    (at most three: "the connection is not upgraded" denies "upgraded" of "connection"). A scope of figures only
    ("6 minutes instead of 40") denies nothing here: the number rule judges figures."""
    out = []
    last: int | None = None  # where the negation before ended
    for m in NEGATOR.finditer(text):
        joined = _joined(text, m, last)
        last = m.end()
        out.append(_denial(text, m, stems, most=most, joined=joined))
    return tuple(out)


def _denial(text: str, m: re.Match[str], stems: Callable[[str], Iterable[str]], *, most: int, joined: bool) -> Denial:
    """What one negation of a text denies (`denials`, one match)."""
    clause = clause_before(text, m.start())
    contracted = m.group(0)[:1] in "n’'"
    if contracted:  # "won't", "can't": the verb's stem is no word said of the thing
        clause = _CONTRACTED.sub("", clause)
    said = ordered(clause, stems)
    before = frozenset(said[-3:])
    pronoun = not before and _PRONOUN_SUBJECT.search(clause) is not None
    if _unscoped(text, m, clause):
        return Denial(frozenset(), "", before)
    partitive = _PARTITIVE.match(text, m.start()) is not None
    if partitive and _ANAPHOR.match(text, m.end()):  # "none of those match": those are what came before it
        before = frozenset(ordered(text[max(0, m.start() - 200) : m.start()], stems)[-_LISTED * 2 :])
    end = scope_end(text, m.end(), listed=partitive)
    words = ordered(_DEFAULT.sub(" ", text[m.end() : end]), stems)[: most + _LISTED if partitive else most]
    if words and all(w[:1].isdigit() for w in words):
        return _NONE
    words, before = _reread(text, m, stems, words, before, most)
    instead = turns_down(m)  # "instead of", "rather than", "as opposed to"
    opening = opens_scene(clause, m.group(0)) and not CLAUSE_END.search(text, 0, m.start()) and text[end : end + 1] == ","
    condition = _CONDITION.search(clause) is not None or _given(text, m, clause, end)
    # The modal of the clause the alternative is told in: before it, or after an opening "Rather than X,".
    told = clause if clause.strip() else text[end : scope_end(text, end + 1, listed=False)]
    option = instead and _MAY.search(told) is not None
    contrast = m.group(0).lower() == "not" and _CONTRAST.search(text, 0, m.start()) is not None and (
        end == len(text) or text[end] in ",.")
    head = words[0] if words else ""
    return Denial(frozenset(words), head, before, partitive=partitive, instead=instead,
                  pronoun=pronoun, opening=opening, condition=condition, option=option,
                  joined=joined, contrast=contrast,
                  without=m.group(0).lower() == "without" and _GERUND.match(text, m.end()) is not None,
                  deed=_deed(m, clause, stems),
                  told_of=_told_of(text, m, contracted, head, stems))


def _told_of(text: str, m: re.Match[str], contracted: bool, head: str, stems: Callable[[str], Iterable[str]]) -> Scope:
    """Every word of the sentence a negation stands in, before it: its clause's with an opening phrase's ("With X, A
    does not"), a contracted verb's stem left out; none but for the heads it is read of (`TOLD`). The clause is the
    end of this text, so its words are among this text's: a figure cut at its comma ("1,000") is read whole."""
    if head not in TOLD:
        return frozenset()
    opened = clause_before(text, m.start(), _SENTENCE_END)
    return frozenset(ordered(_CONTRACTED.sub("", opened) if contracted else opened, stems))


def turns_down(m: re.Match[str]) -> bool:
    """Whether a negation tells one alternative over another: "instead of", "rather than", "as opposed to"."""
    return m.group(0)[:2].lower() in ("in", "ra", "as")


def advised(text: str, m: re.Match[str], stems: Callable[[str], Iterable[str]]) -> str:
    """The stem of the verb an "against" denies ("recommends against using them": recommend); "" for other negations."""
    if m.group(0).lower() != "against":
        return ""
    words = text[: m.start()].split()
    return next(iter(ordered(words[-1], stems)), "") if words else ""


def _reread(
    text: str, m: re.Match[str], stems: Callable[[str], Iterable[str]], words: list[str], before: frozenset[str], most: int,
) -> tuple[list[str], frozenset[str]]:
    """A denial's words and those before it, read where its negation says them in other words: the verb of an
    "against" moved from before it to its head ("the documentation recommends against using them" denies the
    recommending, of what follows), where something follows it in its clause ("Recommended against — ..." denies
    nothing: a recommending denied of nothing would back any denial of one); "will do nothing" denies the effect, as
    "has no effect" does."""
    verb = advised(text, m, stems)
    if verb and words:
        return [verb, *(w for w in words if w != verb)][:most], before - {verb}
    if m.group(0).lower() == "nothing" and _DOES.search(text, 0, m.start()):
        return [EFFECT, *(w for w in words if w != EFFECT)][:most], before
    return words, before


# "--skip-tasks will do nothing if not used with --trust" denies what "has no effect" does: "do nothing" is read as a
# denial of the effect, the word "no effect" denies.
EFFECT = "effect"
_DOES = re.compile(r"\b(?:do|does|did|doing|done)\s+$", re.IGNORECASE)


def _deed(m: re.Match[str], clause: str, stems: Callable[[str], Iterable[str]]) -> str:
    """The stem of the word right before a bare "no" ("ships no container image"), what the sentence says is not done;
    none where that word is a function word ("has no effect", "there is no lock")."""
    words = clause.split()
    return next(iter(ordered(words[-1], stems)), "") if words and m.group(0).lower() == "no" else ""


def _joined(text: str, m: re.Match[str], last: int | None) -> bool:
    """Whether a negation is joined to the one before it (ended at `last`) by "and", "or", "nor", with no reason between."""
    if last is None:
        return False
    between = text[last : m.start()]
    return m.group(0).lower() == "nor" or _JOINED.search(between) is not None and _REASON.search(between) is None


def _sentence_end(text: str, at: int) -> int:
    end = _SENTENCE_END.search(text, at)
    return end.start() if end else len(text)


_SENTENCE_END = re.compile(r"[.!?](?:\s|$)")


def _given(text: str, m: re.Match[str], clause: str, end: int) -> bool:
    """ "Run without a package name, uv cache clean removes every entry": a sentence's opening verb and its "without",
    up to its comma, say when the rest holds, as "if run without" would."""
    return (m.group(0).lower() == "without" and len(clause.split()) == 1 and not CLAUSE_END.search(text, 0, m.start())
            and text[end : end + 1] == ",")


def _unscoped(text: str, m: re.Match[str], clause: str) -> bool:
    """Whether a negation denies what was said before it ("not doing so", an elided verb, "without it") or supposes
    ("had it not ... would have"): no scope."""
    return bool(
        PRO_FORM.match(text, m.end()) or _ELIDED.match(text, m.end())
        or m.group(0).lower() == "without" and _PRONOUN.match(text, m.end())
        or _SUPPOSED.match(clause) and COUNTERFACTUAL.search(text, m.end())
        or m.group(0).lower() == "without" and not text[: m.start()].strip()
        and COUNTERFACTUAL.search(text, m.end(), _sentence_end(text, m.end())) is not None
    )


# "None of the environment variable, the .env file or the default value match": the denial is of what follows the
# things listed, so its scope runs over the list's commas and may hold that many more words.
_PARTITIVE = re.compile(r"(?:none|neither)\s+of\b", re.IGNORECASE)
_LISTED = 6
_ANAPHOR = re.compile(r"\s+of\s+(?:those|these|them|the\s+above)\b", re.IGNORECASE)
_LIST_GOES_ON = re.compile(r"[^,;:!?()\n]{0,60}?\b(?:or|and|nor)\b|\s*(?:\S+\s*){1,3},", re.IGNORECASE)


def scope_end(text: str, at: int, *, listed: bool) -> int:
    """Where a negation's scope ends: the end of its clause, past an aside in brackets ("not using multiprocessing
    (workers=NUM) or reloading" denies workers too); past a list's commas after "none of"."""
    end = CLAUSE_END.search(text, at)
    while end is not None and (
        end.group() == "(" and ")" in text[end.end() : end.end() + 80]
        or listed and end.group() == "," and _LIST_GOES_ON.match(text, end.end())
    ):
        end = CLAUSE_END.search(text, text.index(")", end.end()) + 1 if end.group() == "(" else end.end())
    return end.start() if end else len(text)


_GERUND = re.compile(r"\s+(?:(?:ever|even|first|being|having)\s+)*(?!waiting\b)[a-z]{2,}ing\b", re.IGNORECASE)
_CONTRAST = re.compile(r"\w[\w'’)]*\s*[,–—]\s*$")  # "not" right after a comma or a dash that ends a word: "X, not Y"
_MAY = re.compile(r"\b(?:can|may|could|might)\b(?!\s+not\b)", re.IGNORECASE)
_CONTRACTED = re.compile(r"\b(?:wo|ca|sha)$", re.IGNORECASE)
# "only works if you are not using workers", "If you would rather not write it": what is denied is supposed, not said.
_JOINED = re.compile(r"\b(?:and|or|nor)\b", re.IGNORECASE)
_REASON = re.compile(r"\b(?:because|since|so|therefore|hence|thus|which\s+is\s+why)\b", re.IGNORECASE)
_CONDITION = re.compile(r"(?<!even )\b(?:if|unless|whenever)\b", re.IGNORECASE)
# "closed after 5 seconds without new data by default": "by default" says when, no part of what is denied.
_DEFAULT = re.compile(r"\bby\s+default\b", re.IGNORECASE)
# "Had shadow mode not caught it, the bug would have ...", "if it had not ...": a supposition that says it happened.
_SUPPOSED = re.compile(r"\s*(?:had\b|if\s+(?:\S+\s+){1,6}?had\b)", re.IGNORECASE)


# "Not doing so would lead to bugs": the negation denies what "so" stands for, said before it; the words after it are
# what follows from not doing it, no part of what is denied.
PRO_FORM = re.compile(r"\s+(?:doing|do|to\s+do)\s+(?:so|this|that|it)\b", re.IGNORECASE)
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
COUNTERFACTUAL = re.compile(r"\b(?:would|could|might)\s+have\b", re.IGNORECASE)


def clause_before(text: str, at: int, ends: re.Pattern[str] = CLAUSE_END) -> str:
    """The text from the start of the clause that `at` is in, up to `at`; with `ends`, of the part those end (the
    sentence, `_SENTENCE_END`)."""
    start = 0
    for m in ends.finditer(text, 0, at):
        start = m.end()
    return text[start:at]


Head = tuple[Scope, Scope]  # the words an affirming sentence must hold, and the context it must share one of
UNTIMED = "\x00untimed"  # a head's mark: contradicted only by a sentence that says no "before", "after" or "once"
TIMED = frozenset(("before", "after", "once", "wait", "waits", "waited", "waiting"))  # words that place an event


def ordered(clause: str, stems: Callable[[str], Iterable[str]]) -> list[str]:
    """The stems of a clause in the order its words stand; a word of several ("openapi_url=None") gives them in the
    order they are written, not a set's (which changed with the run's hash seed). Each written word's stems are kept
    (`_IN_ORDER`) where they are `words.stems`': the clauses around a denial are read word by word, the 200 characters
    before each, and most words come again."""
    memo = _IN_ORDER if stems is word_stems else None
    seen: dict[str, None] = {}  # in the order first seen: a key set again keeps its place
    for word in clause.split():
        found = memo.get(word) if memo is not None else None
        if found is None:
            found = tuple(in_order(word, stems))
            if memo is not None and len(memo) < 100_000:  # bounded, as `words._STEMS` is
                memo[word] = found
        for stem in found:
            seen[stem] = None
    return list(seen)


_IN_ORDER: dict[str, tuple[str, ...]] = {}  # a written word -> its stems in order (`words.in_order`, `words.stems`)


_NEGATING_WORDS = frozenset(("not", "no", "never", "nobody", "none", "nothing", "neither", "nor", "cannot", "without", "rather", "instead", "opposed",
                             "stop", "stops", "stopped", "prevent", "prevents", "prevented", "fail", "fails", "failed", "lack", "lacks", "lacked", "lacking",
                             "against"))


NEGATING_WORDS = _NEGATING_WORDS  # of which `negates` needs one, or "n't" or "not-" (`rules.types.NOT`)


def negates(text: str, words: set[str] | None = None) -> bool:
    """Whether a text negates; `words`, its lower-case words when the caller has them, make the test quick."""
    if words is not None and not words & _NEGATING_WORDS and "n't" not in text and "n’t" not in text and "not-" not in text:
        return False
    return NEGATOR.search(text) is not None
