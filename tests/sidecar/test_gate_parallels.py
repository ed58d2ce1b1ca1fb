"""The parallels rule (`parallels.py`, reason `actor`, issue 21's attribution): a section's two alike units, each
binding its own name to its own facts, and a sentence that names one and tells the other's facts of it. Found on
development rounds 8 and 15 (uv, OpenFaaS); the sections' words are theirs. A sentence binding each name to its own
facts passes, and so does one that lists both alternatives."""

from __future__ import annotations

import pytest

from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from tests.sidecar.gating import docs_section as _section
from tests.sidecar.gating import fate, record_of

TOOLS = (  # uv's docs, concepts/tools.md, "Tool environments"
    "When running a tool with uvx, a virtual environment is stored in the uv cache directory and is treated as "
    "disposable, i.e., if you run uv cache clean the environment will be deleted. The environment is only cached to "
    "reduce the overhead of repeated invocations. If the environment is removed, a new one will be created "
    "automatically. When installing a tool with uv tool install, a virtual environment is created in the uv tools "
    "directory. The environment will not be removed unless the tool is uninstalled. If the environment is manually "
    "deleted, the tool will fail to run."
)
GPUS = (  # OpenFaaS's docs, edge/gpus.md, "GPU for services" (its start)
    "GPU support for OpenFaaS Edge\n\nAt the time of speaking, OpenFaaS Pro on Kubernetes supports GPUs for functions "
    "via Profiles. OpenFaaS Edge supports Nvidia GPUs for core services only."
)
RECORD = record_of(
    _section("tool-environments", "Tool environments", TOOLS, "Tools"),
    _section("edge-gpus", "GPU for services", GPUS),
)


def verdict(sentence: str) -> str:
    return fate(Gate(RECORD, Lexicon([])), sentence)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # round 8's falsehood: uvx's cache and `uv cache clean` told of `uv tool install`
        ("The virtual environment that uv tool install creates lives in the uv cache directory and is deleted when "
         "you run uv cache clean [[tool-environments]].", "actor"),
        ("The virtual environment that uvx creates lives in the uv cache directory and is deleted when you run uv "
         "cache clean [[tool-environments]].", "shown"),
        ("The virtual environment that uv tool install creates lives in the uv tools directory "
         "[[tool-environments]].", "shown"),
        # round 15's: Pro on Kubernetes' functions via Profiles told of OpenFaaS Edge
        ("OpenFaaS Edge supports Nvidia GPUs for functions via Profiles [[edge-gpus]].", "actor"),
        ("OpenFaaS Edge supports Nvidia GPUs for its core services [[edge-gpus]].", "shown"),
        ("OpenFaaS Pro on Kubernetes supports GPUs for functions via Profiles [[edge-gpus]].", "shown"),
    ],
)
def test_one_alternative_told_the_others_facts(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected
