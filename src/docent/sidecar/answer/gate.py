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
  like an unknown id. (A citation after a sentence belongs to it, so "He did. [[a]] [[none]]" is a refusal.) A gate
  made for the model check gives a late one in its place (`LateNone`): the check decides what was let through.

The gate decides when each draft is judged; its verdict, and what verdicts leave behind, are `judge.Judge`'s. The
rules a sentence is judged by are one module each, in one table (`rules/`); what each section mentions is
`mentions.Mentions`, what the gate knows of the site beyond the record `site.Site`, and the words of both are read
by the one text analysis, `words`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from docent.schema import RecordSection

from . import headings, intros, numbers, tables
from .drafts import draft_of
from .events import Held, LateNone, Referred, Sentence
from .judge import GateEvent, Judge
from .lexicon import Lexicon
from .markdown import BlockReader, Fence, Prose, Table, Underline
from .mentions import Mentions
from .policy import Policy
from .rules import RULES, Draft, Rule
from .rules.confirmation import forms
from .rules.connective import CONNECTIVE_WORDS
from .sentences import SentenceSplitter
from .site import Site
from .words import count_words, stems


class Gate(Judge):
    def __init__(
        self, record: Mapping[str, RecordSection], lexicon: Lexicon, *, quotable: Iterable[str] = (),
        policy: Policy | None = None, site: Site | None = None, mentions: Mentions | None = None,
        rules: Sequence[Rule] = RULES, refer: bool = False,
    ) -> None:
        """`site` and `mentions`: made once for the record and lexicon (Bundle.site, Bundle.mentions); a gate made
        without them (a search-mode conversation's sections, tests, benches) makes its own. `rules`: the table the
        sentences are judged by, all of them but in a bench. `refer`: made for the model check, which decides the
        sentences only unsure rules hold (`Judge.refers`)."""
        super().__init__(record, lexicon, quotable=quotable, policy=policy, site=site, mentions=mentions,
                         rules=rules, refer=refer)
        self._reader = BlockReader()
        self._splitter = SentenceSplitter()
        self._waiting: list[Draft] = []
        self._intro: Draft | None = None  # a line ending in a colon, judged once what follows is known
        self._listing: intros.Listing | None = None  # an intro that counts its list, judged when the list has ended
        self._lead = intros.Lead()  # a cited line ending in a colon: what its list's long uncited items cite (`_take`)
        self._labels = headings.Labels()  # headings waiting for what they label
        self._before: tuple[str, ...] = ()  # the ids of the last sentence: what a table right after it may cite
        self._noted: tuple[str, ...] = ()  # the ids of the last cited sentence or block: what a note after it cites
        self._table: Table | None = None  # a table that cites nothing, waiting for the sentence after it (`_tabled`)
        self._rows: frozenset[numbers.Quantity] = frozenset()  # the last table's counts, for the sentence after it
        self._cited = False  # a valid citation seen: sentences may be let through
        self._none = self._finished = False

    @property
    def none(self) -> bool:
        """The answer was `[[none]]`: the caller shows the policy's words instead."""
        return self._none

    @property
    def cited(self) -> bool:
        return self._cited


    def feed(self, text: str) -> list[GateEvent]:
        if self._reader.inline and "\n" not in text and not self._finished:  # inside a line of prose: to the splitter
            raws = self._splitter.feed(text)
            return self._take(raws) if raws else []
        return [] if self._finished else self._pieces(self._reader.feed(text))

    def flush(self) -> list[GateEvent]:
        """Before an action: the pending sentence goes through now if it is complete."""
        if self._finished:
            return []
        return self._take(self._splitter.flush()) + self._tabled() + self._labelled(self._settle_listing())

    def acted(self, *labels: str) -> None:
        """A validated action of this turn, in the manifest's words (its label, a field's new value).

        A sentence that only restates it ("Lab is open.", "The topic now reads A role.") is grounded by the
        action's result, as a citation grounds a fact: it is shown, and it counts as the answer's citation.
        """
        for label in labels:
            self._grounds.acted |= forms(label)
            self._grounds.acted_quantities |= set(numbers.quantities(label))

    def finish(self) -> list[GateEvent]:
        if self._finished:
            return []
        self._finished = True
        out = self._pieces(self._reader.finish())
        out += self._take(self._splitter.finish()) + self._tabled()
        out += self._labelled(self._settle_intro(None) + self._settle_listing())
        if not self._cited and not self._none and any(self._confirms(d) for d in self._waiting):
            # A confirmation written before its action's result came back grounds the answer all the same.
            self._cited = True
            waiting, self._waiting = self._waiting, []
            for d in waiting:
                out += self._judge_next(d)
            out += self._labelled(self._settle_intro(None) + self._settle_listing())
        self._labels.waiting.clear()  # a heading at the end labels nothing: never shown
        if not self._cited and not self._none:
            for draft in self._waiting:
                reason = "first_person" if self._first_person(draft.text) else "never_cited"
                out.append(self._hold(reason))
            self._waiting.clear()
        return out

    def _pieces(self, pieces: list[Prose | Fence | Table | Underline]) -> list[GateEvent]:
        """Prose to the splitter; a fence, a table (row by row) or an underline ends the sentence before it, judged."""
        out: list[GateEvent] = []
        for piece in pieces:
            if isinstance(piece, Prose):
                raws = self._splitter.feed(piece.text)
                if raws:  # most fragments end no sentence
                    out += self._take(raws)
                continue
            if isinstance(piece, Underline):  # the line above a heading's (a setext heading), or a thematic break
                out += self._take(headings.underlined(self._splitter.finish(), heading=piece.heading))
                continue
            out += self._take(self._splitter.finish()) + self._tabled()
            self._rows = frozenset()
            if isinstance(piece, Table):
                self._head = None
                rows = tables.drafts(piece, self._before, self._record)
                if any(row.ids for row in rows) or not rows:
                    self._noted = rows[-1].ids if rows else self._noted
                    out += self._take_drafts(self._rows_of(rows))
                else:  # cited by nothing yet: its rows wait for the sentence after it ("The table above lists ...")
                    self._table = piece
            else:
                ids = tuple(sid for sid in piece.ids if sid in self._record)
                self._noted = ids or self._noted
                out += self._take_drafts([Draft("", ids, False, fence=piece, line=True)])
            self._before = self._lead.ids = ()
        return out

    def _take(self, raws: list[str]) -> list[GateEvent]:
        drafts = []
        for raw in raws:  # a note cites what the sentence or block before it cites (`intros.noted`)
            drafts.append(draft := intros.noted(self._lead.cites(draft_of(raw, self._record)), self._noted, self._grounds))
            self._noted = draft.ids or self._noted
        if not drafts:
            return []
        self._before, first = drafts[-1].ids, drafts[0]
        # the sentence right after a table that cites nothing: its caption, if a plain sentence
        out = self._tabled(() if first.item is not None or first.heading else first.ids) if self._table else []
        if self._rows:  # the sentence right after a table may count its rows, where it points at the table
            self._caption, self._rows = (first, self._rows) if tables.pointed(first) else None, frozenset()
        return out + self._take_drafts(drafts)

    def _tabled(self, ids: tuple[str, ...] = ()) -> list[GateEvent]:
        """The table waiting for the sentence after it, its rows judged citing what that sentence cites (`ids`):
        a caption written after it ("The table above lists the labels [[s]]."), as a sentence before it may be."""
        table, self._table = self._table, None
        if table is None:
            return []
        self._head, self._noted = None, ids or self._noted
        return self._take_drafts(self._rows_of(tables.drafts(table, ids, self._record)))

    def _rows_of(self, rows: list[Draft]) -> list[Draft]:
        """A table's drafts, counted: the sentence right after it may state how many rows it has, or how many sections
        they cite, as a line introducing it may ("These are the two flags it takes [[s]].")."""
        self._rows = tables.counts(rows)
        return rows

    def _take_drafts(self, drafts: list[Draft]) -> list[GateEvent]:
        out: list[GateEvent] = []
        for draft in drafts:
            if self._none:
                break
            if draft.none and not self._shown:
                self._none = True
                self._waiting.clear()
                self._intro = self._listing = None
                self._labels.waiting.clear()
                break
            if draft.none and self.refers:  # a late one: the check knows whether the visitor read anything before it
                # in its place: after a counted list's verdicts still waiting for their intro (`_settle_listing`)
                (self._listing.events if self._listing is not None else out).append(LateNone())
            if not draft.text and draft.fence is None:
                continue  # a table's rows come with their text
            for sid in draft.ids:
                if sid not in self._answer_ids:
                    self._answer_ids.append(sid)
            if self._cited:
                out += self._judge_next(draft)
            elif draft.ids or self._confirms(draft):
                self._cited = True
                waiting, self._waiting = self._waiting, []
                self._grounds.ahead = draft.ids
                for d in waiting:
                    out += self._judge_next(d)
                out += self._judge_next(draft)  # a waiting intro line is settled here, still with `ahead`
                self._grounds.ahead = ()
            else:
                self._waiting.append(draft)
        return out

    def _judge_next(self, draft: Draft) -> list[GateEvent]:
        """Judges a draft in its turn; a line ending in a colon, uncited or stating a count, waits to see whether a list
        or a table follows; a heading citing nothing waits for what it labels (`headings`)."""
        out = self._next(draft)
        if self._labels.waiting:
            out = self._labels.before(out, self._label)
        if draft.heading and not draft.ids:
            self._labels.wait(draft, self._grounds)
        return out

    def _next(self, draft: Draft) -> list[GateEvent]:
        listing = self._listing
        if listing is not None:
            row = draft.row
            if draft.item is not None or row or not (draft.line or draft.fence):  # an item or row, an item's sentence
                listing.items += draft.item is not None or row is not None and not row.header
                listing.ids.update(draft.ids)
                draft, ahead = (draft, None) if draft.ids else intros.read(draft, self._lead.ids, self._grounds)
                listing.events += self._headed(self._judge(draft, grounds=ahead))
                return []
            out = self._settle_listing()
        else:
            out = []
        out += self._settle_intro(draft)
        if self._listing is not None or draft.heading and not draft.ids:
            return out
        if draft.fence is None and draft.row is None and draft.text.endswith(":") and (
            numbers.quantities(draft.prose)  # a count that only the list may tell: "All three default to auto:"
            or not draft.ids or count_words(draft.prose) <= intros.INTRO_WORDS  # uncited: it may name what its block cites
        ):
            self._intro = draft
            return out
        out += self._headed(self._judge(draft))
        return out

    def _labelled(self, events: list[GateEvent]) -> list[GateEvent]:
        return self._labels.before(events, self._label) if self._labels.waiting else events

    def _label(self, label: headings.Label, about: GateEvent) -> GateEvent | None:
        """A heading's one verdict, before what it labels (`about`) and with it (`headings`)."""
        if isinstance(about, Referred) and about.sentence is not None:
            about = about.sentence  # the sentence the check decides: the label goes with it, or with its hold
        ids = () if isinstance(about, Held) else tuple(c.id for c in about.cites)
        how = None if self._site.is_heading(label.draft.text) else label.reading(ids)
        return self._hold("uncited") if how is None else self._judge(how[0], grounds=how[1])

    def _headed(self, event: GateEvent | None) -> list[GateEvent]:
        """A table's first row shown goes out after its header; a header whose rows are all held is never shown."""
        head = self._head if isinstance(event, Sentence) and event.row is not None and not event.row.header else None
        if head is None:
            return _some(event)
        self._head, self._shown = None, self._shown + 1
        return [head, *_some(event)]

    def _settle_intro(self, following: Draft | None) -> list[GateEvent]:
        """The waiting intro line: a connective of up to twelve words before a list item or code block (`intros`)."""
        intro, self._intro = self._intro, None
        if intro is None:
            return []
        listed = following is not None and (following.item is not None or following.row is not None)
        introduces = listed or following is not None and following.fence is not None
        if introduces and intro.ids and not any(stems(intro.text) & self._grounds.mentions.words[sid] for sid in intro.ids):
            intro = intro._replace(ids=())  # cited, sharing no word its sections check: read as uncited ("Two steps:")
        if following is not None and listed and (numbers.quantities(intro.prose) or intros.long(intro)):
            # "The table lists four topics:" states a count only the list will tell (a long one cites it): both wait
            grounds = self._grounds
            self._listing = intros.Listing(intro, grounds.ahead, set(grounds.known), set(grounds.known_ids))
            return self._judge_next(following)
        intro, named = intros.read(intro, following.ids if introduces and following is not None else (), self._grounds)
        return _some(self._judge(intro, words=intros.INTRO_WORDS if introduces else CONNECTIVE_WORDS, grounds=named))

    def _settle_listing(self) -> list[GateEvent]:
        """The intro that counts its list, judged with the list's count of items and of the sections they cite
        as stated, then the list's verdicts that waited behind it."""
        listing, self._listing = self._listing, None
        if listing is None:
            return []
        # Judged on the grounds as they were when the list began, with the list's counts: a copy, not a swap.
        grounds = replace(self._grounds, ahead=listing.ahead, known=listing.known, known_ids=listing.known_ids)
        counted = frozenset(numbers.Quantity(float(n), "", float(n)) for n in (listing.items, len(listing.ids)))
        intro = intros.cites(listing.intro, sorted(listing.ids))  # a long uncited one cites its list's sections
        event = self._judge(intro, words=intros.INTRO_WORDS, grounds=grounds, counted=counted)
        if isinstance(event, Sentence) and intro.ids:  # a cited intro shown: what the answer stands on
            self._grounds.known |= grounds.known
            self._grounds.known_ids |= grounds.known_ids
        return _some(event) + listing.events


def _some(event: GateEvent | None) -> list[GateEvent]:
    return [] if event is None else [event]
