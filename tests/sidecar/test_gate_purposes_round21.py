"""A purpose the sections give the same step themselves (issue 21, faithful21b): "add a CNAME file ... so that it is
included in every deploy" where a unit of theirs says "So that the file does not get removed the next time you
deploy, you need to copy the file to your docs_dir", however far from the step's own sentence. A purpose they give
nowhere, or a reason told with "because", is still held."""

from __future__ import annotations

import pytest

from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from tests.sidecar.gating import docs_section, fate, record_of

DOMAINS = record_of(docs_section("custom", "Custom Domains", (
    "GitHub Pages includes support for using a Custom Domain for your site. In addition to the steps documented by "
    "GitHub, you need to take one additional step so that MkDocs will work with your custom domain. You need to add a "
    "CNAME file to the root of your docs_dir. The file must contain a single bare domain or subdomain on a single "
    "line. You may create the file manually, or use GitHub's web interface to set up the custom domain. If you use the "
    "web interface, GitHub will create the CNAME file for you and save it to the root of your pages branch. So that "
    "the file does not get removed the next time you deploy, you need to copy the file to your docs_dir. With the "
    "file properly included in your docs_dir, MkDocs will include the file in your built site and push it to your "
    "pages branch each time you run the gh-deploy command.")))
STEP = "If you use a custom domain, add a CNAME file to the root of your docs_dir"


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (f"{STEP} so that it is included in every deploy [[custom]].", "shown"),
        (f"{STEP} so that it does not get removed the next time you deploy [[custom]].", "shown"),
        (f"{STEP} so that GitHub saves it to the pages branch [[custom]].", "cause"),
        (f"{STEP} so that the build runs faster [[custom]].", "cause"),
        (f"{STEP} because it is included in every deploy [[custom]].", "cause"),
    ],
)
def test_a_purpose_the_sections_give_the_step_is_theirs(sentence: str, expected: str) -> None:
    assert fate(Gate(DOMAINS, Lexicon([])), sentence) == expected
