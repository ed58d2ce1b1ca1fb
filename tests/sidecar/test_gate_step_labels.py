"""A step's label in bold that opens a paragraph (issue 21's sure holds, found on round 20's Traefik answers after
round 25's mends were measured): "**1. Create the cluster.** This command ..." was cut as a sentence of its own,
uncited, whose step number the number rule read as a figure, or whose words were too many for a connective. It is a
heading of the step's sentences after it, as a line in bold alone is: its number in the answer's order no figure, its
words judged with what it labels. Each told falsely is still held (the hole probes)."""

from __future__ import annotations

import pytest

from docent.sidecar.answer.events import Sentence
from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from tests.sidecar.gating import docs_section as _section
from tests.sidecar.gating import fates, record_of

# Uvicorn's `built-in` (round 5's site), cut to what the answers cite.
RECORD = record_of(
    _section("built-in", "Built-in",
             "Uvicorn includes a --workers option that allows you to run multiple worker processes.\n"
             "$ uvicorn main:app --workers 4\n"
             "- SIGTTIN: Increase the number of worker processes by one.\n"
             "- SIGTTOU: Decrease the number of worker processes by one."),
)
FIRST = "Uvicorn can run multiple worker processes [[built-in]].\n\n"


@pytest.mark.parametrize("label, expected", [
    ("**1. Start the server.**", "shown"),
    ("**2. Increase the number of worker processes with SIGTTIN.**", "shown"),  # seven words: judged as cited
    # the hole probes: what the label says is read, its number only is not
    ("**1. Start eight worker processes.**", "number"),
    ("**2. Send SIGTERM to add a worker process.**", "unknown_term"),
])
def test_a_step_label_in_bold_opening_a_paragraph_is_a_heading(label: str, expected: str) -> None:
    reply = FIRST + label + " Run `uvicorn main:app --workers 4` to run multiple worker processes [[built-in]].\n"
    events = [*(gate := Gate(RECORD, Lexicon([]))).feed(reply), *gate.finish()]
    said = ["shown" if isinstance(e, Sentence) else e.reason for e in events]
    assert said == ["shown", expected, "shown"], said
    if expected == "shown":  # the label goes out as a heading, its words as written
        shown = events[1]
        assert isinstance(shown, Sentence) and shown.heading and shown.text == label.strip("*"), shown


def test_a_sentence_in_bold_with_no_step_number_is_still_a_sentence() -> None:
    reply = FIRST + "**Uvicorn starts eight worker processes.** Run `uvicorn main:app --workers 4` [[built-in]].\n"
    assert fates(RECORD, reply, Lexicon([]))[1] == "number"


@pytest.mark.parametrize("body, expected", [
    # a step's label in bold opening its sentence, a colon in or after it (round 25's count25): its number is the
    # step's in the answer's order, as a heading's is, not a figure of the record
    ("**Step 1:** Run `uvicorn main:app --workers 4` to run multiple worker processes [[built-in]].", "shown"),
    ("**Step 1**: Run `uvicorn main:app --workers 4` to run multiple worker processes [[built-in]].", "shown"),
    ("**2.** Run `uvicorn main:app --workers 4` to run multiple worker processes [[built-in]].", "shown"),
    # the hole probes: the label licenses no figure of the sentence after it, not even its own number in words
    ("**Step 8:** Start eight worker processes [[built-in]].", "number"),
    ("**Step 2:** Run `uvicorn main:app --workers 4` to start two more worker processes [[built-in]].", "number"),
    ("**Step 2:** Send SIGTERM to add a worker process [[built-in]].", "unknown_term"),
    # a count in bold is no step's label
    ("**3 ways:** Run `uvicorn main:app --workers 4` [[built-in]].", "number"),
])
def test_a_step_label_in_bold_inside_its_sentence_is_no_figure(body: str, expected: str) -> None:
    said = fates(RECORD, FIRST + body + "\n", Lexicon([]))
    assert said == ["shown", expected], said


@pytest.mark.parametrize("body, expected", [
    # the same label unmarked, named and then a colon or a dash (issue 21, count25's note): its number the step's in
    # the answer's order, whatever steps the section counts ("Step 3" of an answer's own three, the section's two)
    ("Step 1: Run `uvicorn main:app --workers 4` to run multiple worker processes [[built-in]].", "shown"),
    ("Step 1 - Run `uvicorn main:app --workers 4` to run multiple worker processes [[built-in]].", "shown"),
    ("Step 3: Run `uvicorn main:app --workers 4` to run multiple worker processes [[built-in]].", "shown"),
    # the hole probes: the label licenses no figure after it; a step the sentence is about, or one it points to
    # inside it, is no label, and its number is read
    ("Step 8: Start eight worker processes [[built-in]].", "number"),
    ("Step 2: Run `uvicorn main:app --workers 4` to start two more worker processes [[built-in]].", "number"),
    ("Step 2: Send SIGTERM to add a worker process [[built-in]].", "unknown_term"),
    ("Step 2 runs `uvicorn main:app --workers 4` to run multiple worker processes [[built-in]].", "number"),
    ("In step 2, run `uvicorn main:app --workers 4` to run multiple worker processes [[built-in]].", "number"),
    ("3 ways: Run `uvicorn main:app --workers 4` [[built-in]].", "number"),
])
def test_a_plain_step_label_opening_its_line_is_no_figure(body: str, expected: str) -> None:
    said = fates(RECORD, FIRST + body + "\n", Lexicon([]))
    assert said == ["shown", expected], said


def test_a_plain_step_label_inside_a_line_is_a_figure() -> None:
    # after a sentence on its line, "Step 2:" labels nothing the answer lays out: its number is read
    reply = FIRST.strip() + " Step 2: Run `uvicorn main:app --workers 4` to run multiple worker processes [[built-in]].\n"
    assert fates(RECORD, reply, Lexicon([])) == ["shown", "number"]
