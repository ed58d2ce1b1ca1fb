"""The owner's first-person words told about them: "I review code." -> "Mara reviews code.".

The record is in the owner's voice; the guide speaks about the owner, by the name the owner chose and then by their
pronoun, and about "we" as the team. Documentation's "we" is the project's own voice and stays as written; its rare
"I" is the page's author's ("I recommend" -> "the author recommends", "at least on my machine" -> "at least on the
author's machine": the machine is a person's, never the documentation's). A verb after the subject is put in the third person ("I lead" -> "Mara leads"),
past tenses and modals left as they are.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from docent.schema import Manifest

from ..answer.rules.first_person import FIRST_PERSON
from ..answer.words import STOP_WORDS as STOPWORDS

# The first person, as the gate reads it: a capital I standing alone (not I/O, not Type-I), me, my, mine, myself;
# and the first person plural. Case matters: "US" is a country, "us" is the team.
_PERSON = re.compile(
    r"(?<![\w'’/.\-])(I['’](?:m|ve|d|ll)|I|[Mm]e|[Mm]y|[Mm]ine|[Mm]yself|[Ww]e['’](?:re|ve|d|ll)|[Ww]e|[Oo]urs|[Oo]ur"
    r"|[Uu]s|[Oo]urselves)(?![\w'’/\-]|\.\w)"
)
_NEXT_WORD = re.compile(r"(\s+)([A-Za-z][a-z'’]*)")

PRONOUNS: dict[str, dict[str, str]] = {
    "she": {"subject": "she", "object": "her", "possessive": "her", "own": "hers", "self": "herself"},
    "he": {"subject": "he", "object": "him", "possessive": "his", "own": "his", "self": "himself"},
    "they": {"subject": "they", "object": "them", "possessive": "their", "own": "theirs", "self": "themselves"},
    "it": {"subject": "it", "object": "it", "possessive": "its", "own": "its", "self": "itself"},
}
# Words between a subject and its verb that leave the verb alone: "I now put", "we also ran".
_ADVERBS = frozenset(
    "now also always never still often usually first then only rarely sometimes currently mostly generally just "
    "even really already again once later soon".split()
)
_MODALS = frozenset("can could will would shall should may might must did had was were".split())
_IRREGULAR = {"am": "is", "have": "has", "do": "does", "don't": "doesn't", "go": "goes", "be": "is", "are": "is"}
# Common past tenses that do not end in -ed: left as they are.
_PAST = frozenset(
    """led built wrote took ran found chose made got gave kept left brought thought spent sent began became came went
    saw knew grew held met paid said sold told taught understood won drew fell felt fought hid hit lost meant rose
    shot shut sat spoke stood stuck threw woke wore rebuilt rewrote undertook overtook mistook hung""".split()
)


# A name the record writes with Markdown's marks in it (`__token__`, `__init__`, `*args`): told as code, or an answer
# read as Markdown shows "token" in bold.
MARKED = re.compile(r"(?<![`\w*])((?:__|\*\*?)\w+(?:__|\*\*?)?(?:\.\w+)*)(?![`\w*])")


# Inline code as the record marks it, code-like enough to mark again where a sentence writes it: a mark, a digit or a
# capital inside, or words with a space (`pip install --user`); never a plain word ("name", "true").
CODE_LIKE = re.compile(r"[_.\-/=()\[\]{}<>:$*@#\d]|\w[A-Z]| ")


def coded(text: str, spans: Iterable[str]) -> str:
    """A told sentence with the record's inline code (`spans`, its section's) marked as code again where it writes it
    outside code already marked: the record's text is flat, so "pip install --user" would read as plain words."""
    names = sorted({n for n in spans if len(n) > 1 and "`" not in n and CODE_LIKE.search(n)}, key=len, reverse=True)
    if not names:
        return text
    for name in names:  # `tell` marked a name inside a span (`**config` of "uvicorn.run(app, **config)"): unmark it
        told = MARKED.sub(r"`\1`", name)
        if told != name:
            text = text.replace(told, name)
    pattern = re.compile("|".join(rf"(?<![\w`]){re.escape(n)}(?![\w`])" for n in names))
    parts = text.split("`")  # odd parts are code already
    return "`".join(pattern.sub(lambda m: f"`{m.group()}`", part) if i % 2 == 0 else part for i, part in enumerate(parts))


