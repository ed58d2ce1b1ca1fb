"""A searched section cut to the excerpts' budget never leaves a code block open."""

from __future__ import annotations

from docent.schema import Block, RecordSection
from docent.sidecar.answer.excerpts_fill import _cut, window


def test_a_section_cut_inside_its_code_block_gets_the_fence_closed() -> None:
    code = "\n".join(f"line_{n} = {n}" for n in range(40))
    shown = RecordSection.of("x", page="p", path="/p/#x", headings=("P", "X"),
                             blocks=(Block("paragraph", "Set it up:"), Block("code", code, lang="python"))).shown()
    cut = _cut(shown, 120)
    assert cut.startswith("Set it up:\n```python\nline_0 = 0") and cut.endswith("\n```\n…")
    assert _cut("Plain prose that runs on and on.", 13) == "Plain prose …"
    assert _cut("Plain prose that runs on and on.", 12) == "Plain …"  # before: "Plain prose …", 13 characters


def test_a_cut_and_a_window_keep_to_their_room_marks_and_fences_included() -> None:
    code = "\n".join(f"line_{n} = {n}  # what line {n} sets" for n in range(40))
    shown = RecordSection.of("x", page="p", path="/p/#x", headings=("P", "X"), blocks=(
        Block("paragraph", "Set it up, with the retries option:"), Block("code", code, lang="python"),
        Block("paragraph", "Then run it. " * 30))).shown()
    for room in range(3, len(shown)):
        assert len(_cut(shown, room)) <= room, room  # before: 6 over where it fenced a block shut
        assert len(window(shown, room, "What does line 7 set?")) <= room, room
