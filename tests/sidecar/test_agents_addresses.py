"""Addresses agents paste into read_section as a browser or a copied link writes them (round 28's agents note,
"Left"), through the official SDK's client against the real app on loopback: a page's URL percent-encoded or not, an
anchor or a section id with its percent codes. MkDocs writes a page's URL encoded ("/guide/caf%C3%A9/"); a browser's
address bar shows it decoded, and a copied link encodes the anchor too."""

from __future__ import annotations

import gc
import weakref
from pathlib import Path
from urllib.parse import quote, unquote, urlsplit

import pytest

from docent.schema import Page, RecordSection
from docent.sidecar.agents import addresses, results
from docent.sidecar.answer.bundle import Bundle
from tests.sitebuilds import SiteBuilds

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


def test_each_page_id_given_either_way_names_its_own_page(tmp_path: Path) -> None:
    """On a site of many pages whose ids hold percent codes (the build made them from URLs MkDocs encoded), each page's
    id, as list_pages gives it or decoded, names that page's lead section, never another's; an id no table has, plain
    or encoded, names nothing. (How fast a miss is: `make bench`'s read_section_id_miss_us.)"""
    html = "<h1>Café</h1><h2 id=\"lait-{n}\">Lait</h2><p>Warm the milk first.</p>"
    pages = [(f"/guide/caf%C3%A9-{n}/", f"Café {n}", html.format(n=n)) for n in range(60)]
    bundle = Bundle.load(pages_bundle(tmp_path, *pages))
    for n in range(60):
        lead = bundle.record[f"guide-caf%C3%A9-{n}"]  # the page's lead section, whose id the build made from its URL
        assert [results.located(bundle, wanted, SITE_URL) for wanted in (f"guide-caf%C3%A9-{n}", f"guide-café-{n}")] == [lead] * 2
    for miss in ("no-such-id", "no%20such%20id", "guide-café-60", "guide-caf%C3%A9-60"):
        assert results.located(bundle, miss, SITE_URL) is None
        assert results.left_out(bundle, miss, SITE_URL) is None


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


def test_a_bundle_loaded_again_is_read_again_and_the_old_ones_tables_go(tmp_path: Path) -> None:
    """The sidecar loads the bundle again when its file changes: read_section reads the new one's addresses, never the
    old one's, and the old one's tables go with it."""
    tea = "<h1>Thé</h1><h2 id=\"café-au-lait\">Green</h2><p>Steep it for two minutes.</p>"
    for n, (page, expected) in enumerate([(CAFE, "Warm the milk first."), (tea, "Steep it for two minutes.")] * 2):
        folder = tmp_path / str(n)
        folder.mkdir()
        bundle = Bundle.load(pages_bundle(folder, ("/guide/caf%C3%A9/", "Café", page)))
        section = results.located(bundle, f"{SITE_URL}/guide/café/#café-au-lait", SITE_URL)
        assert section is not None and section.text == expected
        made = weakref.ref(addresses.of(bundle))
        del bundle, section
        gc.collect()
        assert made() is None


def _old_page(path: str) -> str:
    return unquote(path).removesuffix("index.html").strip("/")


class _Scan:
    """`results.located` and `left_out` as they were before the record's addresses were indexed: a scan of the record
    (and of the pages) for each URL, the reference the index must agree with. Each section's path is decoded here
    once, where the scan decoded it on each call, so that trying every address of a site takes seconds, not minutes."""

    def __init__(self, bundle: Bundle) -> None:
        self.bundle = bundle
        self.sections = [(s, _old_page(s.path.partition("#")[0]), unquote(s.path.partition("#")[2]))
                         for s in bundle.record.values()]

    def located(self, wanted: str, base: str) -> RecordSection | None:
        bundle, known = self.bundle, addresses.of(self.bundle)
        section = results._keyed(bundle.record, known.record_ids, wanted)
        if section is not None:
            return section
        page = results._keyed(bundle.pages, known.page_ids, wanted)
        if page is None and "/" not in wanted and "#" not in wanted:
            return None
        path, fragment = (page.path, "") if page is not None else results._wanted(wanted, base)
        want_page, want_anchor = _old_page(path), unquote(fragment)
        found = [s for s, at, anchor in self.sections if anchor == want_anchor and (not path or at == want_page)]
        if not found and path and not fragment:  # a page's URL: its first section, anchored or not
            found = [s for s, at, _ in self.sections if at == want_page]
        return found[0] if found and (path or len(found) == 1) else None

    def left_out(self, wanted: str, base: str) -> Page | None:
        bundle = self.bundle
        page = results._keyed(bundle.pages, addresses.of(bundle).page_ids, wanted)
        if page is None and ("/" in wanted or "#" in wanted):
            path = results._wanted(wanted, base)[0]
            page = next((p for p in bundle.manifest.pages if path and _old_page(p.path) == _old_page(path)), None)
        return None if page is None or page.id in bundle.record_pages else page


