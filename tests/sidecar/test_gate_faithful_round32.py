"""Faithful order and cause sentences the gate held (round 32's probes A, written by a writer who never saw the gate,
on Argo CD's, HTTPX's and Commitizen's docs; the sections are theirs, cut to what the sentences cite). Each reading is
mended where it misread the sentence or the section; the falsehoods beside them are their twins, still held.

Order: a side whose words are the site's own name alone, the subject of half its sentences, places nothing
("Commitizen checks `.cz.toml` first, then ...", its code blanked); nor is that name a step's run ("Argo CD waits for
all PostDelete hooks ..."). A list's item that opens with a condition is a case, not a step ("- If you bump the
version first, ...").
Actor: a sentence's actor that is what the sections' verb is done to, told without a doer (nothing follows its verb in
its clause), is no other party ("When a sync starts, Argo CD orders" against "When Argo CD starts a sync, it orders")."""

from __future__ import annotations

import pytest

from docent.sidecar.answer import order_lines
from docent.sidecar.answer.passage import Passage, unit
from docent.sidecar.answer.words import fold
from tests.sidecar.gating import docs_section as _section
from tests.sidecar.gating import verdicts

SEARCH = _section("file-location-and-search-order", "File Location and Search Order", (
    "Configuration files are typically located in the root of your project directory. Commitizen searches for "
    "configuration files in the following order:\n1. .cz.toml\n2. cz.toml\n3. .cz.json\n4. cz.json\n5. .cz.yaml\n"
    "6. cz.yaml\n7. pyproject.toml (in the [tool.commitizen] section)\nThe first valid configuration file found will be "
    "used. If no configuration file is found, Commitizen will use its default settings."), "Configuration")
UNRELEASED = _section("-unreleased-version", "--unreleased-version", (
    "There is usually a chicken-and-egg situation when automatically bumping the version and creating the changelog:\n"
    "- If you bump the version first, you have no changelog yet, and it won't be included in the release of the "
    "created version.\n- If you create the changelog before bumping the version, you usually don't have the latest "
    "tag, and the Unreleased title appears.\nBy using --unreleased-version, you can prevent this situation. Before "
    "bumping you can run:\ncz changelog --unreleased-version=\"v1.0.0\"\nRemember to use the tag format instead of the "
    "raw version number. Alternatively, you can directly bump the version and create the changelog by running:\n"
    "cz bump --changelog"), "changelog")
POSTDELETE = _section("postdelete-hooks", "PostDelete Hooks", (
    "PostDelete hooks execute after all Application resources have been deleted. They are useful for cleanup "
    "operations, notifications, or removing external resources. Behavior:\n1. Application resources are deleted "
    "first\n2. Once all Application resources are fully removed, PostDelete hooks are created and executed\n3. Argo CD "
    "waits for all PostDelete hooks to reach a Healthy state\n4. Once all PostDelete hooks complete successfully, they "
    "are cleaned up and the Application is fully removed\nFailure Handling: If a PostDelete hook fails:\n- The "
    "Application is already deleted from the cluster, but the Application CR remains with a DeletionError condition\n"
    "- After fixing the hook, Argo CD will automatically retry on the next reconciliation"), "Sync")
WAVES = _section("combining-sync-waves-and-hooks", "Combining Sync waves and hooks", (
    "While you can use sync waves on their own, for maximum flexibility you can combine them with hooks. This way you "
    "can use sync phases for coarse grained ordering and sync waves for defining the exact order of a resource within "
    "an individual phase. When Argo CD starts a sync, it orders the resources in the following precedence:\n"
    "1. The phase\n2. The wave they are in (lower values first)\n3. By kind (e.g. namespaces first and then other "
    "Kubernetes resources, followed by custom resources)\n4. By name\nOnce the order is defined:\n1. First Argo CD "
    "determines the number of the first wave to apply. This is the first number where any resource is out-of-sync or "
    "unhealthy.\n2. It applies resources in that wave.\n3. It repeats this process until all phases and waves are "
    "in-sync and healthy."), "Sync Phases and Waves")

ARGO = verdicts(POSTDELETE, WAVES, owner="Argo CD", docs=True)
COMMITIZEN = verdicts(SEARCH, UNRELEASED, owner="Commitizen", docs=True)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Commitizen checks `.cz.toml` first, then `cz.toml` and the JSON and YAML files, and looks at "
         "`pyproject.toml` last, using the first valid file it finds [[file-location-and-search-order]].", "shown"),
        ("To keep the Unreleased title out of your changelog, run `cz changelog --unreleased-version=\"v1.0.0\"` "
         "before you bump the version [[-unreleased-version]].", "shown"),
    ],
)
def test_commitizen_order(sentence: str, expected: str) -> None:
    assert COMMITIZEN(sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("When a sync starts, Argo CD orders resources by their phase first, then by wave, with kind and finally name "
         "used after that [[combining-sync-waves-and-hooks]].", "shown"),
    ],
)
def test_argo_order(sentence: str, expected: str) -> None:
    assert ARGO(sentence) == expected


def test_the_sites_name_is_no_step() -> None:
    """The faithful sentence (held by `swaps` still) is not held by the steps' reading for "Argo CD" alone."""
    said = unit("Argo CD removes the Application's resources first, and PostDelete hooks are created and run only once "
                "all of those resources are fully removed.", fold, frozenset(("argo", "cd")))
    assert not order_lines.held(said, [Passage.of(POSTDELETE.title, POSTDELETE.text, fold)])

