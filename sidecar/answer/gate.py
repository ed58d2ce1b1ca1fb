"""The gate: every sentence of an answer checked against the sections it cites before a visitor reads it.

One gate per answer, across all the model calls of a turn. Rules (seeds 002 and 000):
- A sentence cites sections as `[[id]]` or `[[id, id]]`, before or after its end mark; ids the record lacks are
  dropped. The visitor reads the sentence without the markers; its `cites` are the valid ids, in order.
- Nothing is let through before the answer has cited a section the record has: earlier sentences wait, and are
  judged in order when the first valid citation arrives (whatever the citing sentence's own verdict). If the
  answer ends without one, each waiting sentence is held (`never_cited`, or `first_person` where that applies).
- A sentence in the first person singular is held (`first_person`), a connective too, unless the words are
  inside a quoted name of a section of the record or of a part of the site (`quotable`): "How I work".
- A cited sentence passes when every term of the lexicon it names is mentioned by the sections it cites or by
  the sections cited by sentences already let through (else `unknown_term`), and it shares at least one word of
  substance with the sections it cites (else `no_overlap`).
- A sentence that cites nothing passes only as a connective of six words or fewer (else `uncited`), naming no
  term the answer has not cited (else `unknown_term`). The prompt's own headings ("How to answer", "## The
  record") written back are no connective: they are held (`uncited`).
- `[[none]]` in or before the first sentence that would be let through makes the answer a refusal: `none` is
  true, nothing more is shown, and sentences still waiting are dropped without a word (the caller shows the
  policy's words). Once a sentence was let through the model has answered: a later `[[none]]` is only dropped,
  like an unknown id. (A citation after a sentence belongs to it, so "He did. [[a]] [[none]]" is a refusal.)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from docent.schema import RecordSection

from . import constructions, meta, numbers, polarity
from .cited import cited_line
from .events import Cite, Code, Held, Item, Sentence
from .lexicon import Lexicon
from .markdown import BlockReader, Fence, Prose
from .names import SiteNames, proper_names, record_names
from .passage import Passage
from .policy import AnswerPolicy, Policy
from .quote import Code as RecordCode
from .quote import Quoted, match
from .roles import roles
from .sentences import SentenceSplitter
from .shape import flat, holds, shape

_CITATION = re.compile(r"\[\[([^\[\]\n]{1,200})\]\]")
_CONNECTIVE_WORDS = 6
_LOWER_WORDS = re.compile(r"[^\W\d_]+(?:[-'’][^\W\d_]+)*")
_COUNTING = 10  # a connective may count the answer's own parts, in words up to ten: "Two things:"
_COUNTING_WORDS = re.compile(
    r"\b(?:two|three|four|five|six|seven|eight|nine|ten)\s+(?:things|reasons|ways|points|parts|pages|links|options"
    r"|choices|steps|examples|places|questions|answers|ideas)\b",
    re.IGNORECASE,
)
_NONE = "none"
# Markup is never the record's words: an HTML tag, a Markdown image or a script address is held, not repaired.
MARKUP = re.compile(
    r"<\s*/?\s*[A-Za-z!][^<>]*>|!\[[^\]]*\]\s*[\[(]|(?:javascript|vbscript)\s*:|data\s*:\s*text/html", re.IGNORECASE
)

GateEvent = Sentence | Code | Held
_INTRO_WORDS = 12  # an uncited line ending in a colon before a list or a code block: "Three settings matter:"

# I, I'm, I've, I'd, I'll (a capital I standing alone: not i.e., I/O or Type-I); me, my, mine, myself.
FIRST_PERSON = re.compile(r"(?<![\w'’/.\-])(?:I(?:['’](?:m|ve|d|ll))?|[Mm](?:e|y|ine|yself))(?![\w'’/\-]|\.\w)")
# A number is a word only standing alone: the "2" of "xE2" or "v2" is no word of substance.
_WORD = re.compile(r"(?<![^\W\d_])\d+(?:[.,]\d+)*(?![^\W\d_])|[^\W\d_]+(?:['’][^\W\d_]+)*")
STOP_WORDS = frozenset(
    """
    a about above after again against all also am an and any are aren't as at be because been before being
    below between both but by can can't cannot could couldn't did didn't do does doesn't doing don't down
    during each either etc few for from further had hadn't has hasn't have haven't having he he'd he'll he's
    her here here's hers herself him himself his how how's however i i'd i'll i'm i've if in into is isn't it
    it's its itself just let's many may me might more most much must mustn't my myself neither no nor not now
    of off on once one only or other ought our ours ourselves out over own same shan't she she'd she'll she's
    should shouldn't so some such than that that's the their theirs them themselves then there there's these
    they they'd they'll they're they've this those though through thus to too under until up upon us very was
    wasn't we we'd we'll we're we've were weren't what what's when when's where where's whether which while
    who who's whom whose why why's will with within without won't would wouldn't yes yet you you'd you'll
    you're you've your yours yourself yourselves
    """.split()
) | frozenset(
    # Words any prose shares with any section: made-up prose must not pass on one of them.
    """
    two three four five six seven eight nine ten first second third every ever several lot lots thing things way
    really well like get got make makes made use used using new good great better best also even still
    """.split()
)


def count_words(text: str) -> int:
    return len(_WORD.findall(text))


def stems(text: str) -> set[str]:
    """The words of substance in a text, folded: no stop words, plurals and -ing/-ed taken off, numbers kept."""
    out = set()
    for word in _WORD.findall(text):
        word = word.lower().replace("’", "'")
        if word in STOP_WORDS or len(word) == 1 and not word.isdigit():
            continue  # a lone letter ("the D of 3-D", "p.png") is no word of substance
        stem = _STEMS.get(word)
        if stem is None:
            stem = _stem(word)
            if len(_STEMS) < 100_000:  # a memo of the words seen, bounded
                _STEMS[word] = stem
        out.add(stem)
    return out


_STEMS: dict[str, str] = {}


def fold(word: str) -> str | None:
    """One word (lower case) as `stems` folds it, or None for a stop word."""
    if word in STOP_WORDS or len(word) == 1 and not word.isdigit():
        return None
    stem = _STEMS.get(word)
    if stem is None:
        stem = _stem(word)
        if len(_STEMS) < 100_000:
            _STEMS[word] = stem
    return stem


_IRREGULAR: dict[str, str] = {}  # filled below, once _stem is defined


def _stem(word: str) -> str:
    if word[0].isdigit():
        return word
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if word.endswith("'s"):
        word = word[:-2]
    if len(word) > 4 and word.endswith(("ies", "ied")):
        word = word[:-3] + "y"  # retries, retried -> retry
    elif len(word) > 4 and word.endswith(("sses", "xes", "ches", "shes")):
        word = word[:-2]
    elif len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    for suffix in ("ing", "ed"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)]
            if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "aeiouls":
                word = word[:-1]  # running -> run, shipped -> ship
            break
    if len(word) > 4 and word.endswith("e"):
        word = word[:-1]  # manage, managed, managing -> manag
    return word


# Irregular past forms, folded as their -ing form is: "never came down" and "without coming down" share "com".
_IRREGULAR.update({
    past: _stem(present[:-1] + "ing" if present.endswith("e") and not present.endswith("ee") else present)
    for present, forms in (
        ("come", "came"), ("go", "went gone"), ("run", "ran"), ("fall", "fell fallen"), ("rise", "rose risen"),
        ("grow", "grew grown"), ("take", "took taken"), ("keep", "kept"), ("find", "found"), ("hold", "held"),
        ("bring", "brought"), ("build", "built"), ("write", "wrote written"), ("send", "sent"), ("pay", "paid"),
        ("choose", "chose chosen"), ("give", "gave given"), ("lose", "lost"), ("know", "knew known"),
        ("begin", "began begun"), ("spend", "spent"), ("teach", "taught"), ("think", "thought"), ("tell", "told"),
        ("meet", "met"), ("stand", "stood"), ("break", "broke broken"), ("drive", "drove driven"),
        ("hide", "hid hidden"), ("feel", "felt"), ("lead", "led"), ("shrink", "shrank shrunk"),
    )
    for past in forms.split()
})


@dataclass(frozen=True)
class _Draft:
    """A sentence as written: its text for the visitor, its valid citations, and whether it said `[[none]]`.

    `prose` is the text with its inline code blanked, what the rules read; `codes` the inline code; `fence` a
    fenced code block in place of a sentence.
    """

    text: str
    ids: tuple[str, ...]
    none: bool
    spans: tuple[tuple[str, int, int], ...] = ()
    item: Item | None = None
    line: bool = False
    prose: str = ""
    codes: tuple[str, ...] = ()
    fence: Fence | None = None


class RecordIndex:
    """What each section mentions, computed once per record and lexicon, shared by every gate.

    A section mentions what its text, its title, its heading path and its page's title say: "Kubernetes" for a
    section of the page "Kubernetes migration" whose text never repeats the word, "Alderway Bank" for "Leading and
    mentoring" under "Alderway Bank: staff engineer".
    """

    def __init__(
        self,
        record: Mapping[str, RecordSection],
        lexicon: Lexicon,
        page_titles: Mapping[str, str] | None = None,
        intros: Mapping[str, str] | None = None,
    ) -> None:
        self.record = record
        titles = page_titles or {}
        # The heading path is context: "Leading and mentoring" under "Alderway Bank: staff engineer" names the bank.
        whole = {
            sid: f"{s.title}\n{titles.get(s.page, '')}\n{chr(10).join(s.headings)}\n{s.text}" for sid, s in record.items()
        }
        self.terms = {sid: frozenset(lexicon.names(text)) for sid, text in whole.items()}
        self.words = {sid: frozenset(stems(text)) for sid, text in whole.items()}
        self.flat = {sid: flat(text) for sid, text in whole.items()}  # what inline code is looked up in
        self.codes = {sid: _codes(s) for sid, s in record.items()}  # what a fenced block may quote
        self.quantities = {sid: frozenset(numbers.quantities(text)) for sid, text in whole.items()}
        self.denied = {sid: polarity.scopes(s.text, stems) for sid, s in record.items()}
        self.heads = {sid: polarity.heads(s.text, stems) for sid, s in record.items()}
        self.roles = {sid: roles(text, record=True) for sid, text in whole.items()}
        self.names = record_names(s.text for s in record.values())
        self.name_words = _name_words(record, self.words, intros)
        self.un_words = polarity.un_bases(w for words in self.words.values() for w in words)
        self.passages = {sid: Passage.of(s.title, s.text, fold) for sid, s in record.items()}


def _name_words(
    record: Mapping[str, RecordSection], words: Mapping[str, frozenset[str]], intros: Mapping[str, str] | None
) -> dict[str, frozenset[str]]:
    """The words a section's proper names may come from: its own, and its context's.

    A proper name may come from the section's page's opening, before any section: the case's employer.
    """
    # The opening is now a section of the record whose id is the page's: prose only, as `page_intros` asks (the
    # roles page's timeline, a table, names every employer and vouches for none).
    intros = dict(intros or {})
    for s in record.values():
        if s.id == s.page and s.blocks and all(block.kind == "paragraph" for block in s.blocks):
            intros.setdefault(s.page, s.text)
    out = {sid: words[sid] | frozenset(stems(intros[s.page])) if intros.get(s.page) else words[sid]
           for sid, s in record.items()}
    # A sub-section's parent section is its context too: "Decision" under an ADR that says "Accepted at
    # Tessellate Freight" may name the employer.
    parents = {(s.page, s.headings): sid for sid, s in record.items() if s.headings}
    for sid, s in record.items():
        parent = parents.get((s.page, s.headings[:-1])) if len(s.headings) > 2 else None
        if parent:
            out[sid] |= words[parent]
    return out


def _codes(section: RecordSection) -> tuple[RecordCode, ...]:
    """A section's code blocks, as the record keeps them."""
    return tuple(RecordCode(block.lang, block.text) for block in section.blocks if block.kind == "code")


class Gate:
    def __init__(
        self,
        record: Mapping[str, RecordSection],
        lexicon: Lexicon,
        *,
        quotable: Iterable[str] = (),
        policy: Policy | None = None,
        site: Site | None = None,
        mentions: RecordIndex | None = None,
        rules: Sequence[constructions.Rule] = constructions.RULES,
    ) -> None:
        """`site` and `mentions`: made once for the record and lexicon (Bundle.site, Bundle.mentions); a gate made
        without them (a search-mode conversation's sections, tests, benches) makes its own."""
        self._record = record
        self._lexicon = lexicon
        self._site = site if site is not None else Site.of(record, lexicon, quotable)
        if mentions is None:
            mentions = RecordIndex(record, lexicon, self._site.page_titles, self._site.intros)
        self._index = mentions
        self._policy: Policy = policy if policy is not None else AnswerPolicy()
        self._rules = rules  # the construction rules asked after the others: all of them but in a bench
        self._names = self._site.names
        self._reader = BlockReader()
        self._splitter = SentenceSplitter()
        self._waiting: list[_Draft] = []
        self._intro: _Draft | None = None  # an uncited line ending in a colon, judged once what follows is known
        self._answer_ids: list[str] = []  # every valid id the answer has cited so far: what its code may quote
        self._cited = False  # a valid citation seen: sentences may be let through
        self._shown = 0
        self._known: set[str] = set()  # terms the sections cited by shown sentences mention
        self._known_ids: set[str] = set()  # the sections cited by shown sentences
        self._acted: set[str] = set()  # the manifest's words for this turn's validated actions
        self._acted_quantities: set[numbers.Quantity] = set()
        self._held: list[Held] = []
        self._none = False
        self._finished = False

    @property
    def none(self) -> bool:
        """The answer was `[[none]]`: the caller shows the policy's words instead."""
        return self._none

    @property
    def cited(self) -> bool:
        return self._cited

    @property
    def held(self) -> list[Held]:
        return list(self._held)


    def feed(self, text: str) -> list[GateEvent]:
        if self._finished:
            return []
        return self._pieces(self._reader.feed(text))

    def flush(self) -> list[GateEvent]:
        """Before an action: the pending sentence goes through now if it is complete."""
        if self._finished:
            return []
        return self._take(self._splitter.flush())

    def acted(self, *labels: str) -> None:
        """A validated action of this turn, in the manifest's words (its label, a field's new value).

        A sentence that only restates it ("Lab is open.", "The topic now reads A role.") is grounded by the
        action's result, as a citation grounds a fact: it is shown, and it counts as the answer's citation.
        """
        for label in labels:
            self._acted |= _forms(label)
            self._acted_quantities |= set(numbers.quantities(label))

    def finish(self) -> list[GateEvent]:
        if self._finished:
            return []
        self._finished = True
        out = self._pieces(self._reader.finish())
        out += self._take(self._splitter.finish())
        out += self._settle_intro(None)
        if not self._cited and not self._none and any(self._confirms(d) for d in self._waiting):
            # A confirmation written before its action's result came back grounds the answer all the same.
            self._cited = True
            waiting, self._waiting = self._waiting, []
            for d in waiting:
                out += self._judge_next(d)
            out += self._settle_intro(None)
        if not self._cited and not self._none:
            for draft in self._waiting:
                reason = "first_person" if self._first_person(draft.text) else "never_cited"
                out.append(self._hold(reason))
            self._waiting.clear()
        return out

    def _pieces(self, pieces: list[Prose | Fence]) -> list[GateEvent]:
        """Prose goes on to the splitter; a fence ends the sentence before it and is judged in its place."""
        out: list[GateEvent] = []
        for piece in pieces:
            if isinstance(piece, Prose):
                out += self._take(self._splitter.feed(piece.text))
                continue
            out += self._take(self._splitter.finish())
            ids = tuple(sid for sid in piece.ids if sid in self._record)
            out += self._take_drafts([_Draft("", ids, False, fence=piece, line=True)])
        return out

    def _take(self, raws: list[str]) -> list[GateEvent]:
        return self._take_drafts([self._draft(raw) for raw in raws])

    def _take_drafts(self, drafts: list[_Draft]) -> list[GateEvent]:
        out: list[GateEvent] = []
        for draft in drafts:
            if self._none:
                break
            if draft.none and not self._shown:
                self._none = True
                self._waiting.clear()
                self._intro = None
                break
            if not draft.text and draft.fence is None:
                continue
            self._answer_ids += [sid for sid in draft.ids if sid not in self._answer_ids]
            if self._cited:
                out += self._judge_next(draft)
            elif draft.ids or self._confirms(draft):
                self._cited = True
                waiting, self._waiting = self._waiting, []
                for d in waiting:
                    out += self._judge_next(d)
                out += self._judge_next(draft)
            else:
                self._waiting.append(draft)
        return out

    def _judge_next(self, draft: _Draft) -> list[GateEvent]:
        """Judges a draft in its turn; an uncited line ending in a colon waits to see whether a list follows."""
        out = self._settle_intro(draft)
        if (
            not draft.ids and draft.fence is None and draft.text.endswith(":")
            and _CONNECTIVE_WORDS < count_words(draft.prose) <= _INTRO_WORDS
        ):
            self._intro = draft
            return out
        out += _some(self._judge(draft))
        return out

    def _settle_intro(self, following: _Draft | None) -> list[GateEvent]:
        """The waiting intro line: a connective of up to twelve words when a list item or code block follows it."""
        intro, self._intro = self._intro, None
        if intro is None:
            return []
        introduces = following is not None and (following.item is not None or following.fence is not None)
        return _some(self._judge(intro, words=_INTRO_WORDS if introduces else _CONNECTIVE_WORDS))

    def _draft(self, raw: str) -> _Draft:
        ids: list[str] = []
        none = False
        for m in _CITATION.finditer(raw):
            for part in m.group(1).split(","):
                sid = part.strip()
                if sid in self._record:
                    if sid not in ids:
                        ids.append(sid)
                elif sid.lower() == _NONE:
                    none = True
        shaped = shape(raw)
        text = shaped.text if any(ch.isalnum() for ch in shaped.text) else ""
        line = bool(getattr(raw, "line_start", False))
        return _Draft(text, tuple(ids), none, shaped.spans, shaped.item, line, shaped.prose, shaped.codes)

    def _judge(self, draft: _Draft, *, words: int = _CONNECTIVE_WORDS) -> GateEvent | None:
        """A sentence's verdict; `words`: the most an uncited one may have (more for a list's intro line)."""
        if draft.fence is not None:
            return self._judge_fence(draft)
        source = draft.prose  # the sentence without its inline code, which is checked on its own below
        if MARKUP.search(source):
            return self._hold("markup")
        # The site's own names pass the rules below as they are written, with or without quote marks.
        plain_words = first_words = set(_LOWER_WORDS.findall(source.lower()))
        text = self._names.mask(source, plain_words)
        if text != source:
            plain_words = set(_LOWER_WORDS.findall(text.lower()))
        if FIRST_PERSON.search(text):
            return self._hold("first_person")
        named, plain = self._lexicon.find(text)  # `plain`: the names blanked, for the proper-name rule
        index = self._index
        said_numbers = numbers.quantities(text, plain_words) if numbers.may_state(text, plain_words) else ()
        if not draft.ids:
            if self._confirms(draft, text):
                return self._show(draft)
            if count_words(source) > words or self._site.is_heading(draft.text):
                return self._hold("uncited")
            if draft.codes and not self._holds_codes(draft.codes, self._known_ids):
                return self._hold("code_term")
            unknown = named - self._known
            if unknown:
                return self._hold("unknown_term", terms=unknown, cited=False)
            strange = self._strange_names(plain, self._known_ids, plain_words)
            if strange:
                return self._hold("unknown_term", terms=strange, cited=False)
            # "Two things:" counts the answer's own parts; a figure in digits ("40, in short.") is a fact.
            counted = tuple(q for q in said_numbers if q.unit or q.raw > _COUNTING or not _COUNTING_WORDS.search(text))
            if counted and numbers.unstated(counted, self._stated(self._known_ids)):
                return self._hold("number")
            return self._show(draft)
        mentioned = set(self._known)
        for sid in draft.ids:
            mentioned |= index.terms[sid]
        unknown = named - mentioned
        if unknown:
            return self._hold("unknown_term", terms=unknown, cited=True)
        if draft.codes and not self._holds_codes(draft.codes, draft.ids):
            return self._hold("code_term")
        said = stems(draft.text)  # inline code's words count here: the sections hold the code itself
        if not any(said & index.words[sid] for sid in draft.ids):
            return self._hold("no_overlap")
        said = said if source == draft.text else stems(source)
        strange = self._strange_names(plain, draft.ids, plain_words)
        if strange:
            return self._hold("unknown_term", terms=strange, cited=True)
        if said_numbers and numbers.unstated(said_numbers, self._stated(draft.ids) | _counted(draft.ids)):
            return self._hold("number")
        said_roles = roles(text, words=plain_words)
        if self._flipped(draft, source, text, said, plain_words, said_roles):
            return self._hold("polarity")
        reason = self._misread(draft, source, said_roles, first_words, said)
        if reason:
            return self._hold(reason)
        for sid in draft.ids:
            self._known |= index.terms[sid]
        self._known_ids.update(draft.ids)
        return self._show(draft)

    def _holds_codes(self, codes: Iterable[str], ids: Iterable[str]) -> bool:
        """Inline code is a term: each piece must be written so in one of the sections."""
        sections = [self._index.flat[sid] for sid in ids]
        return all(any(holds(code, text) for text in sections) for code in codes)

    def _judge_fence(self, draft: _Draft) -> GateEvent | None:
        """A fenced block passes as a run of the record's own lines in a section the answer cites."""
        assert draft.fence is not None
        ids = [*draft.ids, *(sid for sid in self._answer_ids if sid not in draft.ids)]
        blocks = [(sid, code) for sid in ids for code in self._index.codes[sid]]
        verdict = match(draft.fence.lines, draft.fence.language, blocks)
        if verdict is None:
            return None
        if not isinstance(verdict, Quoted):
            return self._hold(verdict.reason)
        self._shown += 1
        self._known |= self._index.terms[verdict.section]
        self._known_ids.add(verdict.section)
        section = self._record[verdict.section]
        return Code(verdict.language, verdict.text, (Cite(verdict.section, section.title, section.path),))

    def _misread(
        self, draft: _Draft, source: str, said_roles: frozenset[str], first_words: set[str], said: set[str]
    ) -> str | None:
        """The role rule, then the construction rules (order, direction, actor...): the first reason to hold."""
        index = self._index
        if said_roles and not said_roles <= frozenset().union(*(index.roles[sid] for sid in draft.ids)):
            return "role"
        cited = [index.passages[sid] for sid in draft.ids]
        return constructions.held(source, first_words, said, cited, fold, owner=self._site.owner, rules=self._rules)

    def _stated(self, ids: Iterable[str]) -> frozenset[numbers.Quantity]:
        return frozenset().union(*(self._index.quantities[sid] for sid in ids))

    def _flipped(
        self, draft: _Draft, source: str, text: str, words: set[str], plain_words: set[str], said_roles: frozenset[str]
    ) -> bool:
        """The polarity rule: a denial the cited sections do not make, or the opposite of what they say."""
        index = self._index
        masked_words = words if text == source else stems(text)
        # "manager" is a form of the "managing" a record denies: role words fold to one form for this rule.
        said_words = masked_words | {_stem(form) for form in said_roles} if said_roles else masked_words
        said = polarity.scopes(text, stems) if polarity.negates(text, plain_words) else ()
        heads = [head for sid in draft.ids for head in index.heads[sid]]
        if said or heads:
            denied = [scope for sid in draft.ids for scope in index.denied[sid]]
            if polarity.contradicts(said, said_words, denied, heads):
                return not meta.contrasts_only(source)  # "The record gives it per day, not per second."
        sections = [index.words[sid] for sid in draft.ids]
        return polarity.opposed(said_words, lambda stem: any(stem in w for w in sections), stems, index.un_words)

    def _strange_names(self, text: str, ids: Iterable[str], words: set[str] | None = None) -> list[str]:
        """The proper names of a sentence that the sections of `ids` do not mention."""
        names = proper_names(text, record=self._index.names, skip=self._site.ordinary, words=words)
        if not names:
            return []
        sections = [self._index.name_words[sid] for sid in ids]
        return [name for name in names if not all(any(stem in w for w in sections) for stem in stems(name))]

    def _confirms(self, draft: _Draft, masked: str | None = None) -> bool:
        """Whether an uncited sentence only restates this turn's validated actions, in the manifest's words.

        Every word of it is a word of an acted-on label or of `CONFIRMING` (is open, you can press, now reads),
        at least one is a label's, it denies nothing and states no number the labels do not: "The CV is
        open." Anything beyond the manifest's words ("The CV is open: she led a team of ten.") is not.
        """
        if not self._acted or draft.ids or MARKUP.search(draft.text):
            return False
        text = draft.text
        if masked is None:
            masked = self._names.mask(text)
        if FIRST_PERSON.search(masked) or polarity.negates(text):
            return False
        forms = [w.lower().replace("’", "'") for w in _WORD.findall(text)]
        content = [w for w in forms if w not in STOP_WORDS]
        if not any(w in self._acted for w in content):
            return False
        if any(w not in self._acted and w not in CONFIRMING and w.removesuffix("s") not in CONFIRMING for w in content):
            return False
        return not numbers.unstated(numbers.quantities(text), frozenset(self._acted_quantities))

    def vet(self, text: str, *, about: Iterable[str] = ()) -> str | None:
        """Words the model writes on a card (a link's title, a choice): why they may not be shown, or None.

        A card is no sentence and cites nothing, so it is held to the connective's rules: no markup, no first
        person, and only terms that the answer's shown citations, or the sections it is `about`, mention.
        """
        if MARKUP.search(text):
            return "it carries markup; write plain words, no HTML or images."
        text = self._names.mask(text)
        if FIRST_PERSON.search(text):
            return "it is in the first person; write about the site's owner in the third person."
        # A card may name what the site's own names name: "Kafka" for the page "Kafka event backbone".
        mentioned = set(self._known) | self._site.terms
        for sid in about:
            mentioned |= self._index.terms.get(sid, frozenset())
        unknown = self._lexicon.names(text) - mentioned
        if unknown:
            return f"it names {', '.join(sorted(unknown))}, which the sections it may draw on do not mention."
        return None

    def _show(self, draft: _Draft) -> Sentence:
        self._shown += 1
        cites = tuple(
            Cite(sid, self._record[sid].title, self._record[sid].path, cited_line(draft.text, self._record[sid]))
            for sid in draft.ids
        )
        return Sentence(draft.text, cites, draft.spans, draft.item, draft.line)

    def _hold(self, reason: str, **facts: object) -> Held:
        terms = tuple(sorted(facts.get("terms", ())))  # type: ignore[call-overload]
        held = Held(reason, self._policy.held_message(reason, **facts), terms=terms)
        self._held.append(held)
        return held

    def _first_person(self, text: str) -> bool:
        return FIRST_PERSON.search(self._names.mask(text)) is not None


