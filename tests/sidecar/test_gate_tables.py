"""The gate on a Markdown table in an answer: the header states nothing, each row is a claim checked against the
sections it cites (its own, the table's, or its intro's), and a table that cites nothing is held."""

from __future__ import annotations

import pytest

from docent.schema import Block
from docent.schema import RecordSection as Section
from docent.sidecar.agents.results import Markdown
from docent.sidecar.answer import markdown, tables
from docent.sidecar.answer.events import Code, Held, Row, Sentence
from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from docent.sidecar.answer.shape import opened
from docent.sidecar.stream import frame
from tests.sidecar.gating import record_of

RECORD = record_of(
    Section.of(
        "settings", page="settings", path="/settings/#implementation", headings=("Settings", "Implementation"),
        blocks=(
            Block("item", "--loop <str> - Set the event loop implementation. Options: 'auto', 'asyncio', 'uvloop'. "
                  "Default: 'auto'.", marker="-", code=("--loop",)),
            Block("item", "--ws-max-queue <int> - Set the maximum length of the WebSocket incoming message queue. "
                  "Default: 32.", marker="-", code=("--ws-max-queue",)),
            Block("item", "--backlog <int> - Maximum number of connections to hold in backlog. Default: 2048.",
                  marker="-", code=("--backlog",)),
        ),
    ),
    Section.of(
        "install", page="index", path="/#install", headings=("Server", "Installation"),
        blocks=(Block("paragraph", "Install the server with pip; the standard extra adds uvloop."),),
    ),
)
LEXICON = Lexicon([{"term": "WebSocket", "aliases": []}, {"term": "Kafka", "aliases": []}])
TABLE = (
    "| Option | Default |\n"
    "|---|:--|\n"
    "| `--loop` | 'auto' |\n"
    "| `--ws-max-queue` | 32 |\n"
    "| `--backlog` | 2048 |\n"
)


def answer(reply: str, size: int = 7) -> list[Sentence | Code | Held]:
    gate = Gate(RECORD, LEXICON)
    out = [event for i in range(0, len(reply), size) for event in gate.feed(reply[i : i + size])]
    return out + gate.finish()


def verdicts(events: list[Sentence | Code | Held]) -> list[str]:
    return [e.reason if isinstance(e, Held) else e.text for e in events]


@pytest.mark.parametrize("size", [1, 7, 10_000])
def test_a_faithful_table_is_shown_as_a_table_its_rows_citing_its_intro_s_sections(size: int) -> None:
    events = answer(f"The defaults [[settings]]:\n\n{TABLE}\nEach sets an implementation [[settings]].", size)
    assert verdicts(events) == [
        "The defaults:", "Option; Default", "--loop; 'auto'", "--ws-max-queue; 32", "--backlog; 2048",
        "Each sets an implementation.",
    ]
    header, first = events[1], events[2]
    assert isinstance(header, Sentence) and header.row == Row(((0, 6), (8, 15)), header=True) and not header.cites
    assert isinstance(first, Sentence) and first.row == Row(((0, 6), (8, 14))) and first.line
    assert [c.id for c in first.cites] == ["settings"] and first.spans == (("code", 0, 6),)


def test_a_row_with_a_wrong_default_or_a_cell_the_record_lacks_is_held_and_the_others_shown() -> None:
    wrong = TABLE.replace("| 32 |", "| 64 |").replace("`--backlog`", "`--max-backlog`")
    events = answer(f"The defaults [[settings]]:\n\n{wrong}")
    assert verdicts(events) == ["The defaults:", "Option; Default", "--loop; 'auto'", "number", "code_term"]


def test_a_table_that_cites_nothing_is_held_row_by_row_never_as_a_connective() -> None:
    assert verdicts(answer(f"Here they are.\n\n{TABLE}")) == ["never_cited"] * 4  # its header no more than labels
    events = answer(f"Install the server with pip [[install]].\n\nHere they are.\n\n{TABLE}")
    assert verdicts(events) == ["Install the server with pip.", "Here they are."] + ["uncited"] * 3
    # After a sentence citing another section, the rows are checked against it, and what it lacks is held.
    events = answer(f"Install the server with pip [[install]].\n\n{TABLE}")
    assert verdicts(events) == ["Install the server with pip.", "code_term", "code_term", "code_term"]  # no header alone
    events = answer(f"These are the settings' defaults [[settings]].\n\n{TABLE}")
    assert verdicts(events)[2:] == ["--loop; 'auto'", "--ws-max-queue; 32", "--backlog; 2048"]


