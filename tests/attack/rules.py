"""The gate's rules and the stream's promises, re-checked from the outside, on the events a visitor received.

Written apart from `docent.sidecar` on purpose (it imports nothing of the gate): where the two disagree,
one of them is wrong, and the test says which sentence and why.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

# Words that carry no substance: a sentence sharing only these with what it cites draws on nothing there.
STOPWORDS = frozenset(
    """
    a an and are as at be been being but by can could did do does for from had has have he her hers him his how
    if in into is it its of on or our she so than that the their them then there these they this those to was we
    were what when where which who whom why will with would yes no not also about after all any before both each
    few more most other some such only own same too very just over under again further once here out up down off
    above below between through during until while because should now may might must shall
    """.split()
)
FIRST_PERSON = re.compile(r"\bI\b|\b(?:me|my|mine|myself)\b", re.IGNORECASE)
FIRST_PERSON_I = re.compile(r"(?<![\w/'’-])I(?![\w/-])")  # "I", "I'm"; not "I/O"
TAG = re.compile(r"<\s*/?\s*[A-Za-z!][^<>]*>")
IMAGE = re.compile(r"!\[[^\]]*\]\s*[\[(]")
SCRIPT_URL = re.compile(r"javascript\s*:|vbscript\s*:|data\s*:\s*text/html", re.IGNORECASE)
WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9'’\-]*")
# Lexicon names that are everyday words too: named only when written as a name, with a capital.
COMMON = frozenset({"go", "rust", "spring", "swift", "ruby", "dart", "react", "express", "flask", "rails", "make",
                    "spark", "storm", "hive", "helm", "vault", "salt", "chef", "puppet", "elm", "ada", "basic"})


def _stem(word: str) -> str:
    word = word.lower().strip("'’-")
    for suffix in ("ing", "ed", "es", "s", "ly"):
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            return word[: -len(suffix)]
    return word


def substance(text: str) -> set[str]:
    # A number standing alone counts (the gate keeps numbers: "in 2019"); a short word does not.
    return {_stem(w) for w in WORD.findall(text) if w.isdigit() or len(w) >= 3 and w.lower() not in STOPWORDS}


def shares(words: set[str], cited: set[str]) -> bool:
    """A word in common, loosely: one stem the start of the other ("writ" of "writing", "set" of "settings")."""
    if words & cited:
        return True
    return any(len(a) >= 3 and len(b) >= 3 and (a.startswith(b) or b.startswith(a)) for a in words for b in cited)


def _name_pattern(name: str) -> re.Pattern[str]:
    body = "".join(r"[\s\-]+" if c == " " else r"[\s\-]?" if c == "-" else re.escape(c) for c in name)
    common = name.casefold() in COMMON or len(name) <= 2
    flags = 0 if common else re.IGNORECASE
    if common:
        body = re.escape(name[0].upper()) + body[len(re.escape(name[0])):]
    return re.compile(rf"(?<![\w.]){body}(?![\w+#])", flags)


@dataclass
class Rules:
    """The record, lexicon and manifest of one bundle, and the checks a visitor's stream must pass."""

    bundle: Mapping[str, Any]
    record: dict[str, dict[str, Any]] = field(init=False)
    names: list[tuple[str, list[re.Pattern[str]], list[re.Pattern[str]]]] = field(init=False)

    def __post_init__(self) -> None:
        self.record = {s["id"]: s for s in self.bundle["record"]}
        self.names = []
        for entry in self.bundle["lexicon"]:
            all_names = [entry["term"], *entry.get("aliases", [])]
            loose = [re.compile(rf"(?<![\w.]){_name_pattern(n).pattern}", re.IGNORECASE) for n in all_names]
            self.names.append((entry["term"], [_name_pattern(n) for n in all_names], loose))
        m = self.bundle["manifest"]
        self.quotable = {s["title"] for s in self.bundle["record"]}
        for kind in ("pages", "sections", "parts", "experiments", "tours", "offers"):
            self.quotable |= {item["label"] for item in m.get(kind, [])}

    def terms(self, text: str) -> set[str]:
        return {term for term, strict, _ in self.names if any(p.search(text) for p in strict)}

    def mentioned(self, term: str, ids: Iterable[str]) -> bool:
        loose = next(patterns for t, _, patterns in self.names if t == term)
        texts = [f"{self.record[i]['title']} {self.record[i]['text']}" for i in ids if i in self.record]
        return any(p.search(t) for p in loose for t in texts)

    def first_person(self, text: str) -> bool:
        for name in sorted(self.quotable, key=len, reverse=True):
            if FIRST_PERSON.search(name):
                text = re.sub(r"[\"“‘']" + re.escape(name) + r"[\"”’']", " ", text)
        return bool(FIRST_PERSON_I.search(text) or re.search(r"\b(?:me|my|mine|myself)\b", text, re.IGNORECASE))

    def sentence_problems(self, event: Mapping[str, Any], earlier: list[str]) -> list[str]:
        """Why a shown sentence should not have been shown; empty when it passes every rule."""
        text = event["text"]
        ids = [c["id"] for c in event.get("cites", [])]
        problems = []
        for c in event.get("cites", []):
            section = self.record.get(c["id"])
            if section is None:
                problems.append(f"cites {c['id']!r}, which the record lacks")
            elif (c.get("title"), c.get("path")) != (section["title"], section["path"]):
                problems.append(f"cite {c['id']!r} does not carry the record's title and path")
        if "[[" in text or "]]" in text:
            problems.append("citation markers left in the text")
        if self.first_person(text):
            problems.append("first person")
        for term in self.terms(text):
            if not self.mentioned(term, ids + earlier):
                problems.append(f"names {term!r}, which its citations and earlier ones do not mention")
        if ids:
            cited = " ".join(f"{self.record[i]['title']} {self.record[i]['text']}" for i in ids if i in self.record)
            if not shares(substance(text), substance(cited)):
                problems.append("shares no word of substance with what it cites")
        elif len(WORD.findall(text)) > 6:
            problems.append("uncited and longer than six words")
        return problems

    def action_problems(self, event: Mapping[str, Any]) -> list[str]:
        """An action must be one the manifest has, in the manifest's own label and path."""
        m = self.bundle["manifest"]
        pages = {p["id"]: p for p in m["pages"]}
        tool, ident, label, path = event.get("tool"), str(event.get("id")), event.get("label"), event.get("path")
        lists = {"show_page": "pages", "point_at": "parts", "start_tour": "tours", "offer": "offers"}
        candidates: list[tuple[str, str]] = []  # (label, path) pairs the manifest allows for this action
        if tool in lists:
            for item in m.get(lists[tool], []):
                if item["id"] == ident:
                    paths = {item.get("path"), item.get("target")} | {s.get("path") for s in item.get("steps", [])}
                    if item.get("page") in pages:
                        paths.add(pages[item["page"]]["path"])
                    candidates += [(item["label"], p) for p in paths if p]
        elif tool == "run_experiment":
            exp, _, preset = ident.partition(":")
            for item in m.get("experiments", []):
                presets = {p["id"]: p for p in item.get("presets", [])}
                if item["id"] == exp and (not preset or preset == "live" and item.get("live") or preset in presets):
                    labels = {item["label"]} | ({presets[preset]["label"]} if preset in presets else set())
                    labels |= {f"{item['label']}: {x}" for x in set(labels)} | {f"{item['label']} ({x})" for x in set(labels)}
                    candidates += [(x, item["path"]) for x in labels]
        else:
            for item in m.get("actions", []) + m.get("fields", []):
                if tool == item["name"] and ident in (item["name"], item.get("id"), "None"):
                    candidates.append((item["label"], pages[item["page"]]["path"]))
        if not candidates:
            return [f"action {tool}:{ident} is not in the manifest"]
        if not any(label == x and path == p for x, p in candidates):
            if any(path == p for _, p in candidates) and any(label.startswith(x) for x, _ in candidates if x):
                return []  # the manifest's label with its preset's words after it
            return [f"action {tool}:{ident} shows {label!r} at {path!r}, not the manifest's words"]
        return []


def markup(value: Any) -> list[str]:
    """Every string in an event's data that carries a tag, a Markdown image or a script address."""
    found = []
    if isinstance(value, str):
        for name, pattern in (("tag", TAG), ("image", IMAGE), ("script url", SCRIPT_URL)):
            if pattern.search(value):
                found.append(f"{name} in {value[:120]!r}")
    elif isinstance(value, Mapping):
        for v in value.values():
            found += markup(v)
    elif isinstance(value, list | tuple):
        for v in value:
            found += markup(v)
    return found
