"""On documentation, "How do I install it?" is answered by the line that introduces the install command and the
command, first: the line says "installation", the question "install" (a verb and the noun English makes of it are one
word to the embedded model: `synonyms.derived`), a content tab's label ("pip") stands between the line and its code,
and a line that leads into code is said in its place in the record's order, its code right after it."""

from __future__ import annotations

from docent.schema import Block, Manifest, Page
from docent.schema import RecordSection as Section
from docent.sidecar.offline import OfflineModel
from docent.sidecar.offline.quotes import leads
from docent.sidecar.offline.synonyms import derived

LEAD = "Toolkit is available on PyPI so installation is as simple as:"
INSTALLATION = Section.of(
    "installation", page="installation", path="/installation/", headings=("Installation",),
    blocks=(
        Block("paragraph", LEAD),
        Block("heading", "pip"),
        Block("code", "pip install toolkit", lang="bash"),
        Block("heading", "uv"),
        Block("code", "uv add toolkit", lang="bash"),
        Block("paragraph", "The above will install Toolkit with the minimal set of dependencies:"),
        Block("item", "h11 — Pure Python sans-io HTTP/1.1 implementation.", marker="-"),
        Block("item", "click — Command line interface library.", marker="-"),
        Block("paragraph", "If you are running on Python 3.10 or early versions, `typing_extensions` will also be "
                           "installed.", code=("typing_extensions",)),
    ),
)
EXTRAS = Section.of(
    "optional-dependencies", page="installation", path="/installation/#optional-dependencies",
    headings=("Installation", "Optional Dependencies"),
    blocks=(
        Block("paragraph", "There are many optional dependencies that can be installed to add support for various "
                           "features."),
        Block("paragraph", "When uvloop is installed, Toolkit will use it by default."),
    ),
)


def _model(*sections: Section) -> OfflineModel:
    pages = (Page("installation", "Installation", "/installation/"),)
    return OfflineModel.of({s.id: s for s in sections}, manifest=Manifest(site_name="Toolkit", kind="docs", pages=pages))


def test_a_verb_and_its_noun_are_one_word_where_the_record_writes_the_other() -> None:
    df = {"install": 3, "installation": 1, "deploy": 1, "deployment": 2, "configur": 1, "configuration": 1,
          "com": 2, "comment": 3, "loc": 1, "location": 2}
    assert derived("install", df) == {"installation"} and derived("installation", df) == {"install"}
    assert derived("deploy", df) == {"deployment"} and derived("configuration", df) == {"configur"}
    # a short word and the one its letters begin name different things: "com" is no "comment", "loc" no "location"
    assert not derived("com", df) and not derived("comment", df)
    assert not derived("loc", df) and not derived("location", df)


def test_a_content_tabs_label_between_a_line_and_its_code_leaves_it_the_line_that_leads_into_the_code() -> None:
    assert leads(INSTALLATION) == {LEAD: 2}


def test_how_do_i_install_it_opens_with_the_line_that_introduces_the_command_and_the_command() -> None:
    said = _model(INSTALLATION, EXTRAS).answer("How do I install Toolkit?")[0]
    assert said[:2] == [f"{LEAD} [[installation]]", "```bash\npip install toolkit\n```\n[[installation]]"], said
