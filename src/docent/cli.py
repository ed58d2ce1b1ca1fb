"""`docent`: serve the guide (and the site), build a manifest, run the evals, report, preflight a model.

The command stands above the stages: it is the one place that reaches both the build (`docent manifest`) and the
sidecar (the rest). Each subcommand's module is imported only when it is the one asked for, so `docent serve`
starts without loading the build, the evals or the SDK-free model checks; the imports are plain statements, so
the type checker and the import rules see every edge.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from types import ModuleType


def _serve() -> ModuleType:
    from docent.sidecar import cli

    return cli


def _manifest() -> ModuleType:
    from docent.manifest_build import cli

    return cli


def _eval() -> ModuleType:
    from docent.sidecar.operator import evals

    return evals


def _report() -> ModuleType:
    from docent.sidecar.operator import report

    return report


def _preflight() -> ModuleType:
    from docent.sidecar.operator import preflight

    return preflight


# Each subcommand: the module that offers add_arguments(parser) and run(args) -> int, and its one-line help.
COMMANDS: dict[str, tuple[Callable[[], ModuleType], str]] = {
    "serve": (_serve, "serve the guide's API (and, with --site, the site)"),
    "manifest": (_manifest, "build the site's manifest and bundle from a built site"),
    "eval": (_eval, "run the guide's evals on replay scripts and print a table"),
    "report": (_report, "what the guide did today or this week, from its counts"),
    "preflight": (_preflight, "check a real model once before switching the guide on"),
}


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(prog="docent", description="A guide for static MkDocs sites.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, (load, help_text) in COMMANDS.items():
        sub = commands.add_parser(name, help=help_text, description=help_text[0].upper() + help_text[1:] + ".")
        if argv[:1] == [name]:  # only the subcommand asked for is imported
            module = load()
            module.add_arguments(sub)
            sub.set_defaults(run=module.run)
    args = parser.parse_args(argv)
    run: Callable[[argparse.Namespace], int] = args.run
    return int(run(args) or 0)


if __name__ == "__main__":
    raise SystemExit(main())
