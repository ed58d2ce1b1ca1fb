"""Words documentation uses for one sense ("run" and "execute", "offer" and "provide"), read as one word where a rule
compares two texts' words: the polarity rule its denials (`polarity.py`), the cause rule a section's word (`causes.py`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .words import stems

# "the tasks after it do not get the chance to run" denies what "the following tasks will not get the opportunity to
# be executed" does.
SENSES = (
    "run runs ran running execute executes executed executing",
    "chance chances opportunity opportunities",
    "allow allows allowed permit permits permitted",
    "need needs needed require requires required rely relies relied relying depend depends depended depending",
    "start starts started begin begins began",
    "show shows shown display displays displayed",
    "stop stops stopped halt halts halted",
    "modify modifies modified modifying adjust adjusts adjusted adjusting alter alters altered altering",
    "retry retries retried retrying rerun reruns rerunning",
    "provide provides provided providing offer offers offered offering",
)
_sense_of: dict[int, dict[str, str]] = {}
_kin: dict[str, frozenset[str]] = {}


def kin(stem: str) -> frozenset[str]:
    """The stems of the words of one sense with a stem (`SENSES`: "offer" with "provide"), or none: what the cause
    rule reads as the sections' word too."""
    if not _kin:
        senses = of(stems)
        for form, sense in senses.items():
            _kin[form] = _kin.get(form, frozenset()) | {f for f, s in senses.items() if s == sense}
    return _kin.get(stem, frozenset())


def of(stems: Callable[[str], Iterable[str]]) -> dict[str, str]:
    """Each form of a word of `SENSES`, stemmed by `stems`, to its sense (the first word of its group)."""
    made = _sense_of.get(id(stems))
    if made is None:
        made = _sense_of[id(stems)] = {}
        for group in SENSES:
            forms = [x for w in group.split() for x in stems(w)]
            made.update((form, forms[0]) for form in forms)
    return made
