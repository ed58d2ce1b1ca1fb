"""A searched record's excerpts share their budget: every section found is given, the longest cut to a fair share
around the question's words (`excerpts_fill`)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from docent.schema import Block, RecordSection
from docent.schema.mode import CHARS_PER_TOKEN
from docent.sidecar.answer.conversation import Conversation
from docent.sidecar.answer.excerpts import TOKENS, excerpts, given
from docent.sidecar.answer.excerpts_fill import shares, window
from docent.sidecar.redis_store import dump, load

# Docker Mailserver's environment variables page (round 14's development site): one long section of settings
PAGE = Path(__file__).resolve().parents[1] / "data" / "sites" / "docker-mailserver" / "content" / "config" / "environment.md"


def _settings() -> RecordSection:
    """The page's "General" settings as one section, each line of it a block, as a long reference section is."""
    lines = PAGE.read_text(encoding="utf-8").split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith("##### POSTFIX_MAILBOX_SIZE_LIMIT"))
    end = next(i for i, line in enumerate(lines) if line.startswith("#### Rspamd"))
    blocks = tuple(Block("paragraph", line.lstrip("#- ").replace("**", "")) for line in lines[start:end] if line.strip())
    return RecordSection.of("general", page="config/environment", path="/config/environment/#general",
                            headings=("Environment Variables", "General"), blocks=blocks)


def _short(sid: str, text: str) -> RecordSection:
    return RecordSection.of(sid, page="p", path=f"/p/#{sid}", headings=("P", sid), blocks=(Block("paragraph", text),))


@dataclass
class _Index:
    found: list[str]

    def search(self, question: str, *, limit: int, earlier: Any = ()) -> list[tuple[str, float]]:
        return [(sid, 1.0) for sid in self.found[:limit]]

    def given(self, question: str, *, earlier: Any = ()) -> list[str]:  # the guide's 8 (`RecordIndex.given`)
        return self.found[:8]


@dataclass
class _Bundle:
    record: dict[str, RecordSection]
    index: _Index
    tools: list[dict[str, Any]] = field(default_factory=list)
    rerank: None = None  # built without `rerank: true`: the search's order stands
    fusion: None = None  # nor `encoder: true`


def test_water_filling_gives_the_short_ones_whole_and_the_long_ones_an_equal_share() -> None:
    assert shares([100, 5000, 300, 9000], 6000) == [100, 2800, 300, 2800]
    assert shares([100, 200], 6000) == [100, 200]
    assert shares([5000, 5000, 5000], 6000) == [2000, 2000, 2000]


