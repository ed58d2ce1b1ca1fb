/*
 * Carrying out the guide's actions on the page, one at a time, in the order they came.
 * Each answers {status: "done"|"failed"|"navigate"|"tour"|"offer", note, reason?, url?}; a
 * failure's reason is a code the next question reports: not_found, navigation_blocked,
 * no_response, disabled, experiment_error, bad_value, unknown_tool.
 *
 * Experiments' DOM contract: the panel dispatches CustomEvent("docent:run", {detail: {preset,
 * live}}) on [data-docent-experiment=ID]; the experiment answers with a bubbling
 * CustomEvent("docent:state", {detail: {experiment, running, preset, live, error}}).
 */
import { byAttribute, coveredBelow } from "./dom.js";
import { visible } from "./viewport.js";

const ANSWER_WITHIN_MS = 2000;
const RING_MS = 4000;
const RUN_MS = 10000; // the panel keeps out of an experiment's way about as long as a run's opening lasts

const reducedMotion = () => Boolean(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);

/* The part of the screen's top a page keeps for its own sticky header when it scrolls an element to view (the
   theme's `scroll-padding-top`: 76 px on the example site). */
function keptAtTop() {
  const pad = getComputedStyle(document.scrollingElement || document.documentElement).scrollPaddingTop;
  return pad.endsWith("px") ? parseFloat(pad) || 0 : 0;
}

/* Scrolls element to the middle of the screen's part the panel's overlays leave uncovered. foot: one taller than that
   part (below the page's sticky header) shows its foot whole above them instead (an experiment: where it says how the
   run goes); centred, the lab's status line stood half under the folded panel on a phone. */
function reveal(element, foot) {
  const box = element.getBoundingClientRect();
  const covered = coveredBelow(box);
  const block = foot && box.height > visible().height - covered - keptAtTop() ? "end" : "center";
  const margin = element.style.scrollMarginBottom;
  element.style.scrollMarginBottom = covered + "px"; // the element and this margin are placed: it sits above the cover
  element.scrollIntoView({ block, behavior: reducedMotion() ? "auto" : "smooth" });
  element.style.scrollMarginBottom = margin;
}

/* Scrolls an element into view and rings it: an outline that pulses, or holds still under reduced motion. */
export function ring(element) {
  reveal(element);
  element.classList.remove("docent-ring");
  void element.offsetWidth; // restart the animation when the same element is rung again
  element.classList.add("docent-ring");
  element.setAttribute("data-docent-rung", "");
  clearTimeout(element.docentRingTimer);
  element.docentRingTimer = setTimeout(() => {
    element.classList.remove("docent-ring");
    element.removeAttribute("data-docent-rung");
  }, RING_MS);
}

const done = (note) => ({ status: "done", note });
const failed = (reason, note) => ({ status: "failed", reason, note });

/* " with Slow leak: 1.5 MB a second": the preset in the manifest's words; a live run says so. */
function presetWords(experiment, detail) {
  const presets = experiment && Array.isArray(experiment.presets) ? experiment.presets : [];
  let words = detail.preset ? String(detail.preset) : "";
  for (const preset of presets) {
    if (preset && preset.id === detail.preset && preset.label) words = String(preset.label);
  }
  return (words ? " with " + words : "") + (detail.live ? " (a live run)" : "");
}

/* The experiment an event means: "leak", "leak:slow", "leak:live", or the event's own experiment/preset/live. */
function runOf(action) {
  const parts = String(action.id || "").split(":");
  return {
    id: action.experiment || parts[0],
    preset: action.preset !== undefined ? action.preset : (parts[1] && parts[1] !== "live" ? parts[1] : null),
    live: action.live !== undefined ? Boolean(action.live) : parts[1] === "live"
  };
}

/* Dispatches "docent:run" on an experiment's element; resolves with its answer, or its silence after a while. */
const started = (element, run, answered) => new Promise((resolve) => {
  let timer = null;
  const finish = (result) => {
    clearTimeout(timer);
    element.removeEventListener("docent:state", answer);
    resolve(result);
  };
  const answer = (event) => {
    const detail = event.detail || {};
    if (detail.experiment === run.id) finish(answered(detail));
  };
  element.addEventListener("docent:state", answer);
  timer = setTimeout(() => finish(null), ANSWER_WITHIN_MS);
  element.dispatchEvent(new CustomEvent("docent:run", { detail: { preset: run.preset, live: run.live } }));
});

const rings = (action, known) => action.ring === true || action.rung === true || action.consequential === "ring" ||
  (known && known.consequential === "ring" && action.ring !== false);

/* The field an event means: by its element id where several share a name, else the first of the name. */
function fieldElement(action) {
  for (const id of [action.field, action.field_id, action.id]) {
    const element = id ? document.getElementById(String(id)) : null;
    if (element && element.getAttribute("data-docent-field") === action.tool) return element;
  }
  return byAttribute("data-docent-field", String(action.tool));
}

export class Actions {
  /* room(element, ms): the panel makes room for an element it is about to show, for ms. */
  constructor(site, room) {
    this.site = site;
    this.room = room || (() => {});
  }

  label(action, fallback) {
    return String(action.label || (fallback && fallback.label) || action.id || action.tool || "");
  }

