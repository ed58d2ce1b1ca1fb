"""The answer told from the best sections (`model.py` ranks them and judges whether they answer): the sentences that
say most of the question (`picking.py`), each told in the third person and cited, a short list with its lead line,
the best section's opening where too few answer, and the code that answers after them.
"""

from __future__ import annotations

from collections.abc import Mapping

from docent.schema import RecordSection

from ..answer.words import ASCII_WORD as WORD
from ..answer.words import stem, terms
from .code import fenced, quoted
from .picking import SAID, SAYS_LEAST, Match, leading, of_results, pick, said_most, wanted, weighed
from .quotes import cited, goes_on, item, labelled, leads, listed, named, quotes
from .voice import Voice
from .weighing import Weighed

FILLER_WORDS = 6  # a sentence taken for context, not for a match, says something
NONE = ["[[none]]"]
Ranked = list[tuple[float, RecordSection]]


def top_of(ranked: Ranked, wants: str | None = None) -> Ranked:
    """The sections within half the best's score, eight at most; asked for results, a third for those titled so."""
    return [(score, s) for score, s in ranked[:8] if score >= ranked[0][0] / (3 if of_results(s, wants) else 2)]


def told(
    question: str, asked: Weighed, ranked: Ranked, record: Mapping[str, RecordSection], page: str | None, voice: Voice,
    kind: str = "portfolio") -> list[str]:
    """The sentences that answer, told in the third person, each with its citation; on documentation, `[[none]]` where
    no sentence of the best sections says `SAYS_LEAST` of the question (near-topic text)."""
    best = ranked[0][1]
    top = top_of(ranked, wants := wanted(question, kind))
    hits = weighed(top, asked, rows=kind == "docs")
    if kind == "docs" and page is None and wants is None and said_most(hits, asked) < SAYS_LEAST:
        return NONE
    picked = pick(top, asked, wants, ranked[0][0], kind, hits=hits)
    if page is not None:  # a page shown is told in sentences, no code: a line that leads into code says nothing
        picked = [m for m in picked if m[3] not in leads(m[4])]
        if not picked and not asked.covered(terms(best.text)):
            # nothing on the page says the question's words (its label matched): the page's opening says what it is
            best = next(s for s in record.values() if s.page == page)
    chosen = _filled(_said(picked, voice), best, asked, voice)
    # the sentences a list said whole adds, those that say what a bare value is of, and those that go on from a
    # sentence said (`picking._going_on`, beyond the first): each of those shares its sentence's place (section and
    # index), where a sentence said before one that points back (`picking._with_antecedents`) has its own
    listing = sum(len([x for item in listed(m[4], m[3]) for x in labelled(m[4], item)]) - 1 for m in picked)
    went_on = len(picked) - len({(m[1], m[2]) for m in picked})
    # a line that leads into code said beside the one that answers best (`picking._led`) is said with its code, apart
    first = leading(picked)
    led = sum(1 for m in picked if m is not first and m[3] in leads(m[4]))
    chosen = chosen[: SAID + listing + max(1, went_on) + led]
    return chosen if page is not None else _with_code(question, asked, chosen, picked, best, voice, top)


def _filled(chosen: list[str], best: RecordSection, asked: Weighed, voice: Voice) -> list[str]:
    """At least two sentences: where fewer were chosen (a match in the title alone), the best section's own opening
    sentences give it context, then a pointer to it."""
    # the words said, code marked or not, an end mark added or not
    told = {item(c)[1].rsplit(" [[", 1)[0].replace("`", "").rstrip(".") for c in chosen}
    for sentence in quotes(best):
        if len(chosen) >= 2:
            break
        said = voice.sayable(voice.tell(named(best, sentence)))
        if said is not None and said.replace("`", "").rstrip(".") not in told and len(sentence.split()) >= FILLER_WORDS:
            told.add(said.replace("`", "").rstrip("."))
            chosen.append(cited(said, best))
    if len(chosen) < 2:
        chosen += _pointer(best, asked)
    return chosen


