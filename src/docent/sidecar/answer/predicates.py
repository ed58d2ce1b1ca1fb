"""Opposite predicates (reason `polarity`): a sentence that says of a thing the opposite predicate that the clause it
restates says of it, in other words than a bare denial of the clause's own word ("dropped" for "kept", "switched on"
for "disables", "did not take away" for "removed", "ships its own CSS" for "there is no CSS included").

`PREDICATES` is the language's opposite predicates that documentation says of features, settings and files, each with
its two poles and every form of each written out: keep or remove, enable or disable, include or exclude, support or
reject, apply or ignore, require or leave optional, show or hide, start or stop, install or uninstall, open or close,
available or not, change or leave untouched, save or discard, automatic or manual, create or destroy, valid or invalid.
A pole's words are one predicate ("takes away" is "removes"); a phrase's particle may come up to `GAP` words later
("switch the cache off"). A mention's value is its pole's, turned by a denial before it in its clause (`_DENYING`
within DENIED words, up to a word that opens another clause, over "or" and "nor": "no automation or support";
"without" right before it; "stopped supporting", "warns against enabling"; "ships no image"). A denied word of a
contrary pair says nothing of the other pole ("does not stop" is no "starts"); of a contradictory pair it does ("not
disabled" is enabled). The sentence is aligned with the clause it restates (`align.aligned`, on its words less its
predicates': one clause, or nothing is decided); it is held where it gives a predicate one value and that clause gives
it the other, the two in one place (a content stem within `places.NEAR` words of each in common), and neither says it
both ways there (a comparison, or two things).
What it lets through: a predicate offered rather than stated ("can", "may", "to" ...), told as a command (a unit's
first word), in a supposition or what follows from one ("if", "when", "once", "so"; two suppositions are two cases),
a thing rather than a deed ("the changes", "the officially supported ones", "pipx's pre-commit support"), a name or
code (a capital past the unit's first word, `.create()`, `docs_url`), a word after "rather than" or "instead of"
(the polarity rule reads those), "None" as a value; a sentence it cannot align, or a tie. What it cannot do: tell a
sense ("drop" a file on a window), see a predicate told in words of no pole ("the package manager keeps it up to date"
for "will not receive updates through the package manager"), or a denial's scope past its clause.
"""

from __future__ import annotations

import re
from collections.abc import Sequence, Set
from typing import NamedTuple

from . import align, places
from .passage import Passage, Unit

# Each predicate: a name, then its two poles' forms (a phrase's words joined by "_"); a name opening with "~" has
# contrary poles (start and stop), the others contradictory ones (enabled or disabled: "not disabled" is enabled). Written from the language's
# opposite verbs and adjectives that documentation uses of what software does, not from any sentence of a set.
PREDICATES: tuple[tuple[str, str, str], ...] = (
    ("keep",
     "keep keeps kept keeping retain retains retained retaining preserve preserves preserved preserving "
     "stay stays stayed staying remain remains remained remaining",
     "remove removes removed removing delete deletes deleted deleting drop drops dropped dropping discard discards "
     "discarded discarding retire retires retired retiring abandon abandons abandoned abandoning "
     "take_away takes_away took_away taken_away taking_away get_rid gets_rid got_rid"),
    ("enable",
     "enable enables enabled enabling activate activates activated activating switch_on switches_on switched_on "
     "turn_on turns_on turned_on",
     "disable disables disabled disabling deactivate deactivates deactivated deactivating switch_off switches_off "
     "switched_off turn_off turns_off turned_off"),
    ("include",
     "include includes included contain contains contained ship ships shipped shipping bundle bundles bundled "
     "provide provides provided publish publishes published come_with comes_with came_with",
     "exclude excludes excluded excluding omit omits omitted omitting leave_out leaves_out left_out leaving_out"),
    ("~accept",
     "support supports supported supporting accept accepts accepted accepting allow allows allowed allowing "
     "permit permits permitted permitting",
     "reject rejects rejected rejecting refuse refuses refused refusing forbid forbids forbade forbidden "
     "prohibit prohibits prohibited disallow disallows disallowed unsupported deny denies denied"),
    ("heed",
     "apply applies applied applying respect respects respected respecting honor honors honored honour honours "
     "honoured obey obeys obeyed take_into_account takes_into_account took_into_account taken_into_account",
     "ignore ignores ignored ignoring skip skips skipped skipping disregard disregards disregarded bypass bypasses "
     "bypassed"),
    ("require",
     "require requires required requiring need needs needed mandatory necessary have_to has_to had_to",
     "optional optionally unnecessary"),
    ("show",
     "show shows showed shown display displays displayed visible",
     "hide hides hid hidden invisible"),
    ("~start",
     "start starts started launch launches launched",
     "stop stops stopped halt halts halted"),
    ("~install",
     "install installs installed installing add adds added adding",
     "uninstall uninstalls uninstalled uninstalling remove removes removed removing"),
    ("~open",
     "open opens opened",
     "close closes closed shut shuts"),
    ("available",
     "available accessible online reachable",
     "unavailable inaccessible offline unreachable take_offline takes_offline took_offline taken_offline taking_offline"),
    ("change",
     "change changes changed changing modify modifies modified modifying alter alters altered altering affect "
     "affects affected overwrite overwrites overwrote overwritten touch touches touched interfere interferes",
     "untouched unchanged unaffected unmodified intact leave_alone leaves_alone left_alone"),
    ("~save",
     "save saves saved saving store stores stored storing persist persists persisted write writes wrote written",
     "discard discards discarded discarding lose loses lost"),
    ("~manual",
     "automatic automatically",
     "manual manually"),
    ("~create",
     "create creates created creating",
     "destroy destroys destroyed destroying delete deletes deleted deleting"),
    ("valid",
     "valid",
     "invalid"),
)
GAP = 6  # words a phrase may hold before a particle of its own ("switch the cache off", "take it into account")
_PARTICLES = frozenset(("on", "off", "out", "away", "into", "offline", "alone", "untouched"))


