"""The vendored documentation site (Starlette's, `tests/data/sites/starlette/`): one real build, and its figures.

`build(into)` copies the site into a folder (so the checkout stays clean), runs `mkdocs build --strict` on it with
Docent added as its `mkdocs.yml` says (the record chosen by `record_pages`), and returns where the site, the bundle
and the config are. `figures(built)` measures it on the questions in `starlette-questions.json`, written from the
project's real issues, and apart on `starlette-questions-holdout.json` and `starlette-questions-round4.json` (each
written before a round's changes to search and the embedded model, and measured only at its start and its end):
- `docs_record_coverage`: the share of the record pages' words that their sections hold (the build's own measure);
- `hit@8`, `recall@8`: the record search on the answerable questions, at the guide's `excerpts.SECTIONS`; `hit@1` and
  `mrr` (the mean of 1 / the first right section's rank) beside them, since the embedded model answers from the top;
- `docs_given_recall@8`, `docs_sections_given`, `docs_sections_cut` (a searched record only): recall@8 among the
  sections the question's excerpts give the model within their budget (a section cut to a window counts only where the
  window holds one of the question's gold facts), how many sections they give, and how many of those are cut;
- `docs_offline_useful`, `docs_offline_refused`: the embedded model through the real app: the answerable questions
  whose answer shows a gold fact, and the unanswerable ones it refuses;
- `docs_code_intact`, `docs_held_rate`: a careful model's answers to those questions (`starlette-answers.json`,
  written by a writer who saw only the bundle's prompt and record, never the gate) replayed through the real app:
  the share of its fenced code blocks shown byte for byte, and of its sentences held; `_holdout` for the third of
  the answers kept apart (`starlette-answers-holdout.json`).
Run: `python -m tests.evals.docsite` (`make eval` runs it); `--pdm` measures PDM's docs on `pdm-questions-dev.json`
instead, a development set of the embedded model's. Tests share one build through a module-scoped fixture.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from docent.manifest_build.built_site import read_site
from docent.manifest_build.choice import PageChoice
from docent.manifest_build.cli import docent_options, load_config
from docent.manifest_build.manifest import build as build_manifest
from docent.manifest_build.options import site_config
from docent.sidecar.answer.bundle import Bundle
from docent.sidecar.answer.excerpts import SECTIONS
from docent.sidecar.operator import quoted
from tests.evals.retrieval import encoded, measure, reranked

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "tests" / "data" / "sites" / "starlette"
QUESTIONS = Path(__file__).resolve().parent / "starlette-questions.json"
HOLDOUT = QUESTIONS.with_name("starlette-questions-holdout.json")
ROUND4 = QUESTIONS.with_name("starlette-questions-round4.json")
PDM = QUESTIONS.with_name("pdm-questions-dev.json")  # PDM's docs: `python -m tests.evals.docsite --pdm`
ANSWERS = {"docs": "starlette-answers.json", "docs_holdout": "starlette-answers-holdout.json"}


@dataclass(frozen=True)
class Built:
    root: Path  # the copy: mkdocs.yml, docs/, and what the build wrote
    site: Path
    bundle: Path
    log: str  # what `mkdocs build --strict` printed

    @property
    def config(self) -> Path:
        return self.root / "mkdocs.yml"


def build(into: Path) -> Built:
    """The vendored site built `--strict` in a copy under `into`; a failed build raises with what MkDocs said."""
    return build_copy(SITE, into)


def build_copy(source: Path, into: Path, **env: str) -> Built:
    """A site's folder copied under `into` (the checkout stays clean) and built there `--strict`, with `env` added.
    The build runs the plugin of the docent this process imports: a relative `PYTHONPATH` (`src:.`, as a worktree
    runs the evals) would name nothing in the copy's folder, and the installed package would build instead."""
    import os

    import docent

    root = into / source.name
    shutil.copytree(source, root, ignore=shutil.ignore_patterns("site", "docent-bundle.json"))
    paths = [str(Path(docent.__file__).resolve().parents[1])]
    paths += [os.path.abspath(p) for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(root / "site")], cwd=root,
        capture_output=True, text=True, timeout=300,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "DISABLE_MKDOCS_2_WARNING": "true", **env,
             "PYTHONPATH": os.pathsep.join(dict.fromkeys(paths))},
    )
    if done.returncode != 0:
        raise RuntimeError(f"mkdocs build --strict of {source} failed:\n{done.stdout}\n{done.stderr}")
    return Built(root, root / "site", root / "docent-bundle.json", done.stdout + done.stderr)


