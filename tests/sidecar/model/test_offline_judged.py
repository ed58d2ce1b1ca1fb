"""On documentation, an ask that only judges what the reader told ("Is that expected?", "Is this normal?") picks the
sentences that answer by the rest of the question: its judgment word names no topic of the record's, and a sentence
that happens to write it ("... may not work as expected", "... good enough for normal daily usage") was picked for
it (MkDocs' "the plugins in my child mkdocs.yml replace the parent's list. Expected?"; Docker Mailserver's "about
1.9-2GB of RAM. Is this normal? What are the actual requirements?")."""

from __future__ import annotations

import pytest

from docent.schema import Block, Manifest
from docent.schema import RecordSection as Section
from docent.sidecar.offline import OfflineModel
from docent.sidecar.offline.seen import judged


@pytest.mark.parametrize(("question", "words"), [
    ("The child's list replaces the parent's. Expected?", {"expected"}),
    ("It uses 2GB of RAM. Is this normal? What are the actual requirements?", {"normal"}),
    ("ASGI 'lifespan' protocol appears unsupported. -- is that an error? can I turn lifespan off?", {"error"}),
    ("The file exists at docs/api/index.md, what am I doing wrong", {"wrong"}),
    ("Am I configuring it wrong?", {"wrong"}),
    ("Is that the expected behaviour?", {"expected"}),
    # an ask that goes on past the word asks something of the record; a word written elsewhere too is the reader's
    ("Is it possible to keep the order of the list?", set()),
    ("Is it correct to call run() twice?", set()),
    ("The expected output differs from mine. Is that expected?", set()),
    ("What is the right way to set the port?", set()),
    # a clause that judges is short: an "am I" more than 60 characters before the word is no ask of that clause (so the
    # pattern reads a question in time linear in its length: "am I " said 100 times took 10 ms, 800 times 0.56 s)
    ("Am I " + "able to set the port in the config file " * 2 + "wrong?", set()),
])
def test_the_words_of_an_ask_that_judges_the_situation(question: str, words: set[str]) -> None:
    assert judged(question) == words


def _section(id: str, heading: str, *paragraphs: str) -> Section:
    return Section.of(id, page="guide", path=f"/guide/#{id}", headings=("Guide", heading),
                      blocks=tuple(Block("paragraph", p) for p in paragraphs))


MEMORY = _section(
    "memory", "Memory",
    "The actual requirements of the server depend on the services it runs.",
    "Its scanner can consume a lot of memory, as it reads the entire signature database into RAM.",
    "Without the scanner, the server runs on a host with 512MB of RAM.",
    "Podman's rootless mode is secure enough for normal daily usage.",
    "Swap lets the server start on a smaller host with less RAM.",
    "Logs are rotated daily.",
)
PORTS = _section("ports", "Ports", "The server listens on the mail ports 25, 465 and 587 of the host.")
ASKED = "The server by itself is using about 2GB of RAM. Is this normal? What are the actual requirements?"


def _said(question: str, kind: str = "docs") -> list[str]:
    model = OfflineModel.of({s.id: s for s in (MEMORY, PORTS)}, manifest=Manifest(site_name="Postbox", kind=kind))
    return [s.rsplit(" [[", 1)[0] for s in model.answer(question)[0]]


def test_a_judgment_word_picks_no_sentence() -> None:
    said = _said(ASKED)
    assert "Its scanner can consume a lot of memory, as it reads the entire signature database into RAM." in said, said
    assert not any("normal daily usage" in s for s in said), said