class Form(NamedTuple):
    predicate: int
    pole: int  # 1 or -1
    rest: tuple[str, ...]  # a phrase's words after its first
    contrary: bool  # its poles are contraries: "does not stop" is no "starts", so a denied negative word says nothing


def _forms() -> dict[str, tuple[Form, ...]]:
    found: dict[str, list[Form]] = {}
    for k, (name, yes, no) in enumerate(PREDICATES):
        for pole, words in ((1, yes), (-1, no)):
            for phrase in words.split():
                first, *rest = phrase.split("_")
                found.setdefault(first, []).append(Form(k, pole, tuple(rest), name.startswith("~")))
    return {w: tuple(f) for w, f in found.items()}


FORMS = _forms()
WORDS = frozenset(FORMS)
# Words that deny a predicate word after them within DENIED words of its clause ("did not take away", "there is no CSS
# included", "no automation or support"), up to a word that opens another clause.
_DENYING = frozenset(("not", "never", "no", "none", "nobody", "cannot", "nor", "neither", "without", "lack", "lacks", "lacked",
                      "lacking"))
DENIED = 6
_NOT_DENYING = frozenset(("only", "just", "yet", "always", "all", "every", "necessarily"))  # "not only", "not always"
_OPENS = frozenset(("but", "so", "which", "that", "while", "whereas", "because", "since", "as", "although", "though",
                    "when", "if", "unless", "then", "yet"))
_STOPPING = frozenset(("stop", "stops", "stopped", "stopping", "cease", "ceases", "ceased", "ceasing", "quit", "quits"))
_AFTER = frozenset(("no", "nothing", "none"))  # "ships no container image": denied by the word after it ("no other": only)
# A word after one of these is a thing, not what is done: "the changes", "its support" ("no support" is denied).
_DETERMINERS = frozenset(("the", "a", "an", "its", "their", "your", "his", "her", "our", "my", "this", "these", "those",
                          "any", "some", "each", "every"))
_OFFERED = frozenset(("can", "may", "might", "could", "how", "should", "would", "let", "lets"))  # within two words; "to" right before
# A supposition, or what follows from one ("so the parent's libraries stay"): a case, not what is so.
_SUPPOSING = frozenset(("if", "unless", "when", "whenever", "whether", "once", "so"))
_TURN = frozenset(("rather", "instead"))
# A restriction or an exception before it in its clause ("Only A are supported", "Strategies other than A are not
# supported"): said of a part, which the rule cannot align with the other side's; read as a case.
_EXCEPTING = frozenset(("only", "except", "other", "besides", "apart"))
_CODE_BEFORE, _CODE_AFTER = "._/-`", "(_/-`"  # a word of a code name: `.create()`, `docs_url`, `read-only`


class Mention(NamedTuple):
    at: int
    width: int
    predicate: int
    value: int  # 1 or -1: the pole, turned by a denial
    supposed: bool