def _some(event: GateEvent | None) -> list[GateEvent]:
    return [] if event is None else [event]


def _counted(ids: tuple[str, ...]) -> frozenset[numbers.Quantity]:
    """A count of the sections cited is stated by the citation: "The record holds five decisions [[a, b, c, d, e]]"."""
    return frozenset((numbers.Quantity(float(len(ids)), "", float(len(ids))),)) if len(ids) > 1 else frozenset()


def _forms(text: str) -> set[str]:
    """A label's words as written, lower case, with their singular: "Write an email" -> write, an, email."""
    out = set()
    for word in _WORD.findall(text):
        word = word.lower().replace("’", "'")
        out.add(word)
        if len(word) > 3 and word.endswith("s"):
            out.add(word[:-1])
        else:
            out.add(word + "s")
    return out


# The words a confirmation may add to the labels it restates: what the tools did, never what happened next.
CONFIRMING = frozenset(
    """
    open opened opening ready press pressed click clicked button buttons here now reads read says say set
    filled fill shown showing show started start starting running run runs pointed point pointing points rang
    ring ringing ringed highlighted highlight tour step steps page pages section sections part parts case cases
    experiment experiments preset presets field fields form offer offered link links panel side screen waiting
    wait whenever want wants like choose pick picked option options
    """.split()
)


