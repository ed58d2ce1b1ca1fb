"""The record's words for a word it never uses, built in: small and general (the owner's `synonyms` option adds
their own). Read by the record's index, which asks for them, and by the embedded model, which weighs a question's
words by the same table (`RECORD_SYNONYMS`; `READER_WORDS`, a docs reader's words, by the index alone)."""

from __future__ import annotations

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
