"""The gate on the Markdown models write: code quoted from the record or held, inline code as a term, lists and
emphasis kept as the visitor's shape, never as raw marks."""

from __future__ import annotations

import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from docent.schema import Block
from docent.schema import RecordSection as Section
from docent.sidecar.answer import shape
from docent.sidecar.answer.events import Code, Held, Item, Sentence
from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from tests.sidecar.gating import record_of

CLIENT = "import httpx\n\nwith httpx.Client(timeout=5.0) as client:\n    r = client.get('https://example.org')\n    print(r)"
RECORD = record_of(
    Section.of(
        "clients", page="advanced", path="/advanced/#clients", headings=("Advanced", "Clients"),
        blocks=(
            Block("paragraph", "A Client keeps connections open; pass timeout=5.0 to bound every request.",
                  code=("timeout=5.0",)),
            Block("code", CLIENT, lang="python"),
            Block("paragraph", "Printing a response shows <Response [200 OK]>.", code=("<Response [200 OK]>",)),
        ),
    ),
    Section.of(
        "install", page="index", path="/#install", headings=("HTTPX", "Installation"),
        blocks=(Block("paragraph", "Install HTTPX with pip."), Block("code", "$ pip install httpx", lang="shell")),
    ),
)
LEXICON = Lexicon([{"term": "HTTPX", "aliases": []}, {"term": "Django", "aliases": []}])


