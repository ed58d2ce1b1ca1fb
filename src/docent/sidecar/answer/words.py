"""The one text analysis: a text's words, the one stop-word list and the one stemmer, read alike by the gate, the
record index and the offline model, so that a word the question, the answer and the record each write is one word.

- `words(text)`: the words as written, lower case (letters with their inner apostrophes, or a number standing
  alone); `stems(text)`: the words of substance among them, stemmed, as a set.
- `terms(text)`: the offline model's words of substance in order, ASCII (`C++` and `C#` whole), contractions'
  endings dropped, a negated auxiliary ("don't") read as the negation (a stop word).
- `chunks(text)` and `parts(chunk)`: words as owners write names (`spring-boot`, `max_poll_records`, `3.2.1`,
  `OutOfMemoryError`) and their parts, for the full-text index, which stems with its own tokenizer.
- `STOP_WORDS`: the words that say nothing of what a text is about: English's function words, the words any prose
  shares with any section.
- `stem(word)`: plurals, -ing and -ed taken off, an irregular past read as its verb, a final e dropped, -ily read
  as -y ("lazily" is "lazy").
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable

# A number is a word only standing alone: the "2" of "xE2" or "v2" is no word of substance.
WORD = re.compile(r"(?<![^\W\d_])\d+(?:[.,]\d+)*(?![^\W\d_])|[^\W\d_]+(?:['’][^\W\d_]+)*")
# The offline model's words: ASCII letters and digits, with the + and # of C++ and C#.
ASCII_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9+#]*")
# Letters only, lower case, hyphenated or with an apostrophe kept together: for headings and the site's own names.
LETTERS = re.compile(r"[^\W\d_]+(?:[-'’][^\W\d_]+)*")


def kept_table(chars: str) -> bytes:
    """A table for `bytes.translate`: ASCII letters and `chars` kept, every other byte a blank."""
    return bytes(c if c < 128 and (chr(c).isalpha() or chr(c) in chars) else 32 for c in range(256))


# What may be part of a word of each pattern, in ASCII: letters, digits and the marks a word holds inside it.
_KEPT = {WORD: kept_table("0123456789'.,"), LETTERS: kept_table("-'")}
# The same less the marks that only join digits (`.` and `,`): a run of letters alone in it is a word of either pattern
# as it stands (`found`).
_LETTERS_KEPT = {WORD: kept_table("0123456789'"), LETTERS: _KEPT[LETTERS]}

# The auxiliary verbs (and the verbs "be", "have" and "do" standing alone): `swaps` reads a clause's verb by them, and
# `undenied` a bare "not" after one as a denial of the verb that follows.
AUXILIARIES = ("is", "are", "was", "were", "be", "been", "has", "have", "had", "does", "do", "did", "can", "could",
               "will", "would", "may", "might", "should", "must")
STOP_WORDS = frozenset(
    """
    a about above after again against all also am an and any are aren't as at be because been before being
    below between both but by can can't cannot could couldn't did didn't do does doesn't doing don't down
    during each either etc few for from further had hadn't has hasn't have haven't having he he'd he'll he's
    her here here's hers herself him himself his how how's however i i'd i'll i'm i've if in into is isn't it
    it's its itself just let's many may me might more most much must mustn't my myself neither no nor not now
    of off on once one only or other ought our ours ourselves out over own same shan't she she'd she'll she's
    should shouldn't so some such than that that's the their theirs them themselves then there there's these
    they they'd they'll they're they've this those though through thus to too under until up upon us very was
    wasn't we we'd we'll we're we've were weren't what what's when when's where where's whether which while
    who who's whom whose why why's will with within without won't would wouldn't yes yet you you'd you'll
    you're you've your yours yourself yourselves
    """.split()
) | frozenset(
    # Words any prose shares with any section: made-up prose must not pass on one of them.
    """
    two three four five six seven eight nine ten first second third every ever several lot lots thing things way
    really well like get got make makes made use used using new good great better best also even still
    """.split()
)

# English endings that make a word of another (handle -> handler, govern -> government), as the porter stemmer leaves
# them (its final y is an i: quickly -> quickli, safety -> safeti): a word the record has only with one of them is
# that word in another form, not a name inside a longer one.
ENDINGS = frozenset("er ers or ors ing ings ed es s ion ions ly li ment ments able ible al ity iti ive ful less ism ist "
                    "i".split())

# Common verbs whose past is not "-ed": "How did she find it?" asks what "How I found it" tells. Each past form is
# folded as its verb's -ing form is, on every side, so that the question, the answer and the record meet, and "never
# came down" meets "without coming down".
IRREGULAR = {
    "found": "find", "built": "build", "led": "lead", "wrote": "write", "written": "write", "ran": "run",
    "took": "take", "taken": "take", "chose": "choose", "chosen": "choose", "made": "make", "taught": "teach",
    "brought": "bring", "thought": "think", "spent": "spend", "sent": "send", "began": "begin", "begun": "begin",
    "became": "become", "came": "come", "went": "go", "gone": "go", "saw": "see", "seen": "see", "knew": "know",
    "known": "know", "grew": "grow", "grown": "grow", "held": "hold", "met": "meet", "paid": "pay", "sold": "sell",
    "told": "tell", "understood": "understand", "won": "win", "drew": "draw", "fell": "fall", "fallen": "fall",
    "felt": "feel", "fought": "fight", "lost": "lose", "meant": "mean", "rose": "rise", "risen": "rise",
    "spoke": "speak", "spoken": "speak", "stood": "stand", "threw": "throw", "thrown": "throw", "kept": "keep",
    "left": "leave", "gave": "give", "given": "give", "got": "get", "rebuilt": "rebuild", "rewrote": "rewrite",
    "caught": "catch", "bought": "buy", "sought": "seek", "hired": "hire", "studied": "study",
    "broke": "break", "broken": "break", "drove": "drive", "driven": "drive", "hid": "hide", "hidden": "hide",
    "shrank": "shrink", "shrunk": "shrink", "overrode": "override", "overridden": "override", "forbade": "forbid",
    "forbidden": "forbid", "forgot": "forget", "forgotten": "forget", "rode": "ride", "ridden": "ride",
    "bit": "bite", "bitten": "bite", "undid": "undo", "undone": "undo", "rewritten": "rewrite",
}
FORMS: dict[str, frozenset[str]] = {}  # a verb -> its irregular past forms, to ask the record for them too
for _past, _verb in IRREGULAR.items():
    FORMS[_verb] = FORMS.get(_verb, frozenset()) | {_past}


def found(pattern: re.Pattern[str], text: str, kept: bytes | None = None) -> list[str]:
    """`pattern.findall(text)` for `WORD` or `LETTERS`, the same list, found in ASCII text with str's methods; for
    another pattern of words without look-arounds, with `kept` (`kept_table`): the characters its words are made of.

    The engine tries a pattern at every character (some 400 instructions each); in ASCII text the characters that
    can be part of a word are kept and the rest made blanks in one `bytes.translate`, and `split` cuts the runs: a run
    of letters alone is a word as it stands, another run goes to the pattern alone (no match of either pattern spans
    a blank, and each pattern's look-arounds see a blank at a run's ends as they see what stood there, no letter).
    A sentence's words: 30 k -> 6 k instructions.
    """
    if not text.isascii():
        return pattern.findall(text)
    if kept is None:
        # Letters alone, the rest blanks: where every run is letters (no digit or apostrophe in the text, nor a hyphen
        # for `LETTERS`), the runs are the words, split in C with no step for each.
        runs = text.encode().translate(_LETTERS_KEPT[pattern]).decode().split()
        if "".join(runs).isalpha():
            return runs
    out: list[str] = []
    for run in text.encode().translate(_KEPT[pattern] if kept is None else kept).decode().split():
        if run.isalpha():
            out.append(run)
        else:
            out += pattern.findall(run)
    return out


def words(text: str) -> list[str]:
    """The words as written, lower case, a curly apostrophe made straight."""
    if text.isascii():  # lower case first, as one string: the same words, each letter's case alone changed
        return found(WORD, text.lower())
    return [w.lower().replace("’", "'") for w in WORD.findall(text)]


def count_words(text: str) -> int:
    return len(found(WORD, text))


def letter_runs(lowered: str) -> list[str] | None:
    """A lower-case text's words where `WORD`'s and the construction rules' (`passage.unit`) are the same, or None:
    in ASCII text with no digit or % both find its runs of letters with their inner apostrophes, as `LETTERS` does
    where no hyphen stands too. Cut once, a sentence's words are read by all three (`rules.types.Reading`)."""
    if not lowered.isascii():
        return None
    runs = lowered.encode().translate(_PLAIN_KEPT).decode().split()
    joined = "".join(runs)
    if joined.isalpha():
        return runs
    if not joined.replace("'", "").isalpha():
        return None  # a digit or % (or no word at all): each pattern reads it its own way
    out: list[str] = []
    for run in runs:  # letters and apostrophes: those between letters join them, the rest stand between words
        if run.isalpha():
            out.append(run)
        else:
            out += WORD.findall(run)
    return out