@dataclass(frozen=True)
class Site:
    """What the gate knows of the site beyond the record, made once per bundle: its names and page titles."""

    names: SiteNames
    page_titles: Mapping[str, str]
    terms: frozenset[str]  # the lexicon's terms the site's names name: card words may use them
    ordinary: frozenset[str]  # words never taken for a proper name: stop words and the owner's name
    intros: Mapping[str, str] = field(default_factory=dict)  # each record page's opening, before its sections
    headings: frozenset[str] = frozenset()  # the prompt's own headings, as `heading_words` has them
    owner: frozenset[str] = frozenset()  # the words of the owner's name, lower case: "mara", "lindqvist"

    def is_heading(self, text: str) -> bool:
        """One of the prompt's own headings written back as if it were a sentence (its `#` marks already gone)."""
        return heading_words(text) in self.headings

    @classmethod
    def of(
        cls,
        record: Mapping[str, RecordSection],
        lexicon: Lexicon,
        names: Iterable[str] = (),
        page_titles: Mapping[str, str] | None = None,
        owner: str = "",
        intros: Mapping[str, str] | None = None,
        headings: Iterable[str] = (),
        person: Iterable[str] = (),
    ) -> Site:
        """`owner`: the site's name ("Mara Lindqvist · Payments..."); `person`: the owner's name and what the guide
        calls them, when the manifest says (else the site's name up to its first separator)."""
        all_names = [*names, *(s.title for s in record.values())]
        terms: set[str] = set()
        for name in all_names:
            terms |= lexicon.names(name)
        ordinary = frozenset(STOP_WORDS | {w.lower() for w in _WORD.findall(owner)})
        person = " ".join(person) or _OWNER_NAME.split(owner)[0]  # "Mara Lindqvist · ..."
        owner_words = frozenset(w.lower() for w in _WORD.findall(person))
        return cls(SiteNames(all_names), dict(page_titles or {}), frozenset(terms), ordinary, dict(intros or {}),
                   frozenset(heading_words(h) for h in headings), owner_words)


_OWNER_NAME = re.compile(r"\s[·|:–—-]\s|,")


def heading_words(text: str) -> str:
    """A heading's words, lower case, without its marks: "## How to answer" and "How to answer." are one."""
    return " ".join(_LOWER_WORDS.findall(text.lower()))
