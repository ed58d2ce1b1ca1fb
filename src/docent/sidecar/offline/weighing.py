"""A question's words as the record would say them, and how much each says about what is asked.

The offline model judges with these whether the record answers a question at all (`Weighed.covered`), and which of
its sentences say most of it. The ranking of sections is the record index's (`docent.sidecar.answer.record_index`).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass, replace

from docent.schema import Manifest

from ..answer.lexicon import Lexicon
from ..answer.words import ASCII_WORD as WORD
from ..answer.words import FORMS, stem, terms, unaccented
from .english import shortened, uncommon
from .gestures import GO, RUN, request_words
from .heads import CHANGING, MEASURE, NOW_TOKEN, RAISED, heads_of, named_kinds, no_lack, present, technologies
from .seen import judged, values
from .stack import own_stack, tools_named
from .synonyms import RECORD_SYNONYMS, acronyms, derived, respelled, spelled, table
from .versions import versions_missing, versions_of_others
from .vocabulary import COMPOUND, Vocabulary, spoken
from .voice import Voice
from .written import code_names

# A figure with its unit ("1MB", "30s", "500ms") is a quantity the record writes its own way ("1024*1024"), not a
# name it lacks.
QUANTITY = re.compile(r"\d+(?:[.,]\d+)*(?:[kmgt]i?b|b|bytes?|ms|us|ns|s|secs?|m|mins?|h|hrs?|x|k|px|em|rem|%)",
                      re.IGNORECASE)
# "e.g.", "i.e.", "etc.": the reader's way of writing, never words of what they ask.
LATIN = re.compile(r"\b(?:e\.\s?g|i\.\s?e|etc)\.", re.IGNORECASE)
# A message the reader pasted: "DeprecationWarning: The `name` is not ...". Its class is what they saw, not what they
# ask about; the record need not name it.
PASTED = re.compile(r"\w*(?:Error|Warning|Exception):\s")
# "How long", "how often": the question's form (it asks for a figure), not its topic.
HOW_ADJ = re.compile(
    r"\bhow\s+(long|big|large|fast|often|far|old|early|late|soon|quick(?:ly)?|well|hard|good|bad)\b", re.IGNORECASE
)


@dataclass(frozen=True)
class Weighed:
    """A question's words as the record would say them, each weighed by how much it says about what is asked.

    - A word the record uses weighs its rarity (idf).
    - A technology named by an alias the record does not use ("k8s") is asked for by its lexicon term's words.
    - Another word the record never uses is asked for by the synonyms the record uses ("study": the degree).
    - A name the record lacks (a capitalised word, a technology, the thing a "which"/"what" asks for: "which
      city", a term no list of common English words holds: "nullable") weighs most: the record lacks the fact, and
      an answer about the rest would miss the question.
    - Any other word the record never uses is the visitor's phrasing ("or just talk about it"), and weighs nothing.
    """

    weight: dict[str, float]  # stemmed word -> weight
    alts: dict[str, frozenset[str]]  # stemmed word -> the record's words that say it
    query: str  # the text to search the record index with: the question, and the record's words for it
    heads: frozenset[str] = frozenset()  # what a "which"/"what" asks for: a section that answers says it
    versions: frozenset[str] = frozenset()  # versioned names the question asks about that the record never writes
    code: frozenset[str] = frozenset()  # code names the question writes that the record has, lower case
    code_missing: frozenset[str] = frozenset()  # code names the question writes that the record never does
    identifiers: frozenset[str] = frozenset()  # the record's code the question names (`code`, `FileResponse`), lower
    raised: bool = False  # "which exception/error": the answer names the class, a section that answers writes one
    context: frozenset[str] = frozenset()  # words and code names only the reader's situation says, not the ask
    compounds: tuple[frozenset[str], ...] = ()  # the ask's hyphenated terms (`COMPOUND`), stemmed, the record's words
    judging: frozenset[str] = frozenset()  # on documentation, the words of an ask that judges the situation (`judged`)

    def answers(self, said: Collection[str]) -> float:
        """`asks` (the reader's situation counting less than the ask), or 0 where the text does not say the thing the
        question asks for ("how many lines")."""
        return self.asks(said) if all(self.alts[h] & set(said) for h in self.heads) else 0.0

    @classmethod
    def of(
        cls,
        question: str,
        index: Vocabulary,
        lexicon: tuple[Lexicon, Mapping[str, list[str]]],
        manifest: Manifest,
        *,
        request: bool = False,
        quiet: Collection[str] = (),
    ) -> Weighed:
        """`lexicon`: the matcher, and each term's names (the term and its aliases); `manifest`: the owner's synonyms
        and name (the record, in the owner's voice, never says it); `request`: the question asks for something done
        on the page (its words of asking, "point at", "open", say how, not what); `quiet`: more words that say how
        (those that named the offer asked for)."""
        question = LATIN.sub(" ", unaccented(question))
        owner = manifest.owner
        known = set(terms(f"{owner.name} {owner.called} {manifest.site_name}"))
        heads = heads_of(question, kind=manifest.kind)
        raised = bool(heads & RAISED)
        heads -= RAISED  # the record writes the class (ValueError), seldom the word
        # what the reader saw or set ("UVICORN_PORT=8081", "fails with '401 ...'") is theirs, no name asked about
        asked = uncommon(question) if manifest.kind == "docs" else set()
        named = _names(question) | heads | tools_named(question) | (asked - shortened(asked, index.stems))
        named -= known | {stem(w) for w in values(question)}
        by_alias = _by_alias(question, index, lexicon, named)
        by_alias = {**(spelled_out := acronyms(question, index.df, index.sections)), **by_alias}
        silent = _silent(question, request=request, quiet=quiet, owner=Voice.of(manifest))
        skip = silent | known | LIGHT_VERBS | {stem(m.group(1)) for m in CHANGING.finditer(question)}
        own = own_stack(question) - known
        words = [w for w in dict.fromkeys(terms(question)) if w not in skip and not (w in own and not index.df[w])]
        weight, alts, extra = _weigh(words, index, by_alias, named, manifest)
        for kind in named_kinds(heads) & alts.keys():  # "what languages": the record names them, seldom the word
            named_there = technologies(lexicon[1], index.df)
            alts[kind] |= named_there
            weight[kind] = index.idf("")
            extra += sorted(named_there, key=lambda t: -index.df[t])[:KIND_QUERY]  # the ones it names most
        extra += [w for raw in WORD.findall(question) for w in sorted(FORMS.get(raw.lower(), ()))]  # "find": "found"
        extra += sorted({w for words in spelled_out.values() for w in words})
        if present(question, manifest.kind) and index.df[NOW_TOKEN]:  # "what is she doing now?": what is ongoing
            alts[NOW_TOKEN], weight[NOW_TOKEN], extra = frozenset({NOW_TOKEN}), index.idf(NOW_TOKEN), [*extra, "since"]
        kept = [w for w in question.split() if not set(terms(w)) & silent or set(terms(w)) - silent]
        code, code_missing = code_names(question, index.said, code=index.code, own=own, known=known)
        camel = index.code_named(question)
        context = _context(question, weight.keys(), code | camel | code_missing) - {NOW_TOKEN}
        for word in no_lack(question, alts, context, named, index.df):
            del weight[word], alts[word]
        versions = _versions(question, index, known, docs=manifest.kind == "docs" and not heads)
        judging = _judging(question, weight.keys(), manifest.kind)
        return cls(weight, alts, " ".join([*kept, *dict.fromkeys(extra)]), frozenset(heads & weight.keys()),
                   versions, code, code_missing - context, frozenset(code | camel),
                   raised, context, _compounds(question, weight.keys(), code), judging)

    def unjudged(self) -> Weighed:
        """The question without the words of an ask that judges what the reader told (`judging`: "Is that expected?",
        "Is this normal?"), to pick the sentences that answer by: once the record answers it, such a word says nothing
        of which ("... may not work as expected", "Podman ... is good enough for normal daily usage"). Itself where
        those words are all it weighs."""
        kept = {w: x for w, x in self.weight.items() if w not in self.judging}
        return replace(self, weight=kept, judging=frozenset()) if self.judging and kept else self

    def asks(self, said: Collection[str]) -> float:
        """`covered`, the words only the reader's situation says ("I read await request.body() in my middleware and
        it hangs.") counting `CONTEXT` of their weight: the sentence that answers says what the question asks."""
        weights = {word: w * (CONTEXT if word in self.context else 1.0) for word, w in self.weight.items()}
        total = sum(weights.values())
        if not total:
            return 0.0
        return sum(w for word, w in weights.items() if self.alts[word] & set(said)) / total

    def within(self, held: Collection[str]) -> Weighed:
        """The question without the words of the reader's situation that `held` (the best sections' words) do not
        say: "calling run() inside my async main gives RuntimeError ... how do I start it?" tells where they stand
        in words the record uses elsewhere; the ask's own words all count ("ping interval" the record never ties
        to the sections found still counts against them)."""
        kept = {w: x for w, x in self.weight.items() if not self.alts[w].isdisjoint(held) or w in self.heads or w not in self.context}
        return replace(self, weight=kept) if kept else self

    def distinctive(self, said: Collection[str]) -> float:
        """The share of the ask's distinctive words a text's words (stemmed) hold, 0 to 1: those of the ask (not only
        its situation's) that the record uses and that weigh at least `DISTINCT` of the rarest of them. Each counts
        alike: in a long question the weight is spread over the reader's phrasing, and a text that holds two of its
        three rarest words says more of it than one that holds one rare word and many common ones."""
        words = self.distinct()
        held = set(said)
        return sum(1 for w in words if self.alts[w] & held) / len(words) if words else 0.0

    def distinct(self) -> list[str]:
        """The ask's distinctive words (`distinctive`), the rarest first."""
        weights = {w: x for w, x in self.weight.items() if self.alts[w]}
        asked = {w: x for w, x in weights.items() if w not in self.context} or weights
        rarest = max(asked.values(), default=0.0)
        return sorted((w for w, x in asked.items() if x >= DISTINCT * rarest), key=lambda w: -asked[w])

    def holds_compounds(self, said: Collection[str]) -> bool:
        """Whether a text's words (stemmed) hold each hyphenated term the ask writes, all its words."""
        return all(not self.alts[w].isdisjoint(said) for c in self.compounds for w in c)

    def code_named(self, text: str) -> float:
        """How much of the question's code a text writes, as written (any case), 0 to 1: a name the ask writes
        counts whole, one only its situation writes `CONTEXT`."""
        lower = text.lower()
        return min(1.0, sum(CONTEXT if name in self.context else 1.0 for name in self.identifiers if name in lower))

    def names_code(self, text: str) -> int:
        """How many of the code names the question writes a text holds, as written (any case)."""
        lower = text.lower()
        return sum(1 for name in self.identifiers if name in lower)

    @property
    def rarest(self) -> float:
        """The share of the question's weight its rarest word has (`asks`): as much as a sentence that writes a code
        name the question writes says more of it, so a name the question writes counts twice, never more than the
        question's rarest word does (a flat half of the question let "GitHub", written as code somewhere, outweigh
        "removed")."""
        weights = [w * (CONTEXT if word in self.context else 1.0) for word, w in self.weight.items()]
        return max(weights, default=0.0) / (sum(weights) or 1.0)

    @property
    def lacking(self) -> bool:
        """Whether the question names something the record never mentions: then the record lacks the fact."""
        return bool(self.versions or self.code_missing) or any(not said for said in self.alts.values())

    def covered(self, said: Collection[str]) -> float:
        """The share of the question's weight that a text's words (stemmed) cover, 0 to 1."""
        total = sum(self.weight.values())
        if not total:
            return 0.0
        return sum(w for word, w in self.weight.items() if self.alts[word] & set(said)) / total


DISTINCT = 0.5  # an ask's word weighing this share of its rarest's is one of its distinctive words (`distinctive`)
KIND_QUERY = 8  # a kind asked for is searched for by the record's technologies it names most, this many
# Words that carry the question along, or say how sure or polite the visitor is, never its topic: "what went wrong",
# "what happens if", "what exactly did she build? I thought the vendor ran it", "numbers please", "did it buy
# anything?".
LIGHT_VERBS = frozenset(terms("go goes going went gone come comes coming came gets getting take takes took taking "
                              "taken say says said saying exactly actually basically "
                              "anyway please thought think guess wonder wondering suppose instead rather "
                              "anything something everything anyone someone anybody somebody"))
# A question that tells the reader's situation before it asks ("url_for always returns a full URL. How do I get just
# the path?"): what only the situation says counts this share in judging whether a section answers and in picking
# what answers it. A quarter: a reader's long account of their set-up (six options they set, a traceback's names)
# outweighed, at a half, the two words of the ask that the record says.
CONTEXT = 0.25
# What the reader turns from: "instead of", "rather than", and the way out they would take if the docs had none ("is
# there built-in rate limiting, or do I write a decorator with redis?").
INSTEAD = re.compile(r"\b(?:instead of|rather than)\b[^.?!,;]*|\bor (?:do|should|must|would|will|can|could) (?:i|we)\b[^.?!;]*",
                     re.IGNORECASE)
ASK_SPLIT = re.compile(r"(?:(?<=[.!?])|(?<=[.!?][\"”')\]]))\s+(?=[\"“(`]?[A-Z0-9`]|(?:what|which|how|why|where|when|who|can|could|is|are|does|do|"
                       r"did|was|were|has|have|had|would|will|should)\b)")


def asking(question: str) -> str:
    """What a question asks: from its first sentence that asks ("... ?"), or its last sentence where none does; the
    whole question where it opens by asking. What comes before is the reader's situation."""
    parts = ASK_SPLIT.split(question.strip())
    first = min((i for i, part in enumerate(parts) if "?" in part), default=len(parts) - 1)
    return " ".join(parts[first:])


def _versions(question: str, index: Vocabulary, known: Collection[str], *, docs: bool) -> frozenset[str]:
    """The versioned names the question asks about that the record lacks (`versions_missing`); on documentation, for
    a question that asks for no thing by name (no "which"), also those it writes only of another named thing ("Does
    uvicorn support HTTP/3?" where only Hypercorn's sentence writes it: `versions_of_others`)."""
    ask = asking(question)
    missing = versions_missing(question, index.said, ask=ask)
    if not docs:
        return missing
    return missing | versions_of_others(ask, index.sections, known, folded=index.folded, missing=missing)


def _judging(question: str, weighed: Collection[str], kind: str) -> frozenset[str]:
    """On documentation, the weighed words (stemmed) of an ask that judges what the reader told (`seen.judged`)."""
    return frozenset(terms(" ".join(judged(question)))) & set(weighed) if kind == "docs" else frozenset()


def _compounds(question: str, weighed: Collection[str], code: Collection[str]) -> tuple[frozenset[str], ...]:
    """The ask's hyphenated terms (`COMPOUND`) that are no code name it writes, each as its words (stemmed), where the
    record uses them all."""
    found = (c for c in COMPOUND.findall(asking(question)) if c.lower() not in code)
    return tuple(t for c in found if (t := frozenset(terms(c))) and t <= set(weighed))


def _context(question: str, words: Collection[str], names: Collection[str]) -> frozenset[str]:
    """The question's words (stemmed) and code names (lower case) said only before what it asks (`asking`), or only
    in what the ask turns from (`INSTEAD`: "use keyring instead of writing it in pyproject.toml")."""
    ask = INSTEAD.sub(" ", asking(question))
    if ask == question.strip():
        return frozenset()
    said, lower = set(spoken(ask)), ask.lower()
    if not said & set(words):  # "why?", "bug?": the ask is the situation told
        return frozenset()
    return frozenset({w for w in words if w not in said} | {n for n in names if n not in lower})


def _by_alias(
    question: str, index: Vocabulary, lexicon: tuple[Lexicon, Mapping[str, list[str]]], named: set[str]
) -> dict[str, frozenset[str]]:
    """A technology named by an alias the record does not use ("k8s"): each of its names' words -> the record's words
    for its term. Every name's words join `named`: the record lacking them lacks the fact."""
    matcher, aliases = lexicon
    by_alias: dict[str, frozenset[str]] = {}
    for term in matcher.names(question):
        canon = frozenset(t for t in terms(term) if index.df[t])
        for name in aliases.get(term, [term]):
            for word in terms(name):
                named.add(word)
                if canon and not index.df[word]:
                    by_alias[word] = canon
    return by_alias


def _silent(question: str, *, request: bool, quiet: Collection[str], owner: Voice) -> set[str]:
    """Words that say how, not what: "how long" asks for a figure, "take me to the X page" names only X; "where did
    she go to university?" asks nothing of the pages (the owner goes)."""
    silent = set(terms(" ".join(HOW_ADJ.findall(question) + MEASURE.findall(question))))
    if request or RUN.search(question) or any(not owner.acts(question[: m.start()]) for m in GO.finditer(question)):
        silent |= request_words(question)
    return silent | set(quiet)


def _weigh(
    words: list[str], index: Vocabulary, by_alias: Mapping[str, frozenset[str]], named: set[str], manifest: Manifest
) -> tuple[dict[str, float], dict[str, frozenset[str]], list[str]]:
    """Each word's weight and the record's words that say it; and, for a word the record says only through a
    synonym, the synonym as written, to ask the record index for."""
    synonyms = table(manifest.synonyms, built_in=RECORD_SYNONYMS)
    spelled_as = spelled(manifest.synonyms)
    rarest = index.idf("")  # a word no section holds
    weight: dict[str, float] = {}
    alts: dict[str, frozenset[str]] = {}
    extra: list[str] = []
    for word in words:
        said = frozenset({word}) if index.df[word] else by_alias.get(word) or respelled(word, index.df) or frozenset(
            s for s in synonyms.get(word, ()) if index.df[s]
        )
        if not said or word not in by_alias:  # "install" is said by "installation" too (`synonyms.derived`)
            said |= derived(word, index.df)
        if said:
            alts[word], weight[word] = said, index.idf(word) if index.df[word] else max(index.idf(t) for t in said)
            if not index.df[word] and word not in by_alias:  # the record's own words for it, as written
                extra += sorted(w for w in spelled_as.get(word, ()) if index.df[stem(w)]) or sorted(said)
        elif word in named:
            alts[word], weight[word] = frozenset(), rarest
    return weight, alts, extra


def _names(question: str) -> set[str]:
    """The question's words that name something: capitalised inside a sentence, or written with digits ("k8s")."""
    names = set()
    for m in WORD.finditer(question):
        before = question[: m.start()].rstrip()
        word = m.group()
        if QUANTITY.fullmatch(word) or PASTED.match(question, m.start()):
            continue
        camel = word[0].islower() and any(c.isupper() for c in word[1:])  # "gRPC", "iOS", "jQuery"
        if camel or before and before[-1] not in ".!?:\"“(" and word != "I" and (word[0].isupper() or not word.isalpha()):
            names.add(stem(word))
    return names

