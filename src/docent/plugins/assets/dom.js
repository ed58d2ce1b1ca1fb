/*
 * Making and finding the panel's elements. Text goes in as textContent, never as HTML; an
 * element is found by comparing its attribute's value, so no selector is built from an id.
 */

import { visible } from "./viewport.js";

export function make(tag, className, text) {
  const element = document.createElement(tag);
  if (className) element.className = className;
  if (text != null) element.textContent = String(text);
  return element;
}

/* The first element whose attribute `name` is exactly `value`, or null. */
export function byAttribute(name, value) {
  return [...document.querySelectorAll(`[${name}]`)].find((element) => element.getAttribute(name) === value) || null;
}

/* The page's main region: the first of its main element, ARIA main and article in the page's order (a selector
   list's own order does not count), or null; where the panel reads the page's content without the build's markers
   (dock.js's content, cited.js's opening of a page). */
export function mainRegion() {
  return document.querySelector("main, [role='main'], article");
}

/* The elements the site keeps in place on the screen as it scrolls (fixed or sticky: its bar, its tabs) from node up
   to the page's body, nearest first. */
export function fixedAbove(node) {
  const kept = [];
  for (; node && node !== document.body && node !== document.documentElement; node = node.parentElement) {
    const position = window.getComputedStyle(node).position;
    if (position === "fixed" || position === "sticky") kept.push(node);
  }
  return kept;
}

/* The part of box (client coordinates) that node's scrolling ancestors show, up to the page's body: a run of a long
   code line scrolled out of sight in its block (Material's `pre > code`, MkDocs' `pre`), or a cell of a table scrolled
   sideways in its wrapper, is not where the visitor sees it. Each ancestor that clips (overflow other than visible)
   cuts the box to its padding box on that axis. A box wholly out of sight on an axis comes back empty on it (width
   or height 0) at the edge of the padding box nearest it, inside it: left where the box was, beyond the block's edge
   (a line scrolled out past its right), the empty box stood where the block shows nothing, under the panel's columns
   maybe, and roomFor and coveredBelow (which read its edges) made room for a part no one sees. */
export function shownPart(box, node) {
  let { left, top, right, bottom } = box;
  const within = (value, low, high) => Math.min(Math.max(value, low), high);
  for (let el = node; el && el !== document.body && el !== document.documentElement; el = el.parentElement) {
    const style = window.getComputedStyle(el);
    const acrossClips = style.overflowX !== "visible", downClips = style.overflowY !== "visible";
    if (!acrossClips && !downClips) continue;
    const own = el.getBoundingClientRect();
    const x = own.left + el.clientLeft, y = own.top + el.clientTop;
    if (acrossClips) {
      left = within(left, x, x + el.clientWidth);
      right = within(right, left, x + el.clientWidth);
    }
    if (downClips) {
      top = within(top, y, y + el.clientHeight);
      bottom = within(bottom, top, y + el.clientHeight);
    }
  }
  right = Math.max(left, right);
  bottom = Math.max(top, bottom);
  return { left, top, right, bottom, width: right - left, height: bottom - top };
}

/* How dark an element's own background is, where it has one that shows: "dark" or "light", else null. */
function shade(element) {
  const rgb = element ? getComputedStyle(element).backgroundColor.match(/[\d.]+/g) : null;
  if (!rgb || rgb.length < 3 || (rgb.length >= 4 && !(Number(rgb[3]) > 0))) return null;
  const light = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2];
  return light < 128 ? "dark" : "light";
}

/* The site's colour scheme, read off the page itself: Material's palette ("slate" is dark, "default" light; a
   scheme the site defines itself, say "brand-dark", by the background it gives the page), else how dark the page's own
   background is. The visitor's system preference only where the page says nothing. */
function scheme() {
  const body = document.body;
  const material = body && body.getAttribute("data-md-color-scheme");
  if (material === "slate" || material === "default") return material === "slate" ? "dark" : "light";
  const shown = shade(body) || shade(document.documentElement);
  if (shown) return shown;
  // A transparent page is the browser's canvas: white, unless the page opted into dark (color-scheme).
  const canvas = getComputedStyle(document.documentElement).colorScheme || "";
  return /dark/.test(canvas) && !/light/.test(canvas) ? "dark" : "light";
}

let followed = [];
let watching = false;

function paint() {
  const now = scheme();
  followed = followed.filter((element) => element.isConnected);
  for (const element of followed) element.setAttribute("data-docent-scheme", now);
}

/* Keeps element in the site's colour scheme, also when the visitor flips Material's palette toggle or the
   colour mode menu of MkDocs's own theme (Bootstrap's data-bs-theme on the html element). */
export function followScheme(element) {
  followed.push(element);
  element.setAttribute("data-docent-scheme", scheme());
  if (watching || !window.MutationObserver) return;
  watching = true;
  const observer = new window.MutationObserver(paint);
  const options = { attributes: true, attributeFilter: ["data-md-color-scheme", "data-md-color-primary", "class", "style", "data-theme",
                                       "data-bs-theme"] };
  observer.observe(document.documentElement, options);
  if (document.body) observer.observe(document.body, options);
  if (window.matchMedia) {
    const query = window.matchMedia("(prefers-color-scheme: dark)");
    if (query.addEventListener) query.addEventListener("change", paint);
  }
}

/* How much of the screen's bottom the panel's own overlays (the panel, a tour's card, the button)
   cover above the columns of box (a DOMRect): what an element scrolled into view must stay clear of. */
export function coveredBelow(box) {
  const seen = visible();
  const height = seen.height;
  let covered = 0;
  for (const element of document.querySelectorAll(".docent-float:not([hidden]), .docent-tour, .docent-launcher")) {
    const cover = element.getBoundingClientRect();
    if (!cover.width || !cover.height || cover.right <= box.left || box.right <= cover.left) continue;
    covered = Math.max(covered, seen.bottom - cover.top);
  }
  return Math.max(0, Math.min(covered, height));
}
