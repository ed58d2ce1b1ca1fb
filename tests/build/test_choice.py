"""The site-wide choice of record pages (`record_pages`), in the plugin and in `docent manifest`, and what the build
says of the record: its share of the pages' text, record pages that give nothing, a site with no record."""

from __future__ import annotations

import logging

import pytest
from mkdocs.exceptions import Abort

from docent.manifest_build import cli
from docent.manifest_build.choice import PageChoice, sources
from docent.manifest_build.options import ConfigError

from .conftest import mkdocs_build, read_json, write_site

DOCS = {
    "index.md": "# Fetch\n\nFetch is an HTTP client. Its default timeout is five seconds.\n",
    "guide/install.md": "# Install\n\n```bash\npip install fetch\n```\n",
    "guide/proxies.md": "# Proxies\n\n## Settings\n\n### HTTP\n\nPass `proxy=` to the client.\n",
    "contributing.md": "# Contributing\n\nRun the tests with `make test`.\n",
    "notes.md": "---\ndocent:\n  record: false\n---\n# Notes\n\nPrivate notes.\n",
    "changelog.md": "# Changelog\n\n## 2.0\n\nThe default timeout is now five seconds.\n",
    "license.md": "---\ndocent:\n  record: true\n---\n# License\n\nFetch is MIT licensed.\n",
    "help-test-site.md": "# Help Test site\n\n## Review pull requests\n\nRun the tests with `make test`.\n",
    "about/management.md": "# Repository management\n\n## Team\n\nA team reviews the pull requests.\n",
    "commands/changelog.md": "# changelog\n\n## Usage\n\nRun `fetch changelog` to write the changes.\n",
}
CHOICE = {"include": ["**"], "exclude": ["contributing.md"]}


def test_globs_match_whole_source_paths_and_excludes_win_over_includes() -> None:
    choice = PageChoice.read({"include": ["**"], "exclude": ["contributing.md", "**/code_of_conduct.md"]})
    assert [p for p in ["index.md", "a/b.md", "contributing.md", "x/code_of_conduct.md", "code_of_conduct.md"]
            if choice.chooses(p)] == ["index.md", "a/b.md"]
    assert PageChoice.read(["guide/*.md"]).chooses("guide/install.md")
    assert not PageChoice.read(["guide/*.md"]).chooses("guide/deep/install.md")
    assert PageChoice.read(["guide/**"]).chooses("guide/deep/install.md")
    assert not PageChoice.read(None).chooses("index.md")


def test_a_wildcard_leaves_out_release_notes_contributing_conduct_and_licence_unless_named() -> None:
    every = PageChoice.read(["**"])
    left = ["release-notes.md", "releases.md", "CHANGELOG.md", "docs/changes.md", "HISTORY.md", "changelog/1.0.md",
            "CONTRIBUTING.md", "community/contributing.md", "code_of_conduct.md", "Code-Of-Conduct.md", "conduct.md",
            "LICENSE.md", "licence.md"]
    kept = ["index.md", "guide/changing-things.md", "release.md", "licensing-faq.md", "history-of-http.md",
            "api/changes-api.md"]
    assert [p for p in left + kept if every.chooses(p)] == kept
    # Named without a wildcard, a page is the owner's choice; a wildcard of the owner's own does not name it.
    assert PageChoice.read(["**", "release-notes.md"]).chooses("release-notes.md")
    assert not PageChoice.read(["*.md"]).chooses("release-notes.md")
    # The owner's exclude still wins over a page named in include.
    assert not PageChoice.read({"include": ["**", "CHANGELOG.md"], "exclude": ["CHANGELOG.md"]}).chooses("CHANGELOG.md")


