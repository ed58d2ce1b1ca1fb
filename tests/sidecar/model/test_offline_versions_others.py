"""On documentation, a yes/no question about a versioned name ("Does uvicorn support HTTP/3?") that the record writes
only of another named thing ("Hypercorn supports HTTP/1.1, HTTP/2, HTTP/3 and WebSockets.") is refused: what another
server does says nothing of whether the one asked about does. Asked which thing does, or naming that thing, it is
answered; a version the docs write of their own subject is answered as before."""

from __future__ import annotations

from docent.schema import Block, Manifest, Page
from docent.schema import RecordSection as Section
from docent.sidecar.offline import OfflineModel
from docent.sidecar.offline.versions import versions_of_others
from docent.sidecar.offline.vocabulary import Vocabulary

NONE = ["[[none]]"]


def _section(id: str, heading: str, *paragraphs: str) -> Section:
    return Section.of(id, page="servers", path=f"/servers/#{id}", headings=("Servers", heading),
                      blocks=tuple(Block("paragraph", p) for p in paragraphs))


HOME = _section("home", "Introduction", "Serverkit is an ASGI web server for Python.",
                "Serverkit currently supports HTTP/1.1 and WebSockets.")
HYPERCORN = _section("hypercorn", "Hypercorn", "Hypercorn was first part of the Quart web framework.",
                     "Hypercorn supports HTTP/1.1, HTTP/2, HTTP/3 and WebSockets.")
DAPHNE = _section("daphne", "Daphne", "The first ASGI server was Daphne, built for Django Channels.",
                  "It is run widely in production, and supports HTTP/1.1, HTTP/2, and WebSockets.")
RECORD = (HOME, HYPERCORN, DAPHNE)


def _others(question: str, sections: tuple[Section, ...], known: set[str]) -> frozenset[str]:
    """`versions_of_others` as `Vocabulary` calls it: with each section's text folded once, in the record's order."""
    return versions_of_others(question, sections, known, folded=Vocabulary.build({s.id: s for s in sections}).folded)


def _model(*sections: Section, kind: str = "docs") -> OfflineModel:
    return OfflineModel.of({s.id: s for s in sections}, manifest=Manifest(
        site_name="Serverkit", kind=kind, pages=(Page("servers", "Servers", "/servers/"),)))


def test_a_version_written_only_of_other_named_things_is_one_the_record_lacks_for_a_yes_no_question() -> None:
    assert _others("Does serverkit support HTTP/3?", RECORD, {"serverkit"}) == {"HTTP/3"}
    # under a heading that names another server, a sentence that points back is that server's
    assert _others("Can serverkit serve HTTP/2?", RECORD, {"serverkit"}) == {"HTTP/2"}
    assert _model(*RECORD).answer("Does serverkit support HTTP/3?")[0] == NONE


def test_a_version_the_record_writes_of_its_own_subject_or_of_what_the_question_names_is_no_lack() -> None:
    assert not _others("Does serverkit support HTTP/1.1?", RECORD, {"serverkit"})
    assert not _others("Does Hypercorn support HTTP/3?", RECORD, {"serverkit"})
    # a sentence whose subject is a common word ("The server ...") may be the docs' own subject's
    plain = _section("protocols", "Protocols", "The server speaks HTTP/3 where the client asks for it.")
    assert not _others("Does serverkit support HTTP/3?", (*RECORD, plain), {"serverkit"})
    answer = _model(*RECORD).answer("Does Hypercorn support HTTP/3?")[0]
    assert answer != NONE and any("HTTP/3" in s for s in answer), answer


def test_asked_which_thing_does_the_version_is_answered() -> None:
    assert not _others("Which servers support HTTP/3?", RECORD, {"serverkit"})
    answer = _model(*RECORD).answer("Which servers support HTTP/3?")[0]
    assert answer != NONE and any("Hypercorn supports" in s for s in answer), answer


def test_a_portfolio_is_read_as_before() -> None:
    # the reading is documentation's: a portfolio's owner's versions are read by `versions_missing` alone, and the
    # visitor is told the sentence that writes HTTP/3
    answer = _model(*RECORD, kind="portfolio").answer("Does serverkit support HTTP/3?")[0]
    assert answer[0] == "Hypercorn supports HTTP/1.1, HTTP/2, HTTP/3 and WebSockets. [[hypercorn]]", answer


def test_a_yes_no_question_that_also_asks_which_thing_does_is_answered() -> None:
    # "if not, which server ...?": it asks for another thing too, and the servers' sentences that write HTTP/2 answer
    answer = _model(*RECORD).answer("Does serverkit support HTTP/2? If not, which server does?")[0]
    assert answer[:2] == ["Hypercorn supports HTTP/1.1, HTTP/2, HTTP/3 and WebSockets. [[hypercorn]]",
                          "It is run widely in production, and supports HTTP/1.1, HTTP/2, and WebSockets. [[daphne]]"], answer