_PLAIN_KEPT = kept_table("0123456789'%")  # what the patterns' words hold but letters (a hyphen only `LETTERS`'s)


def stems(text: str) -> set[str]:
    """The words of substance in a text, stemmed: no stop words, no lone letter, numbers kept."""
    return stems_of(words(text))


def stems_of(said: list[str]) -> set[str]:
    """`stems` of a text's words (`words`)."""
    folds = _FOLDS
    try:  # each word's fold looked up, not called: most words come again
        out = {folds[word] for word in said}
    except KeyError:
        for word in said:
            if word not in folds and len(folds) < 100_000:  # bounded, as `_STEMS` is
                folds[word] = fold(word)
        out = {folds[word] if word in folds else fold(word) for word in said}
    out.discard(None)
    return out  # type: ignore[return-value]  # None taken out


_FOLDS: dict[str, str | None] = {}  # a word -> `fold(word)`, stop words' None included


def fold(word: str) -> str | None:
    """One word (lower case) as `stems` folds it, or None for a stop word or a lone letter ("the D of 3-D")."""
    if word in STOP_WORDS or len(word) == 1 and not word.isdigit():
        return None
    stemmed = _STEMS.get(word)
    if stemmed is None:
        stemmed = stem(word)
        if len(_STEMS) < 100_000:  # a memo of the words seen, bounded
            _STEMS[word] = stemmed
    return stemmed


