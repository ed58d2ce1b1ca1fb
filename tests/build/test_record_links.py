"""A link's address kept where the record is read: each block keeps its links (their words, where they go) beside
its text, a page of the site by its site path (as a section's `path`), any other by its absolute URL; the text every
reader reads (the gate, search, the prompt) is the same words as before. One real `mkdocs build`, read back by the
plugin and by `docent manifest` from the built files."""

from __future__ import annotations

from pathlib import Path

import pytest

from docent.manifest_build.built_site import read_site
from docent.manifest_build.choice import PageChoice
from docent.manifest_build.links import target
from docent.manifest_build.page import read_page
from docent.schema import Block

from .conftest import mkdocs_build, read_json, write_site

GUIDE = """\
# Guide

## Proxies

Behind Nginx, see the [deployment guide](deployment.md#running-behind-nginx) and set
[`--forwarded-allow-ips`](settings.md#proxies); retries come from [httpx-retries](https://github.com/will-ockmore/httpx-retries).

- Read [the timeouts](#timeouts) first.

| Option | Where |
|---|---|
| proxy | [Proxies](#proxies) |

!!! note "Elsewhere"
    The [MDN Reference](https://developer.mozilla.org/en-US/docs/Web/HTTP/Headers/Forwarded) says more.

## Timeouts

No link here.
"""
PAGES = {"index.md": "# Home\n\nWelcome.\n", "guide.md": GUIDE, "deployment.md": "# Deployment\n\n## Running behind Nginx\n\nUse it.\n",
         "settings.md": "# Settings\n\n## Proxies\n\nTrust them.\n"}
# Each block of Proxies with its links, in the page's order.
LINKS = [
    ("paragraph", (("deployment guide", "/deployment/#running-behind-nginx"), ("--forwarded-allow-ips", "/settings/#proxies"),
                   ("httpx-retries", "https://github.com/will-ockmore/httpx-retries"))),
    ("item", (("the timeouts", "/guide/#timeouts"),)),
    ("row", (("Proxies", "/guide/#proxies"),)),
    ("admonition", (("MDN Reference", "https://developer.mozilla.org/en-US/docs/Web/HTTP/Headers/Forwarded"),)),
]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("links")
    config = write_site(root, pages=PAGES, docent={"record_pages": {"include": ["guide.md"]}, "tours": [], "offers": []},
                        extra={"markdown_extensions": ["admonition", "tables", {"toc": {"permalink": True}}]})
    mkdocs_build(config, site_dir=root / "site")
    return root


def _links(blocks: list[Block]) -> list[tuple[str, tuple[tuple[str, str], ...]]]:
    return [(b.kind, tuple(tuple(link) for link in b.links)) for b in blocks if b.links]  # type: ignore[misc]


def test_each_blocks_links_are_kept_with_where_they_go(built: Path) -> None:
    record = {s["id"]: s for s in read_json(built / "docent-bundle.json")["record"]}
    blocks = [Block(**b) for b in record["proxies"]["blocks"]]
    assert _links(blocks) == LINKS
    # The words every reader reads are the link's words alone, as before: no address in the text.
    assert record["proxies"]["text"].startswith("Behind Nginx, see the deployment guide and set --forwarded-allow-ips; "
                                                "retries come from httpx-retries.\n- Read the timeouts first.")
    assert "https:" not in record["proxies"]["text"] and "/deployment/" not in record["proxies"]["text"]
    # A block with no link has no `links` key: a bundle of linkless blocks is the bytes it was.
    assert "links" not in record["timeouts"]["blocks"][0]


def test_docent_manifest_reads_the_same_links_back_from_the_built_files(built: Path) -> None:
    pages, _ = read_site(built / "site", PageChoice.read({"include": ["guide.md"]}))
    page = next(p for p in pages if p.record)
    proxies = next(s for s in page.record_sections if s.id == "proxies")
    assert _links(list(proxies.blocks)) == LINKS


def test_a_link_inside_inline_code_and_one_nowhere_a_reader_can_follow() -> None:
    """mkdocstrings links a name inside its code (`<code><a>Client</a></code>`); a `javascript:` link, one with no
    address and one whose element holds a block of its own are not kept, their words still read."""
    html = ('<p>Make a <code><a href="../api/#kit.Client">Client</a></code>, <a href="javascript:go()">go</a>, '
            '<a>nothing</a>, <a href="//cdn.example.org/x">cdn</a>.</p>')
    facts = read_page(html, path="/guide/", title="Guide", record=True)
    block = facts.record_sections[0].blocks[0]
    assert block.text == "Make a Client, go, nothing, cdn." and block.code == ("Client",)
    assert block.links == (("Client", "/api/#kit.Client"), ("cdn", "https://cdn.example.org/x"))


