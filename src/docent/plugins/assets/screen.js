/*
 * What is on the visitor's screen, in the manifest's ids, sent with each question:
 * {page, section, experiment, running, preset, fields, text}. It reads the page, never what a
 * visitor typed into it: fields are the page's option fields (select values), and the page's text leaves
 * out every input, text area and editable part.
 * Experiments report their state with "docent:state" events; the latest of each is kept.
 */
import { byAttribute } from "./dom.js";
import { visible } from "./viewport.js";

/* The page's text as it is shown now, within a cap: its content (between the build's markers), less what the
   owner excludes and anything a visitor can type into (inputs, text areas, editable parts) and the panel. */
const LEFT_OUT = "script, style, template, noscript, svg, nav, a.headerlink, [data-docent-exclude], " +
  ".md-content__button, .md-source-file, .md-clipboard, .md-annotation__index, " +
  "input, textarea, [contenteditable], [data-docent-panel], #docent-panel, .docent-panel";
const BREAKS = "address, article, aside, blockquote, br, dd, details, div, dl, dt, figcaption, figure, footer, " +
  "form, h1, h2, h3, h4, h5, h6, header, hr, li, main, ol, p, pre, section, summary, table, tbody, td, tfoot, " +
  "th, thead, tr, ul, option, button, label, select, img";
const TEXT_BYTES = 8000;

function visibleArea(element) {
  const box = element.getBoundingClientRect();
  const seen = visible();
  const width = Math.min(box.right, seen.right) - Math.max(box.left, seen.left);
  const height = Math.min(box.bottom, seen.bottom) - Math.max(box.top, seen.top);
  return width > 0 && height > 0 ? width * height : 0;
}

/* The build's markers around the page's content (<!--docent:content--> ... <!--/docent:content-->), or null. */
export function markers() {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_COMMENT);
  let start = null;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeValue === "docent:content") start = node;
    else if (node.nodeValue === "/docent:content" && start) return [start, node];
  }
  return null;
}

export class Screen {
  constructor(site) {
    this.states = {};
    this.site = site;
    document.addEventListener("docent:state", (event) => {
      const detail = event.detail || {};
      if (detail.experiment) this.states[detail.experiment] = detail;
    });
  }

  /* The home section being read: the last one whose heading is above a third of the screen. */
  section(page) {
    let found = null;
    const seen = visible();
    for (const section of this.site.list("sections")) {
      if (section.page !== page.id) continue;
      const heading = document.getElementById(section.id);
      if (heading && heading.getBoundingClientRect().top <= seen.top + seen.height / 3) found = section.id;
    }
    return found;
  }

  /* The experiment that takes most of the screen, and its state. */
  experiment(page) {
    let best = null, area = 0;
    for (const experiment of this.site.list("experiments")) {
      if (experiment.page !== page.id) continue;
      const element = byAttribute("data-docent-experiment", experiment.id);
      const seen = element ? visibleArea(element) : 0;
      if (seen > area) { best = element; area = seen; }
    }
    if (!best) return { experiment: null, running: false, preset: null };
    const id = best.getAttribute("data-docent-experiment");
    const state = this.states[id] || {};
    const chosen = best.querySelector("option[data-docent-preset]:checked") ||
                   best.querySelector("[data-docent-preset][aria-pressed='true']");
    return {
      experiment: id,
      running: Boolean(state.running || best.classList.contains("is-running")),
      preset: state.preset || (chosen ? chosen.getAttribute("data-docent-preset") : null)
    };
  }

  fields(page) {
    const values = {};
    for (const field of this.site.list("fields")) {
      if (field.page !== page.id || !field.options || !field.options.length) continue;
      const element = document.getElementById(field.id);
      // null: the page shows no such element now, and the guide's note says the field is not showing
      values[field.id] = element && element.getAttribute("data-docent-field") === field.name ? element.value : null;
    }
    return values;
  }

  text() {
    const ends = markers();
    if (!ends) return null;
    const range = document.createRange();
    range.setStartAfter(ends[0]);
    range.setEndBefore(ends[1]);
    const content = range.cloneContents();
    for (const element of content.querySelectorAll(LEFT_OUT)) element.remove();
    for (const element of content.querySelectorAll(BREAKS)) element.before(" ");
    let text = content.textContent.replace(/\s+/g, " ").trim();
    const encoder = new TextEncoder();
    while (encoder.encode(text).length > TEXT_BYTES) text = text.slice(0, Math.floor(text.length * 0.9));
    return text || null;
  }

  read() {
    const page = this.site.page(window.location);
    if (!page) return { page: null, section: null, experiment: null, running: false, preset: null, fields: {} };
    const shown = this.experiment(page);
    return {
      page: page.id,
      section: this.section(page),
      experiment: shown.experiment,
      running: shown.running,
      preset: shown.preset,
      fields: this.fields(page),
      text: this.text()
    };
  }
}
