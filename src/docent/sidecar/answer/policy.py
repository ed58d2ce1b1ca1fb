"""The answer policy, one Strategy: what is refused by rule, how a question is fenced, and every word the guide says
in its own name (refusals and the reasons a sentence was held back).

Refusal by keyword refuses some questions it should not ("does he pay down technical debt" is about pay by
its rule); a rule that misses no question about pay or private life is worth that (seed 002).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Protocol

from docent.schema import Manifest

from ..model import fence as _fence
from .events import Refused

# Pay: every word a question about money would use. "payments" (a domain) is not "pay".
_PAY = re.compile(
    r"""\b(?:
        salar(?:y|ies) | pay | pays | paid | paying | payslip | paycheck | compensation | remuneration
      | earn(?:s|ed|ing|ings)? | wages? | money | income | day[\s-]?rates? | hourly | per[\s-]hour | per[\s-]day
      | per[\s-]annum | bonus(?:es)? | equity | stock[\s-]options? | net[\s-]worth
      | fees? | invoic\w* | charges? | charging | charged | rates?
      | how\s+much\s+(?:does|did|do|would|will|is|was)\s+\w+\s+(?:make|cost|ask|want|get|charge)
    )\b | [€$£]\s?\d""",
    re.IGNORECASE | re.VERBOSE,
)
# The words one of which each alternative of _PAY writes whole, and the stems one may write inside a word (`_Words`
# reads no other question by the pattern): a new alternative adds its own. tests/sidecar/test_policy.py draws texts
# from the pattern itself and checks that each is read as the pattern reads it.
_PAY_WORDS = """
    salary salaries pay pays paid paying payslip paycheck compensation remuneration earn earns earned earning earnings
    wage wages money income dayrate dayrates rate rates hourly per bonus bonuses equity stock worth fee fees charge
    charges charging charged much""".split()
_PAY_STEMS = ("invoic", "$")  # the other currencies' signs are not ASCII: such a text is read whole
# "rate" in the words of the trade is not about pay.
_NOT_PAY = re.compile(
    r"""\b(?:rate[\s-]?limit\w* | (?:error|failure|success|conversion|hit|miss|bit|frame|sample|sampling|drop
        |churn|click|bounce|retention|growth|refresh|request|arrival|data|baud|learning|exchange|fraud|decline
        |approval|acceptance|authori[sz]ation|chargeback|false[\s-]positive|false[\s-]negative)[\s-]rates?
        | in\s+charge\s+of | (?:to|reach\w*|the|in|into|from|through|at|by)\s+invoicing
        | (?:sav\w*|cost\w*|spen[dt]\w*|wast\w*|lost|los(?:e|es|ing))\s+(?:(?:any|some|much|more|less|a\s+lot\s+of|them|us)\s+)?money
        )\b""",
    re.IGNORECASE | re.VERBOSE,
)
_PRIVATE = re.compile(
    r"""\b(?:
        family | families | married | marry | marriage | wife | husband | spouse | divorced? | girlfriend
      | boyfriend | dating | partner | children | child | kids? | sons? | daughters?
      | parents? | mother | father | mum | mom | dad | siblings? | brothers? | sisters? | bab(?:y|ies) | pregnan\w*
      | age | aged | how\s+old | born | birthday | birth | religion | religious | church | mosque | synagogue
      | faith | god | pray\w* | politics | political | vote[sd]? | voting | health | healthy | ill | illness
      | sick\w* | disease\w* | disabilit\w* | disabled | medical | medication | mental | therapy | diagnos\w*
      | address | where\s+(?:does|did|do)\s+(?:he|she|they|\w+)\s+live | where\s+(?:he|she|they)\s+lives?
      | lives\s+in | home\s+town | hometown | phone\s+number | nationality | ethnicity | ethnic | race(?!\s+conditions?)
      | gender | sexual\w* | sexuality | gay | lesbian | private\s+life | personal\s+life
      | citizenship | immigration | girlfriends? | boyfriends?
      | hobb(?:y|ies) | pastimes? | leisure | (?:free|spare)\s+time | for\s+fun
      | (?:her|his|their)\s+(?:weekends|evenings|holidays|vacations|(?:weekend|holiday|vacation)(?!\s+[a-z]))
      | (?:(?:he|she|they)\s+(?:\w+\s+){0,2}?
        | (?:does|did|do|will|would)\s+(?!(?:the|a|an|this|that|these|those|its|our|your|their|my)\b)\w+\s+(?:\w+\s+)?)
        (?:do|does|did|doing|spends?|spent|spending)\s+(?:\w+\s+){0,2}?(?:on|at|over|during)\s+
        (?:the\s+|her\s+|his\s+|their\s+)?(?:weekends?|evenings|holidays?|vacations?)
    )\b""",
    re.IGNORECASE | re.VERBOSE,
)
# The same for _PRIVATE.
_PRIVATE_WORDS = """
    family families married marry marriage wife husband spouse divorce divorced girlfriend boyfriend dating partner
    children child kid kids son sons daughter daughters parent parents mother father mum mom dad sibling siblings
    brother brothers sister sisters baby babies age aged old born birthday birth religion religious church mosque
    synagogue faith god politics political vote votes voted voting health healthy ill illness disabled medical
    medication mental therapy address live lives town hometown phone nationality ethnicity ethnic race gender
    sexuality gay lesbian life citizenship immigration girlfriends boyfriends hobby hobbies pastime pastimes leisure
    free spare fun weekend weekends evenings holiday holidays vacation vacations""".split()
_PRIVATE_STEMS = ("pregnan", "pray", "sick", "disease", "disabilit", "diagnos", "sexual")
# ... and the words of the trade that only look private.
_NOT_PRIVATE = re.compile(
    r"""\b(?:health[\s-]?(?:checks?|endpoints?|probes?) | race\s+conditions? | motherboard
        | healthy\s+(?:heap|service|system|cluster|node|instance|state|run|preset|server)s?
        | (?:switch|set|change|reset|put|turn)\w*\s+(?:\w+\s+){0,3}?(?:to|as|back\s+to)\s+healthy
        | (?:ip|mac|memory|virtual|physical|email|e-mail|web|network)\s+address(?:es)? | address\s+(?:space|bar|book)
        | (?:child|parent|sibling)[\s-]+(?:process(?:es)?|nodes?|threads?|tasks?|spans?|elements?|class(?:es)?
        |components?|poms?|modules?|projects?|tickets?|issues?|records?|rows?|tables?|accounts?))\b""",
    re.IGNORECASE | re.VERBOSE,
)
_RUN = re.compile(
    r"""\b(?:
        live[\s-]+(?:run|demo)s?
      | run\w*\b.{0,30}\blive\b
      | (?:show|see|watch)\b.{0,30}\brun(?:ning|s)?\b
      | (?:run|start|launch|kick\s+off|fire\s+up|trigger|execute|play|try)\s+(?:me\s+|us\s+)?
        (?:it|this|that|one|(?:the|an?|your|his)\s+(?:\w+\s+){0,2}?(?:experiment|demo|simulation|leak|run|test)s?)\b
    )""",
    re.IGNORECASE | re.VERBOSE,
)


# Why the guide is off, in the words an API client or an agent is told with a 503 (what the owner must do) ...
OFF_WORDS = {
    "switched_off": "The guide is switched off on this site.",
    "no_model": "The guide has no model to answer with: whoever runs the site must set DOCENT_MODEL.",
    "budget_spent": "The guide has spent today's budget: ask again tomorrow.",
    "no_bundle": "The guide has no record to answer from: whoever runs the site must build it (`mkdocs build`).",
    "bundle_failed": "The guide's bundle could not be loaded: whoever runs the site must read why in the sidecar's "
                     "log (a bundle built with `rerank: true` needs `pip install 'mkdocs-docent[rerank]'` beside it, "
                     "one built with `encoder: true` `pip install 'mkdocs-docent[encoder]'`).",
}
# ... and in the visitor's words, which the panel shows as the status reply gives them (`says`), with its words
# for an offline or degraded guide and for conversations that may reach a disk: the panel writes none of them.
OFF_SAYS = {
    "switched_off": "The guide is switched off on this site.",
    "budget_spent": "The guide has answered all it can for today: ask again tomorrow.",
    "no_model": "The guide is not set up on this site yet.",
    "no_bundle": "The guide is not set up on this site yet.",
    "bundle_failed": "The guide is not set up on this site yet.",
}
SAYS = {
    "degraded": "The guide's usual model is resting, so answers now quote the site directly.",
    "offline": "Answers come from the site's offline guide, which quotes the site's own pages.",
    "on_disk": "This site's server may write your conversation to its disk, where it stays for a while after it ends.",
}


def says(why: str | None) -> dict[str, str | None]:
    """The status reply's `says`: the visitor's words for why the guide is off (null when on), and the rest."""
    return {"off": OFF_SAYS.get(why, OFF_SAYS["no_model"]) if why else None, **SAYS}


class Policy(Protocol):
    """What the turn and the gate ask of the policy; `AnswerPolicy` is the default."""

    max_question_chars: int
    max_answer_tokens: int

    def refusal(self, question: str) -> Refused | None: ...
    def none_refusal(self) -> Refused: ...
    def words(self, reason: str) -> str: ...
    def fence(self, question: str) -> str: ...
    def unfence(self, text: str) -> str | None: ...
    def asks_for_run(self, question: str) -> bool: ...
    def held_message(self, reason: str, **facts: Any) -> str: ...


class AnswerPolicy:
    """Plain, kind, short words, in the third person about the site's owner (on documentation, about the docs)."""

    max_question_chars = 500
    max_answer_tokens = 700

    WORDS = {
        "pay": "The guide does not answer questions about pay, rates or money; those are for a conversation with the site's owner.",
        "private": "The guide answers questions about work only; private life is not part of what the site says.",
        "none": "The site does not say. The guide answers only from the site's own pages, and found nothing there for this question.",
        "too_long": "That question is too long for the guide: please ask it in 500 characters or fewer.",
        "empty": "Please type a question for the guide.",
        "off": "The guide is switched off at the moment.",
        "budget": "The guide has spent what it may spend today; please come back tomorrow.",
        "busy": "The guide is busy with other visitors; please try again in a moment.",
        "limit": "This conversation has had all the questions it may; please start a new one.",
        "rate": "Too many questions in a short time; please wait a moment before asking again.",
        "model": "The guide could not get an answer just now; please try again.",
    }
    HELD = {
        "first_person": "A sentence was held back: it spoke as the site's owner, and the guide only speaks about the owner.",
        "unknown_term": "A sentence was held back: it named {terms}, which {whose} not mention.",
        "no_overlap": "A sentence was held back: it shares no words with the sections it cites, so it could not be checked against them.",
        "uncited": "A sentence was held back: it cites no section of the site, so it could not be checked.",
        "never_cited": "A sentence was held back: the answer cited no section of the site, so nothing in it could be checked.",
        "markup": "A sentence was held back: it carried code or markup, which the guide never shows.",
        "number": "A sentence was held back: it gave a figure the sections it cites do not state.",
        "polarity": "A sentence was held back: it denied what the sections it cites do not deny, or affirmed what they deny.",
        "role": "A sentence was held back: it gave someone a role the sections it cites do not give.",
        "code_edited": "A code example was held back: it was not the site's code as written, but an edited copy of it.",
        "code_unknown": "A code example was held back: it is not code the sections the answer cites hold.",
        "code_term": "A sentence was held back: it quoted code that the sections it cites do not hold.",
        "order": "A sentence was held back: it told two things in the opposite order to the sections it cites.",
        "direction": "A sentence was held back: it told a change the other way round from the sections it cites.",
        "actor": "A sentence was held back: it gave what was done to someone other than the sections it cites do.",
        "quantifier": "A sentence was held back: it said all, some or none where the sections it cites say otherwise.",
        "cause": "A sentence was held back: it gave a reason the sections it cites do not give.",
        "rate": "A sentence was held back: it gave a figure per a period the sections it cites do not use for it.",
        "hedge": "A sentence was held back: it was surer than the sections it cites: exact for about, done for would.",
        "opposite": "A sentence was held back: it said the opposite of what the sections it cites say.",
        "reversal": "A sentence was held back: it said a thing ended where the sections it cites say it goes on, or the reverse.",
        # The model check's (`checking`, DOCENT_CHECK): its verdict, and a check that could not be made (fails closed).
        "unsupported": "A sentence was held back: a second check found it says what the sections it cites do not say.",
        "unchecked": "A sentence was held back: its second check against the sections it cites could not be made just now.",
    }
    # A documentation site has no owner the guide could speak as, talk pay with or whose work is its subject: its words
    # for the two rules (off there unless turned on) and for a hold, each of which would name one.
    WORDS_DOCS = {
        "pay": "The guide does not answer questions about pay, rates or money; the documentation does not cover them.",
        "private": "The guide does not answer questions about private life; the documentation does not cover it.",
    }
    HELD_DOCS = {
        "first_person": "A sentence was held back: it spoke in the first person, and the guide only tells what the documentation says.",
    }

    def __init__(
        self,
        *,
        max_question_chars: int = 500,
        max_answer_tokens: int = 700,
        refuse: Mapping[str, Any] | None = None,
        owner: str = "",
        kind: str = "portfolio",
    ) -> None:
        """`refuse` is the owner's `refuse` option as the bundle carries it; without it, seed 002's two rules hold.
        `kind`: the site's (`Manifest.kind`), portfolio or docs."""
        self.max_question_chars = max_question_chars
        self.max_answer_tokens = max_answer_tokens
        rules = {"pay": True, "private": True, **(refuse or {})}
        self.owner = owner or "the site's owner"
        docs = kind == "docs"
        self.held = {**self.HELD, **self.HELD_DOCS} if docs else self.HELD
        words = {**self.WORDS, **self.WORDS_DOCS} if docs else self.WORDS
        self.words_for = {k: v.replace("the site's owner", self.owner) for k, v in words.items()}
        self.rules: list[tuple[str, Callable[[_Question], bool]]] = []
        for reason, matches in (("pay", _about_pay), ("private", _about_private_life)):
            if rules[reason] is not False:
                self.rules.append((reason, matches))
                if isinstance(rules[reason], str):
                    self.words_for[reason] = rules[reason]
        for topic in rules.get("topics") or []:
            reason = f"topic:{topic['id']}"
            self.rules.append((reason, _matcher(_phrases(topic["asks"]))))
            self.words_for[reason] = topic["says"]

    @classmethod
    def for_site(cls, manifest: Manifest, **limits: int) -> AnswerPolicy:
        """The policy a bundle's manifest asks for: the owner's refusals, and the name the guide calls them by."""
        return cls(refuse=manifest.refuse, owner=manifest.owner.called or manifest.owner.name, kind=manifest.kind,
                   **limits)

    def refusal(self, question: str) -> Refused | None:
        """Refused by rule, before any model: empty, too long, then each of the owner's rules (pay, private life,
        their own topics) in turn."""
        text = question.strip()
        if not text:
            return self._refused("empty")
        if len(question) > self.max_question_chars:
            return self._refused("too_long")
        read = _Question(text)  # in lower case and in words once, for every rule
        for reason, matches in self.rules:
            if matches(read):
                return self._refused(reason)
        return None

    def none_refusal(self) -> Refused:
        """What the visitor reads when the model answered `[[none]]`."""
        return self._refused("none")

    def words(self, reason: str) -> str:
        if reason == "too_long":
            return f"That question is too long for the guide: please ask it in {self.max_question_chars} characters or fewer."
        return self.words_for.get(reason, "The guide cannot answer that.")

    def fence(self, question: str) -> str:
        """The question as the model reads it; nothing in it can open or close the fence."""
        return _fence.fence(question)

    def unfence(self, text: str) -> str | None:
        """The question as typed, out of a fenced message (the last fence in it), or None when there is none.

        Angle brackets come back as < and >, whichever spelling the visitor used for them.
        """
        return _fence.unfence(text)

    def asks_for_run(self, question: str) -> bool:
        """The visitor asked to see an experiment run: the only case a live run on the server is allowed."""
        return _asks_for_run(question)

    def held_message(self, reason: str, **facts: Any) -> str:
        """Why a sentence was held back. Facts: `terms` (names, for unknown_term), `cited` (bool: it cited)."""
        template = self.held.get(reason, "A sentence was held back: it could not be checked against the site.")
        if reason != "unknown_term":
            return template
        terms = _join(facts.get("terms", ()))
        whose = "the sections it cites do" if facts.get("cited", True) else "the sections the answer cites do"
        return template.format(terms=terms or "a technology", whose=whose)

    def _refused(self, reason: str) -> Refused:
        return Refused(reason, self.words(reason))


