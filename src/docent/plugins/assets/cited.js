/*
 * Opening a citation at its line. A citation carries the cited section's sentence that the answer's sentence says
 * most of (its `quote`; a quoted code block's, the lines it shows). Its link goes to the section's anchor, with a text
 * fragment (#id:~:text=...) where the browser has them; pressed, the panel itself finds that sentence in the section,
 * highlights it (the CSS Custom Highlight API, else the block it is in), scrolls it to the middle of what the panel
 * leaves uncovered, and makes room: the panel stays out of its way until the visitor comes back to the panel. On
 * another page (a reload, or Material's instant navigation) it does so once the page is there. A page's opening
 * (the section before its first h2, cited by the page's address alone) is found the same way, from the content's
 * start to that heading. A line in a content tab not selected or a collapsed note is shown first: the tab selected,
 * the note opened.
 */
import { coveredBelow, fixedAbove, mainRegion, shownPart } from "./dom.js";
import { markers } from "./screen.js";
import { visible } from "./viewport.js";

const NAME = "docent-cited";
const WORDS_EACH_END = 4; // a long sentence's fragment names its first and last words: textStart,textEnd

const encode = (text) => encodeURIComponent(text).replace(/-/g, "%2D").replace(/,/g, "%2C").replace(/&/g, "%26");

/* The citation's address: the section's anchor (none for a page's opening), and the quoted line as a text fragment
   where the browser has them. Quoted code's lines are named by the first words of the first and the last words of
   the last: Chromium matches no fragment's text across a line break of a pre (pipx's "pip install --user pipx",
   "pipx ensurepath" on two lines was never found), and a line of brackets alone ("]") is no word to match. A citation
   of a run of sentences (`more`: the quotes after the first) names each in a text directive of its own. */
export function citedHref(url, quote, more = []) {
  if (!quote || !("fragmentDirective" in document)) return url.href;
  const texts = [quote, ...more].map((each) => `text=${textDirective(each)}`).join("&");
  return `${url.href.replace(/#$/, "")}${url.hash ? "" : "#"}:~:${texts}`;
}

function textDirective(quote) {
  const lines = String(quote).split("\n").map((line) => line.split(/\s+/).filter(Boolean))
    .filter((words) => words.some((word) => /\w/.test(word)));
  const words = lines.flat();
  const first = lines.length > 1 ? lines[0] : words, last = lines.length > 1 ? lines[lines.length - 1] : words;
  return lines.length > 1 || words.length > 2 * WORDS_EACH_END
    ? encode(first.slice(0, WORDS_EACH_END).join(" ")) + "," + encode(last.slice(-WORDS_EACH_END).join(" "))
    : encode(words.join(" "));
}

/* The quotes a citation's link opens at, in the answer's order: its own (`data-docent-quote`) and, where it cites a
   run of sentences, the run's others after it (`data-docent-more`, a JSON list of strings); none without a quote. */
export function quotesOf(link) {
  const quote = link ? link.getAttribute("data-docent-quote") || "" : "";
  if (!quote) return [];
  let more = [];
  try { more = JSON.parse(link.getAttribute("data-docent-more") || "[]"); } catch (ignored) { more = []; }
  return [quote, ...(Array.isArray(more) ? more.filter((each) => typeof each === "string" && each) : [])];
}

/* A page's opening: its content (between the build's markers, else its main region) up to the first h2, h3 or h4
   with an id, where the first section with an anchor begins. */
function openingRange() {
  const range = document.createRange();
  const marks = markers();
  if (marks) {
    range.setStartAfter(marks[0]);
    range.setEndBefore(marks[1]);
  } else {
    range.selectNodeContents(mainRegion() || document.body);
  }
  const cut = [...document.querySelectorAll("h2[id], h3[id], h4[id]")].find((heading) => range.intersectsNode(heading));
  if (cut) range.setEndBefore(cut);
  return range;
}

