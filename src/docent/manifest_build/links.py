"""Where a link in a record page goes, as the record keeps it (`Block.links`): a page of the site by its site path,
as a section's `path` is written ("/deployment/#running-behind-nginx"), any other by its absolute URL.

The built page writes a link to another page relative to its own ("../deployment/#running-behind-nginx", as MkDocs
writes a Markdown link), so it is resolved against the page's URL as the site serves it (under `site_url`'s path, where
it has one); an anchor alone ("#timeouts") is the page's own. A root-absolute link ("/kit/deployment/", as a theme or
raw HTML writes one) is read against the same URL: on a site served under "/kit/", "/kit/deployment/" is the site's
page "/deployment/", and "/blog/" a page beside the site, kept as its absolute URL on the site's host. The site's path
and a link's are compared with their percent codes decoded, as a browser requests them: under
"https://x.org/my%20docs/", "/my docs/deployment/" is the page "/deployment/", and under "/my docs/" "/my%20docs/"
is (`schema.site_path`). `site_url` is an absolute URL, scheme and host (MkDocs requires both; `options.site_config` checks it).
A link that goes nowhere a reader can follow (no address, `javascript:`, a `data:` URL) is not kept.
"""

from __future__ import annotations

from urllib.parse import urljoin, urlsplit

from docent.schema import site_path

# Schemes an agent can follow, kept as written; a link with another scheme is not kept.
FOLLOWED = frozenset(("http", "https", "mailto", "ftp"))
_DROPPED = str.maketrans("", "", "\t\r\n")
_HERE = "http://site.invalid"  # the site's own root, to resolve a relative link against; never written


def target(href: str, page_path: str, site_url: str = "") -> str | None:
    """Where `href`, a link on the page at `page_path` ("/guide/") of the site at `site_url` (MkDocs' `site_url`; ""
    where unset: the site is served at its host's root), goes: a site path ("/guide/#retries"), an absolute URL
    ("https://example.org/x", or a path of the site's host outside the site's own), or None where it goes nowhere a
    reader can follow."""
    href = href.translate(_DROPPED).strip()  # a tab or line break in an href is no part of it, as a browser reads it
    if not href:
        return None
    scheme = urlsplit(href).scheme.lower()
    if scheme:
        return href if scheme in FOLLOWED else None
    if href.startswith("//"):  # the same scheme as the site: an agent reads https
        return "https:" + href
    site = urlsplit(site_url.strip())
    prefix = site.path.rstrip("/")  # "/kit" for a site served under https://docs.example.org/kit/
    parts = urlsplit(urljoin(_HERE + prefix + "/" + page_path.lstrip("/"), href))
    path = parts.path or "/"
    rest = (f"?{parts.query}" if parts.query else "") + (f"#{parts.fragment}" if parts.fragment else "")
    within = site_path(path, prefix)
    if within is not None:
        return (within or "/") + rest
    return f"{site.scheme}://{site.netloc}{path}{rest}" if site.netloc else path + rest

