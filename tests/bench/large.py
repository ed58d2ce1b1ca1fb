"""A site of any size: a generated documentation site of 10,000 pages, built, searched and served, in one run.

Figures:
- `build_docsite_pages`, `build_plain_docsite_s`, `build_docent_docsite_s`, `build_docsite_ratio`: CPU time of a
  plain `mkdocs build` of the generated documentation site and of one with Docent (strict, its record searched as
  auto chooses), one round each. 1,000 pages by default (DOCENT_BENCH_LARGE_BUILD_PAGES=10000 for the full size):
  MkDocs' themes write the whole navigation into every page, so a plain build of n pages costs n², and 10,000 pages
  take the better part of an hour of CPU before Docent adds anything;
- `stage_ms_per_page_1k`, `stage_ms_per_page_10k`: Docent's own build stage (each page's facts read off its HTML,
  the manifest, the bundle written) per page, at 1,000 and at 10,000 pages: equal figures mean its cost grows
  linearly. The 10,000-page bundle the figures below use is this stage's, from Python-Markdown's HTML;
- `tools_bytes_10k`, `map_chars_10k`, `prompt_tokens_10k`: the bounded tools and map, and the cached prompt;
- `index_build_10k_s`: the record index made when the sidecar loads the bundle (40,000 sections);
- `retrieval_p50_ms`, `retrieval_p99_ms`: one question's excerpts found over that index as the guide finds them
  (`excerpts.searched`: `RecordIndex.given`, its 8 chosen from the first 12 found, their places read), on the large-site
  retrieval set's questions, and `retrieval_followup_p50_ms` with two earlier questions; `retrieval_hit_at_8_10k`: the
  share of those questions whose section is among those eight; `retrieval_long_p50_ms`, `retrieval_long_p99_ms` and
  `retrieval_long_hit_at_8_10k`: the same for the set's long questions (`docsite.long_questions`: context, a pasted
  error, then the ask, past the words one query reads), which the search also asks sentence by sentence;
  `retrieval_search_p50_ms`, `retrieval_search_p99_ms`: the plain search for 8 (`RecordIndex.search`, what the
  embedded model and the agents' search call) on the same questions, beside them;
- `retrieval_rerank_p50_ms`, `retrieval_rerank_p99_ms`, `retrieval_rerank_hit_at_8_10k`: the guide's excerpts with
  `rerank: true` (`excerpts.searched`: the search for 8, the rest of its first 24, the question embedded and the pool
  reranked), question for question beside `retrieval_guide_p50_ms`, the same call without the rerank, in the same run;
  the model loaded and the record's vectors made once, outside the timing (`rerank_vectors_10k_s`). Absent where the
  `rerank` extra is not installed;
- `sidecar_rss_mb_10k`: `docent serve`'s resident memory with that bundle loaded and searched, after a question
  answered on the offline model and one on the replay model (`served_answers_10k`: how many of the two came back
  with a cited sentence); `sidecar_start_10k_s`, `sidecar_start_cpu_10k_s`: from its start to its first answer, of
  the clock and of its CPU (the bundle read, then `Bundle.warm`), the larger of its two starts. The wait for it follows
  the process (`tests.sidecars.wait_until_up`), and a failure prints the end of its output;
- `mcp_search_p50_ms`, `mcp_search_p99_ms`: one `search` call of the MCP endpoint over that bundle, k=5, as the
  sidecar spends it: CPU time from the request entering the app (the guard, the SDK's JSON-RPC, the limits, the
  index, the tool's result made JSON) to its response sent; `mcp_search_roundtrip_p50_ms` adds the SDK's own client
  (its request, and its reading and checking of the result against the tool's output schema), both in this process
  over an in-process transport; `mcp_search_hit_at_5_10k`: the share of the retrieval set's questions whose section
  is among its five results. These go by the handshake protocol (`initialize`, then each call a request of its own
  on the SDK's stateless transport), as coding agents connect today; `mcp_search_modern_p50_ms` is the same call by
  the 2026-07-28 protocol (`server/discover`, each request self-contained), which the SDK answers in the request's
  own task;
- `search_prompt_tokens`: on the example site built with the record searched, what a first question sends the model
  (tools, rules, map, excerpts, question: characters / 4), beside `whole_prompt_tokens` for the same site whole.

Run alone: `python -m tests.bench.large` (DOCENT_BENCH_LARGE_PAGES changes the size).
"""

from __future__ import annotations

import json
import logging
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import anyio
import httpx

from tests.attack.visitor import API
from tests.bench.build import _build
from tests.bench.docsite import Component, component, generate, long_questions, page, questions
from tests.bench.load import _cpu, rss
from tests.loopback import free_port
from tests.sidecars import stop, tail, wait_until_up

