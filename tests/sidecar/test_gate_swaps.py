"""The swap rule (`swaps.py`, reason `actor`): "A does P, while B does Q" where the cited section says A does Q and B
does P, in two sentences or two cells of a table row. Found on the development rounds' attribution falsehoods
(OpenFaaS's editions' queues, Copier's comparison table); a sentence that keeps each fact with its own thing passes."""

from __future__ import annotations

import pytest

from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from tests.sidecar.gating import docs_section as _section
from tests.sidecar.gating import fate, record_of

QUEUES = (  # OpenFaaS's docs, reference/async.md
    "OpenFaaS Pro supports a single shared queue for asynchronous requests. OpenFaaS Enterprise supports dedicated "
    "queues per function. Asynchronous requests are processed by the queue-worker component using a single topic "
    "(faas-request), for most use-cases this will be sufficient if most of your functions take a similar amount of "
    "time to execute."
)
COMPARISONS = (  # Copier's docs, comparisons.md: a table, each row's cells after its label
    "Here's a simple comparison.\nCan template file names: Copier Yes; Cookiecutter Yes; Yeoman Yes\n"
    "Configuration: Copier Single YAML file1; Cookiecutter Single JSON file; Yeoman JS module\n"
    "Migrations: Copier Yes; Cookiecutter No; Yeoman No"
)
BASIC = (  # HTTPX's docs, advanced/authentication.md: the digest section says "it", and sets basic beside it
    "HTTP basic authentication is an unencrypted authentication scheme that uses a simple encoding of the username and "
    "password in the request Authorization header. Since it is unencrypted it should typically only be used over https, "
    "although this is not strictly enforced."
)
DIGEST = (
    "HTTP digest authentication is a challenge-response authentication scheme. Unlike basic authentication it provides "
    "encryption, and can be used over unencrypted http connections. It requires an additional round-trip in order to "
    "negotiate the authentication."
)
RECORD = record_of(
    _section("basic-authentication", "Basic authentication", BASIC),
    _section("digest-authentication", "Digest authentication", DIGEST),
    _section("dedicated-queues", "Dedicated queues", QUEUES),
    _section("comparisons", "Comparing Copier to other project generators", COMPARISONS),
)


# Basic and digest authentication told of each other, each section's subject its pronoun ("It provides ...").
PRONOUNS = [
        ("Basic authentication provides encryption and can be used over plain http, whereas Digest authentication is "
         "unencrypted and should typically only be used over https [[basic-authentication, digest-authentication]].",
         "actor"),
        ("Digest authentication provides encryption and can be used over plain http, whereas Basic authentication is "
         "unencrypted and should typically only be used over https [[basic-authentication, digest-authentication]].",
         "shown"),
]


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("OpenFaaS Pro supports dedicated queues per function, while OpenFaaS Enterprise supports a single shared "
         "queue for asynchronous requests [[dedicated-queues]].", "actor"),
        ("OpenFaaS Pro supports a single shared queue for asynchronous requests, while OpenFaaS Enterprise supports "
         "dedicated queues per function [[dedicated-queues]].", "shown"),
        ("Copier is configured through a single JSON file, whereas Cookiecutter uses a single YAML file "
         "[[comparisons]].", "actor"),
        ("Copier is configured through a single YAML file, whereas Cookiecutter uses a single JSON file "
         "[[comparisons]].", "shown"),
        # a unit whose subject is a pronoun is about its section's title; "unlike X" sets X beside it, no subject
        *PRONOUNS,
    ],
)
def test_two_things_facts_told_of_each_other(sentence: str, expected: str) -> None:
    assert fate(Gate(RECORD, Lexicon([])), sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        *PRONOUNS,
    ],
)
def test_a_sentences_semicolon_cuts_no_cells(sentence: str, expected: str) -> None:
    """A semicolon in a section's sentence is no table row's cell edge: its pronoun is still its section's title."""
    digest = DIGEST.replace("encryption, and can", "encryption; it can")
    record = {**RECORD, **record_of(_section("digest-authentication", "Digest authentication", digest))}
    assert fate(Gate(record, Lexicon([])), sentence) == expected


def test_an_unlike_unit_that_denies_gives_its_subject_nothing() -> None:
    """ "Unlike digest authentication it needs no nonce" is no support for basic authentication's nonce: a unit that
    negates is read with its plain stems (it names digest, with the nonce the denial leaves it), not given to its
    section's title."""
    record = record_of(
        _section("digest", "Digest authentication", "It is slower than basic authentication, which sends the password "
                 "in clear text. The server sends a nonce that the client hashes."),
        _section("basic", "Basic authentication", "It sends the password base64 encoded on every request. Unlike "
                 "digest authentication it needs no nonce from the server."),
    )
    swapped = ("Digest authentication sends the password in clear text, whereas basic authentication hashes a nonce "
               "[[digest]] [[basic]].")
    kept = ("Basic authentication sends the password in clear text, whereas digest authentication hashes a nonce "
            "[[digest]] [[basic]].")
    assert fate(Gate(record, Lexicon([])), swapped) == "actor"
    assert fate(Gate(record, Lexicon([])), kept) == "shown"