def questions(path: Path = QUESTIONS) -> list[dict[str, Any]]:
    return list(json.loads(path.read_text(encoding="utf-8"))["questions"])


def answerable(path: Path = QUESTIONS) -> list[dict[str, Any]]:
    return [q for q in questions(path) if q.get("answerable", True)]


def coverage(built: Built) -> float:
    """The build's share of the record pages' text in the record, read back from the built site as the CLI reads it
    (with its `record_pages`, or, unset, the fallback of its kind of site)."""
    config = load_config(built.config)
    options = docent_options(config)
    name = config.get("site_name") or ""
    site = site_config(site_name=name, owner=options.get("owner"), kind=options.get("kind"))
    pages, _ = read_site(built.site, PageChoice.read(options.get("record_pages"), project=name, kind=site.kind))
    manifest, _ = build_manifest(pages, site)
    assert manifest.coverage is not None, "no page of the vendored site is in the record"
    return manifest.coverage


def figures(built: Built, path: Path = QUESTIONS) -> dict[str, float]:
    """The record's coverage and the search's hit@1, MRR, hit@8 and recall@8 on a set's answerable questions; on a
    searched record, what of the 8 found the model is given (`given`)."""
    bundle = Bundle.load(built.bundle)
    found = measure(bundle.index, answerable(path), ks=(1, SECTIONS))
    found.pop("recall@1")  # a question's first section found says its hit@1; its others are recall@8's
    out = {"docs_record_coverage": round(coverage(built), 4), **found, **(given(bundle, path) if bundle.searched else {})}
    return out | meaning_figures(bundle, path, option="rerank") | meaning_figures(bundle, path, option="encoder")


# Each option's bundle as built with it (`tests.evals.retrieval`), and what of it orders the excerpts
MEANING = {"rerank": (reranked, "rerank"), "encoder": (encoded, "fusion")}


def meaning_figures(bundle: Bundle, path: Path = QUESTIONS, *, option: str) -> dict[str, float]:
    """The same figures with the guide's excerpts put in order by meaning, `option` the owner's: `rerank` (`rerank:
    true`, WordLlama) or `encoder` (`encoder: true`, all-MiniLM-L6-v2 fused with the search), `docs_<option>_` before
    each name, beside the search's; none where that extra is not installed. On a record sent whole the guide's
    excerpts are never searched: there they say what the option would do were the site large enough to be searched."""
    made, orders = MEANING[option]
    again = made(bundle)
    if again is None or getattr(again, orders) is None:
        return {}
    found = measure(again.index, answerable(path), ks=(1, SECTIONS), **{orders: getattr(again, orders)})
    found.pop("recall@1")
    both = {**found, **(given(again, path) if again.searched else {})}
    return {f"docs_{option}_{name.removeprefix('docs_')}": value for name, value in both.items()}


def given(bundle: Bundle, path: Path = QUESTIONS) -> dict[str, float]:
    """A searched record's excerpts as a question's first message gets them (`excerpts.excerpts`): the share of each
    answerable question's gold sections given (`docs_given_recall@8`, at most recall@8): whole, or cut to a window
    that holds one of the question's gold facts (a window cut away from the answer gives the model nothing of it);
    the mean number of sections given (`docs_sections_given`, at most `SECTIONS`) and of those cut
    (`docs_sections_cut`)."""
    from docent.sidecar.answer.excerpts import bodies, excerpts

    asked = answerable(path)
    recall = cut = 0.0
    shown = 0
    for q in asked:
        said = excerpts(bundle, str(q["question"]), earlier=[], given=())
        windows = bodies(said.text)
        facts = [" ".join(str(f).split()).lower() for f in q.get("facts", ())]
        gold = set(q["sections"])
        held = {sid for sid in gold & set(said.ids) if sid in said.whole
                or any(f in " ".join(windows.get(sid, "").split()).lower() for f in facts)}
        recall += len(held) / len(gold)
        shown += len(said.ids)
        cut += len(said.ids) - len(said.whole)
    return {f"docs_given_recall@{SECTIONS}": round(recall / len(asked), 3),
            "docs_sections_given": round(shown / len(asked), 2), "docs_sections_cut": round(cut / len(asked), 2)}


def careful(built: Built) -> dict[str, float]:
    """The careful model's answers through the real app on the built site's bundle, seen and held-out parts."""
    out: dict[str, float] = {}
    for prefix, name in ANSWERS.items():
        answers = json.loads((QUESTIONS.parent / name).read_text(encoding="utf-8"))
        out |= quoted.measure(answers, built.bundle).as_json(prefix)
    return out


