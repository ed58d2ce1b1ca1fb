/*
 * Docking: on a screen wide enough for the page and the panel side by side, the page makes room for the floating
 * panel, as a docs product's side panel does, instead of lying under it. A docs theme's content column (Material's
 * three columns at 1280 px) reaches under the panel's corner, where neither side of the screen leaves it free: the
 * cited "Retries" line was cut at the panel's edge. Docked, the root keeps a right padding the panel's width and its
 * gaps (--docent-dock), the page's own layout narrows beside it (Material's table of contents gives way first,
 * panel.css), and the panel stays whole, the answer and the line both in sight. Where the page would keep less than
 * MIN_PAGE_PX, there is no room: the panel shrinks to its peek instead (float.js).
 */
import { fixedAbove, mainRegion } from "./dom.js";
import { markers } from "./screen.js";
import { visible } from "./viewport.js";

const MIN_PAGE_PX = 560; // the narrowest page left beside the panel: a docs column of about 70 characters
const CLASS = "docent-docked";

/* The width the page gives up for the panel (its box mine, standing at the right): the panel and a gap each side. */
function width(mine, gap) {
  return Math.ceil(mine.width + 2 * gap);
}

/* Whether the page, narrowed by the panel (box mine), keeps room enough beside it. */
export function canDock(mine, gap) {
  return visible().width - width(mine, gap) >= MIN_PAGE_PX;
}

export function docked() {
  return document.documentElement.classList.contains(CLASS);
}

/* The bar the site keeps at the screen's top (fixed or sticky, under its top left corner), or null. */
function topBar() {
  return fixedAbove(document.elementFromPoint(visible().left + 4, 4))[0] || null;
}

/* The page makes room at its right for the panel (box mine), where its layout holds narrowed (true): its top bar
   keeps its height and the page grows no wider. A theme whose layout follows the screen's width
   alone (MkDocs' own theme keeps its navbar's links in a row down to 992 px) wraps its bar to three rows over the
   page beside the panel: there the page takes its width back (false). */
export function dock(mine, gap) {
  const root = document.documentElement;
  if (docked()) return true;
  const bar = topBar();
  const before = bar ? bar.getBoundingClientRect().height : 0;
  const wide = Math.max(root.scrollWidth, root.clientWidth);
  root.style.setProperty("--docent-dock", `${width(mine, gap)}px`);
  root.classList.add(CLASS);
  const taller = bar && bar.getBoundingClientRect().height > before + 1;
  if (!taller && root.scrollWidth <= wide + 1) return true;
  undock();
  return false;
}

/* The page takes its whole width back. */
export function undock() {
  const root = document.documentElement;
  if (!docked()) return;
  root.classList.remove(CLASS);
  root.style.removeProperty("--docent-dock");
}

/* The page's content where the panel may lie over it: the element that holds the build's markers, else the page's
   main region. (Not the markers' range: its box takes in a long code line scrolled out of sight in its block.) */
export function content() {
  const ends = markers();
  const holder = ends ? ends[0].parentElement : null;
  if (holder && holder !== document.body && holder.contains(ends[1])) return holder;
  return mainRegion();
}
