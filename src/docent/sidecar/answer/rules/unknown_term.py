"""`unknown_term`: every term of the lexicon a sentence names is mentioned by the sections it cites or by those cited
by sentences already let through; a sentence that cites nothing may name only the latter. The owner's name (the
site's: "Starlette" on its documentation) is what every section is about: any sentence may name it. Two entries of
the lexicon that share a name are one thing: a section that names "Outbox pattern" mentions "Transactional outbox"
where the two give each other as aliases."""

from __future__ import annotations

from .types import Hold, Reading, Rule, Verdict


def check(sentence: Reading) -> Verdict:
    if not sentence.named:
        return None
    grounds = sentence.grounds
    mentioned = set(grounds.known) if sentence.ids else grounds.uncited_terms()
    for sid in sentence.ids:
        mentioned |= grounds.mentions.terms[sid]
    unknown = sentence.named - mentioned - grounds.site.own_terms
    if unknown and grounds.lexicon.same:  # a term whose entry shares a name with a mentioned one is mentioned
        unknown = {t for t in unknown if not grounds.lexicon.same.get(t, frozenset()) & mentioned}
    return Hold("unknown_term", {"terms": unknown, "cited": bool(sentence.ids)}) if unknown else None


RULE = Rule("unknown_term", check)
