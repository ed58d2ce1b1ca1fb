"""The contrast classes the alignment compares (`align.py`): one table, data only.

A class is a set of words that can stand in one place of a sentence and change what it says: its poles are the
words that say one thing ("all", "every", "each"), and two poles of one class say different things ("all" and
"some"). A word of one pole where the sentence's aligned clause holds a word of another pole of the same class, in
the corresponding place, is a change of that thing; words of one pole are taken for each other (a paraphrase).
A pole's entry is one word, lower case, as written ("increased" and "increases" are separate entries), or a phrase
with its words joined by "_" ("basis_points").

Each class names the gate's reason for a hold (`policy.AnswerPolicy.HELD`). Within a class a word may sit in one
pole only; a word may be in several classes ("never": a quantifier and a modality).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from .passage import Unit


class Contrast(NamedTuple):
    name: str
    reason: str  # the hold's reason, as the policy words it
    poles: tuple[str, ...]  # each pole's entries, space-separated
    counted: bool = False  # a unit: a figure before it must be the clause's too (a conversion changes the figure)
    figured: bool = False  # a hedge on a figure: its first pole's words count only before one ("about 4 %")


def _verb(*stems: str) -> str:
    """A regular verb's forms: "increase" -> increase increases increased increasing, "lower" -> lower lowers
    lowered lowering."""
    out = []
    for s in stems:
        if s.endswith("e"):
            out += [s, s + "s", s + "d", s[:-1] + "ing"]
        else:
            out += [s, s + "s", s + "ed", s + "ing"]
    return " ".join(out)


CONTRASTS: tuple[Contrast, ...] = (
    # Quantifiers: the whole, most of it, a part, none of it, this one alone.
    Contrast("quantifier", "quantifier", (
        "all every each both whole entire everyone everything any",
        "most majority",
        "some few several a_few one_of",
        "none no nobody nothing neither zero",
        "only solely exclusively at_most up_to nothing_else nothing_but nothing_more",  # "A and nothing else": only A
    )),
    # Degree: wholly, or most of the way ("fully compliant" against "almost completely compliant").
    Contrast("degree", "hedge", (
        "fully completely entirely totally wholly",
        "almost_completely almost_entirely almost_fully nearly_completely nearly_entirely nearly_fully mostly largely "
        "partly partially mainly",
    )),
    # Frequency: how often, a quantifier over times.
    Contrast("frequency", "quantifier", (
        "always invariably",
        "usually often generally mostly most_often typically",
        "sometimes occasionally rarely seldom",
        "never",
    )),
    # Direction of a change or a comparison: up, down.
    Contrast("direction", "direction", (
        "rose risen rise rises rising " + _verb("increase", "bump", "climb", "lengthen", "expand", "extend", "double",
                              "triple") + " grew grown grow grows growing higher larger bigger longer greater more added adds adding",
        "fell fallen " + _verb("fall", "decrease", "lower", "reduce", "shorten", "halve", "narrow", "shrink", "drop")
        + " dropped dropping shrank shrunk cut cuts cutting smaller shorter fewer less narrower",
    )),
    Contrast("level", "direction", (
        "high",
        "low",
    )),
    Contrast("speed", "direction", (
        "faster quicker fast quick quickly rapidly speeds_up",
        "slower slow slowly slows_down",
    )),
    Contrast("quality", "direction", (
        "better improved enhanced stronger easier richer wider broader",
        "worse degraded weaker harder poorer narrower",
    )),
    Contrast("strictness", "direction", (
        "stricter strict rigorous tighter tight more_strict",
        "looser loose lax lenient less_strict less_tight",  # "less strict" says the other pole
    )),
    # Order of events and steps.
    Contrast("order", "order", (
        "before earlier previously prior beforehand ahead_of",
        "after later afterwards afterward subsequently",
    )),
    Contrast("ends", "order", (
        "first",
        "last final",
    )),
    Contrast("entry", "order", (
        "entering enter enters",  # not "entry": a noun of docs ("every entry it writes")
        "exiting exit exits leaving",
    )),
    # Hedges and modality.
    Contrast("estimate", "hedge", figured=True, poles=(
        "about around roughly approximately nearly almost some",
        "exactly precisely",
    )),
    Contrast("certainty", "hedge", (
        "certain certainly definitely surely guaranteed inevitably",
        "likely probably possibly perhaps may might",
    )),
    Contrast("possibility", "hedge", (
        "may might could possibly perhaps",
        "never impossible",
    )),
    Contrast("obligation", "hedge", (
        "must required mandatory necessary needs requires",
        "optional optionally may recommended",
    )),
    # A plan's nouns ("budget", "goal", "target") are docs' nouns too ("the target URL", "a retry budget"): not here.
    Contrast("stage", "hedge", (
        "planned expected projected slated intended intends evaluating exploring considering future proposed aimed",
        "achieved shipped delivered already now completed measured done actual",
    )),
    Contrast("foresight", "hedge", (
        "expected anticipated foresaw predicted",
        "underestimated overlooked unexpected surprised",
    )),
    # Units and scale.
    Contrast("time unit", "number", counted=True, poles=(
        "ms millisecond milliseconds",
        "s sec second seconds",
        "minute minutes min",
        "hour hours",
        "day days daily",
        "week weeks weekly",
        "month months monthly",
        "year years yearly annually",
    )),
    Contrast("size unit", "number", counted=True, poles=(
        "byte bytes",
        "kb kib kilobyte kilobytes",
        "mb mib megabyte megabytes",
        "gb gib gigabyte gigabytes",
    )),
    Contrast("scale", "number", counted=True, poles=(
        "thousand thousands",
        "million millions",
        "billion billions",
    )),
    Contrast("share", "number", counted=True, poles=(
        "percent per_cent %",
        "points basis_points percentage_points",
    )),
    # Negation in other words: the same act or state and its absence.
    Contrast("keeping", "reversal", (
        "kept keep keeps keeping retained continued continues remained stayed",
        "dropped removed stopped discontinued abandoned ended deleted",
    )),
    Contrast("presence", "reversal", (
        "with including includes included",
        "without with_no excluding excludes excluded except",
    )),
    Contrast("switch", "reversal", (
        "enabled enable enables",
        "disabled disable disables",
    )),
    Contrast("default", "reversal", (
        "default",
        "optional opt_in",
    )),
    Contrast("support", "reversal", (
        "supported supports support allowed allows accepted accepts",
        "unsupported rejected rejects forbidden disallowed refused refuses",
    )),
    Contrast("errors", "reversal", (
        "raise raises raised raising",
        "catch catches caught catching swallow swallows suppresses suppressed",
    )),
    Contrast("outcome", "reversal", (
        "succeeded succeeds passed worked",
        "failed fails",
    )),
)
# "except that" qualifies only a likeness told before it; elsewhere ("Every route requires a token, except that the
# health route is open") it is the presence class's "except": what it leaves out is not included.
_LIKENESS = re.compile(r"\b(?:similar|like|same|identical|equivalent|alike)\b", re.IGNORECASE)
# Phrases that begin with a class's word and say none of its poles, each with what the text must say before it for
# that (None: nothing): "accepts any of lax, strict or none" chooses one of a list, as "one of" does, and "any of
# them" may also take each; "similar to X except that" qualifies a likeness (a sentence's "with these differences"),
# no absence. Where neutral, the phrase is read as no contrast word.
# "only then" tells an order (the order rule reads it: "and only then does X"), no quantifier. "No other" is "only"
# after what it sets apart ("backward compatible, no other kind") and "none" in a supposition ("if there is no other
# issue"): it is read as neither.
NEUTRAL: dict[str, re.Pattern[str] | None] = {"any_of": None, "except_that": _LIKENESS, "only_then": None,
                                              "no_other": None}


def neutral_at(words: tuple[str, ...], text: str, start: int) -> bool:
    """Whether a phrase of `NEUTRAL` at `start` of `text` is neutral there (what it needs before it is written)."""
    before = NEUTRAL["_".join(words)]
    return before is None or before.search(text, 0, start) is not None


_QUANTIFIER = next(k for k, c in enumerate(CONTRASTS) if c.name == "quantifier")
_ONLY = CONTRASTS[_QUANTIFIER].poles.index("only solely exclusively at_most up_to nothing_else nothing_but nothing_more")
_WHOLE_OR_NONE = frozenset((0, CONTRASTS[_QUANTIFIER].poles.index("none no nobody nothing neither zero")))
_EXCEPT = re.compile(r"\b(?:other\s+than|except|apart\s+from|besides|save\s+for)\b", re.IGNORECASE)


def excepted(said: tuple[int, int], theirs: tuple[int, int], clause: Unit, at: int, sentence: Unit, only: int) -> bool:
    """ "The only way to speed that up is restarting" where a clause (its word at token `at`) says "there is no way to
    speed this up, other than restarting": "no" or "all" with an exception after it says "only" in other words, of
    what the exception names. The sentence's way is its words after "only" (its token `only`) and the "is" or "by"
    that follows it, and an aside set off by a comma before that verb (else its words before "only"); it names the
    exception where it writes the exception phrase's first word of substance ("restart") or half of its words (to its
    comma): "the only way to speed up a function's secrets is to wait" or "... is to delete the Function" tells no
    exception of theirs. `said` and `theirs`: the two words' class and pole."""
    if not (said[0] == theirs[0] == _QUANTIFIER and said[1] == _ONLY and theirs[1] in _WHOLE_OR_NONE):
        return False
    found = _EXCEPT.search(clause.text, clause.tokens[at].start)
    if found is None:
        return False
    stop = _PHRASE_END.search(clause.text, found.end())
    end = len(clause.text) if stop is None else stop.start()
    phrase = [t.stem for t in clause.tokens if t.stem and found.end() <= t.start < end]
    if not phrase:
        return False
    after = sentence.tokens[only + 1:]
    way = next((k for k, t in enumerate(after) if t.word in _WAY_VERBS), None)
    if way is None:
        named = list(sentence.tokens[:only])  # "Restarting it is the only way"
    else:  # and an aside before the verb: "the only way to speed that up, restarting the Pod, is not recommended"
        comma = sentence.text.find(",", after[0].start, after[way].start)
        named = [t for t in after if t.start > after[way].start or 0 <= comma < t.start]
    words = {t.stem for t in named if t.stem}
    return phrase[0] in words or 2 * len(words & set(phrase)) >= len(set(phrase))


_WAY_VERBS = frozenset(("is", "are", "was", "be", "by"))  # "the only way ... is restarting", "... only by restarting"
_PHRASE_END = re.compile(r"[,;:.!?]")
