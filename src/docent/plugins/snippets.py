"""A page's Markdown with its pymdownx.snippets includes read in, as the site's own build reads them.

A fence whose body is `--8<-- "src/app.py"` shows the file's code, which is what its block in the built page holds:
its language is found by that code's key (`manifest_build.fences`), so the fence is read with the file in it. The
site's own settings of the extension (its base paths, its encoding) are used, through the extension's own reader.
"""

from __future__ import annotations

from mkdocs.config.defaults import MkDocsConfig

SNIPPETS = "pymdownx.snippets"
MARK = "-8<-"  # in both the line form (`--8<-- "file"`) and the block form (`-8<-`)


def included(markdown: str, config: MkDocsConfig) -> str:
    """`markdown` with its snippets read in where the site includes them with pymdownx.snippets; else unchanged."""
    if MARK not in markdown or SNIPPETS not in config.markdown_extensions:
        return markdown
    from markdown import Markdown  # type: ignore[import-untyped]  # here: only a site with snippets needs it

    reader = Markdown(extensions=[SNIPPETS], extension_configs={SNIPPETS: dict(config.mdx_configs.get(SNIPPETS, {}))})
    return "\n".join(reader.preprocessors["snippet"].run(markdown.split("\n")))