def test_a_page_named_as_release_notes_is_left_out_only_where_its_headings_name_releases() -> None:
    """A CLI's reference for its `changelog` command, its settings, and a page on how the project began are named as
    release notes are, but list no releases; a changelog's headings name versions or dates. Where the build has a
    page's HTML it reads them; a folder named for releases, and the other names, are left out as before."""
    every = PageChoice.read(["**"])
    command = "<h2>About</h2><p>Generates a changelog.</p><h2>Usage</h2><h3><code>--incremental</code></h3>"
    story = "<h2>Is this project affiliated with cz-cli?</h2><p>No.</p>"
    releases = "<h2>v4.1.0 (2024-12-06)</h2><h3>Feat</h3><h2>v4.0.0 (2024-11-26)</h2><h3>Fix</h3>"
    young = "<h2>0.1</h2><p>The first release.</p>"
    dated = "<h2>March 5, 2024</h2><h3>Added</h3><h2>February 1, 2024</h2>"
    assert every.chooses("commands/changelog.md", command) and every.chooses("config/changelog.md", "")
    assert every.chooses("history.md", story) and every.chooses("HISTORY.md", command)
    assert not every.chooses("changelog.md", releases) and not every.chooses("commands/changelog.md", releases)
    assert not every.chooses("release-notes.md", young) and not every.chooses("news/changes.md", dated)
    # A folder named for releases, and a page about running the project, are left out whatever their headings.
    assert not every.chooses("changelog/2.0.md", command) and not every.chooses("CONTRIBUTING.md", command)
    # Without the HTML (a source path alone), the name decides, as before.
    assert not every.chooses("commands/changelog.md")
    # Named without a wildcard, kept; excluded, left out, whatever its headings.
    assert PageChoice.read(["**", "changelog.md"]).chooses("changelog.md", releases)
    assert not PageChoice.read({"include": ["**"], "exclude": ["history.md"]}).chooses("history.md", story)


def test_a_wildcard_leaves_out_the_pages_about_running_the_project_not_using_it() -> None:
    """Typer's docs: "Help Typer - Get Help" (star it, review pull requests, sponsor), "Repository Management" and its
    tasks are for the project's helpers and team, not its readers; a page on a feature of that name stays, and so does
    a sponsorship page, which readers ask about (Starlette's tiers and what they cost)."""
    every = PageChoice.read(["**"], project="Typer")
    left = ["help-typer.md", "management.md", "management-tasks.md", "about/management.md", "MAINTAINERS.md",
            "governance.md", "maintaining/releases.md"]
    kept = ["sponsorship.md", "sponsors.md", "index.md", "tutorial/options/help.md", "help.md", "tutorial/commands/help.md", "help-messages.md",
            "user-management.md", "guides/key-management.md", "resources/index.md", "about/index.md", "typer.md"]
    assert [p for p in left + kept if every.chooses(p)] == kept
    assert PageChoice.read({"include": ["**"]}, project="Pydantic Settings").chooses("help-typer.md")
    assert not PageChoice.read({"include": ["**"]}, project="Pydantic Settings").chooses("help_pydantic_settings.md")
    assert PageChoice.read(["**", "help-typer.md"], project="Typer").chooses("help-typer.md")  # named, kept


# A "Developer Guide" as Argo CD's and NetBox's are (pages for the project's own developers), beside one for
# developers of its extensions, as MkDocs' `dev-guide/` and NetBox's `plugins/development/` are.
CONTRIBUTE = ("<p>Thanks for your interest in contributing!</p><h2>Submit your PR</h2>"
              "<p>Open a pull request; CI runs the linter on it.</p>")
RUN_LOCALLY = ("<h2>Start the services</h2><pre><code>$ make start-local\n</code></pre>"
               "<p>The API server listens on port 8080.</p>")
RELEASING = ("<h2>Release checklist</h2><p>Create the release branch, then tag the release; a pull request bumps "
             "the version.</p>")
PLUGINS = ("<h2>Events</h2><p>A plugin's <code>on_page_content</code> event receives the page's HTML.</p>"
           "<h2>Publishing</h2><p>Contributions of plugins to the catalog are welcome.</p>")
CI_RECIPE = "<h2>GitHub Actions</h2><p>Run <code>fetch check</code> in CI on every pull request.</p>"


def test_a_development_guides_pages_on_building_testing_or_releasing_the_project_are_left_out() -> None:
    """In a folder named for development, a page is left out where it reads as building, testing or releasing the
    project itself (`make` targets, or two of pull requests, the repository's fork, tests, linting, CI, the release
    process, contributing), as is a page so named at the site's top (`developers.md`); a guide there to writing plugins
    stays, and so does such a page anywhere else."""
    every = PageChoice.read(["**"])
    left = [("developer-guide/index.md", CONTRIBUTE), ("developer-guide/running-locally.md", RUN_LOCALLY),
            ("development/release-checklist.md", RELEASING), ("docs/dev/contributing-code.md", CONTRIBUTE),
            ("Development/Hacking.md", RUN_LOCALLY), ("developers.md", CONTRIBUTE), ("development.md", RUN_LOCALLY)]
    kept = [("dev-guide/plugins.md", PLUGINS), ("plugins/development/events.md", PLUGINS),
            ("developer-guide/architecture/components.md", "<h2>Repo server</h2><p>It renders manifests.</p>"),
            ("guides/ci.md", CI_RECIPE), ("operator-manual/upgrading/2.1-2.2.md", RELEASING + RUN_LOCALLY),
            ("configuration/development.md", CONTRIBUTE), ("devices/index.md", RUN_LOCALLY),
            ("developers.md", PLUGINS)]
    assert [p for p, html in left + kept if every.chooses(p, html)] == [p for p, _ in kept]
    # Without the HTML, a development folder's name alone does not say whose developers its pages are for.
    assert every.chooses("developer-guide/index.md")
    # Named without a wildcard, kept; its front matter would keep it too.
    assert PageChoice.read(["**", "developer-guide/index.md"]).chooses("developer-guide/index.md", CONTRIBUTE)