def answer(reply: str, chunks: int = 1) -> list[Sentence | Code | Held]:
    gate = Gate(RECORD, LEXICON)
    size = max(1, len(reply) // chunks)
    out = [event for i in range(0, len(reply), size) for event in gate.feed(reply[i : i + size])]
    return out + gate.finish()


def test_a_quoted_run_of_the_record_s_lines_is_shown_as_the_record_has_it() -> None:
    events = answer(
        "Pass a timeout to the client [[clients]]:\n\n```py\nwith httpx.Client(timeout=5.0) as client:\n"
        "    r = client.get('https://example.org')\n```\n[[clients]]\nThat is all."
    )
    assert [type(e).__name__ for e in events] == ["Sentence", "Code", "Sentence"]
    code = events[1]
    assert isinstance(code, Code)
    assert code.text == "with httpx.Client(timeout=5.0) as client:\n    r = client.get('https://example.org')"
    assert code.language == "python" and [c.id for c in code.cites] == ["clients"]
    assert code.cites[0].quote == code.text  # the lines the citation opens at, highlighted


def test_edited_merged_and_invented_code_is_held_with_its_own_reason() -> None:
    edited = answer("Use a client [[clients]].\n```python\nwith httpx.Client(timeout=10) as client:\n"
                    "    r = client.get('https://example.org')\n```")
    assert [getattr(e, "reason", "shown") for e in edited] == ["shown", "code_edited"]
    invented = answer("Use a client [[clients]].\n```python\nimport requests\nrequests.get(url, verify=False)\n```")
    assert [getattr(e, "reason", "shown") for e in invented] == ["shown", "code_unknown"]
    elsewhere = answer("Install it with pip [[install]].\n```\nwith httpx.Client(timeout=5.0) as client:\n```")
    assert [getattr(e, "reason", "shown") for e in elsewhere] == ["shown", "code_unknown"]  # not a cited section's


def test_code_waits_for_the_answer_s_first_citation_and_is_held_without_one() -> None:
    assert [type(e).__name__ for e in answer("```\n$ pip install httpx\n```\nInstall it with pip [[install]].")] == [
        "Code", "Sentence"]
    assert [getattr(e, "reason", "") for e in answer("```\n$ pip install httpx\n```\nDone.")] == [
        "never_cited", "never_cited"]


def test_inline_code_is_a_term_its_sections_must_hold_and_never_markup() -> None:
    shown = answer("Pass `timeout=5.0` to bound every request [[clients]]. A response prints as "
                   "`<Response [200 OK]>` [[clients]].")
    assert [e.text for e in shown if isinstance(e, Sentence)] == [
        "Pass timeout=5.0 to bound every request.", "A response prints as <Response [200 OK]>."]
    assert shown[0].spans == (("code", 5, 16),)
    held = answer("Pass `timeout=None` to bound every request [[clients]].")
    assert [getattr(e, "reason", "shown") for e in held] == ["code_term"]
    # Without its backticks, the cited section's own inline code is still its term; a tag it does not hold is markup.
    assert [getattr(e, "reason", "shown") for e in answer("Printing shows <Response [200 OK]> [[clients]].")] == [
        "shown"]
    assert [getattr(e, "reason", "shown") for e in answer("Printing shows <b>200 OK</b> [[clients]].")] == ["markup"]
    assert [getattr(e, "reason", "shown") for e in answer("Install it, <Response [200 OK]> [[install]].")] == [
        "markup"]  # not the inline code of the section it cites


def test_lists_and_emphasis_reach_the_visitor_as_shape_not_marks() -> None:
    events = answer(
        "There are two steps here, in this order, to follow:\n"
        "1. **Install** HTTPX with pip [[install]].\n2. Keep a *Client* open for connections [[clients]].\n"
        "- Pass a timeout to bound every request [[clients]]."
    )
    assert all(isinstance(e, Sentence) for e in events), events
    texts = [e.text for e in events if isinstance(e, Sentence)]
    assert texts[1:] == ["Install HTTPX with pip.", "Keep a Client open for connections.",
                         "Pass a timeout to bound every request."]
    assert [e.item for e in events if isinstance(e, Sentence)] == [None, Item(1), Item(2), Item(None)]
    assert events[1].spans == (("strong", 0, 7),)
    assert not any("*" in t or "`" in t for t in texts)


def test_a_model_s_link_is_shown_as_its_words_never_its_address_and_the_gate_judges_the_words() -> None:
    events = answer(
        "Install HTTPX with [pip](https://pip.example/install?to=evil), as [the install page](https://evil.example/) "
        "says [[install]].\nA Client keeps connections open, as [Django does](https://djangoproject.example/) [[clients]]."
    )
    assert [e.text if isinstance(e, Sentence) else getattr(e, "reason", "") for e in events] == [
        "Install HTTPX with pip, as the install page says.", "unknown_term"
    ]
    assert not any(isinstance(e, Sentence) and ("http" in e.text or "](" in e.text or e.spans) for e in events)


@pytest.mark.parametrize(("shown_at", "held_at"), [
    ("https://example.org", "https://evil.example/pip"),  # a bare address
    ("<https://example.org>", "<https://evil.example/pip>"),  # an autolink: its address written bare
])
def test_an_address_bare_or_autolinked_is_a_term_its_sections_must_hold_shown_as_code_or_held(
    shown_at: str, held_at: str
) -> None:
    shown = answer(f"A Client fetches {shown_at} in the example [[clients]].")
    assert [(e.text, e.spans) for e in shown if isinstance(e, Sentence)] == [
        ("A Client fetches https://example.org in the example.", (("code", 17, 36),))
    ]
    held = answer(f"Install HTTPX with pip from {held_at} [[install]].")
    assert [getattr(e, "reason", None) for e in held] == ["code_term"]


def test_a_reference_link_is_its_words_its_address_line_read_as_nothing_however_the_reply_is_cut() -> None:
    reply = (
        "Install HTTPX with [pip][1], as [the install page][] says [[install]].\n\n"
        "[1]: https://pip.example/install?to=evil\n[the install page]: <https://evil.example/> \"Install\"\n\n"
        "A Client keeps connections open, as [Django does][dj] [[clients]].\n\n[dj]: https://djangoproject.example/"
    )
    for chunks in (1, 9, len(reply)):
        events = answer(reply, chunks)
        assert [e.text if isinstance(e, Sentence) else getattr(e, "reason", "") for e in events] == [
            "Install HTTPX with pip, as the install page says.", "unknown_term"]  # the words judged: Django
    # A shortcut reference, `[words]`, is its words too (its address, if the answer gives one, comes after it); an index
    # is none, nor a note's mark, nor what code prints.
    assert shape.shape("[Note] a Client keeps matrix[0][1] open.").text == "Note a Client keeps matrix[0][1] open."
    assert shape.shape("> [!NOTE] It prints <Response [200 OK]>.").text == "> [!NOTE] It prints <Response [200 OK]>."
    assert shape.shape("Set it under [tool.pdm] or [build-system].").text == "Set it under [tool.pdm] or [build-system]."


def test_an_image_or_a_script_s_address_is_still_markup_held_not_repaired() -> None:
    for reply in ("Install HTTPX with ![pip](https://x.example/pip.png) [[install]].",
                  "Install HTTPX with ![pip][logo] [[install]].\n\n[logo]: https://x.example/pip.png",
                  "Install HTTPX with [pip](javascript:alert(1)) [[install]]."):
        assert [getattr(e, "reason", None) for e in answer(reply)] == ["markup"], reply


def test_a_task_list_s_items_are_plain_items() -> None:
    events = answer("- [x] Install HTTPX with pip [[install]].\n- [ ] Keep a Client open for connections [[clients]].")
    assert [(e.text, e.item) for e in events if isinstance(e, Sentence)] == [
        ("Install HTTPX with pip.", Item(None)), ("Keep a Client open for connections.", Item(None))
    ]


def test_a_long_intro_passes_only_before_a_list_or_code() -> None:
    intro = "There are two steps here, in this order, to follow:"
    assert [getattr(e, "reason", "shown") for e in answer(f"Install HTTPX with pip [[install]].\n{intro}\nDone.")] == [
        "shown", "uncited", "shown"]
    assert [getattr(e, "reason", "shown") for e in answer(f"Install HTTPX with pip [[install]].\n{intro}\n- Done.")] == [
        "shown", "shown", "shown"]


def test_a_list_s_intro_may_state_the_count_of_its_items_or_of_the_sections_they_cite() -> None:
    items = "- Pass a timeout [[clients]].\n- Keep a Client open [[clients]].\n- Install it with pip [[install]].\n"

    def verdicts(intro: str, chunks: int = 1) -> list[str]:
        events = answer(f"Install HTTPX with pip [[install]].\n{intro}\n{items}That is all.", chunks)
        return [e.text if isinstance(e, Sentence) else getattr(e, "reason", "") for e in events]

    for chunks in (1, 7, 40):  # the intro is shown before its list, however the answer streams
        assert verdicts("Three settings matter:", chunks) == [
            "Install HTTPX with pip.", "Three settings matter:", "Pass a timeout.", "Keep a Client open.",
            "Install it with pip.", "That is all."]
    assert verdicts("Two settings matter:")[1] == "Two settings matter:"  # the two sections the items cite
    assert verdicts("Four settings matter:")[1:3] == ["number", "Pass a timeout."]
    one_section = answer("Install HTTPX with pip [[install]].\nTwo settings matter:\n- Pass a timeout [[clients]].\n"
                         "- Keep a Client open [[clients]].\n- Use a Client [[clients]].")
    assert [getattr(e, "reason", "shown") for e in one_section] == ["shown", "number", "shown", "shown", "shown"]
    # Before no list, a count is a fact the grounds must state, as before.
    assert [getattr(e, "reason", "shown") for e in answer("Install HTTPX with pip [[install]].\nThree settings "
                                                          "matter:\nThat is all.")] == ["shown", "number", "shown"]


def test_a_sentence_that_begins_a_line_says_so() -> None:
    events = answer("Install HTTPX with pip [[install]]. Keep a Client open [[clients]].\nPass a timeout [[clients]].")
    assert [e.line for e in events if isinstance(e, Sentence)] == [False, False, True]


REPLY = ("Pass a timeout [[clients]]:\n```python\nimport httpx\n```\n[[clients]]\n1. Install `pip` **now** [[install]].\n"
         "2. Use `timeout=5.0` [[clients]].")


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=1, max_value=len(REPLY)))
def test_every_fragmentation_gives_the_same_events(chunks: int) -> None:
    assert answer(REPLY, chunks) == answer(REPLY)


