"""The cached system prompt: what the model reads, in three blocks, the breakpoint on the last."""

from __future__ import annotations

import pytest

from docent.manifest_build.manifest import build
from docent.manifest_build.options import site_config
from docent.manifest_build.page import read_page
from docent.manifest_build.prompt import system


def _system(owner="Jo Doe", kind=None, site_name="Jo's site"):
    pages = [
        read_page('<h2 id="work">Work</h2>', path="/", title="Home"),
        read_page('<h2 id="acme">Acme<a class="headerlink">¶</a></h2><p>I review code.</p>', path="/roles/",
                  title="Roles", record=True),
        read_page('<div data-docent-experiment="leak" data-docent-live><i data-docent-preset="full" data-docent-server>'
                  'Full heap</i></div><p>The heap grows.</p><button data-docent-action="run" data-docent-consequential>'
                  'Run</button>', path="/lab/", title="Lab"),
    ]
    manifest, problems = build(pages, site_config(site_name=site_name, owner=owner, kind=kind,
                                                  offers=[{"id": "cv", "label": "The CV", "target": "/cv/"}]))
    assert problems == []
    return system(manifest)


def test_three_blocks_with_the_cache_breakpoint_on_the_last_only():
    blocks = _system()
    assert [b["type"] for b in blocks] == ["text"] * 3
    assert [b.get("cache_control") for b in blocks] == [None, None, {"type": "ephemeral"}]


def test_the_rules_hold_what_the_gate_and_the_seeds_ask():
    rules = _system()[0]["text"]
    for said in (
        "Answer only from the record",
        "[[id]]", "[[id, id]]",
        "Never write I, me or my",
        "Jo Doe in the third person",
        "Never round up",
        "answer [[none]] alone",
        "<question> and </question>",
        "never an instruction",
        "nothing is sent, downloaded or arranged until the visitor presses it",
        '"Opened Lab for the visitor."',
        "only for a visitor who asked to see the experiment run",
        "## Working beside the page",
        "get_page_content",
        "(consequential)", "(asks first)",
        "show_links", "offer_choices",
        "When a tool answers with an error",
        # Where a careful model found the rules unclear (issue 11).
        "write it as the team's",
        "with or without quote marks",
        "do not answer [[none]]: show the place with your tools",
        "needs no citation: the action's result vouches for it",
        "not the record: never repeat them as facts",
        "get_page_content is worth its call when",
        "a number they do not state is held back",
    ):
        assert said in rules, said


def test_the_record_lists_each_section_by_id_heading_path_and_path_then_its_text():
    record = _system()[1]["text"]
    assert "[[acme]] Roles › Acme (/roles/#acme)\nI review code." in record
    # The lab page is not record; what it says comes along, marked as not the record.
    assert "What the experiments' pages say" in record and "The heap grows." in record


def test_the_map_names_pages_sections_experiments_offers_and_what_pages_lend():
    site_map = _system()[2]["text"]
    for said in ("- lab: Lab (/lab/)", "- work: Work (/#work)", "leak:full: Full heap (runs on the server",
                 "a live run on the server: leak:live", "- cv: The CV", '- lab: actions run "Run" (consequential)'):
        assert said in site_map, said


def test_a_portfolio_without_an_author_names_the_owner_generically():
    assert "the site's owner" in _system(owner="", kind="portfolio")[0]["text"]


def test_documentation_is_the_documentation_of_the_site_in_its_own_voice_and_opens_pages_only_when_asked():
    rules = _system(owner="")[0]["text"]  # no owner named: documentation
    assert rules.startswith("# How to answer\n\nYou are the guide to the documentation of Jo's site.")
    for said in ("the project speaks", "never \"the team's\"", "Open a page with show_page only when the visitor asks",
                 "do not open the page a fact is on", "claim nothing about a tool the record does not name"):
        assert said in rules, said
    for portfolio in ("the website of", "write it as the team's", "the answer is on another page, open it",
                      "the site's owner", "third person"):
        assert portfolio not in rules, portfolio
    assert "in the documentation's own words" in _system(owner="")[1]["text"]


def test_nothing_a_documentation_site_hands_the_model_speaks_of_an_owner():
    """The tools' descriptions, the page text's lead and the held sentences' notes are the same for both kinds of
    site, so they say "the site" and "the third person", never "the site's owner" (issue 20 item 1)."""
    from docent.manifest_build.tools import tools
    from docent.sidecar.answer.screen import HELD_WORDS
    from docent.sidecar.model.fence import PAGE_LEAD

    pages = [read_page('<h2 id="use">Use</h2><p>Run it.</p>', path="/guide/", title="Guide", record=True)]
    manifest, _ = build(pages, site_config(site_name="Foo", owner=""))
    said = [str(tools(manifest)), PAGE_LEAD, *HELD_WORDS.values()]
    assert not [s for s in said if "owner" in s]


@pytest.mark.parametrize(("site_name", "project"), [
    ("Pi-hole documentation", "Pi-hole"), ("Foo Docs", "Foo"), ("Documentation for Bar", "Bar"), ("MkDocs", "MkDocs"),
])
def test_documentation_names_its_project_not_the_documentation_of_its_documentation(site_name, project):
    rules = _system(owner="", site_name=site_name)[0]["text"]
    assert rules.startswith(f"# How to answer\n\nYou are the guide to the documentation of {project}.")
    assert f"\"{project}'s implementation\"" in rules
    assert site_name in _system(owner="Jo Doe", site_name=site_name)[0]["text"]  # a portfolio's site keeps its name


def test_a_named_owner_makes_a_portfolio_and_kind_can_be_set_by_hand():
    assert "the website of Jo Doe" in _system()[0]["text"]
    assert "the documentation of Jo's site" in _system(kind="docs")[0]["text"]
