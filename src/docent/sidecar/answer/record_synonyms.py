"""The record's words for a word it never uses, built in: small and general (the owner's `synonyms` option adds
their own). Read by the record's index, which asks for them, and by the embedded model, which weighs a question's
words by the same table (`RECORD_SYNONYMS`; `READER_WORDS`, a docs reader's words, and `ABBREVIATIONS`, by the index
alone)."""

from __future__ import annotations

from collections.abc import Sequence

from .clauses import Clause, clause, name_clause
from .words import stem

# For a word the record never uses, the words it would use instead: "where did she study?" asks for the degree and the
# university. Small and general; the owner's `synonyms` option adds their own (and the embedded model weighs a
# question's words by the same table).
RECORD_SYNONYMS: dict[str, tuple[str, ...]] = {
    # where the owner studied: a CV says it with the degree and the school, rarely with "study"
    "study": ("university", "degree", "msc", "bsc", "phd", "college", "school"),
    "education": ("university", "degree", "msc", "bsc", "phd", "college", "school"),
    "uni": ("university", "degree", "msc", "bsc", "phd", "college"),
    "degree": ("msc", "bsc", "phd", "university"),
    "graduate": ("university", "degree", "msc", "bsc", "phd"),
    "qualification": ("degree", "msc", "bsc", "phd", "certified", "certification"),
    # work, as a CV names it
    "job": ("role", "position"),
    "career": ("role", "roles"),
    "employer": ("company", "bank", "worked"),
    # what a choice costs: a design record calls it its consequences, a guide its drawbacks or limitations
    "downside": ("drawback", "disadvantage", "consequence", "tradeoff", "limitation"),
    "drawback": ("downside", "disadvantage", "consequence", "tradeoff", "limitation"),
    "disadvantage": ("downside", "drawback", "consequence", "tradeoff", "limitation"),
}

# A reader's words for what documentation names otherwise, asked by the record's index where the record lacks them
# (not yet weighed by the embedded model, whose figures moved when it read them).
READER_WORDS: dict[str, tuple[str, ...]] = {
    "folder": ("directory",),
    "subfolder": ("subdirectory", "directory"),
    "turn": ("enable", "disable"),  # turn it on, turn it off
    "stop": ("disable", "prevent"),
    "skip": ("exclude", "ignore"),
    "newest": ("latest",),
    "prod": ("production",),
    "docs": ("documentation",),
}

# The short forms a reader types for a word software documentation spells out ("env var", "creds", "deps"): one word
# written two ways, so the index asks for both wherever the question has the short one, the record having it or not
# (uv's record has "env" in `.env` and `UV_ENV_FILE`, and says "environment variables" in its prose).
ABBREVIATIONS: dict[str, tuple[str, ...]] = {
    "env": ("environment",), "envs": ("environments",), "var": ("variable",), "vars": ("variables",),
    "venv": ("virtual environment", "virtualenv"), "venvs": ("virtual environments", "virtualenvs"),
    "config": ("configuration",), "configs": ("configurations",), "conf": ("configuration",),
    "dep": ("dependency",), "deps": ("dependencies",), "repo": ("repository",), "repos": ("repositories",),
    "creds": ("credentials",), "dir": ("directory",), "dirs": ("directories",), "auth": ("authentication",),
    "db": ("database",), "arg": ("argument",), "args": ("arguments",), "param": ("parameter",),
    "params": ("parameters",), "pkg": ("package",), "pkgs": ("packages",), "lib": ("library",),
    "libs": ("libraries",), "perms": ("permissions",), "req": ("request",), "resp": ("response",),
    "msg": ("message",), "impl": ("implementation",),
}


def spelt_out(asked: Sequence[Sequence[str]]) -> list[Clause]:
    """A reader's short form asks for the word spelt out too (`ABBREVIATIONS`): "env var" for "environment variable"."""
    spelt = (name_clause(full) for word in asked if len(word) == 1 for full in ABBREVIATIONS.get(word[0], ()))
    return [c for c in spelt if c]


def instead(missing: Sequence[str]) -> list[Clause]:
    """The record's words for a word it never uses (`RECORD_SYNONYMS`, `READER_WORDS`): "study" asks for "university"."""
    return [clause([w]) for word in missing for w in _BUILT_IN.get(stem(word), ())]


_BUILT_IN = {stem(word): means for word, means in {**RECORD_SYNONYMS, **READER_WORDS}.items()}
