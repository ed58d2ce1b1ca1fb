"""A round's held-out sets, measured at that round's start and end only (`corpora/round<N>-notes.md`).

Written at a round's start by writers who saw only the bundles' prompts and tools (and, for the questions, the
projects' GitHub issues), never Docent's code; no engineer of the round opened them. Two sites a round: the example,
and a documentation site nobody here developed on (from round 11, that site alone), vendored in `tests/data/sites/<site>/` (built here `--strict`, as
`docsite` builds Starlette's). The figures, `N` the round:
- `gate_<site>N_held` and `_shown`: the falsehoods of eight constructions held, and the faithful sentences of the same
  constructions shown, one sentence a gate (`corpora/roundN-<site>-*.json`); per kind with `--show`;
- `markdown_<site>N_held`: a careful model's Markdown answers replayed through the real app, the share of their
  sentences held;
- `visitorsN`: the embedded model on the example's visitors;
- `<site>N_*`: the record search's hit@1, MRR, hit@8 and recall@8, and the embedded model's useful answers and
  refusals, on the documentation site's users' questions.
`ROUNDS` names each round's files; `python -m tests.evals.heldout N [--show]` measures round N (`make eval` each);
`--search` measures the record search's figures alone (a build and a search a question: seconds, not minutes);
`--offline` the embedded model's useful answers and refusals alone, through the real app (a build and an answer a
question: a minute, not ten); `--markdown` the careful model's Markdown answers alone, each site's share of sentences
held (a build and a replay), and with `--show` each held sentence with the rule that held it; `--checked FILE` the
twin sentences through the gate alone, through the gate and the model check (DOCENT_CHECK), and through both with the
gate's unsure holds referred to the check (as they are with it on), its verdicts recorded
in FILE (`checked`; `corpora/check-verdicts-rounds17-19.json` holds rounds 17-19's), and with `--markdown` the
Markdown answers so (FILE may be missing or empty), `--collect OUT` writing the checks FILE has no verdict for as a
judge's items (`checked.collect`, `check_probe`).
"""

from __future__ import annotations

import asyncio
import json
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from docent.sidecar.answer.bundle import Bundle
from docent.sidecar.answer.events import Held
from docent.sidecar.answer.judge import GateEvent, Judge
from docent.sidecar.answer.rules import Draft
from docent.sidecar.operator.corpora import Figures, Part, judge_constructions, replay_answers
from docent.sidecar.operator.visitors import measure_sets
from tests.evals import docsite

HERE = Path(__file__).resolve().parent
CORPORA = HERE / "corpora"
SITES = HERE.parents[1] / "tests" / "data" / "sites"
EXAMPLE_BUNDLE = HERE / "bundle.json"
# The rounds' split this round (round 34): rounds from VALIDATION up to HELD_OUT are validation (aggregates only), from
# HELD_OUT on held out (never built nor measured by the evals that develop); the rest develop. Each round moves both on.
VALIDATION = 30
HELD_OUT = 32


@contextmanager
def held_drafts() -> Iterator[list[tuple[str, str]]]:
    """While open, every sentence a gate judges and holds, as (reason, text): a fence's or a row's as written. A hold
    made outside a sentence's verdict (a heading's, an answer never cited) is not among them (`held_lines`)."""
    drafts: list[tuple[str, str]] = []
    judge = Judge._judge

    def judged(self: Judge, draft: Draft, **kwargs: Any) -> GateEvent | None:
        event = judge(self, draft, **kwargs)
        if isinstance(event, Held):
            text = "\n".join(draft.fence.lines) if draft.fence is not None else draft.text
            drafts.append((event.reason, text + (f" [[{', '.join(draft.ids)}]]" if draft.ids else "")))
        return event

    Judge._judge = judged  # type: ignore[method-assign]
    try:
        yield drafts
    finally:
        Judge._judge = judge  # type: ignore[method-assign]


def held_lines(holds: list[tuple[str, str, str]], drafts: list[tuple[str, str]]) -> list[str]:
    """Each hold of an answer replay as `[reason] sentence`, its sentence the next judged draft of that reason; a hold
    no judged draft gave (a heading's, an answer never cited) shows its question instead."""
    waiting = list(drafts)
    out = []
    for question, reason, _message in holds:
        found = next((i for i, (why, _text) in enumerate(waiting) if why == reason), None)
        text = waiting.pop(found)[1] if found is not None else f"(no sentence judged; the question: {question})"
        out.append(f"[{reason}] {text}")
    return out


@dataclass(frozen=True)
class Round:
    """One round's held-out files: its number, its documentation site, and the names of its sets."""

    number: int
    site: str
    markdown: dict[str, str]
    visitors: str | None
    questions: str

    @property
    def folder(self) -> Path:
        return SITES / self.site

    def rows(self, name: str) -> list[dict[str, Any]]:
        return list(json.loads((CORPORA / name).read_text(encoding="utf-8")))

    def constructions(self, site: str, bundle: Path) -> Part:
        """One site's falsehoods and faithful sentences, each through a fresh gate."""
        prefix = f"round{self.number}-{site}"
        falsehoods, faithful = self.rows(f"{prefix}-falsehoods.json"), self.rows(f"{prefix}-faithful.json")
        return judge_constructions(Bundle.load(bundle), falsehoods, faithful)

    def answers(self, site: str, bundle: Path, check: str | None = None) -> Figures:
        """A careful model's Markdown answers (text only, one model call each) replayed through the real app; with
        `check` (a DOCENT_CHECK_MODEL value), the model check on."""
        answers = [
            {
                "question": r["question"],
                "screen_page": r["screen_page"],
                "calls": [[{"type": "text", "text": r["answer"]}]],
            }
            for r in self.rows(self.markdown[site])
        ]
        figures = Figures()
        asyncio.run(replay_answers(answers, bundle, figures, check=check))
        return figures

    def search(self) -> dict[str, float]:
        """The record search's figures alone, on the site built afresh."""
        return self._alone(docsite.figures)

    def offline(self) -> dict[str, float]:
        """The embedded model's useful answers and refusals alone, through the real app, on the site built afresh."""
        return self._alone(docsite.offline)

    def markdown_alone(self, show: bool = False) -> dict[str, float]:
        """The Markdown answers' share of sentences held alone, each site's, on the documentation site built afresh;
        with `show`, each held sentence is printed with the rule that held it."""
        n, out = self.number, {}
        with tempfile.TemporaryDirectory(prefix=f"docent-round{n}-") as tmp:
            bundles = {"example": EXAMPLE_BUNDLE, self.site: docsite.build_copy(self.folder, Path(tmp)).bundle}
            for site in self.markdown:
                with held_drafts() as drafts:
                    said = self.answers(site, bundles[site])
                out[f"markdown_{site}{n}_held"] = round(len(said.realistic_holds) / max(1, said.realistic_sentences), 4)
                out[f"markdown_{site}{n}_sentences"] = said.realistic_sentences
                for line in held_lines(said.realistic_holds, drafts) if show else ():
                    print(f"  markdown {site} held {line}")
        return out

    def checked(self, verdicts: Path, show: bool = False) -> dict[str, float]:
        """The twin sentences through the gate alone, and through the gate and the model check answered from the
        verdicts recorded in `verdicts` (`checked`), each site's, on the documentation site built afresh."""
        from tests.evals import checked

        n, out = self.number, {}
        with tempfile.TemporaryDirectory(prefix=f"docent-round{n}-") as tmp:
            bundles = {"example": EXAMPLE_BUNDLE, self.site: docsite.build_copy(self.folder, Path(tmp)).bundle}
            for site in self.markdown:
                prefix = f"round{n}-{site}"
                falsehoods, faithful = self.rows(f"{prefix}-falsehoods.json"), self.rows(f"{prefix}-faithful.json")
                alone, bundle = self.constructions(site, bundles[site]), Bundle.load(bundles[site])
                both, made = checked.constructions(bundle, falsehoods, faithful, verdicts)
                referred, sent = checked.constructions(bundle, falsehoods, faithful, verdicts, refer=True)
                for name, part in (("gate", alone), ("checked", both), ("referred", referred)):
                    lines = part.report(f"{prefix}, {name}")
                    print("\n".join(lines if show else lines[:2]))
                    out[f"{name}_{site}{n}_held"] = round(sum(part.held.values()) / sum(part.falsehoods.values()), 4)
                    out[f"{name}_{site}{n}_shown"] = round(sum(part.shown.values()) / sum(part.faithful.values()), 4)
                out |= {f"checked_{site}{n}_{reason}": count for reason, count in sorted(made.items())}
                out |= {f"referred_{site}{n}_{reason}": count for reason, count in sorted(sent.items())}
        return out

    def markdown_checked(self, verdicts: Path, collect: Path | None = None, show: bool = False) -> dict[str, float]:
        """The Markdown answers through the gate alone and through the gate and the model check answered from
        `verdicts` (`checked.markdown`), each site's; with `collect`, the checks it has no verdict for are written
        there as a judge's items (`checked.collect`)."""
        from tests.evals import checked

        n, out, asked = self.number, {}, []
        with tempfile.TemporaryDirectory(prefix=f"docent-round{n}-") as tmp:
            bundles = {"example": EXAMPLE_BUNDLE, self.site: docsite.build_copy(self.folder, Path(tmp)).bundle}
            for site in self.markdown:
                said = checked.markdown(lambda check, site=site: self.answers(site, bundles[site], check), verdicts)
                out |= said.figures(f"{site}{n}")
                asked += said.asked
                for made in said.asked if show else ():
                    if not made.verdict:
                        print(f"  markdown {site} {'unchecked' if made.verdict is None else 'unsupported'}: {made.sentence}")
        if collect is not None:
            print(f"{checked.collect(collect, asked, verdicts)} new items in {collect}/items.json ({len(asked)} checks asked)")
        return out

    def _alone(self, measure: Callable[[docsite.Built, Path], dict[str, float]]) -> dict[str, float]:
        """One measure of the site built afresh on its questions, each figure named for the site and round."""
        with tempfile.TemporaryDirectory(prefix=f"docent-round{self.number}-") as tmp:
            found = measure(docsite.build_copy(self.folder, Path(tmp)), HERE / self.questions)
        return {f"{self.site}{self.number}_{name.removeprefix('docs_')}": value for name, value in found.items()}

    def measure(self, show: bool = False) -> dict[str, float]:
        n, out = self.number, {}
        with tempfile.TemporaryDirectory(prefix=f"docent-round{n}-") as tmp:
            built = docsite.build_copy(self.folder, Path(tmp))
            bundles = {"example": EXAMPLE_BUNDLE, self.site: built.bundle}
            for site, bundle in ((site, bundles[site]) for site in self.markdown):
                part = self.constructions(site, bundle)
                lines = part.report(f"round{n}-{site}")
                print("\n".join(lines if show else lines[:2]))
                out[f"gate_{site}{n}_held"] = round(sum(part.held.values()) / sum(part.falsehoods.values()), 4)
                out[f"gate_{site}{n}_shown"] = round(sum(part.shown.values()) / sum(part.faithful.values()), 4)
                said = self.answers(site, bundle)
                out[f"markdown_{site}{n}_held"] = round(len(said.realistic_holds) / max(1, said.realistic_sentences), 4)
                for hold in said.realistic_holds if show else ():
                    print(f"  markdown {site} held: {hold}")
            if self.visitors is not None:
                rate, report = measure_sets([HERE / self.visitors], bundle_path=EXAMPLE_BUNDLE)
                print(report if show else report.rsplit("\n", 1)[-1])
                out[f"visitors{n}"] = round(rate, 3)
            questions = HERE / self.questions
            found = {**docsite.figures(built, questions), **docsite.offline(built, questions)}
            out |= {f"{self.site}{n}_{name.removeprefix('docs_')}": value for name, value in found.items()}
        return out


