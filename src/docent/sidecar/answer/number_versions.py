"""The figures a text writes as versions ("version 1.10", "Python 3.6", "Django Ninja 1.0", "v2"), for `numbers`: a
version is compared by its parts as whole numbers (1.10 is no 1.1, and 2.0 is 2), and a bare figure of a sentence
written as one is also that version (`read`); a section's version named by its letter states it (`lettered`).
"""

from __future__ import annotations

import re

from .number_values import Quantity
from .words import STOP_WORDS


def read(
    text: str, out: tuple[Quantity, ...], found: list[tuple[int, int, Quantity]], written: str,
    project: tuple[tuple[str, ...], ...],
) -> tuple[Quantity, ...]:
    """A sentence's quantities (`out`, each where `found` places it) with each bare figure written as a version also
    read as that version; `written`: the text as written where `text` has the site's names masked."""
    # each bare figure is the version written as it is ("1.10" and "1.1" of one sentence are two, though one float)
    figures = [None if q.unit else _FIGURE.match(text, start) for q, (start, _, _) in zip(out, found, strict=True)]
    written = written or text  # as written, the site's names not masked: "Django Ninja 1.0"
    if not _may_be_versions(figures, written):
        return out
    versions = _versions(written, project)
    if not versions:
        return out
    return tuple(Quantity(q.value, "", q.raw, (*q.other, versions[f[0]]))
                 if f is not None and f[0] in versions and versions[f[0]].value == q.raw else q
                 for q, f in zip(out, figures, strict=True))


def _may_be_versions(figures: list[re.Match[str] | None], written: str) -> bool:
    """Whether a bare figure may be one `_versions` reads: a dotted one, or any after version wording, each of whose
    words (`_AS_VERSION`'s "version", "v", "ver.", "release") holds a "v" or "elease". Most sentences' figures are
    neither ("in 2010, e.g. for 3.5 years"), and are spared the patterns."""
    if any(f is not None and "." in f[0] for f in figures):
        return True
    return "v" in written or "V" in written or "elease" in written


# A version named by its letter: "V1", "v2.3" (not "v1.2.3", whose number no sentence writes as one figure), a
# sentence's period after it ("new in v2.").
_VERSION = re.compile(r"(?<![\w.])[vV](\d+(?:\.\d+)?)(?!\w|\.\d)")
# A figure written as a version: after "version", "release" or "v" ("version 1", "release 2", "v 3"); a dotted one
# after "Python", "since", "as of" or "until" ("Python 3.6", "as of 1.0"), or after the project's name ("Django Ninja
# 1.0", `_named`). Not after any capitalised word: "Set 1.5 as the ratio" states a ratio.
_AS_VERSION = re.compile(
    r"\b(?:[Vv]ersions?|[Rr]eleases?|v|ver\.?)\s+(\d+(?:\.\d+)?)(?!\.?\d)"
    r"|\b(?:[Pp]ython|[Ss]ince|[Aa]s of|[Uu]ntil|[Tt]ill)\s+(\d+\.\d+)(?!\.?\d)"
)
_DOTTED = re.compile(r"\d\.\d")
_FIGURE = re.compile(r"\d+(?:\.\d+)?")  # a figure's digits as a version writes them, where the figure starts


def _versions(text: str, project: tuple[tuple[str, ...], ...] = ()) -> dict[str, Quantity]:
    """The figures a text writes as versions (`_AS_VERSION`), by the figure as written ("1.10"): a text that writes
    1.1 and 1.10 states two versions of one float. Most texts have no dotted figure nor any of its words, and are
    spared the patterns."""
    dotted = _DOTTED.search(text)
    if not (dotted or "ersion" in text or "elease" in text or "v " in text or "ver." in text):
        return {}
    written = [m[1] or m[2] for m in _AS_VERSION.finditer(text) if m[2] or not _owned(text, m.start(), project)]
    if dotted and project:
        written += _named(project).findall(text)
    return {figure: _version(figure) for figure in written}


def _named(project: tuple[tuple[str, ...], ...]) -> re.Pattern[str]:
    """A dotted figure after one of the project's names, its words apart by blanks or hyphens, in either case."""
    pattern = _NAMED.get(project)
    if pattern is None:
        names = "|".join(r"[\s-]+".join(map(re.escape, words)) for words in project)
        pattern = re.compile(rf"(?i:\b(?:{names}))\s+(\d+\.\d+)(?!\.?\d)")
        if len(_NAMED) < 64:  # a few sites a process: bounded all the same
            _NAMED[project] = pattern
    return pattern


_NAMED: dict[tuple[tuple[str, ...], ...], re.Pattern[str]] = {}
# "Kubernetes version 1.28" is Kubernetes' version, as "Kubernetes 1.28" is: after another thing's name (a capitalised
# word no function word, no version wording) "version" names that thing's release, not the project's, and the figure
# is read as "Kubernetes 1.28" is, no version a section's "v1.28" vouches for. "Python version 3.8", "Since version 2"
# and the project's own "Django Ninja version 1.0" are versions, as "Python 3.8" and "Django Ninja 1.0" are.
_NAME_BEFORE = re.compile(r"(?<![\w.+-])([A-Z][\w.+-]*)\s+$")


def _owned(text: str, start: int, project: tuple[tuple[str, ...], ...]) -> bool:
    """Whether the version wording at `start` follows the name of a thing other than the project."""
    name = _NAME_BEFORE.search(text, max(0, start - 40), start)
    if name is None or name[1].lower() in STOP_WORDS or _AS_VERSION.match(f"{name[1]} 1.0"):
        return False
    said = f"{text[max(0, start - 60) : start]}1.0"  # the project's name right before: its own release
    return not (project and any(m.end() == len(said) for m in _named(project).finditer(said)))


def _version(written: str) -> Quantity:
    """A version as written ("1.10"), compared by its parts as whole numbers: 1.10 is no 1.1, and 2.0 is 2."""
    parts = [int(p) for p in written.split(".")]
    while len(parts) > 1 and not parts[-1]:
        parts.pop()
    value = float(written)
    return Quantity(value, "version", value, parts=tuple(parts))


def lettered(text: str) -> set[Quantity]:
    """The versions a text names by their letter ("What's new in V1", "v2.3")."""
    return {_version(m[1]) for m in _VERSION.finditer(text)} if "v" in text.lower() else set()
