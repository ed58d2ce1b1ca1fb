"""The offline model on documentation refuses where the record lacks the question's key entity: a version only a longer
release writes ("3.14.0" is no "Python 3.14"), a name only a changelog writes (the docs it answers from never do), and
the thing a reader asks whether it has ("is there a dropdown ...?") that the sections found never name, and a term
the ask writes in lower case that no list of common English words holds ("nullable", "checkboxes")."""

from __future__ import annotations

from docent.schema import Block, Manifest, Page
from docent.schema import RecordSection as Section
from docent.sidecar.offline import OfflineModel
from docent.sidecar.offline.english import shortened, uncommon
from docent.sidecar.offline.heads import existing
from docent.sidecar.offline.versions import versions_missing

NONE = ["[[none]]"]


def _section(id: str, page: str, heading: str, *paragraphs: str) -> Section:
    return Section.of(
        id,
        page=page,
        path=f"/{page}/#{id}",
        headings=(page.title(), heading),
        blocks=tuple(Block("paragraph", p) for p in paragraphs),
    )


def _model(*sections: Section) -> OfflineModel:
    pages = tuple(Page(p, p.title(), f"/{p}/") for p in dict.fromkeys(s.page for s in sections))
    return OfflineModel.of(
        {s.id: s for s in sections}, manifest=Manifest(site_name="Toolkit", kind="docs", pages=pages)
    )


def test_a_version_the_record_writes_only_as_the_start_of_a_longer_release_is_one_it_lacks() -> None:
    said = "the 3.14.2 release fixed the parser. it needs python 3.9 or newer."
    assert versions_missing("Does it run on Python 3.14?", said) == {"Python 3.14", "3.14"}
    assert versions_missing("Can I still run it on 3.8?", "changed in 3.8.1: the parser.") == {"3.8"}
    # written by itself, with its name or alone, the record has it
    assert not versions_missing("Does it run on Python 3.9?", said)
    assert not versions_missing("Can I still run it on 3.9?", said)


def test_a_version_named_with_its_name_is_written_only_where_the_record_names_that_version() -> None:
    # the name beside a longer release ("python 3.14.2") names that release, not the version asked after
    assert versions_missing("Does it run on Python 3.14?", "it needs python 3.14.2 or newer.") == {"Python 3.14", "3.14"}
    assert versions_missing("Does it run on Python v3.14?", "it needs python 3.14.2 or newer.") == {"Python v3.14"}
    # the record names the version itself: alone, as a series ("3.14.x"), as a floor ("3.14+"), ending a sentence
    for said in ("it runs on python 3.14.", "it runs on python 3.14.x releases", "it needs python 3.14+", "python 3.14 and 3.15"):
        assert not versions_missing("Does it run on Python 3.14?", said), said
        assert not versions_missing("Does it run on Python v3.14?", said), said
    # a major version is the family of its releases: "pydantic 2.1" is Pydantic v2
    assert not versions_missing("Does it work with Pydantic v2?", "it needs pydantic 2.1 or newer.")


INSTALL = _section(
    "install",
    "guide",
    "Installation",
    "Install the toolkit with pip install toolkit.",
    "The toolkit runs the build with its own renderer and writes the site to the output folder.",
)
RELEASE = _section(
    "release-2-0",
    "changelog",
    "2.0",
    "Removed GraphRenderer, which drew the build's graph. The renderer now writes the site faster.",
)


def test_a_name_only_the_changelog_writes_is_one_the_docs_lack() -> None:
    model = _model(INSTALL, RELEASE)
    assert model.answer("How do I make GraphRenderer write the site with the build?")[0] == NONE
    # asked after the change, the changelog answers; a name the docs write is answered as before
    assert model.answer("Was GraphRenderer removed in 2.0?")[0] != NONE
    assert model.answer("How do I install the toolkit with pip?")[0] != NONE


def test_what_a_reader_asks_whether_it_exists_is_the_thing_a_section_that_answers_names() -> None:
    assert existing("Is there a dropdown to switch between the versions?") == {"dropdown"}
    assert existing("Does the toolkit ship a sitemap generator?") == {"generator"}
    assert existing("Are there any official benchmarks of the renderer?") == {"benchmark"}
    # a way, an option or a setting is how, not a thing the docs name by that word
    assert not existing("Is there a way to render the site twice?")
    assert not existing("Is there an option to skip the build?")


def test_a_way_asked_for_a_thing_to_do_something_asks_whether_that_thing_does_it() -> None:
    assert existing("Is there a way for uv tool run / uvx to read a .env file?") == {"uv", "tool", "run", "uvx"}
    assert existing("Is there any way for the shell command to skip a page?") == {"shell", "command"}
    # the reader's own, or an everyday word, is no thing the docs name; a way to do it alone asks for none
    assert not existing("Is there a way for my app to read a .env file?")
    assert not existing("Is there a way for it to read a .env file?")
    assert not existing("Is there a way to read a .env file?")


def test_a_way_asked_for_a_thing_the_sections_that_answer_never_name_is_refused() -> None:
    run = _section("run", "guide", "Environment files", "The run command loads a .env file before it runs the build.")
    shell = _section("shell", "guide", "Shell", "The shell command opens a prompt in the toolkit's environment.")
    model = _model(run, shell)
    # the docs load .env files for the run command only: asked for the shell command, near-topic text is no answer
    assert model.answer("Is there a way for the shell command to load a .env file?")[0] == NONE
    assert model.answer("Is there a way for the run command to load a .env file?")[0] != NONE
    assert model.answer("Is there a way to load a .env file?")[0] != NONE


def test_a_thing_asked_after_that_no_section_found_names_is_refused() -> None:
    model = _model(INSTALL)
    assert model.answer("Is there a dropdown to switch the toolkit's output folder?")[0] == NONE
    assert model.answer("Is there a renderer that writes the site to the output folder?")[0] != NONE


def test_an_example_a_tutorial_or_a_guide_asked_after_is_how_not_a_thing_the_docs_name() -> None:
    assert not existing("Is there an example of a custom renderer?")
    assert not existing("Do you have a tutorial for deploying the site?")
    assert not existing("Is there any documentation on the output folder?")
    model = _model(INSTALL)
    # the section shows how, and never says "example" or "tutorial"
    assert model.answer("Is there an example of installing the toolkit with pip?")[0] != NONE
    assert model.answer("Is there a tutorial for installing the toolkit?")[0] != NONE


def test_a_term_of_the_ask_no_list_of_common_english_words_holds_is_one_the_record_lacks() -> None:
    assert uncommon("Can the toolkit render task lists as checkboxes?") == {"checkbox"}
    assert uncommon("Is there an option to mark nullable fields as required without redeclaring them?") == {"nullabl"}
    # the reader's phrasing (a common word, one with a prefix English adds freely, a contraction), their code, a
    # quotation, an aside or their purpose, and what they say before they ask or where they never ask, name no term
    assert not uncommon("My build swears it's misconfigured and doesn't write anything. Why?")
    assert not uncommon("It prints \"failed to hardlink files\" with `--mount=type=cache` (on-prem). Why?")
    assert not uncommon("The build prints that it is not recognized as a cmdlet. help")
    assert not uncommon("Can it write conflict markers into the files, so I can resolve them with difftool?")
    assert not uncommon("My nullable fields break the build. How do I install the toolkit?")


def test_a_question_whose_term_no_section_writes_is_refused() -> None:
    model = _model(INSTALL)
    assert model.answer("How does the toolkit render task lists in the output folder as checkboxes?")[0] == NONE
    # the same question in common words the record lacks is answered: the reader's phrasing weighs nothing
    assert model.answer("How does the toolkit render the site in the output folder, I wonder, quickly?")[0] != NONE
    # a short form of a word the record writes ("config" for "configuration") is the reader's, no term it lacks
    model = _model(_section("config", "guide", "Configuration", "Set the output folder in the configuration file."))
    assert model.answer("How do I set the output folder in the config file?")[0] != NONE
    assert model.answer("How do I set the output folder in the colspan file?")[0] == NONE


def test_the_records_words_are_looked_up_sorted_for_a_short_form() -> None:
    model = _model(_section("config", "guide", "Configuration", "Set the output folder in the configuration file."))
    stems = model.vocabulary(model.source()).stems
    assert list(stems) == sorted(set(stems)) and "configuration" in stems
    assert shortened({"config", "colspan", "configuration"}, stems) == {"config"}  # a word the record writes is none


def test_a_compound_of_a_part_whose_second_half_the_record_writes_is_no_term_it_lacks() -> None:
    # "subfolder" asked, "folder" written: the reader's word for a part of the record's thing
    assert shortened({"subfolder"}, ("folder", "templat")) == {"subfolder"}
    # a term whose half is no word, or a prefix whose compounds name things of their own, is none
    assert not shortened({"subrepl"}, ("repl", "subdirectory"))
    assert not shortened({"autocomplet"}, ("autoupdat", "complet"))
    model = _model(_section("layout", "guide", "Layout", "Keep the page templates in the theme's own folder."))
    assert model.answer("Can I keep the page templates in a subfolder of the theme?")[0] != NONE
    assert model.answer("Can I run the page templates in a subinterpreter of the theme?")[0] == NONE


def test_another_compound_of_the_prefix_the_record_writes_is_no_sign() -> None:
    """3c38d9c also read a sub- term as the reader's where the record wrote another sub- compound of a common half
    ("subdirectory"); every documentation site writes one ("subclass", "subcommand"), so that could not fail, and a
    thing the record never names passed as phrasing (review22b)."""
    assert not shortened({"subprocess"}, ("subdirectory", "templat"))
    assert not shortened({"subfolder"}, ("subdirectory", "templat"))  # the half, "folder", is what it must write
    model = _model(_section("layout", "guide", "Layout", "Keep the page templates in a subdirectory of the theme."))
    assert model.answer("Can the page templates run in a subprocess of the theme?")[0] == NONE
    assert model.answer("Can I keep the page templates in a directory of the theme?")[0] != NONE


def test_a_dotted_name_that_joins_the_records_own_names_the_readers_way_is_none_it_lacks() -> None:
    from docent.sidecar.offline.written import code_names

    said = "from typing import literal. use literal for the choices. filter on the name. get a row by its key."
    # each part the record writes: an import path (`from typing import Literal`) joined as the reader writes it
    assert code_names("Can I use typing.Literal for choices?", said) == (set(), set())
    # the reader's own class (capitalised, a name the record never writes) with a member the record writes
    assert code_names("I filter with `Employee.name == name`. How do I OR them?", said) == (set(), set())
    # a part the record lacks that is no class of the reader's, a member it never writes, a file: names it lacks
    assert code_names("Is there an API like table._row_locations.get?", said) == (set(), {"table._row_locations.get"})
    assert code_names("Is there an Employee.salary filter?", said) == (set(), {"employee.salary"})
    assert code_names("Can I run `python script.py` alone?", said) == (set(), {"script.py"})


def test_a_question_that_names_the_records_code_by_its_import_path_is_answered() -> None:
    choices = _section("choices", "options", "Choices", "Use `Literal` from `typing` to give an option its choices.",
                       "The option then accepts only those values.")
    model = _model(INSTALL, choices)
    assert model.answer("Can I use `typing.Literal` for an option's choices?")[0] != NONE
    assert model.answer("Can I use `typing.Annotated` for an option's choices?")[0] == NONE
