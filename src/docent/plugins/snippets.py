"""A page's Markdown with its pymdownx.snippets includes read in, as the site's own build reads them.

A fence whose body is `--8<-- "src/app.py"` shows the file's code, which is what its block in the built page holds:
its language is found by that code's key (`manifest_build.fences`), so the fence is read with the file in it. The
text is taken from the site's own render of the page (`Included`, a Markdown extension whose step runs right after
the snippets preprocessor), so each snippet is read once per build with the site's own settings, never a second time
for Docent: a URL snippet (`url_download`) is fetched once, not twice.
"""

from __future__ import annotations

from markdown import Extension, Markdown  # type: ignore[import-untyped]
from mkdocs.config.defaults import MkDocsConfig

SNIPPETS = "pymdownx.snippets"
MARK = "-8<-"  # in both the line form (`--8<-- "file"`) and the block form (`-8<-`)
AFTER = 31  # below the snippets preprocessor's 32: its lines, before any fence or HTML block is stashed


def includes(markdown: str, config: MkDocsConfig) -> bool:
    """Whether the site reads snippets into this page: it uses pymdownx.snippets and the page marks one."""
    return MARK in markdown and SNIPPETS in config.markdown_extensions


class Included(Extension):  # type: ignore[misc]  # Markdown ships no annotations
    """The text of the next Markdown rendered after `expect()`, as the snippets preprocessor leaves it.

    MkDocs renders a page right after its `on_page_markdown` event, and a render's preprocessors run before any
    Markdown rendered inside it (mkdocstrings' docstrings), so the first text read after `expect()` is the page's."""

    def __init__(self) -> None:
        super().__init__()
        self._expecting = False
        self._text: str | None = None

    def expect(self) -> None:
        self._expecting, self._text = True, None

    def take(self) -> str | None:
        """The page's text, once; None where no render read it since `expect()`."""
        text, self._text, self._expecting = self._text, None, False
        return text

    def extendMarkdown(self, md: Markdown) -> None:
        md.preprocessors.register(_Reading(self), "docent_included", AFTER)

    def read(self, lines: list[str]) -> None:
        if self._expecting:
            self._expecting, self._text = False, "\n".join(lines)


class _Reading:
    """The preprocessor step: hands the lines to `Included` and returns them unchanged."""

    def __init__(self, included: Included) -> None:
        self.included = included

    def run(self, lines: list[str]) -> list[str]:
        self.included.read(lines)
        return lines
