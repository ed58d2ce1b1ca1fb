"""`polarity`: a cited sentence makes no denial its sections do not make, and says not the opposite of what they say."""

from __future__ import annotations

import re
from collections.abc import Set

from .. import contradictions, meta, opposites, polarity
from ..passage import Passage
from ..roles import FORMS
from ..words import dotted, stem, stems
from .alternatives import chosen, contrasted
from .denying import sentence_denials
from .refusals import turned
from .reworded import affirming, reworded
from .types import NOT, UN, Hold, Reading, Rule, Verdict


def check(sentence: Reading) -> Verdict:
    return Hold("polarity") if flipped(sentence) or _either_way(sentence) else None


# What wakes the rule (`rules.checks`): a sentence that denies (`polarity.negates`: one of its words, or a contraction:
# the cue scan's mark), says "whether or not" (`_either_way`), or says an "un-" word (`opposites.opposed`); else only
# what its cited sections give (`section_cues`).
CUES = polarity.NEGATING_WORDS | {"whether", NOT, UN}
_ROLE_STEMS = frozenset(stem(form) for form in FORMS)  # a sentence's roles are said words too (`flipped`)


def section_cues(passage: Passage) -> tuple[Set[str], Set[str]] | None:
    """A sentence that denies nothing is held for a section only where it affirms what the section denies, saying
    every word of one of its heads (`record_denials.heads`, `contradictions.contradicts`), or says the opposite word
    of one the section writes (`_opposed`, `opposites.opposed_cues`): the stems of which it must then say one, met with
    its own (`Reading.said`). A head that a sentence's roles or dotted names (`flipped`'s words beside its stems) may
    fill without such a stem wakes the rule for any sentence (None)."""
    heads, words = passage.memo.get("heads"), passage.memo.get("context")
    if not isinstance(heads, tuple) or not isinstance(words, frozenset):
        return None
    found = set(opposites.opposed_cues(words, stems))
    if not found.isdisjoint(_ROLE_STEMS):
        return None
    for head, _ in heads:
        own = [s for s in head if s != polarity.UNTIMED and "." not in s and s not in _ROLE_STEMS]
        if not own:
            return None
        found.update(own)
    return frozenset(), frozenset(found)


def _either_way(sentence: Reading) -> bool:
    """ "Whether or not you list them" (no denial, `polarity.NEGATOR`) where the cited unit that restates the sentence
    does not say either way ("regardless if they're linked ... or not"): a claim that it holds in both cases, which
    they do not make. Two units may say it: the one sharing most of the main clause's words (the sentence less its
    "whether or not" clause: "Warnings are logged either way" for "warnings are logged whether or not strict mode is
    enabled") or most of the clause's own. A section's "regardless of the theme" says nothing either way of "a page is
    built whether or not it is listed in the nav", which its other unit makes a condition ("built only if it is listed
    in the nav")."""
    if "whether" not in sentence.plain_words:
        return False
    found = _WHETHER.search(sentence.text)
    if found is None:
        return False
    text = sentence.text
    rest = _CLAUSE_END.split(text[found.end():], 1)
    clause = stems(rest[0])
    main = stems(text[:found.start()] + (" " + rest[1] if len(rest) > 1 else "")) & sentence.said
    units = [((len(main & u.stems), len(clause & u.stems)), u.text) for p in sentence.passages for u in p.units]
    for key in (lambda s: s, lambda s: (s[1], s[0])):
        best = max((key(score) for score, _ in units), default=None)
        if any(key(score) == best and _EITHER_WAY.search(unit) for score, unit in units):
            return False
    return True


def flipped(sentence: Reading) -> bool:
    """A denial the cited sections do not make, or the opposite of what they say."""
    mentions, text, ids = sentence.grounds.mentions, sentence.text, sentence.ids
    masked_words = sentence.said if text == sentence.source else stems(text)
    # "manager" is a form of the "managing" a record denies: role words fold to one form for this rule.
    said_roles = sentence.roles
    said_words = masked_words | {stem(form) for form in said_roles} if said_roles else masked_words
    sections = [mentions.words[sid] for sid in ids]
    said, said_words = _claimed(sentence_denials(sentence), said_words, sections, sentence)
    heads = [head for sid in ids for head in mentions.heads[sid]]
    if (said or heads) and _contradicted(sentence, said, said_words, masked_words, heads):
        return not meta.contrasts_only(sentence.source)  # "The record gives it per day, not per second."
    return _opposed(sentence, said_words, sections, said)


