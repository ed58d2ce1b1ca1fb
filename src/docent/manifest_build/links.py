"""Where a link in a record page goes, as the record keeps it (`Block.links`): a page of the site by its site path,
as a section's `path` is written ("/deployment/#running-behind-nginx"), any other by its absolute URL.

The built page writes a link to another page relative to its own ("../deployment/#running-behind-nginx", as MkDocs
writes a Markdown link), so it is resolved against the page's path; an anchor alone ("#timeouts") is the page's own.
A link that goes nowhere a reader can follow (no address, `javascript:`, a `data:` URL) is not kept.
"""

from __future__ import annotations

from urllib.parse import urljoin, urlsplit

# Schemes an agent can follow, kept as written; a link with another scheme is not kept.
FOLLOWED = frozenset(("http", "https", "mailto", "ftp"))
_DROPPED = str.maketrans("", "", "\t\r\n")
_HERE = "http://site.invalid"  # the site's own root, to resolve a relative link against; never written


def target(href: str, page_path: str) -> str | None:
    """Where `href`, a link on the page at `page_path` ("/guide/"), goes: a site path ("/guide/#retries"), an absolute
    URL ("https://example.org/x"), or None where it goes nowhere a reader can follow."""
    href = href.translate(_DROPPED).strip()  # a tab or line break in an href is no part of it, as a browser reads it
    if not href:
        return None
    scheme = urlsplit(href).scheme.lower()
    if scheme:
        return href if scheme in FOLLOWED else None
    if href.startswith("//"):  # the same scheme as the site: an agent reads https
        return "https:" + href
    parts = urlsplit(urljoin(_HERE + "/" + page_path.lstrip("/"), href))
    path = parts.path or "/"
    return path + (f"?{parts.query}" if parts.query else "") + (f"#{parts.fragment}" if parts.fragment else "")
