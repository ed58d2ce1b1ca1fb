"""The bundle the attack, fault, bad-input and load tests run against.

`example_bundle()` builds the example site once per process with `mkdocs build` (in a temporary copy, so the
checkout stays clean) when the plugin is installed; until then, and for the fault tests that need no real
record, `hand_bundle()` writes a small one in the shape of INTERFACES.md §3.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.util
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]

PAGES = [
    {"id": "home", "label": "Home", "path": "/"},
    {"id": "cases-3ds", "label": "3-D Secure rollout", "path": "/cases/3ds/"},
    {"id": "cases-kafka", "label": "Kafka event backbone", "path": "/cases/kafka/"},
    {"id": "roles", "label": "Roles", "path": "/roles/"},
    {"id": "principles", "label": "How I work", "path": "/principles/"},
    {"id": "lab", "label": "Lab", "path": "/lab/"},
]

RECORD = [
    ("case-3ds-context", "cases-3ds", "Context",
     "A card issuer had to move every online card payment to 3-D Secure 2 before the Strong Customer "
     "Authentication deadline. Mara led the rollout across three payment services written in Java."),
    ("case-3ds-flow", "cases-3ds", "The challenge flow",
     "She rebuilt the challenge flow so that a frictionless authentication returns within 300 milliseconds, "
     "with idempotency keys on every call to the directory server."),
    ("case-kafka-backbone", "cases-kafka", "The backbone",
     "Mara designed an event backbone on Kafka with a transactional outbox fed by Debezium, so that no payment "
     "event is lost when a service restarts."),
    ("case-kafka-results", "cases-kafka", "Results",
     "Consumer lag stayed under two seconds at peak, and the team retired four nightly batch jobs."),
    ("roles-acme", "roles", "Acme Payments",
     "Staff engineer at Acme Payments from 2019: led the platform team of six engineers, ran the move to "
     "Kubernetes and mentored engineers through architecture decision records."),
    ("roles-nordpay", "roles", "Nordpay",
     "Backend engineer at Nordpay from 2016 to 2019, building settlement services in Java with PostgreSQL."),
    ("principles-measure", "principles", "How I work",
     "I measure before I change anything, and I write the decision down before I build it."),
    ("lab-leak", "lab", "A memory leak, drawn live",
     "The leak experiment fills the old generation of a JVM heap and draws it live; the fast preset runs only "
     "on the server."),
]

LEXICON = [
    {"term": "3-D Secure", "aliases": ["3ds", "3ds2"]},
    {"term": "Strong Customer Authentication", "aliases": ["sca"]},
    {"term": "Java", "aliases": []},
    {"term": "JVM", "aliases": ["java virtual machine"]},
    {"term": "Kafka", "aliases": ["apache kafka"]},
    {"term": "Debezium", "aliases": []},
    {"term": "Transactional outbox", "aliases": ["outbox pattern", "outbox"]},
    {"term": "Idempotency keys", "aliases": ["idempotency key"]},
    {"term": "Kubernetes", "aliases": ["k8s"]},
    {"term": "PostgreSQL", "aliases": ["postgres"]},
    {"term": "Architecture decision records", "aliases": ["adr", "adrs"]},
    {"term": "Rust", "aliases": []},
    {"term": "Go", "aliases": ["golang"]},
    {"term": "Haskell", "aliases": []},
    {"term": "Erlang", "aliases": []},
    {"term": "Elixir", "aliases": []},
    {"term": "COBOL", "aliases": []},
    {"term": "Python", "aliases": []},
    {"term": "Terraform", "aliases": []},
    {"term": "GraphQL", "aliases": []},
]


def manifest() -> dict[str, Any]:
    return {
        "version": 1,
        "hash": "",
        "site_name": "Mara Lindqvist",
        "sidecar": "",
        "pages": PAGES,
        "sections": [
            {"id": "work", "label": "Work", "page": "home", "path": "/#work"},
            {"id": "contact", "label": "Contact", "page": "home", "path": "/#contact"},
        ],
        "parts": [
            {"id": "3ds-flow", "label": "The 3-D Secure flow", "page": "cases-3ds", "path": "/cases/3ds/"},
            {"id": "roles-timeline", "label": "Roles timeline", "page": "roles", "path": "/roles/"},
            {"id": "leak-chart", "label": "Leak chart", "page": "lab", "path": "/lab/"},
        ],
        "experiments": [
            {"id": "leak", "label": "Memory leak", "page": "lab", "path": "/lab/", "live": True,
             "presets": [{"id": "slow", "label": "Slow leak", "server": False},
                         {"id": "fast", "label": "Fast leak", "server": True}]},
        ],
        "tours": [
            {"id": "first-visit", "label": "A first visit", "steps": [
                {"page": "home", "path": "/#work", "section": "work", "part": None, "caption": "Four cases."},
                {"page": "lab", "path": "/lab/", "section": None, "part": "leak-chart", "caption": "A leak."}]},
        ],
        "offers": [
            {"id": "cv", "label": "Download the CV", "target": "/cv/"},
            {"id": "email", "label": "Write an email", "target": "mailto:mara@lindqvist.example"},
        ],
        "actions": [{"name": "run_leak", "label": "Run", "page": "lab", "consequential": None}],
        "fields": [
            {"name": "leak_preset", "id": "leak-preset", "label": "Preset", "page": "lab",
             "options": [{"value": "slow", "label": "Slow leak"}, {"value": "fast", "label": "Fast leak"}],
             "consequential": None},
        ],
        "page_text": {p["id"]: f"The {p['label']} page." for p in PAGES},
        "instructions": {"lab": "Offer to run the leak experiment when the visitor asks about memory."},
    }


def _id_tool(name: str, description: str, ids: list[str]) -> dict[str, Any]:
    return {
        "name": name,
        "description": description,
        "strict": True,
        "input_schema": {"type": "object", "properties": {"id": {"type": "string", "enum": ids}},
                         "required": ["id"], "additionalProperties": False},
    }


def tools(m: dict[str, Any]) -> list[dict[str, Any]]:
    runs = []
    for e in m["experiments"]:
        runs.append(e["id"])
        runs += [f"{e['id']}:{p['id']}" for p in e["presets"]]
        if e["live"]:
            runs.append(f"{e['id']}:live")
    targets = [p["id"] for p in m["pages"]] + [s["id"] for s in m["sections"]]
    closed = {"type": "object", "properties": {}, "required": [], "additionalProperties": False}
    out = [
        _id_tool("show_page", "Open a page of the site.", [p["id"] for p in m["pages"]]),
        _id_tool("point_at", "Ring a part of the open page.", [p["id"] for p in m["parts"]]),
        _id_tool("run_experiment", "Run an experiment.", runs),
        _id_tool("start_tour", "Start a tour.", [t["id"] for t in m["tours"]]),
        _id_tool("offer", "Offer a next step as a button.", [o["id"] for o in m["offers"]]),
        {"name": "get_page_content", "description": "The open page's text.", "strict": True, "input_schema": closed},
        {"name": "show_links", "description": "Show links.", "strict": True, "input_schema": {
            "type": "object", "additionalProperties": False, "required": ["items"], "properties": {"items": {
                "type": "array", "items": {"type": "object", "additionalProperties": False,
                                           "required": ["to", "title", "gist"], "properties": {
                    "to": {"type": "string", "enum": targets}, "title": {"type": "string"},
                    "gist": {"type": "string"}}}}}}},
        {"name": "offer_choices", "description": "Offer choices.", "strict": True, "input_schema": {
            "type": "object", "additionalProperties": False, "required": ["question", "options"],
            "properties": {"question": {"type": "string"}, "options": {"type": "array", "items": {"type": "string"}}}}},
    ]
    out += [{"name": a["name"], "description": a["label"], "strict": True, "input_schema": closed}
            for a in sorted(m["actions"], key=lambda a: a["name"])]
    for f in sorted(m["fields"], key=lambda f: f["name"]):
        values = [o["value"] for o in f["options"]]
        out.append({"name": f["name"], "description": f["label"], "strict": True, "input_schema": {
            "type": "object", "additionalProperties": False, "required": ["value"],
            "properties": {"value": {"type": "string", "enum": values}}}})
    return out


def hand_bundle() -> dict[str, Any]:
    m = manifest()
    record = [{"id": i, "page": p, "title": t, "text": x, "path": f"{_page_path(p)}#{i}"} for i, p, t, x in RECORD]
    record_text = "\n".join(f"[[{r['id']}]] {r['title']}: {r['text']}" for r in record)
    system = [
        {"type": "text", "text": "Answer only from the record. End each factual sentence with its section ids in "
                                 "double brackets. Write in the third person. Answer [[none]] when the record does "
                                 "not answer."},
        {"type": "text", "text": record_text},
        {"type": "text", "text": "Pages: " + ", ".join(p["id"] for p in PAGES), "cache_control": {"type": "ephemeral"}},
    ]
    body = {"tools": tools(m), "system": system, "record": record, "lexicon": LEXICON, "manifest": m}
    canonical = json.dumps(body, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    digest = hashlib.sha256(canonical.encode()).hexdigest()
    m["hash"] = digest
    return {**body, "hash": digest}


def _page_path(page: str) -> str:
    return next(p["path"] for p in PAGES if p["id"] == page)


def write_hand_bundle(directory: Path) -> Path:
    path = directory / "docent-bundle.json"
    path.write_text(json.dumps(hand_bundle(), ensure_ascii=False), encoding="utf-8")
    return path


def plugin_ready() -> bool:
    return (ROOT / "mkdocs.yml").is_file() and importlib.util.find_spec("docent.plugins.plugin") is not None


@functools.cache
def example_bundle() -> Path:
    """The example site's bundle, built once per process; the hand-made one while the plugin is not there."""
    work = Path(tempfile.mkdtemp(prefix="docent-site-"))
    if plugin_ready():
        shutil.copy(ROOT / "mkdocs.yml", work / "mkdocs.yml")
        shutil.copytree(ROOT / "docs", work / "docs")
        done = subprocess.run(
            [sys.executable, "-m", "mkdocs", "build", "-q", "-d", str(work / "site")],
            cwd=work, capture_output=True, text=True, timeout=120,
        )
        bundle = work / "docent-bundle.json"
        if done.returncode == 0 and bundle.is_file():
            return bundle
        raise RuntimeError(f"mkdocs build of the example site failed:\n{done.stdout}\n{done.stderr}")
    return write_hand_bundle(work)
