"""The direction rule on comparisons as docs and careful prose write them (found on round 7's faithful sentences): a
word of the same side of a pair ("big" for "large"), and both words of a pair where the section writes one and
leaves the other side plain; each beside the same words told the other way round, still held. The record is made up."""

from __future__ import annotations

import pytest

from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from tests.sidecar.gating import docs_section as _section
from tests.sidecar.gating import fate, record_of

RECORD = record_of(
    _section("batches", "Batches", "The importer reads several small batches in a minute rather than one large "
             "batch in an hour."),
    _section("entries", "Entries", "The cache keeps large entries on disk."),
    _section("limits", "Limits", "Your API might have a restrictive limit for anonymous clients, and a less "
             "restrictive limit for signed-in clients."),
    _section("breaker", "Breaker", "A circuit breaker makes a failing service see fewer calls, not more."),
    # Uvicorn's and OpenFaaS's docs, as the records hold them
    _section("limits-backlog", "Resource Limits", "- --backlog <int> - Maximum number of connections to hold in "
             "backlog. Relevant for heavy incoming traffic. Default: 2048."),
    _section("brew", "Installation with Bash", "Via brew:\nbrew install faas-cli\nNote: The version of faas-cli "
             "installed by brew is likely to lag behind a little, so we recommend using arkade instead."),
)


def verdict(sentence: str) -> str:
    return fate(Gate(RECORD, Lexicon([])), sentence)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # "Big" writes what the section's "large" does: it is no opposite of the section's "small".
        ("The importer reads several small batches in a minute, not one big batch in an hour [[batches]].", "shown"),
        ("The cache keeps big entries on disk [[entries]].", "shown"),
        ("The cache keeps small entries on disk [[entries]].", "direction"),
        # Both words of a pair, each where the section's words put it; the other way round is held.
        ("An API might put a more restrictive limit on anonymous clients and a less restrictive one on signed-in "
         "clients [[limits]].", "shown"),
        ("An API might put a less restrictive limit on anonymous clients and a more restrictive one on signed-in "
         "clients [[limits]].", "direction"),
        # "Rather than more" turns "more" down as the section's "not more" does; "more rather than fewer" is held
        # (by the polarity rule, asked first: it denies what the section says).
        ("With a circuit breaker, a failing service gets fewer calls rather than more [[breaker]].", "shown"),
        ("With a circuit breaker, a failing service gets more calls rather than fewer [[breaker]].", "polarity"),
        # More pairs of opposite words: heavy/light, ahead/behind (faster/slower, higher/lower, better/worse, newer/older)
        ("The --backlog setting, 2048 by default, is mainly relevant when incoming traffic is light "
         "[[limits-backlog]].", "direction"),
        ("The --backlog setting, 2048 by default, matters for heavy incoming traffic [[limits-backlog]].", "shown"),
        ("The faas-cli version installed by brew is likely to be a little ahead of the other install methods "
         "[[brew]].", "direction"),
        ("The faas-cli version installed by brew is likely to lag a little behind, so arkade is recommended "
         "[[brew]].", "shown"),
    ],
)
def test_direction_in_docs_prose(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected


def test_a_word_turned_down_is_no_direction_said() -> None:
    from docent.sidecar.answer import direction
    from docent.sidecar.answer.passage import unit
    from docent.sidecar.answer.words import fold

    assert direction._directed(unit("A failing service gets fewer calls rather than more.", fold)) == {"fewer"}
    assert direction._directed(unit("A failing service gets more calls instead of fewer.", fold)) == {"more"}