def _contradicted(
    sentence: Reading, said: tuple[polarity.Denial, ...], said_words: set[str], masked_words: set[str],
    heads: list[tuple[frozenset[str], frozenset[str]]],
) -> bool:
    """A denial the cited sections do not make, or what they deny affirmed, as the polarity module compares them,
    unless the sentence says it otherwise, as a choice, near the denial, by an affix, or turned down."""
    mentions, text, ids = sentence.grounds.mentions, sentence.text, sentence.ids
    denied = [scope for sid in ids for scope in mentions.denied[sid]]
    role_stems = said_words - masked_words

    # What a sentence that denies nothing affirms is read with the site's names in it: "Requests built with
    # APIRequestFactory have CSRF validation applied" affirms what "will not have CSRF validation" denies.
    read = text if said else sentence.source
    words = said_words if said else said_words | (stems(read) if read != text else set()) | dotted(read)

    def clauses() -> list[set[str]]:
        return [c | role_stems for c in contradictions.clause_stems(read, stems)]

    timed = bool(sentence.plain_words & polarity.TIMED)
    return (contradictions.contradicts(said, words, denied, heads, clauses, stems, timed=timed)
            and not _otherwise(sentence, said, denied) and not chosen(sentence, said, denied)
            and not _near(sentence, said, denied) and not _affixed(sentence, said)
            and not turned(sentence, said, heads) and not reworded(sentence, said)
            or _affirmed(sentence, said, denied))


def _opposed(
    sentence: Reading, said_words: set[str], sections: list[frozenset[str]], said: tuple[polarity.Denial, ...],
) -> bool:
    """The opposite word of the sections, said where the sentence's claim is: in a unit that restates it, not anywhere
    in its sections ("any line indented by four spaces continues the value" against "The first blank line ends all
    meta-data", two sentences away from "If a line is indented by 4 or more spaces, ... the value"); or in the unit
    that restates it best, which does not say the sentence's word either. A word the sentence denies (in `said`) is no
    word it says: "never fell back" says no "fell" against the sections' "rose"."""
    mentions, ids = sentence.grounds.mentions, sentence.ids

    def denies(word: str) -> bool:
        return any(word in d.scope for sid in ids for d in mentions.denied[sid])

    def has(word: str) -> bool:
        return any(word in w for w in sections)

    un_words, told = mentions.un_words, said_words.difference(*(d.scope for d in said))
    if not opposites.opposed(told, has, stems, un_words, denies):
        return False
    near, best = _restating(said_words, sentence)
    return (opposites.opposed(told, has, stems, un_words, denies, lambda word: any(word in u for u in near))
            or opposites.opposed(told, lambda word: any(word in u for u in best), stems, un_words, denies))


def _restating(words: set[str], sentence: Reading) -> tuple[list[frozenset[str]], list[frozenset[str]]]:
    """The stems of the cited units that restate the sentence (that share with it two of its words, and half as many
    as the unit sharing the most: "continued after the fourteen services moved off files" restates two), and of
    those sharing the most."""
    units = [(len(words & u.stems), u.stems) for p in sentence.passages for u in p.units]
    most = max((n for n, _ in units), default=0)
    return [u for n, u in units if n >= 2 and n * 2 >= most], [u for n, u in units if n == most]


def _near(sentence: Reading, said: tuple[polarity.Denial, ...], denied: list[polarity.Denial]) -> bool:
    """ "On Windows, uv doesn't handle Ctrl-C itself" where the section says "uv ignores Ctrl-C events" beside "these
    concepts do not apply": a sentence's one denial told in other words than a cited denial of the same things (two
    words of either, one of them denied by the sentence), whose deed no cited clause affirms, is not decided here. The
    deed of "ships no container image" is its verb, "ships", not the first word it denies."""
    claims = [d for d in said if d.scope and not d.condition and not d.option]
    claims = [d for d in claims if not d.opening] or claims  # "When no environment is active, ...": the scene
    if len(claims) != 1 or claims[0].instead:
        return False
    (mine,) = claims
    told = mine.scope | mine.before
    if not any(len(told & (d.scope | d.before)) >= 2 and mine.scope & (d.scope | d.before) for d in denied):
        return False
    deed = mine.deed or mine.head  # "ships no container image" is told by its "ships"
    rest = told - {deed}
    return not any(deed in c and rest & c for p in sentence.passages for u in p.units if deed in u.stems
                   for c in affirming(u.text))