def test_a_connective_before_the_first_citation_may_name_what_that_citation_mentions() -> None:
    events = answer("Yes, with HTTPX.\nInstall HTTPX with pip [[install]].")
    assert [e.text for e in events if isinstance(e, Sentence)] == ["Yes, with HTTPX.", "Install HTTPX with pip."]
    held = answer("Yes, with Django.\nInstall HTTPX with pip [[install]].")
    assert [getattr(e, "reason", "shown") for e in held] == ["unknown_term", "shown"]


def test_none_inside_a_sentence_is_a_value_not_a_denial() -> None:
    record = {"session": Section.of("session", page="middleware", path="/middleware/#session", headings=("Session",),
                                    blocks=(Block("paragraph", "max_age - Session expiry time in seconds. If set to "
                                                  "None then the cookie will last as long as the browser session."),))}
    gate = Gate(record, LEXICON)
    events = gate.feed("Set max_age to None: the cookie then lasts as long as the browser session [[session]].")
    assert [type(e).__name__ for e in events + gate.finish()] == ["Sentence"]
    gate = Gate(record, LEXICON)
    events = gate.feed("None of the cookies last as long as the browser session [[session]].") + gate.finish()
    assert [getattr(e, "reason", "shown") for e in events] == ["polarity"]


def test_a_present_passive_describes_how_a_thing_works_and_is_no_deed_told_as_a_plan() -> None:
    record = {"lifespan": Section.of("lifespan", page="lifespan", path="/lifespan/#lifespan", headings=("Lifespan",),
                                     blocks=(Block("paragraph", "The lifespan will be triggered only when the TestClient "
                                                   "is used as a context manager, not when it is instantiated."),))}
    gate = Gate(record, LEXICON)
    events = gate.feed("The lifespan is triggered only when the TestClient is used as a context manager "
                       "[[lifespan]].") + gate.finish()
    assert [type(e).__name__ for e in events] == ["Sentence"]
    gate = Gate(record, LEXICON)
    events = gate.feed("The lifespan was triggered when the TestClient was instantiated [[lifespan]].") + gate.finish()
    assert [getattr(e, "reason", "shown") for e in events] == ["hedge"]  # a deed the section tells only as a plan


