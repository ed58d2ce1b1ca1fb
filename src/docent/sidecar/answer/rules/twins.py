"""The twins rule: a fact of one twin section told of the thing its twin's heading names.

Documentation gives alike things alike sections: a "Configuration" under "WSGI Transport" and another under "ASGI
Transport", an "Options" under each command's page. Their text rarely names whose they are; their heading trail does.
Two sections of one title are twins; each is owned by the words of its trail's first heading that differs from the
other's, less the words they share ("wsgi" and "asgi" of "WSGI Transport" and "ASGI Transport"), compared by stem (a
sentence's "WebSocket" is "WebSockets", an owner's). A clause of the
sentence (between commas, semicolons, "while" and "whereas") that cites one twin and writes all of the other's owner
words and none of its own is held when it restates (`align.aligned`, by its other words) a unit of the cited twin alone,
not one of the other twin's (cited or not), and the cited twin's text writes none of the other's owner words: "The ASGI
transport takes the client address as `remote_addr`" where the WSGI section says "setting remote_addr" and the ASGI
one "setting client".
What it cannot do: read twins whose trails differ only in words they share, a thing named by other words than its
heading's, or a fact both twins tell (the sentence is then true of both, and passes).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from docent.schema import RecordSection

from .. import align
from ..clause_spans import clauses
from ..mentions import Mentions
from ..passage import Passage, Unit
from ..words import fold
from .kin import Index, Kin, cites, kept, words
from .types import Hold, Reading, Rule, Verdict
from .verbatim import copied

_LEAST = 3  # the fewest content stems a clause needs to be aligned
_MOST = 6  # twins of one title the rule reads
_KEY = object()  # the bundle's twins, kept with its mentions (`Mentions.cues`)


def check(sentence: Reading) -> Verdict:
    mentions, ids = sentence.grounds.mentions, sentence.ids
    twins = index(mentions)
    if cites(ids, twins) and held(sentence.written, ids, twins, mentions.passages) and not copied(sentence):
        return Hold("actor")
    return None


RULE: Rule = Rule("actor", check, cited=True, sure=False)  # unsure: whose fact the sentence tells is a reading of its meaning


def held(said: Unit, ids: Sequence[str], twins: Mapping[str, list[Kin]], passages: Mapping[str, Passage]) -> bool:
    return any(_told_of_twin(said, clause, ids, twins, passages) for clause in clauses(said.text))


def _told_of_twin(said: Unit, clause: tuple[int, int], ids: Sequence[str], twins: Mapping[str, list[Kin]],
                  passages: Mapping[str, Passage]) -> bool:
    start, end = clause
    tokens = [t for t in said.tokens if start <= t.start < end]
    folded = {fold(t.word) for t in tokens}  # owners are compared by stem: "the WebSocket URL" is the WebSockets'
    for sid in ids:
        for other, own, theirs in twins.get(sid, ()):
            if not theirs <= folded or own & folded:
                continue
            passage = passages[sid]
            if any(fold(w) in theirs for w in passage.words):
                continue  # the cited twin names the other's thing itself: it may tell its fact
            content = frozenset(t.stem for t in tokens if t.stem and fold(t.word) not in theirs)
            if len(content) < _LEAST:
                continue
            found = align.aligned(content, [passage, passages[other]])
            if found and all(a.section == 0 for a in found):
                return True
    return False


def index(mentions: Mentions) -> Index:
    """The bundle's twins (`kin.kept`)."""
    return kept(mentions, _KEY, _twins)


def _twins(record: Mapping[str, RecordSection]) -> Index:
    """Each section with a twin: the sections of its title whose trails differ, with each side's owner words."""
    by_title: dict[str, list[RecordSection]] = {}
    for s in record.values():
        by_title.setdefault(s.title.lower(), []).append(s)
    out: Index = {}
    for group in by_title.values():
        if len(group) < 2 or len(group) > _MOST:
            continue  # a title every page has ("Example") names no alike things
        for s in group:
            for t in group:
                owners = _owners(s.headings, t.headings) if s is not t else None
                if owners is not None:
                    out.setdefault(s.id, []).append((t.id, *owners))
    return out


def _owners(mine: Sequence[str], theirs: Sequence[str]) -> tuple[frozenset[str], frozenset[str]] | None:
    """The words of the first heading where two trails of one depth differ, less those they share and the title's:
    ("wsgi", "asgi"). Trails of two depths ("Cron › Cron Connector", "Triggers › OpenFaaS Pro triggers › Cron
    Connector") are no twins: a page and a part of another."""
    if len(mine) != len(theirs) or len(mine) < 2:
        return None
    title = words(mine[-1])
    for a, b in zip(mine[:-1], theirs[:-1], strict=True):
        if a.lower() == b.lower():
            continue
        own, other = words(a) - title, words(b) - title
        own, other = own - other, other - own
        return (own, other) if own and other else None
    return None