ROUNDS = {
    held.number: held
    for held in (
        Round(
            number=5,
            site="uvicorn",
            markdown={
                "example": "markdown-answers-round5-holdout.json",
                "uvicorn": "uvicorn-answers-round5-holdout.json",
            },
            visitors="visitors-round5-holdout.json",
            questions="uvicorn-questions-round5.json",
        ),
        Round(
            number=6,
            site="mkdocs",
            markdown={
                "example": "markdown-answers-round6-holdout.json",
                "mkdocs": "mkdocs-answers-round6-holdout.json",
            },
            visitors="visitors-round6-holdout.json",
            questions="mkdocs-questions-round6.json",
        ),
        Round(
            number=7,
            site="drf",
            markdown={
                "example": "markdown-answers-round7-holdout.json",
                "drf": "drf-answers-round7-holdout.json",
            },
            visitors="visitors-round7-holdout.json",
            questions="drf-questions-round7.json",
        ),
        Round(
            number=8,
            site="uv",
            markdown={
                "example": "markdown-answers-round8-holdout.json",
                "uv": "uv-answers-round8-holdout.json",
            },
            visitors="visitors-round8-holdout.json",
            questions="uv-questions-round8.json",
        ),
        Round(
            number=9,
            site="django-ninja",
            markdown={
                "example": "markdown-answers-round9-holdout.json",
                "django-ninja": "django-ninja-answers-round9-holdout.json",
            },
            visitors="visitors-round9-holdout.json",
            questions="django-ninja-questions-round9.json",
        ),
        Round(
            number=10,
            site="copier",
            markdown={
                "example": "markdown-answers-round10-holdout.json",
                "copier": "copier-answers-round10-holdout.json",
            },
            visitors="visitors-round10-holdout.json",
            questions="copier-questions-round10.json",
        ),
        # From round 11 on, a round is one documentation site's: the example has ten rounds of sets already.
        Round(
            number=11,
            site="httpx",
            markdown={"httpx": "httpx-answers-round11-holdout.json"},
            visitors=None,
            questions="httpx-questions-round11.json",
        ),
        Round(
            number=12,
            site="python-markdown",
            markdown={"python-markdown": "python-markdown-answers-round12-holdout.json"},
            visitors=None,
            questions="python-markdown-questions-round12.json",
        ),
        Round(
            number=13,
            site="pi-hole",
            markdown={"pi-hole": "pi-hole-answers-round13-holdout.json"},
            visitors=None,
            questions="pi-hole-questions-round13.json",
        ),
        Round(
            number=14,
            site="docker-mailserver",
            markdown={"docker-mailserver": "docker-mailserver-answers-round14-holdout.json"},
            visitors=None,
            questions="docker-mailserver-questions-round14.json",
        ),
        Round(
            number=15,
            site="openfaas",
            markdown={"openfaas": "openfaas-answers-round15-holdout.json"},
            visitors=None,
            questions="openfaas-questions-round15.json",
        ),
        Round(
            number=16,
            site="commitizen",
            markdown={"commitizen": "commitizen-answers-round16-holdout.json"},
            visitors=None,
            questions="commitizen-questions-round16.json",
        ),
        Round(
            number=17,
            site="external-dns",
            markdown={"external-dns": "external-dns-answers-round17-holdout.json"},
            visitors=None,
            questions="external-dns-questions-round17.json",
        ),
        Round(
            number=18,
            site="typer",
            markdown={"typer": "typer-answers-round18-holdout.json"},
            visitors=None,
            questions="typer-questions-round18.json",
        ),
        Round(
            number=19,
            site="netbox",
            markdown={"netbox": "netbox-answers-round19-holdout.json"},
            visitors=None,
            questions="netbox-questions-round19.json",
        ),
        Round(
            number=20,
            site="traefik",
            markdown={"traefik": "traefik-answers-round20-holdout.json"},
            visitors=None,
            questions="traefik-questions-round20.json",
        ),
        Round(
            number=21,
            site="material",
            markdown={"material": "material-answers-round21-holdout.json"},
            visitors=None,
            questions="material-questions-round21.json",
        ),
        Round(
            number=22,
            site="textual",
            markdown={"textual": "textual-answers-round22-holdout.json"},
            visitors=None,
            questions="textual-questions-round22.json",
        ),
        Round(
            number=23,
            site="ormar",
            markdown={"ormar": "ormar-answers-round23-holdout.json"},
            visitors=None,
            questions="ormar-questions-round23.json",
        ),
        Round(
            number=24,
            site="instructor",
            markdown={"instructor": "instructor-answers-round24-holdout.json"},
            visitors=None,
            questions="instructor-questions-round24.json",
        ),
        Round(
            number=25,
            site="argo-cd",
            markdown={"argo-cd": "argo-cd-answers-round25-holdout.json"},
            visitors=None,
            questions="argo-cd-questions-round25.json",
        ),
        Round(
            number=26,
            site="sqlmodel",
            markdown={"sqlmodel": "sqlmodel-answers-round26-holdout.json"},
            visitors=None,
            questions="sqlmodel-questions-round26.json",
        ),
        Round(
            number=27,
            site="molecule",
            markdown={"molecule": "molecule-answers-round27-holdout.json"},
            visitors=None,
            questions="molecule-questions-round27.json",
        ),
        Round(
            number=28,
            site="pipx",
            markdown={"pipx": "pipx-answers-round28-holdout.json"},
            visitors=None,
            questions="pipx-questions-round28.json",
        ),
        Round(
            number=29,
            site="headscale",
            markdown={"headscale": "headscale-answers-round29-holdout.json"},
            visitors=None,
            questions="headscale-questions-round29.json",
        ),
        Round(
            number=30,
            site="pyscript",
            markdown={"pyscript": "pyscript-answers-round30-holdout.json"},
            visitors=None,
            questions="pyscript-questions-round30.json",
        ),
        Round(
            number=31,
            site="schemathesis",
            markdown={"schemathesis": "schemathesis-answers-round31-holdout.json"},
            visitors=None,
            questions="schemathesis-questions-round31.json",
        ),
        Round(
            number=32,
            site="faststream",
            markdown={"faststream": "faststream-answers-round32-holdout.json"},
            visitors=None,
            questions="faststream-questions-round32.json",
        ),
    )
}

