"""The manifest put together across pages: dangling references and clashes become problems."""

from __future__ import annotations

import pytest

from docent.manifest_build.manifest import build
from docent.manifest_build.options import ConfigError, site_config
from docent.manifest_build.page import read_page

HOME = read_page('<h2 id="work">Work</h2><p>w</p><h2 id="contact">Contact</h2>', path="/", title="Home")
LAB = read_page('<div data-docent-part="chart">Chart</div><button data-docent-action="run">Run</button>',
                path="/lab/", title="Lab")
CASE = read_page('<h2 id="acme">Acme</h2><p>I use Kafka.</p><div data-docent-part="flow">Flow</div>',
                 path="/cases/acme/", title="Acme", record=True)


def _problems(pages, **options):
    return [str(p) for p in build(pages, site_config(**options))[1]]


def test_a_site_with_no_record_is_a_problem_that_says_what_to_add():
    assert _problems([HOME, LAB]) == [
        "The record is empty (no page is in it), so the guide can answer nothing: add `record_pages: ['**']` to the "
        "docent plugin's options in mkdocs.yml (every page but the release notes, the contributing guide, the code "
        "of conduct, the licence, the pages on running the project and a development guide's pages on building, "
        "testing or releasing it)."]
    assert "front matter `docent: {record: true}`" in _problems([HOME, LAB], owner="Jo")[0]


def test_a_record_of_pages_with_no_text_names_them_and_does_not_advise_choosing_them_again():
    bare = read_page("<h2 id=\"gallery\">Gallery</h2>", path="/gallery/", title="Gallery", record=True)
    problems = _problems([HOME, bare])
    assert problems == [
        "The record is empty (its pages, gallery, have no text in their main region), so the guide can answer "
        "nothing: choose pages with text of their own for the record (`record_pages`, or front matter "
        "`docent: {record: true}`)."]


def test_a_clean_site_has_no_problems_and_keeps_nav_order():
    manifest, problems = build([HOME, LAB, CASE], site_config(site_name="S"))
    assert problems == []
    assert [p.id for p in manifest.pages] == ["home", "lab", "cases-acme"]
    assert [r.id for r in manifest.record] == ["acme"]
    assert set(manifest.page_text) == {"home", "lab", "cases-acme"}


def test_a_tour_step_naming_a_missing_part_is_a_problem_and_the_step_is_left_out():
    tours = [{"id": "t", "label": "T", "steps": [{"part": "chart", "caption": "c"}, {"part": "gone", "caption": "g"}]}]
    manifest, problems = build([HOME, LAB, CASE], site_config(tours=tours))
    assert [str(p) for p in problems] == ['Tour "t" step 2 names the part "gone", which no page has.']
    assert [(s.page, s.part, s.path) for s in manifest.tours[0].steps] == [("lab", "chart", "/lab/")]


@pytest.mark.parametrize(
    ("step", "message"),
    [
        ({"page": "nowhere", "caption": "c"}, 'names the page "nowhere"'),
        ({"section": "gone", "caption": "c"}, 'names the section "gone"'),
        ({"page": "home", "part": "chart", "caption": "c"}, 'is on page "lab", not "home"'),
        ({"page": "lab", "section": "work", "caption": "c"}, 'is on page "home", not "lab"'),
    ],
)
def test_every_kind_of_dangling_step_is_named(step, message):
    problems = _problems([HOME, LAB, CASE], tours=[{"id": "t", "label": "T", "steps": [step]}])
    assert len(problems) == 1 and message in problems[0]


def test_steps_resolve_sections_of_home_and_of_the_record_with_their_paths():
    tours = [{"id": "t", "label": "T", "steps": [{"section": "work", "caption": "w"}, {"section": "acme", "caption": "a"},
                                                 {"page": "lab", "caption": "l"}]}]
    manifest, problems = build([HOME, LAB, CASE], site_config(tours=tours))
    assert problems == []
    assert [(s.page, s.path, s.section) for s in manifest.tours[0].steps] == [
        ("home", "/#work", "work"), ("cases-acme", "/cases/acme/#acme", "acme"), ("lab", "/lab/", None)]