@dataclass(frozen=True)
class Voice:
    """How the guide names the owner: by `called` first in a sentence, then by the pronoun."""

    called: str = ""
    pronoun: str = "they"
    plural: bool = True  # "we" is the team's; False keeps it as written (documentation's own voice)
    quotable: frozenset[str] = frozenset()  # names a sentence may quote in the first person: "How I work"

    @classmethod
    def of(cls, manifest: Manifest, *, titles: Iterable[str] = ()) -> Voice:
        """The manifest's voice; `titles`, the record's sections', with its parts' labels are names it may quote."""
        quotable = frozenset([*titles, *(p.label for p in manifest.parts)])
        if manifest.kind == "docs":
            return cls("the author", "they", plural=False, quotable=quotable)
        owner = manifest.owner
        pronoun = owner.pronoun or "they"
        return cls(owner.called or owner.name, pronoun if pronoun in PRONOUNS else "they", quotable=quotable)

    def sayable(self, told: str) -> str | None:
        """A told sentence as the guide may say it. A quotation of someone's first person ("How do I get just the
        path?") is left as written, and the gate holds any "I" as the owner's words but in a name of the site: an
        aside in brackets that quotes one is left out, and a sentence whose own words quote one is not said (None)."""
        if not self._quotes_a_person(told):
            return told
        told = _ASIDE.sub(lambda m: "" if self._quotes_a_person(m.group()) else m.group(), told)
        return None if self._quotes_a_person(told) else told

    def _quotes_a_person(self, text: str) -> bool:
        return any(FIRST_PERSON.search(q) and q not in self.quotable
                   for q in (m.group()[1:-1] for m in _QUOTED.finditer(text) if not m.group().startswith("`")))

    def _subject(self) -> str:
        first = self.called.split()[:1]  # "Mara" of "Mara Lind"; no "the" of "the author"
        names = [re.escape(n) for n in (self.called, *first) if n and n.lower() not in STOPWORDS]
        return "|".join(["she", "he", "they", *names])  # a visitor's pronoun for the owner may not be the owner's

    def named_in(self, text: str) -> bool:
        """Whether a text names the owner by the name the owner chose."""
        return bool(self.called) and re.search(rf"\b{re.escape(self.called)}\b", text, re.IGNORECASE) is not None

    def acts(self, before: str) -> bool:
        """Whether a text ends on the owner as a subject ("How does she", "Has Mara ever"): the verb that follows is
        the owner's, not one the visitor asks for."""
        return re.search(rf"\b(?:{self._subject()})(?:\s+[a-z]+ly|\s+(?:{'|'.join(_ADVERBS)}))*\s*$", before,
                         re.IGNORECASE) is not None

    def tell(self, sentence: str) -> str:
        """The sentence in the third person; a sentence with no first person comes back as it was."""
        out: list[str] = []
        at, named = 0, False
        quoted = [q.span() for q in _QUOTED.finditer(sentence)]
        for m in _PERSON.finditer(sentence):
            if any(start <= m.start() < end for start, end in quoted):
                continue  # a reader's question, an example, code: not the author speaking
            word = m.group(1).replace("’", "'")
            before = sentence[at : m.start()]
            told, singular, named = self._word(word, named)
            if singular is not None and (asks := _ASKING.search(before)):  # "How do I get": "How does Mara get"
                before = before[: asks.start(1)] + _asked(asks.group(1), plural=singular == "they") + asks.group(2)
                singular = None
            out.append(before)
            if m.start() == 0 or (word[0].isupper() and not word.startswith("I")):
                told = told[0].upper() + told[1:]
            out.append(told)
            at = m.end()
            if singular is not None:
                at = self._verb(sentence, at, out, singular)
        tail = sentence[at:]
        if named:  # "... and am the escalation point": no other subject says "am"
            tail = _AND_AM.sub(lambda m: m.group(1) + ("are" if self.pronoun == "they" else "is"), tail)
        out.append(tail)
        return MARKED.sub(r"`\1`", "".join(out))

    def _word(self, word: str, named: bool) -> tuple[str, str | None, bool]:
        """The word's third person, whether the verb after it takes the singular (None: no verb follows), named."""
        words = PRONOUNS[self.pronoun]
        lower = word.lower()
        name = self.called or "the site's owner"
        if lower.startswith("we") or lower in ("our", "ours", "us", "ourselves"):
            if not self.plural:
                return word, None, named
            return _TEAM[lower], ("team" if lower == "we" else None), named
        if word.startswith("I"):
            subject = words["subject"] if named else name
            singular = "they" if named and self.pronoun == "they" else "one"
            tail = word[1:]
            if tail:
                verb = {"'m": "are" if singular == "they" else "is", "'ve": "have" if singular == "they" else "has",
                        "'d": "would", "'ll": "will"}[tail]
                return f"{subject} {verb}", None, True
            return subject, singular, True
        if lower == "my":
            return (words["possessive"] if named else f"{name}'s"), None, True
        if lower == "me":
            return (words["object"] if named else name), None, True
        if lower == "mine":
            return (words["own"] if named else f"{name}'s"), None, True
        return (words["self"] if named else name), None, True  # myself

    @staticmethod
    def _verb(sentence: str, at: int, out: list[str], singular: str) -> int:
        """Puts the verb after a subject in the third person; returns where the text was taken up to."""
        while True:
            m = _NEXT_WORD.match(sentence, at)
            if m is None:
                return at
            space, word = m.groups()
            lower = word.lower()
            if lower in _ADVERBS or lower.endswith("ly") and len(lower) > 4:
                out.append(space + word)
                at = m.end()
                continue
            out.append(space + _third(word, plural=singular == "they"))
            return _coordinated(sentence, m.end(), out, plural=singular == "they")


