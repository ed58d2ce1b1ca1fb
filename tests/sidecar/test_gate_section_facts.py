"""What the polarity and sibling rules read of a cited section, made once per bundle and kept with the section (issue
26 item 3): what a section asks whether to do (`denying._whether`) and the defaults it gives (`denying._defaults`),
read without a pattern made for each sentence, and a name a text writes (`siblings._writes`), read without a pattern
made for each name. Each reads what the pattern it replaced reads: the cases here are the edges of those patterns
(case, blanks, the words between, a value's first place, matches that would overlap, the characters joined to a
name), compared with the pattern itself, so that a change to one that the other does not follow fails here."""

from __future__ import annotations

import re
from types import SimpleNamespace
from typing import Any

import pytest

from docent.sidecar.answer import siblings
from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from docent.sidecar.answer.mentions import Mentions
from docent.sidecar.answer.rules import denying
from docent.sidecar.answer.site import Site
from tests.sidecar.gating import docs_section, fate, record_of, verdicts


def _asks_by_pattern(head: str, text: str) -> bool:
    return "whether" in text and re.search(rf"\bwhether\s+(?:\w+\s+){{0,2}}?{re.escape(head)}", text, re.I) is not None


ASKED = [
    "The question was whether to stretch it.",
    "Whether to stretch it was the question; whether   we\nshould\tstretch it too.",
    "WHETHER stretching helps is asked whether it helps.",
    "Decide whether to-stretch it.",  # a hyphen is no blank: "stretch" is not the next word
    "Whether to stretch it.",  # no "whether" in lower case: nothing asked, as before
    "It asks whether or not to restart the worker, and whether the pod restarts.",
    "whether",
    "whether ",
]


@pytest.mark.parametrize("text", ASKED)
@pytest.mark.parametrize("head", ["stretch", "to", "restart", "should", "it", "we", "help", "or", "pod", "x"])
def test_what_a_section_asks_whether_to_do_reads_as_the_pattern_did(head: str, text: str) -> None:
    assert denying._asks(head, denying._whether(text)) == _asks_by_pattern(head, text)


def test_the_third_word_after_whether_is_asked_of_and_the_fourth_not() -> None:
    asked = denying._whether("It is unclear whether they would stretch it here.")
    assert denying._asks("stretch", asked) and not denying._asks("it", asked)


_GIVEN = r"\bdefault(?:s|ed)?\b(?:(?!\s-\s)[^.\n)\d]){0,40}?(?<![\w.-])%s(?![\w-]|\.\w)"

DEFAULTS = [
    "- --interval=5m (default 1m)\n- --min-event-sync-interval=5m (default 5s)\n"
    "- --batch-change-size=4000 (default 1000)",
    "The timeout defaults to 30s. Retries default to 3, and the delay defaulted to 1.5 seconds.",
    "Default: `info`. The level is info by default; the default level - info - is kept.",
    "default default 1m default 1m.",  # a match would overlap the next "default"
    "the default of a very long description that runs past forty characters 1m",
    "defaults to v1.2-beta or 1m.x, else 1m.",
    "(default 1m) - --min-event-sync-interval=5m",
]


def _read_defaults(text: str) -> tuple[str, denying.Defaults, tuple[str, ...]]:
    """`denying._defaults` itself over a section of `text`: its passage makes the facts at once, keeps nothing."""
    passage: Any = SimpleNamespace()
    passage.facts = lambda key, made: made(passage)
    sentence: Any = SimpleNamespace(grounds=SimpleNamespace(mentions=SimpleNamespace(flat={"s": text})))
    return denying._defaults("s", passage, sentence)


@pytest.mark.parametrize("text", DEFAULTS)
@pytest.mark.parametrize("value", ["1m", "5s", "1000", "3", "1.5", "info", "INFO", "30s", "v1.2", "5m", "1"])
def test_the_defaults_a_section_gives_read_as_the_pattern_did(text: str, value: str) -> None:
    flat, defaults, _ = _read_defaults(text)
    by_pattern = [denying._before(text, m.start()) for m in re.finditer(_GIVEN % re.escape(value), text, re.I)]
    assert flat == text and denying._given(value, flat, defaults) == by_pattern


