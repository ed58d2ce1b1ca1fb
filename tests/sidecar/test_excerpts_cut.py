"""A searched section cut to the excerpts' budget never leaves a code block open."""

from __future__ import annotations

from docent.schema import Block, RecordSection
from docent.sidecar.answer.excerpts_fill import _cut


def test_a_section_cut_inside_its_code_block_gets_the_fence_closed() -> None:
    code = "\n".join(f"line_{n} = {n}" for n in range(40))
    shown = RecordSection.of("x", page="p", path="/p/#x", headings=("P", "X"),
                             blocks=(Block("paragraph", "Set it up:"), Block("code", code, lang="python"))).shown()
    cut = _cut(shown, 120)
    assert cut.startswith("Set it up:\n```python\nline_0 = 0") and cut.endswith("\n```\n…")
    assert _cut("Plain prose that runs on and on.", 12) == "Plain prose …"
