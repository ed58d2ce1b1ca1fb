"""The languages of a page's fenced code blocks, read from its Markdown: what highlighters drop from the HTML.

Python-Markdown's `codehilite` and pymdownx's `highlight`, as most MkDocs sites set them, render a fence as
`<div class="highlight"><pre><code>` with no trace of its language. The plugin reads the fences' info strings from
the page's Markdown and writes them into the page's docent meta tag, keyed by a short hash of the code's text, so
that the plugin and `docent manifest` both give each code block of the record its language.

The key is the code's lines without their indents and blank lines: the rendered block is the fence's body after
Markdown has expanded its tabs, taken off the fence's indent (code indented past its fence keeps the rest, which a
plain dedent would take off too) and a highlighter its blank lines at either end, so the lines' words say which
block it is. A block a page script shows as HTML (a terminal's `div.termy`) is read as it
shows (`text.as_shown`), so a fence holding markup is keyed as it shows too.
"""

from __future__ import annotations

import hashlib
import re

from .text import as_shown

# A fence: its indent, its run of backticks or tildes, its info string, its body, the same run at the same indent
# closing it (as Python-Markdown and pymdownx close it: a run at another indent is a line of the code).
_FENCE = re.compile(r"^([ \t]*)(`{3,}|~{3,})[ \t]*([^\n`]*)\n(.*?)^\1\2[ \t]*$", re.MULTILINE | re.DOTALL)
# Its first word, never an attribute's name: "```hl_lines="17"" and "```title="requirements.txt"" name no language.
_LANGUAGE = re.compile(r"^\{?\s*\.?([\w+#.-]+)(?![\w+#.-]|\s*=)")
_SPACE = re.compile(r"[ \t\r\f\v]+")
# A highlighter's name for a language it does not know, or for none: the fence's own name says more.
FALLBACKS = frozenset(("text", "plain", "plaintext", "none", "nohighlight"))


def code_key(code: str) -> str:
    """A code block's text as a short key: its lines' words, without the indents and blank lines that Markdown and
    highlighters change, each run of spaces or tabs within a line as one space."""
    lines = (_SPACE.sub(" ", line.strip()) for line in code.split("\n"))
    return hashlib.sha256("\n".join(line for line in lines if line).encode("utf-8")).hexdigest()[:12]


def fence_languages(markdown: str) -> dict[str, str]:
    """Each fenced block's language by the key of its code (`code_key`): "```python" and "``` {.python
    title="app.py"}" give "python"; a fence with no language, or only attributes ("```hl_lines="3"", "```title="a.txt""),
    gives nothing. A body holding markup or references is keyed as written and as a page script shows it."""
    found: dict[str, str] = {}
    for m in _FENCE.finditer(markdown):
        body = m.group(4)
        language = _LANGUAGE.match(m.group(3).strip())
        if not language:
            continue
        found.setdefault(code_key(body), language.group(1))
        if "<" in body or "&" in body:
            found.setdefault(code_key(as_shown(body)), language.group(1))
    return found