def test_two_parts_with_one_id_is_a_problem_and_the_first_is_kept():
    other = read_page('<div data-docent-part="chart">Other chart</div>', path="/other/", title="Other")
    manifest, problems = build([LAB, other, CASE], site_config())
    assert [str(p) for p in problems] == ['Two parts have the id "chart" (pages "lab" and "other").']
    assert [(p.id, p.label) for p in manifest.parts] == [("chart", "Chart"), ("flow", "Flow")]


def test_headings_that_repeat_across_pages_get_the_pages_id_and_are_no_problem():
    notes = [read_page(f'<h2 id="notes">Notes</h2><p>Written on the {name} page.</p><h2 id="{name}-only">Only</h2><p>x</p>',
                       path=f"/{name}/", title=name.title(), record=True) for name in ("kafka", "grpc")]
    manifest, problems = build(notes, site_config())
    assert problems == []
    assert [(r.id, r.path) for r in manifest.record] == [
        ("kafka-notes", "/kafka/#notes"), ("kafka-only", "/kafka/#kafka-only"),
        ("grpc-notes", "/grpc/#notes"), ("grpc-only", "/grpc/#grpc-only")]
    # the same ids whichever page comes first: stable from build to build
    again, _ = build(list(reversed(notes)), site_config())
    assert {r.id for r in again.record} == {r.id for r in manifest.record}


def test_a_repeated_heading_never_takes_an_id_another_heading_wrote_out():
    pages = [read_page('<h2 id="notes">Notes</h2><p>a</p>', path="/kafka/", title="Kafka", record=True),
             read_page('<h2 id="notes">Notes</h2><p>b</p><h2 id="kafka-notes">Kafka notes</h2><p>c</p>',
                       path="/grpc/", title="gRPC", record=True)]
    manifest, problems = build(pages, site_config())
    assert problems == []
    assert [(r.id, r.path) for r in manifest.record] == [
        ("kafka-notes-2", "/kafka/#notes"), ("grpc-notes", "/grpc/#notes"), ("kafka-notes", "/grpc/#kafka-notes")]


def test_a_heading_that_shares_a_page_id_is_renamed_and_the_page_opening_keeps_it():
    pages = [read_page("<p>How to install.</p>", path="/install/", title="Install", record=True),
             read_page('<h2 id="install">Install</h2><p>pip</p>', path="/guide/", title="Guide", record=True)]
    manifest, problems = build(pages, site_config())
    assert problems == []
    assert [(r.id, r.path) for r in manifest.record] == [("install", "/install/"), ("guide-install", "/guide/#install")]


def test_duplicate_tours_offers_and_section_page_clashes_are_problems():
    clash = read_page('<h2 id="lab">Lab</h2>', path="/", title="Home")
    problems = _problems(
        [clash, LAB, CASE],
        tours=[{"id": "t", "label": "T", "steps": [{"page": "lab", "caption": "c"}]}] * 2,
        offers=[{"id": "cv", "label": "CV", "target": "/cv/"}] * 2,
    )
    assert any('Two tours have the id "t"' in p for p in problems)
    assert any('Two offers have the id "cv"' in p for p in problems)
    assert not any('"lab"' in p for p in problems)


