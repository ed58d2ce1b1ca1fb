"""Faithful sentences of careful chat models' Markdown answers that the actor and hedge rules misread (round 15, issue
21), told about made-up sections: each shown, and a falsehood in the same construction beside it held."""

from __future__ import annotations

import pytest

from docent.sidecar.answer import actors, hedges, siblings
from docent.sidecar.answer.events import Held, Sentence
from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from docent.sidecar.answer.passage import Passage, unit
from docent.sidecar.answer.site import Site
from docent.sidecar.answer.words import fold
from tests.sidecar.gating import docs_section, record_of


def test_a_stop_word_of_the_owners_name_is_no_owner() -> None:
    # A docs site's author, "The Python-Markdown Project" (called "The"): "the" before any noun is not the project.
    site = Site.of(record_of(), Lexicon([]), owner="Python-Markdown", person=("The Python-Markdown Project", "The"))
    assert site.owner == {"python", "markdown", "project"}
    sections = [Passage.of("Styles", "Pygments styles the output of the highlighter.", fold)]
    assert not actors.held(unit("CodeHilite adds the styles to the output.", fold, site.owner), sections)
    assert actors.held(unit("Python-Markdown styles the output of the highlighter.", fold, site.owner), sections)


@pytest.mark.parametrize(
    ("sentence", "held"),
    [
        # "need" ends in -ed and is no past: the section's "will need to" does not make it a plan told as a deed.
        ("You need Pygments installed before the highlighting works.", False),
        ("The team needed Pygments installed before the highlighting worked.", True),
    ],
)
def test_need_is_no_past(sentence: str, held: bool) -> None:
    sections = [Passage.of("Pygments", "You will also need to install Pygments before the highlighting works.", fold)]
    assert hedges.held(unit(sentence, fold), sections) is held


PUSHED = [Passage.of("Project Pages", "Be aware that you will not be able to review the built site before it is "
                     "pushed to GitHub. Therefore, you may want to verify any changes you make to the docs beforehand "
                     "by using the build or serve commands.", fold)]


@pytest.mark.parametrize(
    ("sentence", "held"),
    [
        # "will" is read against the unit its own clause restates, not the one the sentence's other clause does.
        ("You won't be able to review the built site before it is pushed, so first verify any changes you make to "
         "the docs with the build or serve commands.", False),
        ("The site is pushed to GitHub, and you will want to verify any changes beforehand with the build or serve "
         "commands.", True),
        ("You will verify any changes beforehand with the build or serve commands.", True),
    ],
)
def test_certainty_is_read_in_its_own_clause(sentence: str, held: bool) -> None:
    assert hedges.held(unit(sentence, fold), PUSHED) is held


ALTERNATIVES = [Passage.of("Using nh3 or bleach", "However, be aware that these libraries will not be sufficient in "
                           "themselves and will require customization. Some useful lists of allowed tags and attributes "
                           "can be found in the bleach-allowlist library, which should work with both nh3 and bleach.",
                           fold)]


@pytest.mark.parametrize(
    ("sentence", "held"),
    [
        # "require" is read against the unit its own clause restates ("will require customization"), not the one the
        # sentence's other clause does ("should work with both").
        ("Nh3 or bleach are alternatives, but they will require customization, and the bleach-allowlist library has "
         "lists of allowed tags.", False),
        ("The bleach-allowlist library must be used with both nh3 and bleach, and they need customization.", True),
    ],
)
def test_obligation_is_read_in_its_own_clause(sentence: str, held: bool) -> None:
    assert hedges.held(unit(sentence, fold), ALTERNATIVES) is held


@pytest.mark.parametrize(
    ("sentence", "held"),
    [
        # A participle right after a label's colon, or under a column label ("| Sent through |" read "Bearer; Sent
        # through ..."), describes the thing as "is sent" does; told as a deed with its subject, it is held.
        ("Bearer; Sent through an Authorization header; a mobile application", False),
        ("Bearer: sent through an Authorization header", False),
        ("The token was sent through an Authorization header.", True),
        ("Bearer: the token was sent through an Authorization header.", True),
    ],
)
def test_a_participle_after_a_label_is_no_deed(sentence: str, held: bool) -> None:
    sections = [Passage.of("Bearer", "The token will be sent through an Authorization header.", fold)]
    assert hedges.held(unit(sentence, fold), sections) is held



JWT = [Passage.of("JWT", "The token is self-contained in a JSON Web Token.\n- ✅ Self-contained: it doesn't need to be "
                  "stored in a database.\n- ❌ Can't be invalidated on the server-side: it's valid until it expires.\n"
                  "- ✅ Works with the BearerTransport: the token is read from the header.\n- ❌ Needs a CSRF protection "
                  "with the CookieTransport: the token is read from a cookie.", fold)]


