"""Faithful sentences of the careful Markdown answers that the gate held (issue 21), told about made-up sections: each
shown, and a false sentence beside it held by the same rule."""

from __future__ import annotations

import pytest

from docent.schema import Block
from docent.schema import RecordSection as Section
from docent.sidecar.answer import actors, hedges, quantifiers
from docent.sidecar.answer.events import Held
from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from docent.sidecar.answer.passage import Passage, unit
from docent.sidecar.answer.words import fold
from tests.sidecar.gating import record_of


def _section(sid: str, text: str, title: str = "Section") -> Section:
    return Section.of(sid, page="p", path=f"/p/#{sid}", headings=("Queue", title), blocks=(Block("paragraph", text),))


RECORD = record_of(
    _section("timeouts", "The client sends requests without a timeout if you pass timeout=None."),
    _section("deps", "Corral only requires anyio, and the following dependencies are optional."),
    _section("extras", "The full extra installs the following dependencies: lxml, ujson and brotli."),
    _section("north", "From 2016 to 2021 she worked at Northwind in Oslo, where she led the data team."),
    _section("south", "She joined Southgate in 2021 and reports to the head of engineering."),
)


def verdicts(reply: str) -> list[str]:
    gate = Gate(RECORD, Lexicon([]))
    return [e.reason if isinstance(e, Held) else "shown" for e in [*gate.feed(reply), *gate.finish()]]


@pytest.mark.parametrize(
    ("reply", "said"),
    [
        # "with" before a setting is "given it", no presence; "time out" is the section's "timeout" (review5 4b).
        ("With timeout=None, the client sends requests that never time out [[timeouts]].", ["shown"]),
        ("With `timeout=None`, the client sends requests that never time out [[timeouts]].", ["shown"]),
        ("The client sends requests with a timeout if you pass timeout=None [[timeouts]].", ["polarity"]),
        ("With timeout=None, the client sends requests with a timeout [[timeouts]].", ["reversal"]),
        # "A and nothing else" says "only A" (review5 4b); "nothing" alone still denies.
        ("Corral requires anyio and nothing else [[deps]].", ["shown"]),
        ("Corral requires nothing but anyio [[deps]].", ["shown"]),
        # A count of a list the sentence writes itself; another count is held.
        ("Corral can use lxml, ujson or brotli, and the full extra installs all three [[extras]].", ["shown"]),
        ("Corral can use lxml, ujson or brotli, and the full extra installs all four [[extras]].", ["number"]),
        # a figure the length of the list is a value, not a count of it
        ("Corral's lxml, ujson and brotli extras each need version 3 [[extras]].", ["number"]),
        ("Corral can use lxml, ujson or brotli, and the full extra installs 3 [[extras]].", ["number"]),
        # A frame that opens the sentence may name what the answer cited before it; the fact itself may not.
        ("She reports to the head of engineering [[south]]. Before Southgate, she led the data team in Oslo [[north]].",
         ["shown", "shown"]),
        ("She reports to the head of engineering [[south]]. At Southgate, she led the data team in Oslo [[north]].",
         ["shown", "unknown_term"]),
        ("Before Southgate, she led the data team in Oslo [[north]].", ["unknown_term"]),
    ],
)
def test_faithful_sentences_shown_and_their_false_twins_held(reply: str, said: list[str]) -> None:
    assert verdicts(reply) == said


SECTIONS = [
    Passage.of("Programmatic", "When using reload=True, you should put run() into an if __name__ == '__main__' clause.",
               fold),
    Passage.of("Trust", "You can trust all clients with the literal '*'. You should only set this when you know you can "
               "trust all values within the forwarded headers.", fold),
]


@pytest.mark.parametrize(
    ("sentence", "held"),
    [
        # An instruction ("put", "set" opening the sentence or its main clause) is told to the reader as "you should
        # put" is: no deed the section tells only after a modal. Told as a deed, it is held.
        ("When using reload, put run() into an if __name__ == '__main__' clause.", False),
        ("Put run() into an if __name__ == '__main__' clause when using reload.", False),
        ("The server put run() into an if __name__ == '__main__' clause.", True),
    ],
)
def test_an_instruction_is_no_deed(sentence: str, held: bool) -> None:
    assert hedges.held(unit(sentence, fold), SECTIONS) is held