@pytest.mark.parametrize("bad", [{"includes": ["**"]}, [3], {"include": "/docs/*.md"}, ""])
def test_a_choice_of_the_wrong_shape_says_what_it_should_be(bad: object) -> None:
    with pytest.raises(ConfigError, match="record_pages"):
        PageChoice.read(bad)


def test_a_built_pages_url_names_the_source_paths_it_can_come_from() -> None:
    assert sources("/") == ["index.md", "README.md"]
    assert sources("/guide/install/") == ["guide/install.md", "guide/install/index.md", "guide/install/README.md"]
    assert sources("/guide/install.html") == ["guide/install.md"]


def _pages_in_record(bundle: dict) -> list[str]:
    return list(dict.fromkeys(section["page"] for section in bundle["record"]))


def test_the_plugin_option_selects_the_record_and_front_matter_still_wins(tmp_path, caplog) -> None:
    config = write_site(tmp_path, pages=DOCS, docent={"tours": [], "record_pages": CHOICE})
    with caplog.at_level(logging.INFO):
        mkdocs_build(config)
    bundle = read_json(tmp_path / "docent-bundle.json")
    # The changelog, the site's "help <project>" page and its management page are left out by the wildcard; the
    # licence's front matter puts it back; the `changelog` command's page lists no releases, so it stays.
    assert _pages_in_record(bundle) == ["home", "license", "commands-changelog", "guide-install", "guide-proxies"]
    # A page with no h2 is one section; a heading holding only a sub-heading is a group.
    proxies = next(s for s in bundle["record"] if s["page"] == "guide-proxies")
    assert (proxies["id"], proxies["headings"]) == ("http", ["Proxies", "Settings", "HTTP"])
    assert next(s for s in bundle["record"] if s["page"] == "guide-install")["blocks"] == [
        {"kind": "code", "text": "pip install fetch", "lang": "bash", "marker": "", "code": []}]
    summary = next(r.getMessage() for r in caplog.records if "record sections" in r.getMessage())
    assert "5 record sections (100.0% of the record pages' text)" in summary


def test_docent_manifest_takes_the_same_choice_from_the_config_and_from_its_flags(tmp_path, capsys) -> None:
    config = write_site(tmp_path, pages=DOCS, docent={"tours": [], "record_pages": CHOICE})
    mkdocs_build(config)
    plugin = (tmp_path / "docent-bundle.json").read_bytes()
    assert cli.main([str(tmp_path / "site"), "--config", str(config), "--bundle", str(tmp_path / "cli.json")]) == 0
    assert (tmp_path / "cli.json").read_bytes() == plugin
    assert cli.main([str(tmp_path / "site"), "--config", str(config), "--bundle", str(tmp_path / "flags.json"),
                     "--record-pages", "guide/*.md", "--record-exclude", "guide/install.md"]) == 0
    assert _pages_in_record(read_json(tmp_path / "flags.json")) == ["license", "guide-proxies"]  # its front matter


def test_a_docs_site_that_adds_only_the_plugin_answers_from_every_page_and_says_so_once(tmp_path, caplog, capsys) -> None:
    """The README's five-minute start with its `record_pages` line skipped (`plugins: [search, docent]`): the record
    is every page but those a wildcard leaves out, a page's `record: false` still wins, and the build says so once;
    `docent manifest` reads the same record off the built site."""
    pages = {name: text for name, text in DOCS.items() if name != "license.md"}
    config = write_site(tmp_path, pages=pages, docent={"tours": [], "offers": []})
    with caplog.at_level(logging.INFO):
        mkdocs_build(config, strict=True)
    plugin = read_json(tmp_path / "docent-bundle.json")
    assert _pages_in_record(plugin) == ["home", "commands-changelog", "guide-install", "guide-proxies"]
    said = [r.getMessage() for r in caplog.records if "No `record_pages` option" in r.getMessage()]
    assert len(said) == 1 and "every page but the release notes" in said[0] and "record_pages" in said[0]
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert cli.main([str(tmp_path / "site"), "--config", str(config), "--bundle", str(tmp_path / "cli.json"),
                     "--strict"]) == 0
    assert read_json(tmp_path / "cli.json") == plugin
    assert "No `record_pages` option" in capsys.readouterr().out


