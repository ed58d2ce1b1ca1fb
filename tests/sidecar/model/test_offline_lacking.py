"""The offline model on documentation refuses where the record lacks the question's key entity: a version only a longer
release writes ("3.14.0" is no "Python 3.14")."""

from __future__ import annotations

from docent.sidecar.offline.versions import versions_missing


def test_a_version_the_record_writes_only_as_the_start_of_a_longer_release_is_one_it_lacks() -> None:
    said = "the 3.14.2 release fixed the parser. it needs python 3.9 or newer."
    assert versions_missing("Does it run on Python 3.14?", said) == {"Python 3.14", "3.14"}
    assert versions_missing("Can I still run it on 3.8?", "changed in 3.8.1: the parser.") == {"3.8"}
    # written by itself, with its name or alone, the record has it
    assert not versions_missing("Does it run on Python 3.9?", said)
    assert not versions_missing("Can I still run it on 3.9?", said)