def test_a_mark_that_begins_a_word_keeps_the_space_before_it() -> None:
    from docent.sidecar.answer.shape import shape

    # the record's flat text of inline code (".body()", ".env") reaches the gate without backticks
    said = shape("Any later calls to .body(), .form() or .json() raise an error , as the .env file says .5 s [[requests]].")
    assert said.text == "Any later calls to .body(), .form() or .json() raise an error, as the .env file says .5 s."
    # a path that begins with its marks: the run of marks meets no blank, so it begins a word
    said = shape("Point the verifier at ../resources/tests/ , or run ./run.sh or .../x ; then wait [[sharing]].")
    assert said.text == "Point the verifier at ../resources/tests/, or run ./run.sh or .../x; then wait."


def test_an_end_mark_inside_inline_code_ends_no_sentence_and_a_cited_one_ends_before_a_lower_case_name() -> None:
    whole = answer("A Client keeps connections open, as `print('Done. Next.')` shows [[clients]]. Then go on.")
    assert [getattr(e, "reason", getattr(e, "text", "")) for e in whole] == ["code_term", "Then go on."]  # one, then one
    # each of two sentences judged on its own: a name in lower case begins the second, whose wrong figure is held
    two = answer("A Client keeps connections open [[clients]]. httpx takes timeout=9.0 to bound every request [[clients]].")
    assert [getattr(e, "reason", "shown") for e in two] == ["shown", "number"]


def test_a_blockquote_is_read_as_what_it_quotes_a_true_note_shown_and_a_wrong_one_held() -> None:
    events = answer("Install HTTPX with pip [[install]].\n\n> **Note:** a Client keeps connections open [[clients]].\n"
                    "> Pass timeout=9.0 to bound every request [[clients]].", chunks=9)
    assert [getattr(e, "reason", getattr(e, "text", "")) for e in events] == [
        "Install HTTPX with pip.", "Note: a Client keeps connections open.", "number"]


def test_a_fence_indented_under_a_list_item_is_quoted_code_shown_or_held_as_any_fence() -> None:
    step = "1. Install HTTPX with pip [[install]]:\n\n    ```shell\n    $ pip install {}\n    ```\n2. Then pass a timeout [[clients]]."
    quoted = answer(step.format("httpx"), chunks=5)
    assert [type(e).__name__ for e in quoted] == ["Sentence", "Code", "Sentence"]
    assert isinstance(quoted[1], Code) and quoted[1].text == "$ pip install httpx"
    assert [getattr(e, "reason", "shown") for e in answer(step.format("requests"))] == ["shown", "code_unknown", "shown"]


def test_every_blank_of_a_sentence_is_made_one_space() -> None:
    # a text of single spaces is left unsplit: every other blank, in any script, must still be made a space
    blanks = [c for c in map(chr, range(sys.maxunicode + 1)) if c.isspace()]
    for blank in blanks:
        assert shape.shape(f"Ports{blank}open{blank}{blank}now .").text == "Ports open now."
        assert shape.shape(f"{blank}Ports open now{blank}").text == "Ports open now"


