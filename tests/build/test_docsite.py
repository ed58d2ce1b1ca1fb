"""A real documentation site no one here wrote (Starlette's, vendored): built `--strict` with Docent added and the
record chosen by `record_pages`, every word of its record pages in the record, and its code blocks kept as code."""

from __future__ import annotations

import json
import re
import textwrap
from pathlib import Path
from typing import Any

import pytest

from docent.sidecar.answer.bundle import Bundle
from tests.evals import docsite
from tests.sitebuilds import SiteBuilds

FENCE = re.compile(r"^([ \t]*)(`{3,}|~{3,})[^\n]*\n(.*?)^\1\2[ \t]*$", re.MULTILINE | re.DOTALL)


@pytest.fixture(scope="module")
def built(site_builds: SiteBuilds) -> docsite.Built:
    return site_builds(docsite.SITE)


@pytest.fixture(scope="module")
def loaded(built: docsite.Built) -> Bundle:
    """The bundle loaded once for the module, as a sidecar loads it once for every turn: what the gate reads of it
    (its lexicon, the site's names, each section's mentions) is made with the first gate and hangs on it."""
    return Bundle.load(built.bundle)


@pytest.fixture(scope="module")
def bundle(built: docsite.Built) -> dict[str, Any]:
    return dict(json.loads(built.bundle.read_text(encoding="utf-8")))


def test_it_builds_strict_with_the_record_chosen_by_record_pages(built, bundle) -> None:
    pages = {section["page"] for section in bundle["record"]}
    nav = {p["id"] for p in bundle["manifest"]["pages"]}
    assert "contributing" in nav and "contributing" not in pages  # left out by the wildcard, by default
    assert "release-notes" in pages  # left out by default too, but named in the include
    assert pages == nav - {"contributing"}  # every other page gives the record something
    summary = next(line for line in built.log.splitlines() if "record sections" in line)
    assert "0 problems" in summary and "(100.0% of the record pages' text)" in summary


def test_every_word_of_the_record_pages_is_in_the_record(built) -> None:
    assert docsite.coverage(built) >= 0.98


def test_each_page_opening_and_heading_path_is_kept(bundle) -> None:
    record = {s["id"]: s for s in bundle["record"]}
    # The Requests page's text before its first heading, and an h4 under an h3 with its path.
    assert record["requests"]["path"] == "/requests/" and record["requests"]["headings"] == ["Requests"]
    assert record["body"]["headings"] == ["Requests", "Request", "Body"]
    # A heading with only sub-headings under it is a group, not a section.
    assert "common-patterns" not in record
    assert record["processing-certain-requests-only"]["headings"][-2] == "Common patterns"


def test_every_code_block_of_the_markdown_reaches_the_record_line_for_line(built, bundle) -> None:
    codes = {b["text"] for s in bundle["record"] for b in s["blocks"] if b["kind"] == "code"}
    fences = [
        textwrap.dedent(m.group(3)).strip("\n")  # a highlighter drops a fence's leading and trailing blank lines
        for page in sorted((built.root / "docs").glob("*.md")) if page.name != "contributing.md"
        for m in FENCE.finditer(page.read_text(encoding="utf-8"))
    ]
    assert len(fences) > 100
    assert [f for f in fences if f not in codes] == []
    # Material's highlighter writes no language into the HTML: each comes from its fence in the Markdown.
    python = [b for s in bundle["record"] for b in s["blocks"] if b["kind"] == "code" and b["lang"] == "python"]
    assert len(python) > 100


def test_inline_code_keeps_the_spaces_around_it_and_is_noted_on_its_block(bundle) -> None:
    body = next(s for s in bundle["record"] if s["id"] == "body")
    assert "The request body as bytes: await request.body()" in body["text"]
    assert any(b["kind"] == "paragraph" and "await request.body()" in b["code"] for b in body["blocks"])


@pytest.mark.parametrize(("path", "least"), [
    (docsite.QUESTIONS, (30, 5)), (docsite.HOLDOUT, (10, 3)), (docsite.ROUND4, (15, 3)),
])
def test_the_questions_gold_sections_and_facts_are_in_the_record(bundle, path, least) -> None:
    record = {s["id"]: s for s in bundle["record"]}
    asked = docsite.questions(path)
    answerable = docsite.answerable(path)
    assert len(answerable) >= least[0] and len(asked) - len(answerable) >= least[1]
    for q in asked:
        assert q["source"].startswith("https://github.com/"), q["id"]
    for q in answerable:
        assert set(q["sections"]) <= set(record), q["id"]
        for fact in q["facts"]:
            assert any(fact.lower() in record[sid]["text"].lower() for sid in q["sections"]), (q["id"], fact)


def test_the_vendored_site_carries_its_licence_and_sources() -> None:
    site = Path(docsite.SITE)
    assert "Redistribution and use in source and binary forms" in (site / "LICENSE.md").read_text(encoding="utf-8")
    assert "cb8f84f5284dc301ca7a31eb732b9e140769dd48" in (site / "SOURCES.md").read_text(encoding="utf-8")