@pytest.mark.parametrize("text", [*DEFAULTS, "No default here: 5m.", ""])
def test_the_figures_a_section_gives_as_defaults_read_as_the_pattern_did(text: str) -> None:
    """What stands before each figure given as a default (`_FIGURE_GIVEN`): what the sentence in words is matched
    with (`best`), none where the section writes no "default"."""
    by_pattern = tuple(denying._before(text, m.start()) for m in re.finditer(_GIVEN % r"\d[\w.]*", text, re.I))
    assert _read_defaults(text)[2] == by_pattern


THROTTLING = ("- --interval=5m (default 1m)\n- --min-event-sync-interval=5m (default 5s)\n"
              "- --batch-change-size=4000 (default 1000)")
RECORD = record_of(
    docs_section("throttling", "Throttling", THROTTLING),
    docs_section("choice", "Choice", "The question was whether to retry the request."),
)


@pytest.mark.parametrize("sentence, expected", [
    ("The minimum event sync interval is 5m instead of the default 5s [[throttling]].", "shown"),
    ("The batch change size is 5m instead of the default 5s [[throttling]].", "polarity"),  # 5s is another's default
    ("The minimum event sync interval is 5m instead of the default 1m [[throttling]].", "polarity"),
])
def test_a_default_in_words_is_the_one_the_setting_it_names_best_has(sentence: str, expected: str) -> None:
    """No code names the setting: the one the sentence names best among those given a figure (`best`) decides."""
    assert verdicts(*RECORD.values())(sentence) == expected


def test_the_facts_are_made_once_and_kept_with_the_section(monkeypatch: pytest.MonkeyPatch) -> None:
    lexicon = Lexicon([])
    site, mentions = Site.of(RECORD, lexicon), Mentions(RECORD, lexicon)  # a bundle's, shared by its gates
    asked: list[str] = []  # each text `_whether` reads
    given: list[int] = []  # each "default" `_defaults` reads the places after
    whether, places = denying._whether, denying._places

    def counted_whether(text: str) -> tuple[str, ...]:
        asked.append(text)
        return whether(text)

    def counted_places(flat: str, at: int) -> tuple[int, ...]:
        given.append(at)
        return places(flat, at)

    monkeypatch.setattr(denying, "_whether", counted_whether)
    monkeypatch.setattr(denying, "_places", counted_places)

    def verdict(sentence: str) -> str:
        return fate(Gate(RECORD, lexicon, site=site, mentions=mentions), sentence)

    sentences = ("Use `--interval=5m` instead of the default `1m` [[throttling]].",
                 "It chose to log the failure instead of retrying the request [[choice]].")
    assert [verdict(s) for s in sentences] == ["shown", "shown"]
    # each section's own facts, made by its first sentence: the defaults of the one that gives them, and what each asks
    assert asked == [THROTTLING, "The question was whether to retry the request."] and len(given) == 3
    memo = {sid: set(mentions.passages[sid].memo) for sid in ("throttling", "choice")}
    assert {"defaults", "whether"} <= memo["throttling"] and "whether" in memo["choice"]
    # asked of again by sentences of other gates on the same bundle, they are not made again
    again = (*sentences, "It logs the failure rather than retrying the request [[choice]].")
    assert [verdict(s) for s in again] == ["shown", "shown", "shown"]
    assert len(asked) == 2 and len(given) == 3


def test_a_section_that_asks_nothing_keeps_the_denial() -> None:
    held = verdicts(docs_section("choice", "Choice", "The worker retries the request."))
    assert held("The worker does not retry the request [[choice]].") == "polarity"


def _writes_by_pattern(text: str, name: str) -> bool:
    return name in text and re.search(r"(?<![\w-])" + re.escape(name) + r"(?![\w-])", text) is not None


@pytest.mark.parametrize("text", [
    "uvicorn.workers.uvicornworker runs it", "the uvicornworker-class", "use _uvicornworker", "uvicornworker2",
    "(uvicornworker)", "uvicornworker", "a uvicornworker uvicornworker_ uvicornworker.", "é uvicornworkeré", "",
])
@pytest.mark.parametrize("name", ["uvicornworker", "worker", "uvicorn.workers", "uvicorn"])
def test_a_name_written_reads_as_the_pattern_did(text: str, name: str) -> None:
    assert siblings._writes(text, name) == _writes_by_pattern(text, name)

