/*
 * The part of the page the visitor sees: the visual viewport, where the browser has one. On a phone a page wider
 * than the screen (a code annotation's tooltip, a wide table) widens the layout viewport that `position: fixed`
 * and innerWidth measure against, to the page's width and more than the screen's height: the launcher, the panel
 * and a tour's card, placed against it, land off screen. The panel's overlays follow the visible part instead:
 * pin() keeps on each the insets between the two (--docent-left, --docent-right, --docent-bottom, in px, which
 * panel.css adds to its offsets), and visible() is the box the panel's geometry measures against.
 */

let pinned = [];
let probe = null; // a hidden box fixed over the whole layout viewport: where it is, and when it changes size
let queued = false;

/* The visible part of the page in client coordinates (those of getBoundingClientRect): {left, top, right,
   bottom, width, height}. */
export function visible() {
  const view = window.visualViewport;
  const left = view ? view.offsetLeft : 0;
  const top = view ? view.offsetTop : 0;
  const width = view ? view.width : document.documentElement.clientWidth || window.innerWidth;
  const height = view ? view.height : window.innerHeight;
  return { left, top, right: left + width, bottom: top + height, width, height };
}

/* The layout viewport's box; made once, watched for changes of size (no event says the page widened it). */
function layout() {
  if (!probe || !probe.isConnected) {
    const first = !probe;
    probe = document.createElement("div");
    probe.className = "docent-layout-viewport";
    probe.setAttribute("aria-hidden", "true");
    document.body.appendChild(probe);
    if (window.ResizeObserver) new window.ResizeObserver(soon).observe(probe);
    if (first) listen();
  }
  return probe.getBoundingClientRect();
}

function listen() {
  window.addEventListener("resize", soon);
  if (window.visualViewport) {
    window.visualViewport.addEventListener("resize", soon);
    window.visualViewport.addEventListener("scroll", soon);
  }
}

function place() {
  queued = false;
  pinned = pinned.filter((element) => element.isConnected);
  if (!pinned.length) return;
  const seen = visible();
  const edge = layout();
  const insets = {
    "--docent-left": Math.max(0, seen.left),
    "--docent-right": Math.max(0, edge.right - seen.right),
    "--docent-bottom": Math.max(0, edge.bottom - seen.bottom),
  };
  for (const element of pinned) {
    for (const [name, px] of Object.entries(insets)) element.style.setProperty(name, `${Math.round(px)}px`);
  }
}

function soon() {
  if (queued) return;
  queued = true;
  window.requestAnimationFrame(place);
}

/* Keeps element (fixed to the screen by panel.css) on the visible part of the page, as it moves and resizes. */
export function pin(element) {
  pinned.push(element);
  place();
}