def test_a_row_s_own_citation_or_a_line_of_citations_after_the_table_is_what_it_cites() -> None:
    own = TABLE.replace("| 2048 |", "| 2048 [[settings]] |")
    events = answer(f"Here they are.\n\n{own}")
    assert verdicts(events)[-1] == "--backlog; 2048" and [c.id for c in events[-1].cites] == ["settings"]  # type: ignore[union-attr]
    # the header goes out with the first row shown, not before rows held
    assert verdicts(events) == ["Here they are.", "uncited", "uncited", "Option; Default", "--backlog; 2048"]
    after = answer(f"Here they are.\n\n{TABLE}[[settings]]\n\nThat is all.")
    assert verdicts(after) == [
        "Here they are.", "Option; Default", "--loop; 'auto'", "--ws-max-queue; 32", "--backlog; 2048", "That is all.",
    ]

    # Citations in the header row are the table's too, before the sentence that introduces it; a wrong row still held.
    headed = TABLE.replace("| Option | Default |", "| Option [[settings]] | Default |")
    events = answer(f"Install the server with pip [[install]].\n\n{headed}")
    assert verdicts(events)[1:] == ["Option; Default", "--loop; 'auto'", "--ws-max-queue; 32", "--backlog; 2048"]
    assert [c.id for c in events[2].cites] == ["settings"]  # type: ignore[union-attr]
    events = answer(f"Install the server with pip [[install]].\n\n{headed.replace('| 32 |', '| 64 |')}")
    assert verdicts(events)[3] == "number"


def test_a_header_may_name_only_what_the_table_s_sections_mention_and_its_rows_say_it_too() -> None:
    events = answer(f"The defaults [[settings]]:\n\n{TABLE.replace('Default', 'Kafka default')}")
    assert verdicts(events) == ["The defaults:"] + ["unknown_term"] * 4  # each row: "--loop; Kafka default 'auto'"
    shown = answer(f"The defaults [[settings]]:\n\n{TABLE.replace('Default', 'WebSocket default')}")
    assert verdicts(shown)[1] == "Option; WebSocket default"


def test_a_label_is_the_predicate_of_every_cell_under_it_unless_it_is_a_plain_column_name() -> None:
    record = {
        "opts": Section.of(
            "opts", page="opts", path="/opts/#o", headings=("Options",),
            blocks=(Block("item", "--workers <int> - How many worker processes to run. Deprecated since 2.0.",
                          marker="-", code=("--workers",)),),
        )
    }

    def told(header: str, cell: str) -> list[str]:
        gate = Gate(record, Lexicon([]))
        reply = f"The options [[opts]]:\n\n| Option | {header} |\n|---|---|\n| `--workers` | {cell} |\n"
        return verdicts(gate.feed(reply) + gate.finish())

    # "| `--workers` | yes |" under "Removed" says what "The `--workers` option was removed" says: held alike
    assert told("Removed", "yes") == ["The options:", "hedge"] == told("Status", "removed")
    assert told("Description", "How many worker processes to run") == [
        "The options:", "Option; Description", "--workers; How many worker processes to run",
    ]
    # a "no" denies its label: "standard; not adds uvloop" where the section says the standard extra adds it
    events = answer("Install the server with pip [[install]].\n\n| Extra | Adds uvloop |\n|---|---|\n| standard | no |\n")
    assert verdicts(events) == ["Install the server with pip.", "polarity"]
    row = answer(f"The defaults [[settings]]:\n\n{TABLE.replace('Default', 'WebSocket default')}")[2]
    assert isinstance(row, Sentence) and row.text == "--loop; 'auto'"  # the text shown is the cells alone


def test_an_intro_may_count_the_rows_of_its_table_and_no_other_number() -> None:
    assert verdicts(answer(f"All three have defaults [[settings]]:\n\n{TABLE}"))[0] == "All three have defaults:"
    assert verdicts(answer(f"All four have defaults [[settings]]:\n\n{TABLE}"))[0] == "number"
    two = TABLE.replace("| `--backlog` | 2048 |\n", "")
    assert verdicts(answer(f"Both have defaults, two of them [[settings]]:\n\n{two}"))[0] == "Both have defaults, two of them:"
    assert verdicts(answer("Two of them have defaults [[settings]]:\n\nThe loop's is auto [[settings]]."))[0] == "number"


def test_pipes_escaped_or_inside_inline_code_stay_in_their_cell() -> None:
    events = answer("The loop [[settings]]:\n\n| Option | Choices |\n|---|---|\n| `--loop` | 'auto' \\| 'uvloop' |\n")
    row = events[-1]
    assert isinstance(row, Sentence) and row.text == "--loop; 'auto' | 'uvloop'"
    assert row.row is not None and [row.text[s:e] for s, e in row.row.cells] == ["--loop", "'auto' | 'uvloop'"]


