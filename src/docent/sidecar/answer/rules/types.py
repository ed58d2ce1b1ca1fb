"""What a rule reads and says: the sentence as the gate reads it, the grounds the answer stands on, a verdict."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Set
from dataclasses import dataclass, field
from typing import Any, Generic, NamedTuple, TypeVar, overload

from .. import number_words, numbers
from ..events import Item, Row
from ..lexicon import Lexicon
from ..markdown import Fence
from ..mentions import Mentions
from ..native import mypyc_attr
from ..passage import Passage, Unit, unit
from ..roles import roles
from ..site import Site
from ..words import LETTERS, fold, found, letter_runs, stems, stems_of

Spans = tuple[tuple[str, int, int], ...]  # a text's marked spans: (kind, start, end), inline "code" among them
# A claim of a table's row (`Draft.parts`): its text, prose, citations, inline code and spans, as a sentence's are.
Part = tuple[str, str, tuple[str, ...], tuple[str, ...], Spans]


class Draft(NamedTuple):
    """A sentence as written: its text for the visitor, its valid citations, and whether it said `[[none]]`.

    `prose` is the text with its inline code blanked, what the rules read; `codes` the inline code; `fence` a
    fenced code block in place of a sentence. (A named tuple: one is made per sentence, and a frozen dataclass's
    fields cost a call each to set.) `row`: a table's row, its cells' text joined with "; ".
    """

    text: str
    ids: tuple[str, ...]
    none: bool
    spans: Spans = ()
    item: Item | None = None
    line: bool = False
    prose: str = ""
    codes: tuple[str, ...] = ()
    note: bool = False  # a note's label opens it ("Note:", "**Bug:**"; `sentence_labels.read`): `intros.noted` reads it
    fence: Fence | None = None
    row: Row | None = None  # a table's row: its text is its cells' joined
    heading: bool = False  # a heading the model wrote ("## Updating a project", a line in bold alone): a label
    # A table's row of more than one cell after its subject: each such cell, read with the subject and under its label,
    # is a claim of its own against what it cites (`tables`), as (text, prose, ids, codes, spans); none for any other.
    parts: tuple[Part, ...] = ()
    # A table's body row: its table's header cells as written, which name its cells' columns (`rules.cells`); none
    # for a table without a header row, and for any other sentence.
    names: tuple[str, ...] = ()


# A sentence's Draft made without its `__new__`'s frame (`drafts.draft_of`, `tuple.__new__`) ends with the defaults of
# its fields after `note`, read from the class: a field added to Draft cannot shift them.
PLAIN = tuple(Draft._field_defaults[field] for field in Draft._fields[Draft._fields.index("note") + 1:])


@dataclass
class Grounds:
    """What the answer stands on so far, kept by the gate across the sentences of a turn."""

    mentions: Mentions
    site: Site
    lexicon: Lexicon
    known: set[str] = field(default_factory=set)  # terms the sections cited by shown sentences mention
    known_ids: set[str] = field(default_factory=set)  # the sections cited by shown sentences
    acted: set[str] = field(default_factory=set)  # the manifest's words for this turn's validated actions
    acted_quantities: set[numbers.Quantity] = field(default_factory=set)
    # While the sentences written before the answer's first citation are judged, that citation's sections: a
    # connective before it ("Yes, in HTML mode.") may name what they mention, as it could after it.
    ahead: tuple[str, ...] = ()

    def uncited_ids(self) -> set[str]:
        """The sections a sentence that cites nothing may draw on."""
        return self.known_ids | set(self.ahead) if self.ahead else self.known_ids

    def uncited_terms(self) -> set[str]:
        """The terms a sentence that cites nothing may name."""
        return self.known.union(*(self.mentions.terms[sid] for sid in self.ahead)) if self.ahead else self.known

    def stated(self, ids: Iterable[str]) -> frozenset[numbers.Quantity]:
        """The quantities the sections of `ids` state."""
        return frozenset().union(*(self.mentions.quantities[sid] for sid in ids))


# The marks of a sentence's cue scan (`Reading.marks`), which a rule's cues (`Rule.cues`) may hold beside its words:
# written as no word is (a "#" first), for what a set of words cannot name.
NOT = "#n't"  # a denial in a contraction or a prefix: "doesn't", "can’t", "not-yet"
UN = "#un"  # a word of six letters or more opening with "un" ("unbounded"): an opposite a prefix makes
MARKS = frozenset((NOT, UN))
_NO_MARKS: frozenset[str] = frozenset()

T = TypeVar("T")


class once(Generic[T]):  # noqa: N801 - a decorator, named as functools.cached_property is
    """A property made on first use and kept on the instance: `functools.cached_property` without the lock it takes
    on every first use before Python 3.12 (a `Reading` is one sentence's, read by one thread)."""

    def __init__(self, make: Callable[[Any], T]) -> None:
        self._make = make
        self._name = getattr(make, "__name__", "")  # a method compiled by mypyc has none: `__set_name__` names it

    def __set_name__(self, owner: type, name: str) -> None:
        self._name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> once[T]: ...

    @overload
    def __get__(self, instance: object, owner: type | None = None) -> T: ...

    def __get__(self, instance: object | None, owner: type | None = None) -> T | once[T]:
        if instance is None:
            return self
        made = self._make(instance)
        # Set as an attribute, which shadows this descriptor (it has no `__set__`), not through `__dict__`: asking for
        # an instance's `__dict__` makes it a dict of its own, and every attribute read after that dearer.
        setattr(instance, self._name, made)
        return made


# `once` keeps each reading on the instance, in its `__dict__`, which a native class (mypyc) has not.
@mypyc_attr(native_class=False)
class Reading:
    """A sentence as the rules read it: the readings every sentence is asked for made with it, each other one made once,
    when a rule first asks for it."""

    def __init__(
        self, draft: Draft, grounds: Grounds, *, most_words: int, counted: frozenset[numbers.Quantity] = frozenset()
    ) -> None:
        self.draft = draft
        self.grounds = grounds
        self.ids: tuple[str, ...] = draft.ids
        # The sentence without its inline code, which the code_term rule checks on its own.
        source = draft.prose
        self.source: str = source
        self.most_words = most_words  # the most words an uncited sentence may have (more for a list's intro line)
        # A list's uncited intro line ("The table lists four topics:"): the list's count of items and of the sections
        # they cite, the counts it may state.
        self.counted = counted
        # The readings every sentence is asked for (the first person's, the rules' cues) are made here, not on first
        # use: a `once` costs a descriptor's call from C besides its reading, some 2 k instructions each.
        lower = source.lower()
        # The prose's words, lower case, cut once where the readings of words find the same (`words.letter_runs`): its
        # stems and its unit are read from them, and its first words where it has no hyphen.
        runs = letter_runs(lower)
        self.runs: list[str] | None = runs
        # The prose's words, lower case, letters only, before the site's names are masked.
        self.first_words: set[str] = set(found(LETTERS, lower) if runs is None or "-" in source else runs)
        # The prose with the site's own names masked (they pass the rules as they are written, with or without quote
        # marks), and its words, lower case, letters only.
        text = grounds.site.names.mask(source, self.first_words)
        self.text: str = text
        self.plain_words: set[str] = self.first_words if text == source else set(found(LETTERS, text.lower()))
        if not draft.codes:  # no inline code: the words that wake the rules are the first words (`cue_words`)
            self.cue_words = self.first_words

    @once
    def marks(self) -> frozenset[str]:
        """The cue scan's marks (`MARKS`): what wakes a rule beside the sentence's words, found in its prose."""
        source = self.source
        found = [NOT] if "n't" in source or "n’t" in source or "not-" in source else []
        if any(w[:2] == "un" and len(w) > 5 for w in self.first_words):
            found.append(UN)
        return frozenset(found) if found else _NO_MARKS

    @once
    def cue_words(self) -> set[str]:
        """The words that wake the rules whose cues a section gives (`rules.checks`): the prose's first words, and its
        inline code's, which a rule that reads the sentence as written (a name in code: `CAP_NET_ADMIN`) reads too."""
        codes = self.draft.codes
        return self.first_words.union(*(found(LETTERS, code.lower()) for code in codes)) if codes else self.first_words

    def _found(self) -> tuple[set[str], str]:
        """The lexicon's search, whose two readings are kept together: the one not asked for yet is then no `once`'s
        call (some 2 k instructions)."""
        text, runs = self.text, self.runs
        # Where nothing was masked and no _ or ' stands, the sentence's runs are the lexicon's words (`lexicon_keys.as_words`).
        plain = runs is not None and text == self.source and "_" not in text and "'" not in text
        found = self.grounds.lexicon.find(text, runs if plain else None)
        self.named, self.plain = found
        return found

    @once
    def named(self) -> set[str]:
        """The lexicon's terms the sentence names."""
        return self._found()[0]

    @once
    def plain(self) -> str:
        """The masked sentence with the lexicon's names blanked, for the proper-name rule."""
        return self._found()[1]

    @once
    def numbers(self) -> tuple[numbers.Quantity, ...]:
        """The quantities the sentence states."""
        text, plain_words = self.text, self.plain_words
        # Where the prose was cut into runs it holds no digit, nor does its masked text (`words.letter_runs`).
        may = number_words.may_state(text, plain_words, digits=self.runs is None)
        if not may:
            return ()
        return tuple(numbers.quantities(text, plain_words, written=self.source, project=self.grounds.site.names_said))

    @once
    def words(self) -> set[str]:
        """The sentence's words of substance, stemmed, as written: names not masked, inline code's words in."""
        runs, text = self.runs, self.draft.text
        if self.source != text:
            return stems(text)
        made = self.said = stems(text) if runs is None else stems_of(runs)  # the prose's too: `said`
        return made

    @once
    def said(self) -> set[str]:
        """The words of substance of the sentence's prose, inline code left out."""
        if self.source == self.draft.text:
            return self.words
        runs = self.runs
        return stems(self.source) if runs is None else stems_of(runs)

    @once
    def passages(self) -> list[Passage]:
        """The cited sections as the construction rules read them, cut once per bundle (`Mentions.passages`)."""
        passages = self.grounds.mentions.passages
        return [passages[sid] for sid in self.draft.ids]

    @once
    def unit(self) -> Unit:
        """The prose cut into tokens for the construction rules (`passage.Unit`)."""
        return unit(self.source, fold, self.grounds.site.owner, runs=self.runs)

    @once
    def written(self) -> Unit:
        """The sentence as written, its inline code's words in, cut into tokens: as the sections' text has them."""
        return self.unit if self.source == self.draft.text else unit(self.draft.text, fold, self.grounds.site.owner)

    @once
    def roles(self) -> frozenset[str]:
        """The roles the sentence gives (lead, owner, manager)."""
        return roles(self.text, words=self.plain_words)


@dataclass(frozen=True)
class Hold:
    """The sentence is held back, for `reason`; `facts` go into the policy's words for it."""

    reason: str
    facts: dict[str, object] = field(default_factory=dict)
    # A sure rule's hold that is a reading still (`Rule.sure`): with the model check on, the sentence is referred to it
    # (`Judge._stands`) as an unsure rule's would be ("three of the four topics": a count the sentence works out).
    sure: bool = True


class Show:
    """The sentence is shown now, whatever the rules after this one would say (a confirmation of an action)."""


SHOW = Show()
Verdict = Hold | Show | None


SectionCues = tuple[Set[str], Set[str]]  # a section's cues for a rule (`Rule.section_cues`): words, stems


@dataclass(frozen=True)
class Rule:
    """One rule: `check` reads a sentence and says Hold, SHOW, or None to leave it to the next rule.

    `cited`: True, the rule reads only sentences that cite a section; False, only those that cite none; None, all.
    """

    name: str
    check: Callable[[Reading], Verdict]
    cited: bool | None = None
    # Words of which a sentence (`Reading.first_words`) must hold one for the rule to say anything, where there are
    # such: a sentence with none is not asked (`rules.checks`). They may hold marks (`MARKS`, `Reading.marks`).
    cues: frozenset[str] | None = None
    # What a sentence citing a section must hold for the rule to say anything because of that section: (words of
    # `Reading.first_words`, stems of `Reading.said`), or None where any sentence may wake it there. A sentence
    # holding none of `cues` and none of what its sections give is not asked; the sections' cues are worked out once
    # per bundle for each set of cited sections (`rules.checks`).
    section_cues: Callable[[Passage], SectionCues | None] | None = None
    # Whether its hold is sure: with the model check on it stands, where an unsure hold (a reading of meaning, a
    # construction's, polarity's) sends the sentence to the check, whose verdict decides (`Judge.refers`). Sure only
    # where the rule's holds were falsehoods often enough on rounds 5-15 (tests/evals/precision.py, which chose each
    # rule's mark; tests/sidecar/test_rule_sure.py). Sure unless a rule says not.
    sure: bool = True

    def reads(self, reading: Reading) -> bool:
        return self.cited is None or self.cited == bool(reading.ids)
