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

var ANSWER_WITHIN_MS = 2000;
var RING_MS = 4000;
var RUN_MS = 10000; // the panel keeps out of an experiment's way about as long as a run's opening lasts

function reducedMotion() {
  return Boolean(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
}

/* Scrolls element to the middle of the screen's part the panel's overlays leave uncovered. */
function reveal(element) {
  var covered = coveredBelow(element.getBoundingClientRect());
  var margin = element.style.scrollMarginBottom;
  element.style.scrollMarginBottom = covered + "px"; // centres the element and this margin: it sits above the cover
  element.scrollIntoView({ block: "center", behavior: reducedMotion() ? "auto" : "smooth" });
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
  element.docentRingTimer = setTimeout(function () {
    element.classList.remove("docent-ring");
    element.removeAttribute("data-docent-rung");
  }, RING_MS);
}

function done(note) { return { status: "done", note: note }; }
function failed(reason, note) { return { status: "failed", reason: reason, note: note }; }

/* room(element, ms): the panel makes room for an element it is about to show, for ms. */
export function Actions(site, room) {
  this.site = site;
  this.room = room || function () {};
}

Actions.prototype.label = function (action, fallback) {
  return String(action.label || (fallback && fallback.label) || action.id || action.tool || "");
};

/* Carries out one action event; resolves with what came of it. */
Actions.prototype.carry = function (action) {
  var tool = String(action.tool || "");
  switch (tool) {
    case "show_page": return Promise.resolve(this.showPage(action));
    case "point_at": return Promise.resolve(this.pointAt(action));
    case "run_experiment": return this.runExperiment(action);
    case "start_tour": return Promise.resolve(this.startTour(action));
    case "offer": return Promise.resolve(this.offer(action));
  }
  var pageAction = this.site.find("actions", "name", tool);
  if (pageAction || byAttribute("data-docent-action", tool)) return Promise.resolve(this.press(action, pageAction));
  var field = this.site.find("fields", "name", tool);
  if (field || byAttribute("data-docent-field", tool)) return Promise.resolve(this.fill(action, field));
  return Promise.resolve(failed("unknown_tool", "The panel does not know how to " + tool + "."));
};

Actions.prototype.showPage = function (action) {
  var target = this.site.find("pages", "id", action.id) || this.site.find("sections", "id", action.id);
  var path = target ? target.path : action.path;
  var label = this.label(action, target);
  var url = this.site.url(path);
  if (!url) return failed("navigation_blocked", "Could not open " + label + ".");
  if (this.site.isHere(path)) {
    var anchor = url.hash ? document.getElementById(decodeURIComponent(url.hash.slice(1))) : null;
    if (anchor) { this.room(anchor, RING_MS); ring(anchor); }
    else if (!url.hash) window.scrollTo(0, 0);
    return done("Showed " + label + ".");
  }
  return { status: "navigate", url: url.href, note: "Opening " + label + "\u2026", done: "Opened " + label + "." };
};

Actions.prototype.pointAt = function (action) {
  var part = this.site.find("parts", "id", action.id);
  var label = this.label(action, part);
  var element = byAttribute("data-docent-part", String(action.id));
  var path = part ? part.path : action.path;
  if (!element && path && !this.site.isHere(path)) {
    // A part on another page: open that page, and point at it there (the action goes along as pending).
    var url = this.site.url(path);
    if (!url) return failed("navigation_blocked", "Could not open the page of " + label + ".");
    return { status: "navigate", url: url.href, note: "Opening the page of " + label + ".", then: action };
  }
  if (!element) return failed("not_found", "Could not find " + label + " on this page.");
  this.room(element, RING_MS);
  ring(element);
  return done("Pointed at " + label + ".");
};

/* "leak", "leak:slow", "leak:live", or the event's own experiment/preset/live fields. */
Actions.prototype.runExperiment = function (action) {
  var parts = String(action.id || "").split(":");
  var id = action.experiment || parts[0];
  var preset = action.preset !== undefined ? action.preset : (parts[1] && parts[1] !== "live" ? parts[1] : null);
  var live = action.live !== undefined ? Boolean(action.live) : parts[1] === "live";
  var experiment = this.site.find("experiments", "id", id);
  var label = this.label(action, experiment);
  var element = byAttribute("data-docent-experiment", id);
  if (!element) return Promise.resolve(failed("not_found", "Could not find " + label + " on this page."));
  this.room(element, RUN_MS);
  reveal(element);
  return new Promise(function (resolve) {
    var timer = null;
    function answer(event) {
      var detail = event.detail || {};
      if (detail.experiment !== id) return;
      finish(detail.error
        ? failed("experiment_error", label + " did not start: " + detail.error)
        : done("Started " + label + presetWords(experiment, detail) + "."));
    }
    function finish(result) {
      clearTimeout(timer);
      element.removeEventListener("docent:state", answer);
      resolve(result);
    }
    element.addEventListener("docent:state", answer);
    timer = setTimeout(function () {
      finish(failed("no_response", label + " did not answer."));
    }, ANSWER_WITHIN_MS);
    element.dispatchEvent(new CustomEvent("docent:run", { detail: { preset: preset, live: live } }));
  });
};

/* " with Slow leak: 1.5 MB a second": the preset in the manifest's words; a live run says so. */
function presetWords(experiment, detail) {
  var presets = experiment && Array.isArray(experiment.presets) ? experiment.presets : [];
  var words = detail.preset ? String(detail.preset) : "";
  for (var i = 0; i < presets.length; i++) {
    if (presets[i] && presets[i].id === detail.preset && presets[i].label) words = String(presets[i].label);
  }
  return (words ? " with " + words : "") + (detail.live ? " (a live run)" : "");
}

Actions.prototype.startTour = function (action) {
  var tour = this.site.find("tours", "id", action.id);
  if (!tour || !Array.isArray(tour.steps) || !tour.steps.length) {
    return failed("not_found", "Could not find the tour " + this.label(action, tour) + ".");
  }
  return { status: "tour", tour: tour, note: "Started the tour: " + this.label(action, tour) + "." };
};

Actions.prototype.offer = function (action) {
  var offer = this.site.find("offers", "id", action.id);
  var url = this.site.target(offer ? offer.target : action.path);
  if (!url) return failed("not_found", "Could not offer " + this.label(action, offer) + ".");
  return { status: "offer", label: this.label(action, offer), url: url.href };
};

function rings(action, known) {
  return action.ring === true || action.rung === true || action.consequential === "ring" ||
    (known && known.consequential === "ring" && action.ring !== false);
}

Actions.prototype.press = function (action, known) {
  var label = this.label(action, known);
  var button = byAttribute("data-docent-action", String(action.tool));
  if (!button) return failed("not_found", "\"" + label + "\" isn't showing.");
  if (button.disabled || button.getAttribute("aria-disabled") === "true") {
    return failed("disabled", "\"" + label + "\" is disabled right now.");
  }
  if (rings(action, known)) {
    this.room(button, RING_MS);
    ring(button);
    return done("Rang \"" + label + "\" for you; pressing it is yours.");
  }
  button.click();
  return done("Pressed \"" + label + "\".");
};

/* The field an event means: by its element id where several share a name, else the first of the name. */
function fieldElement(action) {
  var ids = [action.field, action.field_id, action.id];
  for (var i = 0; i < ids.length; i++) {
    var element = ids[i] ? document.getElementById(String(ids[i])) : null;
    if (element && element.getAttribute("data-docent-field") === action.tool) return element;
  }
  return byAttribute("data-docent-field", String(action.tool));
}

Actions.prototype.fill = function (action, known) {
  var element = fieldElement(action);
  var same = element ? this.site.find("fields", "id", element.id) : null;
  var field = same || known;
  var label = this.label({ label: action.label }, field) || action.tool;
  if (!element) return failed("not_found", "\"" + label + "\" isn't showing.");
  if (element.disabled) return failed("disabled", "\"" + label + "\" is disabled right now.");
  if (element.readOnly) return failed("read_only", "\"" + label + "\" is read-only right now.");
  if (rings(action, field)) {
    this.room(element, RING_MS);
    ring(element);
    return done("Rang \"" + label + "\" for you; filling it is yours.");
  }
  var value = String(action.value == null ? "" : action.value);
  element.value = value;
  if (element.value !== value) return failed("bad_value", "\"" + label + "\" has no option " + value + ".");
  element.dispatchEvent(new Event("input", { bubbles: true }));
  element.dispatchEvent(new Event("change", { bubbles: true }));
  var shown = element.tagName === "SELECT" && element.selectedOptions[0] ? element.selectedOptions[0].textContent : value;
  return done("Set \"" + label + "\" to " + String(shown).trim() + ".");
};
