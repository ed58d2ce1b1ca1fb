"""A hand-made bundle of the example site, for the evals until `mkdocs build` writes the real one.

The record is read off the example's Markdown (`docs/`, pages whose front matter says `record: true`);
the manifest is written here by hand from the same pages; the tools follow INTERFACES.md §3.
Run `python -m tests.evals.example` to rewrite `tests/evals/bundle.json`.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent

PAGES = [
    ("home", "Home", "/", "index.md"),
    ("cases-3ds", "3-D Secure rollout", "/cases/3ds/", "cases/3ds.md"),
    ("cases-kafka", "Kafka event backbone", "/cases/kafka/", "cases/kafka.md"),
    ("cases-kubernetes", "Kubernetes migration", "/cases/kubernetes/", "cases/kubernetes.md"),
    ("cases-jvm-leak", "JVM memory leak", "/cases/jvm-leak/", "cases/jvm-leak.md"),
    ("roles", "Roles", "/roles/", "roles.md"),
    ("decisions", "Decisions", "/decisions/", "decisions.md"),
    ("principles", "How I work", "/principles/", "principles.md"),
    ("lab", "Lab", "/lab/", "lab.md"),
    ("cv", "CV", "/cv/", "cv.md"),
    ("fit-check", "Fit check", "/fit-check/", "fit-check.md"),
    ("get-in-touch", "Get in touch", "/get-in-touch/", "get-in-touch.md"),
    ("assistant", "Assistant", "/assistant/", "assistant.md"),
]
PARTS = [
    ("3ds-flow", "The 3-D Secure 2 flow", "cases-3ds"),
    ("kafka-topology", "The topics of the event backbone", "cases-kafka"),
    ("heap-histogram", "The heap histogram that named the leak", "cases-jvm-leak"),
    ("roles-timeline", "The timeline of roles", "roles"),
    ("leak-chart", "The leak chart: heap use over time", "lab"),
    ("old-gen", "The old generation bar", "lab"),
    ("storm-chart", "The retry storm chart", "lab"),
    ("storm-results", "The storm results table", "lab"),
]
LEAK_PRESETS = [
    ("healthy", "Healthy: no leak", False),
    ("slow-leak", "Slow leak: 1.5 MB a second", False),
    ("fast-leak", "Fast leak: 6 MB a second", False),
    ("full-heap", "Full heap: the server run only", True),
]
STORM_PRESETS = [
    ("no-backoff", "No backoff: retry at once", False),
    ("backoff", "Exponential backoff", False),
    ("backoff-jitter", "Exponential backoff with jitter", False),
]
LEXICON = [
    "Java", "Kotlin", "Rust", "Go", "Python", "Kafka", "RabbitMQ", "PostgreSQL", "Redis", "Kubernetes",
    "Spring Boot", "AWS", "OpenTelemetry", "gRPC", "REST", "3-D Secure", "PCI DSS", "Terraform", "Debezium",
    "Transactional outbox", "Idempotency keys", "Code review", "Mentoring",
]


def _path(page: str) -> str:
    return next(p[2] for p in PAGES if p[0] == page)


def manifest() -> dict[str, Any]:
    def presets(rows: list[tuple[str, str, bool]]) -> list[dict[str, Any]]:
        return [{"id": i, "label": label, "server": server} for i, label, server in rows]

    def options(rows: list[tuple[str, str, bool]]) -> list[dict[str, Any]]:
        return [{"value": i, "label": label} for i, label, _ in rows]

    return {
        "version": 1,
        "hash": "",
        "site_name": "Mara Lindqvist · Payments and backend engineering",
        "sidecar": "",
        "pages": [{"id": i, "label": label, "path": path} for i, label, path, _ in PAGES],
        "sections": [
            {"id": i, "label": label, "page": "home", "path": f"/#{i}"}
            for i, label in [("work", "Work"), ("experiments", "Experiments"), ("how-i-work", "How I work"), ("contact", "Contact")]
        ],
        "parts": [{"id": i, "label": label, "page": page, "path": _path(page)} for i, label, page in PARTS],
        "experiments": [
            {"id": "leak", "label": "The leaking heap", "page": "lab", "path": "/lab/", "live": True, "presets": presets(LEAK_PRESETS)},
            {"id": "storm", "label": "The retry storm", "page": "lab", "path": "/lab/", "live": True, "presets": presets(STORM_PRESETS)},
        ],
        "tours": [
            {
                "id": "first-visit",
                "label": "A first visit",
                "steps": [
                    {"page": "home", "path": "/#work", "section": "work", "part": None, "caption": "Four cases from card payments."},
                    {"page": "cases-3ds", "path": "/cases/3ds/", "section": None, "part": "3ds-flow", "caption": "The 3-D Secure flow."},
                    {"page": "lab", "path": "/lab/", "section": None, "part": "leak-chart", "caption": "A heap that leaks."},
                ],
            },
            {
                "id": "hiring",
                "label": "For a hiring manager",
                "steps": [
                    {"page": "roles", "path": "/roles/", "section": None, "part": "roles-timeline", "caption": "Two roles, eight years."},
                    {"page": "principles", "path": "/principles/", "section": None, "part": None, "caption": "How she works."},
                ],
            },
        ],
        "offers": [
            {"id": "cv", "label": "Download the CV", "target": "/cv/"},
            {"id": "email", "label": "Write an email", "target": "mailto:mara@lindqvist.example"},
            {"id": "introduction", "label": "Ask for an introduction", "target": "/get-in-touch/#introduction"},
            {"id": "fit-check", "label": "Check a role against the record", "target": "/fit-check/"},
        ],
        "actions": [
            {"name": "clear_lab", "label": "Clear the lab", "page": "lab", "consequential": "confirm"},
            {"name": "reset_leak", "label": "Reset the leak", "page": "lab", "consequential": None},
            {"name": "reset_storm", "label": "Reset the storm", "page": "lab", "consequential": None},
            {"name": "run_leak", "label": "Run the leak", "page": "lab", "consequential": None},
            {"name": "run_storm", "label": "Run the storm", "page": "lab", "consequential": None},
            {"name": "send_message", "label": "Send the message", "page": "get-in-touch", "consequential": "ring"},
        ],
        "fields": [
            {"name": "leak_preset", "id": "leak-preset", "label": "Leak preset", "page": "lab", "options": options(LEAK_PRESETS), "consequential": None},
            {"name": "storm_preset", "id": "storm-preset", "label": "Storm preset", "page": "lab", "options": options(STORM_PRESETS), "consequential": None},
        ],
    }


_HEADING = re.compile(r"^(#{2,3}) (.+?) \{ #([\w-]+) \}\s*$", re.MULTILINE)
_TAG = re.compile(r"<[^>]+>")


def record() -> list[dict[str, Any]]:
    sections = []
    for page, _label, path, source in PAGES:
        file = ROOT / "docs" / source
        if not file.exists():
            continue
        text = file.read_text(encoding="utf-8")
        front = text.split("---", 2)[1] if text.startswith("---") else ""
        if "record: true" not in front:
            continue
        heads = list(_HEADING.finditer(text))
        for n, head in enumerate(heads):
            end = heads[n + 1].start() if n + 1 < len(heads) else len(text)
            body = _TAG.sub(" ", text[head.end() : end])
            body = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", body)
            sections.append(
                {"id": head.group(3), "page": page, "title": head.group(2), "text": " ".join(body.split()), "path": f"{path}#{head.group(3)}"}
            )
    return sections


def page_text(sections: list[dict[str, Any]]) -> dict[str, str]:
    texts: dict[str, list[str]] = {}
    for s in sections:
        texts.setdefault(s["page"], []).append(f"{s['title']}\n{s['text']}")
    return {page: "\n\n".join(parts) for page, parts in texts.items()}


def _id_tool(name: str, description: str, ids: list[str]) -> dict[str, Any]:
    return {
        "name": name,
        "description": description,
        "input_schema": {
            "type": "object",
            "properties": {"id": {"type": "string", "enum": ids}},
            "required": ["id"],
            "additionalProperties": False,
        },
        "strict": True,
    }


def tools(m: dict[str, Any]) -> list[dict[str, Any]]:
    runs = []
    for e in m["experiments"]:
        runs.append(e["id"])
        runs += [f"{e['id']}:{p['id']}" for p in e["presets"]]
        if e["live"]:
            runs.append(f"{e['id']}:live")
    links = [p["id"] for p in m["pages"]] + [s["id"] for s in m["sections"]]
    out = [
        _id_tool("show_page", "Open a page of the site, or a section of the home page, for the visitor.", links),
        _id_tool("point_at", "Point at a part of the page the visitor has open.", [p["id"] for p in m["parts"]]),
        _id_tool("run_experiment", "Run an experiment: EXP in the browser, EXP:PRESET with a preset, EXP:live as a live run.", runs),
        _id_tool("start_tour", "Start a tour of the site.", [t["id"] for t in m["tours"]]),
        _id_tool("offer", "Offer the visitor a next step as a button they may press.", [o["id"] for o in m["offers"]]),
        {
            "name": "get_page_content",
            "description": "What the page the user has open shows right now. Call it first for anything about this page.",
            "input_schema": {"type": "object", "properties": {}, "required": [], "additionalProperties": False},
            "strict": True,
        },
        {
            "name": "show_links",
            "description": "Show the user links to pages of the site, each with a title and a one-line gist.",
            "input_schema": {
                "type": "object",
                "properties": {
                    "items": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "properties": {"to": {"type": "string", "enum": links}, "title": {"type": "string"}, "gist": {"type": "string"}},
                            "required": ["to", "title", "gist"],
                            "additionalProperties": False,
                        },
                    }
                },
                "required": ["items"],
                "additionalProperties": False,
            },
            "strict": True,
        },
        {
            "name": "offer_choices",
            "description": "Ask the user a question with two to four short answers they pick with one click.",
            "input_schema": {
                "type": "object",
                "properties": {"question": {"type": "string"}, "options": {"type": "array", "items": {"type": "string"}}},
                "required": ["question", "options"],
                "additionalProperties": False,
            },
            "strict": True,
        },
    ]
    for a in sorted(m["actions"], key=lambda a: a["name"]):
        marker = {"ring": " (consequential)", "confirm": " (asks first)"}.get(a["consequential"] or "", "")
        out.append(
            {
                "name": a["name"],
                "description": f"Press \"{a['label']}\"{marker}.",
                "input_schema": {"type": "object", "properties": {}, "required": [], "additionalProperties": False},
                "strict": True,
            }
        )
    for f in sorted(m["fields"], key=lambda f: f["name"]):
        values = [o["value"] for o in f["options"]]
        entry = f"{f['label']}, one of " + ", ".join(f'"{o["value"]}" ({o["label"]})' for o in f["options"])
        out.append(
            {
                "name": f["name"],
                "description": f"Fill the field: {entry}.",
                "input_schema": {
                    "type": "object",
                    "properties": {"value": {"type": "string", "description": "What the field should say.", "enum": values}},
                    "required": ["value"],
                    "additionalProperties": False,
                },
                "strict": True,
            }
        )
    return out


def build() -> dict[str, Any]:
    m = manifest()
    sections = record()
    m["page_text"] = page_text(sections)
    m["instructions"] = {
        "lab": "Two experiments that run in this browser: leak and storm. leak_preset and storm_preset pick a preset "
        "without running it; Run the leak and Run the storm run the preset shown. The full-heap preset runs only "
        "on the server, as a live run. Clear the lab resets both experiments."
    }
    titles = "\n".join(f"[{s['id']}] {s['title']}: {s['text']}" for s in sections)
    pages = "\n".join(f"{p['id']} {p['path']} {p['label']}" for p in m["pages"])
    system = [
        {"type": "text", "text": "You are the guide of this site. Answer only from the record; cite [[id]]."},
        {"type": "text", "text": "The record:\n" + titles},
        {"type": "text", "text": "The site's map:\n" + pages, "cache_control": {"type": "ephemeral"}},
    ]
    lexicon = [{"term": t, "aliases": []} for t in LEXICON]
    body = {"tools": tools(m), "system": system, "record": sections, "lexicon": lexicon, "manifest": m}
    canonical = json.dumps(body, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    digest = hashlib.sha256(canonical.encode("utf-8")).hexdigest()
    m["hash"] = digest
    return {**body, "hash": digest}


if __name__ == "__main__":
    (HERE / "bundle.json").write_text(json.dumps(build(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
