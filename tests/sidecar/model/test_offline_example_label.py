"""A code block introduced by a bare label ("Example:", "For example:") is led by the sentence before the label. The
label says only that code follows; the sentence says what the code shows ("This setting lists the files left out of
the built site." then "Example:" then the setting's YAML). Read as no line leading into the code, the block was never
weighed with a sentence, and MkDocs' "how do I keep docs/requirements.txt out of the built site?" was refused: the
file's name is only in the example's YAML."""

from __future__ import annotations

from docent.schema import Block, Manifest
from docent.schema import RecordSection as Section
from docent.sidecar.offline import OfflineModel
from docent.sidecar.offline.quotes import leads

RULE = "This setting lists the patterns of files that are left out of the built site."
CODE = 'skip_files: |\n  # Top-level "docs/requirements.txt".\n  /requirements.txt\n  *.py'


def _section(id: str, heading: str, *blocks: Block) -> Section:
    return Section.of(id, page="config", path=f"/config/#{id}", headings=("Configuration", heading), blocks=blocks)


SKIP = _section(
    "skip_files", "skip_files",
    Block("paragraph", "Added in version 2.1."),
    Block("paragraph", RULE),
    Block("paragraph", "Example:"),
    Block("code", CODE, lang="yaml"),
    Block("paragraph", "The patterns follow the format of a .gitignore file, one pattern a line."),
)
THEME = _section(
    "theme", "theme",
    Block("paragraph", "The theme sets how the built site looks: its colours, its fonts and its navigation."),
    Block("paragraph", "A theme may ship templates of its own for the pages of the site."),
)


def test_the_sentence_before_a_bare_label_leads_into_the_code() -> None:
    assert dict(leads(SKIP)) == {RULE: 3}
    # the label at the end of the sentence's own paragraph: the sentence says a fact of its own, said alone
    same = _section("skip", "skip", Block("paragraph", f"{RULE} For example:"), Block("code", CODE, lang="yaml"))
    assert dict(leads(same)) == {}


def test_a_label_after_code_or_a_longer_line_is_read_as_before() -> None:
    # "Renders as:" after a block of Markdown: no sentence before it leads into the output
    after_code = _section("render", "render", Block("code", "*a*", lang="md"), Block("paragraph", "Renders as:"),
                          Block("code", "<em>a</em>", lang="html"))
    assert dict(leads(after_code)) == {}
    # a line of three words or more leads into its code itself
    own = _section("own", "own", Block("paragraph", RULE), Block("paragraph", "Set it like this:"),
                   Block("code", CODE, lang="yaml"))
    assert dict(leads(own)) == {"Set it like this:": 2}


def test_a_question_only_the_labelled_example_answers_is_answered_with_its_code() -> None:
    model = OfflineModel.of({s.id: s for s in (SKIP, THEME)}, manifest=Manifest(site_name="Sitegen", kind="docs"))
    said = [s.rsplit(" [[", 1)[0] for s in model.answer("how do I keep docs/requirements.txt out of the built site?")[0]]
    assert RULE in said, said
    assert said[said.index(RULE) + 1].startswith("```yaml\n" + CODE), said
    assert "Example:" not in said, said