def _match(u: Unit, at: int, form: Form) -> int:
    """The width of the phrase `form` opening at token `at`, or 0: its words in a row, but for a particle, which may
    come up to GAP words later."""
    tokens, end = u.tokens, at + 1
    for word in form.rest:
        reach = GAP + 1 if word in _PARTICLES else 1
        found = next((j for j in range(end, min(len(tokens), end + reach)) if tokens[j].word == word), None)
        if found is None or _CLAUSE_BREAK.search(u.text, tokens[end - 1].start, tokens[found].start):
            return 0
        end = found + 1
    return end - at


def _thing(before: Sequence[str], word: str) -> bool:
    """Whether `word` names a thing rather than says what is done: after a determiner ("the changes"), one and an
    adverb ("the officially supported ones"), or in its base form after a possessive up to three words before
    ("pipx's pre-commit support"; not "DMS's default configuration disables POP3")."""
    last = before[-2:]
    return (bool(last) and last[-1] in _DETERMINERS or len(last) == 2 and last[0] in _DETERMINERS and last[1].endswith("ly")
            or not word.endswith(("s", "ed")) and any(w.endswith(("'s", "s'")) for w in before[-3:]))


def _denied(before: Sequence[str], after: Sequence[str]) -> bool:
    """A denial within DENIED words before the predicate word (`before`: its clause's words before it, in order), up
    to a word that opens another clause, or one right after it (`after`: "ships no image")."""
    near = list(before[-DENIED:])
    if near[-1:] and (near[-1] in _STOPPING or near[-1] == "against"):
        return True  # "we have stopped supporting this", "warns against enabling it"
    for k in range(len(near) - 1, -1, -1):
        word = near[k]
        if word in _OPENS or word == "and" and k < len(near) - 1:  # "never hit and every reconnect added"; not
            break  # "do not end one list and start a second"
        if word == "without" and k < len(near) - 1:
            continue  # "without backoff the attempts stay": it denies the word right after it only ("without removing")
        if word == "none" and near[k + 1 : k + 2] != ["of"]:
            continue  # "border: none removes the border" is a value; "none of the crates come with" denies
        if word in _DENYING or word.endswith("n't") or word in ("fail", "fails", "failed") and near[k + 1 : k + 2] == ["to"]:
            if not near[k + 1 : k + 2] or near[k + 1] not in _NOT_DENYING:
                return True
    return len(after) > 0 and after[0] in _AFTER and after[1:2] != ["other"]


def _code(u: Unit, at: int) -> bool:
    t = u.tokens[at]
    start, end = t.start, t.start + len(t.word)
    return start > 0 and u.text[start - 1] in _CODE_BEFORE or end < len(u.text) and u.text[end] in _CODE_AFTER


def mentions(u: Unit) -> tuple[Mention, ...]:
    """A unit's predicate words, each with its value; none offered, commanded, turned down, a name or code."""
    out: list[Mention] = []
    tokens = u.tokens
    opening = bool(tokens) and not _SUPPOSING.isdisjoint(t.word for t in tokens[:2])  # "If X, Y": Y is supposed too
    covered = -1  # the last token of a phrase found: its particle is no word of its own
    for at, t in enumerate(tokens):
        forms = FORMS.get(t.word)
        if not forms or at <= covered or _unstated(u, at):
            continue
        before = _clause_before(u, at)
        if set(before[-2:]) & _OFFERED or before[-1:] == ["to"] or _TURN & set(before[-4:]) or _thing(before, t.word):
            continue
        found = _mentions_at(u, at, forms, before, opening or not (_SUPPOSING.isdisjoint(before) and _EXCEPTING.isdisjoint(before)))
        out += found
        covered = max([covered, *(m.at + m.width - 1 for m in found if m.width > 1)])
    return tuple(out)


def _unstated(u: Unit, at: int) -> bool:
    """A command (the unit's first word), a name or value (a capital past it but after a break: "- lxml - Required
    if ..." is a claim), or a word of code."""
    start = u.tokens[at].start
    return at == 0 or u.text[start].isupper() and not u.text[:start].rstrip().endswith(_OPENING) or _code(u, at)


_OPENING = (":", "-", "–", "—", "*", "•")  # not ";": a table row's cells ("; Available in Project No")


