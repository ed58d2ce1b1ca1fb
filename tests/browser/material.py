"""A Material for MkDocs site nobody here wrote, as its owner adds Docent: its folder copied, `site_url` set to the
address it is served at (instant navigation follows only the links its sitemap lists under it), built `--strict` and
served by `docent serve --model offline`; and the geometry of the panel against Material's own parts."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

from playwright.sync_api import Page

from tests.browser.sidecar import Sidecar, free_port, sidecar
from tests.evals.docsite import build_copy

ELSEWHERE = re.compile(r"^https?://(?!127\.0\.0\.1[:/])")  # badges, fonts, avatars: no network in tests


CONSENT = "extra:\n  consent:\n    title: Cookie consent\n    description: We use cookies to count visits.\n"


def served(source: Path, into: Path, *, consent: bool = False, css: str = "") -> Iterator[Sidecar]:
    """The site under `source` built for a free loopback port under `into`, and its sidecar on the embedded model;
    `consent`: the owner also asks visitors' cookie consent (Material's `extra.consent`); `css`: a stylesheet of the
    owner's own, added last to the site's `extra_css`."""
    port = free_port()
    copy = into / "owner" / source.name
    shutil.copytree(source, copy, ignore=shutil.ignore_patterns("site", "docent-bundle.json"))
    config = copy / "mkdocs.yml"
    text = re.sub(r"(?m)^site_url:.*$", f"site_url: http://127.0.0.1:{port}/", config.read_text(encoding="utf-8"))
    if consent:
        text = re.sub(r"(?m)^extra:\n", CONSENT, text, count=1) if re.search(r"(?m)^extra:$", text) else text + CONSENT
    if css:
        text = _with_stylesheet(text, copy, css)
    config.write_text(text, encoding="utf-8")
    site = build_copy(copy, into / "built")
    with sidecar(site.site, site.bundle, None, site.root / "log.jsonl", port=port) as running:
        yield running


def _with_stylesheet(config: str, site: Path, css: str) -> str:
    """The config with `owner.css` (written into the site's docs_dir) last in its `extra_css`, a list at the top."""
    docs = re.search(r"(?m)^docs_dir:\s*['\"]?([^'\"\n#]+?)['\"]?\s*$", config)
    (site / (docs.group(1) if docs else "docs") / "owner.css").write_text(css, encoding="utf-8")
    listed = re.search(r"(?m)^extra_css:\n((?:[ \t]*-[^\n]*\n)+)", config)
    if not listed:
        return config + "\nextra_css:\n  - owner.css\n"
    indent = re.match(r"[ \t]*", listed.group(1)).group(0)  # type: ignore[union-attr]
    return config[: listed.end()] + f"{indent}- owner.css\n" + config[listed.end() :]


def visit(page: Page) -> Page:
    """The page with every request off the loopback refused."""
    page.route(ELSEWHERE, lambda route: route.abort())
    return page


# A mark on the window, and whether it is still there: Material's instant navigation swaps the page's content in
# place and keeps the window's; a full load of the next page starts a new one.
MARK = "() => { window.docentMark = true; }"
MARKED = "() => window.docentMark === true"

# The parts of Material's that show (its header with the search box, the tabs under it, the announcement bar, the
# back-to-top button, the cookie consent, the search's results) each with whether the open panel meets it; one
# frame's layout. A part not rendered (display: none, or Material's hidden back-to-top) is left out.
MATERIAL_PARTS = """() => {
  const panel = document.querySelector("[data-docent-view]");
  const b = panel && !panel.hidden ? panel.getBoundingClientRect() : null;
  const out = {};
  for (const part of [".md-header", ".md-tabs", ".md-banner", ".md-top", ".md-consent", ".md-search__output"]) {
    const e = document.querySelector(part);
    if (!e || !e.checkVisibility({opacityProperty: true}) || e.hidden) continue;
    const a = e.getBoundingClientRect();
    if (!a.width || !a.height || a.bottom <= 0 || a.top >= innerHeight) continue;
    out[part] = Boolean(b && b.width && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom);
  }
  return out;
}"""

# The open panel's box inside the screen, and its scheme beside the page's background's lightness (0 black, 255 white).
PANEL_SCHEME = """() => {
  const panel = document.querySelector("[data-docent-view]");
  const rgb = (e) => getComputedStyle(e).backgroundColor.match(/[\\d.]+/g).map(Number);
  const light = ([r, g, b]) => Math.round(0.2126 * r + 0.7152 * g + 0.0722 * b);
  return {scheme: panel.getAttribute("data-docent-scheme"), panel: light(rgb(panel)), page: light(rgb(document.body))};
}"""

# Whether the middle of an element is the element itself, under nothing of anyone's.
ON_TOP = """(e) => {
  const r = e.getBoundingClientRect();
  return r.width > 0 && e.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
}"""
