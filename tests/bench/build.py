"""Build overhead: a generated site of 1,000 pages built plain, with search, and with Docent, in one run.

Each page has 15 paragraphs, three h2 sections with ids (the record: every page is a record page), a part and an
inline code span. The three builds alternate, best of N each (CPU time of the build), so that drift on the machine hits all of them
alike. With every page a record page, the record is far over the prompt budget, so auto searches it: the figures are
search mode's (`build_record_searched`).
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
import time
from pathlib import Path

PAGES = 1_000
PARAGRAPHS = 15
ROUNDS = int(os.environ.get("DOCENT_BENCH_ROUNDS", "2"))

WORDS = (
    "the service moved card payments onto Kafka with idempotent consumers and a ledger that reconciles every night "
    "while the team reviewed code in pairs measured latency before guessing and wrote decisions down as records"
).split()


def _paragraph(seed: int) -> str:
    words = [WORDS[(seed * 7 + i * 3) % len(WORDS)] for i in range(60)]
    words[5] = f"`code_{seed}`"
    words[11] = f"**{words[11]}**"
    return " ".join(words).capitalize() + "."


def _page(number: int) -> str:
    lines = ["---", "docent:", "  record: true", "---", f"# Page {number}", ""]
    for paragraph in range(PARAGRAPHS):
        if paragraph % 5 == 0:
            lines += [f"## Section {paragraph // 5} of page {number} {{ #p{number}-s{paragraph // 5} }}", ""]
        lines += [_paragraph(number * PARAGRAPHS + paragraph), ""]
        if paragraph == 7:
            lines += [f"![Chart {number}](chart.png){{ data-docent-part=\"chart-{number}\" }}", ""]
    return "\n".join(lines)


def generate(root: Path) -> None:
    docs = root / "docs"
    for number in range(PAGES):
        folder = docs / f"area-{number // 50:02d}"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"page-{number:04d}.md").write_text(_page(number), encoding="utf-8")
        (folder / "chart.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    (docs / "index.md").write_text("# Home\n\n## Work { #work }\n\nThe work.\n", encoding="utf-8")
    # MkDocs' defaults: every page in the nav, the mkdocs theme (the setting of issue 2's reference figures).
    base = "site_name: Bench\nmarkdown_extensions: [attr_list, md_in_html, {toc: {permalink: true}}]\n"
    for name, plugins in (("plain", "[]"), ("search", "[search]"), ("docent", "[docent]")):
        (root / f"{name}.yml").write_text(base + f"plugins: {plugins}\n", encoding="utf-8")


def _build(root: Path, name: str, *, strict: bool = False) -> float:
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    config = load_config(config_file=str(root / f"{name}.yml"), site_dir=str(root / f"site-{name}"), strict=strict)
    # CPU time of this process: the build is single-threaded, and other work on a shared machine does not count.
    started = time.process_time()
    config.plugins.on_startup(command="build", dirty=False)
    build(config)
    config.plugins.on_shutdown()
    return time.process_time() - started


def run() -> dict[str, float]:
    logging.getLogger("mkdocs").setLevel(logging.ERROR)
    with tempfile.TemporaryDirectory(prefix="docent-bench-") as tmp:
        root = Path(tmp)
        generate(root)
        best = {"plain": float("inf"), "search": float("inf"), "docent": float("inf")}
        _build(root, "plain")  # warm the caches (imports, Markdown, Jinja)
        for _ in range(ROUNDS):
            for name in best:
                best[name] = min(best[name], _build(root, name))
        bundle_text = (root / "docent-bundle.json").read_text(encoding="utf-8")
        bundle_chars = len(bundle_text)
        searched = json.loads(bundle_text)["mode"]["record"] == "search"
    figures = {
        "build_plain_s": round(best["plain"], 3),
        "build_search_s": round(best["search"], 3),
        "build_docent_s": round(best["docent"], 3),
        "build_overhead_ratio": round(best["docent"] / best["plain"], 4),
        "search_overhead_ratio": round(best["search"] / best["plain"], 4),
        "build_docent_ms_per_page": round((best["docent"] - best["plain"]) * 1000 / PAGES, 3),
        "build_search_ms_per_page": round((best["search"] - best["plain"]) * 1000 / PAGES, 3),
        "build_bundle_chars": float(bundle_chars),
        "build_record_searched": float(searched),  # 1: the figures above are for search mode, as auto chose it
    }
    for key, value in figures.items():
        print(f"{key:<26} {value}")
    return figures


if __name__ == "__main__":
    run()
