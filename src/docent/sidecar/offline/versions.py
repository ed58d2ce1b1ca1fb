"""A name with its version, as a question asks about one, that the record never writes: the record lacks the fact."""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from docent.schema import RecordSection

from ..answer.names import ENGLISH
from ..answer.words import STOP_WORDS as STOPWORDS
from ..answer.words import stem, unaccented
from .seen import spans, within

# A name with its version, as a question asks about one: "HTTP/3", "Python 3.14", "Pydantic v2"; never a segment of
# a path or an address ("/api/v1/users", "http://host:8080/nnrf-nfm/v1/"), which names the reader's own route.
VERSIONED = re.compile(r"(?<![\w./-])([A-Za-z][A-Za-z+#]*(?:[.-][A-Za-z]+)*)\s?[/ ]?\s?v?(\d+(?:\.\d+)*)(?![\w.])")
# A version written bare ("3.8", "0.17"), not an address's or a longer number's part ("127.0.0.1", "1.2.3").
BARE_VERSION = re.compile(r"(?<![\w.])\d+\.\d+(?![\w.]|\.\d)")
# A release written whole ("1.4.4"), asked about only where the question asks after releases.
RELEASE = re.compile(r"(?<![\w.])\d+\.\d+\.\d+(?!\w|\.\w)")  # a sentence's full stop may end it
# A question that asks after releases: "which version fixes it?", "is this a known regression?". There the versions
# its reader tells ("worked in 1.4.3, broke in 1.4.4") are what it asks about, and the record must write them.
RELEASES_ASKED = re.compile(r"\b(?:(?:which|what) (?:\w+ )?(?:version|release)s?|regression|changelog|release notes|fixed in)\b",
                            re.IGNORECASE)


def versions_missing(question: str, said: str, *, ask: str | None = None) -> frozenset[str]:
    """The versioned names a question asks about ("HTTP/3", "Python 3.14") that the record's text (`said`, lower
    case) never writes: the record lacks the fact, and an answer about another version would mislead.

    `ask`: what the question asks (`weighing.asking`), where it first tells the reader's situation. The versions only
    that situation writes are the reader's own history ("Just upgraded from 7.2 to 8.1 and it fails with ...; what
    do I do?"), asked about only where the ask asks after releases (`RELEASES_ASKED`)."""
    if ask is not None and not RELEASES_ASKED.search(ask):
        question = ask
    missing = set()
    for m, together in _versioned(question):
        alone = "." in m.group(2) and _written(m.group(2), said)
        if not together.search(said) and not alone:
            missing.add(m.group(0))
    given = spans(question)
    bare = [*BARE_VERSION.finditer(question), *(RELEASE.finditer(question) if RELEASES_ASKED.search(question) else ())]
    for m in bare:  # "can I still run it on 3.8?": a version, named or not
        if not within(m.span(), given) and not _written(m.group(), said):
            missing.add(m.group())
    return frozenset(missing)


def _versioned(question: str) -> list[tuple[re.Match[str], re.Pattern[str]]]:
    """The versioned names a question writes (`VERSIONED`), each with the pattern that finds it in the record's text
    (lower case): a name, not a first word, or written as a version ("HTTP/3", "v2")."""
    out = []
    for m in VERSIONED.finditer(question):
        name, number = m.group(1).lower(), m.group(2)
        before = question[: m.start()].rstrip()
        named = m.group(1)[0].isupper() and before and before[-1] not in ".!?:\"“("  # a name, not a first word
        if name in STOPWORDS or len(name) < 2 or not (named or re.search(r"[/]|\dv|\sv\d|[A-Za-z]v\d", m.group(0))):
            continue
        # with its name, as alone (`_written`): "python 3.14.2" names that release, not 3.14; a major version is
        # the family of its releases ("pydantic 2.1" is Pydantic v2)
        end = r"(?!\d|\.\d)" if "." in number else r"(?!\d)"
        out.append((m, re.compile(rf"(?<![\w]){re.escape(name)}\s?[/ -]?\s?v?{re.escape(number)}{end}")))
    return out


