"""Falsehoods that gate28's readings let through (review28), on the development sites' own sections those readings
were made on: each was held at a5306e8d (main before gate28 landed) and shown at 88525a0a. The readings are reverted
(gatemend28: align's adverb of sequence 5a2c0e3b and be9d6114, polarity's echo 2189870d, siblings' parts joined by
a reason 73f8c38a), so each is held again; a reading that comes back must keep them held.

- align's adverb of sequence: "later than" is a comparative, "A later than B" tells A after B; an adverb fronting the
  clause after "and" ("and subsequently B is cleared") places B after, yet was read as the section's order.
- polarity's echo: the record's elided denial ("pages and links do not") backed one denial of a sentence's "Neither A
  nor B" and the sentence was shown whole, its "nor section objects" (which the section says may contain them)
  unbacked; "nor do B" after an "A does not either" echoed the empty "either" denial.
- siblings' parts joined by a reason: the part "MkDocs will not allow you to name your index pages README.md" was
  read alone, where the polarity rule misses it: the sentence whole is held.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from docent.sidecar.answer import siblings
from docent.sidecar.answer.passage import Passage, unit
from docent.sidecar.answer.words import fold
from tests.sidecar.gating import docs_section, verdicts

sequence = verdicts(
    docs_section("content-encoding", "Content encoding",
                 "HTTPX uses utf-8 for encoding str request bodies. For example, when using content=<str> the request "
                 "body will be encoded to utf-8 before being sent over the wire. This differs from Requests which uses "
                 "latin1.", "Requests Compatibility"),
    docs_section("resetting-instance-state", "Resetting Instance State",
                 "By calling reset between runs, the footnote definitions from the first document will be cleared before "
                 "the second document is rendered.", "Footnotes"),
)
navigation = verdicts(docs_section(
    "navigation-objects", "Navigation Objects",
    "Navigation objects contained in the nav template variable may be one of section objects, page objects, and link "
    "objects. While section objects may contain nested navigation objects, pages and links do not. Page objects are "
    "the full page object as used for the current page with all of the same attributes available. Section and Link "
    "objects contain a subset of those attributes as defined below:",
    "Themes", "Template Variables"))
INDEX = Passage.of(
    "Index pages",
    "When a directory is requested, by default, most web servers will return an index file (usually named index.html) "
    "contained within that directory if one exists. For that reason, the homepage in all of the examples above has "
    "been named index.md, which MkDocs will render to index.html when building the site. Many repository hosting "
    "sites provide special treatment for README files by displaying the contents of the README file when browsing "
    "the contents of a directory. Therefore, MkDocs will allow you to name your index pages as README.md instead of "
    "index.md.", fold)


@pytest.mark.parametrize(("judged", "sentence"), [
    # align's adverb of sequence: an order told against the section's
    (sequence, "The request body is encoded to utf-8 later than it is sent over the wire [[content-encoding]]."),
    (sequence, "The second document is rendered, and subsequently the first document's footnote definitions are "
               "cleared [[resetting-instance-state]]."),
    # polarity's echo: a denial of the subject the section affirms it of, beside a backed one
    (navigation, "Neither pages nor section objects contain nested navigation objects [[navigation-objects]]."),
    (navigation, "Pages do not contain nested navigation objects, and links do not either, nor do section objects "
                 "[[navigation-objects]]."),
], ids=["later-than", "and-subsequently", "neither-nor", "nor-do-echo"])
def test_a_hole_of_the_reverted_readings_is_held(judged: Callable[[str], str], sentence: str) -> None:
    assert judged(sentence) != "shown"


def test_a_denial_the_section_affirms_in_a_part_joined_by_a_reason_is_held() -> None:
    said = unit("Most web servers return an index file, so MkDocs will not allow you to name your index pages "
                "README.md.", fold)
    assert siblings.wakes(said.words, said.stems, [INDEX]) and siblings.held(said, [INDEX])


def test_the_neighbours_of_the_holes_read_as_before() -> None:
    """Beside the holes, their neighbours: held, and the section's own sentence shown (so the file fails where the
    harness breaks)."""
    assert sequence("The second document is rendered before the first document's footnote definitions are cleared "
                    "[[resetting-instance-state]].") == "order"
    assert sequence("By calling reset between runs, the footnote definitions from the first document will be cleared "
                    "before the second document is rendered [[resetting-instance-state]].") == "shown"
    assert navigation("Neither section objects nor pages contain nested navigation objects [[navigation-objects]].") \
        == "polarity"