def test_a_careful_model_s_quoted_code_reaches_the_reader_byte_for_byte(built) -> None:
    # Answers by a writer who saw only the bundle's prompt and record, replayed through the real app.
    answers = json.loads((docsite.QUESTIONS.parent / docsite.ANSWERS["docs"]).read_text(encoding="utf-8"))
    figures = docsite.quoted.measure(answers, built.bundle)
    assert figures.blocks >= 15, figures.report()
    assert figures.intact / figures.blocks >= 0.97, figures.report()
    assert figures.raw == [], figures.report()


# Round 3's corpora on this site (`tests/evals/corpora/round3-docs-*.json`, a writer who saw only the bundle's
# prompt): the part the rules were written against keeps these floors per kind (the figures measured when the rules
# last changed; the goal is 0.8 held per kind, 0.97 faithful shown). The held-out half is measured by `make bench`.
FLOOR_DOCS = {
    "attribution": 0.8, "cause": 0.4, "comparative": 0.6, "hedge": 0.6,
    "negation_other_words": 0.8, "order": 0.6, "quantifier": 0.4, "unit": 1.0,
}
FLOOR_DOCS_FAITHFUL = 48 / 48


def test_round_3_constructions_on_the_docs_keep_their_floors(built) -> None:
    from docent.sidecar.operator.corpora import docs

    part = docs(docsite.QUESTIONS.parent / "corpora", built.bundle).parts["docs"]
    for kind, floor in FLOOR_DOCS.items():
        assert part.held[kind] / part.falsehoods[kind] >= floor - 1e-9, (kind, part.report("docs"))
    shown = sum(part.shown.values()) / sum(part.faithful.values())
    assert shown >= FLOOR_DOCS_FAITHFUL - 1e-9, part.report("docs")


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # The project's own name is no unknown term; it is no actor where the docs give the deed to another party.
        ("Uvicorn includes a middleware class for determining the client IP address [[proxyheadersmiddleware]].", "shown"),
        ("Starlette includes a middleware class for determining the client IP address [[proxyheadersmiddleware]].", "actor"),
        ("Starlette provides a set_cookie method on the response object [[set-cookie]].", "shown"),
        # A unit with no figure; a reason told for another fact of the section.
        ("max_age gives the lifetime of the cookie in seconds [[set-cookie]].", "shown"),
        ("max_age gives the lifetime of the cookie in milliseconds [[set-cookie]].", "rate"),
        ("The middleware won't GZip responses with a Content-Encoding set, to prevent them from being encoded twice [[gzipmiddleware]].", "shown"),
        ("The middleware won't GZip responses smaller than minimum_size, to prevent them from being encoded twice [[gzipmiddleware]].", "cause"),
        # "stops X from" denies what follows; a code example's lines do not part a reason from its effect.
        ("An HTTPException stops the connection from being upgraded to a WebSocket connection [[httpexception]].", "shown"),
        ("An HTTPException stops the proper HTTP response from being returned [[httpexception]].", "polarity"),
        ("Set status_code=404 on requires in order to hide information about the URL layout [[permissions]].", "shown"),
        # A definition list's item ("- ServerErrorMiddleware - Ensures ..."): its words told of another term.
        ("ExceptionMiddleware ensures that application exceptions may return a custom 500 page [[using-middleware]].", "direction"),
        ("ServerErrorMiddleware ensures that application exceptions may return a custom 500 page [[using-middleware]].", "shown"),
        ("ExceptionMiddleware adds exception handlers [[using-middleware]].", "shown"),
        # A reason two sentences before its effect, which the section links with "Therefore".
        ("Because the port is removed from the Host header when matching host-based routes, you can specify a port "
         "on a Host route when you need it for url_for [[host-based-routing]].", "shown"),
    ],
)
def test_the_gate_reads_documentation_prose(loaded, sentence: str, expected: str) -> None:
    from docent.sidecar.answer.events import Held, Sentence
    from docent.sidecar.answer.policy import AnswerPolicy
    from docent.sidecar.answer.turn import default_gate

    gate = default_gate(loaded, AnswerPolicy())  # a fresh gate, on the bundle every turn of a sidecar shares
    events = [e for e in (*gate.feed(sentence), *gate.finish()) if isinstance(e, Sentence | Held)]
    assert len(events) == 1, events
    assert ("shown" if isinstance(events[0], Sentence) else events[0].reason) == expected


def test_the_embedded_model_shows_a_gold_fact_and_refuses_what_the_docs_never_say(built) -> None:
    # Floors under `make eval`'s docs_offline_useful and docs_offline_refused (0.794 and 1.0 through the real app
    # in round 4; the goals are 0.7 and 0.8), on the model's own answers: a question naming code the docs never
    # write (thread_minimum_size, .db.env) is refused, and the sentence and code that answer are picked.
    figures = docsite.said(built)
    assert figures["useful"] >= 0.7 and figures["refused"] >= 0.8, figures