# "I write and review", "I review code and mentor engineers": verbs joined to the first share its subject.
_JOINED = re.compile(r"(,\s*(?:and\s+)?|\s+(?:and|or)\s+)([a-z]+)\b")
_CLAUSE_END = re.compile(r"[.;:!?]|\b(?:which|that|who|because|so|but|while|when|where|whose|since|until|if)\b")
# Only verbs an owner writes of their work: a noun after "and" ("authorisation and authentication") is left alone.
_VERBS = frozenset(
    """review mentor write read run sit lead own build design test ship measure teach hire interview fix deploy debug
    plan manage maintain operate support work help care prefer like take give make keep set put use think believe
    look ask answer coach pair speak talk present document automate monitor migrate refactor profile decide choose
    propose guide advise learn study train drive organise organize facilitate host chair am have do""".split()
)


def _coordinated(sentence: str, at: int, out: list[str], *, plural: bool) -> int:
    """Puts the verbs joined to the first in the third person too, up to the clause's end."""
    end = _CLAUSE_END.search(sentence, at)
    stop = end.start() if end else len(sentence)
    for m in _JOINED.finditer(sentence, at, stop):
        word = m.group(2)
        if word not in _VERBS:
            continue
        out.append(sentence[at : m.start(2)] + _third(word, plural=plural))
        at = m.end(2)
    return at


_AND_AM = re.compile(r"(\band\s+)am\b")

# What is quoted is not the author speaking: inline code, and text in double, curly or single quotation marks (a
# single quote opens after no letter and closes before none, so "I'm" and "the author's" open nothing).
_QUOTED = re.compile(r"`[^`]*`|\"[^\"]*\"|“[^”]*”|‘[^’]*’|(?<![\w'])'(?=\S)[^'\n]*?(?<=\S)'(?!\w)")
_ASIDE = re.compile(r"\s*\([^()]*\)")
# A question's auxiliary before its subject ("How do I get", "Can I use"): the auxiliary agrees, the verb stays bare.
_ASKING = re.compile(
    rf"\b({'|'.join(sorted(_MODALS | set(_IRREGULAR), key=len, reverse=True))}|\w+n['’]t)(\s+)$", re.IGNORECASE
)
_ASKED = {**_IRREGULAR, "haven't": "hasn't", "aren't": "isn't"}


def _asked(aux: str, *, plural: bool) -> str:
    """A question's auxiliary before a third-person subject: "do" -> "does", "am" -> "is", "can" kept."""
    lower = aux.lower().replace("’", "'")
    told = {"am": "are", "was": "were"}.get(lower, aux) if plural else _ASKED.get(lower, aux)
    return told[0].upper() + told[1:] if aux[0].isupper() else told


_TEAM = {
    "we": "the team", "our": "the team's", "ours": "the team's", "us": "the team", "ourselves": "the team itself",
    "we're": "the team is", "we've": "the team has", "we'd": "the team would", "we'll": "the team will",
}


def _third(verb: str, *, plural: bool) -> str:
    """A verb after a third-person subject: "lead" -> "leads", "was" kept, "am" -> "is"; "they" keeps the plural."""
    lower = verb.lower()
    if plural:
        return {"am": "are", "was": "were"}.get(lower, verb)
    if lower in _IRREGULAR:
        return _IRREGULAR[lower]
    if lower in _MODALS or lower in _PAST or lower.endswith("ed") or not lower.isalpha():
        return verb
    if lower.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    if lower.endswith("y") and len(lower) > 2 and lower[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"
