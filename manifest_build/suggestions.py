"""What an empty panel offers to ask: the owner's own questions, else a few drawn from what the site has.

Drawn from the manifest, one of each where the site has it: a tour, an experiment, a case (the first page after the
home page with record sections on it), an offer. Each is a question the guide can act on, in the manifest's words.
"""

from __future__ import annotations

from collections.abc import Sequence

from docent.schema import Experiment, Offer, Page, RecordSection, Tour

MOST = 4


def _ask(label: str) -> str:
    """An offer's label ("Download the CV") as the visitor's question ("Can I download the CV?")."""
    label = label.rstrip(".!?")
    if len(label) > 1 and label[0].isupper() and label[1].islower():
        label = label[0].lower() + label[1:]
    return f"Can I {label}?"


def suggestions(
    owners: Sequence[str],
    *,
    pages: Sequence[Page],
    tours: Sequence[Tour],
    experiments: Sequence[Experiment],
    record: Sequence[RecordSection],
    offers: Sequence[Offer],
) -> tuple[str, ...]:
    if owners:
        return tuple(owners)
    drawn: list[str] = []
    if tours:
        drawn.append(f"Give me the tour “{tours[0].label}”.")
    if experiments:
        drawn.append(f"Run the experiment “{experiments[0].label}”.")
    with_record = {section.page for section in record}
    case = next((page for page in pages[1:] if page.id in with_record), None)
    if case is not None:
        drawn.append(f"What does the site say about “{case.label}”?")
    if offers:
        drawn.append(_ask(offers[0].label))
    return tuple(drawn[:MOST])
