"""`docent manifest SITE_DIR`: the manifest and bundle from any folder of built HTML, where MkDocs plugins do not run.

Reads tours, offers and the lexicon from the docent entry of the config file (mkdocs.yml, read with a loader that
tolerates MkDocs' tags such as !ENV and !!python/name), writes SITE_DIR/docent/manifest.json and the bundle, and
writes the panel's files into SITE_DIR/docent/ where they are missing or an earlier build wrote them (an owner's own
file of that name wins). Problems are printed; under --strict they make the exit status 1.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

from docent.plugins import BUILT, built_files, panel_files

from .built_site import read_site
from .bundle import PUBLIC_PATH, Bundle, bundle, canonical, summary, write
from .choice import PageChoice
from .manifest import Manifest, build
from .meta import MetaError
from .mode import CHOICES, DEFAULT_BUDGET_TOKENS
from .options import ConfigError, record_options, site_config
from .page import PageFacts
from .types import SiteConfig
from .vector_cache import VectorCache
from .vectors import BOTH, EmbeddingMissing, EncoderMissing, embedded

DEFAULT_BUNDLE = "docent-bundle.json"


class _TolerantLoader(yaml.SafeLoader):
    """YAML with MkDocs' custom tags read leniently: !ENV resolved, any other tag read as its plain value."""


def _plain(loader: yaml.SafeLoader, node: yaml.Node) -> Any:
    if isinstance(node, yaml.ScalarNode):
        return loader.construct_scalar(node)
    if isinstance(node, yaml.SequenceNode):
        return loader.construct_sequence(node, deep=True)
    return loader.construct_mapping(node, deep=True)  # type: ignore[arg-type]


def _env(loader: yaml.SafeLoader, node: yaml.Node) -> Any:
    """`!ENV NAME` or `!ENV [NAME, OTHER, default]`, as mkdocs' pyyaml_env_tag reads it."""
    names = _plain(loader, node)
    names = [names] if isinstance(names, str) else list(names)
    default = names.pop() if len(names) > 1 else None
    for name in names:
        if name in os.environ:
            return yaml.safe_load(os.environ[name])
    return default


_TolerantLoader.add_constructor("!ENV", _env)
_TolerantLoader.add_multi_constructor("!", lambda loader, suffix, node: _plain(loader, node))
_TolerantLoader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: _plain(loader, node))


def load_config(path: Path) -> dict[str, Any]:
    data = yaml.load(path.read_text(encoding="utf-8"), Loader=_TolerantLoader)  # noqa: S506 - a safe loader
    if not isinstance(data, Mapping):
        raise ConfigError(f"{path} is not a YAML mapping.")
    return dict(data)


def docent_options(config: Mapping[str, Any]) -> dict[str, Any]:
    """The docent plugin's entry: `plugins: [docent]`, `[{docent: {...}}]` or `{docent: {...}}`."""
    plugins = config.get("plugins") or []
    entries = plugins.items() if isinstance(plugins, Mapping) else (
        next(iter(p.items())) if isinstance(p, Mapping) and p else (p, None) for p in plugins
    )
    for name, options in entries:
        if name == "docent":
            return dict(options or {})
    return {}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("site_dir", metavar="SITE_DIR", type=Path, help="the folder of built HTML")
    parser.add_argument("--config", type=Path, default=Path("mkdocs.yml"),
                        help="the config file with the docent plugin's options (default: mkdocs.yml)")
    parser.add_argument("--bundle", type=Path, default=None,
                        help="where to write the private bundle (default: the config's `bundle`, beside the config)")
    parser.add_argument("--strict", action="store_true", help="exit 1 when the build finds problems")
    parser.add_argument("--record-pages", action="append", default=None, metavar="GLOB",
                        help="a page is record where its source path matches (repeat it; default: the config's "
                             "`record_pages`); front matter wins")
    parser.add_argument("--record-exclude", action="append", default=None, metavar="GLOB",
                        help="but not where it matches this (repeat it; default: the config's `record_pages` excludes)")
    parser.add_argument("--record", choices=CHOICES, default=None,
                        help="the record whole in the prompt, searched per question, or auto (default: the config's)")
    parser.add_argument("--prompt-budget-tokens", type=int, default=None, metavar="N",
                        help=f"auto's budget for the cached prompt, in tokens (default: the config's, else {DEFAULT_BUDGET_TOKENS})")
    parser.add_argument("--rerank", action=argparse.BooleanOptionalAction, default=None,
                        help="store each record section's vector for the guide's rerank (default: the config's "
                             "`rerank`; needs the [rerank] extra)")
    parser.add_argument("--encoder", action=argparse.BooleanOptionalAction, default=None,
                        help="store each record section's encoder row, fused with the guide's search (default: the "
                             "config's `encoder`; needs the [encoder] extra; rows cached in .cache/docent/ beside the "
                             "config)")


def _copy_assets(site_dir: Path, public: dict[str, Any]) -> int:
    """What the plugin adds to a build, for a site built where it did not run: the panel's files, under docent/."""
    copied = 0
    for name, text in built_files(canonical(public)):
        target = site_dir / "docent" / name
        old = target.read_text(encoding="utf-8") if target.exists() else None
        if old is None or (old != text and old.startswith(BUILT)):  # the owner's own file wins
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
            copied += 1
    for name, source in panel_files():
        target = site_dir / "docent" / name
        if not target.exists():  # an owner's own file of that name wins
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
            copied += 1
    return copied


