"""The gate's rules, one module per rule, in one table.

A rule reads a sentence (`types.Reading`: its masked text, its terms, numbers, words and roles, each read once) and
the grounds the answer stands on so far (`types.Grounds`), and says `Hold(reason)`, `SHOW`, or None to leave it to
the next rule. The gate asks them in the order of `RULES`; the first that says something decides, and a sentence
no rule holds is shown. A rule reads every sentence, or only those that cite a section (`cited=True`), or only
those that cite none (`cited=False`). To add a rule: write its module, ending in `RULE = Rule(...)`, and add it to
`RULES` where it should be asked.
"""

from __future__ import annotations

from collections.abc import Sequence

from .. import (
    actors,
    antonyms,
    apart,
    bindings,
    causes,
    converse,
    direction,
    hedges,
    included,
    likeness,
    maturity,
    needs,
    order,
    order_lines,
    pairings,
    parallels,
    permissions,
    precedence,
    predicates,
    preferences,
    quantifiers,
    rates,
    restricted,
    reversal,
    siblings,
    swaps,
    undenied,
)
from ..mentions import Mentions
from . import (
    cells,
    code_term,
    confirmation,
    connective,
    contrast,
    crossed,
    defaults,
    elsewhere,
    first_person,
    markup,
    neighbours,
    no_overlap,
    number,
    polarity,
    proper_name,
    role,
    twins,
    unknown_term,
)
from .construction import rule
from .dispatch import SETS_KEPT, Check, checks, cues_of, first
from .types import PLAIN, SHOW, Draft, Grounds, Hold, Reading, Rule, Show, Verdict

# The construction rules (issue 21), each a module beside the core (`construction.py` says how one is made); asked
# last, for cited sentences.
CONSTRUCTIONS: tuple[Rule, ...] = (
    rule("rate", rates),
    rule("hedge", hedges),
    rule("hedge", maturity),  # "stable" where the sections say "experimental", "supported" where "unsupported"
    rule("quantifier", quantifiers),
    rule("quantifier", included),  # a whole told to take in a case the sections leave out
    rule("quantifier", restricted),  # a whole told of what the restated unit restricts: "all *.py files"
    rule("reversal", reversal),
    rule("reversal", preferences),
    rule("opposite", likeness),  # "like X" where the sections say "unlike X", and the reverse
    rule("direction", direction),
    rule("direction", apart),  # a comparison made the wrong way from figures the sections state apart
    rule("direction", precedence),  # which of two things wins told the other way round: "A takes precedence over B"
    rule("direction", converse),  # a comparison of two named things turned: "B is more secure than A"
    rule("order", order),
    rule("order", order_lines),  # named steps: runs of words a unit writes in a row, inline code read as written
    rule("direction", bindings),  # a figure or a row bound to the other alternative; after order's "the first N"
    rule("actor", actors),
    rule("actor", siblings),  # a fact of one name told of its sibling, another name the sections write
    rule("actor", pairings),  # two names paired that the sections pair with others: "A is replaced by B"
    crossed.RULE,  # a fact of one cited section told of the name another cited section writes
    twins.RULE,  # a fact of one twin section told of the thing its twin's heading names
    neighbours.RULE,  # a fact of a sibling section told of the thing the cited section's title names
    rule("actor", swaps),  # two things' facts told of each other: "A does P, while B does Q"
    rule("actor", parallels),  # one of two alike units named, the other's facts told of it: uvx's cache for `uv tool install`
    defaults.RULE,  # one option's default told of another: "`timeout` defaults to 30s" where `interval` does
    cells.RULE,  # a table's row told with a value its cells give another row or column: "POP3 — enabled by default Yes"
    rule("cause", causes),
    contrast.RULE,  # the alignment: a word of a contrast class told differently from the clause restated
    rule("opposite", antonyms),  # a word whose WordNet opposite the clause restated writes in its place
    rule("polarity", predicates),  # the opposite predicate of the clause restated, in other words: "dropped" for "kept"
    rule("hedge", permissions),  # a choice ("optional", "may also") where the sections give none
    rule("polarity", needs),  # a need affirmed that the sections deny in other words ("without needing to X")
    rule("polarity", undenied),  # the clause restated denies what the sentence affirms, in no denying word
    elsewhere.RULE,  # a fact of a few other sections, two words side by side that no cited section writes
)

RULES: tuple[Rule, ...] = (
    markup.RULE,
    first_person.RULE,
    confirmation.RULE,  # uncited: a confirmation of an action is shown before the connective's limits
    connective.RULE,  # uncited
    code_term.UNCITED,
    unknown_term.RULE,
    code_term.CITED,
    no_overlap.RULE,  # cited
    proper_name.RULE,
    number.RULE,
    polarity.RULE,  # cited
    role.RULE,  # cited
    *CONSTRUCTIONS,
)
# The rules the dispatch asks for every sentence they read (`Rule.cited`), whatever it says: each says so here, with
# why no cue decides it; every other rule of the table declares what wakes it (`Rule.cues`, `Rule.section_cues`, the
# cue scan's marks), so that a sentence without its cues never runs it (`checks`).
ALWAYS: tuple[Rule, ...] = (
    markup.RULE,  # cheap: three character tests before its pattern ("<" and ">", "![", ":"), in no word
    confirmation.RULE,  # uncited: reads the turn's actions, not the sentence's words
    connective.RULE,  # uncited: counts the words of every sentence that cites nothing
    code_term.UNCITED,  # inline code, which the prose's words do not hold
    unknown_term.RULE,  # the lexicon's terms (`Reading.named`), found by the lexicon's own index of its words
    code_term.CITED,
    no_overlap.RULE,  # every cited sentence must share a word with its sections
    proper_name.RULE,  # capitalised words, read from the text as written
    number.RULE,  # figures and number words, which `Reading.numbers` sifts by its own test (`number_words.may_state`)
    crossed.RULE,  # reads names written as code or capitalised, and leaves at once a sentence citing one section
    twins.RULE,  # leaves at once a sentence citing no section with a twin
    neighbours.RULE,  # leaves at once a sentence citing no section with a sibling
    contrast.RULE,  # a contrast word or any of the record's names, and any sentence whose first stem opens a unit
    elsewhere.RULE,  # leaves at once a sentence with fewer than two words its sections do not write
)
# The rules whose holds stand with the model check on too (`Rule.sure`); a sentence only the others hold is referred.
RULES_SURE: tuple[Rule, ...] = tuple(r for r in RULES if r.sure)


def prepare(mentions: Mentions, rules: Sequence[Rule] = RULES) -> None:
    """Each section's cues for each rule that takes them (`Rule.section_cues`), made with the bundle (`Bundle.warm`)
    rather than in the first question that cites the section."""
    for r in rules:
        if r.section_cues is not None:
            for sid in mentions.record:
                cues_of(mentions, r.section_cues, sid)
    if elsewhere.RULE in rules:
        elsewhere.index(mentions)
    if twins.RULE in rules:
        twins.index(mentions)
    if neighbours.RULE in rules:
        neighbours.index(mentions)


__all__ = [
    "ALWAYS", "CONSTRUCTIONS", "PLAIN", "RULES", "RULES_SURE", "SETS_KEPT", "SHOW", "Check", "Draft", "Grounds", "Hold", "Reading", "Rule",
    "Show", "Verdict", "checks", "first", "prepare",
]
