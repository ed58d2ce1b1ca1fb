"""The code block an answer shows: a block right after a sentence the answer says, other than the one that answers
best, gains from that place only as much as it says of the question itself (`code.FOLLOWS_FULL`). Docs show the call
right after the sentence that explains it, but a block that says nothing of the question after a lesser sentence is no
call the answer explains: asked how to show an app in a web browser, Textual's answer showed a link's markup
(`[link=...]Visit my blog![/link]`, after a sentence on links that open the browser) over `textual serve my_app.py`;
OpenFaaS' showed a service account's YAML over the namespace annotation asked for. The block after the sentence that
answers best keeps its place whatever it says (`python -m toolkit` after "... may not be recognized": the docs' fix)."""

from __future__ import annotations

from docent.schema import Block, Manifest
from docent.schema import RecordSection as Section
from docent.sidecar.offline import OfflineModel
from docent.sidecar.offline.code import quoted
from docent.sidecar.offline.weighing import Weighed


def _section(id: str, heading: str, *blocks: Block) -> Section:
    return Section.of(id, page="guide", path=f"/guide/#{id}", headings=("Guide", heading), blocks=blocks)


BEST = "A terminal app can run in a web browser as well as in a terminal."
INTRO = _section("intro", "Introduction", Block("paragraph", BEST))
SAID = "Links in the content of an app open in the web browser when the reader clicks them."
LINKS = _section(
    "links", "Links",
    Block("paragraph", SAID),
    Block("code", '[link="https://example.com"]Visit my blog![/link]'),
)
SERVE = _section(
    "serve", "Serve",
    Block("paragraph", "The serve command runs a terminal app as a web application."),
    Block("code", "toolkit serve my_app.py  # then open the address it prints in a browser", lang="bash"),
)


def _asked(question: str, *sections: Section) -> Weighed:
    model = OfflineModel.of({s.id: s for s in sections}, manifest=Manifest(site_name="Toolkit", kind="docs"))
    source = model.source()
    return Weighed.of(question, model.vocabulary(source), model._lexicon(source), source.manifest)


def _shown(question: str, said: dict[str, float]) -> list[str]:
    return quoted(question, _asked(question, INTRO, LINKS, SERVE), [INTRO, LINKS, SERVE], said)


def test_a_block_that_says_nothing_of_the_question_gains_nothing_from_following_a_sentence_said() -> None:
    # the best sentence has no block after it; the links sentence, said too, has the markup after it
    shown = _shown("How can I show my terminal app in a web browser?", {BEST: 1.0, SAID: 0.85})
    assert len(shown) == 1 and shown[0].startswith("```bash\ntoolkit serve my_app.py"), shown


def test_a_block_that_says_the_question_still_follows_the_sentence_that_explains_it() -> None:
    # the link markup says what is asked ("link", "blog"), so its place after the sentence said counts in full
    shown = _shown("How do I put a link to my blog in the content?", {BEST: 1.0, SAID: 0.85})
    assert shown and shown[0].startswith('```\n[link="https://example.com"]'), shown


def test_the_block_after_the_sentence_that_answers_best_keeps_its_place_whatever_it_says() -> None:
    shown = _shown("How can I show my terminal app in a web browser?", {SAID: 1.0})
    assert shown and shown[0].startswith('```\n[link="https://example.com"]'), shown
