"""The encoder's rows kept between builds (`encoder: true`): a section's row is made once for its text, so a rebuild
embeds only the sections that changed (~64 ms of CPU each; a first build of 1,760 sections takes ~2 minutes).

One SQLite file, the site's `.cache/docent/vectors.sqlite` beside mkdocs.yml (where Material's plugins keep theirs):
each row by the sha256 of its model's name and its text, so another model's or another text's is never taken.
"""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Callable, Sequence
from pathlib import Path

PLACE = Path(".cache") / "docent" / "vectors.sqlite"  # under mkdocs.yml's folder

Make = Callable[[Sequence[str]], list[bytes]]  # the texts' rows, made by the model


class VectorCache:
    """Rows by model and text, in one SQLite file made on first use; `embedded` and `kept` count this build's."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.embedded = 0  # rows made by the model this build
        self.kept = 0  # rows read from the cache

    @classmethod
    def beside(cls, config_file: Path) -> VectorCache:
        """The site's cache: `PLACE` under the folder of its mkdocs.yml."""
        return cls(config_file.resolve().parent / PLACE)

    def rows(self, model: str, texts: Sequence[str], make: Make) -> list[bytes]:
        """A row for each text, in their order: those cached read, the rest made (`make`, once, for all of them) and
        kept."""
        keys = [hashlib.sha256(f"{model}\0{text}".encode()).hexdigest() for text in texts]
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with sqlite3.connect(self.path, timeout=60) as db:
            db.execute("CREATE TABLE IF NOT EXISTS row (key TEXT PRIMARY KEY, row BLOB NOT NULL)")
            have = dict(self._read(db, sorted(set(keys))))
            todo = list(dict.fromkeys(key for key in keys if key not in have))
            if todo:
                at = {key: i for i, key in reversed(list(enumerate(keys)))}
                made = make([texts[at[key]] for key in todo])
                db.executemany("INSERT OR REPLACE INTO row VALUES (?, ?)", zip(todo, made, strict=True))
                have.update(zip(todo, made, strict=True))
        self.embedded += len(todo)
        self.kept += len(keys) - len(todo)
        return [have[key] for key in keys]

    @staticmethod
    def _read(db: sqlite3.Connection, keys: Sequence[str]) -> list[tuple[str, bytes]]:
        out: list[tuple[str, bytes]] = []
        for start in range(0, len(keys), 500):  # SQLite's bound parameters, a statement
            part = keys[start:start + 500]
            out += db.execute(f"SELECT key, row FROM row WHERE key IN ({','.join('?' * len(part))})", part).fetchall()
        return out
