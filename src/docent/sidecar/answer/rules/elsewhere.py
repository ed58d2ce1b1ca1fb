"""`elsewhere`: a fact of another section told under the cited ones (attribution, issue 21).

Two words of substance side by side in a cited sentence ("card range", "main process"), neither of which the cited
sections write (their heading path included), that a few other sections of the record write side by side: the
sentence tells there what those sections say, under sections that say nothing of it ("traffic moved to the new
clusters card range by card range", citing the Kubernetes case, where the card ranges are the 3-D Secure rollout's).
A pair written in more than `_FEW` other sections is a term of the site's ("context manager"), no one section's fact;
a verb's particle ("falling back", "come back") makes a phrase of any verb, and pairs nothing; nor does a word whose
sense is relative to where it stands ("the old container", "something else", "your original arguments", "the
documentation says": the site itself): it names what the text around it names, no other section's thing. A
preposition the stop list lacks ("available via", "the server behind nginx", "since version 1") relates a word to the next, and a word in -s before
an article is a clause's verb after its subject ("the caller gets a 202 Accepted"): neither pairs.
The site's own name written whole ("Django Ninja", its words in order) is what every section is about and pairs
nothing (a word of it alone, "docker" of "Docker Mailserver", pairs as any word does); a figure the cited
sections state, as the number rule reads them, is written there however they write it ("version 1.0" under a heading
"What's new in V1").
What it cannot do: see a fact retold in words of its own, or one whose words the cited sections also use elsewhere;
then it lets the sentence through.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ..mentions import Mentions
from ..passage import Passage, Token
from .types import Hold, Reading, Rule, Verdict
from .verbatim import copied

_FEW = 3
_PARTICLES = frozenset(("back", "up", "out", "down", "off", "over", "away", "ever", "along", "around", "through",
                        "onto", "into", "forth", "apart", "aside"))
# Words relative to where they stand: "the old container" is whichever one the answer is replacing.
_RELATIVE = frozenset(("old", "older", "original", "previous", "existing", "current", "else", "something", "anything",
                       "everything", "someone", "anyone", "different", "various", "entire", "entirely", "whole",
                       "documentation", "docs", "doc"))
# Prepositions the stop list lacks: "available via": a relation to what follows, no term's word. Not "per": "per hour"
# is a unit's, which the record's other sections may write where the cited one writes "100/m".
_PREPOSITIONS = frozenset(("via", "across", "toward", "towards", "among", "amongst", "despite", "versus",
                           "unlike", "near", "beyond", "throughout", "inside", "outside", "alongside", "behind",
                           "beneath", "underneath", "since", "until", "till"))
_ARTICLES = frozenset(("a", "an", "the"))
_KEY = object()  # the record's index of pairs, kept with the bundle's mentions (`Mentions.cues`)

Pairs = dict[tuple[str, str], frozenset[str]]


def pairs(tokens: Sequence[Token], names: Sequence[tuple[str, ...]] = ()) -> set[tuple[str, str]]:
    """The stems of each two words of substance side by side, no stop word, particle or preposition between; a word
    in -s before an article is a clause's verb ("the caller gets a 202 Accepted"), no term's word after its subject;
    the site's own name written whole (`names`: "Django Ninja") pairs nothing, as "the documentation" does not."""
    out, previous = set(), None
    naming = _naming(tokens, names) if names else ()
    for k, t in enumerate(tokens):
        word = t.word
        stem = None if word in _PARTICLES or word in _RELATIVE or word in _PREPOSITIONS or k in naming else t.stem
        if stem is not None and previous is not None and previous != stem and not (
            word.endswith("s") and k + 1 < len(tokens) and tokens[k + 1].word in _ARTICLES
        ):
            out.add((previous, stem))
        previous = stem
    return out


def _naming(tokens: Sequence[Token], names: Sequence[tuple[str, ...]]) -> set[int]:
    """Where the tokens write one of `names` whole, its words in order: "Docker Mailserver" is the site's name, and
    "docker" alone ("the docker socket") a word like any other."""
    words = [t.word for t in tokens]
    out: set[int] = set()
    for name in names:
        for k in range(len(words) - len(name) + 1):
            if words[k] == name[0] and tuple(words[k : k + len(name)]) == name:
                out.update(range(k, k + len(name)))
    return out


def index(mentions: Mentions) -> Pairs:
    """Each pair of the record, and the sections that write it: made once per bundle (`Bundle.warm` makes it)."""
    made: Pairs | None = mentions.cues.get(_KEY)
    if made is None:
        found: dict[tuple[str, str], set[str]] = {}
        for sid, passage in mentions.passages.items():
            for u in passage.units:
                for pair in pairs(u.tokens):
                    found.setdefault(pair, set()).add(sid)
        made = mentions.cues[_KEY] = {pair: frozenset(sids) for pair, sids in found.items()}
    return made


def written_in(stem: str, sections: Sequence[Passage]) -> bool:
    return any(stem in p.stems or stem in p.title.stems or stem in p.memo.get("context", ()) for p in sections)  # type: ignore[operator]


def _writes(sections: Sequence[Passage]) -> list[Collection[str]]:
    """What the sections write, as `written_in` reads it: each one's stems, its title's and its heading path's."""
    return [w for p in sections for w in (p.stems, p.title.stems, p.memo.get("context", ()))]  # type: ignore[misc]


def _figures(sentence: Reading) -> set[float]:
    """The figures the cited sections state, as the number rule reads them (a heading's "V1" states 1): a figure they
    state is written there, however they write it ("version 1.0" under "What's new in V1")."""
    quantities = sentence.grounds.mentions.quantities
    return {v for sid in sentence.ids for q in quantities[sid] for v in (q.value, q.raw)}


def _value(word: str) -> float | None:
    try:
        return float(word)
    except ValueError:
        return None


def check(sentence: Reading) -> Verdict:
    sections = sentence.passages
    # most sentences have at most one word the sections do not write: no pair to look for, nothing to cut up
    if not sections or len(sentence.said.difference(*_writes(sections))) < 2:  # a set's difference: no step a stem
        return None
    names = sentence.grounds.site.names_said  # the site's own name is what every section is about: no one section's fact
    tokens = sentence.unit.tokens
    stated = _figures(sentence) if any(t.word[:1].isdigit() for t in tokens) else set()

    def cited(stem: str) -> bool:
        return written_in(stem, sections) or stem[:1].isdigit() and _value(stem) in stated

    novel = [(a, b) for a, b in pairs(tokens, names) if not cited(a) and not cited(b)]
    if not novel:
        return None
    written, ids = index(sentence.grounds.mentions), set(sentence.ids)
    if any(0 < len(written.get(pair, frozenset()) - ids) <= _FEW for pair in novel) and not copied(sentence):
        return Hold("actor")
    return None


RULE: Rule = Rule("elsewhere", check, cited=True, sure=False)  # unsure: two words apart in the sections may still say it
