"""The languages of a page's fenced code blocks, read from its Markdown: what highlighters drop from the HTML.

Python-Markdown's `codehilite` and pymdownx's `highlight`, as most MkDocs sites set them, render a fence as
`<div class="highlight"><pre><code>` with no trace of its language. The plugin reads the fences' info strings from
the page's Markdown and writes them into the page's docent meta tag, keyed by a short hash of the code's text, so
that the plugin and `docent manifest` both give each code block of the record its language.
"""

from __future__ import annotations

import hashlib
import re
import textwrap

# A fence: its indent, its run of backticks or tildes, its info string, its body, the same run closing it.
_FENCE = re.compile(r"^([ \t]*)(`{3,}|~{3,})[ \t]*([^\n`]*)\n(.*?)^\1\2[ \t]*$", re.MULTILINE | re.DOTALL)
# Its first word, never an attribute's name: "```hl_lines="17"" and "```title="requirements.txt"" name no language.
_LANGUAGE = re.compile(r"^\{?\s*\.?([\w+#.-]+)(?![\w+#.-]|\s*=)")


def code_key(code: str) -> str:
    """A code block's text as a short key: its lines without the blank lines a highlighter drops at either end."""
    return hashlib.sha256(code.strip("\n").encode("utf-8")).hexdigest()[:12]


def fence_languages(markdown: str) -> dict[str, str]:
    """Each fenced block's language by the key of its code (`code_key`): "```python" and "``` {.python
    title="app.py"}" give "python"; a fence with no language, or only attributes ("```hl_lines="3"", "```title="a.txt""),
    gives nothing."""
    found: dict[str, str] = {}
    for m in _FENCE.finditer(markdown):
        language = _LANGUAGE.match(m.group(3).strip())
        if language:
            found.setdefault(code_key(textwrap.dedent(m.group(4))), language.group(1))
    return found