class _Question:
    """A question as the rules read it: ASCII text in lower case, with its words (see `_Words`); any other as typed."""

    __slots__ = ("typed", "text", "words")

    def __init__(self, typed: str) -> None:
        self.typed = typed
        if typed.isascii():
            self.text: str = typed.lower()
            self.words: list[str] | None = _WORD(self.text)
        else:
            self.text, self.words = typed, None


_WORD = re.compile(r"\w+").findall


class _Words:
    """Whether a text writes any of `says`' words once `unless`' are blanked out, in any case.

    Python's `re` tries each alternative of an IGNORECASE alternation letter by letter at each word's start (15 to 45
    us a question for the private-life words alone); the same patterns without the flag, on the text in lower case,
    find the same words in a third of that. Only for ASCII text, where lower case is all that IGNORECASE changes (the
    patterns are written in lower case: tests/sidecar/test_policy.py); any other text is read with the flag.

    Most questions write none of the words, so an ASCII one is first asked whether it has any of `anchors`, the
    words one of which every match of `says` writes whole (or any of `stems`, which a match may write inside a word),
    by a look in a set; only one that has is read by the patterns. A match's words are the text's own: `unless` blanks
    whole words, never part of one."""

    __slots__ = ("_says", "_unless", "_lower_says", "_lower_unless", "_anchors", "_stems")

    def __init__(self, says: re.Pattern[str], unless: re.Pattern[str] | None = None, *,
                 anchors: Iterable[str] | None = None, stems: tuple[str, ...] = ()) -> None:
        self._says, self._unless = says, unless
        self._lower_says = _lowered(says)
        self._lower_unless = _lowered(unless) if unless is not None else None
        self._anchors = frozenset(anchors) if anchors is not None else None
        self._stems = stems

    def __call__(self, question: str | _Question) -> bool:
        """Whether `question` writes the words: as typed, or as `AnswerPolicy.refusal` read it once for every rule."""
        if not isinstance(question, _Question):
            if self._anchors is not None:
                return self(_Question(question))
            ascii_ = question.isascii()
            return self._search(question.lower() if ascii_ else question, lowered=ascii_)
        if question.words is None:
            return self._search(question.text, lowered=False)
        if self._anchors is not None and self._anchors.isdisjoint(question.words) and not self._stemmed(question.text):
            return False
        return self._search(question.text, lowered=True)

    def _search(self, text: str, *, lowered: bool) -> bool:
        says, unless = (self._lower_says, self._lower_unless) if lowered else (self._says, self._unless)
        if unless is not None:
            text = unless.sub(" ", text)
        return says.search(text) is not None

    def _stemmed(self, text: str) -> bool:
        for stem in self._stems:
            if stem in text:
                return True
        return False


def _lowered(pattern: re.Pattern[str]) -> re.Pattern[str]:
    return re.compile(pattern.pattern, pattern.flags & ~re.IGNORECASE)


_about_pay = _Words(_PAY, _NOT_PAY, anchors=_PAY_WORDS, stems=_PAY_STEMS)
_about_private_life = _Words(_PRIVATE, _NOT_PRIVATE, anchors=_PRIVATE_WORDS, stems=_PRIVATE_STEMS)
_asks_for_run = _Words(_RUN)


def _matcher(pattern: re.Pattern[str]) -> Callable[[_Question], bool]:
    return lambda read: pattern.search(read.typed) is not None


def _phrases(asks: Iterable[str]) -> re.Pattern[str]:
    """An owner's topic: any of its words or phrases, whole and in any case, however the spaces fall."""
    alternatives = "|".join(r"\s+".join(map(re.escape, phrase.split())) for phrase in asks if phrase.split())
    return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)", re.IGNORECASE)


def _join(items: Iterable[str]) -> str:
    names = sorted(items, key=str.casefold)
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]