_STEMS: dict[str, str] = {}


def stem(word: str) -> str:
    """One word's stem: retries, retried -> retry; running -> run; shipped -> ship; managed -> manag; came -> com."""
    word = word.lower().replace("’", "'")
    if word[:1].isdigit():
        return word
    if word in _PASTS:
        return _PASTS[word]
    word = _unplural(word)
    if len(word) > 4 and word.endswith("ily"):
        word = word[:-3] + "y"  # lazily -> lazy, daily -> day: an adverb is its adjective's word
    word = _unverbed(word)
    if len(word) > 4 and word.endswith("e"):
        word = word[:-1]  # manage, managed, managing -> manag
    return word


def _unplural(word: str) -> str:
    """A word less its possessive and its plural (and "-ied", a past of "-y"): retries, retried -> retry."""
    if word.endswith("'s"):
        word = word[:-2]
    if len(word) > 4 and word.endswith(("ies", "ied")):
        return word[:-3] + "y"
    if len(word) > 4 and word.endswith(("sses", "xes", "ches", "shes")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def _unverbed(word: str) -> str:
    """A word less its "-ing" or "-ed": running -> run, shipped -> ship."""
    for suffix in ("ing", "ed"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)]
            if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "aeiouls":
                word = word[:-1]  # running -> run, shipped -> ship
            return word
    return word


_PASTS: dict[str, str] = {}
_PASTS.update({
    past: stem(verb[:-1] + "ing" if verb.endswith("e") and not verb.endswith("ee") else verb)
    for past, verb in IRREGULAR.items()
})


# "I'd", "she's", "don't": the ending is grammar, not a word ("d" would be the D of "3-D").
CONTRACTION = re.compile(r"(?<=[A-Za-z])['’](?:d|s|ll|re|ve|t|m)\b", re.IGNORECASE)
# A negated auxiliary ("don't", "isn't", "won't", "can't") is the negation, "not", a stop word: as search reads it
# (`clauses.uncontracted`) and the gate (the word whole, in `STOP_WORDS`; its negation rules read `words`). Its "'t"
# dropped alone left "don", "isn", "win" (of "won't") as words of substance.
NEGATED = re.compile(r"\b[A-Za-z]+n['’]t\b", re.IGNORECASE)


