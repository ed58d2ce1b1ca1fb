"""The plugin in real MkDocs builds: what the owner gets in site/ and beside mkdocs.yml, and what fails --strict."""

from __future__ import annotations

import logging
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from mkdocs.exceptions import Abort

from docent.plugins import modules, panel_files, panel_script, worker_script
from docent.plugins import plugin as plugin_module

from .conftest import CASE, HOME, LAB, mkdocs_build, read_json, write_site

ASSETS = Path(__file__).resolve().parents[2] / "src" / "docent" / "plugins" / "assets"
BIN = Path(sys.executable).parent


def _built(tmp_path: Path, **site) -> tuple[Path, dict, dict]:
    config = write_site(tmp_path, **site)
    mkdocs_build(config)
    return tmp_path / "site", read_json(tmp_path / "site" / "docent" / "manifest.json"), read_json(
        tmp_path / "docent-bundle.json")


def test_a_build_writes_the_public_manifest_and_the_bundle_beside_mkdocs_yml(tmp_path):
    site, public, bundle = _built(tmp_path)
    assert [p["id"] for p in public["pages"]] == ["home", "lab", "cases-payments"]
    assert [s["id"] for s in public["sections"]] == ["work", "contact"]
    assert [p["id"] for p in public["parts"]] == ["leak-chart", "flow"]
    assert public["experiments"][0]["presets"] == [
        {"id": "slow", "label": "Slow leak", "server": False}, {"id": "full", "label": "Full heap", "server": True}]
    assert public["tours"][0]["steps"][1] == {"page": "cases-payments", "path": "/cases/payments/", "section": None,
                                              "part": "flow", "caption": "The flow."}
    assert [r["id"] for r in bundle["record"]] == ["acme-3ds", "acme-kafka"]
    assert bundle["record"][0]["text"] == "I moved card payments to 3-D Secure 2 and reviewed every change.\n" \
                                          "class Authorise {}"
    assert bundle["manifest"]["instructions"] == {"cases-payments": "The payments case."}
    assert bundle["hash"] == public["hash"]
    assert not (site / "docent-bundle.json").exists()
    # The public manifest is readable by a web server running as another user; the bundle stays the owner's.
    assert (site / "docent" / "manifest.json").stat().st_mode & 0o777 == 0o644
    assert (tmp_path / "docent-bundle.json").stat().st_mode & 0o077 == 0


def test_every_page_gets_its_meta_tag_and_the_panels_script_and_style(tmp_path):
    site, _, _ = _built(tmp_path)
    html = (site / "cases" / "payments" / "index.html").read_text(encoding="utf-8")
    head = html[: html.index("</head>")]
    assert ('<meta name="docent" content=\'{"page":"cases-payments","label":"Payments","order":2,"record":true,'
            '"exclude":false,"instructions":"The payments case.","src":"cases/payments.md",'
            '"langs":{"dc2e6a9a24bf":"java"},"nav":["Cases"]}\'>') in head
    assert re.search(r'<script src="\.\./\.\./docent/panel\.js" defer></script>', html)
    assert '<link href="../../docent/panel.css" rel="stylesheet">' in html
    for name, asset in panel_files():
        assert (site / "docent" / name).read_bytes() == asset.read_bytes(), name
    # The scripts are assembled: one script with every module and the public manifest, one worker with its hash.
    assert sorted(p.name for p in (site / "docent").iterdir()) == ["manifest.json", "panel.css", "panel.js", "worker.js"]
    script = (site / "docent" / "panel.js").read_text(encoding="utf-8")
    public = (site / "docent" / "manifest.json").read_text(encoding="utf-8").strip()
    assert script == panel_script(public) and "\nexport " not in script and "\nimport " not in script
    assert f"\nconst manifest = {public};\n" in script
    worker = (site / "docent" / "worker.js").read_text(encoding="utf-8")
    assert worker == worker_script() and worker.index("/* sha256.js */") < worker.index("/* worker.js */")