def test_where_a_link_goes() -> None:
    assert target("../deployment/#nginx", "/settings/") == "/deployment/#nginx"
    assert target("#timeouts", "/settings/") == "/settings/#timeouts"
    assert target("#top", "/") == "/#top"
    assert target("other.html#a", "/dir/page.html") == "/dir/other.html#a"
    assert target("img/flow.png", "/guide/") == "/guide/img/flow.png"
    assert target(" https://example.org/a?b=1 ", "/") == "https://example.org/a?b=1"
    assert target("mailto:team@example.org", "/") == "mailto:team@example.org"
    assert target("javascript:void(0)", "/") is None and target("data:text/html,x", "/") is None
    assert target("", "/") is None and target("  ", "/guide/") is None


def test_a_root_absolute_link_on_a_site_served_under_a_path() -> None:
    """A site at https://docs.example.org/kit/ serves its page "/deployment/" at /kit/deployment/: a root-absolute
    link there (a theme's or raw HTML's) is that page, and one outside /kit/ (or a relative one climbing out of it) is
    the host's page beside the site, kept as its absolute URL. With no path in site_url, every path is the site's."""
    site = "https://docs.example.org/kit/"
    assert target("/kit/deployment/#nginx", "/settings/", site) == "/deployment/#nginx"
    assert target("/kit", "/settings/", site) == "/"
    assert target("/blog/?p=1", "/settings/", site) == "https://docs.example.org/blog/?p=1"
    assert target("../../elsewhere/", "/guide/", site) == "https://docs.example.org/elsewhere/"
    assert target("../deployment/", "/guide/", site) == "/deployment/"  # relative, as MkDocs writes: as before
    assert target("/kitchen/", "/", site) == "https://docs.example.org/kitchen/"  # a path that only begins alike
    assert target("/blog/", "/settings/", "https://docs.example.org") == "/blog/"
    assert target("/blog/", "/settings/") == "/blog/"


PREFIXED = """\
# Guide

## Proxies

See <a href="/kit/deployment/#running-behind-nginx">the deployment guide</a>, the <a href="/blog/">blog</a> and
[the settings](settings.md#proxies).
"""


def test_a_real_build_under_a_prefix_reads_root_absolute_links_as_the_sites_pages(tmp_path: Path) -> None:
    """A site served at https://docs.example.org/kit/ (MkDocs' site_url with a path): the plugin passes site_url
    through to the record's reader, so a root-absolute link to "/kit/deployment/" (raw HTML, a theme's) is the site's
    page "/deployment/", the path of the section it names, and "/blog/" the host's page beside the site, kept whole;
    a relative link reads as before. Without site_url both were kept as site paths, and agents were sent to
    /kit/kit/deployment/ and /kit/blog/."""
    pages = {**PAGES, "guide.md": PREFIXED}
    config = write_site(tmp_path, pages=pages, docent={"record_pages": {"include": ["guide.md", "deployment.md"]},
                                                       "tours": [], "offers": []},
                        extra={"site_url": "https://docs.example.org/kit/", "markdown_extensions": [{"toc": {}}]})
    mkdocs_build(config, site_dir=tmp_path / "site")
    record = {s["id"]: s for s in read_json(tmp_path / "docent-bundle.json")["record"]}
    links = [tuple(link) for link in record["proxies"]["blocks"][0]["links"]]
    assert links == [("the deployment guide", "/deployment/#running-behind-nginx"),
                     ("blog", "https://docs.example.org/blog/"), ("the settings", "/settings/#proxies")]
    assert record["running-behind-nginx"]["path"] == links[0][1]  # a page of the record, as read_section finds it


def test_a_sites_path_and_a_links_compare_with_their_percent_codes_decoded() -> None:
    """A browser asks for "/my docs/x/" as "/my%20docs/x/": a site served under a path with a space (or any character
    a URL encodes) has its pages linked either way, and site_url may write its path either way too."""
    for site in ("https://docs.example.org/my%20docs/", "https://docs.example.org/my docs/"):
        assert target("/my docs/deployment/#nginx", "/settings/", site) == "/deployment/#nginx"
        assert target("/my%20docs/deployment/", "/settings/", site) == "/deployment/"
        assert target("/my%20Docs/deployment/", "/settings/", site) == "https://docs.example.org/my%20Docs/deployment/"
        assert target("../deployment/", "/guide/", site) == "/deployment/"  # relative, as MkDocs writes
        assert target("/my%20docsx/", "/", site) == "https://docs.example.org/my%20docsx/"
    # The rest of the path is kept as the link writes it: a page's path is as MkDocs wrote its URL.
    assert target("/kit/caf%C3%A9/", "/", "https://docs.example.org/kit/") == "/caf%C3%A9/"
    assert target("/k%69t/caf%C3%A9/", "/", "https://docs.example.org/kit/") == "/caf%C3%A9/"


