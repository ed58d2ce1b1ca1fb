"""The tools: strict, closed, enums from the manifest, a fixed order; and the same bytes every build."""

from __future__ import annotations

import hashlib
import json

import jsonschema

from docent.manifest_build.bundle import bundle, canonical
from docent.manifest_build.manifest import build
from docent.manifest_build.options import site_config
from docent.manifest_build.page import read_page
from docent.manifest_build.tools import tools

LAB = """<div data-docent-experiment="leak" data-docent-live><i data-docent-preset="slow">Slow</i>
<i data-docent-preset="full" data-docent-server>Full</i></div><div data-docent-part="chart">Chart</div>
<button data-docent-action="run_leak">Run</button><button data-docent-action="clear" data-docent-consequential="confirm">Clear</button>
<select id="leak-preset" data-docent-field="preset" aria-label="Leak preset"><option value="slow">Slow leak</option></select>
<select id="storm-preset" data-docent-field="preset" aria-label="Storm preset"><option value="calm">Calm</option></select>"""
CONTACT = """<label for="email">Email</label><input id="email" data-docent-field="email" data-docent-consequential>
<button data-docent-action="send" data-docent-consequential>Send</button>"""


def _manifest():
    pages = [
        read_page('<h2 id="work">Work</h2>', path="/", title="Home"),
        read_page(LAB, path="/lab/", title="Lab"),
        read_page(CONTACT, path="/contact/", title="Contact"),
    ]
    config = site_config(
        site_name="S", owner="Jo Doe",
        tours=[{"id": "first", "label": "First", "steps": [{"part": "chart", "caption": "c"}]}],
        offers=[{"id": "cv", "label": "CV", "target": "/cv/"}],
    )
    manifest, problems = build(pages, config)
    assert [str(p) for p in problems] == [  # the tools are what these tests read; the record is others'
        "The record is empty (no page is in it), so the guide can answer nothing: mark each page the guide may "
        "answer from with front matter `docent: {record: true}`, or add `record_pages: ['**']` to the docent "
        "plugin's options in mkdocs.yml."]
    return manifest


def _objects(schema):
    if isinstance(schema, dict):
        if schema.get("type") == "object":
            yield schema
        for value in schema.values():
            yield from _objects(value)
    elif isinstance(schema, list):
        for value in schema:
            yield from _objects(value)


def test_tools_come_in_the_fixed_order_with_actions_then_fields_sorted():
    assert [t["name"] for t in tools(_manifest())] == [
        "show_page", "point_at", "run_experiment", "start_tour", "offer",
        "get_page_content", "show_links", "offer_choices",
        "clear", "run_leak", "send",
        "email", "preset",
    ]


def test_every_tool_is_strict_and_every_object_closed_with_all_properties_required():
    for tool in tools(_manifest()):
        assert tool["strict"] is True
        jsonschema.Draft202012Validator.check_schema(tool["input_schema"])
        for obj in _objects(tool["input_schema"]):
            assert obj["additionalProperties"] is False, tool["name"]
            assert obj["required"] == list(obj["properties"]), tool["name"]


def test_ids_are_enums_written_from_the_manifest():
    by_name = {t["name"]: t["input_schema"]["properties"] for t in tools(_manifest())}
    assert by_name["show_page"]["id"]["enum"] == ["home", "lab", "contact", "work"]
    assert by_name["point_at"]["id"]["enum"] == ["chart"]
    assert by_name["run_experiment"]["id"]["enum"] == ["leak", "leak:slow", "leak:full", "leak:live"]
    assert by_name["start_tour"]["id"]["enum"] == ["first"]
    assert by_name["offer"]["id"]["enum"] == ["cv"]
    assert by_name["show_links"]["items"]["items"]["properties"]["to"]["enum"] == ["home", "lab", "contact", "work"]
    assert by_name["get_page_content"] == {} and by_name["send"] == {}


def test_field_tools_follow_seed_004_one_field_or_same_name_fields_by_id():
    by_name = {t["name"]: t for t in tools(_manifest())}
    email = by_name["email"]
    assert list(email["input_schema"]["properties"]) == ["value"]
    assert email["description"] == 'Fill the field: "Email" (consequential), on Contact (contact).'
    preset = by_name["preset"]
    assert preset["input_schema"]["properties"]["id"]["enum"] == ["leak-preset", "storm-preset"]
    assert preset["input_schema"]["properties"]["value"]["enum"] == ["slow", "calm"]
    assert preset["description"].startswith('Fill one of these by its id. leak-preset: "Leak preset", one of "slow" (Slow leak)')


def test_action_tools_carry_their_markers():
    by_name = {t["name"]: t["description"] for t in tools(_manifest())}
    assert by_name["send"].startswith('Press "Send" (consequential) on Contact (contact)')
    assert by_name["clear"].startswith('Press "Clear" (asks first) on Lab (lab)')
    assert by_name["run_leak"].startswith('Press "Run" on Lab (lab)')


def test_a_site_without_parts_experiments_tours_or_offers_sends_no_empty_enums():
    manifest, _ = build([read_page("<p>x</p>", path="/", title="Home")], site_config())
    assert [t["name"] for t in tools(manifest)] == ["show_page", "get_page_content", "show_links", "offer_choices"]


def test_built_twice_the_tools_and_system_are_the_same_bytes_and_the_hash_too():
    first, second = bundle(_manifest()), bundle(_manifest())
    assert canonical(first.tools) == canonical(second.tools)
    assert canonical(first.system) == canonical(second.system)
    assert first.hash == second.hash == first.public["hash"] == first.manifest["hash"]

def test_the_hash_is_the_sha256_of_the_written_bundle_with_its_hash_fields_empty():
    built = bundle(_manifest())
    written = json.loads(built.text)
    assert written["hash"] == written["manifest"]["hash"] == built.hash
    written["hash"] = written["manifest"]["hash"] = ""
    assert hashlib.sha256(canonical(written).encode("utf-8")).hexdigest() == built.hash


def test_the_hash_changes_with_the_content():
    manifest = _manifest()
    changed = build([read_page('<h2 id="work">Work!</h2>', path="/", title="Home")], site_config())[0]
    assert bundle(manifest).hash != bundle(changed).hash
