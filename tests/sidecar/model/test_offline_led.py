"""On documentation, the offline model says a line that leads into code with that code where the line says as much
of the question as the sentence that says most, though another sentence answers best. A docs page often says the fact
in the line that introduces its example ("If the plugins setting is defined, ... you need to re-enable the defaults
explicitly:"), and such a line was said only where it answered best: one that tied the best sentence and lost to it by
its place or its section's rank was never shown (MkDocs' "the search box is gone after I added a plugin", HTTPX's "one
proxy for http and another for https")."""

from __future__ import annotations

from docent.schema import Block, Manifest
from docent.schema import RecordSection as Section
from docent.sidecar.offline import OfflineModel


def _model(*sections: Section, kind: str = "docs") -> OfflineModel:
    return OfflineModel.of({s.id: s for s in sections}, manifest=Manifest(site_name="Sitegen", kind=kind))


def _section(id: str, heading: str, *blocks: Block) -> Section:
    return Section.of(id, page="config", path=f"/config/#{id}", headings=("Configuration", heading), blocks=blocks)


LEAD = ("If you add a plugin to the plugins setting in your config, the default search plugin and its search box are "
        "dropped, and you need to list search again:")
CODE = "plugins:\n  - search\n  - your_other_plugin"
PLUGINS = _section(
    "plugins", "plugins",
    Block("paragraph", "A list of plugins to use when building the site, each by its name."),
    Block("paragraph", "The search plugin is added to the config by default, and it builds the search box."),
    Block("paragraph", "Each plugin in the list may take options of its own."),
    Block("paragraph", LEAD),
    Block("code", CODE, lang="yaml"),
    Block("paragraph", "See the plugins page for the plugins that ship with the site generator."),
)
THEMES = _section(
    "themes", "theme",
    Block("paragraph", "The theme sets how the site looks: its colours, its fonts and where the search box sits."),
    Block("paragraph", "A theme may ship templates of its own for the search results page."),
)
BEST = "The search plugin is added to the config by default, and it builds the search box."
ASKED = "I added a plugin to my config and now the search box is gone, what happened?"


def _said(model: OfflineModel, question: str) -> list[str]:
    return [s.rsplit(" [[", 1)[0] for s in model.answer(question)[0]]


def test_a_line_that_leads_into_code_is_said_with_its_code_beside_the_sentence_that_answers_best() -> None:
    said = _said(_model(PLUGINS, THEMES), ASKED)
    assert LEAD in said, said
    # not the best: a sentence answers before it, and the line is said last, its code right after it
    assert said.index(LEAD) > said.index(BEST), said
    assert said[said.index(LEAD) + 1].startswith("```yaml\n" + CODE), said
    assert sum(s.startswith("```") for s in said) == 1, said  # the block once, after its line


def test_a_line_that_leads_into_code_and_says_less_than_the_best_sentence_is_not_said() -> None:
    # asked what builds the search box, the line says less of it than the sentence that answers: its code is no answer
    said = _said(_model(PLUGINS, THEMES), "Which plugin builds the search box by default?")
    assert BEST in said and LEAD not in said, said


def test_a_portfolio_answer_says_no_line_that_leads_into_code_beside_the_best() -> None:
    said = _said(_model(PLUGINS, THEMES, kind="portfolio"), ASKED)
    assert BEST in said and LEAD not in said, said


def test_what_follows_a_code_block_is_a_paragraph_of_its_own() -> None:
    from docent.sidecar.offline.model import _laid_out

    text = "".join(_laid_out(["The search box is built by the search plugin. [[themes]]",
                              "```yaml\ntheme: mkdocs\n```\n[[themes]]", f"{LEAD} [[plugins]]",
                              f"```yaml\n{CODE}\n```\n[[plugins]]"]))
    # the block's citation keeps its own line: run on, it would cite the block's section for the line after it
    assert f"```\n[[themes]]\n\n{LEAD} [[plugins]]\n\n```yaml\n" in text, text


def test_a_line_that_leads_into_code_the_answer_shows_already_goes_right_before_that_code() -> None:
    # the line's section ranks second, so a sentence of the best section answers best and the answer chooses its block
    # as it would anyway (`code.quoted`): here the line's own block, which is shown once, the line right before it
    plugins = _section(
        "plugins", "plugins",
        Block("paragraph", "A list of plugins to use when building the site, each by its name."),
        Block("paragraph", "When you add a plugin to your config, the search box goes unless the search plugin is in "
                           "the list too."),
    )
    search = _section(
        "search", "search",
        Block("paragraph", "The search plugin builds the search box."),
        Block("paragraph", LEAD),
        Block("code", CODE, lang="yaml"),
    )
    said = _said(_model(plugins, search, THEMES), ASKED)
    first = "When you add a plugin to your config, the search box goes unless the search plugin is in the list too."
    assert first in said and LEAD in said and said.index(first) < said.index(LEAD), said
    assert said[said.index(LEAD) + 1].startswith("```yaml\n" + CODE), said
    assert sum(s.startswith("```") for s in said) == 1, said  # the block once, after its line
