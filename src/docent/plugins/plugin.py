"""The MkDocs plugin: a thin adapter that feeds each rendered page to manifest_build and writes once at the end.

Per page (on_page_content) it reads the page's facts; into each page's <head> it writes them as a meta tag so that
`docent manifest SITE_DIR` reads the same off the built files; in on_post_build it builds the manifest, warns about
every problem (so `mkdocs build --strict` fails), and writes site/docent/manifest.json and the private bundle.
State is kept by page across `mkdocs serve --dirty` rebuilds, where only changed pages are read again.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from mkdocs.config.config_options import ExtraScriptValue
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority, get_plugin_logger
from mkdocs.structure.files import File, Files
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page
from mkdocs.utils.meta import get_data

from docent.manifest_build.annotations import Annotate
from docent.manifest_build.bundle import PUBLIC_PATH, bundle, canonical, summary, write
from docent.manifest_build.choice import PageChoice
from docent.manifest_build.fences import fence_languages
from docent.manifest_build.manifest import build
from docent.manifest_build.meta import NAME, MetaError, PageMeta, front_matter
from docent.manifest_build.options import ConfigError, record_options, site_config
from docent.manifest_build.page import CONTENT_END, CONTENT_START, PageFacts, page_id, page_path, read_page
from docent.manifest_build.text import title_text
from docent.manifest_build.types import SiteConfig
from docent.manifest_build.vector_cache import VectorCache
from docent.manifest_build.vectors import BOTH, EmbeddingMissing, EncoderMissing, embedded
from docent.schema.embedding import files as embedding_files
from docent.schema.encoder import available as encoder_available

from . import ENTRIES, built_files, panel_files
from .config import DocentConfig
from .linker import LinkError
from .snippets import SNIPPETS, Included, includes

log = get_plugin_logger(__name__)

ASSET_PREFIX = "docent/"
SCRIPT = "docent/panel.js"
STYLE = "docent/panel.css"


class DocentPlugin(BasePlugin[DocentConfig]):
    def __init__(self) -> None:
        self._facts: dict[str, PageFacts] = {}  # by src_uri, kept across dirty rebuilds
        self._order: dict[str, int] = {}
        self._nav: dict[str, tuple[str, ...]] = {}  # by src_uri: the titles of the nav sections the page is under
        self._site: SiteConfig = SiteConfig()
        self._owners: set[str] = set()  # the panel's built files the owner has a file of their own for
        self._record: tuple[str, int] = ("auto", 0)
        self._wanted = PageChoice()  # `record_pages` as set, or the fallback where unset
        self._choice = PageChoice()  # what this build uses: the fallback gives way to any page's front matter
        self._languages: dict[str, dict[str, str]] = {}  # by src_uri: the languages its Markdown's fences name
        self._included = Included()  # a page's Markdown with its snippets read in, by the site's own render
        self._searchless = False  # `plugins:` lists no search plugin: the build says the site lost its search box
        self._annotate = Annotate()  # Material's code annotations, as the theme's features and `extra.annotate` set them

    def on_startup(self, *, command: str, dirty: bool) -> None:
        # Defined so that MkDocs keeps this instance, and its pages, across `mkdocs serve` rebuilds.
        self._facts.clear()

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig | None:
        if not self.config.enabled:
            return None
        self._read_options(config)
        self._check_extras(config)
        if SCRIPT not in [str(s) for s in config.extra_javascript]:
            script = ExtraScriptValue(SCRIPT)
            script.defer = True
            config.extra_javascript.append(script)
        if STYLE not in config.extra_css:
            config.extra_css.append(STYLE)
        if SNIPPETS in config.markdown_extensions and self._included not in config.markdown_extensions:
            config.markdown_extensions.append(self._included)
        self._searchless = not any(name.split("/")[-1] == "search" for name in config.plugins)
        self._annotate = Annotate.of(config.theme.get("features"), config.extra.get("annotate"))
        return config

    def _read_options(self, config: MkDocsConfig) -> None:
        """The site's options, the record's mode and budget and the owner's choice of record pages, or the build
        stops naming the config file and what to fix."""
        try:
            self._site = site_config(
                site_name=config.site_name,
                site_url=config.site_url or "",
                owner=self.config.owner,
                site_author=config.site_author or "",
                sidecar=self.config.sidecar_url,
                tours=self.config.tours,
                offers=self.config.offers,
                lexicon=self.config.lexicon,
                refuse=self.config.refuse,
                synonyms=self.config.synonyms,
                suggestions=self.config.suggestions,
                kind=self.config.kind,
            )
            self._record = record_options(self.config.record, self.config.prompt_budget_tokens)
            self._wanted = PageChoice.read(self.config.record_pages, project=config.site_name or "",
                                           kind=self._site.kind)
        except ConfigError as exc:
            raise PluginError(f"{config.config_file_path or 'mkdocs.yml'}: {exc}") from exc

    def _check_extras(self, config: MkDocsConfig) -> None:
        """`rerank` or `encoder` (never both) with its extra installed where a searched record will get its rows:
        a missing extra stops the build before any page."""
        if self.config.rerank and self.config.encoder:
            raise PluginError(f"{config.config_file_path or 'mkdocs.yml'}: docent: {BOTH}")
        if self._record[0] != "search":
            return
        if self.config.rerank:
            try:
                embedding_files()
            except EmbeddingMissing as exc:
                raise PluginError(_rerank_missing(config, exc)) from exc
        if self.config.encoder:
            try:
                encoder_available()
            except EncoderMissing as exc:
                raise PluginError(_encoder_missing(config, exc)) from exc

    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files | None:
        if not self.config.enabled:
            return None
        for name, path in panel_files():
            uri = ASSET_PREFIX + name
            if files.get_file_from_path(uri) is None:  # an owner's own file of that name wins
                files.append(File.generated(config, uri, abs_src_path=str(path)))
        self._owners = {name for name in ENTRIES if files.get_file_from_path(ASSET_PREFIX + name)}
        pages = files.documentation_pages()
        self._choice = self._wanted.given(self._wanted.fallback and any(_chooses(f) for f in pages))
        # A page deleted since the last build leaves the manifest with it.
        present = {f.src_uri for f in pages}
        for src_uri in set(self._facts) - present:
            del self._facts[src_uri]
        return files

    def on_nav(self, nav: Navigation, *, config: MkDocsConfig, files: Files) -> Navigation | None:
        if not self.config.enabled:
            return None
        in_nav = [page.file.src_uri for page in nav.pages]
        others = sorted({f.src_uri for f in files.documentation_pages()} - set(in_nav))
        self._order = {src_uri: i for i, src_uri in enumerate(in_nav + others)}
        # The sections each page is under, which tell apart pages of one title ("Docker" under "Providers").
        self._nav = {page.file.src_uri: tuple(title_text(s.title or "") for s in reversed(list(page.ancestors)))
                     for page in nav.pages}
        return nav

    def _meta(self, page: Page) -> dict[str, Any]:
        try:
            return front_matter(page.meta, where=page.file.src_uri)
        except MetaError as exc:
            raise PluginError(str(exc)) from exc

    def on_page_markdown(self, markdown: str, *, page: Page, config: MkDocsConfig, files: Files) -> str | None:
        if not self.config.enabled:
            return None
        if includes(markdown, config):
            self._included.expect()  # read in on_page_content, from the render's own reading of the snippets
        else:
            self._languages[page.file.src_uri] = fence_languages(markdown)
        return None

    @event_priority(-50)  # after other plugins have changed the content: read what the visitor will see
    def on_page_content(self, html: str, *, page: Page, config: MkDocsConfig, files: Files) -> str | None:
        if not self.config.enabled:
            return None
        src_uri = page.file.src_uri
        text = self._included.take()
        if text is not None:
            self._languages[src_uri] = fence_languages(text)
        options = self._meta(page)
        if options["exclude"] or page.file.inclusion.is_excluded():
            self._facts.pop(src_uri, None)
            return None
        path = page_path(page.url)
        record = options["record"] if options["record"] is not None else self._choice.chooses(src_uri, html)
        self._facts[src_uri] = read_page(
            html, path=path, title=page.title or "", record=record, instructions=options["instructions"],
            languages=self._languages.get(src_uri, {}), site_url=config.site_url or "",
            annotate=self._annotate,
        )
        return f"{CONTENT_START}{html}{CONTENT_END}"

    def _is_record(self, page: Page) -> bool:
        facts = self._facts.get(page.file.src_uri)
        return facts is not None and facts.record

    def on_post_page(self, output: str, *, page: Page, config: MkDocsConfig) -> str | None:
        if not self.config.enabled:
            return None
        # The label read as read_page reads it (an HTML nav title as its text), so `docent manifest` reads the same
        # page back.
        tag = PageMeta(
            page=page_id(page_path(page.url)),
            label=title_text(page.title or ""),
            order=self._order.get(page.file.src_uri, len(self._order)),
            **self._meta(page),
            src=page.file.src_uri,
            langs=self._languages.get(page.file.src_uri, {}) if self._is_record(page) else {},
            nav=self._nav.get(page.file.src_uri, ()),
        ).tag()
        at = output.find("</head>")
        return output if at < 0 else output[:at] + tag + output[at:]

    def on_post_build(self, *, config: MkDocsConfig) -> None:
        if not self.config.enabled:
            return
        last = len(self._order)
        pages = sorted(self._facts.items(), key=lambda item: (self._order.get(item[0], last), item[0]))
        # The nav as this build has it: a page kept from an earlier `serve --dirty` build may have moved.
        manifest, problems = build([replace(facts, nav=self._nav.get(src, ())) for src, facts in pages], self._site)
        record_mode, budget = self._record
        encoder = VectorCache.beside(Path(config.config_file_path or "mkdocs.yml")) if self.config.encoder else None
        try:
            built = bundle(manifest, record_mode=record_mode, budget_tokens=budget, rerank=self.config.rerank,
                           encoder=encoder)
        except EmbeddingMissing as exc:  # `record: auto` chose search: only now are vectors written
            raise PluginError(_rerank_missing(config, exc)) from exc
        except EncoderMissing as exc:
            raise PluginError(_encoder_missing(config, exc)) from exc
        problems += built.mode.problems()
        for problem in problems:
            log.warning(str(problem))
        site_dir = Path(config.site_dir)
        bundle_path = Path(config.config_file_path or "mkdocs.yml").resolve().parent / self.config.bundle
        if bundle_path.resolve().is_relative_to(site_dir.resolve()):
            log.warning(f"The bundle {bundle_path} is inside site_dir and would be published: set `bundle` elsewhere.")
        write(built, site_dir=site_dir, bundle_path=bundle_path)
        # The panel's script carries the manifest, so it is written once the manifest is known.
        try:
            scripts = built_files(canonical(built.public))
        except LinkError as exc:
            raise PluginError(f"The panel's scripts do not link: {exc}") from exc
        for name, text in scripts:
            if name not in self._owners:
                (site_dir / ASSET_PREFIX / name).write_text(text, encoding="utf-8")
        log.info(f"{summary(manifest, built, problems)}; wrote {PUBLIC_PATH} and {bundle_path.name}")
        if self._choice.note():
            log.info(f"Note: {self._choice.note()}")
        for note in (*manifest.notes, embedded(encoder)):
            if note:
                log.info(f"Note: {note}")
        if self._searchless:
            log.info(f"Note: {NO_SEARCH}")


# MkDocs adds its `search` plugin only where `plugins:` is not set: `plugins: [docent]` alone takes the search box away.
NO_SEARCH = ("No `search` plugin is listed, so the site has no search box: MkDocs adds it only while `plugins:` is "
             "unset. To keep it, list `- search` above `- docent`.")


def _chooses(file: File) -> bool:
    """Whether a page's front matter says `docent: {record: true}`, read before any page is rendered (a page whose
    front matter cannot be read says nothing here; its build names the fault)."""
    try:
        _, meta = get_data(file.content_string)
    except (OSError, UnicodeDecodeError):
        return False
    said = meta.get(NAME) if isinstance(meta, dict) else None
    return isinstance(said, dict) and said.get("record") is True


def _rerank_missing(config: MkDocsConfig, exc: EmbeddingMissing) -> str:
    """The build stops where the record's vectors would be written (`rerank: true`, the record searched) and the
    `rerank` extra is missing; a record that goes whole writes none and needs no extra."""
    return f"{config.config_file_path or 'mkdocs.yml'}: docent `rerank: true`: {exc}"


def _encoder_missing(config: MkDocsConfig, exc: EncoderMissing) -> str:
    """As `_rerank_missing`, for `encoder: true` and the `encoder` extra."""
    return f"{config.config_file_path or 'mkdocs.yml'}: docent `encoder: true`: {exc}"
