"""Which of the best sections' sentences answer a question: those that say most of what it asks, the best section's
first; for the owner's work or for results, those where the owner acts or the figures are (`wanted`)."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping

from docent.schema import RecordSection

from ..answer.words import terms
from .heads import NOW_TOKEN, ONGOING
from .quotes import before, following, leads, quotes, with_leads
from .rows import ROW_TOKEN, row_lines
from .vocabulary import Vocabulary, spoken
from .weighing import Weighed

# "What did she do on 3-D Secure?": the owner's own work, the sentences where the owner is the subject.
WORK = re.compile(
    r"\bwhat\b[^?]{0,40}\b(do|did|does|done|doing|build|built|work(?:ed)?|contribut\w*|responsible|part|role|own(?:ed)?)\b"
    r"|\b(?:her|his|their|own)\s+(?:part|role|work|contribution|job)\b|\bhow did (?:she|he|they)\b",
    re.IGNORECASE,
)
# "What came of it?": the sentences with the figures.
RESULTS = re.compile(
    r"\b(results?|outcomes?|impact|figures?|numbers?|metrics?|improv\w*|effects?|achiev\w*|gains?|sav(?:e|ed|ings?)"
    r"|how (?:much|many|fast|big|long)|faster|slower|reduc\w*|cut|fell|measur\w*|difference|succe\w*|worked out"
    r"|buy|bought|cost|overhead|benefits?|pa(?:y|id) off)\b",
    re.IGNORECASE,
)
OWN_WORK = re.compile(r"(?<![\w'’/.\-])(?:I|[Ww]e)(?:['’](?:ve|d))?\s+(?!am\b|was\b|have been\b)[a-z]")
# A figure, not a year ("Accepted at the bank, September 2022" tells when, not what came of it).
FIGURE = re.compile(r"(?<!\d)(?!(?:19|20)\d\d(?!\d))\d")
RESULTS_TITLE = re.compile(rf"{RESULTS.pattern}|\bconsequences?\b", re.IGNORECASE)
SECTION_SHARE = 0.5  # how much a sentence's section's rank counts beside its own words, when no wish is named
TITLE_SHARE = 0.5  # a word of a section's title counts this much for each of its sentences
CODE_SHARE = 0.5  # a word of the code a line leads into counts this much for that line
TITLED_WORDS = 8  # a sentence taken for its section's title alone says at least this many words
SENTENCE_SHARE = 0.4  # a sentence of another section than the best says at least this much of the question, or the most
# On documentation a reader's long question spreads its weight over their own account, and a sentence of another of
# the best sections that says the ask seldom says `SENTENCE_SHARE` of all of it: there it says at least this share of
# what the sentence that says most of it says (asked for "count, current_page, nb_pages, previous and next" instead of
# what 'PageNumberPagination' outputs, "The Output schema describes schema for page output" of the custom class's).
OF_MOST = 0.5
SAID = 4  # sentences in an answer: three of the best section still leave room for one of the next that says the ask
# A section that says all the question asks leans this much ahead of one that says none of it, (ASK_LEAN + 1) /
# ASK_LEAN: a tie-break among sections search ranks close, never a reversal of its order.
ASK_LEAN = 3.0
# On documentation, a section leans ahead by what it says of the ask three ways (`by_ask`): each of the ask's
# distinctive words it holds (`Weighed.distinctive`), a share of the ask's weight (`ANSWER_SHARE`), and the question's
# code that its code writes; all of them, (DOCS_LEAN + 2.5) / DOCS_LEAN ahead of one that says none: a reordering among
# the sections search ranks close, never of one it ranks far behind.
DOCS_LEAN = 2.0
ANSWER_SHARE = 0.5
# A table's row is said only where it holds this share of the ask's distinctive words (`Weighed.distinctive`), its
# section's title with it: all of them. Half of them (rounds 5-15) said a row of OpenFaaS' in place of the sentence
# that answered (pandas-build-fails-python3-http).
ROW_TERMS = 1.0

# On documentation, where no sentence of the best sections says this share of the question (`said_most`), the record
# does not say what is asked: what they say is near the topic ("Is there any rate limiting on outgoing mail?" was
# answered with Dovecot's process limit; "can the queue-worker keep the body on a redirect?" with how async calls work).
SAYS_LEAST = 0.2

Ranked = list[tuple[float, RecordSection]]
Match = tuple[float, int, int, str, RecordSection]  # value, section's rank, sentence's place, sentence, section
Hit = tuple[int, int, str, RecordSection, float, set[str]]  # section's rank, place, sentence, section, share, words


def wanted(question: str, kind: str = "portfolio") -> str | None:
    """What the question asks for beyond its topic: the owner's own work, or the results. Documentation has no
    results to report: "the results look stale", "save()", "a number in the JSON" tell the reader's situation, and the
    sentence that answers need not hold a figure (on a docs site, "we" is the project's advice: "we recommend ...")."""
    if RESULTS.search(question) and kind != "docs":
        return "results"
    if WORK.search(question):
        return "work"
    return None


def pick(
    top: Ranked, asked: Weighed, wants: str | None, best_score: float, kind: str = "portfolio",
    *, hits: list[Hit] | None = None,
) -> list[Match]:
    """The sentences that answer: those with the question's rarest words, from the sections that match best; when
    it asks for the owner's work or for results, those where the owner acts or the figures are.

    A section's title counts for each of its sentences: under "The cause", every sentence tells what caused it. On
    documentation (`kind` "docs"), a sentence of another of the best sections answers where it says half what the
    one that says most says (`OF_MOST`). `hits`: the top sections' sentences weighed (`weighed`), where done already.
    An ask that judges what the reader told ("Is that expected?") picks by the rest of the question (`Weighed.unjudged`).
    """
    asked, hits = _unjudged(top, asked, hits, docs=kind == "docs")
    most = _most(hits, asked)
    share = min(SENTENCE_SHARE, OF_MOST * most) if kind == "docs" else SENTENCE_SHARE
    matched = []
    for rank, i, sentence, section, hit, said in hits:
        near = top[rank][0] / best_score  # how well the section answers, against the best
        if wants is not None:
            # asked about the present, what a sentence dates as ongoing ("Since March 2021 she has been ...") fits
            ongoing = NOW_TOKEN in asked.weight and NOW_TOKEN in said  # `weighed` marked it
            value = max(_fits(sentence, section, wants), 2.0 if ongoing else 0.0) * (hit + near)
        else:
            enough = _enough(hit, rank, share, most, asked, said, sentence, section)
            # the section's rank is a share of a sentence's worth, not a factor of all it says: a sentence of the
            # second section that says the ask's rarest words outranks the best section's that say its commonest
            value = hit + SECTION_SHARE * near if enough else 0.0
        if value > 0:
            matched.append((value, rank, i, sentence, section))
    # a line that leads into code is picked here only where it answers best, with its code after it (on documentation,
    # `_led` adds one that says as much as the best sentence)
    matched.sort(key=lambda m: (-m[0], m[1], m[2]))
    picked = [m for k, m in enumerate(matched) if k == 0 or m[3] not in leads(m[4])][:SAID]
    if kind == "docs" and wants is None:
        at = _placed(hits)
        picked = _saying_most(picked, matched, at, most)
        picked += _unsaid(picked, matched, at, asked) + _led(picked, matched, at, most)
    picked = _with_antecedents(_going_on(picked))
    if wants is not None:  # what was asked for first
        return picked
    # otherwise the record's own order reads best (a sentence that goes on stays after), opening with one that answers
    picked = sorted(picked, key=lambda m: (m[1], m[2]))
    return _opening(picked, _placed(hits), asked) if kind == "docs" else picked


def _enough(hit: float, rank: int, share: float, most: float, asked: Weighed, said: set[str], sentence: str,
            section: RecordSection) -> bool:
    """Whether a sentence says enough of the question to be picked: one that says less of it than a section must is a
    coincidence of words; one taken for its section's title alone must say something itself; a table's row
    (`ROW_TOKEN`) is said only where it holds each of the ask's distinctive words, its section's title with it."""
    if not (hit >= share or rank == 0 and hit > 0 or hit >= most):
        return False
    if not asked.covered(said) and len(sentence.split()) < TITLED_WORDS:
        return False
    return ROW_TOKEN not in said or asked.distinctive(said | set(terms(section.title))) >= ROW_TERMS


def _unjudged(top: Ranked, asked: Weighed, hits: list[Hit] | None, *, docs: bool) -> tuple[Weighed, list[Hit]]:
    """The question to pick by, and the top sections' sentences weighed by it (`hits`, where done already): without
    the words of an ask that judges the reader's situation (`Weighed.unjudged`), weighed again."""
    if asked.judging:
        asked = asked.unjudged()
        return asked, weighed(top, asked, rows=docs)
    return asked, weighed(top, asked, rows=docs) if hits is None else hits


def _placed(hits: list[Hit]) -> dict[tuple[str, int], Hit]:
    """Each sentence's hit (`weighed`) by its section's id and its place: as a match (`Match`) names them."""
    return {(h[3].id, h[1]): h for h in hits}


def _saying_most(picked: list[Match], matched: list[Match], at: Mapping[tuple[str, int], Hit], most: float) -> list[Match]:
    """On documentation, the picks with the sentence that says most of the question (`most`), where that is at least
    `SENTENCE_SHARE` of it, in place of the last: a sentence is worth its words and a share of its section's rank, and
    the best section's sentences that say less could outrank one of the next section's that says what is asked
    (OpenFaaS' "... set your local environment to use minikube's docker so faas-cli build builds directly into the
    Docker library used by minikube." under the image pull policy, outranked by the first steps' sentences on pushing).
    Never a line that leads into code (`_led` says those)."""
    if most < SENTENCE_SHARE:
        return picked
    found = next((m for m in matched if at[m[4].id, m[2]][4] >= most and m[3] not in leads(m[4])), None)
    return picked if found is None or found in picked else [*picked[: SAID - 1], found]


def _unsaid(picked: list[Match], matched: list[Match], at: Mapping[tuple[str, int], Hit], asked: Weighed) -> list[Match]:
    """On documentation, the sentence of the best section that says the ask's rarest distinctive word
    (`Weighed.distinct`) that none of the picked sentences says, where one says enough of the question to be picked
    (`matched`), its worthiest: the sentences that say most of a question may all say its commonest words over again
    ("is uvicorn.workers.UvicornWorker deprecated now? what should I pass to gunicorn -k": four command lines with
    "UvicornWorker", "-k" and "gunicorn", where "Warning: The uvicorn.workers module is deprecated ..." says what is
    asked). One such sentence at most, said after none in particular: in the record's order with the rest. `at`: each
    sentence's hit by its section's id and its place (`_placed`)."""
    told = set().union(*(at[m[4].id, m[2]][5] for m in picked))
    for word in (w for w in asked.distinct() if not asked.alts[w] & told):
        found = next((m for m in matched if m not in picked and m[1] == 0 and m[3] not in leads(m[4])
                      and asked.alts[word] & at[m[4].id, m[2]][5]), None)
        if found is not None:
            return [found]
    return []


def _led(picked: list[Match], matched: list[Match], at: Mapping[tuple[str, int], Hit], most: float) -> list[Match]:
    """On documentation, a line that leads into code that says as much of the question as the sentence that says most
    (`most`), where another sentence answers best: said too, with its code (`telling._with_code`). A docs page often
    says the fact in the line that introduces its example ("If the plugins config setting is defined ..., you need to
    explicitly re-enable the defaults:"): such a line that ties the best sentence in what it says and loses to it by
    its section's rank or place is said beside it. One such line at most, the worthiest. `at`: as `_unsaid`'s."""
    found = next((m for m in matched[1:] if m not in picked and m[3] in leads(m[4]) and at[m[4].id, m[2]][4] >= most),
                 None)
    return [] if found is None else [found]


def leading(picked: list[Match]) -> Match | None:
    """The picked line that leads into code where it answers best (no sentence picked outvalues it), said last with its
    code in place of the code the answer would choose; None where a sentence answers best."""
    top = max((m[0] for m in picked), default=0.0)
    return next((m for m in picked if m[0] == top and m[3] in leads(m[4])), None)


# A sentence that opens by pointing back ("This is quite similar to ...", "These eliminate the need ...") says nothing
# alone: the sentence it points back to goes before it.
POINTS_BACK = re.compile(r"(?:This|These|That|Those|It|They|Such)\b")


def _with_antecedents(picked: list[Match]) -> list[Match]:
    """The picked sentences, each that points back (`POINTS_BACK`) with the sentence before it in its block."""
    said = {m[3] for m in picked}
    out: list[Match] = []
    for m in picked:
        prior = before(m[4], m[3]) if POINTS_BACK.match(m[3]) else None
        if prior is not None and prior not in said:
            said.add(prior)
            out.append((m[0], m[1], m[2] - 1, prior, m[4]))
        out.append(m)
    return out


def _going_on(picked: list[Match]) -> list[Match]:
    """The sentences picked, each with the sentence that goes on from it right after it, in whatever order they were
    asked for (the results first: at the answer's end, "However, it rose again ..." would go on from another sentence
    than its own): an answer often stops a sentence before the fact. After the one that answers best, when it is the best section's, whatever sentence follows ("NOTE: If you
    are using Windows, some of the above commands may not work." goes on "A quick solution may be ..."); after any
    other, one that says it goes on (`GOES_ON`): "... it will not replace the values defined in copier.yml." goes on
    "Instead, CLI/API definitions will extend those ..."; "... are automatically excluded from updates." goes on "If you
    want to recover such a file later on, ..."."""
    out: list[Match] = []
    said = {m[3] for m in picked}
    for k, (value, rank, i, sentence, section) in enumerate(picked):
        out.append((value, rank, i, sentence, section))
        after = following(section, sentence)
        if after is None or after in said or not (k == 0 and rank == 0 and not POINTER.match(after) or GOES_ON.match(after)):
            continue
        said.add(after)
        out.append((value, rank, i, after, section))
    return out


# A sentence that points elsewhere for what it would say: "See the pagination documentation for further guidance ...",
# "Refer to the Forwarded headers documentation ...", "For more details, see ...", "More information on layers can be
# found in the guide." (not "See how ...", "Read-only fields ...", "For more complicated data structures ...").
POINTER = re.compile(r"(?:Please\s+)?(?:See(?:\s+also)?\b(?!\s+how\b)|Refer\s+to\b|Consult\b|Check\s+out\b|Visit\b"
                     r"|Head\s+over\s+to\b|(?:Take\s+)?a\s+look\s+at\b|Read\s+(?:more|the|our|about)\b"
                     r"|For\s+(?:more|further|full|a\s+(?:full|complete|detailed))\b[^.]*?\b(?:see|refer|read|consult|check|visit)\b"
                     r"|More\s+(?:information|details|info)\b)")
# A sentence that opens with the case it holds in ("If set to None, pagination is disabled by default."): up to the
# clause's comma.
CONDITION = re.compile(r"(?:If|Unless|When|Whenever|In\s+case|Only\s+if)\s+([^,.;:]+),")


def _opening(picked: list[Match], at: Mapping[tuple[str, int], Hit], asked: Weighed) -> list[Match]:
    """On documentation, the picked sentences opening with one that answers outright (`_outright`): where the first
    points elsewhere or says only a side condition, and a sentence of another section answers outright and says more
    of the question (`weighed`) than it, the section of the one of those that says most goes first, the rest in their
    order (never for a line that leads into code: said with its code, it opens only where it answers best). The
    best section's title often matches the question's words whole (DRF's Settings section `DEFAULT_PAGINATION_CLASS`
    for "How do I set the default pagination class for all views?"), and its sentences picked first, "If set to None,
    pagination is disabled by default." and "See the pagination documentation ...", said neither how; the pagination
    guide's "The pagination style may be set globally, using the DEFAULT_PAGINATION_CLASS and PAGE_SIZE setting
    keys." does. A pointer that is all there is, is still said."""
    first = picked[0] if picked else None
    if first is None or _outright(first, asked):
        return picked
    def said(m: Match) -> float:
        return at[m[4].id, m[2]][4] if (m[4].id, m[2]) in at else 0.0
    others = [m for m in picked if m[1] != first[1] and _outright(m, asked) and m[3] not in leads(m[4])]
    best = max(others, key=lambda m: (said(m), -m[1], -m[2]), default=None)
    if best is None or said(best) <= said(first):
        return picked
    return [m for m in picked if m[1] == best[1]] + [m for m in picked if m[1] != best[1]]


def _outright(m: Match, asked: Weighed) -> bool:
    """Whether a picked sentence answers outright: it points nowhere else (`POINTER`) and says no side condition: it
    opens its section (a setting's meaning, "When returning decimal objects ..."), or opens with no case (`CONDITION`),
    or with a case that says a distinctive word of the ask (`Weighed.distinct`) or one of the reader's situation."""
    sentence, section = m[3], m[4]
    if POINTER.match(sentence):
        return False
    case = CONDITION.match(sentence)
    if case is None or next(iter(quotes(section)), None) == sentence:
        return True
    words = set(asked.distinct()) | {w for w in asked.context if w in asked.alts}
    return bool(set(spoken(case.group(1))) & set().union(*(asked.alts[w] for w in words)))


# A sentence that says it goes on from the one before: it opens with a connective ("Instead, ...", "However, ...",
# "Otherwise, ...") or by pointing back (`POINTS_BACK`), points back within ("... recover such a file ..."; not
# "such as", which names examples: "options such as --limit-concurrency"), or ends by naming what to do in its place
# ("You should use the uvicorn-worker package instead.").
GOES_ON = re.compile(r"(?:Instead|However|Otherwise|Therefore|Then|So|Also|This|These|That|Those|It|They|Such)\b"
                     r"|.*\bsuch\b(?!\s+as\b)|.*\binstead\.$")


def _fits(sentence: str, section: RecordSection, wants: str) -> float:
    """Asked for the owner's work or for results: a sentence that is what was asked counts twice (and a quarter
    otherwise); a section whose title says whose work it is ("What I built") or that it holds the results, more."""
    fits = OWN_WORK.search(sentence) if wants == "work" else FIGURE.search(sentence)
    titled = (OWN_WORK if wants == "work" else RESULTS).search(section.title + " x")
    return (2.0 if fits else 0.5) * (1.5 if titled else 1.0)


def of_results(section: RecordSection, wants: str | None) -> bool:
    """Asked for results, whether a section's title says it holds them ("Results", "Consequences"): such a section
    answers though the question's words are elsewhere ("What did gRPC buy them?" under "gRPC inside")."""
    return wants == "results" and RESULTS_TITLE.search(section.title) is not None


def _most(hits: list[Hit], asked: Weighed) -> float:
    """The most any sentence that says a word of the question says of it: that sentence is no coincidence, in
    whichever of the best sections it is; infinity where none says a word. Never a table's row (`ROW_TOKEN`): whether
    the record says what is asked stands on its sentences (a row counted, Python-Markdown's collapsible-admonitions was
    answered with near-topic text, not refused)."""
    return max((hit for _, _, _, _, hit, said in hits if asked.covered(said) and ROW_TOKEN not in said), default=math.inf)


def said_most(hits: list[Hit], asked: Weighed) -> float:
    """How much of the question the sentence of the best sections that says most of it says (`weighed`); infinity
    where none says a word of it (a title alone matched: the section's opening says what it is)."""
    return _most(hits, asked)


def weighed(top: Ranked, asked: Weighed, *, rows: bool = False) -> list[Hit]:
    """Each of the top sections' sentences (and the lines that lead into its code, in their places) with how much of the
    question it says, its title's words counting `TITLE_SHARE` and the question's code it writes `Weighed.rarest`, and
    its words; with `rows` (documentation's), then the section's table rows, each said as the row (`_rows`): a
    portfolio's tables are its results, which a question for results would pick by their figures alone."""
    out = []
    for rank, (_, section) in enumerate(top):
        title = set(terms(section.title))
        led = leads(section)
        sentences = with_leads(section)
        for i, sentence in enumerate(sentences):
            said = set(spoken(sentence)) | ({NOW_TOKEN} if ONGOING.search(sentence) else set())
            hit = asked.asks(said) + TITLE_SHARE * (asked.asks(said | title) - asked.asks(said))
            code = section.blocks[led[sentence]].text if sentence in led else ""
            if code:  # a line that leads into code is said with it: what the code says, it answers too
                hit += CODE_SHARE * (asked.asks(said | title | set(spoken(code))) - asked.asks(said | title))
            out.append((rank, i, sentence, section, hit + asked.rarest * asked.code_named(f"{sentence}\n{code}"), said))
        out += _rows(rank, section, asked, title, start=len(sentences)) if rows else []
    return out


def _rows(rank: int, section: RecordSection, asked: Weighed, title: set[str], *, start: int) -> list[Hit]:
    """The section's table rows said as rows (`rows.row_lines`), weighed as `weighed` weighs its sentences, each marked
    `ROW_TOKEN` among its words: `pick` says one only where it holds the question's key terms."""
    words = [w for w in asked.weight if w not in asked.context]

    def asks(header: str) -> bool:
        held = set(spoken(header))
        return any(asked.alts[w] & held for w in words)

    out: list[Hit] = []
    for k, (sentence, _) in enumerate(row_lines(section, asks)):
        said = set(spoken(sentence))
        hit = asked.asks(said) + TITLE_SHARE * (asked.asks(said | title) - asked.asks(said))
        out.append((rank, start + k, sentence, section, hit + asked.rarest * asked.code_named(sentence), said | {ROW_TOKEN}))
    return out


def by_ask(asked: Weighed, ranked: Ranked, vocabulary: Vocabulary, kind: str = "portfolio") -> Ranked:
    """The index's ranking, each section's score leaning by what it says of the ask: search ranks by the reader's
    whole account, and of two sections it ranks close, the one that says what is asked answers ("What is that
    timeout?" after a paragraph of set-up). What it says is the share of the question's weight it says
    (`Weighed.answers`, the situation counting less); on documentation (`kind` "docs"), whose readers ask long
    questions in their own words and with their code, counted three ways:
    - the ask's distinctive words it holds (`Weighed.distinctive`), each alike: the words that name what is asked
      ("override", "bound"), however the question's weight is spread over the reader's phrasing;
    - the share of the question's weight it says, `ANSWER_SHARE`;
    - the question's code its own code writes (`uv export`, `trust_env`), as written (`Weighed.code_named`).
    A section that lacks what a "which"/"how many" asks for says none of it."""
    def lean(section: RecordSection) -> float:
        doc = vocabulary.doc(section)
        if kind != "docs":
            return (ASK_LEAN + asked.answers(doc)) / ASK_LEAN
        if not asked.answers(doc) and asked.heads:
            return 1.0
        code = "\n".join(c for b in section.blocks for c in ((b.text,) if b.kind == "code" else b.code))
        said = asked.distinctive(doc) + ANSWER_SHARE * asked.answers(doc) + asked.code_named(code)
        return (DOCS_LEAN + said) / DOCS_LEAN

    return sorted(((score * lean(s), s) for score, s in ranked), key=lambda r: -r[0])