def _shown(events: list[tuple[str, dict[str, Any]]]) -> str:
    """What the visitor reads of an answer: its shown sentences and code, whitespace as one space, lower case."""
    said = [str(data.get("text", "")) for name, data in events if name in ("sentence", "code")]
    return " ".join(" ".join(said).split()).lower()


def useful(events: list[tuple[str, dict[str, Any]]], facts: list[str]) -> bool:
    """A gold fact (the decisive token or line a reader needs) is in what the answer shows."""
    shown = _shown(events)
    return any(" ".join(fact.split()).lower() in shown for fact in facts)


def refused(events: list[tuple[str, dict[str, Any]]]) -> bool:
    """The answer says the site does not say, and shows nothing."""
    return any(name == "refused" for name, _ in events) and not _shown(events)


def offline(built: Built, path: Path = QUESTIONS) -> dict[str, float]:
    """The embedded model through the real app, on the built site's bundle: useful answers among a set's answerable
    questions (a gold fact shown), and its unanswerable ones refused."""
    import anyio

    from docent.sidecar.operator.cases import Case, make_model
    from docent.sidecar.operator.client import Recorder, ask_once

    bundle = Bundle.load(built.bundle)

    async def run() -> list[tuple[dict[str, Any], list[tuple[str, dict[str, Any]]]]]:
        out = []
        for q in questions(path):
            case = Case("docs", q["question"], "", [], [], {})
            model = Recorder(make_model("offline", case, bundle))
            out.append((q, await ask_once(built.bundle, model, q["question"])))
        return out

    answered = anyio.run(run)
    asked = [(q, events) for q, events in answered if q.get("answerable", True)]
    unanswerable = [(q, events) for q, events in answered if not q.get("answerable", True)]
    return {
        "docs_offline_useful": round(sum(useful(e, q["facts"]) for q, e in asked) / len(asked), 3),
        "docs_offline_refused": round(sum(refused(e) for _, e in unanswerable) / max(1, len(unanswerable)), 3),
    }


def said(built: Built, path: Path = QUESTIONS) -> dict[str, float]:
    """The embedded model's own answers, before the gate (fast: the tests' floors): `offline` as the model says it."""
    from docent.sidecar.offline import OfflineModel
    from docent.sidecar.offline.quotes import item

    bundle = Bundle.load(built.bundle)
    model = OfflineModel(lambda: bundle)
    useful = refused = 0
    for q in questions(path):
        sentences, _ = model.answer(q["question"])
        # read as the visitor reads it: the app sends code marks as spans, the text without its backticks, a list's
        # items without their markers
        shown = " ".join(" ".join(item(s)[1] for s in sentences).replace("`", "").split()).lower()
        if q.get("answerable", True):
            useful += any(" ".join(fact.split()).lower() in shown for fact in q["facts"])
        else:
            refused += sentences == ["[[none]]"]
    asked = answerable(path)
    return {"useful": useful / len(asked), "refused": refused / max(1, len(questions(path)) - len(asked))}


def pdm() -> None:
    """PDM's docs (`tests/data/sites/pdm`), a development set of the embedded model's: `pdm-questions-dev.json`."""
    with tempfile.TemporaryDirectory(prefix="docent-pdm-") as tmp:
        built = build_copy(SITE.with_name("pdm"), Path(tmp))
        found = {**figures(built, PDM), **offline(built, PDM)}
        asked, answers = questions(PDM), answerable(PDM)
        print(f"PDM's docs ({PDM.name}: {len(answers)} answerable and {len(asked) - len(answers)} unanswerable "
              f"questions): " + ", ".join(f"{name} {value:.3f}" for name, value in found.items()))


def main() -> None:
    if "--pdm" in sys.argv:
        return pdm()
    with tempfile.TemporaryDirectory(prefix="docent-docsite-") as tmp:
        built = build(Path(tmp))
        for path, more in ((QUESTIONS, careful), (HOLDOUT, None), (ROUND4, None)):
            found = {**figures(built, path), **offline(built, path), **(more(built) if more else {})}
            said = ", ".join(f"{name} {value:.3f}" for name, value in found.items())
            asked, answers = questions(path), answerable(path)
            print(f"vendored docs site (Starlette, {path.name}: {len(answers)} answerable and "
                  f"{len(asked) - len(answers)} unanswerable questions): {said}")


if __name__ == "__main__":
    main()
