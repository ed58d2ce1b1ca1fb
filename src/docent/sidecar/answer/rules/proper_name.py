"""`unknown_term`, for a proper name: every proper name of a sentence is one the sections it cites (or, uncited,
the sections the answer has cited) or their pages' openings mention; a name in the frame a cited sentence opens with
("Before Alderway, ...") may be one the answer's shown citations mention instead."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from .. import units
from ..names import proper_names
from ..words import stems
from .types import Hold, Reading, Rule, Verdict


def check(sentence: Reading) -> Verdict:
    grounds = sentence.grounds
    strange = strange_names(sentence, sentence.ids if sentence.ids else grounds.uncited_ids())
    if strange and sentence.ids and grounds.known_ids:
        strange = _unframed(sentence, strange)
    return Hold("unknown_term", {"terms": strange, "cited": bool(sentence.ids)}) if strange else None


def strange_names(sentence: Reading, ids: Iterable[str]) -> list[str]:
    """The proper names of a sentence that the sections of `ids` do not mention."""
    mentions, site = sentence.grounds.mentions, sentence.grounds.site
    names = proper_names(sentence.plain, record=mentions.names, skip=site.ordinary, everyday=mentions.everyday)
    if not names:
        return []
    ids = tuple(ids)
    sections = [mentions.name_words[sid] for sid in ids]
    strange = [name for name in names if not any(all(any(stem in w for w in sections) for stem in form)
                                                 for form in _forms(name))]
    return [name for name in strange if not _spelt(name, ids, sentence) and not _sized(name, ids, sentence)]


def _sized(name: str, ids: tuple[str, ...], sentence: Reading) -> bool:
    """A size's unit ("MB", "GiB") where a section states a size in bytes: "512 MB" where it writes "512Mi" (the
    number rule compares the figures)."""
    if name.lower() not in units.BYTES:
        return False
    stated = sentence.grounds.mentions.quantities
    return any(q.unit == "bytes" or any(o.unit == "bytes" for o in q.other) for sid in ids for q in stated[sid])


def _forms(name: str) -> list[set[str]]:
    """The stems of a name as written and, for an acronym's plural, of the acronym: "IDs" names what "ID" does (the
    stemmer keeps "ids" and "apis", which end like "this" and "basis"); an acronym that is a stop word ("ITs") is no
    second form, which would be mentioned by any section. A name joined by a hyphen to a word in lower case
    ("Pattern-based", "InlineProcessor-style") names what its part before the hyphen names."""
    compound = _COMPOUND.fullmatch(name)
    if compound is not None:  # "Pattern-based": the name is "Pattern", its lower-case word the sentence's to say
        return [stems(name), stems(compound.group(1))]
    if not _PLURAL_ACRONYM.fullmatch(name):
        return [stems(name)]
    return [stems(name), *filter(None, [stems(name[:-1])])]


_PLURAL_ACRONYM = re.compile(r"[A-Z]{2,}s")
# A name joined by a hyphen to a word in lower case that makes an adjective of it ("Pattern-based", "Cargo-style").
_COMPOUND = re.compile(r"([A-Z][\w.]*)-[a-z]{3,}")


def _spelt(name: str, ids: tuple[str, ...], sentence: Reading) -> bool:
    """An acronym of three to six capitals whose letters open the words of a name a section's text or heading path
    writes in capitals: "FAQ" on the page "Frequently Asked Questions", "ASGI" where "Asynchronous Server Gateway
    Interface" is written; "URL" where an address is."""
    if not (_ACRONYM_LETTERS[0] <= len(name) <= _ACRONYM_LETTERS[1] and name.isalpha() and name.isupper()):
        return False
    spelt = _spelling(name)
    mentions, titles = sentence.grounds.mentions, sentence.grounds.site.page_titles
    for sid in ids:
        s = mentions.record[sid]
        if name in _ADDRESS and "://" in s.text:  # "the template's HTTPS URL" where it writes https://user@host/
            return True
        if spelt.search(f"{s.title}\n{titles.get(s.page, '')}\n{chr(10).join(s.headings)}\n{s.text}"):
            return True
    return False


_ACRONYM_LETTERS = (3, 6)
_ADDRESS = frozenset(("URL", "URI"))  # what a section that writes an address (scheme://...) mentions


@functools.lru_cache(maxsize=256)
def _spelling(name: str) -> re.Pattern[str]:
    return re.compile(r"\b" + r"[a-z]*[\s-]+".join(name) + r"[a-z]*\b")


# "Before Alderway, at Tessellate she ...": a frame that opens the sentence names what the answer told before, as
# the point the sentence moves on from, not what its own fact is about.
_FRAME = re.compile(r"(?:Before|After|Unlike|Besides|Apart from|Outside(?: of)?)\s+([^,;:]{1,40}),")


def _unframed(sentence: Reading, strange: list[str]) -> list[str]:
    """The strange names less those in the sentence's opening frame that the answer's shown citations mention."""
    frame = _FRAME.match(sentence.plain)
    if frame is None:
        return strange
    mentions = sentence.grounds.mentions
    known = [mentions.name_words[sid] for sid in sentence.grounds.known_ids]
    return [
        name for name in strange
        if name not in frame.group(1) or not all(any(stem in w for w in known) for stem in stems(name))
    ]


# A name no cited section (nor its page's opening) writes, in any form. Unsure by its precision on rounds 5-15
# (tests/evals/precision-round33.json: 21 of its 23 holds falsehoods, under 0.95): with the check on, it is referred.
RULE: Rule = Rule("proper_name", check, sure=False)