PAGES = int(os.environ.get("DOCENT_BENCH_LARGE_PAGES", "10000"))
BUILD_PAGES = int(os.environ.get("DOCENT_BENCH_LARGE_BUILD_PAGES", "1000"))
SAMPLE = 1_000
ROOT = Path(__file__).resolve().parents[2]
# How long `docent serve` may take to answer its first request on the 10,000-page bundle: a hung start's limit, not a
# measure (that is `sidecar_start_10k_s`). Its start (the bundle loaded, then `Bundle.warm`: each of 40,000 sections'
# mentions and the rules' facts) took 106 s of CPU on the bench's machine in round 27, and 3 to 4 times that of the
# clock on a busy machine: the fixed 120 s wait gave up on a server still warming. The wait follows the server
# (`wait_until_up`): it fails at once, with the server's output, if the process exits.
UP_WITHIN_S = 1800.0


def run() -> dict[str, float]:
    logging.getLogger("mkdocs").setLevel(logging.ERROR)
    figures: dict[str, float] = {}
    with tempfile.TemporaryDirectory(prefix="docent-large-") as tmp:
        root = Path(tmp)
        generate(root / "warm", 10)  # imports, Markdown and Jinja warmed before either build is timed
        _build(root / "warm", "plain")
        _build(root / "warm", "docent")
        generate(root / "built", BUILD_PAGES)
        plain = _build(root / "built", "plain")
        docent = _build(root / "built", "docent", strict=True)  # a warning would fail it, as `mkdocs build --strict`
        figures |= {"build_docsite_pages": float(BUILD_PAGES), "build_plain_docsite_s": round(plain, 2),
                    "build_docent_docsite_s": round(docent, 2), "build_docsite_ratio": round(docent / plain, 4)}
        components = [component(n) for n in range(PAGES)]
        small, _ = _stage(root / "stage-1k", components[:1_000])
        large, bundle_path = _stage(root / "stage", components)
        figures |= {"stage_ms_per_page_1k": round(small * 1000 / 1_000, 3),
                    "stage_ms_per_page_10k": round(large * 1000 / len(components), 3)}
        figures |= _retrieval(bundle_path, components)
        figures |= anyio.run(_agents_search, bundle_path, components, False)
        modern = anyio.run(_agents_search, bundle_path, components, True)
        figures |= {"mcp_search_modern_p50_ms": modern["mcp_search_p50_ms"]}
        figures |= _served(root, bundle_path, components)
    figures |= _example_prompt()
    for key, value in figures.items():
        print(f"{key:<26} {value}")
    return figures


def _stage(root: Path, components: list[Component]) -> tuple[float, Path]:
    """Docent's build stage over the pages' HTML (Python-Markdown's, as MkDocs makes it): CPU seconds, the bundle."""
    import markdown

    from docent.manifest_build.bundle import bundle, write
    from docent.manifest_build.manifest import build
    from docent.manifest_build.options import site_config
    from docent.manifest_build.page import read_page

    converter = markdown.Markdown(extensions=["attr_list", "md_in_html", "toc"])
    html = [(c, converter.reset().convert(page(c).split("---\n", 2)[2])) for c in components]
    started = time.process_time()
    facts = [read_page(body, path=f"/{c.area}/{c.name}/", title=c.name, record=True) for c, body in html]
    manifest, problems = build(facts, site_config(site_name="Components"))
    assert not problems, problems[:3]
    path = root / "docent-bundle.json"
    write(bundle(manifest), site_dir=root / "site", bundle_path=path)
    return time.process_time() - started, path


