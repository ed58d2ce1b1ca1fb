"""The embedded model on a real documentation site (Django Ninja's, vendored): a sentence of another of the best
sections answers where it says half what the sentence that says most of the question says (`picking.OF_MOST`); on a
portfolio, where questions are short, it still says `SENTENCE_SHARE` of all of it."""

from __future__ import annotations

from pathlib import Path

import pytest

from docent.sidecar.answer.bundle import Bundle
from docent.sidecar.offline import OfflineModel
from docent.sidecar.offline.picking import pick
from docent.sidecar.offline.weighing import Weighed
from tests.evals import docsite

SITES = Path(__file__).resolve().parents[2] / "data" / "sites"


@pytest.fixture(scope="module")
def ninja(tmp_path_factory: pytest.TempPathFactory) -> OfflineModel:
    bundle = Bundle.load(docsite.build_copy(SITES / "django-ninja", tmp_path_factory.mktemp("ninja")).bundle)
    return OfflineModel(lambda: bundle)


# From Django Ninja's users' questions (`tests/evals/django-ninja-questions-round9.json`, "pagination-next-previous").
PAGES = ("I'd like paginated output like DRF: count, current_page, nb_pages, previous and next. PageNumberPagination "
         "only gives items and count. How do I change what the paginator outputs?")
OUTPUT = "The Output schema describes schema for page output (f.e. count/next-page/items/etc)."


def test_a_sentence_of_another_best_section_that_says_half_what_the_best_says_answers_a_long_question(ninja) -> None:
    # search and the ask rank 'PageNumberPagination' first (the question names it); the custom class's section, third,
    # says how to change the output, in a sentence that says less than 0.4 of the reader's long account
    said, best = ninja.answer(PAGES)
    assert best is not None and best.id == "pagenumberpagination", said
    assert any(OUTPUT in s and s.endswith("[[creating-custom-pagination-class]]") for s in said), said


def test_on_a_portfolio_a_sentence_of_another_section_still_says_a_share_of_the_whole_question(ninja) -> None:
    source = ninja.source()
    asked = Weighed.of(PAGES, ninja.vocabulary(source), ninja._lexicon(source), source.manifest)
    top = [(1.0, source.record["pagenumberpagination"]), (0.9, source.record["creating-custom-pagination-class"])]
    assert any(m[3] == OUTPUT for m in pick(top, asked, None, 1.0, "docs"))
    assert not any(m[3] == OUTPUT for m in pick(top, asked, None, 1.0))
