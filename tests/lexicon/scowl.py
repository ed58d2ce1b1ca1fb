"""The list of common English words the gate's proper-name rule and the embedded model read (`answer/names.ENGLISH`,
`offline/english.py`), derived from SCOWL:
`python -m tests.lexicon.scowl LIST...`.

Each LIST is a SCOWL word list as Debian ships it: `/usr/share/dict/american-english` and
`/usr/share/dict/british-english` (`apt-get install wamerican wbritish`, SCOWL's size 50, its "common words" a
spelling checker accepts). Its lower-case entries only (a capital marks a name: "Docker", "Jinja"), each folded as the
offline model folds a question's words (`words.terms`: accents folded, "didn't" as "didn", stemmed). Written to
`src/docent/sidecar/answer/data/english.txt`, one stem a line, sorted. Nothing is downloaded at install or test time:
the list is vendored, with SCOWL's licence beside it.
"""

from __future__ import annotations

import sys
from pathlib import Path

from docent.sidecar.answer.words import terms

OUT = Path(__file__).resolve().parents[2] / "src" / "docent" / "sidecar" / "answer" / "data" / "english.txt"


def stems(lists: list[Path]) -> list[str]:
    """The lists' lower-case entries as stems, each once, sorted."""
    out: set[str] = set()
    for path in lists:
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
            entry = line.strip()
            if entry and entry == entry.lower():
                out.update(t for t in terms(entry) if t.isalpha())
    return sorted(out)


if __name__ == "__main__":
    OUT.write_text("".join(f"{s}\n" for s in stems([Path(p) for p in sys.argv[1:]])), encoding="utf-8")