def _affixed(sentence: Reading, said: tuple[polarity.Denial, ...]) -> bool:
    """ "POP3 is not enabled by default" where a cited unit says "POP3 is disabled by default", "is not supported" for
    "is unsupported", "is not required" for "is optional": a denial told as the word its section writes in the
    negative (its head with "un", "in", "dis", "non" before it, or its counterpart of `_NEGATIVE`), of the same thing
    (another word of the denial in that unit), in a unit that negates nothing (not "is not disabled")."""
    claims = [d for d in said if d.scope and not d.condition and not d.option and not d.instead]
    if not claims or any(d.joined for d in claims):
        return False
    units = [u for p in sentence.passages for u in p.units]
    for d in claims:
        other = (d.scope | d.before) - {d.head}
        negative = {prefix + d.head for prefix in _PREFIXES} | _NEGATIVE.get(d.head, frozenset())
        if other and any(negative & u.stems and other & u.stems and not polarity.negates(u.text) for u in units):
            return True
    return False


_PREFIXES = ("un", "in", "im", "dis", "non")
_NEGATIVE = {  # a stem and the stems of the words that say it in the negative, besides its prefixed forms
    "enabl": frozenset(("disabl",)), "includ": frozenset(("exclud",)), "requir": frozenset(("optional",)),
    "need": frozenset(("optional",)), "allow": frozenset(("forbid", "prohibit")),
}


def _affirmed(sentence: Reading, said: tuple[polarity.Denial, ...], denied: list[polarity.Denial]) -> bool:
    """A denial no section's shares two words with (backed by its first word and what it is said of, or by "it"),
    whose words a cited sentence says of the same thing with no negation: "it does not support jobs" where "The
    scheduler supports jobs" stands beside "The scheduler does not support reports"; not where "a relay publishes"
    what "services never publish"."""
    weak = [d for d in said if len(d.scope) >= 2 and not d.instead and not d.condition
            and not any(contradictions.same(d.scope, theirs.scope) for theirs in denied) and not contrasted(d, sentence)]
    return any(d.scope <= u.stems and (d.before or sentence.said - d.scope) & u.stems and not polarity.negates(u.text)
               for d in weak for p in sentence.passages for u in p.units)


def _claimed(
    said: tuple[polarity.Denial, ...], words: set[str], sections: list[frozenset[str]], sentence: Reading,
) -> tuple[tuple[polarity.Denial, ...], set[str]]:
    """The sentence's denials and words less the alternatives it turns down: "fell rather than rose" claims no
    "rose", and "in order of arrival rather than at random" nothing of "random", which no cited section says."""
    down = [d for d in said if _turned_down(d) or _foil(d, sections) or _opposite_said(d, sections) or _unwritten(d, sections)
            or _contrast_kept(d, words, sentence)]
    if not down:
        return said, words
    return tuple(d for d in said if d not in down), words - {w for d in down for w in d.scope}


def _contrast_kept(denial: polarity.Denial, words: set[str], sentence: Reading) -> bool:
    """ "A rather than B" (or "instead of B") where the cited unit that restates the sentence best, its B left out,
    says A and none of B's own words, and affirms no denial: the section tells B of another case ("When using REST
    framework, CSRF validation takes place inside the view" beside Django's "in middleware"), and the sentence keeps
    its contrast, where each unit that tells B lacks a word the restating unit shares with the sentence besides A (the
    case, "REST framework"): "set on each view instead of globally" against "The limit may be set globally" is still
    read as a denial. B's own words are those the sentence says nowhere else ("token" of "the built-in token
    authentication" is also the sentence's "one token per user"). Told the other way round ("in middleware rather than
    inside the view"), the unit says B and not A: still read as a denial."""
    own = _b_own(denial, sentence)
    if not own:
        return False
    rest = words - denial.scope
    units = [u for p in sentence.passages for u in p.units]
    most = max((len(rest & u.stems) for u in units), default=0)
    best = [u for u in units if most >= 2 and len(rest & u.stems) == most]
    others = [u.stems for u in units if own & u.stems]  # the units that tell B: of another case, which they lack
    return bool(best) and all(
        denial.before & u.stems and not own & u.stems and not polarity.negates(u.text)
        and all((rest & u.stems) - denial.before - other for other in others) for u in best)


