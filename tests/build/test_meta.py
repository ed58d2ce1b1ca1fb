"""The docent meta tag: written into each page's head by the plugin, read back by the CLI."""

from __future__ import annotations

import pytest

from docent.manifest_build.meta import MetaError, PageMeta, find, front_matter


def test_the_tag_round_trips_quotes_apostrophes_and_angle_brackets():
    meta = PageMeta(page="lab", label="Mara's <lab> & \"tests\"", order=3, record=True,
                    instructions="Press 'Run' & wait.")
    tag = meta.tag()
    assert tag.startswith("<meta name=\"docent\" content='{\"page\":\"lab\"")
    assert PageMeta(**find(f"<html><head><title>x</title>{tag}</head><body></body></html>")) == meta


def test_a_page_without_the_tag_reads_none_and_a_tag_in_the_body_is_not_read():
    assert find("<html><head></head><body><meta name=\"docent\" content='{}'></body></html>") is None


def test_front_matter_is_checked():
    assert front_matter({"docent": {"record": True, "instructions": " Run\n it. "}}, where="lab.md") == {
        "record": True, "exclude": False, "instructions": "Run it."}
    assert front_matter({}, where="x.md")["record"] is None  # unsaid: the site-wide choice decides
    for bad in ({"docent": "yes"}, {"docent": {"record": "yes"}}, {"docent": {"recrod": True}},
                {"docent": {"instructions": 3}}):
        with pytest.raises(MetaError, match="x.md"):
            front_matter(bad, where="x.md")


def test_the_tag_carries_the_languages_of_the_pages_fences_and_leaves_out_an_empty_map():
    meta = PageMeta(page="quickstart", label="QuickStart", order=1, record=True, src="quickstart.md",
                    langs={"8ff436def145": "python"})
    assert PageMeta(**find(f"<html><head>{meta.tag()}</head></html>")) == meta
    assert '"langs"' not in PageMeta(page="x", label="X", order=0).tag()


def test_the_tag_carries_the_nav_sections_a_page_is_under_and_leaves_out_none():
    meta = PageMeta(page="providers-docker", label="Docker", order=2, nav=("Reference", "Providers"))
    assert '"nav":["Reference","Providers"]' in meta.tag()
    assert PageMeta(**find(f"<html><head>{meta.tag()}</head></html>")) == meta
    assert '"nav"' not in PageMeta(page="x", label="X", order=0).tag()
    with pytest.raises(MetaError, match="'nav' must be a list of section titles"):
        find("<html><head><meta name=\"docent\" content='{\"nav\":\"Providers\"}'></head></html>")
