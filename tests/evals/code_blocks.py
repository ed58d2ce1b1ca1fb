"""Code kept as code: each fenced block of a record page's Markdown against the record's block for it.

For every dev site (`tests/data/sites/*` but those `LEFT_OUT`), the example site and Docent's own docs, one real
build each; then, for each page in the record, each fence of its Markdown source is found among the built page's
`<pre>` blocks (the code a reader sees: the highlighter's own normalisation, tabs expanded, entities read, line
numbers left out) and that text is compared with the record's code block for it, byte for byte, and the fence's
language with the block's. A fence whose code no `<pre>` shows (a snippet included, a fence in a comment) is not
counted. Per site:
- `exact`: text and language both kept;
- `text`: the text differs, and how (`blank lines`, `tabs`, `trailing spaces`, `entities`, `line numbers`,
  `annotations`, `other`, `missing`: no code block of the page's record holds it);
- `lang_lost`, `lang_wrong`: the fence names a language the record's block has not, or names another.
`docs_code_exact` is the share of the counted blocks kept exactly, over all the sites.
Run: `python -m tests.evals.code_blocks [SITE ...]`.
"""

from __future__ import annotations

import html
import re
import shutil
import sys
import tempfile
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from pathlib import Path

from selectolax.lexbor import LexborHTMLParser

from docent.manifest_build.cli import load_config
from docent.manifest_build.meta import find
from docent.manifest_build.page import CONTENT_END, CONTENT_START
from docent.schema import Block
from docent.sidecar.answer.bundle import Bundle
from tests.evals.docsite import build_copy

ROOT = Path(__file__).resolve().parents[2]
SITES = ROOT / "tests" / "data" / "sites"
# This eval's own split, not the rounds' held-out sites: it was written on the other sites with these three left out
# (cba2d05, when they were the rounds' held-out sites); the rounds develop on them now (tests/evals/heldout.py), and
# only this eval's figures leave them out.
CODE_EVAL_HELD_OUT = frozenset(("commitizen", "external-dns", "typer"))
# The rounds' validation and held-out sites (tests/evals/heldout.py), never built here: a build shows their figures.
ROUNDS_HELD_OUT = frozenset(
    ("traefik", "material", "textual", "ormar", "instructor", "argo-cd", "sqlmodel", "molecule", "pipx", "headscale",
     "pyscript", "schemathesis", "faststream"))
LEFT_OUT = CODE_EVAL_HELD_OUT | ROUNDS_HELD_OUT
# A fence's opening line: its indent, its run of backticks or tildes, its info string.
_OPEN = re.compile(r"^(?P<indent>[ \t]*)(?P<run>`{3,}|~{3,})(?P<info>[^`\n]*)$")
# The info string's language: its first word, or `.lang` among braces; none for attributes alone (`title="a.py"`).
_WORD = re.compile(r"^\{?\s*\.?([\w+#.-]+)(?![\w+#.-]|\s*=)")
_LINE_NUMBERS = ".linenos, .linenodiv, td.linenos, .lineno"
# A pymdownx.snippets include, in its line form: the file's lines stand in its place, at its indent.
_SNIPPET = re.compile(r'^(?P<indent>[ \t]*)-{1,}8<-{1,}[ \t]+"(?P<path>[^"]+)"[ \t]*$', re.MULTILINE)
_ANNOTATION = re.compile(r"\s*(?:#|//|--|<!--)\s*\(\d+\)!?\s*(?:-->)?$", re.MULTILINE)


@dataclass(frozen=True)
class Fence:
    language: str
    code: str


@dataclass
class Tally:
    """A site's counts (or all sites' added up), with a few examples of each fault to read."""

    exact: int = 0
    text: Counter[str] = field(default_factory=Counter)  # the text differs, by how
    language_only: int = 0  # the text kept, its language lost or wrong
    lang_lost: int = 0
    lang_wrong: int = 0
    unseen: int = 0  # fences whose code no `<pre>` of the page shows: not counted
    examples: list[str] = field(default_factory=list)

    @property
    def counted(self) -> int:
        return self.exact + sum(self.text.values()) + self.language_only

    def add(self, other: Tally) -> None:
        self.exact += other.exact
        self.text.update(other.text)
        self.language_only += other.language_only
        self.lang_lost += other.lang_lost
        self.lang_wrong += other.lang_wrong
        self.unseen += other.unseen

    def line(self, name: str) -> str:
        how = ", ".join(f"{kind} {n}" for kind, n in self.text.most_common())
        return (
            f"{name}: {self.exact}/{self.counted} exact; text differs {sum(self.text.values())}"
            f"{f' ({how})' if how else ''}; language lost {self.lang_lost}, wrong {self.lang_wrong}"
            f" ({self.unseen} fences no block shows, not counted)"
        )


def fences(markdown: str) -> Iterator[Fence]:
    """The page's fenced blocks in order: each one's language and its code, dedented by its fence's indent."""
    lines = markdown.split("\n")
    i = 0
    while i < len(lines):
        opened = _OPEN.match(lines[i])
        i += 1
        if not opened:
            continue
        run, indent = opened["run"], len(opened["indent"])
        close = re.compile(rf"^{re.escape(opened['indent'])}{re.escape(run)}[ \t]*$")  # as Python-Markdown closes it
        body: list[str] = []
        while i < len(lines) and not close.match(lines[i]):
            body.append(lines[i])
            i += 1
        i += 1
        word = _WORD.match(opened["info"].strip())
        code = "\n".join(line[min(indent, len(line) - len(line.lstrip())) :] for line in body)
        yield Fence(word.group(1).lower() if word else "", code)


def included(markdown: str, root: Path) -> str:
    """The Markdown with its snippets' files read in (relative to the site's folder, as the vendored sites set
    `base_path`), so that an included fence is counted with the code it shows."""

    def read(m: re.Match[str]) -> str:
        path = root / m["path"]
        if not path.is_file():
            return m.group(0)
        return "\n".join(m["indent"] + line for line in path.read_text(encoding="utf-8").rstrip("\n").split("\n"))

    return _SNIPPET.sub(read, markdown)


def shown(pre_html: str) -> str:
    """A `<pre>`'s text as the reader sees it: its line numbers left out, no newline at its end."""
    tree = LexborHTMLParser(pre_html)
    for node in tree.css(_LINE_NUMBERS):
        node.decompose()
    pre = tree.css_first("pre")
    return (pre.text(deep=True) if pre is not None else "").strip("\n")


def _key(code: str) -> str:
    """Code loosely: what matches a fence to the `<pre>` showing it whatever the highlighter did to spaces."""
    code = _ANNOTATION.sub("", html.unescape(code).expandtabs(4))
    return "\n".join(line.rstrip() for line in code.split("\n") if line.strip())


def how(want: str, got: str) -> str:
    """How a record's block differs from the code shown."""
    checks = (
        ("line numbers", lambda s: re.sub(r"^\s*\d+\s?", "", s, flags=re.MULTILINE)),
        ("blank lines", lambda s: re.sub(r"\n\s*\n+", "\n", s)),
        ("tabs", lambda s: s.expandtabs(4)),
        ("trailing spaces", lambda s: "\n".join(line.rstrip() for line in s.split("\n"))),
        ("entities", html.unescape),
        ("annotations", lambda s: _ANNOTATION.sub("", s)),
    )
    for name, norm in checks:
        if norm(want) == norm(got):
            return name
    return "other"


def _best(code: str, blocks: list[Block]) -> int | None:
    exact = next((i for i, b in enumerate(blocks) if b.text == code), None)
    if exact is not None:
        return exact
    key = _key(code)
    loose = next((i for i, b in enumerate(blocks) if _key(b.text) == key), None)
    if loose is not None:
        return loose
    ratios = [
        (SequenceMatcher(None, code, b.text, autojunk=False).ratio(), i)
        for i, b in enumerate(blocks)
        if abs(len(b.text) - len(code)) < max(40, len(code) // 3)
    ]
    best = max(ratios, default=(0.0, 0))
    return best[1] if best[0] >= 0.8 else None


def measure(site_dir: Path, docs_dir: Path, bundle: Bundle, tally: Tally, *, root: Path) -> None:
    """Each record page's fences against its record's code blocks, counted into `tally`."""
    by_page: dict[str, list[Block]] = {}
    for section in bundle.record.values():
        by_page.setdefault(section.page, []).extend(b for b in section.blocks if b.kind == "code")
    for file in sorted(site_dir.rglob("*.html")):
        document = file.read_text(encoding="utf-8")
        meta = find(document) or {}
        start, end = document.find(CONTENT_START), document.find(CONTENT_END)
        source = docs_dir / str(meta.get("src", ""))
        if meta.get("page") not in by_page or not source.is_file() or start < 0 or end < start:
            continue
        tree = LexborHTMLParser(document[start:end])
        pres = [shown(node.html or "") for node in tree.css("pre")]
        left = list(by_page[str(meta["page"])])
        for fence in fences(included(source.read_text(encoding="utf-8"), root)):
            key = _key(fence.code)
            pre = next((p for p in pres if key and _key(p) == key), None)
            if pre is None:
                tally.unseen += 1
                continue
            pres.remove(pre)
            _count(fence, pre, left, tally, where=str(meta["src"]))


def _count(fence: Fence, pre: str, left: list[Block], tally: Tally, *, where: str) -> None:
    found = _best(pre, left)
    if found is None:
        tally.text["missing"] += 1
        tally.examples.append(f"{where}: missing {pre[:60]!r}")
        return
    block = left.pop(found)
    same = block.text == pre
    if not same:
        kind = how(pre, block.text)
        tally.text[kind] += 1
        tally.examples.append(f"{where}: {kind} {pre[:60]!r} -> {block.text[:60]!r}")
    lost = bool(fence.language) and not block.lang
    wrong = bool(fence.language) and bool(block.lang) and block.lang.lower() != fence.language
    tally.lang_lost += lost
    tally.lang_wrong += wrong
    if lost or wrong:
        tally.examples.append(f"{where}: language {fence.language!r} -> {block.lang!r} {pre[:40]!r}")
    if same and not (lost or wrong):
        tally.exact += 1
    elif same:
        tally.language_only += 1


def _sources() -> dict[str, Path]:
    """The sites measured, by name: the dev sites, the example site and Docent's docs."""
    found = {p.name: p for p in sorted(SITES.iterdir()) if p.is_dir() and p.name not in LEFT_OUT}
    return found | {"example": ROOT, "site-docs": ROOT / "site-docs"}


def site(name: str, source: Path, into: Path) -> Tally:
    """One site built in a copy under `into`, and its tally."""
    if source == ROOT:  # the example: only its config and pages, not the whole checkout
        copy = into / "src" / "example"
        copy.mkdir(parents=True)
        shutil.copy(ROOT / "mkdocs.yml", copy / "mkdocs.yml")
        shutil.copytree(ROOT / "docs", copy / "docs")
        source = copy
    built = build_copy(source, into)
    docs_dir = built.root / str(load_config(built.config).get("docs_dir") or "docs")
    tally = Tally()
    measure(built.site, docs_dir, Bundle.load(built.bundle), tally, root=built.root)
    return tally


def main() -> None:
    wanted = [a for a in sys.argv[1:] if not a.startswith("-")]
    if LEFT_OUT & set(wanted):
        raise SystemExit(f"{', '.join(sorted(CODE_EVAL_HELD_OUT))} are this eval's held-out sites; "
                         f"{', '.join(sorted(ROUNDS_HELD_OUT))} the rounds' validation and held-out sites")
    sources = {n: p for n, p in _sources().items() if not wanted or n in wanted}
    total = Tally()
    for name, source in sources.items():
        with tempfile.TemporaryDirectory(prefix=f"docent-code-{name}-") as tmp:
            tally = site(name, source, Path(tmp))
        print(tally.line(name), flush=True)
        if "--show" in sys.argv:
            print("\n".join(f"  {e}" for e in tally.examples[:40]))
        total.add(tally)
    print(total.line("all"))
    print(f"docs_code_exact {total.exact / max(1, total.counted):.3f}")


if __name__ == "__main__":
    main()
