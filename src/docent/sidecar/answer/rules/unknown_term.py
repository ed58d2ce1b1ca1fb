"""`unknown_term`: every term of the lexicon a sentence names is mentioned by the sections it cites or by those cited
by sentences already let through; a sentence that cites nothing may name only the latter. The owner's name (the
site's: "Starlette" on its documentation) is what every section is about: any sentence may name it. Two entries of
the lexicon that share a name are one thing: a section that names "Outbox pattern" mentions "Transactional outbox"
where the two give each other as aliases. A label set in emphasis with its colon that opens a list's item ("- **Observability:** all
services are instrumented with OpenTelemetry") names the item's topic, as a heading does, and states nothing: its
terms are let through; the item's own words are checked."""

from __future__ import annotations

from .types import Draft, Hold, Reading, Rule, Verdict


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
    if unknown and sentence.ids and sentence.draft.item is not None:
        unknown -= grounds.lexicon.names(_label(sentence.draft))
    return Hold("unknown_term", {"terms": unknown, "cited": bool(sentence.ids)}) if unknown else None


_LABEL_WORDS = 3


def _label(draft: Draft) -> str:
    """An item's opening label set in emphasis, with its colon inside or just after it and words after it ("**Observability:**
    all ..."), of at most `_LABEL_WORDS` words and no digit; else nothing."""
    if not draft.spans or draft.spans[0][1] != 0:
        return ""
    end = draft.spans[0][2]
    label, rest = draft.text[:end], draft.text[end:]
    if label.endswith(":"):
        label = label[:-1]
    elif rest.startswith(":"):
        rest = rest[1:]
    else:
        return ""
    fits = rest.strip() and len(label.split()) <= _LABEL_WORDS and not any(c.isdigit() for c in label)
    return label if fits else ""


# A term of the lexicon no cited section mentions: it names what they do not. Unsure by its precision on rounds 5-15
# (tests/evals/precision-round33.json: 13 of its 16 holds falsehoods, under 0.95): with the check on, it is referred.
RULE: Rule = Rule("unknown_term", check, sure=False)