def _b_own(denial: polarity.Denial, sentence: Reading) -> frozenset[str]:
    """The words of an "A rather than B" denial's B that the sentence says nowhere before the turn; none where the
    denial is no such contrast."""
    if not denial.instead or denial.option or not denial.scope or not denial.before:
        return frozenset()
    turn = _INSTEAD.search(sentence.text)
    return frozenset(denial.scope - stems(sentence.text[: turn.start()])) if turn else frozenset()


_INSTEAD = re.compile(r"\b(?:rather\s+than|instead\s+of|as\s+opposed\s+to)\b", re.IGNORECASE)


def _unwritten(denial: polarity.Denial, sections: list[frozenset[str]]) -> bool:
    """ "Flags an operation as deprecated without taking it out of the API" where the section says "without removing
    it": a "without" beside a clause, whose deed (its first word) no cited section writes, is told in words the rule
    cannot align; it claims nothing here. One whose deed they write ("publish directly, without writing them to an
    outbox table first") is still read as a denial."""
    return denial.without and not denial.opening and bool(denial.head) and not any(denial.head in w for w in sections)


def _turned_down(denial: polarity.Denial) -> bool:
    """ "Fell rather than rose", "shorter, not longer", "rose without ever falling back": the word denied (with at most
    a particle) is the opposite of a word before it, so the sentence says that word alone (the opposite-word check
    reads it against the sections)."""
    return len(denial.scope) <= 2 and opposites.opposite_in(denial.head, denial.before, stems)


def _opposite_said(denial: polarity.Denial, sections: list[frozenset[str]]) -> bool:
    """ "Both failed to get retries right" where a section says "both got retries wrong": a denied word whose opposite
    a cited section says, with another word of the denial, says what that section says."""
    return any(
        opposites.opposite_in(word, words, stems) and bool(denial.scope - {word} & words)
        for word in denial.scope for words in sections
    )


def _foil(denial: polarity.Denial, sections: list[frozenset[str]]) -> bool:
    """ "A rather than B" (or "instead of B") where no cited section says a word of B: B is the sentence's contrast,
    no claim about them, and A is read as what it affirms. A B whose words they say is still read as a denial."""
    return denial.instead and bool(denial.scope) and not any(denial.scope & words for words in sections)


def _otherwise(sentence: Reading, said: tuple[polarity.Denial, ...], denied: list[polarity.Denial]) -> bool:
    """The sentence's denials are the sections' own when read with its inline code's words back in place ("run with
    `def` instead of `async def`" against "using def instead of async def"), or with the site's names it masks left
    in ("there is no request instance" where a page is named Requests)."""
    if not said:
        return False
    readings = []
    if sentence.draft.codes:
        readings.append(_with_code(sentence, masked=True))
    if sentence.text != sentence.source:
        readings.append(_with_code(sentence, masked=False))
    for text in readings:
        mine = sentence_denials(sentence, text)
        if mine and not contradictions.contradicts(mine, set(), denied, (), None, stems):
            return True
    return False


_WHETHER = re.compile(r"\bwhether\s+or\s+not\b", re.IGNORECASE)
# What a section says holds either way, which a sentence's "whether or not" restates rather than denies.
_EITHER_WAY = re.compile(r"\b(?:regardless|irrespective|whether\s+or\s+not|either\s+way)\b|\bor\s+not\b", re.IGNORECASE)
_CLAUSE_END = re.compile(r"[,;:.!?]|\[\[")  # where a "whether or not" clause ends


def _with_code(sentence: Reading, masked: bool) -> str:
    """The sentence with its inline code's words back in place, the site's names masked or not. Code that itself
    negates (`is not None`) stays out: it is a value, no denial."""
    draft = sentence.draft
    text, end = [], 0
    for kind, start, stop in draft.spans:
        if kind != "code":
            continue
        code = draft.text[start:stop]
        text += [draft.text[end:start], " " if polarity.negates(code) else code]
        end = stop
    text.append(draft.text[end:])
    return sentence.grounds.site.names.mask("".join(text)) if masked else "".join(text)


RULE: Rule = Rule("polarity", check, cited=True, cues=CUES, section_cues=section_cues, sure=False)  # typed for mypyc (setup.py); unsure: a denial is read from words, in other words
