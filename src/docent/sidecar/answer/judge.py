"""The gate's judge: one draft's verdict by the rules, shown with its citations or held in the policy's words.

`Gate` decides when a draft is judged (once the answer has cited, an intro line once its list is known, a heading with
what it labels, a table's rows with the sentence that captions them); the judge gives the verdict, and keeps what the
verdicts leave behind: what the answer stands on (`Grounds`), the ids it has cited, how many sentences were shown, and
the holds with their words.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from docent.schema import RecordSection

from . import blocks, cited, numbers, vetting
from .events import Cite, Code, Held, Referred, Sentence
from .lexicon import Lexicon
from .mentions import Mentions
from .policy import AnswerPolicy, Policy
from .rules import RULES, RULES_SURE, SHOW, Check, Draft, Grounds, Hold, Reading, Rule, Show, checks, first
from .rules.confirmation import confirms
from .rules.connective import CONNECTIVE_WORDS
from .rules.first_person import FIRST_PERSON
from .site import Site

GateEvent = Sentence | Code | Held
_DEFAULT_POLICY = AnswerPolicy()  # a gate's words for its holds where the caller gives no policy: read, never changed


class Judge:
    def __init__(
        self, record: Mapping[str, RecordSection], lexicon: Lexicon, *, quotable: Iterable[str],
        policy: Policy | None, site: Site | None, mentions: Mentions | None, rules: Sequence[Rule], refer: bool = False,
    ) -> None:
        """What a verdict reads: the record, what its sections mention and what the site is (made here when not
        given), the words of the holds, and the table of rules (`Gate`'s arguments); `refer`: the model check is on."""
        self._record, self._lexicon = record, lexicon
        self._site = site if site is not None else Site.of(record, lexicon, quotable)
        if mentions is None:
            mentions = Mentions(record, lexicon, self._site.page_titles, self._site.intros)
        self._grounds = Grounds(mentions, self._site, lexicon)
        self._policy: Policy = policy if policy is not None else _DEFAULT_POLICY
        self._rules = rules
        self._checks = checks(rules)
        # A gate made for the model check (`turn.default_gate(..., refer=True)`, where the check is on): a cited
        # sentence that only unsure rules hold (`Rule.sure`) is referred to the check rather than held (`_refer`).
        # Made without it, every verdict is as it was.
        self.refers = refer
        self._sure: tuple[Check, ...] | None = None  # the cited checks of the sure rules alone, made when first asked
        self._names = self._site.names
        self._answer_ids: list[str] = []  # every valid id the answer has cited so far: what its code may quote
        self._head: Sentence | None = None  # a table's header, shown with its first row shown (none: never shown)
        # the sentence right after a table, and the table's counts it may state (`Gate._rows_of`)
        self._caption: tuple[Draft, frozenset[numbers.Quantity]] | None = None
        self._shown = 0
        self._held: list[Held] = []

    @property
    def held(self) -> list[Held]:
        return list(self._held)

    def _judge(
        self, draft: Draft, *, words: int = CONNECTIVE_WORDS, grounds: Grounds | None = None,
        counted: frozenset[numbers.Quantity] = frozenset(),
    ) -> GateEvent | None:
        """A sentence's verdict by the rules (`rules.RULES`); `words`: the most an uncited one may have (more for a
        list's intro line); `grounds` and `counted`: a list's intro line's, as the list began and its counts. A
        cited sentence shown adds to what the answer stands on."""
        if draft.fence is not None:
            return self._judge_fence(draft)
        if draft.row is not None and (draft.row.header or not draft.ids):
            return self._judge_header(draft) if draft.row.header else self._hold("uncited")
        grounds = self._grounds if grounds is None else grounds
        if self._caption is not None and draft is self._caption[0]:
            counted, self._caption = counted | self._caption[1], None
        reading, verdict = self._read(draft, grounds, words, counted)
        referred: Hold | None = None
        if isinstance(verdict, Hold):
            if (out := self._after_hold(draft, reading, verdict, grounds)) is not None:
                return out
            referred = verdict
        if draft.ids:
            for sid in draft.ids:
                grounds.known |= grounds.mentions.terms[sid]
            grounds.known_ids.update(draft.ids)
        shown = self._show(draft)
        return shown if referred is None else self._refer(shown, referred)

    def _read(
        self, draft: Draft, grounds: Grounds, words: int, counted: frozenset[numbers.Quantity],
    ) -> tuple[Reading | None, Hold | Show]:
        """The rules' verdict on a sentence, with the reading they made of it (none where no rule reads it)."""
        table = self._checks[bool(draft.ids)]  # none in a bench's table of no rules: nothing reads the sentence then
        if not table:
            return None, SHOW
        reading = Reading(draft, grounds, most_words=words, counted=counted)
        if draft.parts:  # a table's row of several claims, each judged as its own (`tables`)
            return reading, self._parts(draft, grounds, words, counted)
        return reading, first(reading, table)

    def _after_hold(
        self, draft: Draft, reading: Reading | None, verdict: Hold, grounds: Grounds,
    ) -> Sentence | Held | None:
        """What a sentence the rules hold becomes: shown where it only confirms this turn's action, held where a hold
        stands; None where it is referred to the check."""
        # (a draft's `_replace` costs 10 k instructions: made only where an action was)
        if draft.ids and grounds.acted and confirms(uncited := draft._replace(ids=()), grounds, self._names):
            # A confirmation the model cited anyway ("The button opens the CV when pressed. [[roles-alderway]]"):
            # the action vouches for it, and a chip to a section that says nothing of it would mislead.
            return self._show(uncited)
        stands = self._stands(draft, reading, verdict) if self.refers else verdict
        return None if stands is None else self._hold(stands.reason, **stands.facts)

    def _parts(
        self, draft: Draft, grounds: Grounds, words: int, counted: frozenset[numbers.Quantity],
    ) -> Hold | Show:
        """A row's verdict from its claims (`Draft.parts`): the first claim held holds the row."""
        for text, prose, ids, codes, spans in draft.parts:
            part = Draft(text, ids, False, spans, prose=prose, codes=codes, row=draft.row)
            verdict = first(Reading(part, grounds, most_words=words, counted=counted), self._checks[bool(ids)])
            if isinstance(verdict, Hold):
                return verdict
        return SHOW

    def _stands(self, draft: Draft, reading: Reading | None, verdict: Hold) -> Hold | None:
        """With the check on, the hold that stands on a held sentence: a sure rule's, wherever it stands in the table
        (`Rule.sure`), or `verdict` where the sentence is not referred; None: only unsure rules hold it, refer it. An
        uncited sentence is not referred (the check reads cited sections), nor a table's row (its header goes out with
        its first row shown, before the check could say)."""
        if reading is None or not draft.ids or draft.row is not None:
            return verdict
        if self._sure is None:
            self._sure = checks(RULES_SURE if self._rules is RULES else tuple(r for r in self._rules if r.sure))[1]
        sure = first(reading, self._sure)
        return sure if isinstance(sure, Hold) and sure.sure else None  # a sure rule's reading (`Hold.sure`): referred

    def _refer(self, sentence: Sentence, hold: Hold) -> Referred:
        """The sentence the gate would show were it sure, referred to the check with the hold that stands if the check
        does not support it. Judged as shown (what it cites, counted shown): the check decides what the visitor reads."""
        facts = hold.facts
        terms = tuple(sorted(facts.get("terms", ())))  # type: ignore[call-overload]
        held = Referred(hold.reason, self._policy.held_message(hold.reason, **facts), terms=terms, sentence=sentence)
        self._held.append(held)
        return held

    def _judge_fence(self, draft: Draft) -> GateEvent | None:
        """A fenced block passes as a run of the record's own lines in a section the answer cites (`blocks`)."""
        verdict = blocks.fence(draft, self._answer_ids, self._grounds, self._record)
        if isinstance(verdict, Hold):
            return self._hold(verdict.reason)
        self._shown += verdict is not None
        return verdict

    def _judge_header(self, draft: Draft) -> GateEvent | None:
        """A table's header states nothing: it passes as a card's words do (`blocks`), and waits for its first row shown."""
        verdict = blocks.header(draft, self._grounds)
        if isinstance(verdict, Hold):
            return self._hold(verdict.reason, **verdict.facts)
        self._head = verdict
        return None

    def _confirms(self, draft: Draft) -> bool:
        return confirms(draft, self._grounds, self._names)

    def confirms_action(self, text: str) -> bool:
        """Whether an uncited sentence only restates this turn's validated actions (`rules.confirmation`): grounded by
        the action's result, not by a section (the model check asks it nothing)."""
        return confirms(Draft(text, (), False, prose=text), self._grounds, self._names)

    def vet(self, text: str, *, about: Iterable[str] = (), words: int = CONNECTIVE_WORDS) -> str | None:
        """Words the model writes on a card (a link's title, a choice): why they may not be shown, or None
        (`vetting`: a card is no sentence and cites nothing, held to the connective's rules). With the model check
        off, what they state is read as a sentence's too: against `about`, the sections of the page a link opens,
        as a sentence citing them; with none, as a sentence citing nothing, of at most `words` words. With it on, the
        check reads what they state (`Checked.card`)."""
        about = tuple(about)
        unfit = vetting.unfit(text, about, self._grounds)
        if unfit is None and not self.refers:
            draft = Draft(text, about, False, prose=text)
            verdict = first(Reading(draft, self._grounds, most_words=words), vetting.checks(self._rules)[bool(about)])
            unfit = verdict if isinstance(verdict, Hold) else None
        return None if unfit is None else vetting.why(unfit)

    def _show(self, draft: Draft) -> Sentence:
        self._shown += 1
        if not draft.ids:
            return Sentence(draft.text, (), draft.spans, draft.item, draft.line, draft.row, draft.heading)
        said = cited.words(draft.text)
        record, quoted = self._record, self._grounds.mentions.quoted
        cites = tuple([
            Cite(sid, (section := record[sid]).title, section.path, cited.best_indexed(said, *quoted(sid)))
            for sid in draft.ids
        ])
        return Sentence(draft.text, cites, draft.spans, draft.item, draft.line, draft.row, draft.heading)

    def _hold(self, reason: str, **facts: object) -> Held:
        terms = tuple(sorted(facts.get("terms", ())))  # type: ignore[call-overload]
        held = Held(reason, self._policy.held_message(reason, **facts), terms=terms)
        self._held.append(held)
        return held

    def _first_person(self, text: str) -> bool:
        return FIRST_PERSON.search(self._names.mask(text)) is not None
