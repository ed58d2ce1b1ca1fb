"""The pairing rule: two names the sentence pairs that the cited sections pair with others.

Documentation maps names to names, a row or an item each ("DNSMASQ_LISTENING: New Variable FTLCONF_dns_listeningMode",
"INTERFACE: New Variable FTLCONF_dns_interface"). A clause of the sentence (between commas, semicolons, "while" and
"whereas") that names two code names A and B (an option, a dotted or underscored identifier, a capital inside: not of
one family) is held when no unit of the cited sections writes both, the one unit that writes A writes another name of
B's family instead (`siblings.kin`: "FTLCONF_dns_listeningMode" for "FTLCONF_dns_interface"), which the sentence does not
write, and another unit writes B: "the old `DNSMASQ_LISTENING` variable is replaced by `FTLCONF_dns_interface`".
What it cannot do: read names written as common words or capitalised words, a pair told across two clauses, or a
name several units write (its pair is then not one); it lets those through.
"""

from __future__ import annotations

from collections.abc import Sequence, Set

from .clause_spans import clauses
from .passage import Passage, Unit
from .siblings import Name, kin, names, section_cues, unit_names

WITH_CODE = True  # the names are most often the sentence's inline code, which the sections write as words

__all__ = ["held", "section_cues", "wakes"]


def wakes(words: Set[str], stems: Set[str], sections: Sequence[Passage]) -> bool:
    return True  # the section cues (`siblings.section_cues`: the words of the names they write) do the sifting


def held(said: Unit, sections: Sequence[Passage]) -> bool:
    mine = [n for n in names(said.text) if n.kind != "name"]
    if len(mine) < 2:
        return False
    written = {n.text for n in mine}
    units = [_raw(u.text, found) for p in sections for u, found in zip(p.units, p.facts("unit names", unit_names),
                                                                        strict=True)]
    for start, end in clauses(said.text):
        clause = _raw(said.text, [n for n in mine if start <= n.start < end])
        if any(_paired_otherwise(a, b, units, written) for a in clause.items() for b in clause.items() if a != b):
            return True
    return False


def _raw(text: str, found: Sequence[Name]) -> dict[str, str]:
    """The code names, lower case, each with its first spelling as written (its family is read in its capitals)."""
    out: dict[str, str] = {}
    for n in found:
        if n.kind != "name":
            out.setdefault(n.text, text[n.start : n.end])
    return out


def _paired_otherwise(a: tuple[str, str], b: tuple[str, str], units: list[dict[str, str]], written: Set[str]) -> bool:
    """Whether the one unit that writes `a` writes a name of `b`'s family the sentence does not, no unit writes both,
    and another unit writes `b` (each name lower case and as written)."""
    if kin(a[1], b[1]):
        return False  # names of one family side by side: a list of alike things, no pair
    with_a = [u for u in units if a[0] in u]
    if len(with_a) != 1 or b[0] in with_a[0] or not any(b[0] in u for u in units):
        return False
    return any(other not in written and kin(raw, b[1]) for other, raw in with_a[0].items() if other != a[0])