def test_the_assembled_script_runs_the_modules_in_import_order_and_keeps_the_manifest_inert(tmp_path):
    """A title with "</script>" in it cannot end an inlined script; each module runs after those it imports."""
    script = panel_script('{"site_name":"</script><b>x</b>"}')
    assert "</script>" not in script and '"<\\/script><b>x<\\/b>"' in script
    names = modules()
    assert names.index("sse.js") < names.index("guide.js") < names.index("controller.js")
    assets = Path(plugin_module.__file__).parent / "assets"
    for name in (n for n in names if n != "manifest.js"):  # each after every module it imports (the manifest's is made)
        text = (assets / name).read_text(encoding="utf-8")
        for imported in re.findall(r'^import .* from "\./([\w.]+)";$', text, flags=re.MULTILINE):
            assert names.index(imported) < names.index(name), (imported, name)
    assert names[-2:] == ["manifest.js", "panel.js"]
    positions = [script.index(f"\n/* {name} */\n") for name in names]
    assert positions == sorted(positions)


def test_every_script_in_the_assets_is_linked_into_a_file_the_build_writes():
    linked = re.findall(r"^/\* (\S+\.js) \*/$", panel_script("null") + worker_script(), re.M)
    assert sorted(linked) == sorted([p.name for p in ASSETS.glob("*.js")] + ["manifest.js"])
    assert [name for name, _ in panel_files()] == ["panel.css"]


def test_built_twice_the_panels_scripts_are_the_same_bytes(tmp_path):
    first, _, _ = _built(tmp_path / "first")
    second, _, _ = _built(tmp_path / "second")
    for name in ["panel.js", "worker.js"]:
        assert (first / "docent" / name).read_bytes() == (second / "docent" / name).read_bytes(), name


def test_a_panel_script_that_does_not_link_fails_the_build_naming_the_file(tmp_path, monkeypatch, caplog):
    assets = tmp_path / "assets"
    assets.mkdir()
    for path in ASSETS.iterdir():
        (assets / path.name).write_bytes(path.read_bytes())
    line = len((assets / "view.js").read_text(encoding="utf-8").splitlines()) + 1  # the line written below
    with (assets / "view.js").open("a", encoding="utf-8") as view:
        view.write("export default PanelView;\n")
    monkeypatch.setattr("docent.plugins.ASSETS", assets)
    with caplog.at_level(logging.ERROR, logger="mkdocs"), pytest.raises(Abort, match="BuildError"):
        mkdocs_build(write_site(tmp_path / "site"))
    assert f"The panel's scripts do not link: {assets}: view.js:{line}: cannot link 'export default" in caplog.text


@pytest.mark.parametrize("name", ["panel.css", "panel.js", "worker.js"])
def test_an_owners_own_file_of_an_assets_name_wins(tmp_path, name):
    pages = {"index.md": HOME, f"docent/{name}": "/* the owner's */"}
    site, _, _ = _built(tmp_path, pages=pages, docent={"tours": []})
    assert (site / "docent" / name).read_text(encoding="utf-8") == "/* the owner's */"


def test_an_excluded_page_is_left_out_and_says_so_in_its_meta(tmp_path):
    pages = {"index.md": HOME, "secret.md": "---\ndocent:\n  exclude: true\n---\n# Secret\n\n<div data-docent-part='x'>"
             "</div>\n"}
    site, public, bundle = _built(tmp_path, pages=pages, docent={"tours": [], "offers": []})
    assert [p["id"] for p in public["pages"]] == ["home"]
    assert "secret" not in bundle["manifest"]["page_text"]
    assert '"exclude":true' in (site / "secret" / "index.html").read_text(encoding="utf-8")


def test_disabled_the_plugin_leaves_the_site_alone(tmp_path):
    mkdocs_build(write_site(tmp_path, docent={"enabled": False}))
    site = tmp_path / "site"
    assert not (site / "docent").exists()
    assert 'name="docent"' not in (site / "index.html").read_text(encoding="utf-8")


def test_material_with_instant_navigation_reads_the_same_manifest(tmp_path):
    _, plain, _ = _built(tmp_path / "mkdocs")
    theme = {"theme": {"name": "material", "features": ["navigation.instant"]}}
    site, material, _ = _built(tmp_path / "material", extra=theme)
    assert {k: v for k, v in material.items() if k != "hash"} == {k: v for k, v in plain.items() if k != "hash"}
    html = (site / "lab" / "index.html").read_text(encoding="utf-8")
    assert '<meta name="docent" content=\'{"page":"lab"' in html and "docent/panel.js" in html


def _strict_failure(tmp_path, caplog, **site) -> list[str]:
    config = write_site(tmp_path, **site)
    with caplog.at_level(logging.WARNING, logger="mkdocs"), pytest.raises(Abort):
        mkdocs_build(config, strict=True)
    return [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]