def _mentions_at(u: Unit, at: int, forms: tuple[Form, ...], before: list[str], supposed: bool) -> list[Mention]:
    """The mentions of the predicates whose forms open at token `at`, each with its value."""
    out = []
    for form in forms:
        width = _match(u, at, form)
        if not width:
            continue
        denied = _denied(before, [w.word for w in u.tokens[at + width : at + width + 2]])
        if denied and (form.contrary and form.pole < 0 or _TIMED.search(u.text, u.tokens[at].start, _clause_end(u, at))):
            continue  # "does not stop" says no "starts"; "will not start serving until the hook has run" says when
        out.append(Mention(at, width, form.predicate, -form.pole if denied else form.pole, supposed))
    return out


_CLAUSE_BREAK = re.compile(r"[,;:–—]|\.\s")  # not a bracket: "Neither .create() nor .update() is mandatory"
_TIMED = re.compile(r"\b(?:until|till)\b", re.IGNORECASE)


def _clause_end(u: Unit, at: int) -> int:
    found = _CLAUSE_BREAK.search(u.text, u.tokens[at].start)
    return found.start() if found else len(u.text)


def _clause_before(u: Unit, at: int) -> list[str]:
    """The unit's words before the one at `at`, back to its clause's start."""
    cut = max((m.end() for m in _CLAUSE_BREAK.finditer(u.text, 0, u.tokens[at].start)), default=0)
    # "None" past the unit's first word is a value ("set it to None"), not a denial.
    return [t.word if j == 0 or t.word != "none" or u.text[t.start] != "N" else "" for j, t in enumerate(u.tokens[:at])
            if t.start >= cut]


def _mentioned(passage: Passage) -> tuple[tuple[Mention, ...], ...]:
    return tuple(mentions(u) if WORDS & u.words else () for u in passage.units)


def mentioned(passage: Passage) -> tuple[tuple[Mention, ...], ...]:
    """Each unit's predicate mentions, read once per bundle."""
    return passage.facts("predicates", _mentioned)


def _values(passage: Passage) -> frozenset[tuple[int, int]]:
    """The (predicate, value) pairs a section states, not supposed: read once per bundle."""
    return passage.facts("predicate_values", lambda p: frozenset((m.predicate, m.value) for u in mentioned(p) for m in u if not m.supposed))


def _words_of(predicates: Set[int]) -> frozenset[str]:
    return frozenset(w for w, forms in FORMS.items() if any(f.predicate in predicates for f in forms))


def section_cues(passage: Passage) -> tuple[Set[str], Set[str]]:
    """The words a sentence must hold for this section to wake the rule: those of the predicates it mentions."""
    return _words_of({m.predicate for unit in mentioned(passage) for m in unit}), frozenset()


def wakes(words: Set[str], stems: Set[str], sections: Sequence[Passage]) -> bool:
    return not WORDS.isdisjoint(words)


# A sentence that sets two things side by side says a predicate of each: which clause restates which is not read.
_TWO = frozenset(("while", "whereas", "unlike"))


def held(said: Unit, sections: Sequence[Passage]) -> bool:
    mine = mentions(said)
    if not mine or not _TWO.isdisjoint(said.words):
        return False
    told = {(m.predicate, -m.value) for m in mine if not m.supposed}
    if told.isdisjoint(v for p in sections for v in _values(p)):
        return False  # no cited section gives one of them the other value: nothing to align
    skip = {m.at + k for m in mine for k in range(m.width)}
    content = said.stems.difference(said.tokens[j].stem for j in skip)
    found = align.aligned(frozenset(content), sections)
    if len(found) != 1:
        return False
    a = found[0]
    passage = sections[a.section]
    table = mentioned(passage)
    clause = [(passage.units[i], table[i]) for i in range(a.first, a.last + 1)]
    values = {(m.predicate, m.value) for m in mine}
    # A predicate the sentence says both ways compares two things; one in a supposition is a case, not what is so.
    return any(_opposed(m, places.stems_near(said, m.at, m.width, skip), clause)
               for m in mine if (m.predicate, -m.value) not in values and not m.supposed)


def _opposed(m: Mention, place: Set[str], clause: list[tuple[Unit, tuple[Mention, ...]]]) -> bool:
    """Whether the clause gives the mention's predicate the other value in its place (`place`: the content stems near
    it), and nowhere there its own."""
    values = set()
    for u, theirs in clause:
        there = {t.at + k for t in theirs for k in range(t.width)}
        for t in theirs:
            if t.predicate == m.predicate and not t.supposed and len(place & places.stems_near(u, t.at, t.width, there)) >= align.PLACE:
                values.add(t.value)
    return values == {-m.value}
