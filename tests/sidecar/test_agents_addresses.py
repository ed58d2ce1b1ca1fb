"""Addresses agents paste into read_section as a browser or a copied link writes them (round 28's agents note,
"Left"), through the official SDK's client against the real app on loopback: a page's URL percent-encoded or not, an
anchor or a section id with its percent codes. MkDocs writes a page's URL encoded ("/guide/caf%C3%A9/"); a browser's
address bar shows it decoded, and a copied link encodes the anchor too."""

from __future__ import annotations

from pathlib import Path

import pytest

from .agentkit import SITE_URL, agent, data, pages_bundle, settings, sidecar, words

pytestmark = pytest.mark.anyio

CAFE = ("<h1>Café</h1><h2 id=\"café-au-lait\">Café au lait</h2><p>Warm the milk first.</p>"
        "<h2 id=\"two words\">Two words</h2><p>An id a theme wrote with a space.</p>")


WANTED = [
    f"{SITE_URL}/guide/caf%C3%A9/#caf%C3%A9-au-lait",  # as copied
    f"{SITE_URL}/guide/café/#café-au-lait",  # as the address bar shows it
    "/guide/caf%C3%A9/#café-au-lait",
    "caf%C3%A9-au-lait",  # the section's id, encoded
]


async def test_read_section_decodes_a_percent_encoded_address(tmp_path: Path) -> None:
    bundle = pages_bundle(tmp_path, ("/guide/caf%C3%A9/", "Café", CAFE))
    async with sidecar(settings(tmp_path, bundle=bundle)) as base, agent(base) as session:
        read = [data(await session.call_tool("read_section", {"id": wanted})) for wanted in WANTED]
    assert [(r["id"], r["text"]) for r in read] == [("café-au-lait", "Warm the milk first.")] * len(WANTED)


async def test_a_section_id_with_an_encoded_space_and_a_page_url_decoded(tmp_path: Path) -> None:
    bundle = pages_bundle(tmp_path, ("/guide/caf%C3%A9/", "Café", CAFE))
    async with sidecar(settings(tmp_path, bundle=bundle)) as base, agent(base) as session:
        spaced = data(await session.call_tool("read_section", {"id": "two%20words"}))
        page = data(await session.call_tool("read_section", {"id": f"{SITE_URL}/guide/café/"}))
        missing = await session.call_tool("read_section", {"id": f"{SITE_URL}/guide/caf%C3%A9/#th%C3%A9"})
    assert spaced["text"] == "An id a theme wrote with a space."
    assert page["id"] == "café-au-lait"  # the page's first section
    assert "No section has that id or URL" in words(missing)  # never a guess: an anchor no section has


async def test_a_page_id_given_decoded_or_encoded(tmp_path: Path) -> None:
    """list_pages gives a page's id as the build made it from its URL: "guide-caf%C3%A9" where MkDocs wrote the URL
    encoded, "tea-thé" where a site wrote it as it reads. An agent that gives it the other way (decoded as it would
    read it, or encoded as a copied link has it) names the same page."""
    tea = "<h1>Thé</h1><h2 id=\"green\">Green</h2><p>Steep it for two minutes.</p>"
    bundle = pages_bundle(tmp_path, ("/guide/caf%C3%A9/", "Café", CAFE), ("/tea/thé/", "Thé", tea))
    async with sidecar(settings(tmp_path, bundle=bundle)) as base, agent(base) as session:
        listed = data(await session.call_tool("list_pages", {}))
        read = [data(await session.call_tool("read_section", {"id": wanted}))
                for wanted in ("guide-caf%C3%A9", "guide-café", "tea-thé", "tea-th%C3%A9")]
    assert [p["id"] for p in listed["pages"]] == ["guide-caf%C3%A9", "tea-thé"]
    assert [r["id"] for r in read] == ["café-au-lait", "café-au-lait", "green", "green"]


def test_an_id_no_table_has_is_not_looked_for_by_decoding_every_id(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A miss decoded every id of the record and of the pages that holds percent codes, on every call (NetBox's 1,760
    sections: 51 us a miss). The loaded bundle keeps those ids decoded, made once: a miss decodes what the agent gave
    and no more, however many ids the site has; a page's id given decoded still names its page."""
    from urllib.parse import unquote

    from docent.sidecar.agents import results
    from docent.sidecar.answer.bundle import Bundle

    html = "<h1>Café</h1><h2 id=\"lait-{n}\">Lait</h2><p>Warm the milk first.</p>"
    for count in (3, 60):
        folder = tmp_path / str(count)
        folder.mkdir()
        pages = [(f"/guide/caf%C3%A9-{n}/", f"Café {n}", html.format(n=n)) for n in range(count)]
        bundle = Bundle.load(pages_bundle(folder, *pages))
        # the page's lead section, whose id the build made from its URL too: found by its id decoded
        assert results.located(bundle, "guide-café-2", SITE_URL) is bundle.record["guide-caf%C3%A9-2"]
        decoded: list[str] = []
        monkeypatch.setattr(results, "unquote", lambda text, seen=decoded: seen.append(text) or unquote(text))
        assert results.located(bundle, "no-such-id", SITE_URL) is None
        assert results.left_out(bundle, "no-such-page", SITE_URL) is None
        assert decoded == ["no-such-id", "no-such-id", "no-such-page"]  # the record's table, the pages', left_out's
        monkeypatch.undo()


async def test_a_site_served_under_an_encoded_path_takes_its_addresses_either_way(tmp_path: Path) -> None:
    """A site at https://docs.example.org/my%20kit/ (site_url's path percent-encoded, as a path with a space must
    be): search gives its URLs as site_url writes them; an agent pastes one from the address bar, "/my kit/", and
    read_section took that for a page beside the site. A root-absolute link on its pages to "/my kit/..." is read as
    the site's own page, whichever way it is written."""
    site = "https://docs.example.org/my%20kit"
    cafe = CAFE.replace("Warm the milk first.", 'Warm the <a href="/my kit/tea/">milk</a> first.')
    bundle = pages_bundle(tmp_path, ("/guide/caf%C3%A9/", "Café", cafe), site_url=site)
    wanted = ["https://docs.example.org/my kit/guide/café/#café-au-lait", "https://docs.example.org/my%20kit/guide/caf%C3%A9/",
              "/my kit/guide/caf%C3%A9/#caf%C3%A9-au-lait"]
    async with sidecar(settings(tmp_path, bundle=bundle)) as base, agent(base) as session:
        read = [data(await session.call_tool("read_section", {"id": one})) for one in wanted]
    assert [r["id"] for r in read] == ["café-au-lait"] * len(wanted)
    assert read[0]["text"] == f"Warm the [milk]({site}/tea/) first."