def test_a_docs_sites_developer_guide_on_building_the_project_is_left_out_and_its_extension_guide_kept(
        tmp_path, caplog, capsys) -> None:
    """Argo CD's docs as they are laid out: a "Developer Guide" folder whose pages tell how to contribute, run the
    project locally and release it, beside its guide to extensions, and per-version upgrade pages under the operator
    manual. The default choice leaves out the first three, in the plugin and in `docent manifest` alike, and says so."""
    pages = {
        "index.md": "# Deploy\n\nDeploy syncs applications from Git.\n",
        "upgrading/2.1-2.2.md": "# v2.1 to 2.2\n\n## Helm upgraded\n\nRun `kubectl apply` on the new manifests.\n",
        "developer-guide/index.md": "# Overview\n\nThanks for contributing!\n\n## Submit your PR\n\n"
                                    "Open a pull request; CI runs the linter on it.\n",
        "developer-guide/running-locally.md": "# Running locally\n\n## Start\n\n```bash\nmake start-local\n```\n",
        "developer-guide/releasing.md": "# Releasing\n\n## Steps\n\nCut the release branch, then tag the release. "
                                        "A pull request bumps the version.\n",
        "developer-guide/extensions.md": "# Extensions\n\n## Configuration\n\nSet `extension.config` in "
                                         "`argocd-cm` to proxy a backend.\n",
    }
    config = write_site(tmp_path, pages=pages, docent={"tours": [], "offers": []})
    with caplog.at_level(logging.INFO):
        mkdocs_build(config, strict=True)
    plugin = read_json(tmp_path / "docent-bundle.json")
    assert _pages_in_record(plugin) == ["home", "developer-guide-extensions", "upgrading-2.1-2.2"]
    said = next(r.getMessage() for r in caplog.records if "No `record_pages` option" in r.getMessage())
    assert "a development guide's pages on building, testing or releasing it" in said
    assert cli.main([str(tmp_path / "site"), "--config", str(config), "--bundle", str(tmp_path / "cli.json")]) == 0
    assert read_json(tmp_path / "cli.json") == plugin
    capsys.readouterr()


def test_a_page_that_chooses_by_front_matter_makes_the_record_the_owners_choice(tmp_path, caplog) -> None:
    """One page's `record: true` is an owner choosing page by page (as the example portfolio does): the fallback
    gives way, in the plugin and in `docent manifest`."""
    config = write_site(tmp_path, pages=DOCS, docent={"tours": [], "offers": []})
    with caplog.at_level(logging.INFO):
        mkdocs_build(config, strict=True)
    assert _pages_in_record(read_json(tmp_path / "docent-bundle.json")) == ["license"]
    assert not any("No `record_pages` option" in r.getMessage() for r in caplog.records)
    assert cli.main([str(tmp_path / "site"), "--config", str(config), "--bundle", str(tmp_path / "cli.json")]) == 0
    assert _pages_in_record(read_json(tmp_path / "cli.json")) == ["license"]


@pytest.mark.parametrize(("docent", "fix"), [
    ({"owner": "Jo Doe"}, "front matter `docent: {record: true}`"),  # a portfolio chooses page by page
    ({"record_pages": []}, "record_pages: ['**']"),  # a docs site whose owner chose front matter alone
])
def test_a_site_whose_record_is_empty_is_warned_with_the_fix_and_fails_strict(tmp_path, caplog, docent, fix) -> None:
    pages = {name: text for name, text in DOCS.items() if name != "license.md"}
    config = write_site(tmp_path, pages=pages, docent={"tours": [], "offers": [], **docent})
    with caplog.at_level(logging.INFO), pytest.raises(Abort):
        mkdocs_build(config, strict=True)
    warned = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert any("The record is empty" in m and "answer nothing" in m and fix in m for m in warned), warned
    mkdocs_build(config, strict=False)  # without --strict the site still builds
    assert read_json(tmp_path / "docent-bundle.json")["record"] == []


def test_a_record_page_that_gives_nothing_is_named(tmp_path, caplog) -> None:
    pages = {**DOCS, "empty.md": "---\ndocent:\n  record: true\n---\n<div data-docent-exclude>Hidden.</div>\n"}
    config = write_site(tmp_path, pages=pages, docent={"tours": []})
    with caplog.at_level(logging.INFO):
        mkdocs_build(config, strict=True)
    assert any("give the record nothing" in r.getMessage() and "empty (/empty/)" in r.getMessage()
               for r in caplog.records)
