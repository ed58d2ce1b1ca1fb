"""Docent's own documentation (`site-docs/`), built with --strict once for the module: Material, Docent of kind docs,
every page of the nav in the record, and the questions of its eval answerable from sections it has."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from docent.sidecar.answer.bundle import Bundle
from docent.sidecar.answer.excerpts import SECTIONS
from tests.evals import docent_docs
from tests.evals.retrieval import measure
from tests.sitebuilds import SiteBuilds


@pytest.fixture(scope="module")
def built(site_builds: SiteBuilds) -> docent_docs.Built:
    return site_builds(docent_docs.SITE)


def bundle(built: docent_docs.Built) -> dict[str, Any]:
    return dict(json.loads(built.bundle.read_text(encoding="utf-8")))


def nav_pages() -> list[str]:
    """The nav's Markdown files, as `mkdocs.yml` lists them (its `!ENV` tag read as a plain value)."""
    class Loader(yaml.SafeLoader):
        pass

    Loader.add_constructor("!ENV", lambda loader, node: None)
    config = yaml.load((docent_docs.SITE / "mkdocs.yml").read_text(encoding="utf-8"), Loader=Loader)  # noqa: S506
    return [next(iter(entry.values())) for entry in config["nav"]]


def test_it_builds_strict_with_material_and_docent_of_kind_docs(built: docent_docs.Built) -> None:
    assert "docent: 11 pages" in built.log and "0 problems" in built.log
    public = json.loads((built.site / "docent" / "manifest.json").read_text(encoding="utf-8"))
    assert public["kind"] == "docs"
    assert public["suggestions"][0] == "How do I add it to my site?"
    assert (built.site / "docent" / "panel.js").is_file()
    assert "md-header" in (built.site / "index.html").read_text(encoding="utf-8")  # Material's, not the default theme


def test_every_page_of_the_nav_but_the_contributors_is_in_the_record(built: docent_docs.Built) -> None:
    """The guide on Docent's docs answers its users: the page for those who work on Docent itself (the folder table,
    the tests) is left out by `record_pages`' exclude, as a docs owner leaves out a contributing guide."""
    pages = nav_pages()
    assert len(pages) == len(list((docent_docs.SITE / "docs").glob("*.md")))  # no page outside the nav
    record = bundle(built)["record"]
    paths = {p["id"]: p["path"] for p in bundle(built)["manifest"]["pages"]}
    with_sections = {paths[s["page"]] for s in record}
    for source in pages:
        path = "/" if source == "index.md" else "/" + source.removesuffix(".md") + "/"
        assert (path in with_sections) is (source != "development.md"), f"{source}: in the record {path in with_sections}"


def test_the_eval_questions_name_sections_the_record_has(built: docent_docs.Built) -> None:
    ids = {s["id"] for s in bundle(built)["record"]}
    asked = docent_docs.questions()
    assert len(asked) >= 12
    for q in asked:
        assert set(q["sections"]) <= ids, q["id"]


def test_the_record_search_finds_a_new_users_questions(built: docent_docs.Built) -> None:
    found = measure(Bundle.load(built.bundle).index, docent_docs.questions(), ks=(SECTIONS,))
    assert found[f"hit@{SECTIONS}"] >= 0.85  # measured 0.875 (14 of 16) on main at the README cut; 0.938 before


# What the documentation leaves of the default budget: a new rule's paragraph fits in it, and a round that eats it
# says a rule twice (checking.md's rules had grown to 49,853 of 50,000 tokens; said once each, ~47,500).
SPARE_TOKENS = 2_000


def test_the_record_fits_the_default_budget_whole(built: docent_docs.Built) -> None:
    """The documentation is read whole, within the default prompt budget and with room to spare: at 50,329 tokens it
    was searched, and the embedded model's hits fell from 0.875 to 0.812; a page that takes it near the budget again
    says something twice or carries what a reader of Docent does not need (the corpora's round-by-round figures did,
    and checking.md's rules, each round's paragraph appended to the last)."""
    mode = bundle(built)["mode"]
    assert mode["record"] == "whole" and mode["whole_tokens"] <= mode["budget_tokens"] - SPARE_TOKENS, mode


def test_the_bundle_stays_outside_the_site(built: docent_docs.Built) -> None:
    assert built.bundle.is_file() and not built.bundle.is_relative_to(built.site)
    assert not any(p.name == "docent-bundle.json" for p in Path(built.site).rglob("*"))


def test_the_readmes_links_into_the_documentation_reach_its_pages_and_headings(built: docent_docs.Built) -> None:
    readme = (docent_docs.ROOT / "README.md").read_text(encoding="utf-8")
    links = re.findall(r"\]\(site-docs/docs/([\w-]+)\.md(?:#([\w-]+))?\)", readme)
    assert len(links) >= len(nav_pages()) - 1  # every page but the home page, which is the README's own opening
    for page, anchor in links:
        html = built.site / ("" if page == "index" else page) / "index.html"
        assert html.is_file(), f"README links to site-docs/docs/{page}.md, which is no page"
        assert not anchor or f'id="{anchor}"' in html.read_text(encoding="utf-8"), f"{page}.md has no #{anchor}"


def layout(text: str) -> list[str]:
    """The rows of the table of folders and stages ("| folder | stage |")."""
    rows = text.split("| folder | stage |\n", 1)[1].split("\n\n", 1)[0]
    return rows.splitlines()


def test_developments_table_of_folders_is_the_readmes() -> None:
    """Development's copy of the README's layout table is the same, row for row (it drifted twice: rooms the
    README named were missing from the copy the documentation's guide answers from)."""
    readme = (docent_docs.ROOT / "README.md").read_text(encoding="utf-8")
    development = (docent_docs.SITE / "docs" / "development.md").read_text(encoding="utf-8")
    assert len(layout(readme)) > 10
    assert layout(development) == layout(readme)