def test_a_row_goes_on_the_wire_with_its_cells_and_to_agents_as_a_markdown_table() -> None:
    events = answer(f"The defaults [[settings]]:\n\n{TABLE}")
    data = frame(events[2]).decode()
    assert '"row":{"cells":[[0,6],[8,14]],"header":false}' in data
    shown = Markdown()
    for event in events:
        shown.add(event)
    assert shown.text() == (
        "The defaults:\n\n| Option | Default |\n|---|---|\n| `--loop` | 'auto' |\n| `--ws-max-queue` | 32 |\n"
        "| `--backlog` | 2048 |"
    )


STORM = {
    "storm": Section.of(
        "storm", page="lab", path="/lab/#storm", headings=("Lab", "A retry storm"),
        blocks=(Block("paragraph", "Without backoff every client retries at once, the attempts stay three times above "
                      "capacity, and the service never comes back. With jitter the retries spread out."),),
    ),
}


def storm(reply: str) -> list[str]:
    gate = Gate(STORM, LEXICON)
    return verdicts(gate.feed(reply) + gate.finish())


def test_a_cell_or_a_bold_label_s_value_opens_a_phrase_its_capital_no_name_and_a_falsehood_in_it_still_held() -> None:
    head = "| Run | What happens |\n|---|---|\n"
    row = "| No backoff | {} client{} at once, and the service never comes back [[storm]] |\n"
    assert storm(head + row.format("Every", " retries")) == [
        "Run; What happens", "No backoff; Every client retries at once, and the service never comes back"]
    assert storm(head + row.format("Some", "s retry")) == ["quantifier"]
    label = "- **No backoff:** {} client{} at once, and the service never comes back [[storm]]."
    assert storm(label.format("Every", " retries")) == [
        "No backoff: Every client retries at once, and the service never comes back."]
    assert storm(label.format("Some", "s retry")) == ["quantifier"]


def test_only_a_common_word_that_opens_a_phrase_is_read_in_lower_case() -> None:
    assert opened("Every client retries") == "every client retries"
    assert opened("None") == "None"  # a value, alone in its cell
    assert opened("Kafka moves the events") == "Kafka moves the events"  # a name


MODES = {
    "tools": Section.of("tools", page="modes", path="/modes/#tools", headings=("Modes", "TOOLS mode"), blocks=(
        Block("paragraph", "The recommended mode for OpenAI models. It uses OpenAI's tool calling API."),
        Block("paragraph", "Advantages: most reliable, best for complex structures."),
    )),
    "json": Section.of("json", page="modes", path="/modes/#json", headings=("Modes", "JSON mode"), blocks=(
        Block("paragraph", "Instructs the model to output JSON directly."),
        Block("paragraph", "Trade-offs: slightly less reliable than TOOLS, works with more models."),
    )),
}


def modes(row: str) -> list[str]:
    gate = Gate(MODES, Lexicon([{"term": "OpenAI", "aliases": []}]))
    return verdicts(gate.feed(f"| | `Mode.TOOLS` | `Mode.JSON` |\n|---|---|---|\n{row}\n") + gate.finish())


def test_a_row_s_cells_after_its_subject_are_each_a_claim_against_what_that_cell_cites() -> None:
    assert modes("| **How it works** | Uses OpenAI's tool calling API [[tools]]. | Instructs the model to output JSON "
                 "directly [[json]]. |")[1:] == [
        "How it works; Uses OpenAI's tool calling API.; Instructs the model to output JSON directly."]
    assert modes("| **Reliability** | Most reliable and best for complex structures [[tools]]. | Slightly less reliable "
                 "than TOOLS [[json]]. |")[1:] == [
        "Reliability; Most reliable and best for complex structures.; Slightly less reliable than TOOLS."]
    # each cell told of the other's section: run together, the row's words were all the two sections' and it was shown
    assert modes("| **How it works** | Instructs the model to output JSON directly [[tools]]. | Uses OpenAI's tool "
                 "calling API [[json]]. |") == ["unknown_term"]
    assert modes("| **Reliability** | Slightly less reliable than TOOLS [[tools]]. | Most reliable and best for complex "
                 "structures [[json]]. |") == ["actor"]


PAGES = {
    "pages": Section.of("pages", page="graphql", path="/graphql/#pagination", headings=("GraphQL", "Pagination"), blocks=(
        Block("paragraph", "Offset-based pagination uses an offset relative to the first record in a set. Cursor-based "
                           "pagination returns records with a primary key greater than or equal to the start value."),
    )),
}