@pytest.mark.parametrize(
    ("sentence", "held"),
    [
        # A capital after a line's mark ("❌ Can't") opens the line, as after a bullet: no name that the row's
        # "Self-contained" (a cell read after its column's label) could stand in the place of.
        ("JWT; Where the token lives Self-contained in a JSON Web Token; Can it be invalidated server-side? No, it's "
         "valid until it expires", False),
        # A name in the place of another on such a line is still read so: the bearer's fact told of the cookie.
        ("With the CookieTransport the token is read from the header.", True),
    ],
)
def test_a_capital_after_a_lines_mark_is_no_name(sentence: str, held: bool) -> None:
    assert siblings.held(unit(sentence, fold), JWT) is held


LEVELS = record_of(docs_section("levels", "Validation", "The warn level logs a warning, which strict mode turns into an "
                                "error. The info level logs an info message, shown normally."))


def fates(reply: str) -> list[str]:
    gate = Gate(LEVELS, Lexicon([]))
    return [e.reason if isinstance(e, Held) else f"shown {[c.id for c in e.cites]}"
            for e in (*gate.feed(reply), *gate.finish()) if isinstance(e, Sentence | Held)]


def test_a_line_of_citations_after_a_list_cites_each_item_and_each_is_checked() -> None:
    # Items longer than a connective, cited by one line after the list: each cites it, and is checked against it.
    listed = ("- The warn level logs a warning that strict mode turns into an error\n"
              "- The info level logs an info message that is shown normally\n")
    assert fates(f"{listed}\n[[levels]]\n") == ["shown ['levels']", "shown ['levels']"]
    false = listed.replace("logs a warning", "logs 3 warnings")  # a number the section does not state
    assert fates(f"{false}\n[[levels]]\n") == ["number", "shown ['levels']"]
    # With no line of citations after them they cite nothing, as before
    assert fates(f"{listed}\nThe warn level logs a warning [[levels]].") == ["uncited", "uncited", "shown ['levels']"]


UNLIMITED = [Passage.of("General", "If set to zero, the size will be unlimited (default). The relay would have "
                        "blocked the message.", fold)]


@pytest.mark.parametrize(
    ("sentence", "held"),
    [
        # a participle completing a present "makes X" is the state it brings about (round 30: Docker Mailserver's
        # size limit, round 14's Markdown answers): no deed told plainly against the section's "will be"
        ("Setting it to zero makes the size unlimited.", False),
        ("Setting it to zero leaves the size unlimited.", False),
        # a past verb, or the participle told as a deed, still is one
        ("Setting it to zero made the size unlimited.", True),
        ("The relay blocked the message.", True),
        ("The relay makes sure the message is blocked, and the relay blocked the message.", True),
    ],
)
def test_a_participle_completing_a_present_makes(sentence: str, held: bool) -> None:
    assert hedges.held(unit(sentence, fold), UNLIMITED) is held


IGNORED = [Passage.of("Sync options", "With this option the sync will ignore the replicas field. The relay would have "
                      "blocked the message.", fold)]


@pytest.mark.parametrize(
    ("sentence", "held"),
    [
        # a participle between a determiner and its noun describes the noun (round 25's Argo CD Markdown answers):
        # no deed told plainly against the section's "will ignore"
        ("The sync pre-patches the desired state, so the ignored field is left out.", False),
        # told as a deed, or of what the section says would have been done, it is still one
        ("The sync ignored the replicas field.", True),
        ("The blocked message was sent again.", True),
    ],
)
def test_a_participle_describing_its_noun(sentence: str, held: bool) -> None:
    assert hedges.held(unit(sentence, fold), IGNORED) is held


# NetBox's token model (round 19's development site): support the section plans for a release to come
PLANNED = [Passage.of("Token", "A token is a unique identifier mapped to a NetBox user account. Legacy v1 tokens store "
                      "the plaintext directly; their use is deprecated and support will be removed in NetBox v5. The "
                      "default expiry will be ignored for such tokens.", fold)]


@pytest.mark.parametrize(
    ("sentence", "held"),
    [
        # what a section says "will be" done in a release to come is not done yet: the participle before its noun
        # tells it done as the plain past does (b6eb470e let it through; review31)
        ("Legacy v1 tokens are affected by the removed support in NetBox v5.", True),
        ("Support for legacy v1 tokens was removed in NetBox v5.", True),
        ("Support for legacy v1 tokens will be removed in NetBox v5.", False),
        # "will be ignored" with no release after it tells how a thing works: the participle describes its noun
        ("The ignored expiry does not apply to legacy tokens.", False),
    ],
)
def test_a_participle_of_a_deed_planned_for_a_release_to_come(sentence: str, held: bool) -> None:
    assert hedges.held(unit(sentence, fold), PLANNED) is held
