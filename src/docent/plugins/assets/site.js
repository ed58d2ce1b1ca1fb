/*
 * The site as the panel sees it: where its files are, the public manifest, and the checked
 * addresses built from the manifest's site-relative paths (never from what a model wrote).
 */

/* scriptSrc: panel.js's own URL (.../docent/panel.js); the site's root is the folder above. */
export function Site(scriptSrc, manifest) {
  this.root = new URL("../", scriptSrc);
  this.manifest = manifest;
}

/* A site-relative path ("/lab/#leak") as an absolute URL on the site's own origin, else null. */
Site.prototype.url = function (path) {
  if (typeof path !== "string" || path.charAt(0) !== "/" || path.charAt(1) === "/" || path.charAt(1) === "\\") {
    return null;
  }
  var url;
  try {
    url = new URL(path.slice(1), this.root);
  } catch (ignored) {
    return null;
  }
  if (url.origin !== this.root.origin || (url.protocol !== "http:" && url.protocol !== "https:")) return null;
  return url;
};

/* An offer's target: a site path, or an http(s)/mailto address the owner configured. */
Site.prototype.target = function (target) {
  if (typeof target !== "string") return null;
  if (target.charAt(0) === "/") return this.url(target);
  try {
    var url = new URL(target);
    return /^(https?|mailto):$/.test(url.protocol) ? url : null;
  } catch (ignored) {
    return null;
  }
};

/* The site-relative path of a location: "/sub/lab/index.html" on a site at /sub/ -> "/lab/". */
Site.prototype.relative = function (location) {
  var path = location.pathname;
  var base = this.root.pathname;
  if (path.indexOf(base) === 0) path = "/" + path.slice(base.length);
  path = path.replace(/index\.html$/, "");
  if (!/\/$/.test(path) && !/\.[a-z0-9]+$/i.test(path)) path += "/";
  return path;
};

Site.prototype.list = function (name) {
  var list = this.manifest && this.manifest[name];
  return Array.isArray(list) ? list : [];
};

Site.prototype.find = function (name, key, value) {
  var list = this.list(name);
  for (var i = 0; i < list.length; i++) {
    if (list[i] && list[i][key] === value) return list[i];
  }
  return null;
};

/* The manifest page the visitor has open, by its path, or null. */
Site.prototype.page = function (location) {
  return this.pageAt(this.relative(location || window.location));
};

/* The manifest page a site path ("/cases/3ds/#case-3ds-approach") is on, or null. */
Site.prototype.pageAt = function (path) {
  var here = String(path || "").split("#")[0];
  var pages = this.list("pages");
  for (var i = 0; i < pages.length; i++) {
    if (String(pages[i].path || "").split("#")[0] === here) return pages[i];
  }
  return null;
};

/* A path (page, section or part) is on the page open now: same path before any "#". */
Site.prototype.isHere = function (path) {
  var url = this.url(path);
  return Boolean(url) && url.pathname === new URL(window.location.href).pathname.replace(/index\.html$/, "");
};

/* The sidecar's API base ("" in the manifest: the site's own origin). */
Site.prototype.api = function () {
  var sidecar = this.manifest && typeof this.manifest.sidecar === "string" ? this.manifest.sidecar : "";
  var base = sidecar ? new URL(sidecar, this.root) : new URL("/", this.root);
  var href = base.href.replace(/\/+$/, "") + "/api/guide";
  return href;
};

/* A record section's hash in this build, for pinning a citation to the text it cited; null if none. */
Site.prototype.sectionHash = function (id) {
  var hashes = this.manifest && this.manifest.record_hashes;
  return hashes && typeof hashes[id] === "string" ? hashes[id] : null;
};

/* A citation against this build: "same", "changed" since it was made, or "gone" (its section removed).
   One made before hashes were kept, or read with a manifest that has none, counts as the same. */
Site.prototype.citation = function (cite) {
  var hashes = this.manifest && this.manifest.record_hashes;
  if (!hashes || typeof hashes !== "object" || !cite || typeof cite.hash !== "string") return "same";
  if (!Object.prototype.hasOwnProperty.call(hashes, cite.id)) return "gone";
  return hashes[cite.id] === cite.hash ? "same" : "changed";
};