if __name__ == "__main__":
    if len(sys.argv) < 2 or not sys.argv[1].isdigit() or int(sys.argv[1]) not in ROUNDS:
        sys.exit(
            f"usage: python -m tests.evals.heldout N [--show] [--search | --offline | --markdown | --checked FILE], "
            f"--markdown --checked FILE [--collect OUT], "
            f"N one of {sorted(ROUNDS)}"
        )
    held = ROUNDS[int(sys.argv[1])]
    only = {"--search": held.search, "--offline": held.offline, "--markdown": lambda: held.markdown_alone("--show" in sys.argv)}
    if "--checked" in sys.argv:  # the model check's recorded verdicts (tests/evals/checked.py)
        at = sys.argv.index("--checked") + 1
        verdicts = Path(sys.argv[at]) if at < len(sys.argv) and not sys.argv[at].startswith("--") else None
        show = "--show" in sys.argv
        if "--markdown" in sys.argv and verdicts is not None:  # FILE may be missing or empty: no verdicts yet
            at = sys.argv.index("--collect") + 1 if "--collect" in sys.argv else 0
            if at and (at >= len(sys.argv) or sys.argv[at].startswith("--")):
                sys.exit("--collect OUT: give a folder for the judge's items")
            out = Path(sys.argv[at]) if at else None
            only["--markdown"] = only["--checked"] = lambda: held.markdown_checked(verdicts, out, show)
        elif verdicts is None or not verdicts.is_file():
            sys.exit("--checked FILE: give a file of recorded verdicts, e.g. tests/evals/corpora/check-verdicts-rounds17-19.json")
        else:
            only["--checked"] = lambda: held.checked(verdicts, show)
    elif "--collect" in sys.argv:
        sys.exit("--collect OUT goes with --markdown --checked FILE")
    chosen = next((only[flag] for flag in sys.argv[2:] if flag in only), None)
    print(json.dumps(chosen() if chosen else held.measure("--show" in sys.argv), indent=1))
