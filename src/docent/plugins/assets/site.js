/*
 * The site as the panel sees it: where its files are, the public manifest, and the checked
 * addresses built from the manifest's site-relative paths (never from what a model wrote).
 */

export class Site {
  /* scriptSrc: panel.js's own URL (.../docent/panel.js); the site's root is the folder above. */
  constructor(scriptSrc, manifest) {
    this.root = new URL("../", scriptSrc);
    this.manifest = manifest;
  }

  /* A site-relative path ("/lab/#leak") as an absolute URL on the site's own origin, else null. */
  url(path) {
    if (typeof path !== "string" || path.charAt(0) !== "/" || path.charAt(1) === "/" || path.charAt(1) === "\\") {
      return null;
    }
    let url;
    try {
      url = new URL(path.slice(1), this.root);
    } catch (ignored) {
      return null;
    }
    if (url.origin !== this.root.origin || (url.protocol !== "http:" && url.protocol !== "https:")) return null;
    return url;
  }

  /* An offer's target: a site path, or an http(s)/mailto address the owner configured. */
  target(target) {
    if (typeof target !== "string") return null;
    if (target.charAt(0) === "/") return this.url(target);
    try {
      const url = new URL(target);
      return /^(https?|mailto):$/.test(url.protocol) ? url : null;
    } catch (ignored) {
      return null;
    }
  }

  /* The site-relative path of a location: "/sub/lab/index.html" on a site at /sub/ -> "/lab/". */
  relative(location) {
    let path = location.pathname;
    const base = this.root.pathname;
    if (path.indexOf(base) === 0) path = "/" + path.slice(base.length);
    path = path.replace(/index\.html$/, "");
    if (!/\/$/.test(path) && !/\.[a-z0-9]+$/i.test(path)) path += "/";
    return path;
  }

  list(name) {
    const list = this.manifest && this.manifest[name];
    return Array.isArray(list) ? list : [];
  }

  find(name, key, value) {
    return this.list(name).find((item) => item && item[key] === value) || null;
  }

  /* The manifest page the visitor has open, by its path, or null. */
  page(location) {
    return this.pageAt(this.relative(location || window.location));
  }

  /* The manifest page a site path ("/cases/3ds/#case-3ds-approach") is on, or null. */
  pageAt(path) {
    const here = String(path || "").split("#")[0];
    return this.list("pages").find((page) => String(page.path || "").split("#")[0] === here) || null;
  }

  /* A path (page, section or part) is on the page open now: same path before any "#". */
  isHere(path) {
    const url = this.url(path);
    return Boolean(url) && url.pathname === new URL(window.location.href).pathname.replace(/index\.html$/, "");
  }

  /* The sidecar's API base ("" in the manifest: the site's own origin). */
  api() {
    const sidecar = this.manifest && typeof this.manifest.sidecar === "string" ? this.manifest.sidecar : "";
    const base = sidecar ? new URL(sidecar, this.root) : new URL("/", this.root);
    return base.href.replace(/\/+$/, "") + "/api/guide";
  }

  /* A record section's hash in this build, for pinning a citation to the text it cited; null if none. */
  sectionHash(id) {
    const hashes = this.manifest && this.manifest.record_hashes;
    return hashes && typeof hashes[id] === "string" ? hashes[id] : null;
  }

  /* A citation against this build: "same", "changed" since it was made, or "gone" (its section removed).
     One made before hashes were kept, or read with a manifest that has none, counts as the same. */
  citation(cite) {
    const hashes = this.manifest && this.manifest.record_hashes;
    if (!hashes || typeof hashes !== "object" || !cite || typeof cite.hash !== "string") return "same";
    if (!Object.getOwnPropertyDescriptor(hashes, cite.id)) return "gone"; // an own key; Object.hasOwn needs Safari 15.4
    return hashes[cite.id] === cite.hash ? "same" : "changed";
  }
}
