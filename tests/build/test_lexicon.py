"""The built-in lexicon and the owner's additions."""

from __future__ import annotations

from docent.manifest_build.lexicon import built_in, lexicon, parse


def test_the_built_in_list_holds_at_least_300_real_terms_without_duplicates():
    entries = built_in()
    assert len(entries) >= 300
    names = [n.casefold() for e in entries for n in (e.term, *e.aliases)]
    assert len(names) == len(set(names)), "a name belongs to one term"
    terms = {e.term for e in entries}
    for term in ("Rust", "Go", "Elixir", "Haskell", "Kafka", "Java", "Kubernetes", "3-D Secure", "PSD2", "PCI DSS",
                 "EMV", "Test-driven development", "Pair programming", "Code review", "Chaos engineering",
                 "Blue-green deployment", "Event sourcing"):
        assert term in terms, term


def test_an_alias_names_the_same_thing_never_a_sibling():
    """An alias lets a sentence that names it cite a section that names its term: IPv6 is no other name for IPv4
    (a sentence on IPv6 passed the lexicon rule citing a section that says only IPv4), nor mTLS for TLS."""
    names = {n: e.term for e in built_in() for n in (e.term, *e.aliases)}
    for one, other in (("IPv4", "IPv6"), ("TLS", "mTLS")):
        assert names[one] != names[other], (one, other)
    assert names["SSL"] == "TLS" and names["mutual TLS"] == "mTLS"


def test_aliases_are_read_from_the_pipes():
    (entry,) = parse("# a comment\n\nKubernetes |  K8s | kube \n")
    assert (entry.term, entry.aliases) == ("Kubernetes", ("K8s", "kube"))


def test_the_owners_additions_extend_known_terms_and_add_new_ones():
    entries = {e.term: e.aliases for e in lexicon({"kafka": ["Kafka Streams API", "Apache Kafka"], "Temporal": []})}
    assert entries["Kafka"] == ("Apache Kafka", "Kafka Streams API")
    assert entries["Temporal"] == ()
    assert list(entries)[-1] == "Temporal"