  /* Carries out one action event; resolves with what came of it. */
  async carry(action) {
    const tool = String(action.tool || "");
    switch (tool) {
      case "show_page": return this.showPage(action);
      case "point_at": return this.pointAt(action);
      case "run_experiment": return this.runExperiment(action);
      case "start_tour": return this.startTour(action);
      case "offer": return this.offer(action);
    }
    const pageAction = this.site.find("actions", "name", tool);
    if (pageAction || byAttribute("data-docent-action", tool)) return this.press(action, pageAction);
    const field = this.site.find("fields", "name", tool);
    if (field || byAttribute("data-docent-field", tool)) return this.fill(action, field);
    return failed("unknown_tool", `The panel does not know how to ${tool}.`);
  }

  showPage(action) {
    const target = this.site.find("pages", "id", action.id) || this.site.find("sections", "id", action.id);
    const path = target ? target.path : action.path;
    const label = this.label(action, target);
    const url = this.site.url(path);
    if (!url) return failed("navigation_blocked", `Could not open ${label}.`);
    if (this.site.isHere(path)) {
      const anchor = url.hash ? document.getElementById(decodeURIComponent(url.hash.slice(1))) : null;
      if (anchor) { this.room(anchor, RING_MS); ring(anchor); }
      else if (!url.hash) window.scrollTo(0, 0);
      return done(`Showed ${label}.`);
    }
    return { status: "navigate", url: url.href, note: `Opening ${label}\u2026`, done: `Opened ${label}.` };
  }

  pointAt(action) {
    const part = this.site.find("parts", "id", action.id);
    const label = this.label(action, part);
    const element = byAttribute("data-docent-part", String(action.id));
    const path = part ? part.path : action.path;
    if (!element && path && !this.site.isHere(path)) {
      // A part on another page: open that page, and point at it there (the action goes along as pending).
      const url = this.site.url(path);
      if (!url) return failed("navigation_blocked", `Could not open the page of ${label}.`);
      return { status: "navigate", url: url.href, note: `Opening the page of ${label}.`, then: action };
    }
    if (!element) return failed("not_found", `Could not find ${label} on this page.`);
    this.room(element, RING_MS);
    ring(element);
    return done(`Pointed at ${label}.`);
  }

  async runExperiment(action) {
    const run = runOf(action);
    const experiment = this.site.find("experiments", "id", run.id);
    const label = this.label(action, experiment);
    const element = byAttribute("data-docent-experiment", run.id);
    if (!element) return failed("not_found", `Could not find ${label} on this page.`);
    this.room(element, RUN_MS);
    reveal(element, true);
    const answered = await started(element, run, (detail) => detail.error
      ? failed("experiment_error", `${label} did not start: ${detail.error}`)
      : done(`Started ${label}${presetWords(experiment, detail)}.`));
    return answered || failed("no_response", `${label} did not answer.`);
  }

  startTour(action) {
    const tour = this.site.find("tours", "id", action.id);
    if (!tour || !Array.isArray(tour.steps) || !tour.steps.length) {
      return failed("not_found", `Could not find the tour ${this.label(action, tour)}.`);
    }
    return { status: "tour", tour, note: `Started the tour: ${this.label(action, tour)}.` };
  }

  offer(action) {
    const offer = this.site.find("offers", "id", action.id);
    const url = this.site.target(offer ? offer.target : action.path);
    if (!url) return failed("not_found", `Could not offer ${this.label(action, offer)}.`);
    return { status: "offer", label: this.label(action, offer), url: url.href };
  }

  press(action, known) {
    const label = this.label(action, known);
    const button = byAttribute("data-docent-action", String(action.tool));
    if (!button) return failed("not_found", `"${label}" isn't showing.`);
    if (button.disabled || button.getAttribute("aria-disabled") === "true") {
      return failed("disabled", `"${label}" is disabled right now.`);
    }
    if (rings(action, known)) {
      this.room(button, RING_MS);
      ring(button);
      return done(`Rang "${label}" for you; pressing it is yours.`);
    }
    button.click();
    return done(`Pressed "${label}".`);
  }

  fill(action, known) {
    const element = fieldElement(action);
    const field = (element ? this.site.find("fields", "id", element.id) : null) || known;
    const label = this.label({ label: action.label }, field) || action.tool;
    if (!element) return failed("not_found", `"${label}" isn't showing.`);
    if (element.disabled) return failed("disabled", `"${label}" is disabled right now.`);
    if (element.readOnly) return failed("read_only", `"${label}" is read-only right now.`);
    if (rings(action, field)) {
      this.room(element, RING_MS);
      ring(element);
      return done(`Rang "${label}" for you; filling it is yours.`);
    }
    const value = String(action.value == null ? "" : action.value);
    element.value = value;
    if (element.value !== value) return failed("bad_value", `"${label}" has no option ${value}.`);
    element.dispatchEvent(new Event("input", { bubbles: true }));
    element.dispatchEvent(new Event("change", { bubbles: true }));
    const shown = element.tagName === "SELECT" && element.selectedOptions[0] ? element.selectedOptions[0].textContent : value;
    return done(`Set "${label}" to ${String(shown).trim()}.`);
  }
}