def test_action_and_field_names_must_be_tool_names_and_same_name_fields_need_ids():
    page = read_page(
        '<button data-docent-action="show_page">x</button><button data-docent-action="bad name">x</button>'
        '<input data-docent-field="q"><input data-docent-field="q">'
        '<input data-docent-field="p" id="a"><input data-docent-field="p" id="b">',
        path="/form/", title="Form",
    )
    manifest, problems = build([page], site_config())
    messages = [str(p) for p in problems]
    assert any("built-in tool's name" in m for m in messages)
    assert any("not a tool name" in m for m in messages)
    assert any('Fields named "q"' in m for m in messages)
    assert [(f.name, f.id) for f in manifest.fields] == [("p", "a"), ("p", "b")]  # "q" is ambiguous: left out
    assert manifest.actions == ()


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"tours": {"id": "t"}}, "docent `tours` must be a list"),
        ({"tours": [{"id": "t", "label": "T", "steps": []}]}, "docent `tours[0]` must be a mapping"),
        ({"tours": [{"id": "t", "label": "T", "steps": [{"part": "a", "section": "b", "caption": "c"}]}]},
         "docent `tours[0]`.steps[0] names both a part and a section"),
        ({"tours": [{"id": "t", "label": "T", "steps": [{"part": "a"}]}]},
         "docent `tours[0]`.steps[0].caption must be non-empty text"),
        ({"tours": [{"id": "t", "label": "T", "steps": [{"part": "a", "caption": "c", "colour": "red"}]}]},
         "docent `tours[0]`.steps[0] has unknown keys colour."),
        ({"offers": [{"id": "cv", "label": "CV"}]}, "docent `offers[0]`.target must be non-empty text"),
        ({"offers": [{"id": "cv", "label": "CV", "target": "/cv/", "colour": "red"}]},
         "docent `offers[0]` has unknown keys colour."),
        ({"lexicon": "Kafka"}, "docent `lexicon` must map each term"),
        ({"sidecar": 8000}, "docent `sidecar_url` must be text"),
        ({"suggestions": "What did she build?"}, "docent `suggestions` must be a list of questions"),
        ({"suggestions": ["Fine", ""]}, "docent `suggestions[1]` must be non-empty text"),
        ({"suggestions": ["x" * 501]}, "docent `suggestions[0]` is 501 characters; a question has at most 500."),
        ({"owner": {"name": "Jo", "pronoun": "it"}}, "docent `owner.pronoun` must be one of she, he, they"),
        ({"owner": {"name": "Jo", "nick": "J"}}, "docent `owner` has unknown keys nick."),
        ({"refuse": {"pay": True, "salary": True}}, "docent `refuse` has unknown keys salary."),
        ({"refuse": {"topics": [{"id": "x", "says": "No."}]}}, "docent `refuse.topics[0]`.asks must list"),
        ({"refuse": {"pay": 1}}, "docent `refuse.pay` must be non-empty text"),
        ({"synonyms": {"resume": []}}, "docent `synonyms` 'resume' must name the site's words"),
    ],
)
def test_options_of_the_wrong_shape_are_config_errors_naming_the_option_and_what_to_write(options, message):
    with pytest.raises(ConfigError) as raised:
        site_config(**options)
    assert message in str(raised.value)


def test_the_owner_and_the_rules_are_options_the_bundle_carries():
    site = site_config(site_author="Mara Lindqvist", kind="portfolio", refuse={"pay": False, "topics": [
        {"id": "clients", "asks": "client list", "says": "Not named here."}]}, synonyms={"Portfolio": "cv"})
    manifest, _ = build([HOME], site)
    private = manifest.private(hash="")
    assert private["owner"] == {"name": "Mara Lindqvist", "called": "Mara", "pronoun": "they"}
    assert private["refuse"] == {"pay": False, "private": True,
                                 "topics": [{"id": "clients", "asks": ["client list"], "says": "Not named here."}]}
    assert private["synonyms"] == {"portfolio": ["cv"]}
    assert "owner" not in manifest.public(hash="") and "refuse" not in manifest.public(hash="")
    named = site_config(owner={"name": "Jo Lind", "called": "Jo", "pronoun": "he"}, site_author="Someone")
    assert (named.owner, named.called, named.pronoun) == ("Jo Lind", "Jo", "he")


EXPERIMENT = read_page('<div data-docent-experiment="leak" data-docent-label="The leaking heap">'
                       '<option data-docent-preset="slow">Slow</option></div>', path="/lab/", title="Lab")


def test_the_owners_suggestions_go_into_the_public_manifest_as_written():
    owners = ["What did she build?", "Show me the lab."]
    manifest, _ = build([HOME, LAB, CASE], site_config(suggestions=owners))
    assert manifest.public(hash="")["suggestions"] == owners


def test_without_the_owners_suggestions_a_tour_an_experiment_a_case_and_an_offer_are_drawn_from_the_site():
    tours = [{"id": "t", "label": "A first visit", "steps": [{"section": "work", "caption": "w"}]}]
    offers = [{"id": "cv", "label": "Download the CV", "target": "/cv/"}, {"id": "m", "label": "Mail", "target": "/m/"}]
    manifest, problems = build([HOME, EXPERIMENT, CASE], site_config(tours=tours, offers=offers, kind="portfolio"))
    assert problems == []
    assert manifest.suggestions == (
        "Give me the tour “A first visit”.",
        "Run the experiment “The leaking heap”.",
        "What does the site say about “Acme”?",  # the first page after home with record sections
        "Can I download the CV?",
    )


