"""A sentence's clauses as the clause-reading rules cut them (`answer/clause_spans.py`: `rules/crossed.py`,
`rules/twins.py`, `pairings.py`), the sentences the twins test's round 11 falsehood and this file's own."""

from __future__ import annotations

import pytest

from docent.sidecar.answer.clause_spans import clauses


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The ASGI transport takes the client address as `remote_addr`, whereas the WSGI transport takes it as "
         "`client`.", ["The ASGI transport takes the client address as `remote_addr`", "the WSGI transport takes it as "
                       "`client`."]),
        # a cut needs a space after its mark: a bracket that opens on a word stays in its clause; "and" goes with it
        ("PUT needs it; POST does not (see below), and DELETE is free.",
         ["PUT needs it", "POST does not (see below)", "DELETE is free."]),
        ("Workers restart while the server stays up", ["Workers restart", "the server stays up"]),
        ("Version 1.2,3 is one clause", ["Version 1.2,3 is one clause"]),
        ("", [""]),
    ],
)
def test_clauses(text: str, expected: list[str]) -> None:
    assert [text[start:end] for start, end in clauses(text)] == expected