ENCODED = """\
# Guide

## Proxies

See <a href="/my docs/deployment/#running-behind-nginx">the deployment guide</a>, the
<a href="/my%20docs/settings/#proxies">settings</a>, the <a href="/blog/">blog</a> and [the lab](lab.md).
"""


@pytest.mark.parametrize(
    ("site_url", "guide", "links"),
    [
        ("https://docs.example.org/kit/", PREFIXED,
         [("the deployment guide", "/deployment/#running-behind-nginx"), ("blog", "https://docs.example.org/blog/"),
          ("the settings", "/settings/#proxies")]),
        ("https://docs.example.org/my%20docs/", ENCODED,
         [("the deployment guide", "/deployment/#running-behind-nginx"), ("settings", "/settings/#proxies"),
          ("blog", "https://docs.example.org/blog/"), ("the lab", "/lab/")]),
        ("https://docs.example.org/my docs/", ENCODED,
         [("the deployment guide", "/deployment/#running-behind-nginx"), ("settings", "/settings/#proxies"),
          ("blog", "https://docs.example.org/blog/"), ("the lab", "/lab/")]),
    ],
)
def test_docent_manifest_over_a_real_build_under_a_prefix_reads_its_links_as_the_plugin(
    tmp_path: Path, site_url: str, guide: str, links: list[tuple[str, str]]
) -> None:
    """`docent manifest` over the files a real `mkdocs build` wrote for a site served under a path reads the links
    the plugin read, into the same bundle bytes: a root-absolute link to the site's own page as that page, encoded
    or not, whichever way site_url writes its path; one beside the site kept as the host's."""
    from docent.manifest_build import cli

    pages = {**PAGES, "guide.md": guide, "lab.md": "# Lab\n\n## Bench\n\nA bench.\n"}
    config = write_site(tmp_path, pages=pages, docent={"record_pages": {"include": ["guide.md", "deployment.md"]},
                                                       "tours": [], "offers": []},
                        extra={"site_url": site_url, "markdown_extensions": [{"toc": {}}]})
    mkdocs_build(config, site_dir=tmp_path / "site")
    plugin = (tmp_path / "docent-bundle.json").read_bytes()
    assert cli.main([str(tmp_path / "site"), "--config", str(config), "--bundle", str(tmp_path / "cli.json")]) == 0
    assert (tmp_path / "cli.json").read_bytes() == plugin
    record = {s["id"]: s for s in read_json(tmp_path / "cli.json")["record"]}
    assert [tuple(link) for link in record["proxies"]["blocks"][0]["links"]] == links


@pytest.mark.parametrize(
    ("site_url", "said"),
    [("docs.example.org/kit/", "https://docs.example.org/kit/"), ("//docs.example.org/kit/", "https://docs.example.org/kit/"),
     ("localhost:8000", "https://localhost:8000"), ("/kit/", "https://docs.example.org/kit/, the address the site is served at")],
)
def test_docent_manifest_refuses_a_site_url_without_its_scheme_and_says_what_to_write(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], site_url: str, said: str
) -> None:
    """MkDocs stops a build whose site_url has no scheme ("it should include the http:// (scheme)"); `docent
    manifest` reads mkdocs.yml itself, and read every link against it as a path of no host. It stops too, saying
    what to write."""
    import yaml

    from docent.manifest_build import cli

    config = write_site(tmp_path, pages=PAGES, docent={"tours": [], "offers": []})
    mkdocs_build(config, site_dir=tmp_path / "site")
    written = yaml.safe_load(config.read_text(encoding="utf-8"))
    config.write_text(yaml.safe_dump({**written, "site_url": site_url}, sort_keys=False), encoding="utf-8")
    assert cli.main([str(tmp_path / "site"), "--config", str(config), "--bundle", str(tmp_path / "cli.json")]) == 2
    err = capsys.readouterr().err
    assert f"`site_url` {site_url!r} is not the site's whole address" in err and f"as in {said} " in err
    assert not (tmp_path / "cli.json").exists()
