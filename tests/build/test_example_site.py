"""The example site built with --strict: the counts issue 2 asks of it, read off its manifest and bundle."""

from __future__ import annotations

import re


def test_the_public_manifest_has_the_keys_the_panel_reads(example_site):
    public = example_site["public"]
    for key in ("pages", "sections", "parts", "experiments", "tours", "offers", "actions", "fields"):
        assert isinstance(public[key], list), key
    assert public["hash"] == example_site["bundle"]["hash"]
    assert "record" not in public and "page_text" not in public  # the record stays private


def test_the_bundle_has_its_keys_and_lives_outside_the_site(example_site):
    bundle = example_site["bundle"]
    assert list(bundle) == ["tools", "system", "record", "lexicon", "manifest", "mode", "hash"]
    assert bundle["mode"]["record"] == "whole" and bundle["mode"]["asked"] == "auto"
    assert not example_site["bundle_path"].is_relative_to(example_site["site"])
    assert not any(p.name == "docent-bundle.json" for p in example_site["site"].rglob("*"))


def test_the_site_has_the_content_the_issue_asks_for(example_site):
    public = example_site["public"]
    pages = {p["id"] for p in public["pages"]}
    assert len([p for p in pages if p.startswith("cases-")]) >= 3
    assert {"home", "lab", "assistant", "privacy", "roles", "decisions"} <= pages
    assert {"work", "experiments", "how-i-work", "contact"} <= {s["id"] for s in public["sections"]}
    assert len(public["parts"]) >= 8
    assert len(public["tours"]) >= 2
    assert [o["id"] for o in public["offers"]] == ["cv", "email", "introduction", "fit-check"]


def test_the_lab_has_two_experiments_with_presets_one_live_with_a_server_preset(example_site):
    experiments = example_site["public"]["experiments"]
    assert len(experiments) >= 2
    assert all(len(e["presets"]) >= 2 for e in experiments)
    live = [e for e in experiments if e["live"]]
    assert live and any(p["server"] for e in live for p in e["presets"])


def test_pages_lend_actions_and_fields_with_markers(example_site):
    public = example_site["public"]
    assert any(a["page"] == "lab" for a in public["actions"])
    assert any(f["page"] == "lab" and f["options"] for f in public["fields"])
    assert any(a["consequential"] in ("ring", "confirm") for a in public["actions"])


def test_the_record_has_50_to_70_sections_cleaned_of_permalinks(example_site):
    record = example_site["bundle"]["record"]
    assert 50 <= len(record) <= 70
    assert len({s["id"] for s in record}) == len(record)
    for section in record:
        assert section["text"] and "¶" not in section["text"] and "¶" not in section["title"]
        pages = {p["id"]: p for p in example_site["bundle"]["manifest"]["pages"]}
        opening = section["path"] == pages[section["page"]]["path"]  # the text before the page's first h2
        assert section["path"].endswith("#" + section["id"]) or opening and section["id"] == section["page"]
        assert all("  " not in block["text"] for block in section["blocks"] if block["kind"] != "code")
    # The owner's own voice is in the record, for the first-person rule to hold back.
    assert any(re.search(r"\bI\b", s["text"]) for s in record)


def test_the_system_prompt_is_rules_record_map_with_one_breakpoint(example_site):
    system = example_site["bundle"]["system"]
    assert [b.get("cache_control") for b in system] == [None, None, {"type": "ephemeral"}]
    record = system[1]["text"]
    first = example_site["bundle"]["record"][0]
    page = next(p["label"] for p in example_site["bundle"]["manifest"]["pages"] if p["id"] == first["page"])
    # The heading path names the section's page too: a section's text need not repeat what its page is about.
    assert first["headings"][0] == page and first["headings"][-1] == first["title"]
    assert f"[[{first['id']}]] {' › '.join(first['headings'])} ({first['path']})\n{first['text']}" in record
    assert "Mara Lindqvist" in system[0]["text"]


def test_every_built_page_carries_its_meta_tag_and_the_panel(example_site):
    html = (example_site["site"] / "lab" / "index.html").read_text(encoding="utf-8")
    assert '<meta name="docent" content=\'{"page":"lab"' in html
    assert re.search(r'<script src="\.\./docent/panel\.js" defer>', html)
    assert (example_site["site"] / "docent" / "manifest.json").is_file()


def test_the_sidecar_loads_the_bundle(example_site):
    from docent.sidecar.answer.bundle import Bundle

    loaded = Bundle.load(example_site["bundle_path"])
    assert len(loaded.record) == len(example_site["bundle"]["record"])
    assert loaded.hash == example_site["public"]["hash"]


def test_under_material_with_instant_navigation_the_example_gives_the_same_tools_and_prompt(example_site, tmp_path):
    import json

    import yaml

    from .conftest import mkdocs_build, read_json

    config = yaml.safe_load((example_site["tmp"] / "mkdocs.yml").read_text(encoding="utf-8"))
    config["theme"] = {"name": "material", "features": ["navigation.instant"]}
    for entry in config["plugins"]:
        if isinstance(entry, dict) and "docent" in entry:
            entry["docent"]["bundle"] = str(tmp_path / "docent-bundle.json")
    (tmp_path / "mkdocs.yml").write_text(yaml.safe_dump(config, sort_keys=False, allow_unicode=True), encoding="utf-8")
    mkdocs_build(tmp_path / "mkdocs.yml", site_dir=tmp_path / "site")
    material = read_json(tmp_path / "docent-bundle.json")
    for key in ("tools", "system", "record"):
        assert json.dumps(material[key]) == json.dumps(example_site["bundle"][key]), key
    assert material["hash"] == example_site["bundle"]["hash"]


def _text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_the_assistant_page_is_in_the_sitemap_and_linked_from_the_contact_pages_saying_nobody_reviews_it(example_site):
    site = example_site["site"]
    sitemap = (site / "sitemap.xml").read_text(encoding="utf-8")
    assert re.search(r"<loc>[^<]*/assistant/</loc>", sitemap)
    home = (site / "index.html").read_text(encoding="utf-8")
    contact = home[home.index('id="contact"'):]
    touch = (site / "get-in-touch" / "index.html").read_text(encoding="utf-8")
    for page in (contact, touch):
        assert re.search(r'<a href="(\.\./)?assistant/">', page)
        assert "reviewed by nobody" in _text(page)
    assert "Nobody reviews the answers" in _text((site / "assistant" / "index.html").read_text(encoding="utf-8"))


def test_the_privacy_page_says_how_long_a_conversation_is_kept_as_the_sidecar_keeps_it(example_site):
    from docent.sidecar.settings import Settings

    privacy = _text((example_site["site"] / "privacy" / "index.html").read_text(encoding="utf-8"))
    minutes = {30: "thirty"}[Settings().conversation_s // 60]
    assert f"for {minutes} minutes from the moment the conversation began, however recently you asked" in privacy
    assert "after the last one" not in privacy