def pages(table: str) -> list[str]:
    gate = Gate(PAGES, Lexicon([{"term": "Kafka", "aliases": []}]))
    return verdicts(gate.feed(f"Two kinds [[pages]]:\n\n{table}") + gate.finish())[1:]


def test_a_cell_under_a_label_keeps_its_opening_its_capital_no_name() -> None:
    head = "| Strategy | How it works |\n|---|---|\n"
    # "How it works Takes an offset": a capital inside a sentence, a name the section does not write
    assert pages(head + "| Offset-based | Takes an offset relative to the first record in a set |\n") == [
        "Strategy; How it works", "Offset-based; Takes an offset relative to the first record in a set"]
    assert pages(head + "| Offset-based | Kafka keeps an offset relative to the first record in a set |\n") == [
        "unknown_term"]


def test_a_first_column_of_ranks_numbers_the_rows_and_states_no_figure() -> None:
    rows = "| 1 | Offset-based | an offset relative to the first record |\n| 2 | Cursor-based | a primary key |\n"
    assert pages("| Rank | Strategy | Reads |\n|---|---|---|\n" + rows) == [
        "Rank; Strategy; Reads", "1; Offset-based; an offset relative to the first record", "2; Cursor-based; a primary key"]
    # a count under another label, or a rank that is not the row's place, is a figure the section must state
    assert pages("| Pages | Strategy | Reads |\n|---|---|---|\n" + rows) == ["number", "number"]
    assert pages("| Rank | Strategy | Reads |\n|---|---|---|\n" + rows.replace("| 1 |", "| 3 |")) == ["number"] + [
        "Rank; Strategy; Reads", "2; Cursor-based; a primary key"]


# A row of round 7's development answers (DRF's pagination styles, `drf-answers-dev-round7.json`): its cells cite apart,
# so it is read as a claim per cell (45b59816), each cell with the row's subject.
PAGINATION = ("| Style | How the client pages | Worth knowing |\n|---|---|---|\n"
              "| `PageNumberPagination` | A single page number in the query parameters, such as `?page=4` "
              "[[pagenumberpagination]] | The parameter name can be changed by overriding `page_query_param` in a "
              "subclass [[setup]] |")


def test_a_rows_claims_keep_its_inline_code_as_code() -> None:
    """Each claim of a row keeps its cells' inline code as spans of its own text, as the row does (review31: they were
    dropped, so the rules that read a sentence's code as code, polarity's values and `crossed`'s names, read a
    claim's as prose)."""
    (row,) = [d for d in tables.drafts(markdown.Table(tuple(PAGINATION.splitlines())), (), {"pagenumberpagination",
                                                                                             "setup"}) if d.parts]
    coded = [[text[start:end] for kind, start, end in spans if kind == "code"] for text, *_, spans in row.parts]
    assert coded == [["PageNumberPagination", "?page=4"], ["PageNumberPagination", "page_query_param"]]


# Pi-hole's docs (round 13's development site, its flush commands' sections as the record has them): a row that tells
# one command's deed of the other, in a cell that cites both, is held as the same sentence is; the right one is shown.
FLUSHES = record_of(
    Section("log-flush", "docs", "Log Flush",
            "Help Command: N/A\nScript Location: /opt/pihole/piholeLogFlush.sh\nExample Usage: pihole flush\nWhen invoked "
            "manually, this command will allow you to empty Pi-hole's log, which is located at "
            "/var/log/pihole/pihole.log.", "/docs/#log-flush", ("The pihole command", "Log Flush")),
    Section("network-flush", "docs", "Network Flush",
            "Help Command: N/A\nScript Location: /opt/pihole/piholeNetworkFlush.sh\nExample Usage: pihole networkflush "
            "--arp\nThis command empties Pi-hole's network table. If the optional --arp is given, the ARP table will "
            "also be cleared.", "/docs/#network-flush", ("The pihole command", "Network Flush")),
)


@pytest.mark.parametrize(("command", "expected"), [("pihole flush", "actor"), ("pihole networkflush", "shown")])
def test_a_rows_claim_reads_its_code_names_as_a_sentence_does(command: str, expected: str) -> None:
    table = ("| Task | What it does | Where |\n|---|---|---|\n"
             f"| Flushing | `{command}` empties Pi-hole's network table [[log-flush, network-flush]] | The log is "
             "located at /var/log/pihole/pihole.log [[log-flush]] |\n")
    gate = Gate(FLUSHES, Lexicon([]))
    events = [e for e in (*gate.feed(table), *gate.finish()) if isinstance(e, Held | Sentence)]
    assert [e.reason if isinstance(e, Held) else "shown" for e in events][-1] == expected