def test_strict_fails_on_a_tour_step_naming_a_missing_part(tmp_path, caplog):
    tours = [{"id": "first", "label": "First", "steps": [{"page": "lab", "part": "heap-chart", "caption": "c"}]}]
    warnings = _strict_failure(tmp_path, caplog, docent={"tours": tours})
    assert any('Tour "first" step 1 names the part "heap-chart", which no page has.' in w for w in warnings)


def test_strict_fails_on_two_parts_with_one_id(tmp_path, caplog):
    pages = {"index.md": HOME, "cases/payments.md": CASE, "lab.md": LAB.replace("leak-chart", "flow")}
    warnings = _strict_failure(tmp_path, caplog, pages=pages)
    assert any('Two parts have the id "flow" (pages "lab" and "cases-payments").' in w for w in warnings)


def test_an_option_of_the_wrong_shape_is_a_plugin_error_naming_it(tmp_path, caplog):
    config = write_site(tmp_path, docent={"offers": [{"id": "cv", "label": "CV"}]})
    with pytest.raises(Abort, match="BuildError"):
        mkdocs_build(config)
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert any("mkdocs.yml: docent `offers[0]`.target must be non-empty text" in e for e in errors), errors


def test_a_bundle_inside_site_dir_is_warned_about(tmp_path, caplog):
    warnings = _strict_failure(tmp_path, caplog, docent={"bundle": "site/docent-bundle.json"})
    assert any("would be published" in w for w in warnings)


def test_two_builds_write_the_same_bytes(tmp_path):
    config = write_site(tmp_path)
    mkdocs_build(config)
    first = (tmp_path / "docent-bundle.json").read_bytes(), (tmp_path / "site/docent/manifest.json").read_bytes()
    mkdocs_build(config)
    second = (tmp_path / "docent-bundle.json").read_bytes(), (tmp_path / "site/docent/manifest.json").read_bytes()
    assert first == second


def test_a_dirty_rebuild_reads_one_page_and_keeps_every_page(tmp_path, monkeypatch):
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    config_file = write_site(tmp_path)
    config = load_config(config_file=str(config_file))
    config.plugins.on_startup(command="serve", dirty=True)
    build(config)
    read = []
    original = plugin_module.read_page

    def spy(html, **kwargs):
        read.append(kwargs["path"])
        return original(html, **kwargs)

    monkeypatch.setattr(plugin_module, "read_page", spy)
    page = tmp_path / "docs" / "lab.md"
    page.write_text(LAB.replace("Run</button>", "Run it</button>"), encoding="utf-8")
    later = (tmp_path / "site" / "lab" / "index.html").stat().st_mtime + 5
    os.utime(page, (later, later))
    build(config, dirty=True)
    assert read == ["/lab/"]
    public = read_json(tmp_path / "site" / "docent" / "manifest.json")
    assert [p["id"] for p in public["pages"]] == ["home", "lab", "cases-payments"]
    assert [a["label"] for a in public["actions"]] == ["Run it"]
    assert [r["id"] for r in read_json(tmp_path / "docent-bundle.json")["record"]] == ["acme-3ds", "acme-kafka"]


def test_a_deleted_page_leaves_the_manifest_on_the_next_serve_build(tmp_path):
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    config_file = write_site(tmp_path)
    config = load_config(config_file=str(config_file))
    config.plugins.on_startup(command="serve", dirty=True)
    build(config)
    (tmp_path / "docs" / "lab.md").unlink()
    build(config, dirty=True)
    assert [p["id"] for p in read_json(tmp_path / "site/docent/manifest.json")["pages"]] == ["home", "cases-payments"]


def _cli(tool: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DISABLE_MKDOCS_2_WARNING": "true", "NO_MKDOCS_2_WARNING": "1", "NO_COLOR": "1"}
    return subprocess.run([str(BIN / tool), "build", "--strict", "-f", "mkdocs.yml"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=120, env=env)


@pytest.mark.slow
def test_properdocs_builds_the_site_with_the_plugin(tmp_path):
    # ProperDocs ships no themes of its own; Material is installed with the dev extras.
    write_site(tmp_path, extra={"theme": {"name": "material"}})
    result = _cli("properdocs", tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "docent: 3 pages" in result.stderr
    assert [p["id"] for p in read_json(tmp_path / "site/docent/manifest.json")["pages"]] == [
        "home", "lab", "cases-payments"]


@pytest.mark.slow
def test_mkdocs_build_strict_exits_non_zero_on_a_dangling_tour_step(tmp_path):
    write_site(tmp_path, docent={"tours": [{"id": "t", "label": "T", "steps": [{"part": "nope", "caption": "c"}]}]})
    result = _cli("mkdocs", tmp_path)
    assert result.returncode != 0
    output = result.stdout + result.stderr
    assert 'names the part "nope"' in output and "Aborted with 1 warnings in strict mode" in output


def test_the_build_logs_one_summary_line_with_counts_and_the_prompts_size(tmp_path, caplog):
    with caplog.at_level(logging.INFO, logger="mkdocs"):
        mkdocs_build(write_site(tmp_path))
    lines = [r.getMessage() for r in caplog.records if r.name.startswith("mkdocs.plugins.docent")]
    assert len(lines) == 1
    bundle = read_json(tmp_path / "docent-bundle.json")
    chars = sum(len(b["text"]) for b in bundle["system"])
    assert lines[0].startswith("docent: 3 pages, 2 home sections, 2 parts, 1 experiments, 1 tours, 1 offers, "
                               "1 actions, 1 fields, 2 record sections (100.0% of the record pages' text), ")
    tokens = bundle["mode"]["prompt_tokens"]
    assert tokens > chars // 4  # the tools count too
    assert f"prompt {chars} characters (~{tokens} tokens with the tools); " in lines[0]
    assert lines[0].endswith("record whole (within the 50000-token budget); 0 problems; a documentation site (for a "
                             "person's site, name its `owner`); wrote docent/manifest.json and docent-bundle.json")


@pytest.mark.parametrize(("options", "said"), [
    ({"owner": {"name": "Mara Lind", "pronoun": "she"}}, "; a portfolio of Mara Lind; wrote "),
    ({"kind": "portfolio"}, "; a portfolio of Jo Doe; wrote "),  # the name from site_author
    ({"owner": {"name": "Mara Lind"}, "kind": "docs"}, "; a documentation site (for a person's site, name its `owner`); "),
])
def test_the_summary_says_which_kind_of_site_the_build_took(tmp_path, caplog, options, said):
    """The kind sets the guide's voice, refusals, suggestions and when it opens pages; the build inferred it from
    `owner` and said nothing, so an owner who forgot `owner` on a portfolio, or set one on docs, learnt it from the
    guide's answers (a new user's walk, round 25)."""
    with caplog.at_level(logging.INFO, logger="mkdocs"):
        mkdocs_build(write_site(tmp_path, docent=options))
    line = next(r.getMessage() for r in caplog.records if r.getMessage().startswith("docent: 3 pages"))
    assert said in line, line


@pytest.mark.parametrize("plugins", [["docent"], ["search", "docent"], ["docent", {"search": {"lang": "en"}}]])
def test_a_build_without_the_search_plugin_says_the_site_lost_its_search_box(tmp_path, caplog, plugins):
    """MkDocs adds `search` only where `plugins:` is unset. A docs owner with no `plugins:` key who adds
    `plugins: [docent]` (the README's step 2: "add docent to your plugins") built a site with no search box and no
    word of why (a new user's walk on HTTPX's docs, round 25). A note, not a warning: an owner may drop search on purpose,
    and `--strict` stays green."""
    config = write_site(tmp_path, extra={"plugins": [p if p != "docent" else {"docent": {"bundle": "b.json"}}
                                                     for p in plugins]})
    with caplog.at_level(logging.INFO, logger="mkdocs"):
        mkdocs_build(config)
    notes = [r.getMessage() for r in caplog.records if "search box" in r.getMessage()]
    if "search" in plugins or any(isinstance(p, dict) and "search" in p for p in plugins):
        assert notes == []
        assert (tmp_path / "site" / "search" / "search_index.json").exists()
    else:
        assert notes == ["docent: Note: No `search` plugin is listed, so the site has no search box: MkDocs adds it only "
                         "while `plugins:` is unset. To keep it, list `- search` above `- docent`."]
        assert not (tmp_path / "site" / "search").exists()
    assert [r for r in caplog.records if r.levelno >= logging.WARNING] == []