def unaccented(text: str) -> str:
    """Accents folded away, as a visitor may type them or not: "résumé" is "resume", "Zürich" is "Zurich"."""
    if text.isascii():
        return text
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def terms(text: str) -> list[str]:
    """The words of substance of a text in order, stemmed, as the offline model matches a question; accents folded."""
    text = unaccented(text)
    if "'" in text or "’" in text:
        text = CONTRACTION.sub("", NEGATED.sub("not", text))
    return [stem(w) for w in ASCII_WORD.findall(text) if w.lower() not in STOP_WORDS]


# A word as an owner writes a name: letters and digits, joined by the punctuation names use inside them (C++, C#,
# Node.js, CI/CD, 3-D, max_poll_records, 3.2.1, don't).
CHUNK = re.compile(r"\w(?:[\w.+#/'’-]*[\w+#])?")
_ALNUM = re.compile(r"[^\W_]+")
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_POSSESSIVE = re.compile(r"['’]s$", re.IGNORECASE)
_SIGILS = re.compile(r"(?<=\w)(\+\+|#)")
_SPELT = {"++": "plusplus", "#": "sharp"}


def spell_sigils(text: str) -> str:
    """`C++` -> `Cplusplus`, `C#` -> `Csharp`: one token each for a tokenizer that would read both as `c`."""
    if "+" not in text and "#" not in text:
        return text
    return _SIGILS.sub(lambda m: _SPELT[m.group()], text)


def parts(chunk: str) -> list[str]:
    """A written word's parts, lower case: `spring-boot` -> spring, boot; `OutOfMemoryError` -> out, of, memory, error."""
    chunk = spell_sigils(_POSSESSIVE.sub("", chunk))
    return [p.lower() for run in _ALNUM.findall(chunk) for p in _CAMEL.split(run) if p]


def chunks(text: str) -> list[list[str]]:
    """Each written word of a text as its parts, in order; a word with no letter or digit is left out."""
    return [p for p in (parts(m.group()) for m in CHUNK.finditer(text)) if p]


_MANNER = re.compile(r"^\s*\w{3,}(?<![pi])ly\b", re.IGNORECASE)  # "automatically", not "apply", "only", "family"
_DOTTED = re.compile(r"[\w-]+(?:\.[\w-]+)+")  # a file or code name: `index.md`, `request.auth`


def dotted(text: str) -> set[str]:
    """A text's dotted names whole, lower-case: "index.md" is no "index" and "md" to a head (README.md has "md")."""
    return {m.group().lower() for m in _DOTTED.finditer(text)} if "." in text else set()


def _without_manner(clause: str) -> str:
    """A clause less its opening "-ly" word where a word of substance follows, the verb it says how of ("automatically
    apply"); before a small word or none it is what is denied, an adjective ("not friendly to", "not costly for")."""
    m = _MANNER.match(clause)
    if m is None:
        return clause
    rest = clause[m.end() :]
    following = rest.split(maxsplit=1)
    return rest if following and following[0].lower() not in STOP_WORDS else clause


def in_order(word: str, stems: Callable[[str], Iterable[str]]) -> Iterable[str]:
    """A written word's stems in the order its parts stand ("URL-resolver": url, resolver), not a set's, whose order
    changes with the process's hash seed (a negation's head read "url resolver" in one process, "resolver middleware"
    in another: the same sentence held in one and shown in the other)."""
    found = stems(word)
    if isinstance(found, list | tuple):
        return found
    lower = word.lower()
    return sorted(found, key=lambda s: (lower.find(s), s))


def head_words(clause: str, stems: Callable[[str], Iterable[str]]) -> list[str]:
    """The first two words of what a negation denies, a dotted name one word, less an adverb right after the
    negation: "will not automatically apply X" denies "apply X" (how it is done is no part of what)."""
    out: list[str] = []
    for word in _without_manner(clause).split():
        name = _DOTTED.search(word)
        for w in (name.group().lower(),) if name else in_order(word, stems):
            if w not in out:
                out.append(w)
        if len(out) >= 2:
            return out[:2]
    return out


def opens_scene(before: str, negator: str) -> bool:
    """Whether a negation opens a phrase that sets the scene ("Without a config file, ...", "With no network, ..."),
    not a subject's denial ("Nothing is cached, ...", "It never retries, ..."): `before`, its clause's words before it."""
    word = negator.lower()
    return not before.strip() if word == "without" else word == "no" and len(before.split()) == 1
