"""A hyphenated compound written closed is the same word: "auto-scaling" is "autoscaling", "e-mail" is "email". OpenFaaS'
docs write "... allows to disable the auto-scaling functionality", a reader asks how to deactivate "autoscaling", and
the sentence that answers was weighed as saying none of the question's words."""

from __future__ import annotations

from docent.sidecar.answer.words import stem
from docent.sidecar.offline.vocabulary import spoken


def test_a_hyphenated_compound_says_its_closed_form_too() -> None:
    said = spoken("Setting both allows to disable the auto-scaling functionality and the e-mail alerts.")
    assert {stem("autoscaling"), stem("email"), "auto", stem("scaling")} <= set(said)
    assert stem("autoscaling") not in spoken("Setting both allows to disable the auto scaling functionality.")
