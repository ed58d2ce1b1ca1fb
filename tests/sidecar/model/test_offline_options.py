"""An option's meaning is said with the option (look32, Commitizen's docs): the docs write a command's options one
section each, titled by the option and opening with what it does in a line with no subject ("Create annotated
tags."), or a page writes its settings under a heading each; either reads as a table's row does, the option in one
column and its meaning in the next. Said alone, the line is an order to nobody; said after the option's name, it is
the row."""

from __future__ import annotations

import pytest

from docent.schema import Block
from docent.schema import RecordSection as Section
from docent.sidecar.answer.bundle import Bundle
from docent.sidecar.offline import OfflineModel
from docent.sidecar.offline.quotes import labelled, named
from tests.sitebuilds import SiteBuilds


def _section(id: str, title: str, *blocks: Block) -> Section:
    return Section.of(id, page="bump", path=f"/commands/bump/#{id}", headings=("bump", title), blocks=blocks)


# Commitizen's `cz bump` page (tests/data/sites/commitizen/content/commands/bump.md), as the record reads it
ANNOTATED = _section(
    "-annotated-tag", "--annotated-tag",
    Block("paragraph", "Create annotated tags."),
    Block("paragraph", "It is also available via configuration files."),
    Block("paragraph", "For example, in pyproject.toml:", code=("pyproject.toml",)),
    Block("code", "[tool.commitizen]\nannotated_tag = true", lang="toml"),
)
TAG_FORMAT = _section(
    "-tag-format", "--tag-format",
    Block("paragraph", "tag_format and version_scheme are combined to make Git tag names from versions.",
          code=("tag_format",)),
)


def test_an_option_s_opening_is_said_after_its_name() -> None:
    assert named(ANNOTATED, "Create annotated tags.") == "`--annotated-tag`: Create annotated tags."
    assert labelled(ANNOTATED, "Create annotated tags.") == ["`--annotated-tag`: Create annotated tags."]
    # not the sentences after it, nor an opening that names the option already (`tag_format` of --tag-format)
    assert named(ANNOTATED, "It is also available via configuration files.") == (
        "It is also available via configuration files.")
    opening = "tag_format and version_scheme are combined to make Git tag names from versions."
    assert named(TAG_FORMAT, opening) == opening
    # nor a section titled in words
    words = _section("tags", "Annotated tags", Block("paragraph", "Create annotated tags."))
    assert named(words, "Create annotated tags.") == "Create annotated tags."


# docker-mailserver's environment variables (tests/data/sites/docker-mailserver/content/config/environment.md): one
# section, "General", a heading a variable
GENERAL = Section.of(
    "config-environment-general", page="environment", path="/config/environment/#general",
    headings=("Environment Variables", "General"), blocks=(
        Block("heading", "LOG_LEVEL"),
        Block("paragraph", "Set the log level for DMS. This is mostly relevant for container startup scripts and "
                           "change detection event feedback."),
        Block("heading", "DMS_VMAIL_UID"),
        Block("paragraph", "Default: 5000"),
        Block("paragraph", "The User ID assigned to the static vmail user for /var/mail.", code=("/var/mail",)),
    ))


def test_a_variable_s_opening_under_its_heading_is_said_after_its_name() -> None:
    assert labelled(GENERAL, "Set the log level for DMS.") == ["`LOG_LEVEL`: Set the log level for DMS."]
    assert labelled(GENERAL, "Default: 5000") == ["`DMS_VMAIL_UID`: Default: 5000"]
    # the block after the opening one is not right under the heading
    said = "The User ID assigned to the static vmail user for /var/mail."
    assert labelled(GENERAL, said) == [said]


@pytest.fixture(scope="module")
def commitizen(site_builds: SiteBuilds) -> OfflineModel:
    bundle = Bundle.load(site_builds("commitizen").bundle)
    return OfflineModel(lambda: bundle)


def test_an_answer_from_the_options_of_a_command_names_each_option_it_says(commitizen) -> None:
    said, _ = commitizen.answer("cz bump creates lightweight tags, which means I have to push the tag separately. "
                                "Can it create annotated tags?")
    lines = [s.rsplit(" [[", 1)[0] for s in said]
    assert "`--annotated-tag`: Create annotated tags." in lines, said
    # no option's meaning said without its option
    assert not {"Create annotated tags.", "Create annotated tags with the given message."} & set(lines), said