def _written(number: str, said: str) -> bool:
    """Whether the record's text writes a version number by itself: "3.14" in "3.14" or "Python 3.14+", never as the
    start of a longer release ("3.14.0", "1.4.4.post1"), which is another thing's version (a changelog's, an example's)."""
    return re.search(rf"(?<![\w.]){re.escape(number)}(?!\d|\.\d)", said) is not None


# A question that asks yes or no ("Does uvicorn support HTTP/3?", "Can it serve HTTP/2?", "Is Python 3.13 supported?"):
# whether the docs' own subject does a thing, not which thing does ("Which servers support HTTP/3?").
YES_NO = re.compile(r"(?:does|do|is|are|can|could|will|would|has|have)\b", re.IGNORECASE)
# A sentence's subject: its first word, capitalised (a name: "Hypercorn supports ..."), or a word that points back
# to what its section is titled by ("It is run widely in production, and supports HTTP/1.1, HTTP/2 ...").
SUBJECT = re.compile(r"\s*([A-Z][\w-]*)")
POINTING = frozenset({"it", "this", "they", "these", "that"})


def versions_of_others(question: str, sections: Sequence[RecordSection], known: Collection[str], *,
                       folded: Sequence[str], missing: Collection[str] = ()) -> frozenset[str]:
    """The versioned names a yes/no question asks about (`YES_NO`, its ask's opening) that the record writes only of
    another named thing: each of its sentences that writes one has for its subject a name that neither the question
    nor the site's name (`known`, stemmed) writes, and that no list of common English words holds ("Hypercorn
    supports HTTP/1.1, HTTP/2, HTTP/3 and WebSockets." asked "Does uvicorn support HTTP/3?"; "It ... supports HTTP/2"
    under the heading "Daphne"). What another thing does says nothing of whether the one asked about does: the record
    lacks the fact. Not where the question names that thing too, nor where any sentence of it that asks (one ending in a
    question mark) asks otherwise than yes or no ("... If not, which server does?").

    `folded`: each section's text (`sections`' order), lower case, accents folded (`Vocabulary.folded`, folded once);
    `missing`: the names the record never writes (`versions_missing`), a lack already, not read again."""
    from .quotes import split

    asks = re.findall(r"[^.!?]*\?", question) or [question]
    if not all(YES_NO.match(ask.lstrip()) for ask in asks):  # "... if not, which server does?" asks which
        return frozenset()
    asked = {stem(w) for w in re.findall(r"[A-Za-z][\w-]*", question)} | set(known)
    sentences: dict[int, list[tuple[str, str]]] = {}  # a section's sentences, each with its folded text: split once
    others = set()
    for m, together in _versioned(question):
        if m.group(0) in missing:
            continue
        writing = []
        for i, (s, text) in enumerate(zip(sections, folded, strict=True)):
            if together.search(text):
                if i not in sentences:
                    sentences[i] = [(sentence, unaccented(sentence).lower()) for sentence in split(s.text)]
                writing += [(s, sentence) for sentence, said in sentences[i] if together.search(said)]
        if writing and all(_of_another(sentence, s.title, asked) for s, sentence in writing):
            others.add(m.group(0))
    return frozenset(others)


def _of_another(sentence: str, title: str, asked: Collection[str]) -> bool:
    """Whether a sentence's subject (`SUBJECT`; its section's title where it points back) is a name the question does
    not write (`asked`, stemmed) and no common English word."""
    m = SUBJECT.match(sentence)
    if m is not None and m.group(1).lower() in POINTING:
        m = SUBJECT.match(title)
    if m is None:
        return False
    word = m.group(1)
    return word.lower() not in STOPWORDS and stem(word) not in ENGLISH and stem(word) not in asked
