"""`docent report`: what the guide did over a day or a week, from the day counts (never from what visitors typed).

The content gaps come in the owner's own vocabulary: the lexicon's terms the gate held because the record never
names them ("Rust: 14"). The sections cited most and never come from the counts and, for "never", the bundle.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from collections.abc import Mapping
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from ..counts import FILE, RedisCounts, SQLiteCounts, day_of
from ..spending.daybook import StateDirError

TOP = 10


def add_arguments(parser: argparse.ArgumentParser) -> None:
    span = parser.add_mutually_exclusive_group()
    span.add_argument("--day", action="store_const", const=1, dest="days", help="today, UTC (the default)")
    span.add_argument("--week", action="store_const", const=7, dest="days", help="the last seven days, today included")
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")
    parser.add_argument("--state-dir", metavar="DIR", help="where the sidecar keeps its counts (default: the sidecar's "
                        "own, $DOCENT_STATE_DIR, else $STATE_DIRECTORY, $XDG_STATE_HOME/docent or ~/.local/state/docent)")
    parser.add_argument("--redis", metavar="URL", help="read the counts from this Redis (default: $DOCENT_REDIS_KEEP_URL, else $DOCENT_REDIS_URL)")
    parser.add_argument("--bundle", metavar="PATH", help="the bundle, to name sections never cited (default: $DOCENT_BUNDLE or docent-bundle.json)")
    parser.add_argument("--until", metavar="YYYY-MM-DD", help="the last day of the report (default: today, UTC)")
    parser.set_defaults(days=1)


def run(args: argparse.Namespace) -> int:
    from ..settings import Settings, SettingsError, lasting_url

    try:
        settings = Settings.from_env({**os.environ, "DOCENT_MODEL": "offline"})
    except SettingsError as exc:
        print(exc)
        return 2
    try:
        last = date.fromisoformat(args.until) if args.until else date.fromisoformat(day_of(time.time()))
    except ValueError:
        print(f"--until {args.until!r} is not a date: write YYYY-MM-DD.")
        return 2
    days = [(last - timedelta(days=n)).isoformat() for n in reversed(range(args.days))]
    redis_url = args.redis or lasting_url(settings)
    if redis_url:
        import redis

        try:
            counts = RedisCounts(redis_url).read(days)
        except redis.RedisError as exc:
            print(f"The counts could not be read from Redis at {redis_url} ({type(exc).__name__}): is it running?")
            return 2
    else:
        folder = Path(args.state_dir) if args.state_dir else settings.state_dir
        if folder is None or not (folder / FILE).is_file():
            print(f"No counts in {folder}: the sidecar writes them there as it answers (set DOCENT_STATE_DIR to its folder).")
            return 1
        try:
            store = SQLiteCounts(folder)
        except StateDirError as exc:
            print(exc)
            return 2
        try:
            counts = store.read(days)
        finally:
            store.close()
    figures = report(counts, days=days, sections=_sections(Path(args.bundle) if args.bundle else settings.bundle))
    print(json.dumps(figures, indent=2) if args.json else text(figures))
    return 0


def _sections(path: Path) -> dict[str, str] | None:
    """The bundle's sections, id -> title; None when there is no bundle to read."""
    from ..answer.bundle import Bundle, BundleError

    try:
        bundle = Bundle.load(path)
    except (OSError, BundleError):
        return None
    return {s.id: s.title for s in bundle.record.values()}


def report(counts: Mapping[str, float], *, days: list[str], sections: Mapping[str, str] | None) -> dict[str, Any]:
    """The report's figures from the summed counts of `days`."""

    def by(prefix: str) -> dict[str, int]:
        found = {k[len(prefix) :]: int(n) for k, n in counts.items() if k.startswith(prefix)}
        return dict(sorted(found.items(), key=lambda kv: (-kv[1], kv[0])))

    cited = by("cited:")
    prompt = sum(counts.get(k, 0) for k in ("input_tokens", "cache_read_tokens", "cache_write_tokens"))
    first_words = counts.get("first_words", 0)
    return {
        "from": days[0],
        "to": days[-1],
        "questions": int(counts.get("questions", 0)),
        "answered": int(counts.get("answered", 0)),
        "refused": by("refused:"),
        "unanswered": int(counts.get("unanswered", 0)),
        "errors": by("error:"),
        "cancelled": int(counts.get("cancelled", 0)),
        "sentences_shown": int(counts.get("shown", 0)),
        "held": by("held:"),
        "missing_terms": by("term:"),
        "cited_most": [{"id": sid, "title": (sections or {}).get(sid, sid), "times": n} for sid, n in list(cited.items())[:TOP]],
        "never_cited": None if sections is None else [sid for sid in sections if sid not in cited],
        "cost_usd": round(counts.get("cost_usd", 0.0), 6),
        "cache_share": round(counts.get("cache_read_tokens", 0) / prompt, 4) if prompt else None,
        "first_word_ms": round(counts.get("first_word_ms", 0) / first_words) if first_words else None,
        "mcp_calls": by("mcp:"),  # the MCP endpoint's tool calls by tool (its asks are among the questions too)
        "mcp_refused": by("mcp_refused:"),
    }


def text(figures: Mapping[str, Any]) -> str:
    """The report as an owner reads it."""
    span = figures["from"] if figures["from"] == figures["to"] else f"{figures['from']} to {figures['to']}"

    def listed(items: Mapping[str, int]) -> str:
        return ", ".join(f"{k}: {n}" for k, n in items.items()) or "none"

    lines = [
        f"Docent, {span} (UTC)",
        f"Questions: {figures['questions']}; answered {figures['answered']}, left unanswered (the record has "
        f"nothing on them) {figures['unanswered']}, cut short {figures['cancelled']}",
        f"Refused: {listed(figures['refused'])}",
        f"Errors: {listed(figures['errors'])}",
        f"Sentences shown: {figures['sentences_shown']}; held: {listed(figures['held'])}",
        f"Terms the record never names (held): {listed(figures['missing_terms'])}",
        "Sections cited most: " + (", ".join(f"{c['title']} ({c['times']})" for c in figures["cited_most"]) or "none"),
    ]
    never = figures["never_cited"]
    if never is not None:
        lines.append(f"Sections never cited: {len(never)}" + (f" ({', '.join(never[:TOP])}{', ...' if len(never) > TOP else ''})" if never else ""))
    if figures["mcp_calls"]:
        lines.append(f"MCP calls by agents: {listed(figures['mcp_calls'])}; refused: {listed(figures['mcp_refused'])}")
    share = figures["cache_share"]
    first = figures["first_word_ms"]
    lines.append(
        f"Cost: ${figures['cost_usd']:.4f}; cache share of the prompt: {'-' if share is None else f'{share:.0%}'}; "
        f"time to the first word: {'-' if first is None else f'{first} ms'} on average"
    )
    return "\n".join(lines)
