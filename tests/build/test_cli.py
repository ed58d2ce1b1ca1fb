"""`docent manifest SITE_DIR`: the same manifest as the plugin over a built site, and sites built without MkDocs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from docent.manifest_build import cli
from docent.plugins import panel_files

from .conftest import mkdocs_build, read_json, write_site


def _run(*argv: str) -> int:
    return cli.main(list(argv))


def test_over_a_built_site_it_writes_the_same_bytes_as_the_plugin(tmp_path):
    config = write_site(tmp_path)
    mkdocs_build(config)
    plugin_bundle = (tmp_path / "docent-bundle.json").read_bytes()
    plugin_public = (tmp_path / "site/docent/manifest.json").read_bytes()
    (tmp_path / "site/docent/manifest.json").unlink()
    assert _run(str(tmp_path / "site"), "--config", str(config), "--bundle", str(tmp_path / "cli.json")) == 0
    assert (tmp_path / "cli.json").read_bytes() == plugin_bundle
    assert (tmp_path / "site/docent/manifest.json").read_bytes() == plugin_public


def test_without_directory_urls_the_cli_still_agrees_with_the_plugin(tmp_path):
    config = write_site(tmp_path, extra={"use_directory_urls": False})
    mkdocs_build(config)
    public = read_json(tmp_path / "site/docent/manifest.json")
    assert [(p["id"], p["path"]) for p in public["pages"]] == [
        ("home", "/"), ("lab", "/lab.html"), ("cases-payments", "/cases/payments.html")]
    plugin_bundle = (tmp_path / "docent-bundle.json").read_bytes()
    assert _run(str(tmp_path / "site"), "--config", str(config), "--bundle", str(tmp_path / "cli.json")) == 0
    assert (tmp_path / "cli.json").read_bytes() == plugin_bundle


def test_over_the_example_site_it_gives_the_plugins_manifest(example_site):
    tmp: Path = example_site["tmp"]
    assert _run(str(example_site["site"]), "--config", str(tmp / "mkdocs.yml"), "--bundle", str(tmp / "cli.json")) == 0
    assert read_json(tmp / "cli.json") == example_site["bundle"]


def test_strict_exits_1_on_problems_and_prints_them(tmp_path, capsys):
    config = write_site(tmp_path, docent={"tours": [{"id": "t", "label": "T", "steps": [{"part": "gone",
                                                                                          "caption": "c"}]}]})
    mkdocs_build(config, strict=False)
    site = str(tmp_path / "site")
    assert _run(site, "--config", str(config)) == 0
    assert _run(site, "--config", str(config), "--strict") == 1
    err = capsys.readouterr().err
    assert 'WARNING - docent: Tour "t" step 1 names the part "gone", which no page has.' in err
    assert "aborted with 1 problems in strict mode" in err


def test_the_config_may_hold_mkdocs_custom_tags(tmp_path, monkeypatch):
    config = write_site(tmp_path)
    mkdocs_build(config)
    text = config.read_text(encoding="utf-8").replace("site_name: Test site", "site_name: !ENV [DOCENT_TEST_NAME, x]")
    text += "markdown_extensions_extra:\n  - emoji:\n      emoji_index: !!python/name:material.extensions.emoji.twemoji\n"
    config.write_text(text, encoding="utf-8")
    monkeypatch.setenv("DOCENT_TEST_NAME", "From the environment")
    assert _run(str(tmp_path / "site"), "--config", str(config)) == 0
    assert read_json(tmp_path / "site/docent/manifest.json")["site_name"] == "From the environment"


def test_missing_folders_and_config_files_are_said_plainly(tmp_path, capsys):
    assert _run(str(tmp_path / "nowhere")) == 2
    (tmp_path / "site").mkdir()
    assert _run(str(tmp_path / "site"), "--config", str(tmp_path / "nope.yml")) == 2
    err = capsys.readouterr().err
    assert "is not a folder of built HTML" in err and "no config file at" in err


ZENSICAL_PAGE = """<!doctype html><html><head><title>{title} - Jo</title>{meta}</head><body>
<header class="md-header"><nav>Home Lab</nav></header>
<main class="md-main"><article class="md-content__inner md-typeset">
<a class="md-content__button" href="edit">Edit this page</a>
{body}
</article></main><footer>© Jo</footer></body></html>"""


def test_a_site_built_by_another_generator_reads_from_its_content_region(tmp_path):
    site = tmp_path / "site"
    pages = {
        "index.html": ("Home", "", '<h1 id="jo">Jo<a class="headerlink" href="#jo">¶</a></h1>'
                                   '<h2 id="work">Work</h2><p>The work.</p>'),
        "cases/acme/index.html": ("Acme", "<meta name=\"docent\" content='{\"record\": true}'>",
                                  '<h1>Acme</h1><h2 id="acme-kafka">Kafka</h2><p>I used Kafka.</p>'
                                  '<div data-docent-part="topology">Topics</div>'),
        "assets/embed.html": ("Embed", "", "<p>not a page</p>"),
    }
    for name, (title, meta, body) in pages.items():
        path = site / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(ZENSICAL_PAGE.format(title=title, meta=meta, body=body), encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text("site_name: Jo\nsite_author: Jo\nplugins:\n  - docent:\n"
                                         "      tours: [{id: t, label: T, steps: [{part: topology, caption: c}]}]\n")
    assert _run(str(site), "--config", str(tmp_path / "mkdocs.yml"), "--strict") == 0
    bundle = read_json(tmp_path / "docent-bundle.json")
    manifest = bundle["manifest"]
    assert [(p["id"], p["label"], p["path"]) for p in manifest["pages"]] == [
        ("home", "Jo", "/"), ("cases-acme", "Acme", "/cases/acme/")]
    assert [s["id"] for s in manifest["sections"]] == ["work"]
    assert [(r["id"], r["text"]) for r in bundle["record"]] == [("acme-kafka", "I used Kafka. Topics")]
    assert "Edit this page" not in manifest["page_text"]["home"] and "© Jo" not in manifest["page_text"]["home"]
    # The panel's files copied, as no plugin ran.
    for name, source in panel_files():
        assert (site / "docent" / name).read_bytes() == source.read_bytes(), name
    assert (site / "docent" / "panel.js").is_file()


def test_it_runs_as_a_module_for_scripts(tmp_path):
    config = write_site(tmp_path)
    mkdocs_build(config)
    code = "import sys; from docent.manifest_build.cli import main; sys.exit(main(sys.argv[1:]))"
    result = subprocess.run([sys.executable, "-c", code, str(tmp_path / "site"), "--config", str(config)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    # The plugin's summary line, with what the CLI wrote and copied.
    assert result.stdout.startswith("docent: 3 pages, 2 home sections, 2 parts, 1 experiments, 1 tours, 1 offers, "
                                    "1 actions, 1 fields, 2 record sections (100.0% of the record pages' text), ")
    assert "; 0 problems; a documentation site (for a person's site, name its `owner`); wrote " in result.stdout and "; copied 0 panel assets" in result.stdout


def test_the_docent_command_dispatches_manifest_here(tmp_path):
    config = write_site(tmp_path)
    mkdocs_build(config)
    docent = Path(sys.executable).parent / "docent"
    result = subprocess.run([str(docent), "manifest", str(tmp_path / "site"), "--config", str(config), "--strict"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "docent-bundle.json").is_file()


def test_an_owners_own_file_of_a_panel_files_name_is_not_overwritten(tmp_path, capsys):
    config = write_site(tmp_path)
    mkdocs_build(config, site_dir=tmp_path / "site")
    names = [name for name, _ in panel_files()]
    for name in names:
        (tmp_path / "site" / "docent" / name).unlink()
    owners = tmp_path / "site" / "docent" / names[0]
    owners.write_text("/* the owner's */", encoding="utf-8")
    assert _run(str(tmp_path / "site"), "--config", str(config)) == 0
    assert owners.read_text(encoding="utf-8") == "/* the owner's */"
    assert f"copied {len(names) - 1} panel assets" in capsys.readouterr().out
