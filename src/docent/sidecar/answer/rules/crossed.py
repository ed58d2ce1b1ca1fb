"""The crossed rule: what one cited section says of its own thing, told of a thing another cited section names.

Documentation gives each command, option, table or class a section of its own ("Log Flush": "Example Usage: pihole
flush ... empty Pi-hole's log"; "Network Flush": "pihole networkflush --arp ... This command empties Pi-hole's network
table"), and an answer cites two of them side by side. A clause of the sentence whose actor is a name (its subject,
written as code: "`pihole flush` empties ...", "the `remote_branch` setting names ...") is read against the clause of
the cited sections it restates (`align.aligned`, by its words other than the name): it is held when that clause is
in another cited section than the one that writes the name, that section does not write it at all (nor any other
name of the clause), and it writes a name of its family, its own thing (`_sibling`: "pihole networkflush"). The name is "written" by a section whose text holds it as whole words, as the sections'
text has code.
A clause is a run of the sentence between commas, semicolons, "while" and "whereas": "`pihole networkflush` empties
the network table, whereas `pihole flush` empties the log" is two clauses, each its own name's.
What it cannot do: read a name that is not the clause's subject ("run `pihole -g` after editing the adlist table"
names it as an object, and passes), a name no cited section or several write, a fact told across two clauses, or a
fact of one section whose units name several things (the sibling and binding rules read those); a clause that names
things of two sections compares them, and passes.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .. import align
from ..clause_spans import clauses
from ..passage import Passage, Unit
from ..siblings import kin, names, unit_names
from .types import Hold, Reading, Rule, Verdict
from .verbatim import copied

# what may stand before a clause's subject: an article, "old", and the kind of thing the name is
_BEFORE = frozenset("""the a an old new its command option flag setting variable table file key capability class
function method parameter argument module exception""".split())
_LEAST = 3  # the fewest content stems a clause needs to be aligned


def check(sentence: Reading) -> Verdict:
    if len(sentence.ids) < 2:
        return None
    code = tuple((a, b) for kind, a, b in sentence.draft.spans if kind == "code")
    if held(sentence.written, sentence.passages, code) and not copied(sentence):
        return Hold("actor")
    return None


RULE: Rule = Rule("actor", check, cited=True, sure=False)  # unsure: whose fact the sentence tells is a reading of its meaning


def held(said: Unit, sections: Sequence[Passage], code: Sequence[tuple[int, int]] = ()) -> bool:
    """`said`: the sentence as written, its inline code's words in; `code`: where its inline code stands."""
    if len(sections) < 2:
        return False
    text = said.text
    if not code and not any(n.kind != "name" for n in names(text)):
        return False
    lowered = [p.facts("crossed", _lowered) for p in sections]
    return any(_crossed(said, clause, code, sections, lowered) for clause in clauses(text))


def _lowered(passage: Passage) -> str:
    return " ".join((passage.title.text, *(u.text for u in passage.units))).lower()


def _crossed(
    said: Unit, clause: tuple[int, int], code: Sequence[tuple[int, int]], sections: Sequence[Passage], lowered: list[str],
) -> bool:
    start, end = clause
    spans = _names(said.text, start, end, code)
    if not spans or not _subject(said, start, spans[0][0]):
        return False
    writers = [{s for s, text in enumerate(lowered) if _writes(text, name)} for _, _, name in spans]
    owner = writers[0]
    if len(owner) != 1:
        return False
    inside = [(a, b) for a, b, _ in spans]
    content = frozenset(
        t.stem for t in said.tokens
        if t.stem and start <= t.start < end and not any(a <= t.start < b for a, b in inside)
    )
    if len(content) < _LEAST:
        return False
    found = align.aligned(content, sections)
    if len(found) != 1:
        return False
    restated = found[0].section
    if restated in owner or any(restated in w for w in writers):
        return False
    a, b, name = spans[0]
    return _sibling(sections[restated], said.text[a:b].strip(), lowered[restated])


def _names(text: str, start: int, end: int, code: Sequence[tuple[int, int]]) -> list[tuple[int, int, str]]:
    """A clause's names, in order: its inline code, and words written as code ("remote_branch", "--arp")."""
    out = [(a, b, text[a:b].strip().lower()) for a, b in code if start <= a < end]
    for n in names(text[start:end]):
        at = start + n.start
        if n.kind != "name" and not any(a <= at < b for a, b, _ in out):
            out.append((at, start + n.end, n.text))
    return sorted(out)


def _sibling(passage: Passage, name: str, lowered: str) -> bool:
    """The section writes a name of the same family as the sentence's, its own thing: "pihole networkflush" for
    "pihole flush" (a command's first word), "remote_name" for "remote_branch" (in its title too), "ninja.errors.AuthorizationError"
    for "ninja.errors.AuthenticationError" (`siblings.kin`). A section that names no such thing ("an httpx client")
    says what any of them does, and the sentence's name may be one."""
    first, _, rest = name.lower().partition(" ")
    if rest:
        return any(m.group(1) != rest.split()[0] for m in re.finditer(r"(?<![\w-])" + re.escape(first) + r"\s+(\S+)", lowered))
    titled = (passage.title, names(passage.title.text))
    written = zip(passage.units, passage.facts("unit names", unit_names), strict=True)
    return any(n.kind != "name" and kin(name, u.text[n.start : n.end]) for u, found in (titled, *written) for n in found)


def _subject(said: Unit, start: int, at: int) -> bool:
    """The name opens its clause, but for an article and the kind of thing it is ("the old `X` variable")."""
    return all(t.word in _BEFORE for t in said.tokens if start <= t.start < at)


def _writes(text: str, name: str) -> bool:
    """Whether a section's text (lower case) holds the name as whole words."""
    return name in text and re.search(r"(?<![\w-])" + re.escape(name) + r"(?![\w-])", text) is not None
