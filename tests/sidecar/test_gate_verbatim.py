"""A cited sentence that is one of its sections' own sentences, word for word, restates nothing: the construction
rules pass it (`rules/verbatim.py`). Seen on Docent's own docs, whose text this record copies: the offline model's
extract of the nginx section was held as a quantifier, read against the next sentence's "every visitor"."""

from __future__ import annotations

import pytest

from docent.schema import RecordSection as Section
from docent.sidecar.answer.events import Held, Sentence
from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from docent.sidecar.answer.rules import verbatim

NGINX = Section(
    "behind-nginx", "operating", "Behind nginx",
    "Run the sidecar with DOCENT_TRUST_PROXY=127.0.0.1 so that it believes nginx's X-Forwarded-For, and only "
    "nginx's. Without it every visitor shares nginx's address and one rate limit.",
    "/operating/#behind-nginx", ("Operating", "Behind nginx"),
)


def verdict(sentence: str) -> str:
    gate = Gate({NGINX.id: NGINX}, Lexicon([]))
    events = [e for e in (*gate.feed(sentence + "\n\n"), *gate.finish()) if isinstance(e, Sentence | Held)]
    assert len(events) == 1, events
    return "shown" if isinstance(events[0], Sentence) else events[0].reason


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # the section's own sentence, with the code marks a model adds: shown
        ("Run the sidecar with `DOCENT_TRUST_PROXY=127.0.0.1` so that it believes nginx's `X-Forwarded-For`, and "
         "only nginx's [[behind-nginx]].", "shown"),
        ("Run the sidecar with DOCENT_TRUST_PROXY=127.0.0.1 so that it believes nginx's X-Forwarded-For, and only "
         "nginx's [[behind-nginx]].", "shown"),
        # a word changed is a restatement, read by the rules as before ("only" is the section's own, before the same
        # word: round 16's quantifier rule leaves it; "some of" is read against "every")
        ("Run the sidecar with `DOCENT_TRUST_PROXY=127.0.0.1` so that it believes nginx's `X-Forwarded-For`, and "
         "some of nginx's [[behind-nginx]].", "quantifier"),
        ("Without it only one visitor shares nginx's address and one rate limit [[behind-nginx]].", "quantifier"),
    ],
)
def test_a_sections_own_sentence_is_not_read_as_a_restatement(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected


@pytest.mark.parametrize(
    "text",
    ["Run the sidecar with `DOCENT_TRUST_PROXY=127.0.0.1`, and only nginx's.", "max_poll_records -- 3.5 s [[a]]",
     "Straße İstanbul ﬁne", "Café: 40 % (v2)", ""],
)
def test_a_sentences_key_in_ascii_is_the_patterns(text: str) -> None:
    # ASCII text is keyed by one bytes.translate; it must keep what the pattern keeps, case folded
    assert verbatim.key(text) == verbatim._NOT_WORD.sub("", text.casefold())
