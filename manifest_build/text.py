"""A page's readable text: what a reader sees in its content, without permalinks, scripts or chrome.

One pass over the parsed tree (selectolax/Lexbor) gathers the text, skipping what is left out and putting a space
at every block's start so that `<p>a</p><p>b</p>` reads "a b" even in minified HTML. The pass can cut the text at
given headings, which is how the record's sections are read in the same pass as the page's text.
"""

from __future__ import annotations

from collections.abc import Iterable

from selectolax.lexbor import LexborNode

# Left out of every text: permalinks, code, chrome that themes put inside the content, and what the owner excludes.
DROPPED = (
    "script, style, template, noscript, svg, nav, a.headerlink, [data-docent-exclude], "
    ".md-content__button, .md-source-file, .md-clipboard, .md-annotation__index"
)

# Elements whose start is a break between words.
BLOCKS = frozenset(
    "address article aside blockquote br dd details div dl dt figcaption figure footer form h1 h2 h3 h4 h5 h6 "
    "header hr li main ol p pre section summary table tbody td tfoot th thead tr ul option button label "
    "input select textarea img".split()
)


def collapse(text: str) -> str:
    """Whitespace collapsed to single spaces, trimmed."""
    return " ".join(text.split())


def dropped_ids(root: LexborNode) -> frozenset[int]:
    return frozenset(node.mem_id for node in root.css(DROPPED))


def _last_descendant(node: LexborNode) -> LexborNode:
    last = node
    while (child := last.last_child) is not None:
        last = child
    return last


def read(
    root: LexborNode, *, drop: frozenset[int], cuts: Iterable[LexborNode] = ()
) -> tuple[list[str], list[tuple[int, str]]]:
    """The text of `root` in chunks: chunk 0 runs to the first cut, chunk i from cut i to the next.

    Each cut node's own text is returned apart, with the cut's mem_id, as its title (titles[i-1] for chunk i), in
    the order met, and not in any chunk.
    Text is not collapsed here; callers collapse what they keep.
    """
    cut_ids = {node.mem_id for node in cuts}
    chunks: list[list[str]] = [[]]
    titles: list[tuple[int, str]] = []
    current = chunks[0]
    skip_until: int | None = None
    for node in root.traverse(include_text=True):
        if skip_until is not None:
            if node.mem_id == skip_until:
                skip_until = None
            continue
        tag = node.tag
        if tag == "-text":
            current.append(node.text_content or "")
            continue
        mem_id = node.mem_id
        if mem_id in drop or mem_id in cut_ids:
            end = _last_descendant(node)
            if end.mem_id != mem_id:
                skip_until = end.mem_id
            if mem_id in cut_ids:
                titles.append((mem_id, collapse(read(node, drop=drop)[0][0])))
                current = []
                chunks.append(current)
            continue
        if tag in BLOCKS:
            current.append(" ")
    return ["".join(chunk) for chunk in chunks], titles


def label_text(node: LexborNode, *, drop: frozenset[int], limit: int = 80) -> str:
    """An element's text, collapsed and cut to `limit` characters: the last resort for a label."""
    text = collapse(read(node, drop=drop)[0][0])
    return text[:limit].rstrip()
