"""The Markdown chat models write: fences apart from prose whatever the fragments, inline marks, list items."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from docent.sidecar.answer.markdown import BlockReader, Fence, Prose
from docent.sidecar.answer.marks import Item, Span, inline, item, unlinked

REPLY = (
    "Pass a timeout to the client [[clients]]:\n\n"
    "```python\nimport httpx\n\nclient = httpx.Client(timeout=5.0)\n```\n"
    "[[clients]]\n"
    "1. Install it [[install]].\n"
    "2. Run ``pip install `httpx` `` then.\n"
    "~~~\n```not a close\n~~~ [[a, b]]\n"
    "Done."
)
QUOTED_AFTER = "\n> ```\n> x\n> ```\n| A |\n|---|\nAfter."


def read(chunks: list[str], reader: BlockReader | None = None) -> list[Prose | Fence]:
    reader = BlockReader() if reader is None else reader
    out = [piece for chunk in chunks for piece in reader.feed(chunk)]
    out += reader.finish()
    merged: list[Prose | Fence] = []
    for piece in out:
        if isinstance(piece, Prose) and merged and isinstance(merged[-1], Prose):
            merged[-1] = Prose(merged[-1].text + piece.text)
        else:
            merged.append(piece)
    return merged


def test_fences_leave_whole_with_the_citations_after_them() -> None:
    assert read([REPLY]) == [
        Prose("Pass a timeout to the client [[clients]]:\n\n"),
        Fence("python", ("import httpx", "", "client = httpx.Client(timeout=5.0)"), ("clients",)),
        Prose("1. Install it [[install]].\n2. Run ``pip install `httpx` `` then.\n"),
        Fence("", ("```not a close",), ("a", "b")),
        Prose("Done."),
    ]


def _cut(text: str, cuts: list[int]) -> list[str]:
    """The text as a stream brings it, cut at these places."""
    points = sorted(set(cuts))
    return [text[a:b] for a, b in zip([0, *points], [*points, len(text)], strict=True)]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=len(REPLY)), max_size=6))
def test_every_fragmentation_reads_the_same(cuts: list[int]) -> None:
    assert read(_cut(REPLY, cuts)) == read([REPLY])


class _Deciding(BlockReader):
    """A reader that never says `inline`: every fragment goes through its decisions."""

    @property  # type: ignore[override]
    def inline(self) -> bool:
        return False

    @inline.setter
    def inline(self, value: bool) -> None:
        pass


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=len(REPLY) + len(QUOTED_AFTER)), max_size=8))
def test_inline_is_said_only_where_the_decisions_would_hand_the_fragment_back_as_prose(cuts: list[int]) -> None:
    # The gate gives a fragment to the splitter itself, no reader's decision taken, where the reader is `inline`.
    text = REPLY + QUOTED_AFTER
    points = sorted(set(cuts))
    chunks = [text[a:b] for a, b in zip([0, *points], [*points, len(text)], strict=True)]
    assert read(chunks) == read(chunks, reader=_Deciding())


def test_list_markers_of_other_digits() -> None:
    assert item("\u0663. Three.") == (Item(3), "Three.")  # `\d` is any decimal digit: the first character is one


QUOTED = (
    "Intro [[a]].\n\n> **Note:** it is off.\n>  Really off [[a]].\n>\n> - item one\n> ```py\n> x = 1\n> ```\n"
    "> [[a]]\n> | A | B |\n> |---|---|\n> | 1 | 2 |\nAfter 3 > 2.\n>> Nested [[a]]."
)


def test_a_blockquote_s_mark_is_taken_off_what_it_quotes_whatever_the_fragments() -> None:
    from docent.sidecar.answer.markdown import Table

    whole = [
        Prose("Intro [[a]].\n\n**Note:** it is off.\n Really off [[a]].\n\n- item one\n"),
        Fence("py", ("x = 1",), ("a",)),
        Table(("| A | B |", "|---|---|", "| 1 | 2 |")),
        Prose("After 3 > 2.\nNested [[a]]."),
    ]
    assert read([QUOTED]) == whole
    for size in (1, 2, 3, 5):
        assert read([QUOTED[i : i + size] for i in range(0, len(QUOTED), size)]) == whole


INDENTED = "1. Install it [[a]]:\n\n    ```sh\n    pip install httpx\n      --pre\n    ```\n    [[a]]\n2. Done.\n      not a fence"


def test_a_fence_indented_under_a_list_item_is_a_fence_whatever_the_fragments() -> None:
    whole = [
        Prose("1. Install it [[a]]:\n\n"),
        Fence("sh", ("    pip install httpx", "      --pre"), ("a",)),
        Prose("2. Done.\n      not a fence"),
    ]
    assert read([INDENTED]) == whole
    for size in (1, 2, 3, 5):
        assert read([INDENTED[i : i + size] for i in range(0, len(INDENTED), size)]) == whole


def test_a_reply_that_ends_inside_a_fence_gives_an_unclosed_block() -> None:
    assert read(["Here [[a]]:\n```sh\npip install httpx"]) == [
        Prose("Here [[a]]:\n"),
        Fence("sh", ("pip install httpx",), closed=False),
    ]


def test_backticks_inside_a_line_open_no_fence() -> None:
    assert read(["Use ```x``` inline\nand `y`."]) == [Prose("Use ```x``` inline\nand `y`.")]


def test_inline_marks_become_spans_over_plain_text() -> None:
    text, spans = inline("Set `follow_redirects=True` for **every** *request*, not snake_case_names or 2*3*4.")
    assert text == "Set follow_redirects=True for every request, not snake_case_names or 2*3*4."
    assert [text[s.start : s.end] for s in spans] == ["follow_redirects=True", "every", "request"]
    assert [s.kind for s in spans] == ["code", "strong", "em"]


def test_inline_code_keeps_what_it_holds_exactly() -> None:
    text, spans = inline("A repr: `<Response [200 OK]>` and ``a `b` c``.")
    assert text == "A repr: <Response [200 OK]> and a `b` c."
    assert spans == (Span("code", 8, 27), Span("code", 32, 39))


def test_emphasis_nests_and_unpaired_marks_stay() -> None:
    text, spans = inline("**All of `x` matters** and a lone * star")
    assert text == "All of x matters and a lone * star"
    assert spans == (Span("strong", 0, 16), Span("code", 7, 8))


def test_list_markers() -> None:
    assert item("1. Install it.") == (Item(1), "Install it.")
    assert item("12) Then this.") == (Item(12), "Then this.")
    assert item("- A bullet.") == (Item(None), "A bullet.")
    assert item("-5 degrees.") == (None, "-5 degrees.")
    assert item("**Bold** start.") == (None, "**Bold** start.")


def test_a_link_is_its_words_alone_and_inline_code_an_image_or_a_script_s_address_stays_as_written() -> None:
    said = unlinked(
        'See [the settings page](https://evil.example/settings/ "Settings"), [a chart](<https://x.example/a b.png>), '
        "[Django](https://en.wikipedia.org/wiki/Django_(web_framework)) and `[a](b)`; [a shortcut] (here)."
    )
    assert said == "See the settings page, a chart, Django and `[a](b)`; a shortcut (here)."
    markup = "![a chart](https://x.example/c.png), [run](javascript:alert(1)) or [it](< data:text/html,x>)."
    assert unlinked(markup) == markup  # the gate holds these as markup
    assert "example" not in unlinked("[pip](https://pip.example/) then [](https://y.example/).")


def test_a_task_list_s_box_goes_with_its_item_s_marker() -> None:
    assert item("- [x] Install it.") == (Item(None), "Install it.")
    assert item("2. [ ] Run it.") == (Item(2), "Run it.")
    assert item("- [x]") == (Item(None), "[x]")  # a box with no words after it is no task
    assert item("[x] Install it.") == (None, "[x] Install it.")  # no list, no item


def test_the_raw_mark_measure_counts_a_link_or_a_task_box_left_in_a_shown_sentence() -> None:
    from docent.sidecar.operator.quoted import raw_mark

    assert raw_mark("See [the page](https://a.example/).") and raw_mark("[x] Install it.") and raw_mark("[ ] Run it.")
    assert not raw_mark("See the page [1] (or [2]).") and not raw_mark("Run [a](b).", [["code", 4, 10]])


UNDERLINED = (
    "Intro [[a]].\n\nBearer\n======\n- item [[a]]\n---\nThe end [[a]].\n\n---\nLast [[a]].\n-\n"
    "| A | B |\n|---|---|\n| 1 | 2 |\n\n[[a, b]]\n```sh\nx\n```\n\n> [[b]]\nAfter.\n\n| C |\n\nNo citations."
)


def test_an_underline_is_said_with_whether_a_line_of_prose_is_right_above_it_and_citations_after_a_blank_are_theirs() -> None:
    from docent.sidecar.answer.markdown import Table, Underline

    whole = [
        Prose("Intro [[a]].\n\nBearer\n"), Underline(heading=True),  # a setext heading's
        Prose("- item [[a]]\n"), Underline(heading=True),  # the gate reads the line above: an item's is a break
        Prose("The end [[a]].\n\n"), Underline(heading=False),  # a thematic break
        Prose("Last [[a]].\n"), Underline(heading=True),
        Table(("| A | B |", "|---|---|", "| 1 | 2 |"), ("a", "b")),  # citations after one blank line: the table's
        Fence("sh", ("x",), ("b",)),  # and the fence's, quoted or not
        Prose("After.\n\n"), Table(("| C |",)), Prose("\nNo citations."),
    ]
    assert read([UNDERLINED]) == whole


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=len(UNDERLINED)), max_size=8))
def test_underlines_and_citations_after_a_blank_read_the_same_however_cut(cuts: list[int]) -> None:
    chunks = _cut(UNDERLINED, cuts)
    assert read(chunks) == read([UNDERLINED])
    assert read(chunks) == read(chunks, reader=_Deciding())


LISTED = (
    "The levels [[a]]:\n\n- omitted files\n- absolute links\n\n[[b, c]]\n"  # after a blank line: each item's
    "1. first step\n2. second step [[d]]\n3. third step\n[[e]]\n"  # a cited item lets those before it go as written
    "> - quoted item\n> [[f]]\n"  # quoted, the citations too
    "- no citations after it\nJust prose.\n- last item"  # any other line, or the reply's end, lets them go
)


def test_a_line_of_citations_after_a_list_cites_each_of_its_uncited_items() -> None:
    assert read([LISTED]) == [Prose(
        "The levels [[a]]:\n\n- omitted files [[b, c]]\n- absolute links [[b, c]]\n"
        "1. first step\n2. second step [[d]]\n3. third step [[e]]\n"
        "- quoted item [[f]]\n"
        "- no citations after it\nJust prose.\n- last item\n"
    )]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=len(LISTED)), max_size=8))
def test_a_list_s_citations_read_the_same_however_cut(cuts: list[int]) -> None:
    chunks = _cut(LISTED, cuts)
    assert read(chunks) == read([LISTED])
    assert read(chunks) == read(chunks, reader=_Deciding())
