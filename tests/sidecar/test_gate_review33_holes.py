"""What review33 found in fc95bb78's reading of opposite predicates (`answer/predicates.py`), pinned as strict xfails
on development sites' own sections: each fails while the hole is there and passes (XPASS, a failure) once it is
mended, when it should become a plain test.

Measured on the development bundles of rounds 5-28 (review33, written from the record sentences alone, no gate
consulted, with the rule's own table of predicates): of 960 sentences with one predicate word told as its opposite
(mostly falsehoods), fc95bb78 holds 622 where its parent held 340; of 334 told "not" and the opposite
("disabled" as "not enabled", faithful but often stilted), 19 more are held (most where the record's sentence was
denied already, a double denial); of 545 record sentences as written, from sections that say both poles, none. Two
holes read plainly:

- ExternalDNS (round 17): "This feature is not enabled by default and supports ... flags" says what the section says
  ("is disabled by default and supports"), and is held: the denial "not" is read as denying "supports" too, past
  "and", though a finite "supports" is no verb under "is not". Shown at fc95bb78's parent.
- Textual (round 22): the section's "This displays a clock which updates once a second." is read as naming a thing
  ("this" taken for a determiner, as in "the changes"), so the section states no predicate and "... hides a clock
  which updates once a second" is shown, whatever its subject.
"""

from __future__ import annotations

import pytest

from tests.sidecar.gating import docs_section, verdicts

judged = verdicts(
    docs_section("setting-cloudflare-custom-hostname", "Setting cloudflare-custom-hostname",  # ExternalDNS's docs,
                 "See Cloudflare for Platforms for more information on custom hostnames. This feature is disabled by "  # tutorials/cloudflare.md
                 "default and supports the --cloudflare-custom-hostnames-min-tls-version and "
                 "--cloudflare-custom-hostnames-certificate-authority flags."),
    docs_section("recompose", "Recompose",  # Textual's docs, guide/reactivity.md
                 "This displays a clock which updates once a second. The code is straightforward, but note how we "
                 "format the time in two places: compose() and watch_time()."),
)

FLAGS = "the --cloudflare-custom-hostnames-min-tls-version and --cloudflare-custom-hostnames-certificate-authority flags"


@pytest.mark.xfail(strict=True, reason="review33: the denial of 'is not enabled' is read over 'supports' past 'and'")
def test_a_denied_adjective_does_not_deny_the_verb_after_and() -> None:
    assert judged(f"This feature is not enabled by default and supports {FLAGS} [[setting-cloudflare-custom-hostname]].") == "shown"


@pytest.mark.xfail(strict=True, reason="review33: the section's 'This displays' is read as a thing, so it states nothing")
def test_the_opposite_of_a_sentence_opening_with_this_is_held() -> None:
    assert judged("The example hides a clock which updates once a second [[recompose]].") != "shown"


def test_the_sections_own_sentences_are_shown() -> None:
    assert judged(f"This feature is disabled by default and supports {FLAGS} [[setting-cloudflare-custom-hostname]].") == "shown"
    assert judged("This displays a clock which updates once a second [[recompose]].") == "shown"
