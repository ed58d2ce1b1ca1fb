"""What an empty panel offers to ask: the owner's own questions, else a few drawn from what the site has.

On a portfolio, one of each where the site has it: a tour, an experiment, a case (the first page after the home page
with record sections on it), an offer. On documentation, the nav's pages with record sections, asked as a reader
would ("How do I install HTTPX?"): installing and getting started first (a reader's first questions, wherever the nav
puts them: Typer's come after "Features" and four guides), then the others in nav order, leaving out the pages about
the project rather than its use (contributing, the changelog, contact, its origins), the project named as `text.project`
names it. Each is a question the guide can answer or act on, in the manifest's words.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from docent.schema import Experiment, Offer, Page, RecordSection, Tour
from docent.schema.manifest import WAY_IN

from .text import project

MOST = 4


def _ask(label: str) -> str:
    """An offer's label ("Download the CV") as the visitor's question ("Can I download the CV?")."""
    label = label.rstrip(".!?")
    if len(label) > 1 and label[0].isupper() and label[1].islower():
        label = label[0].lower() + label[1:]
    return f"Can I {label}?"


def suggestions(
    owners: Sequence[str],
    *,
    pages: Sequence[Page],
    tours: Sequence[Tour],
    experiments: Sequence[Experiment],
    record: Sequence[RecordSection],
    offers: Sequence[Offer],
    kind: str = "portfolio",
    site_name: str = "",
) -> tuple[str, ...]:
    if owners:
        return tuple(owners)
    if kind == "docs":
        return _from_nav(pages, record, site_name=site_name)
    drawn: list[str] = []
    if tours:
        drawn.append(f"Give me the tour “{tours[0].label}”.")
    if experiments:
        drawn.append(f"Run the experiment “{experiments[0].label}”.")
    with_record = {section.page for section in record}
    case = next((page for page in pages[1:] if page.id in with_record), None)
    if case is not None:
        drawn.append(f"What does the site say about “{case.label}”?")
    if offers:
        drawn.append(_ask(offers[0].label))
    return tuple(drawn[:MOST])


# Pages about the project rather than its use: a reader's first question is rarely about them.
_ASIDE = re.compile(
    r"contribut|conduct|changelog|change log|release notes|releases|licen[cs]e|security polic|sponsor|funding|"
    r"authors|credits|history|origins|roadmap|about|contact|on the web|in the press|donat",
    re.IGNORECASE,
)
_INSTALL = re.compile(r"(?<!-)\binstall", re.IGNORECASE)  # not "Post-Install"


def _from_nav(pages: Sequence[Page], record: Sequence[RecordSection], *, site_name: str) -> tuple[str, ...]:
    """Up to four questions from the nav's pages that have record sections, the home page last."""
    with_record = {section.page for section in record}
    name = project(site_name)
    name = name if 0 < len(name.split()) <= 3 else "it"
    drawn: list[str] = []
    for page in [*pages[1:], *pages[:1]]:
        label = page.label.strip().rstrip(".!?:")
        if page.id not in with_record or not label or _ASIDE.search(label):
            continue
        if _INSTALL.search(label):
            asked = f"How do I install {name}?"
        elif WAY_IN.search(label):
            asked = "How do I get started?"
        elif page.id == "home":
            asked = f"What is {name}?" if name != "it" else f"What is “{label}” about?"
        else:
            named = page.name.strip().rstrip(".!?:")  # "Docker (Providers)" where two pages are "Docker"
            asked = f"What should I know about “{named}”?"
        if asked not in drawn:
            drawn.append(asked)
    first = [asked for asked in drawn if asked.startswith(("How do I install", "How do I get started"))]
    return tuple([*sorted(first, key=lambda asked: "install" not in asked), *[a for a in drawn if a not in first]][:MOST])
