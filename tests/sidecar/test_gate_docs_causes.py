"""The cause rule on how documentation and careful prose give a reason (found on rounds 5-7's faithful sentences and
careful Markdown answers): a reason of nouns joined by "and", a word of the section's family, a section's side that
holds both of the sentence's, a reason that points back, a reason the next sentence gives where the section's link
says only when, and a reason of two words; each beside a false reason still held. The record is made up."""

from __future__ import annotations

import pytest

from docent.sidecar.answer.events import Held, Sentence
from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from tests.sidecar.test_gate_docs_prose import _section

RECORD = {
    s.id: s
    for s in [
        _section("schemas", "Schema packages", "The project recommends third-party packages for generating schemas, "
                 "as they provide more features and flexibility than the built-in (deprecated) implementation."),
        _section("keys", "Key table", "The key table grows by four million rows a day and is partitioned by day so "
                 "that expiry is a dropped partition, not a slow delete."),
        _section("storm", "Retry storms", "A client retries a failed call up to eight times. Past twice its capacity "
                 "the service finishes almost nothing in time, which is what lets retries keep it down after the "
                 "outage is over."),
        _section("order", "Ordering", "Scans of one shipment must be read in order, so the key is the shipment id."),
        _section("cutoff", "Select cutoffs", "Relational fields show at most 1000 items. This behavior is intended to "
                 "prevent a template from being unable to render due to a very large number of items being displayed."),
        _section("tokens", "Tokens", "Add the tokens app to your installed apps. Make sure to run the migrate command "
                 "after changing your settings. The tokens app provides database migrations."),
        _section("errors", "Error budget", "The error rate fell after the retry budget replaced unlimited retries. "
                 "The team also added dashboards for every service."),
        _section("domains", "Custom domains", "You need to add a CNAME file to the root of your docs folder. The file "
                 "must contain a single domain. You may create the file by hand or through the web interface. With "
                 "the file included in your docs folder, the deploy command pushes it to your pages branch."),
    ]
}


def verdict(sentence: str) -> str:
    gate = Gate(RECORD, Lexicon([]))
    events = [e for e in (*gate.feed(sentence), *gate.finish()) if isinstance(e, Sentence | Held)]
    assert len(events) == 1, events
    return "shown" if isinstance(events[0], Sentence) else events[0].reason


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # A reason cut at "and" to a phrase is read on: "more features and flexibility than ..." is one reason.
        ("Third-party packages are recommended because they offer more features and flexibility than the deprecated "
         "built-in implementation [[schemas]].", "shown"),
        ("Third-party packages are recommended because they are kept by volunteers and signed by the vendor "
         "[[schemas]].", "cause"),
        # "Daily" is of the family of "by day"; a reason of words the section does not have is still held.
        ("Because the key table is split into daily partitions, expiring old keys means dropping a partition rather "
         "than running a slow delete [[keys]].", "shown"),
        ("Because the key table is split into regional shards, expiring old keys means dropping a shard rather "
         "than running a slow delete [[keys]].", "cause"),
        # A section's side that holds both of the sentence's sides orders neither; a link turned round still is.
        ("Retries can keep the service down after the outage ends, because past twice its capacity it finishes almost "
         "nothing in time [[storm]].", "shown"),
        ("The key is the shipment id because scans of one shipment must be read in order [[order]].", "shown"),
        ("Scans of one shipment must be read in order because the key is the shipment id [[order]].", "cause"),
        # A reason that only points back ("This behavior") gives none to set against the sentence's.
        ("The select cutoff is there so that a template is not left unable to render when a very large number of items "
         "is displayed [[cutoff]].", "shown"),
        # "After" says when; the next sentence's reason about the same thing is the section's, another thing's is not.
        ("Once the tokens app is installed, you run the migrate command, because the app provides database migrations "
         "[[tokens]].", "shown"),
        ("The error rate fell because the team added dashboards for every service [[errors]].", "cause"),
        # A reason of two words does not place itself far from its effect; one of more words still does.
        ("If you use a custom domain, add a CNAME file to the root of your docs folder so that it is included in every "
         "deploy [[domains]].", "shown"),
        ("Add a CNAME file to the root of your docs folder because the deploy command pushes it to your pages branch "
         "[[domains]].", "cause"),
    ],
)
def test_causes_in_docs_prose(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected
