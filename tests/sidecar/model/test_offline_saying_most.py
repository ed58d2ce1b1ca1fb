"""On documentation, the sentence that says most of the question is picked whichever of the best sections holds it: a
sentence is worth its words and a share of its section's rank, and the best section's sentences that say less
outranked one of the next section's that says what is asked (OpenFaaS' "... set your local environment to use
minikube's docker so faas-cli build builds directly into the Docker library used by minikube." under the image pull
policy, outranked by the first steps' sentences on pushing to a registry)."""

from __future__ import annotations

from docent.schema import Block
from docent.schema import RecordSection as Section
from docent.sidecar.offline.picking import SAID, SENTENCE_SHARE, _saying_most


def _section(id: str, *paragraphs: str) -> Section:
    return Section.of(id, page="guide", path=f"/guide/#{id}", headings=("Guide", id),
                      blocks=tuple(Block("paragraph", p) for p in paragraphs))


STEPS = _section("steps", *(f"Step sentence {i} says a little of the question." for i in range(5)))
POLICY = _section("policy", "Use the local engine so the build lands where the cluster pulls from.",
                  "Run the deploy with the local image:")
SAYS = [0.30, 0.28, 0.26, 0.25, 0.24]  # the best section's sentences
MOST = 0.45  # the next section's first sentence


def _matches(policy_value: float) -> tuple[list, list, dict]:
    matched = [(s + 0.5, 0, i, STEPS.blocks[i].text, STEPS) for i, s in enumerate(SAYS)]
    matched.append((MOST + policy_value, 1, 0, POLICY.blocks[0].text, POLICY))
    matched.sort(key=lambda m: -m[0])
    at = {(m[4].id, m[2]): (m[1], m[2], m[3], m[4], SAYS[m[2]] if m[4] is STEPS else MOST, set()) for m in matched}
    return matched[:SAID], matched, at


def test_the_sentence_that_says_most_takes_the_last_picks_place() -> None:
    picked, matched, at = _matches(0.2)  # its section's share left it fifth
    assert all(m[4] is STEPS for m in picked)
    out = _saying_most(picked, matched, at, MOST)
    assert len(out) == SAID and out[-1][3] == POLICY.blocks[0].text and out[:-1] == picked[:-1]


def test_picked_already_or_saying_too_little_it_changes_nothing() -> None:
    picked, matched, at = _matches(0.5)  # its section close to the best's: picked on its own worth
    assert _saying_most(picked, matched, at, MOST) == picked
    picked, matched, at = _matches(0.2)
    assert _saying_most(picked, matched, at, SENTENCE_SHARE - 0.01) == picked