def _forms(path: str, base: str) -> list[str]:
    """Every way an agent writes a section's or a page's address: on the site or its path alone, as written, decoded
    or encoded, root-absolute under the site_url's path, the page alone, its index.html, its anchor alone."""
    page, hashed, anchor = path.partition("#")
    plain_page, plain_anchor = unquote(page), unquote(anchor)
    coded = quote(plain_page) + hashed + quote(plain_anchor, safe="")
    every = _every(plain_page) + hashed + _every(plain_anchor)  # each character encoded, a slash aside
    within = [path, plain_page + hashed + plain_anchor, coded, every, page, plain_page, page + "index.html" + hashed + anchor]
    prefix = urlsplit(base).path
    return [*within, *(base + p for p in within), *(prefix + p for p in within), *(unquote(prefix) + p for p in within),
            hashed + anchor, hashed + plain_anchor, hashed + quote(plain_anchor, safe=""), page + "#no-such-anchor"]


def _every(text: str) -> str:
    return "".join(c if c == "/" else "".join(f"%{b:02X}" for b in c.encode()) for c in text)


def test_a_url_finds_what_the_scan_of_the_record_found(site_builds: SiteBuilds) -> None:
    """Each section's and page's address, every way an agent writes it, on a real build (uv's docs: 537 sections, 81
    pages), under the site's own URL and under a site_url whose path is encoded: the same section (or none, or the
    same left-out page) as the scan gave. NetBox's and Traefik's builds agreed too (24,138 and 17,132 addresses)."""
    bundle = Bundle.load(site_builds("uv").bundle)
    scan = _Scan(bundle)
    paths = [s.path for s in bundle.record.values()] + [p.path for p in bundle.manifest.pages]
    tried = 0
    for base in (bundle.manifest.site_url.rstrip("/"), "https://docs.example.org/my%20kit"):
        for wanted in dict.fromkeys(w for path in paths for w in _forms(path, base)):
            assert results.located(bundle, wanted, base) is scan.located(wanted, base), (base, wanted)
            if results.located(bundle, wanted, base) is None:
                assert results.left_out(bundle, wanted, base) is scan.left_out(wanted, base), (base, wanted)
            tried += 1
    assert tried > 10 * len(paths)


def test_each_kind_of_address_finds_its_section(tmp_path: Path) -> None:
    """A lookup by URL decoded, by path encoded, by an anchor alone, by a page's URL or its id, and a miss (an anchor the
    page lacks, a page the site lacks): what read_section finds for each. (How fast: `make bench`'s
    read_section_by_url_us.)"""
    bundle = Bundle.load(pages_bundle(tmp_path, ("/guide/caf%C3%A9/", "Café", CAFE)))
    wanted = [f"{SITE_URL}/guide/café/#café-au-lait", "/guide/caf%C3%A9/#caf%C3%A9-au-lait", "#two%20words",
              f"{SITE_URL}/guide/café/", "guide-caf%C3%A9", "/guide/caf%C3%A9/#th%C3%A9", "/no/such/page/"]
    found = [results.located(bundle, one, SITE_URL) for one in wanted]
    assert [s.id if s else None for s in found] == ["café-au-lait", "café-au-lait", "two words", "café-au-lait",
                                                    "café-au-lait", None, None]
    assert results.left_out(bundle, "/no/such/page/", SITE_URL) is None