def _with_code(question: str, asked: Weighed, chosen: list[str], picked: list[Match], best: RecordSection,
               voice: Voice, top: Ranked) -> list[str]:
    """The sentences, and where the answer is code, the block that says it: after a line that leads into code
    (which goes last), that code; else the block chosen from the best section, those the sentences came from, then the
    rest of the best sections (`top`): a section whose prose another outweighs may hold the call asked for
    (`templates.TemplateResponse(request, 'index.html')` under "Jinja2Templates", its sentences outweighed by testing's).
    A line that leads into code is said in its place in the record's order with its code right after it ("Uvicorn is
    available on PyPI so installation is as simple as:", `pip install uvicorn`, then what the section says after them);
    where no sentence said comes after it, last with its code, or right before its code where that is shown already."""
    led = [(m[4], m[3], j) for m in picked if (j := leads(m[4]).get(m[3])) is not None]
    lines = [cited(voice.tell(named(section, line)), section) for section, line, _ in led]
    out = [c for c in chosen if c not in lines]
    if leading(picked) is None:
        sections = list(dict.fromkeys([best, *(m[4] for m in picked), *(s for _, s in top)]))
        out += quoted(question, asked, sections, {m[3].rstrip("."): m[0] for m in picked if m[3] not in leads(m[4])})
    for (section, _, j), line in zip(led, lines, strict=True):  # each line that leads into code with its code
        code = fenced(section, section.blocks[j], asked)
        after = next((c for c in chosen[chosen.index(line) + 1 :] if c in out), None) if line in chosen else None
        if after is not None:  # a sentence is said after it: the line in its place in the record's order, its code next
            out = [c for c in out if c != code]  # its code, chosen already or not, right after it
            out[(at := out.index(after)) : at] = [line, code]
        elif code in out:  # its code is shown already: the line goes right before it
            out.insert(out.index(code), line)
        else:
            out += [line, code]
    return out


def _said(picked: list[Match], voice: Voice) -> list[str]:
    """The picked sentences told, each with its citation, a short list's item with its list and the line that leads
    into it (`listed`); the same words in two sections are said once."""
    chosen: list[str] = []
    used: set[str] = set()
    for m in picked:
        lines = listed(m[4], m[3])
        for k, (marker, line) in enumerate(map(item, lines)):
            going_on = k == 0 < len(lines) - 1 and not marker and goes_on(line)  # its items finish its sentence
            for sentence in labelled(m[4], line):
                told = voice.sayable(voice.tell(sentence))
                if told is not None and told not in used:
                    used.add(told)
                    chosen.append(f"{marker}{cited(told, m[4], end=not going_on)}")
    # a sentence said again whole inside a list item said after it ("If you update the code, ..." of SIGHUP's), or an
    # item's first sentence said again as an item of its own after the item said whole (Uvicorn's `--use-colors`): once
    items = [words for marker, words in map(item, chosen) if marker]
    return [c for c in chosen if not _inside(item(c), items)]


def _inside(said: tuple[str, str], items: list[str]) -> bool:
    """Whether a line chosen is said again whole in a list item chosen beside it: a sentence in any item; an item,
    its sentences whole (ending in their citation), in a longer one."""
    marker, words = said
    if marker and not words.endswith("]]"):
        return False
    return any(f" {words}" in f" {other}" and (not marker or len(other) > len(words)) for other in items)


def _pointer(section: RecordSection, asked: Weighed) -> list[str]:
    """A line that points to the best section by what it has more on: the word of the question's ask it writes that
    weighs most (`Weighed.asks`), never a word of the reader's situation ("async main()") or a common one before a
    rare one ("returned" before "Http404")."""
    words = [w for w in WORD.findall(section.text) if stem(w) in asked.weight and len(w) > 2 and not w.isdigit()]
    words = [w for w in words if stem(w) not in asked.context]
    if not words:
        return []
    said = max(words, key=lambda w: (asked.weight[stem(w)], w.islower()))  # as prose writes it ("username")
    return [f'The section "{section.title}" has more on {said}. [[{section.id}]]']