def test_a_cited_intro_line_is_no_worse_than_the_same_line_uncited_and_a_wrong_one_is_still_held() -> None:
    code = "\n\n```py\nwith httpx.Client(timeout=5.0) as client:\n    r = client.get('https://example.org')\n```"
    items = "\n\n- A Client keeps connections open [[clients]]."

    def reading(reply: str) -> list[str]:
        return [getattr(e, "reason", type(e).__name__) for e in answer(reply, chunks=6)]

    assert reading("Here's how that looks [[clients]]:" + code) == ["Sentence", "Code"]
    assert reading("Here's how that looks [[clients]]:" + items) == ["Sentence", "Sentence"]
    assert reading("Here's how that looks [[clients]]:") == ["no_overlap"]  # nothing follows it: a sentence
    assert reading("Pass timeout=9.0 to bound every request [[clients]]:" + code) == ["number", "Code"]

    class Counted(Gate):  # each line judged once: a cited intro sharing no word is read uncited, not held then let go
        judged: list[str] = []

        def _judge(self, draft, **kwargs):  # type: ignore[no-untyped-def]
            self.judged.append(draft.text)
            return super()._judge(draft, **kwargs)

    gate = Counted(RECORD, LEXICON)
    [*gate.feed("Here's how that looks [[clients]]:" + items), *gate.finish()]
    assert gate.judged == ["Here's how that looks:", "A Client keeps connections open."] and gate.held == []


def test_a_heading_is_shown_only_with_what_it_labels_and_held_where_it_states_what_its_sections_do_not() -> None:
    def reading(heading: str, after: str = "A Client keeps connections open [[clients]].") -> list[tuple[str, ...]]:
        events = answer(f"Install HTTPX with pip [[install]].\n\n{heading}\n\n{after}")
        return [(e.reason,) if isinstance(e, Held) else (e.text, *(c.id for c in e.cites)) for e in events][1:]

    opens = ("A Client keeps connections open.", "clients")
    assert reading("## Keeping connections open") == [("Keeping connections open",), opens]  # a connective
    assert reading("### Step 2: keep connections open") == [("Step 2: keep connections open",), opens]
    assert reading("### 2. Keep connections open") == [("2. Keep connections open",), opens]
    assert reading("**Keeping connections open**") == [("Keeping connections open",), opens]
    assert reading("**1. Keep connections open**") == [("1. Keep connections open",), opens]  # not cut at "**1."
    # More than six words, or a term the answer has not stood on: a sentence citing what it labels, shown with it.
    assert reading("## What a Client gives you over the top-level functions") == [
        ("What a Client gives you over the top-level functions", "clients"), opens]
    assert reading("## One shared Client for HTTPX") == [("One shared Client for HTTPX",), opens]  # HTTPX stood on
    first = answer("## One shared Client for HTTPX\n\nA Client keeps connections open [[clients]].")
    assert [(e.text, *(c.id for c in e.cites)) for e in first if isinstance(e, Sentence)] == [
        ("One shared Client for HTTPX", "clients"), opens]  # HTTPX not yet: the label cites what it labels
    # A falsehood in a heading is held as in a sentence; the sentence it labels is judged on its own.
    assert reading("## A Client needs a timeout of 9.0 seconds") == [("number",), opens]
    assert reading("## Using `timeout=9.0` with a Client") == [("code_term",), opens]
    assert reading("## Why Django keeps connections open") == [("unknown_term",), opens]
    assert reading("## How I keep connections open") == [("first_person",), opens]
    # What it labels held, a label is never shown; at the end it labels nothing.
    assert reading("## Keeping connections open", "A Client waits 9.0 seconds [[clients]].") == [("number",)]
    assert reading("## Keeping connections open", "") == []
    # Uncited, past six words, before an uncited connective: held.
    assert reading("## What a Client gives you over the top-level functions", "In short, yes.") == [
        ("uncited",), ("In short, yes.",)]
    # A heading before a table and a code block goes out before the table's header and before the code.
    table = "| Setting | Value |\n|---|---|\n| timeout | 5.0 |\n[[clients]]"
    assert reading("## Keeping connections open", table)[0] == ("Keeping connections open",)
    code = "```\n$ pip install httpx\n```\n[[install]]"
    assert reading("## Installing it", code) == [("Installing it",), ("$ pip install httpx", "install")]
    # A falsehood in a list item or a table's row under a heading is held, and the heading with it; a true one after
    # it is shown, the heading not.
    items = "- A Client waits 9.0 seconds [[clients]].\n- A Client keeps connections open [[clients]]."
    assert reading("## Keeping connections open", items) == [("number",), opens]
    rows = "| Setting | Value |\n|---|---|\n| timeout | 9.0 |\n[[clients]]"
    assert reading("## Keeping connections open", rows) == [("number",)]
    # However the reply is cut, the same.
    for chunks in (3, 17, 60):
        said = answer("Install HTTPX with pip [[install]].\n\n### 2. Keeping connections open\n\n" + opens[0][:-1]
                      + " [[clients]].", chunks)
        assert [e.text for e in said if isinstance(e, Sentence)][1:] == ["2. Keeping connections open", opens[0]]


