"""The order rule on a side that one unit holds by a single common word (found on round 8's faithful sentences): "the
project source is copied in" meets the lead paragraph's "manage your project", which comes before its "own layer";
the code's comment "# Copy the project into the image" holds two of the side's words. The one unit then places
nothing: the faithful sentence is shown, and the Dockerfile's steps told the other way round are still held. The
section is uv's own ("Intermediate layers", its Docker guide)."""

from __future__ import annotations

import pytest

from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from tests.sidecar.gating import docs_section as _section
from tests.sidecar.gating import fate, record_of

INTERMEDIATE_LAYERS = (
    "If you're using uv to manage your project, you can improve build times by moving your transitive dependency "
    "installation into its own layer via the --no-install options. uv sync --no-install-project will install the "
    "dependencies of the project but not the project itself. Since the project changes frequently, but its "
    "dependencies are generally static, this can be a big time saver. Dockerfile\n# Install uv\n"
    "FROM python:3.12-slim\nCOPY --from=ghcr.io/astral-sh/uv:latest /uv /uvx /bin/\n\n"
    "# Change the working directory to the `app` directory\nWORKDIR /app\n\n# Install dependencies\n"
    "RUN --mount=type=cache,target=/root/.cache/uv \\\n    --mount=type=bind,source=uv.lock,target=uv.lock \\\n"
    "    --mount=type=bind,source=pyproject.toml,target=pyproject.toml \\\n    uv sync --locked --no-install-project\n\n"
    "# Copy the project into the image\nCOPY . /app\n\n# Sync the project\n"
    "RUN --mount=type=cache,target=/root/.cache/uv \\\n    uv sync --locked\n"
    "Note that the pyproject.toml is required to identify the project root and name, but the project contents are "
    "not copied into the image until the final uv sync command.")
RECORD = record_of(_section("intermediate-layers", "Intermediate layers", INTERMEDIATE_LAYERS, "Docker", "Optimizations"))


def verdict(sentence: str) -> str:
    return fate(Gate(RECORD, Lexicon([])), sentence)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("The layered Docker approach installs the dependencies into their own layer before the project source is "
         "copied in, and the last uv sync installs the project itself [[intermediate-layers]].", "shown"),
        ("In the layered Dockerfile, the dependencies are installed before the project is copied into the image "
         "[[intermediate-layers]].", "shown"),
        ("In the layered Dockerfile, the project is copied into the image before the dependencies are installed "
         "[[intermediate-layers]].", "order"),
    ],
)
def test_a_side_one_unit_holds_by_one_word(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected
