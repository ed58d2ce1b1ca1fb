"""Who did what: the role and attribution words a text uses, for the gate's `role` rule.

"She manages three teams [[roles-alderway]]" shares its words with a section where she works across three teams:
a citation vouches for the people and the work, not for who ran it. So a sentence may give a role (manages,
heads, chairs, attends, approves, reports to...) or hand the work to someone else (another engineer, a
colleague, others) only in words its cited sections use too. The words are a closed list, folded to one form
each (led, leads, leader -> lead; ran, runs -> run; wrote, written -> write), and compared as forms, so
"leads without managing" vouches for "leads" and "managing" alike: the polarity rule tells those apart.

A faithful sentence that puts a role in other words than the record ("she is in charge of" for "I own") is
held, which is the price of the rule: the prompt asks the model to keep roles as the record gives them.
"""

from __future__ import annotations

import re

# Each form of a role word, folded to one.
_FORMS = {
    "manage": "manage", "manages": "manage", "managed": "manage", "managing": "manage", "manager": "manage",
    "managers": "manage", "management": "manage",
    "head": "head", "heads": "head", "headed": "head", "heading": "head",
    "chair": "chair", "chairs": "chair", "chaired": "chair", "chairing": "chair", "chairman": "chair",
    "chairwoman": "chair", "chairperson": "chair",
    "lead": "lead", "leads": "lead", "led": "lead", "leading": "lead", "leader": "lead", "leaders": "lead",
    "leadership": "lead",
    "own": "own", "owns": "own", "owned": "own", "owning": "own", "owner": "own", "owners": "own",
    "ownership": "own",
    "attend": "attend", "attends": "attend", "attended": "attend", "attending": "attend",
    "contribute": "contribute", "contributes": "contribute", "contributed": "contribute", "contributing": "contribute",
    "contributor": "contribute",
    "review": "review", "reviews": "review", "reviewed": "review", "reviewing": "review", "reviewer": "review",
    "approve": "approve", "approves": "approve", "approved": "approve", "approving": "approve", "approval": "approve",
    "report": "report", "reports": "report", "reported": "report", "reporting": "report",
    "member": "member", "members": "member",
    "supervise": "supervise", "supervises": "supervise", "supervised": "supervise", "supervisor": "supervise",
    "direct": "direct", "directs": "direct", "directed": "direct", "director": "direct",
    "oversee": "oversee", "oversees": "oversee", "oversaw": "oversee", "overseen": "oversee",
    "participate": "participate", "participates": "participate", "participated": "participate",
    "assist": "assist", "assists": "assist", "assisted": "assist",
    "chief": "chief", "officer": "officer", "cto": "cto", "vp": "vp", "president": "president",
    # Someone else did it.
    "another": "another", "colleague": "colleague", "colleagues": "colleague", "others": "other",
    "someone": "someone", "somebody": "someone",
}
_KEYS = frozenset(_FORMS)
FORMS = frozenset(_FORMS.values())  # the one form of each role (`roles` gives these)
# The words of which a text must hold one for `roles` to find a role in it: a role's word, or a word of `_PHRASES`'
# ("take part", "sit in on"); the gate's role rule is woken by them (`rules.checks`).
CUES = _KEYS | {"part", "sit", "sits", "sat", "sitting"}
# Words as the forms above are written: a hyphen or an apostrophe joins ("co-led" is no "led", "others'" is).
_WORDS = re.compile(r"[a-z]+(?:[-'’][a-z]+)*")
_TITLES = frozenset(("head", "manage", "lead", "direct", "chief", "officer", "cto", "vp", "president", "supervise"))
_REPORTS_TO = re.compile(
    r"\breport(?:s|ed|ing)?\s+to\s+(?:the\s+|a\s+|an\s+|her\s+|his\s+|their\s+)?(?:\w+\s+)?"
    r"(head|manager|lead|leader|director|chief|officer|cto|vp|president|supervisor)\b",
    re.IGNORECASE,
)


def _owns_too(text: str, role: str) -> bool:
    """Whether the role word is also used outside a "reports to the ..." phrase."""
    rest = _REPORTS_TO.sub(" ", text).lower()
    return any(_FORMS.get(w) == role for w in _WORDS.findall(rest))


# "took part", "sat in on", "sits in on": attending under another name.
_PHRASES = re.compile(r"\b(?:t(?:ake|akes|ook|aking)\s+part|s(?:it|its|at|itting)\s+in\s+on)\b", re.IGNORECASE)


# "Tracing led the team to the pool": a thing that leads someone to something is a cause, no one's role. A person (a
# pronoun, a capitalised name, "who") before the verb is left a role, and so is "led to" (the cause rule's to check;
# the role rule holding it where the sections lead no one is the price).
_LEADS = re.compile(r"\b(?:led|leads|leading)\b")
_LED_TO = re.compile(
    r"\b(?!(?:she|he|they|who|we|i|you)\b)([a-z][\w-]*)\s+(?:led|leads)\s+(?:[\w-]+\s+){1,3}?to\b"
)


def _caused(text: str) -> bool:
    """Whether every "led"/"leads" of a text is a thing's leading to something (a cause), not a person's."""
    return len(_LED_TO.findall(text)) == len(_LEADS.findall(text))


# People, and those who act as one (a team, a vendor, a bank).
_PERSONS = (
    r"(?:engineers?|developers?|persons?|people|teams?|colleagues?|members?|companies|company|"
    r"vendors?|firms?|contractors?|consultants?|maintainers?|authors?|leads?|leaders?|managers?|heads?|owners?|"
    r"reviewers?|contributors?|directors?|officers?|someone|employers?|banks?|clients?|customers?)\b"
)
_PEOPLE = re.compile(r"\b" + _PERSONS, re.IGNORECASE)
# "another engineer", "another technical lead": someone else; "another code", "is another": something else.
_ANOTHER_ONE = re.compile(r"\banother\s+(?:[\w-]+\s+)?" + _PERSONS, re.IGNORECASE)

# "in some others", "among the others": others after a preposition are no actor ("with" and "by" others still do it).
_OTHERS = re.compile(r"\bothers\b", re.IGNORECASE)
_OBJECT_OF = re.compile(r"\b(?:in|on|at|for|of|among|to|from|than|about|over)\s+(?:(?:some|many|few|a|the|several|all|"
                        r"most|any|two|three|four|five)\s+){0,2}$", re.IGNORECASE)


# "keeping the others as they are", "skipping others": others after a verb in -ing are what it is done to. A noun in
# -ing is no verb: after a determiner ("in the morning others review") or a "-thing" ("everything others built").
_OBJECT_OF_VERB = re.compile(r"(?:\b([\w'’]+)\s+)?\b(\w{3,}ing)\s+(?:the\s+|all\s+the\s+)?$", re.IGNORECASE)
_DETERMINERS = frozenset("a an the this that these those every each its their his her our my your no some any".split())


def _object_of_verb(text: str, at: int) -> bool:
    m = _OBJECT_OF_VERB.search(text, max(0, at - 40), at)
    return (m is not None and not m.group(2).lower().endswith("thing")
            and (m.group(1) or "").lower() not in _DETERMINERS)


# "Others, such as pdm add and pdm run, can ...": the others are named right after, things the sentence lists; not
# people ("others, such as the release team, ..." still do the work).
_NAMED_AFTER = re.compile(r",?\s+(?:such\s+as|including|e\.g\.)(?!\w)", re.IGNORECASE)  # not "others like to"


def _things_named_after(text: str, at: int) -> bool:
    named = _NAMED_AFTER.match(text, at)
    if named is None:
        return False
    first = re.split(r"[,;:.!?()]", text[named.end() :], maxsplit=1)[0]  # the first thing named tells their kind
    return _PEOPLE.search(first) is None


def _others_no_actor(text: str) -> bool:
    """Whether every "others" of a text is the object of a preposition or of a verb in -ing, or is named right after
    it ("others, such as ..."), no one doing the work."""
    return all(
        _OBJECT_OF.search(text, max(0, m.start() - 40), m.start()) or _object_of_verb(text, m.start())
        or _things_named_after(text, m.end())
        for m in _OTHERS.finditer(text)
    )


# "The page reports 67M+ downloads": a thing reports a figure; only "reports to" someone is a role.
_REPORT_TO = re.compile(r"\breport(?:s|ed|ing)?\s+(?:\w+\s+)?to\b", re.IGNORECASE)
# "She has two direct reports": a noun, those who report to her; its "direct" is an adjective, no one's directing.
_DIRECT_REPORTS = re.compile(r"\bdirect\s+reports?\b", re.IGNORECASE)
# "used as an async context manager", "a package manager": a program's part, no one's role.
_MANAGER_OF_CODE = re.compile(
    r"\b(?:context|package|task|resource|connection|session|memory|window|state|secret|password|dependency|plugin|"
    r"process|lock|file)\s+managers?\b", re.IGNORECASE,
)


def _no_claim(text: str, words: set[str], found: set[str]) -> set[str]:
    """The role words of a sentence that claim no one's role: a thing's "led to", "others" after a preposition, a
    thing's "reports" without "to" (a "direct report" is someone's), "another" before no person, a "context
    manager", the "direct" of "direct reports"."""
    out = set()
    if "lead" in found and "to" in words and not ({"leader", "leaders", "leadership"} & words) and _caused(text):
        out.add("lead")
    if "other" in found and _others_no_actor(text):
        out.add("other")
    direct_reports = ("direct" in found or "report" in found) and _DIRECT_REPORTS.search(text) is not None
    if "report" in found and not _REPORT_TO.search(text) and not direct_reports:
        out.add("report")
    if "direct" in found and direct_reports and not _owns_too(_DIRECT_REPORTS.sub(" ", text), "direct"):
        out.add("direct")  # "has no direct reports": people who report to her, no one's directing
    if "another" in found and not _ANOTHER_ONE.search(text):
        out.add("another")
    if "manage" in found and _MANAGER_OF_CODE.search(text) and not _owns_too(_MANAGER_OF_CODE.sub(" ", text), "manage"):
        out.add("manage")
    return out


def roles(text: str, *, record: bool = False, words: set[str] | None = None) -> frozenset[str]:
    """The role and attribution words a text uses, each in its one form.

    `words`: the text's lower-case words, when the caller has them. A bare "own" is nearly always the adjective in an answer ("its own topics") and claims no role, so only a
    record's "I own" counts: a sentence claims ownership with owns, owned or owner.
    """
    if words is None:
        words = set(_WORDS.findall(text.lower()))
    found = {_FORMS[w] for w in words & _KEYS if w != "own" or record}
    if not record:
        found -= _no_claim(text, words, found)
    if "report" in found and found & _TITLES:
        # "reports to the head of card engineering": the head is someone else, whose role this is not.
        others = {_FORMS[m.group(1).lower()] for m in _REPORTS_TO.finditer(text)}
        found -= {r for r in others if not _owns_too(text, r)}
    if ("part" in words or "on" in words) and _PHRASES.search(text):
        found.add("participate")
    return frozenset(found)
