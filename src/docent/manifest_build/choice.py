"""The site-wide choice of record pages: globs over the pages' source paths, with excludes.

`record_pages: {include: ["**"], exclude: [contributing.md]}` (or a plain list of includes) marks every page it
matches as record, as `docent: {record: true}` in its front matter would; a page's own front matter still wins, either
way. A glob matches the whole source path, relative to docs_dir and written with `/`: `*` is any run of characters
but `/`, `?` one of them, `[abc]` one of those, and `**` any number of folders (`**/*.md`, `guides/**`).
`docent manifest`, reading built HTML, matches the source paths a page's URL can come from (`/guide/install/` from
`guide/install.md`, `guide/install/index.md` or `guide/install/README.md`), unless the page names its source.

A glob with a wildcard leaves out the pages a docs owner expects left out (`LEFT_OUT`): release notes (`releases.md`
too) and changelogs, the contributing guide, the code of conduct and the licence, and the pages written for the
project's helpers and team rather than its readers (maintainers, governance, repository management and its tasks, and
"help <the project>", as Typer's `help-typer.md` and FastAPI's `help-fastapi.md` are named), by the file's or its
folder's name. They answer what changed, how to contribute or how the project is run, and their many short lines
("Review pull requests", "Tests") outrank the guide on a reader's question. A page whose file alone is named as
release notes (`CHANGES`) is left out where it reads as them (`reads_as_releases`: its headings name versions or
dates), wherever the build has its HTML: a CLI's reference page for its `changelog` command, or a page telling how the
project began (`history.md`), lists no releases, and readers ask about both. A sponsorship page stays: readers ask
what sponsoring costs, and its tiers answer no setup question. In a folder named for development (`developer-guide/`,
`development/`, `dev/`), or as a page so named at the site's top (`developers.md`), a page is left out where it reads as
telling how to build, test or release the project itself
(`reads_as_development`: it runs `make` targets, or names two of pull requests, forking the repository, the test
suite, linting, CI, the release process and contributing), as Argo CD's "Developer Guide" and NetBox's "Development"
do; a guide there to writing plugins, themes or extensions stays (MkDocs' `dev-guide/`, NetBox's
`plugins/development/`), and so do per-version upgrade and migration pages, which readers ask about. Without the
page's HTML such a folder's pages stay: its name alone does not say whose developers it is for. Naming such a page in
`include` without a wildcard (`include: ["**", changelog.md]`) keeps it, as its front matter does.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from html import unescape
from typing import Any

from .options import ConfigError


def _pattern(glob: str) -> re.Pattern[str]:
    out, i = [], 0
    while i < len(glob):
        if glob.startswith("**/", i):
            out.append("(?:.*/)?")
            i += 3
        elif glob.startswith("**", i):
            out.append(".*")
            i += 2
        elif glob[i] == "*":
            out.append("[^/]*")
            i += 1
        elif glob[i] == "?":
            out.append("[^/]")
            i += 1
        elif glob[i] == "[" and (end := glob.find("]", i + 2)) > 0:
            inside = glob[i + 1 : end]
            out.append("[" + ("^" + re.escape(inside[1:]) if inside[0] == "!" else re.escape(inside)) + "]")
            i = end + 1
        else:
            out.append(re.escape(glob[i]))
            i += 1
    return re.compile("".join(out))


# The names (of a page's file or of a folder above it, any case, `-`, `_` or nothing between words) that a wildcard
# leaves out of the record: what changed, how to contribute, and how the project is run.
CHANGES = re.compile(r"release[-_ ]?notes|releases|change[-_ ]?log|changes|history", re.IGNORECASE)
LEFT_OUT = re.compile(
    rf"{CHANGES.pattern}|contributing|(?:code[-_ ]?of[-_ ]?)?conduct|licen[cs]e"
    r"|maintainers|maintaining|governance|(?:repository[-_ ]?)?management(?:[-_ ]?tasks)?",
    re.IGNORECASE,
)
# A heading that names a release: a version ("2.0", "v1.6.1 (2024-08-30)") or a date ("2024-08-30", "March 5, 2024").
_RELEASE_HEADING = re.compile(
    r"(?<![\w.])v?\d+\.\d+(?![\w])|\b(?:19|20)\d\d-\d\d(?:-\d\d)?\b|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)"
    r"[a-z]*\.? \d{1,2}(?:st|nd|rd|th)?,? (?:19|20)\d\d\b",
    re.IGNORECASE,
)
_HEADINGS = re.compile(r"<h[2-4][^>]*>(.*?)</h[2-4]>", re.IGNORECASE | re.DOTALL)
_TAG = re.compile(r"<[^>]+>")
# A folder named for development ("Developer Guide", "Development", `dev/`) holds pages for the project's own developers
# (Argo CD's, NetBox's) or for developers of its plugins and themes (MkDocs', PDM's, NetBox's `plugins/development/`).
DEVELOPMENT = re.compile(r"(?:dev|developers?|development)(?:[-_ ]?guide)?|hacking", re.IGNORECASE)
# What a page on building, testing or releasing the project itself says: `make` targets run in its code, or two of these.
_MAKE = re.compile(r"^\s*(?:\$\s*)?make(?:\s+[\w.-]+)+", re.MULTILINE)
_DEVELOPING = (
    re.compile(r"\bpull requests?\b|\bPRs?\b"),
    re.compile(r"\bfork(?:ing|ed)?\b[^.]{0,40}\brepositor(?:y|ies)\b|\bgit clone\b", re.IGNORECASE),
    re.compile(r"\b(?:unit|e2e|end-to-end|integration) tests\b|\btest suite\b|\brun(?:ning)? the tests\b", re.IGNORECASE),
    re.compile(r"\blint(?:er|ers|ing)?\b", re.IGNORECASE),
    re.compile(r"\bCI\b"),
    re.compile(r"\brelease (?:branch|branches|checklist|process|manager)\b"
               r"|\b(?:cut|cutting|tag|tagging) (?:a|the) (?:new )?release\b", re.IGNORECASE),
    re.compile(r"\bcontribut(?:e|es|ing|ion|ions|or|ors)\b", re.IGNORECASE),
)
_CODE = re.compile(r"<code[^>]*>(.*?)</code>", re.IGNORECASE | re.DOTALL)
# LEFT_OUT in the build's words, said wherever the build tells what a wildcard leaves out.
LEFT_OUT_SAID = ("the release notes, the contributing guide, the code of conduct, the licence, the pages on running "
                 "the project and a development guide's pages on building, testing or releasing it")
_NOT_ALNUM = re.compile(r"[\W_]+")
_WILD = re.compile(r"[*?\[]")


def reads_as_releases(html: str) -> bool:
    """Whether a page's content HTML reads as release notes: two of its headings below the title name a version or a
    date, or half of them do (a young project's changelog with its one release)."""
    named = [bool(_RELEASE_HEADING.search(_TAG.sub("", m.group(1)))) for m in _HEADINGS.finditer(html)]
    found = sum(named)
    return found >= 2 or (found == 1 and 2 * found >= len(named))


def reads_as_development(html: str) -> bool:
    """Whether a page's content HTML tells how to build, test or release the project itself: its code runs `make`
    targets, or its text names two of pull requests, forking the repository, the test suite, linting, CI, the release
    process and contributing. A guide to writing a plugin or a theme names none of them, or one."""
    code = "\n".join(unescape(_TAG.sub("", m.group(1))) for m in _CODE.finditer(html))
    if _MAKE.search(code):
        return True
    text = unescape(_TAG.sub(" ", _CODE.sub(" ", html)))
    return sum(bool(marker.search(text)) for marker in _DEVELOPING) >= 2


def left_out(path: str, project: str = "", html: str | None = None) -> bool:
    """Whether a source path is one a wildcard leaves out: `release-notes.md`, `CONTRIBUTING.md`, `changelog/2.md`,
    `management.md`, and `help-typer.md` on the site named `project` "Typer". `html`, the page's content where the
    build has it: a page whose file alone is named as release notes is left out only where it reads as them, and a
    page in a folder named for development only where it reads as building, testing or releasing the project."""
    *folders, name = path.split("/")
    stem = name.rsplit(".", 1)[0]
    helping = "help" + _NOT_ALNUM.sub("", project).casefold() if project.strip() else None
    if any(LEFT_OUT.fullmatch(folder) or _NOT_ALNUM.sub("", folder).casefold() == helping for folder in folders):
        return True
    # A folder named for development, or a page so named at the top of the site (a project's "Developer Guide" as one
    # page, `developers.md`); below another folder such a page is a topic's ("configuration/development.md").
    named = (*folders, stem) if not folders else folders
    if html is not None and any(DEVELOPMENT.fullmatch(part) for part in named) and reads_as_development(html):
        return True
    if html is not None and CHANGES.fullmatch(stem):
        return reads_as_releases(html)
    return bool(LEFT_OUT.fullmatch(stem)) or _NOT_ALNUM.sub("", stem).casefold() == helping


@dataclass(frozen=True, slots=True)
class PageChoice:
    """Which pages are record when their front matter does not say."""

    include: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    project: str = ""  # the site's name: a wildcard leaves out its "help <project>" page
    fallback: bool = False  # `record_pages` unset on a docs site: this choice gives way to any page's front matter

    def chooses(self, sources: str | Iterable[str], html: str | None = None) -> bool:
        """Whether a page from any of these source paths is record: an include matches and no exclude does; a page
        `left_out` only when an include names it without a wildcard. `html`: the page's content, where known."""
        paths = [sources] if isinstance(sources, str) else list(sources)
        matched = [p for p in paths if any(self._includes(g, p, html) for g in self.include)]
        return any(not any(_pattern(g).fullmatch(p) for g in self.exclude) for p in matched)

    def _includes(self, glob: str, path: str, html: str | None) -> bool:
        if not _pattern(glob).fullmatch(path):
            return False
        return not (_WILD.search(glob) and left_out(path, self.project, html))

    def given(self, chosen: bool) -> PageChoice:
        """The choice once it is known whether any page's front matter says `record: true` (`chosen`): a fallback
        gives way to the owner's page-by-page choice."""
        return PageChoice(project=self.project) if self.fallback and chosen else self

    def note(self) -> str:
        """What the build says once of a fallback it used; "" for a choice the owner made."""
        if not self.fallback:
            return ""
        return (f"No `record_pages` option and no page's front matter chooses the record, so it is every page but "
                f"{LEFT_OUT_SAID}. To choose, set the docent plugin's `record_pages` (e.g. {{include: ['**'], "
                "exclude: [faq.md]}) or mark pages with front matter `docent: {record: true}`.")

    @classmethod
    def read(cls, raw: Any, *, where: str = "docent `record_pages`", project: str = "",
             kind: str = "portfolio") -> PageChoice:
        """The option as written: a list of globs, or {include: [...], exclude: [...]}. None (unset) is every page
        on a docs site (`kind`), as a fallback (`given`), and front matter alone on a portfolio.
        `project`: the site's name (`site_name`)."""
        if raw is None:
            return cls(("**",), (), project, fallback=True) if kind == "docs" else cls(project=project)
        if isinstance(raw, str | Sequence) and not isinstance(raw, Mapping):
            return cls(_globs(raw, where=where), project=project)
        if not isinstance(raw, Mapping) or set(raw) - {"include", "exclude"}:
            raise ConfigError(f"{where} must be a list of globs, or a mapping of include and exclude globs "
                              "(e.g. {include: ['**'], exclude: [contributing.md]}).")
        return cls(_globs(raw.get("include", ()), where=f"{where}.include"),
                   _globs(raw.get("exclude", ()), where=f"{where}.exclude"), project)

    def said(self) -> str:
        if not self.include:
            return "front matter only"
        but = f" except {', '.join(self.exclude)}" if self.exclude else ""
        return f"{', '.join(self.include)}{but}"


def _globs(raw: Any, *, where: str) -> tuple[str, ...]:
    items = [raw] if isinstance(raw, str) else raw
    if not isinstance(items, Sequence) or not all(isinstance(g, str) and g.strip() for g in items):
        raise ConfigError(f"{where} must be a list of globs over source paths, such as '**' or 'guides/*.md'.")
    for glob in items:
        if glob.startswith("/"):
            raise ConfigError(f"{where}: '{glob}' starts with /; source paths are relative to docs_dir.")
    return tuple(g.strip() for g in items)


def sources(path: str) -> list[str]:
    """The source paths a built page's site path can come from: `/guide/install/` is `guide/install.md`,
    `guide/install/index.md` or `guide/install/README.md`; `/` is `index.md` or `README.md`."""
    inner = path.strip("/")
    if inner.endswith(".html"):
        return [inner[: -len(".html")] + ".md"]
    if not inner:
        return ["index.md", "README.md"]
    return [f"{inner}.md", f"{inner}/index.md", f"{inner}/README.md"]


NO_CHOICE = PageChoice()  # front matter alone says which pages are record
