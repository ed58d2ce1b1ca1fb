"""The docent plugin's options in mkdocs.yml."""

from __future__ import annotations

from mkdocs.config import base
from mkdocs.config import config_options as c

from docent.manifest_build.mode import CHOICES, DEFAULT_BUDGET_TOKENS
from docent.manifest_build.options import KINDS


class DocentConfig(base.Config):
    enabled = c.Type(bool, default=True)
    """Build the manifest and the bundle and add the panel; false leaves the site as it is without Docent."""

    sidecar_url = c.Type(str, default="")
    """Where the panel finds the sidecar (`docent serve`); "" means the site's own origin."""

    bundle = c.Type(str, default="docent-bundle.json")
    """The private bundle's path, relative to mkdocs.yml's folder; keep it outside site_dir so it is not published."""

    kind = c.Choice(KINDS, default="auto")
    """portfolio (a person's site) or docs (a project's documentation): the defaults of refusals, voice, the prompt,
    the panel's intro, suggestions and when to open pages; auto: a portfolio when `owner` names someone."""

    tours = c.Type(list, default=[])
    """Tours: a list of {id, label, steps: [{page, part or section, caption}]}."""

    offers = c.Type(list, default=[])
    """Offers: a list of {id, label, target}; each a button the visitor presses."""

    record_pages = c.Optional(c.Type((list, dict)))
    """Pages whose sections are the record, by source path: globs, or {include: [...], exclude: [...]}; a page's
    front matter (`docent: {record: ...}`) wins. Unset on a docs site: every page (`["**"]`), unless some page's
    front matter says `record: true`; `[]`: front matter alone."""

    record = c.Choice(CHOICES, default="auto")
    """The record in the prompt whole, searched for each question, or (auto) whole while it fits the budget."""

    prompt_budget_tokens = c.Type(int, default=DEFAULT_BUDGET_TOKENS)
    """auto's budget for the cached prompt (tools, rules, record, map), in tokens; over it the record is searched."""

    rerank = c.Type(bool, default=False)
    """Store each record section's vector (WordLlama) in the bundle, so that the sidecar reranks a searched record's
    excerpts by meaning; needs the `rerank` extra (`pip install 'mkdocs-docent[rerank]'`) here and beside the sidecar."""

    encoder = c.Type(bool, default=False)
    """Store each record section's vector by a text encoder (all-MiniLM-L6-v2) in the bundle, so that the sidecar fuses
    meaning with a searched record's search (instead of `rerank`); needs the `encoder` extra (`pip install
    'mkdocs-docent[encoder]'`) here and beside the sidecar. ~64 ms of CPU a section at the first build, rows kept in
    .cache/docent/ beside mkdocs.yml so a rebuild embeds only the sections that changed."""

    lexicon = c.Type((dict, list), default={})
    """Technologies and practices beyond the built-in lexicon: {term: [alias, ...]}."""

    owner = c.Type((str, dict), default="")
    """The person the record speaks for: a name, or {name, called, pronoun}; the name defaults to site_author."""

    refuse = c.Type(dict, default={})
    """What the guide refuses by rule, before any model: {pay: true, private: true, topics: [{id, asks, says}]}."""

    synonyms = c.Type(dict, default={})
    """A visitor's words for the site's labels, beyond the built-in ones: {resume: [cv], hire: [touch]}."""

    suggestions = c.Type(list, default=[])
    """Questions an empty panel offers as buttons; without them, a few are drawn from the site: on docs, from the nav's
    pages; on a portfolio, a tour, an experiment, a case, an offer."""