def test_a_long_section_ranked_second_no_longer_drops_the_sections_after_it() -> None:
    general = _settings()
    long = general.shown() * (TOKENS * CHARS_PER_TOKEN // len(general.shown()) + 1)  # longer than the whole budget
    sections = [_short("spam-junk", "Set MOVE_SPAM_TO_JUNK=1 to deliver spam to the Junk folder."),
                RecordSection.of("general", page="config/environment", path="/config/environment/#general",
                                 headings=general.headings, blocks=(Block("paragraph", long),)),
                *(_short(f"s{n}", f"Short section {n} about spam mail.") for n in range(6))]
    bundle = _Bundle({s.id: s for s in sections}, _Index([s.id for s in sections]))
    said = excerpts(bundle, "How do I send spam to the junk folder?", earlier=[], given=())  # type: ignore[arg-type]
    assert said.ids == tuple(s.id for s in sections)  # all 8, in rank order (before: the first alone)
    assert len(said.text) <= TOKENS * CHARS_PER_TOKEN
    assert "[[s5]] P › s5 (/p/#s5)\nShort section 5 about spam mail." in said.text
    given = excerpts(bundle, "How do I send spam to the junk folder?", earlier=[], given={"general"})  # type: ignore[arg-type]
    assert "general" not in given.ids and len(given.ids) == 7


def test_a_cut_section_keeps_its_first_line_and_the_lines_that_hold_the_question_s_words() -> None:
    shown = _settings().shown()
    assert shown.index("UPDATE_CHECK_INTERVAL") > 900 and shown.index("Suffix must be 's' for seconds") > 900
    cut = window(shown, 700, "How do I change the update check interval, in days?")
    assert len(cut) <= 700
    assert cut.startswith(shown.split("\n")[0] + "\n…\n")  # the first line, then where text was left out
    assert "Suffix must be 's' for seconds, 'm' for minutes, 'h' for hours or 'd' for days." in cut
    assert cut.endswith("\n…")
    assert window(shown, 700, "What about xylophones?").startswith(shown[:300])  # no word of it: the start


def test_a_window_inside_a_code_block_is_fenced_open_and_shut() -> None:
    code = "\n".join([f"line_{n} = {n}" for n in range(80)] + ["retries = 5  # how often a call is retried"]
                     + [f"tail_{n} = {n}" for n in range(80)])
    shown = RecordSection.of("x", page="p", path="/p/#x", headings=("P", "X"),
                             blocks=(Block("paragraph", "Set it up:"), Block("code", code, lang="python"))).shown()
    cut = window(shown, 400, "How many retries?")
    assert cut.startswith("Set it up:\n…\n```python\n") and "retries = 5" in cut
    assert cut.endswith("\n```\n…") and len(cut) <= 400


def test_a_window_never_opens_on_a_code_block_s_closing_fence() -> None:
    code = "settings = [" + ", ".join(f"'option_{n}'" for n in range(60)) + "]"  # one line longer than the room
    prose = "Retries are set by the retries option. It defaults to five. Other stuff here about the tool's output."
    shown = RecordSection.of("x", page="p", path="/p/#x", headings=("P", "X"), blocks=(
        Block("paragraph", "Intro to the tool."), Block("code", code, lang="python"), Block("paragraph", prose))).shown()
    cut = window(shown, 400, "How many retries by default?")
    assert cut == f"Intro to the tool.\n…\n{prose}"  # before: "…\n```\nRetries …\n```", the prose fenced as code


def test_a_section_given_cut_is_searched_and_cut_again_for_a_follow_up() -> None:
    filler = [_short(f"f{n}", f"Other section {n} about mail delivery and its settings. " * 40) for n in range(7)]
    sections = [_settings(), *filler]  # 5,499 characters and seven of 2,240: all cut to a share
    bundle = _Bundle({s.id: s for s in sections}, _Index([s.id for s in sections]))
    conversation = Conversation("token", 0.0)
    first = excerpts(bundle, "How do I change the update check interval, in days?",  # type: ignore[arg-type]
                     earlier=conversation.asked, given=conversation.given)
    assert "general" in first.ids and "general" not in first.whole
    assert "Set the mailbox size limit for all users." not in first.text  # cut away by the first window
    conversation.commit([], held=[], waiting=None, question=True, given=first.whole, asked="update check")
    conversation = load(dump(conversation))  # as Redis keeps it between questions
    second = excerpts(bundle, "What is the mailbox size limit for Postfix?",  # type: ignore[arg-type]
                      earlier=conversation.asked, given=conversation.given)
    assert "general" in second.ids  # before: "The search found only sections given earlier in this conversation."
    assert "Set the mailbox size limit for all users." in second.text
    whole = _short("spam-junk", "Set MOVE_SPAM_TO_JUNK=1 to deliver spam to the Junk folder.")
    alone = excerpts(_Bundle({"spam-junk": whole}, _Index(["spam-junk"])), "spam?", earlier=[], given=())  # type: ignore[arg-type]
    assert alone.whole == ("spam-junk",)  # given whole: not given again


def test_only_the_heads_of_the_excerpts_are_read_as_the_sections_given() -> None:
    toml = '[[tool.uv.index]]\nname = "pytorch"\nurl = "https://download.pytorch.org/whl/cpu"\nexplicit = true'
    index = RecordSection.of("indexes", page="p", path="/p/#indexes", headings=("P", "Indexes"), blocks=(
        Block("paragraph", "Define an index in pyproject.toml:"), Block("code", toml, lang="toml"),
        Block("paragraph", "[[tool.uv.index]] tables are read in the order they are defined.")))
    bundle = _Bundle({"indexes": index}, _Index(["indexes"]))
    said = excerpts(bundle, "How do I add a package index?", earlier=[], given=())  # type: ignore[arg-type]
    assert "\n[[tool.uv.index]]\n" in said.text
    messages = [{"role": "user", "content": [{"type": "text", "text": said.text}]}]
    assert given(messages) == ["indexes"]  # before: ["indexes", "tool.uv.index"], an id the offline model may cite


def test_a_gold_section_given_cut_counts_as_given_where_its_window_holds_a_gold_fact(tmp_path: Path) -> None:
    from tests.evals.docsite import given as measured

    filler = [_short(f"f{n}", f"Other section {n} about mail delivery and its settings. " * 40) for n in range(7)]
    sections = [_settings(), *filler]
    bundle = _Bundle({s.id: s for s in sections}, _Index([s.id for s in sections]))
    asked = "How do I change the update check interval, in days?"
    questions = tmp_path / "questions.json"
    questions.write_text(json.dumps({"questions": [
        {"question": asked, "sections": ["general"], "facts": ["'d' for days"]},  # in the window
        {"question": asked, "sections": ["general"], "facts": ["If set to zero, the size will be unlimited"]},  # cut away
    ]}), encoding="utf-8")
    figures = measured(bundle, questions)  # type: ignore[arg-type]
    assert figures["docs_given_recall@8"] == 0.5  # before: 1.0, the section given though its answer was cut away
    assert figures["docs_sections_given"] == 8 and figures["docs_sections_cut"] == 8
