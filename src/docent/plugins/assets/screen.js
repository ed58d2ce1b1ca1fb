/*
 * What is on the visitor's screen, in the manifest's ids, sent with each question:
 * {page, section, experiment, running, preset, fields, text}. It reads the page, never what a
 * visitor typed into it: fields are the page's option fields (select values), and the page's text leaves
 * out every input, text area and editable part.
 * Experiments report their state with "docent:state" events; the latest of each is kept.
 */
import { byAttribute } from "./dom.js";

export function Screen(site) {
  var states = this.states = {};
  this.site = site;
  document.addEventListener("docent:state", function (event) {
    var detail = event.detail || {};
    if (detail.experiment) states[detail.experiment] = detail;
  });
}

function visibleArea(element) {
  var box = element.getBoundingClientRect();
  var width = Math.min(box.right, window.innerWidth) - Math.max(box.left, 0);
  var height = Math.min(box.bottom, window.innerHeight) - Math.max(box.top, 0);
  return width > 0 && height > 0 ? width * height : 0;
}

/* The home section being read: the last one whose heading is above a third of the screen. */
Screen.prototype.section = function (page) {
  var sections = this.site.list("sections"), found = null;
  for (var i = 0; i < sections.length; i++) {
    if (sections[i].page !== page.id) continue;
    var heading = document.getElementById(sections[i].id);
    if (!heading) continue;
    if (heading.getBoundingClientRect().top <= window.innerHeight / 3) found = sections[i].id;
  }
  return found;
};

/* The experiment that takes most of the screen, and its state. */
Screen.prototype.experiment = function (page) {
  var best = null, area = 0, experiments = this.site.list("experiments");
  for (var i = 0; i < experiments.length; i++) {
    if (experiments[i].page !== page.id) continue;
    var element = byAttribute("data-docent-experiment", experiments[i].id);
    var seen = element ? visibleArea(element) : 0;
    if (seen > area) { best = element; area = seen; }
  }
  if (!best) return { experiment: null, running: false, preset: null };
  var id = best.getAttribute("data-docent-experiment");
  var state = this.states[id] || {};
  var chosen = best.querySelector("option[data-docent-preset]:checked") ||
               best.querySelector("[data-docent-preset][aria-pressed='true']");
  return {
    experiment: id,
    running: Boolean(state.running || best.classList.contains("is-running")),
    preset: state.preset || (chosen ? chosen.getAttribute("data-docent-preset") : null)
  };
};

Screen.prototype.fields = function (page) {
  var values = {}, fields = this.site.list("fields");
  for (var i = 0; i < fields.length; i++) {
    var field = fields[i];
    if (field.page !== page.id || !field.options || !field.options.length) continue;
    var element = document.getElementById(field.id);
    // null: the page shows no such element now, and the guide's note says the field is not showing
    values[field.id] = element && element.getAttribute("data-docent-field") === field.name ? element.value : null;
  }
  return values;
};

/* The page's text as it is shown now, within a cap: its content (between the build's markers), less what the
   owner excludes and anything a visitor can type into (inputs, text areas, editable parts) and the panel. */
var LEFT_OUT = "script, style, template, noscript, svg, nav, a.headerlink, [data-docent-exclude], " +
  ".md-content__button, .md-source-file, .md-clipboard, .md-annotation__index, " +
  "input, textarea, [contenteditable], [data-docent-panel], #docent-panel, .docent-panel";
var BREAKS = "address, article, aside, blockquote, br, dd, details, div, dl, dt, figcaption, figure, footer, " +
  "form, h1, h2, h3, h4, h5, h6, header, hr, li, main, ol, p, pre, section, summary, table, tbody, td, tfoot, " +
  "th, thead, tr, ul, option, button, label, select, img";
var TEXT_BYTES = 8000;

function markers() {
  var walker = document.createTreeWalker(document.body, NodeFilter.SHOW_COMMENT), start = null, node;
  while ((node = walker.nextNode())) {
    if (node.nodeValue === "docent:content") start = node;
    else if (node.nodeValue === "/docent:content" && start) return [start, node];
  }
  return null;
}

Screen.prototype.text = function () {
  var ends = markers();
  if (!ends) return null;
  var range = document.createRange();
  range.setStartAfter(ends[0]);
  range.setEndBefore(ends[1]);
  var content = range.cloneContents();
  var out = content.querySelectorAll(LEFT_OUT);
  for (var i = 0; i < out.length; i++) out[i].remove();
  var breaks = content.querySelectorAll(BREAKS);
  for (var j = 0; j < breaks.length; j++) breaks[j].before(" ");
  var text = content.textContent.replace(/\s+/g, " ").trim();
  var encoder = new TextEncoder();
  while (encoder.encode(text).length > TEXT_BYTES) text = text.slice(0, Math.floor(text.length * 0.9));
  return text || null;
};

Screen.prototype.read = function () {
  var page = this.site.page(window.location);
  if (!page) return { page: null, section: null, experiment: null, running: false, preset: null, fields: {} };
  var shown = this.experiment(page);
  return {
    page: page.id,
    section: this.section(page),
    experiment: shown.experiment,
    running: shown.running,
    preset: shown.preset,
    fields: this.fields(page),
    text: this.text()
  };
};