def test_a_site_with_nothing_to_draw_from_suggests_nothing():
    manifest, _ = build([HOME, LAB], site_config())
    assert manifest.suggestions == () and manifest.public(hash="")["suggestions"] == []


def _docs_page(path, title, heading):
    return read_page(f'<h2 id="{heading.lower()}">{heading}</h2><p>Text about {heading}.</p>', path=path,
                     title=title, record=True)


def test_a_named_owner_makes_a_portfolio_and_no_owner_documentation_each_default_settable():
    assert site_config(owner="Jo Lind").kind == "portfolio"
    assert site_config(owner={"called": "Jo"}, site_author="Jo Lind").kind == "portfolio"
    docs = site_config(site_name="HTTPX", site_author="Encode")  # an author's name alone is no owner
    assert docs.kind == "docs"
    # documentation: "fees", "age" and "address" are the trade's words, so pay and private are off unless asked for
    assert docs.refuse == {"pay": False, "private": False, "topics": []}
    assert site_config(kind="docs", refuse={"private": True}).refuse["private"] is True
    assert site_config(owner="Jo Lind", kind="docs").kind == "docs"
    assert site_config(owner="Jo Lind").refuse == {"pay": True, "private": True, "topics": []}
    with pytest.raises(ConfigError, match="docent `kind` must be auto, portfolio or docs, not 'blog'"):
        site_config(kind="blog")


def test_documentations_suggestions_are_drawn_from_the_nav_as_a_reader_asks():
    pages = [
        _docs_page("/", "HTTPX", "Features"),
        _docs_page("/contributing/", "Contributing", "Setup"),
        _docs_page("/quickstart/", "QuickStart", "Timeouts"),
        read_page("<h2 id='x'>X</h2><p>x</p>", path="/api/", title="Developer Interface"),  # no record: not asked
        _docs_page("/advanced/authentication/", "Authentication", "Basic"),
        _docs_page("/install/", "Installation", "Pip"),
        _docs_page("/async/", "Async Support", "Trio"),
    ]
    manifest, problems = build(pages, site_config(site_name="HTTPX"))
    assert problems == [] and manifest.kind == "docs"
    assert manifest.suggestions == (  # installing and starting first, wherever the nav has them
        "How do I install HTTPX?",
        "How do I get started?",
        "What should I know about “Authentication”?",
        "What should I know about “Async Support”?",
    )
    # Typer's nav: "Features", then "Learn" (the tutorial's index) and four guides before "Install Typer".
    typer = [_docs_page("/", "Typer", "FastAPI of CLIs"), _docs_page("/features/", "Features", "Design"),
             _docs_page("/tutorial/", "Learn", "Intro"), _docs_page("/environment-variables/", "Environment Variables", "A"),
             _docs_page("/virtual-environments/", "Virtual Environments", "B"),
             _docs_page("/tutorial/install/", "Install Typer", "C")]
    assert build(typer, site_config(site_name="Typer"))[0].suggestions == (
        "How do I install Typer?", "How do I get started?", "What should I know about “Features”?",
        "What should I know about “Environment Variables”?")
    assert manifest.public(hash="")["kind"] == "docs"
    # Pi-hole's nav opens on the project's own pages (contact, origins) under a site named "Pi-hole documentation".
    pihole = [_docs_page("/", "About Pi-hole", "Support"), _docs_page("/main/contact/", "Contact Us", "Forum"),
              _docs_page("/main/origins/", "Pi-hole Origins", "Story"), _docs_page("/main/", "Getting Started", "A"),
              _docs_page("/main/prerequisites/", "Prerequisites", "B"), _docs_page("/main/basic-install/", "Installation", "C"),
              _docs_page("/main/post-install/", "Post-Install", "D")]
    assert build(pihole, site_config(site_name="Pi-hole documentation"))[0].suggestions == (
        "How do I install Pi-hole?", "How do I get started?", "What should I know about “Prerequisites”?",
        "What should I know about “Post-Install”?")


def test_a_home_section_with_a_pages_id_is_renamed_not_a_problem():
    home = read_page('<h2 id="lab">Lab</h2><p>See the lab.</p>', path="/", title="Home")
    manifest, problems = build([home, LAB, CASE], site_config())
    assert problems == []
    assert [(s.id, s.path) for s in manifest.sections] == [("home-lab", "/#lab")]
