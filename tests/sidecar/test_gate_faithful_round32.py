"""Faithful order and cause sentences the gate held (round 32's probes A, written by a writer who never saw the gate,
on Argo CD's, HTTPX's and Commitizen's docs; the sections are theirs, cut to what the sentences cite). Each reading is
mended where it misread the sentence or the section; the falsehoods beside them are their twins, still held.

Order: a side whose words are the site's own name alone, the subject of half its sentences, places nothing
("Commitizen checks `.cz.toml` first, then ...", its code blanked); nor is that name a step's run ("Argo CD waits for
all PostDelete hooks ..."). A list's item that opens with a condition is a case, not a step ("- If you bump the
version first, ...").
Actor: a sentence's actor that is what the sections' verb is done to, told without a doer (nothing follows its verb in
its clause), is no other party ("When a sync starts, Argo CD orders" against "When Argo CD starts a sync, it orders").
Cause: a unit opening "This is because" is linked to the sentence before it; a reason that opens with a scene ("because
in some cases, such as ..., a prerelease cannot start with 0") is the clause the scene opens; "name" is said by
"naming"."""

from __future__ import annotations

import pytest

from docent.sidecar.answer import causes, order_lines
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


PREVIEW = _section("how-it-works_1", "How it works", (
    "- Trigger: pull_request_target runs in the context of the base repository, which gives the workflow "
    "pull-requests: write permission even for PRs from forks. We deliberately gate the job to same-repo PRs only "
    "(head.repo == base.repo); fork PRs are skipped. This is because cz bump renders Jinja templates from the working "
    "directory whenever update_changelog_on_bump is enabled, and the renderer is not sandboxed — running it against "
    "fork-controlled files under a write token would risk arbitrary code execution and token exfiltration. Same-repo "
    "PRs are written by collaborators who already have push access, so the same risk doesn't apply.\n- Setup: "
    "commitizen-tools/setup-cz installs the Commitizen CLI; no language-specific build tooling is required."),
    "Bump preview")
OFFSET = _section("prerelease_offset", "prerelease_offset", (
    "Offset with which to start counting prereleases. If not specified, defaults to 0. pyproject.toml\n"
    "[tool.commitizen]\nprerelease_offset = 1\nNote: Under some circumstances, a prerelease cannot start with 0-for "
    "example, in embedded projects where individual characters are encoded as bytes. You can specify an offset from "
    "which to start counting."), "Configuration")
ORPHANED = _section("user-guide-orphaned-resources", "Orphaned Resources Monitoring", (
    "Warning: Enabling orphaned resource monitoring has performance implications. If an AppProject monitors a "
    "namespace containing many resources not managed by Argo CD (e.g. kube-system), it can significantly impact your "
    "Argo CD instance. Enable this feature only on projects with well-scoped namespaces.\nAn orphaned Kubernetes "
    "resource is a top-level namespaced resource that does not belong to any Argo CD Application."), "User Guide")

CAUSES = verdicts(PREVIEW, OFFSET, ORPHANED, docs=True)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("The bump-preview workflow skips pull requests from forks because `cz bump` renders Jinja templates without a "
         "sandbox, so fork-controlled files under a write token could run arbitrary code [[how-it-works_1]].", "shown"),
        ("The `prerelease_offset` setting exists because in some cases, such as embedded projects that encode "
         "individual characters as bytes, a prerelease cannot start with 0 [[prerelease_offset]].", "shown"),
        ("Orphaned resource monitoring should only be enabled on well-scoped namespaces because it may delete resources "
         "that other operators, like cert-manager, created [[user-guide-orphaned-resources]].", "cause"),
    ],
)
def test_causes(sentence: str, expected: str) -> None:
    assert CAUSES(sentence) == expected


# HTTPX's "Checking for success and failure responses" (its requests-compatibility page), and Commitizen's
# prerelease_offset note, read by the rule alone: the sentence's inline code is blanked, as the gate blanks it.
READ_ALONE = [
    Passage.of("Checking for success and failure responses", "We don't support response.is_ok since the naming is "
               "ambiguous there, and might incorrectly imply an equivalence to response.status_code == codes.OK. "
               "Instead we provide the response.is_success property, which can be used to check for a 2xx response.",
               fold),
    Passage.of("prerelease_offset", "Offset with which to start counting prereleases. If not specified, defaults to "
               "0. Note: Under some circumstances, a prerelease cannot start with 0-for example, in embedded projects "
               "where individual characters are encoded as bytes. You can specify an offset from which to start "
               "counting.", fold),
]


@pytest.mark.parametrize(
    ("sentence", "held"),
    [
        ("HTTPX leaves out the property because its name is ambiguous and might suggest it equals the OK code, and "
         "offers another property for 2xx checks instead.", False),
        ("HTTPX leaves out the property because redirect responses would make its result unreliable, and offers "
         "another property for 2xx checks instead.", True),
        ("The setting exists because PEP 440 does not allow a prerelease to be numbered 0.", True),
        ("The setting exists because in some cases, such as embedded projects that encode individual characters as "
         "bytes, a prerelease cannot start with 0.", False),
        ("The setting exists because in some cases, such as embedded projects, the releases are signed by hand.", True),
    ],
)
def test_causes_read_alone(sentence: str, held: bool) -> None:
    assert causes.held(unit(sentence, fold), READ_ALONE) is held