def _choice(args: argparse.Namespace, options: Mapping[str, Any], project: str, kind: str) -> PageChoice:
    """The config's `record_pages` (unset: the docs site's fallback), its globs replaced by --record-pages and
    --record-exclude where given."""
    choice = PageChoice.read(options.get("record_pages"), project=project, kind=kind)
    if args.record_pages is None and args.record_exclude is None:
        return choice
    return PageChoice(tuple(args.record_pages or choice.include), tuple(args.record_exclude or choice.exclude), project)


def _rerank(args: argparse.Namespace, options: Mapping[str, Any]) -> bool:
    """--rerank or --no-rerank where given, else the config's `rerank`."""
    return bool(args.rerank) if args.rerank is not None else options.get("rerank") is True


def _encoder(args: argparse.Namespace, options: Mapping[str, Any], config: Path) -> VectorCache | None:
    """The encoder's cache beside the config where --encoder, or the config's `encoder` unless --no-encoder."""
    wanted = bool(args.encoder) if args.encoder is not None else options.get("encoder") is True
    return VectorCache.beside(config) if wanted else None


class _Stop(Exception):
    """Why `docent manifest` stops before it writes: said on stderr after its name, exit status 2."""


def _config(path: Path) -> dict[str, Any]:
    """The config file's contents; none where the default mkdocs.yml is absent."""
    if path.is_file():
        try:
            return load_config(path)
        except (OSError, yaml.YAMLError, ConfigError) as exc:
            raise _Stop(f"cannot read {path}: {exc}") from exc
    if path != Path("mkdocs.yml"):
        raise _Stop(f"no config file at {path}.")
    return {}


def _read(args: argparse.Namespace, config: Mapping[str, Any], options: Mapping[str, Any]) -> tuple[
        SiteConfig, str, int, list[PageFacts], PageChoice]:
    """The site's options, the record's mode and budget, and the built pages read as the plugin reads them."""
    try:
        site = site_config(
            site_name=config.get("site_name") or "",
            site_url=config.get("site_url") or "",
            owner=options.get("owner"),
            site_author=config.get("site_author") or "",
            sidecar=options.get("sidecar_url", ""),
            tours=options.get("tours"),
            offers=options.get("offers"),
            lexicon=options.get("lexicon"),
            refuse=options.get("refuse"),
            synonyms=options.get("synonyms"),
            suggestions=options.get("suggestions"),
            kind=options.get("kind"),
        )
        record_mode, budget = record_options(
            args.record or options.get("record"),
            args.prompt_budget_tokens if args.prompt_budget_tokens is not None else options.get("prompt_budget_tokens"),
        )
        pages, choice = read_site(args.site_dir, _choice(args, options, config.get("site_name") or "", site.kind),
                                  site_url=site.site_url)
    except (ConfigError, MetaError) as exc:
        raise _Stop(f"{args.config}: {exc}") from exc
    return site, record_mode, budget, pages, choice


def _bundled(args: argparse.Namespace, options: Mapping[str, Any], manifest: Manifest, record_mode: str,
             budget: int) -> tuple[Bundle, VectorCache | None]:
    """The bundle, with the rerank's or the encoder's rows where the owner chose one (never both)."""
    rerank, encoder = _rerank(args, options), _encoder(args, options, args.config)
    if rerank and encoder is not None:
        raise _Stop(BOTH)
    try:
        return bundle(manifest, record_mode=record_mode, budget_tokens=budget, rerank=rerank, encoder=encoder), encoder
    except EmbeddingMissing as exc:
        raise _Stop(f"`rerank`: {exc}") from exc
    except EncoderMissing as exc:
        raise _Stop(f"`encoder`: {exc}") from exc


def run(args: argparse.Namespace) -> int:
    site_dir: Path = args.site_dir
    if not site_dir.is_dir():
        print(f"docent manifest: {site_dir} is not a folder of built HTML; build the site first.", file=sys.stderr)
        return 2
    try:
        config = _config(args.config)
        options = docent_options(config)
        site, record_mode, budget, pages, choice = _read(args, config, options)
        manifest, problems = build(pages, site)
        built, encoder = _bundled(args, options, manifest, record_mode, budget)
    except _Stop as stop:
        print(f"docent manifest: {stop}", file=sys.stderr)
        return 2
    problems += built.mode.problems()
    for problem in problems:
        print(f"WARNING - docent: {problem}", file=sys.stderr)
    bundle_path = args.bundle or args.config.resolve().parent / str(options.get("bundle") or DEFAULT_BUNDLE)
    write(built, site_dir=site_dir, bundle_path=bundle_path)
    copied = _copy_assets(site_dir, built.public)
    print(f"docent: {summary(manifest, built, problems)}; wrote {site_dir / PUBLIC_PATH} and {bundle_path}; "
          f"copied {copied} panel assets")
    for note in (*manifest.notes, choice.note(), embedded(encoder)):
        if note:
            print(f"docent: note: {note}")
    if problems and args.strict:
        print(f"docent manifest: aborted with {len(problems)} problems in strict mode.", file=sys.stderr)
        return 1
    return 0


def main(argv: list[str] | None = None) -> int:
    """`docent manifest` for a script that calls it, or `python -m docent.manifest_build.cli SITE_DIR`."""
    parser = argparse.ArgumentParser(prog="docent manifest", description=__doc__.splitlines()[0])
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    raise SystemExit(main())