@pytest.mark.parametrize(
    ("sentence", "held"),
    [
        # "only set ... all values": the next quantifier ends the reach of "only".
        ("The literal '*' trusts every client, which you should only set when you can trust all values.", False),
        ("You should only set it when you can trust some values within the forwarded headers.", True),
    ],
)
def test_a_quantifier_reaches_no_further_than_the_next(sentence: str, held: bool) -> None:
    assert quantifiers.held(unit(sentence, fold), SECTIONS) is held


def test_the_site_making_a_party_do_what_the_section_says_it_does_is_no_other_actor() -> None:
    sections = [Passage.of("Lifespan", "The lifespan protocol runs as a sibling task alongside your main application, "
                           "allowing both to execute concurrently. The worker handles the requests.", fold)]
    owner = frozenset(("corral",))
    assert not actors.held(unit("Corral runs the lifespan protocol as a sibling task alongside your application.",
                                fold, owner), sections)
    assert actors.held(unit("Corral handles the requests.", fold, owner), sections)


@pytest.mark.parametrize(
    ("sentence", "held"),
    [
        # A cleft's focus is the verb's actor: "It is X that decides" says X decides.
        ("It is Corral that decides whether to accept the connection.", True),
        ("It's the worker that handles the requests.", False),
        ("It is the application that decides whether to accept the connection.", False),
        # A "that" of no cleft: no actor before it.
        ("Corral passes a scope that decides nothing on its own.", False),
    ],
)
def test_the_actor_of_a_cleft_is_its_focus(sentence: str, held: bool) -> None:
    sections = [Passage.of("Handshake", "The application decides whether to accept the connection. The worker handles "
                           "the requests.", fold)]
    assert actors.held(unit(sentence, fold, frozenset(("corral",))), sections) is held


@pytest.mark.parametrize(
    ("sentence", "held"),
    [
        # A past deed done to the same thing, given to another party that acts in the sections.
        ("The merchant retried on its own timeouts.", True),
        ("The vendor retried on its own timeouts.", False),
        # Done to another thing: no deed the sections give to anyone.
        ("The merchant retried the order later.", False),
    ],
)
def test_a_deed_done_to_the_same_thing_by_another_party_is_held(sentence: str, held: bool) -> None:
    sections = [Passage.of("Retries", "The vendor retried on its own timeouts. The merchant sends the order data.", fold)]
    assert actors.held(unit(sentence, fold), sections) is held


SEARCH_PAGE = Passage.of("include_search_page", (
    "Determines whether the search plugin expects the theme to provide a dedicated search page via a template located "
    "at search/search.html. When include_search_page is set to true, the search template will be built and available "
    "at search/search.html."), fold)


@pytest.mark.parametrize(
    ("sentence", "held"),
    [
        # A participle right after a noun and before "from", "by" or "via" describes the noun (a reduced relative),
        # no deed the section tells only after "will" (mkdocs-answers-round6 and round6-mkdocs-faithful).
        ("The readthedocs theme uses a dedicated search page built from search/search.html.", False),
        ("The search plugin built the search template at search/search.html.", True),
    ],
)
def test_a_participle_describing_a_noun_is_no_deed(sentence: str, held: bool) -> None:
    assert hedges.held(unit(sentence, fold), [SEARCH_PAGE]) is held


DELETED = Passage.of("Handling of deleted paths", (
    "Template-based files/directories that were deleted in the generated project are automatically excluded from "
    "updates. If you want to recover such a file later on, you can run copier recopy and recommit it to your "
    "repository. Subsequent updates for the path will then be respected again. An exception to this behavior applies "
    "to paths that are matched by skip_if_exists. Their presence is always ensured, even during an update operation."),
    fold)
DEFAULTS = Passage.of("Pagination", "The generic list views output 100 items per page by default.", fold)


@pytest.mark.parametrize(
    ("sentence", "sections", "held"),
    [
        # "always" against a unit that shares one word with its clause ("Copier"): no restatement, no leeway dropped
        # (round10-copier-faithful).
        ("Deleted files are skipped by later updates, the exception being paths matched by skip_if_exists, which "
         "Copier always makes sure are present.", DELETED, False),
        ("The generic list views always output 100 items per page.", DEFAULTS, True),
    ],
)
def test_always_is_read_against_the_unit_its_clause_restates(sentence: str, sections: Passage, held: bool) -> None:
    assert hedges.held(unit(sentence, fold), [sections]) is held