/* The section that the heading with this id opens: from it to the next heading of its level or above. */
function sectionRange(anchor) {
  const heading = document.getElementById(anchor);
  if (!heading) return null;
  const level = /^H[1-6]$/.test(heading.tagName) ? Number(heading.tagName.charAt(1)) : 6;
  const range = document.createRange();
  range.setStartAfter(heading);
  const scope = heading.parentNode;
  range.setEnd(scope, scope.childNodes.length);
  const next = [...document.querySelectorAll("h1, h2, h3, h4, h5, h6")].find((other) =>
    other !== heading && (heading.compareDocumentPosition(other) & Node.DOCUMENT_POSITION_FOLLOWING) &&
    Number(other.tagName.charAt(1)) <= level && scope.contains(other));
  if (next) range.setEndBefore(next);
  return range;
}

/* What no cited line is read in: the panel, scripts, headings' permalinks, and Material's code annotation markers
   (with the note each opens as a tooltip, which Material moves into the marker inside the code). */
const SKIPPED = ".docent-panel, script, style, .headerlink, .md-annotation";

/* A code annotation's marker at a comment's end in a quoted line, "# (1)!" or "// see (2)": Material shows it as a
   button inside the code, with "!" the comment's own characters gone too, so the page's code reads without them. */
const MARKER_ALONE = /[ \t]*(?:#|\/\/|--|;|%)[ \t]*\(\d+\)![ \t]*$/gm;
const MARKER = /((?:#|\/\/|--|;|%)[^\n]*?)[ \t]*\(\d+\)[ \t]*$/gm;
const unmarked = (quote) => String(quote).replace(MARKER_ALONE, "").replace(MARKER, "$1");

/* The text of within, whitespace read as one space, and the [node, offset] each of its characters came from. */
function flatten(within) {
  const root = within.commonAncestorContainer;
  const walker = document.createTreeWalker(root.nodeType === 1 ? root : root.parentNode, NodeFilter.SHOW_TEXT);
  let text = "", space = true;
  const spots = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!within.intersectsNode(node) || node.parentNode.closest(SKIPPED)) continue;
    const value = node.nodeValue;
    for (let i = 0; i < value.length; i++) {
      const blank = /\s/.test(value.charAt(i));
      if (blank && space) continue;
      text += blank ? " " : value.charAt(i);
      spots.push([node, i]);
      space = blank;
    }
  }
  return { text, spots };
}

/* The range of `quote` inside `within`, whitespace read as one space (quoted code also as the page shows it with its
   annotation markers; a code annotation's note at the line it annotates); null where the page does not hold it. */
function find(within, quote) {
  return spot(within, quote) || annotated(within, quote);
}

/* A note of Material's code annotations, which the record keeps after its block as "the line — the note"
   (`manifest_build/annotations.py`): the page holds the note only in its marker's tooltip, hidden, so its place is the
   line it annotates, in the page's code. */
const NOTE = " — ";

function annotated(within, quote) {
  const at = String(quote).indexOf(NOTE);
  const range = at > 0 ? spot(within, String(quote).slice(0, at)) : null;
  const inCode = (node) => Boolean((node.nodeType === 1 ? node : node.parentElement).closest("pre code"));
  return range && inCode(range.startContainer) && inCode(range.endContainer) ? range : null;
}

function spot(within, quote) {
  const { text, spots } = flatten(within);
  const flat = (words) => String(words).replace(/\s+/g, " ").trim();
  let wanted = flat(quote);
  let at = wanted ? text.indexOf(wanted) : -1;
  if (at < 0) {
    wanted = flat(unmarked(quote));
    at = wanted ? text.indexOf(wanted) : -1;
  }
  if (at < 0) return null;
  const first = spots[at], last = spots[at + wanted.length - 1];
  const range = document.createRange();
  range.setStart(first[0], first[1]);
  range.setEnd(last[0], last[1] + 1);
  return range;
}

/* Shows what hides the range: a collapsed note (details) opened, a content tab not selected (Material's tabbed set)
   selected, as the visitor would press it. */
function unhide(range) {
  const start = range.startContainer.nodeType === 1 ? range.startContainer : range.startContainer.parentNode;
  for (let node = start; node && node !== document.body; node = node.parentElement) {
    if (node.tagName === "DETAILS" && !node.open) node.open = true;
    const content = node.parentElement, set = content && content.parentElement;
    if (!node.classList.contains("tabbed-block") || !set || !set.classList.contains("tabbed-set")) continue;
    const index = [...content.children].filter((child) => child.classList.contains("tabbed-block")).indexOf(node);
    const tab = [...set.children].filter((child) => child.tagName === "INPUT")[index];
    if (tab && !tab.checked) tab.click();
  }
}

/* Whether the range is laid out on the page: a line in a list the page keeps hidden (Material's code annotations'
   list, once their notes have moved into the code's markers) has no box to show or keep clear. */
function shown(range) {
  const box = range.getBoundingClientRect();
  return box.width > 0 && box.height > 0;
}

function highlight(ranges) {
  clear();
  if (window.CSS && CSS.highlights && typeof window.Highlight === "function") {
    CSS.highlights.set(NAME, new window.Highlight(...ranges));
    return;
  }
  for (const range of ranges) {
    const start = range.startContainer.parentNode;
    const block = start.closest ? start.closest("p, li, td, dd, blockquote, div") : null;
    if (block) block.classList.add(NAME);
  }
}

function clear() {
  if (window.CSS && CSS.highlights) CSS.highlights.delete(NAME);
  for (const marked of document.querySelectorAll(`.${NAME}, .${ASIDE}`)) marked.classList.remove(NAME, ASIDE);
}

/* The lines the range is on, across the whole of the block it is in, as far as the blocks that scroll them show them:
   what the panel keeps clear, so that the words before the sentence on its first line (and after it on its last) stay
   in sight too. A long code line's run reaches on past its block's edge, out of sight: counted whole (on uv's docs at
   1280 px the PowerShell line's run reached 986 px, its block's visible edge 834 px, the docked panel's left 875 px), it
   met the docked panel, which gave up docking and shrank to its peek although the visible line stood clear beside it;
   grown back, the floating panel then lay over the line. */
function lines(range) {
  const box = range.getBoundingClientRect();
  const start = range.startContainer.nodeType === 1 ? range.startContainer : range.startContainer.parentNode;
  const block = start.closest ? start.closest("p, li, td, dd, blockquote, pre, div") : null;
  const across = block ? block.getBoundingClientRect() : box;
  const left = Math.min(box.left, across.left), right = Math.max(box.right, across.right);
  return shownPart({ left, right, top: box.top, bottom: box.bottom }, start);
}

/* A cited run in a block that scrolls shows from its start: sideways, a text fragment scrolls the block to the
   match's end, and on a phone the lines' beginnings were off to the left; down, in a block of a fixed height (a site's
   `max-height` on its code), a line below what it shows was highlighted out of sight, the page scrolled to where it
   would be. Each block the run is in that scrolls it out of its box scrolls it in, its first line at the top. */
function home(range) {
  const first = () => range.getClientRects()[0] || range.getBoundingClientRect();
  for (let el = range.startContainer.parentElement; el && el !== document.body; el = el.parentElement) {
    const own = el.getBoundingClientRect();
    const left = own.left + el.clientLeft, top = own.top + el.clientTop;
    let line = first();
    if (el.scrollWidth > el.clientWidth && !(line.left >= left && line.left < left + el.clientWidth)) {
      el.scrollLeft = Math.max(0, el.scrollLeft + line.left - left - 16); // its start out of view
    }
    if (el.scrollHeight <= el.clientHeight || !/auto|scroll/.test(window.getComputedStyle(el).overflowY)) continue;
    line = first();
    if (line.top >= top && line.bottom <= top + el.clientHeight) continue; // its first line in view
    const margin = Math.max(0, Math.min(8, (el.clientHeight - line.height) / 2));
    el.scrollTop = Math.max(0, el.scrollTop + line.top - top - margin);
  }
}

/* The buttons a site lays over a code block's corner (Material's copy button, in a bar of its own with a background)
   that stand over the highlighted lines where their block shows them step aside, with the outermost part placed over
   the code that holds them (panel.css: see-through), until the visitor points at the block or reaches the button by
   the keyboard: at the block's top right, the copy button lay over the end of a cited first line. */
const ASIDE = "docent-aside";

function aside(range) {
  const start = range.startContainer.nodeType === 1 ? range.startContainer : range.startContainer.parentNode;
  const pre = start.closest ? start.closest("pre") : null;
  const holder = pre && pre.parentElement;
  if (!holder) return;
  const lines = [...range.getClientRects()].map((box) => shownPart(box, start)).filter((box) => box.width > 0);
  for (const other of holder.querySelectorAll("button")) {
    const b = other.getBoundingClientRect();
    if (!lines.some((a) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)) continue;
    let over = other;
    for (let el = other.parentElement; el && el !== pre && el !== holder; el = el.parentElement) {
      if (window.getComputedStyle(el).position === "absolute") over = el;
    }
    over.classList.add(ASIDE);
  }
}

/* Scrolls the line to the middle of the screen's part the panel's overlays leave uncovered, at once as the browser
   opens a fragment: "auto" took the theme's `scroll-behavior: smooth` (MkDocs' Bootstrap), and a long page's
   scroll ran on for a second under the panel, the line passing by while the visitor pressed. The lines of a run of
   sentences stand together in the middle of what the panel and the site's fixed header leave, where they fit there
   (on DRF's pagination guide at 1280 x 800 the last of four ended below the fold, the first in the middle); else the
   first alone, as one line. */
function reveal(ranges) {
  const seen = visible();
  const node = ranges[0].startContainer.parentElement;
  let box = ranges[0].getBoundingClientRect();
  let top = seen.top, room = seen.height - coveredBelow(shownPart(box, node)); // its shown columns
  if (ranges.length > 1) {
    const boxes = ranges.map((range) => range.getBoundingClientRect());
    const all = { left: Math.min(...boxes.map((b) => b.left)), right: Math.max(...boxes.map((b) => b.right)),
                  top: Math.min(...boxes.map((b) => b.top)), bottom: Math.max(...boxes.map((b) => b.bottom)) };
    all.height = all.bottom - all.top;
    const below = seen.top + coveredAbove(all, seen), left = seen.height - coveredBelow(shownPart(all, node));
    if (all.height <= left - (below - seen.top)) [box, top, room] = [all, below, left - (below - seen.top)];
  }
  window.scrollBy({ top: box.top - top - Math.max(0, (room - box.height) / 2), left: 0, behavior: "instant" });
}

/* How far down the screen's top the site keeps something fixed over box's columns: Material's header and tabs, each
   fixed part read from the foot of the one above it (its instant navigation's progress bar, 2 px, stood over the
   header as the page came in); the panel is not the site's. */
function coveredAbove(box, seen) {
  const x = (Math.max(box.left, seen.left) + Math.min(box.right, seen.right)) / 2;
  let cover = 0;
  for (let parts = 0; parts < 8; parts++) {
    const over = document.elementFromPoint(x, seen.top + cover + 1);
    const kept = over && !over.closest(".docent-panel") ? fixedAbove(over) : [];
    const foot = Math.max(cover, ...kept.map((el) => el.getBoundingClientRect().bottom - seen.top));
    if (foot <= cover) break;
    cover = foot;
  }
  return cover;
}

/* Scrolls a section's heading to the screen's top, below what the site keeps fixed there: under Material's sticky
   tabs the heading stood behind them (the theme's scroll margin counts its header alone). */
function toTop(heading) {
  heading.scrollIntoView({ block: "start", behavior: "instant" });
  const box = heading.getBoundingClientRect();
  const over = document.elementFromPoint(box.left + 1, Math.max(0, box.top) + 1);
  let cover = 0;
  for (const el of over && !heading.contains(over) ? fixedAbove(over) : []) {
    cover = Math.max(cover, el.getBoundingClientRect().bottom);
  }
  if (cover > box.top) window.scrollBy({ top: box.top - cover - 8, left: 0, behavior: "instant" });
}

/* For the click that follows it, the link goes to its page alone, no fragment: the browser's own scroll to one (smooth
   under MkDocs' Bootstrap `scroll-behavior: smooth`, and Chromium's text fragment search can end after the load) ran
   on after the panel's, and the page slid 8 to 115 px under the visitor once the line was shown. The panel scrolls
   to the line itself (resume) and puts the section's anchor back in the address. */
function toPage(link, url) {
  const href = link.getAttribute("href");
  link.setAttribute("href", url.origin + url.pathname + url.search);
  window.setTimeout(() => link.setAttribute("href", href), 0); // read by the browser (or Material) as the click ends
}

export class Cited {
  /* store: where a citation pressed on one page waits for the next; room(target): the panel makes room for it;
     pressed(index): the panel marks the log's index-th citation as the one the visitor followed and keeps it in sight. */
  constructor(store, room, pressed) {
    this.store = store;
    this.room = room;
    this.pressed = pressed;
  }

  /* A click in the panel: on a citation, the line is shown here, or once the cited page is open. */
  follow(event) {
    const link = event.target && event.target.closest ? event.target.closest("a.docent-cite") : null;
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey ||
        event.altKey) return;
    let url;
    try { url = new URL(link.href); } catch (ignored) { return; }
    const anchor = decodeURIComponent(url.hash.slice(1).split(":~:")[0]);
    const [quote = "", ...more] = quotesOf(link);
    const log = link.closest(".docent-log");
    const index = log ? [...log.querySelectorAll("a.docent-cite")].indexOf(link) : -1;
    const cited = { path: url.pathname, anchor, quote, more, index };
    this.pressed(index);
    if (url.origin === window.location.origin && url.pathname === window.location.pathname && (anchor || cited.quote)) {
      event.preventDefault();
      event.stopPropagation(); // Material's instant navigation would load this page again, dropping the highlight
      const address = anchor ? "#" + encodeURIComponent(anchor) : window.location.pathname + window.location.search;
      if (window.history && window.history.pushState) window.history.pushState(null, "", address);
      this.show(cited);
      return;
    }
    this.store.set("cited", cited); // the browser (or Material) opens the page; resume() shows the line there
    toPage(link, url);
  }

  /* On a page just opened: the line a citation pressed on the page before asked for, if it is this page's. */
  resume() {
    const cited = this.store.get("cited");
    if (!cited || cited.path !== window.location.pathname) return;
    this.store.set("cited", null);
    // The transcript drawn again on this page stood at its end: the answer whose citation was followed (an earlier
    // one) was out of sight, and the peek spoke of the latest answer ("The site does not say") beside its line.
    if (Number.isInteger(cited.index)) this.pressed(cited.index);
    const go = () => window.requestAnimationFrame(() => {
      if (cited.anchor && !window.location.hash && window.history && window.history.replaceState) {
        window.history.replaceState(window.history.state, "", "#" + encodeURIComponent(cited.anchor));
      }
      this.show(cited);
    });
    if (document.readyState === "complete") go();
    else window.addEventListener("load", go, { once: true }); // after the browser's own scroll to the fragment
  }

  /* Highlights the cited line (or, where the page no longer holds it, points at the section) and keeps it clear. A
     citation of a run of sentences highlights each of the run's lines the page holds and opens at the first: it
     showed the last alone, and a visitor checking the run's first sentence was shown another. */
  show(cited) {
    const section = cited.anchor ? sectionRange(cited.anchor) : openingRange();
    if (!section) return false;
    const more = Array.isArray(cited.more) ? cited.more : [];
    const found = (cited.quote ? [cited.quote, ...more] : []).map((quote) => find(section, quote)).filter(Boolean);
    if (found.length) unhide(found[0]);
    const ranges = found.filter(shown); // kept hidden where no press shows it: the section's heading instead
    const range = ranges.length ? ranges[0] : null;
    const target = range || (cited.anchor ? document.getElementById(cited.anchor) : null);
    if (!target) return false; // a page's opening that no longer holds the line: the page as it opened
    if (range) highlight(ranges);
    else clear();
    if (range) home(range);
    this.room({ getBoundingClientRect: () => (range ? lines(range) : target.getBoundingClientRect()) });
    for (const each of ranges) aside(each); // where the room made leaves the block's corner
    if (range) reveal(ranges);
    else toTop(target);
    return Boolean(range);
  }
}
