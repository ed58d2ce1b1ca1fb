"""Pages that share a title, told apart by the nav sections they are under (the plugin and `docent manifest`)."""

from __future__ import annotations

from msgspec import UNSET

from docent.manifest_build import cli
from docent.manifest_build.manifest import told_apart
from docent.schema import Page

from .conftest import mkdocs_build, read_json, write_site

RECORD = "---\ndocent:\n  record: true\n---\n"
PAGES = {
    "index.md": "# Home\n\nWelcome.\n",
    "providers/overview.md": RECORD + "# Overview\n\nProviders find your services.\n",
    "providers/docker.md": RECORD + "# Docker\n\nThe Docker provider reads container labels.\n",
    "routing/overview.md": RECORD + "# Overview\n\nRouters match requests.\n",
    "routing/docker.md": RECORD + "# Docker\n\nRouting with Docker labels.\n",
    "setup.md": RECORD + "# Setup\n\nInstall the binary.\n",
}
NAV = [{"Home": "index.md"}, {"Providers": ["providers/overview.md", "providers/docker.md"]},
       {"Routing": ["routing/overview.md", "routing/docker.md"]}, "setup.md"]


def _site(tmp_path):
    config = write_site(tmp_path, pages=PAGES, docent={"tours": [], "offers": []}, extra={"nav": NAV})
    mkdocs_build(config)
    return config


def test_pages_of_one_title_are_named_by_their_nav_section_and_the_others_are_as_they_were(tmp_path):
    _site(tmp_path)
    public = read_json(tmp_path / "site/docent/manifest.json")
    assert public["pages"] == [
        {"id": "home", "label": "Home", "path": "/"},
        {"id": "providers-overview", "label": "Overview", "path": "/providers/overview/", "named": "Overview (Providers)"},
        {"id": "providers-docker", "label": "Docker", "path": "/providers/docker/", "named": "Docker (Providers)"},
        {"id": "routing-overview", "label": "Overview", "path": "/routing/overview/", "named": "Overview (Routing)"},
        {"id": "routing-docker", "label": "Docker", "path": "/routing/docker/", "named": "Docker (Routing)"},
        {"id": "setup", "label": "Setup", "path": "/setup/"},
    ]
    bundle = read_json(tmp_path / "docent-bundle.json")
    prompt = "\n".join(block["text"] for block in bundle["system"])  # the model's map
    assert "- providers-docker: Docker (Providers) (/providers/docker/)" in prompt
    assert "- setup: Setup (/setup/)" in prompt
    assert "What should I know about “Docker (Routing)”?" in public["suggestions"]


def test_docent_manifest_reads_the_nav_sections_from_the_pages_meta_tags(tmp_path):
    config = _site(tmp_path)
    plugin_bundle = (tmp_path / "docent-bundle.json").read_bytes()
    assert cli.main([str(tmp_path / "site"), "--config", str(config), "--bundle", str(tmp_path / "cli.json")]) == 0
    assert (tmp_path / "cli.json").read_bytes() == plugin_bundle
    assert b'"named":"Docker (Routing)"' in plugin_bundle.replace(b": ", b":")


def test_the_nearest_sections_that_tell_pages_apart_name_them_and_the_path_where_none_do():
    """Traefik's two "Router" pages sit under HTTP › Routing and TCP › Routing: "Routing" alone tells nothing."""
    pages = [Page("http-router", "Router", "/http/router/"), Page("tcp-router", "Router", "/tcp/router/"),
             Page("providers", "Providers", "/providers/"), Page("a-docker", "Docker", "/a/docker/"),
             Page("b-docker", "docker", "/b/docker/"), Page("features", "Features", "/features/"),
             Page("old-features", "Features", "/old/features/")]
    nav = {"http-router": ("Reference", "HTTP", "Routing"), "tcp-router": ("Reference", "TCP", "Routing"),
           "a-docker": ("Guides",), "b-docker": ("Guides",), "old-features": ("Deprecation Notices",)}
    assert [page.name for page in told_apart(pages, nav=nav)] == [
        "Router (HTTP › Routing)", "Router (TCP › Routing)", "Providers", "Docker (/a/docker/)", "docker (/b/docker/)",
        "Features", "Features (Deprecation Notices)"]
    assert [page.named for page in told_apart(pages, nav=nav)][2] is UNSET  # no key in the file: as it was