def _said(reply: str, chunks: int = 1) -> list[tuple[str, ...]]:
    return [
        (e.reason,) if isinstance(e, Held) else (e.text, *(c.id for c in e.cites)) for e in answer(reply, chunks)
    ]


@pytest.mark.parametrize("chunks", [1, 7, 40])
def test_a_setext_heading_is_read_as_a_heading_and_a_thematic_break_as_nothing(chunks: int) -> None:
    install, opens = ("Install HTTPX with pip.", "install"), ("A Client keeps connections open.", "clients")
    before, after = "Install HTTPX with pip [[install]].\n\n", "\nA Client keeps connections open [[clients]]."
    for underline in ("=====", "---", "-"):
        # Past six words, it cites what it labels, as a `##` heading would (read as a line of prose, it was held).
        label = "What a Client gives you over the top-level functions"
        assert _said(f"{before}{label}\n{underline}{after}", chunks) == [install, (label, "clients"), opens]
        # A falsehood in it is held as in any heading; what it labels is judged on its own.
        assert _said(f"{before}A Client needs a timeout of 9.0 seconds\n{underline}{after}", chunks) == [
            install, ("number",), opens]
        # What it labels held, it is never shown.
        assert _said(f"{before}Keeping connections open\n{underline}\nA Client waits 9.0 seconds [[clients]].",
                     chunks) == [install, ("number",)]
    # Under a sentence, an item or a blank line the line is a thematic break: it says nothing, and no heading is made.
    for above in ("Install HTTPX with pip [[install]].", "- Install HTTPX with pip [[install]]",
                  "Install HTTPX with pip [[install]]\n"):
        said = _said(f"{above}\n---{after}", chunks)
        assert said[0][0].rstrip(".") == "Install HTTPX with pip" and said[1:] == [opens]


def test_citations_after_a_blank_line_cite_the_table_or_code_before_them_and_a_wrong_row_is_still_held() -> None:
    table = "The settings:\n\n| Setting | Value |\n|---|---|\n| `timeout` | {value} |\n\n[[clients]]\n"
    assert _said(table.format(value="5.0")) == [("The settings:",), ("Setting; Value",), ("timeout; 5.0", "clients")]
    assert _said(table.format(value="9.0"))[1:] == [("number",)]  # the header goes with its first row shown
    code = "Install HTTPX with pip [[install]].\n\n```shell\n$ pip install {name}\n```\n\n[[install]]\n"
    shown = answer(code.format(name="httpx"))
    assert [(e.text, [c.id for c in e.cites]) for e in shown if isinstance(e, Code)] == [
        ("$ pip install httpx", ["install"])]
    assert [getattr(e, "reason", "") for e in answer(code.format(name="requests"))][1:] == ["code_unknown"]


def test_a_shortcut_reference_link_is_read_as_its_words_and_a_falsehood_in_one_still_held() -> None:
    assert _said("A [Client] keeps connections open [[clients]].") == [
        ("A Client keeps connections open.", "clients")]
    assert _said("[Django] keeps connections open [[clients]].") == [("unknown_term",)]
    assert _said("A [Client] waits 9.0 seconds [[clients]].") == [("number",)]


def test_a_tag_its_cited_section_writes_as_it_is_is_its_words_and_any_other_tag_still_markup() -> None:
    record = {"settings": Section.of(
        "settings", page="settings", path="/settings/", headings=("Settings",),
        blocks=(Block("paragraph", "Users may define defaults in the configuration file."),
                Block("paragraph", "<CONFIG_ROOT>/settings.yml")),
    )}

    def said(reply: str) -> list[str]:
        gate = Gate(record, LEXICON)
        return [getattr(e, "reason", "shown") for e in [*gate.feed(reply), *gate.finish()]]

    assert said("Users may define defaults in the configuration file, <CONFIG_ROOT>/settings.yml [[settings]].") == [
        "shown"]
    assert said("Users may define defaults in <b>the configuration file</b> [[settings]].") == ["markup"]
    assert said("Users may define defaults in <CONFIG_ROOT>/settings.yml <script>x</script> [[settings]].") == [
        "markup"]
    assert said("Users may define defaults in <CONFIG_ROOT>/settings.yml, ![a](x.png) [[settings]].") == ["markup"]