def _retrieval(bundle_path: Path, components: list[Component]) -> dict[str, float]:
    from docent.sidecar.answer.bundle import Bundle
    from docent.sidecar.answer.excerpts import SECTIONS, searched

    bundle = Bundle.load(bundle_path)
    started = time.process_time()
    index = bundle.index
    built = time.process_time() - started
    asked = questions(components)
    step = max(1, len(asked) // SAMPLE)
    sample = asked[::step][:SAMPLE]
    times, follow, plain, hits = [], [], [], 0
    for i, q in enumerate(sample):
        began = time.process_time()  # CPU time: a search is one thread's work, and a shared machine's load is not
        found = searched(bundle, str(q["question"]))
        times.append((time.process_time() - began) * 1000)
        hits += q["sections"][0] in found  # type: ignore[index]
        earlier = [str(sample[i - 1]["question"]), str(sample[i - 2]["question"])] if i >= 2 else []
        began = time.process_time()
        searched(bundle, str(q["question"]), earlier=earlier)
        follow.append((time.process_time() - began) * 1000)
        began = time.process_time()
        index.search(str(q["question"]), limit=SECTIONS)
        plain.append((time.process_time() - began) * 1000)
    long_times, long_hits = [], 0
    long_sample = long_questions(components)[:SAMPLE]
    for q in long_sample:
        began = time.process_time()
        found = searched(bundle, str(q["question"]))
        long_times.append((time.process_time() - began) * 1000)
        long_hits += q["sections"][0] in found  # type: ignore[index]
    return _rerank(bundle, sample) | {
        "record_sections_10k": float(len(bundle.record)),
        "tools_bytes_10k": float(len(json.dumps(bundle.tools, separators=(",", ":")).encode())),
        "map_chars_10k": float(len(bundle.system[-1]["text"])),
        "prompt_tokens_10k": float(bundle.mode.prompt_tokens),
        "index_build_10k_s": round(built, 2),
        "retrieval_p50_ms": round(statistics.median(times), 3),
        "retrieval_p99_ms": round(statistics.quantiles(times, n=100)[98], 3),
        "retrieval_followup_p50_ms": round(statistics.median(follow), 3),
        "retrieval_hit_at_8_10k": round(hits / len(sample), 4),
        "retrieval_long_p50_ms": round(statistics.median(long_times), 3),
        "retrieval_long_p99_ms": round(statistics.quantiles(long_times, n=100)[98], 3),
        "retrieval_long_hit_at_8_10k": round(long_hits / len(long_sample), 4),
        "retrieval_search_p50_ms": round(statistics.median(plain), 3),
        "retrieval_search_p99_ms": round(statistics.quantiles(plain, n=100)[98], 3),
    }


async def _agents_search(bundle_path: Path, components: list[Component], modern: bool) -> dict[str, float]:
    import httpx2
    from mcp import ClientSession
    from mcp.client.streamable_http import streamable_http_client

    from docent.sidecar.app import create_app
    from docent.sidecar.settings import Settings

    settings = Settings(enabled=True, bundle=bundle_path, pow_secret_made=False, mcp=True, rate_mcp="1000000/minute")
    app = create_app(settings)
    served: list[float] = []

    async def timed(scope: Any, receive: Any, send: Any) -> None:
        began = time.process_time()
        await app(scope, receive, send)
        served.append((time.process_time() - began) * 1000)

    asked = questions(components)
    sample = asked[:: max(1, len(asked) // SAMPLE)][:SAMPLE]
    times, hits = [], 0
    async with (
        app.router.lifespan_context(app),
        httpx2.AsyncClient(transport=httpx2.ASGITransport(app=timed), base_url="http://127.0.0.1") as http,
        streamable_http_client("http://127.0.0.1/mcp", http_client=http) as (read, write),
        ClientSession(read, write) as session,
    ):
        await (session.discover() if modern else session.initialize())
        await session.call_tool("search", {"query": "warm the index", "k": 5})
        served.clear()
        for q in sample:
            began = time.process_time()
            result = await session.call_tool("search", {"query": str(q["question"]), "k": 5})
            times.append((time.process_time() - began) * 1000)
            found = [hit["id"] for hit in (result.structured_content or {}).get("results", [])]
            hits += q["sections"][0] in found  # type: ignore[index]
    assert len(served) == len(sample)  # one request a call: stateless, JSON answers
    return {
        "mcp_search_p50_ms": round(statistics.median(served), 3),
        "mcp_search_p99_ms": round(statistics.quantiles(served, n=100)[98], 3),
        "mcp_search_roundtrip_p50_ms": round(statistics.median(times), 3),
        "mcp_search_hit_at_5_10k": round(hits / len(sample), 4),
    }


def _served(root: Path, bundle_path: Path, components: list[Component]) -> dict[str, float]:
    """`docent serve` on the bundle, one question on the offline model and one on the replay model; its start timed."""
    c = components[len(components) // 2]
    key, meaning, default = c.setting
    section = f"{c.page_id}-configuration"
    script = root / "replay.json"
    script.write_text(json.dumps({"replies": [{"question": ".", "calls": [[
        {"text": f"{key} sets {meaning}; its default is {default}. [[{section}]]"}]]}]}), encoding="utf-8")
    answered = 0
    peak, start_s, start_cpu_s = 0.0, 0.0, 0.0
    for n, model in enumerate(("offline", f"replay:{script}")):
        process, url, log = _serve(root, bundle_path, model, n)
        try:
            began = time.perf_counter()
            wait_until_up(process, url + API, log, within=UP_WITHIN_S)  # fails at once, with its log, if it exits
            start_s, start_cpu_s = max(start_s, time.perf_counter() - began), max(start_cpu_s, _cpu(process.pid))
            try:
                ok, used = anyio.run(_ask, url, process.pid, f"What does {key} do?", c)
            except Exception:  # started, then failed to answer: its output says why (a failed start's error has it)
                print(f"docent serve --model {model} ({log}), its output ends:\n{tail(log)}", file=sys.stderr, flush=True)
                raise
            answered += ok
            peak = max(peak, used)
        finally:
            stop(process)  # SIGTERM, then SIGKILL: a start still warming the bundle does not see SIGTERM until done
    return {"sidecar_rss_mb_10k": round(peak / 2**20, 1), "served_answers_10k": float(answered),
            "sidecar_start_10k_s": round(start_s, 1), "sidecar_start_cpu_10k_s": round(start_cpu_s, 1)}


def _serve(root: Path, bundle_path: Path, model: str, n: int) -> tuple[subprocess.Popen[bytes], str, Path]:
    """A `docent serve` on the bundle; its output (uvicorn's lines from "Waiting for application startup." on, and any
    traceback) kept in a file, read back when it fails."""
    port = free_port()
    env = {**os.environ, "DOCENT_POW_SECRET": "the large bench's own secret", "DOCENT_POW_MAXNUMBER": "50",
           "DOCENT_STATE_DIR": str(root / "state")}
    log = root / f"serve-{n}.log"
    with open(log, "wb") as sink:
        process = subprocess.Popen(
            [sys.executable, "-m", "docent.cli", "serve", "--enable", "--model", model, "--bundle",
             str(bundle_path), "--port", str(port), "--log-level", "info"],
            stdout=sink, stderr=subprocess.STDOUT, env=env, cwd=root,
        )
    return process, f"http://127.0.0.1:{port}", log


async def _ask(url: str, pid: int, question: str, c: Component) -> tuple[bool, float]:
    """One question to a sidecar that has started (`wait_until_up`): whether it came back cited, and the memory."""
    from tests.attack.visitor import ask, open_conversation

    async with httpx.AsyncClient(base_url=url, timeout=120) as client:
        token = await open_conversation(client)
        answer = await ask(client, token, question, screen={"page": c.page_id})
    cited = any(s.get("cites") for s in answer.of("sentence"))
    return cited, float(rss(pid))


def _example_prompt() -> dict[str, float]:
    """What a first question sends the model on the example site, its record searched and whole."""
    from docent.sidecar.answer.bundle import Bundle
    from docent.sidecar.answer.excerpts import excerpts
    from docent.sidecar.answer.policy import AnswerPolicy

    evals = ROOT / "tests" / "evals"
    searched, whole = Bundle.load(evals / "bundle-search.json"), Bundle.load(evals / "bundle.json")
    asked = [str(q["question"]) for q in json.loads((evals / "retrieval-example.json").read_text(encoding="utf-8"))]
    fence = AnswerPolicy().fence

    def prefix(bundle: Bundle) -> int:
        return len(json.dumps(bundle.tools, separators=(",", ":"))) + sum(len(b["text"]) for b in bundle.system)

    sent = [prefix(searched) + len(excerpts(searched, q, earlier=[], given=[]).text) + len(fence(q)) for q in asked]
    plain = [prefix(whole) + len(fence(q)) for q in asked]
    return {"search_prompt_tokens": round(statistics.mean(sent) / 4), "whole_prompt_tokens": round(statistics.mean(plain) / 4)}


def _rerank(bundle: Any, sample: list[dict[str, Any]]) -> dict[str, float]:
    """The guide's excerpts with and without the rerank, question for question (CPU time); none without the extra."""
    from docent.sidecar.answer.excerpts import searched
    from tests.evals.retrieval import reranked

    began = time.process_time()
    again = reranked(bundle)  # the model loaded once, the record's vectors made, the index shared
    made = time.process_time() - began
    if again is None or again.rerank is None:
        return {}
    plain, ranked, hits = [], [], 0
    for q in sample:
        question = str(q["question"])
        began = time.process_time()
        searched(bundle, question)
        plain.append((time.process_time() - began) * 1000)
        began = time.process_time()
        found = searched(again, question)
        ranked.append((time.process_time() - began) * 1000)
        hits += q["sections"][0] in found
    return {
        "rerank_vectors_10k_s": round(made, 2),
        "retrieval_guide_p50_ms": round(statistics.median(plain), 3),
        "retrieval_guide_p99_ms": round(statistics.quantiles(plain, n=100)[98], 3),
        "retrieval_rerank_p50_ms": round(statistics.median(ranked), 3),
        "retrieval_rerank_p99_ms": round(statistics.quantiles(ranked, n=100)[98], 3),
        "retrieval_rerank_hit_at_8_10k": round(hits / len(sample), 4),
    }


if __name__ == "__main__":
    run()
