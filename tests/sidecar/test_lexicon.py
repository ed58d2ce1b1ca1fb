"""The lexicon: which technologies and practices a text names."""

from __future__ import annotations

import pytest

from docent.sidecar.answer.lexicon import Lexicon
from docent.sidecar.answer.lexicon_keys import as_words

LEXICON = Lexicon(
    [
        {"term": "Go", "aliases": ["golang"]},
        {"term": "Rust", "aliases": []},
        {"term": "Spring", "aliases": []},
        {"term": "Spring Boot", "aliases": []},
        {"term": "C++", "aliases": ["cpp"]},
        {"term": "C", "aliases": []},
        {"term": "C#", "aliases": ["csharp"]},
        {"term": ".NET", "aliases": ["dotnet"]},
        {"term": "3-D Secure", "aliases": ["3DS"]},
        {"term": "Node.js", "aliases": ["node"]},
        {"term": "CI/CD", "aliases": ["continuous delivery"]},
        {"term": "Java", "aliases": []},
        {"term": "JavaScript", "aliases": ["js"]},
        {"term": "microservices", "aliases": ["microservice"]},
        {"term": "Kafka", "aliases": ["Apache Kafka"]},
        {"term": "event sourcing", "aliases": []},
        {"term": "code review", "aliases": []},
        {"term": "REST", "aliases": ["RESTful"]},
        {"term": "uv", "aliases": []},
        {"term": "Idempotency keys", "aliases": []},
        {"term": "Hypothesis", "aliases": []},
    ]
)


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("He moved the payments to Kafka.", {"Kafka"}),
        ("APACHE KAFKA and kafka", {"Kafka"}),
        ("He wrote Go, then golang again.", {"Go"}),
        ("He will go on to spring into action.", set()),  # everyday words, not written as names
        ("He is an expert in rust.", {"Rust"}),  # rare as an everyday word: named in any case
        ("The rest of the team, in REST and RESTful APIs", {"REST"}),
        ("He tested the hypothesis with Hypothesis.", {"Hypothesis"}),
        ("uv, not UV light", {"uv"}),
        ("an idempotency key, then idempotency keys", {"Idempotency keys"}),
        ("Rust and Spring Boot.", {"Rust", "Spring Boot"}),
        ("Spring and Spring Boot", {"Spring", "Spring Boot"}),
        ("C++, C# and C.", {"C++", "C#", "C"}),
        ("He wrote cpp and csharp.", {"C++", "C#"}),
        (".NET and dotnet, not ASP.NET", {".NET"}),
        ("3D Secure, 3-D-Secure, 3-D Secure and 3DS", {"3-D Secure"}),
        ("Node.js services", {"Node.js"}),
        ("a CI/CD pipeline with continuous delivery", {"CI/CD"}),
        ("JavaScript, not Java", {"JavaScript", "Java"}),
        ("JavaScript only", {"JavaScript"}),
        ("microservices and one microservice", {"microservices"}),
        ("event-sourcing and code reviews", {"event sourcing", "code review"}),
        ("Google, Gopher, Rusty and Springfield", set()),
        ("", set()),
    ],
)
def test_names_what_a_reader_would_call_a_name(text: str, names: set[str]) -> None:
    assert LEXICON.names(text) == names


@pytest.mark.parametrize(
    "text",
    [
        "He is an expert in Rust.", "She runs .NET and ASP.NET on Node.js.", "A 3D Secure flow, not a 3-D-Secure one.",
        "Event-sourcing and code reviews, with apache  kafka.", "He wrote Go, then Spring Boot, then spring.",
        "Idempotency key and idempotency keys.", "A CI/CD pipeline with continuous delivery, not C.",
        "He moved card payments onto a ledger.", "Google, Gopher, Rusty and Springfield.",
    ],
)
def test_a_text_whose_words_are_given_names_what_it_names_read_whole(text: str) -> None:
    """`find(text, words)` tries a name only where a word it may begin with stands (`Keys.firsts_in`): the same."""
    words = [w.decode() for w in as_words(text) or []]
    assert LEXICON.find(text, words) == LEXICON.find(text)


def test_an_alias_two_terms_share_belongs_to_the_first() -> None:
    lexicon = Lexicon([{"term": "Kubernetes", "aliases": ["k8s"]}, {"term": "K8s tooling", "aliases": ["K8S"]}])
    assert lexicon.names("k8s") == {"Kubernetes"}
    assert lexicon.same == {"Kubernetes": {"Kubernetes", "K8s tooling"}, "K8s tooling": {"Kubernetes", "K8s tooling"}}
    assert Lexicon([{"term": "Kafka", "aliases": ["kafka"]}, {"term": "Rust", "aliases": []}]).same == {}


def test_an_empty_lexicon_names_nothing() -> None:
    assert Lexicon.empty().names("Kafka and Rust") == set()
    assert len(Lexicon.empty()) == 0


def test_a_large_lexicon_stays_fast_and_exact() -> None:
    entries = [{"term": f"Tool{i}", "aliases": [f"tool-{i}x"]} for i in range(2000)] + [{"term": "Kafka", "aliases": []}]
    lexicon = Lexicon(entries)
    assert lexicon.names("He used Tool17, tool-5x and Kafka, not Tool.") == {"Tool17", "Tool5", "Kafka"}


def test_the_built_in_list_reads_prose_as_a_reader_would() -> None:
    from docent.manifest_build.lexicon import built_in

    lexicon = Lexicon([{"term": e.term, "aliases": list(e.aliases)} for e in built_in()])
    assert lexicon.names("The rest of the team will go live next spring.") == set()
    assert lexicon.names("She is an expert in rust and golang.") == {"Rust", "Go"}
    assert lexicon.names("She moved payments to Apache Kafka and PostgreSQL.") == {"Kafka", "PostgreSQL"}
