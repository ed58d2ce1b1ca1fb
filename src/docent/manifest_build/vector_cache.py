"""The encoder's rows kept between builds (`encoder: true`): a section's row is made once for its text, so a rebuild
embeds only the sections that changed (~64 ms of CPU each; a first build of 1,760 sections takes ~2 minutes).

One SQLite file, the site's `.cache/docent/vectors.sqlite` beside mkdocs.yml (where Material's plugins keep theirs):
each row by the sha256 of its model's name and its text, so another model's or another text's is never taken. The
site's cache holds that site's rows alone: after a build, a row no section of its record has any more (a text edited,
a page gone, another model's) goes, in one statement, so the file stays the size of the record. Deleting the file is
safe: the next build embeds every section again.
"""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Callable, Collection, Sequence
from pathlib import Path

PLACE = Path(".cache") / "docent" / "vectors.sqlite"  # under mkdocs.yml's folder

Make = Callable[[Sequence[str]], list[bytes]]  # the texts' rows, made by the model


class VectorCache:
    """Rows by model and text, in one SQLite file made on first use; `embedded`, `kept` and `dropped` count this
    build's. `prunes`: the file is one site's, and what its last build did not read goes (`beside`); a cache shared by
    many sites (the evals') keeps every row."""

    def __init__(self, path: Path, *, prunes: bool = False) -> None:
        self.path = path
        self.prunes = prunes
        self.embedded = 0  # rows made by the model this build
        self.kept = 0  # rows read from the cache
        self.dropped = 0  # rows no section has any more, deleted

    @classmethod
    def beside(cls, config_file: Path) -> VectorCache:
        """The site's cache: `PLACE` under the folder of its mkdocs.yml, pruned to each build's record."""
        return cls(config_file.resolve().parent / PLACE, prunes=True)

    def rows(self, model: str, texts: Sequence[str], make: Make) -> list[bytes]:
        """A row for each text, in their order: those cached read, the rest made (`make`, once, for all of them) and
        kept; where the cache `prunes`, every other row deleted (`texts` are the whole record's)."""
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
            if self.prunes:
                self.dropped += self._prune(db, set(keys))
        self.embedded += len(todo)
        self.kept += len(keys) - len(todo)
        return [have[key] for key in keys]

    @staticmethod
    def _prune(db: sqlite3.Connection, keys: Collection[str]) -> int:
        """Every row but those of `keys` deleted, in one statement; how many went."""
        db.execute("CREATE TEMP TABLE IF NOT EXISTS used (key TEXT PRIMARY KEY)")
        db.execute("DELETE FROM used")
        db.executemany("INSERT OR IGNORE INTO used VALUES (?)", ((key,) for key in keys))
        return db.execute("DELETE FROM row WHERE key NOT IN (SELECT key FROM used)").rowcount

    @staticmethod
    def _read(db: sqlite3.Connection, keys: Sequence[str]) -> list[tuple[str, bytes]]:
        out: list[tuple[str, bytes]] = []
        for start in range(0, len(keys), 500):  # SQLite's bound parameters, a statement
            part = keys[start:start + 500]
            out += db.execute(f"SELECT key, row FROM row WHERE key IN ({','.join('?' * len(part))})", part).fetchall()
        return out
