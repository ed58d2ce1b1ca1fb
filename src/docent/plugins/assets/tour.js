/*
 * A tour: steps with captions, each ringing a part or a home section, across pages.
 * Next, Back and Done are buttons (keyboard-reachable, focus moves to the step); Esc or
 * "Leave the tour" ends it and returns the visitor where they were, on the page they were on,
 * at the place they had scrolled to. The tour in progress lives in the store, so it goes on
 * after a page change.
 *
 * store "tour": {id, index, origin: {href, y, panel}} while it runs; {back: {y, panel}} while it
 * returns the visitor to where they were on another page.
 */
import { byAttribute, followScheme, make } from "./dom.js";
import { ring } from "./actions.js";

/* hooks: {panelOpen() -> bool, ended(left: bool, reopenPanel: bool)} */
export function Tour(site, store, hooks) {
  var tour = this;
  this.site = site;
  this.store = store;
  this.hooks = hooks;
  this.box = null;
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && tour.box) {
      event.preventDefault();
      event.stopPropagation();
      tour.leave();
    }
  }, true);
}

Tour.prototype.start = function (definition) {
  this.store.set("tour", {
    id: definition.id,
    index: 0,
    origin: { href: window.location.href, y: window.scrollY, panel: this.hooks.panelOpen() }
  });
  this.show();
};

/* On each page load: go on with a tour, or finish returning the visitor where they were. */
Tour.prototype.resume = function () {
  var state = this.store.get("tour");
  if (!state) return;
  if (state.back) {
    this.store.set("tour", null);
    window.scrollTo({ top: state.back.y || 0, behavior: "instant" });
    this.hooks.ended(true, Boolean(state.back.panel));
    return;
  }
  this.show();
};

Tour.prototype.definition = function () {
  var state = this.store.get("tour");
  return state ? this.site.find("tours", "id", state.id) : null;
};

Tour.prototype.show = function () {
  var state = this.store.get("tour");
  var definition = this.definition();
  if (!state || !definition || !definition.steps || !definition.steps[state.index]) {
    this.close();
    this.store.set("tour", null);
    return;
  }
  var step = definition.steps[state.index];
  var url = this.site.url(step.path || "");
  if (url && !this.site.isHere(step.path)) {
    this.close();
    window.location.assign(url.href); // the step shows when the page has loaded (resume)
    return;
  }
  var target = null;
  if (step.part) target = byAttribute("data-docent-part", String(step.part));
  if (!target && step.section) target = document.getElementById(step.section);
  this.render(definition, state.index, Boolean(target));
  if (target) ring(target); // after the card is up: the step scrolls to the part of the screen it leaves free
};

Tour.prototype.render = function (definition, index, found) {
  var tour = this, steps = definition.steps, last = index === steps.length - 1;
  this.close();
  var box = make("div", "docent-tour");
  box.setAttribute("role", "dialog");
  box.setAttribute("aria-modal", "false");
  box.setAttribute("aria-labelledby", "docent-tour-title");
  box.setAttribute("aria-describedby", "docent-tour-caption");
  var title = make("p", "docent-tour-title", (definition.label || "Tour") + " · step " + (index + 1) + " of " + steps.length);
  title.id = "docent-tour-title";
  var caption = make("p", "docent-tour-caption", steps[index].caption || "");
  caption.id = "docent-tour-caption";
  box.appendChild(title);
  box.appendChild(caption);
  if (!found) box.appendChild(make("p", "docent-tour-missing", "This step's place is not on the page."));
  var row = make("div", "docent-tour-buttons");
  var back = this.button("Back", "back", function () { tour.go(index - 1); });
  back.disabled = index === 0;
  var next = last
    ? this.button("Done", "done", function () { tour.finish(); })
    : this.button("Next", "next", function () { tour.go(index + 1); });
  row.appendChild(back);
  row.appendChild(next);
  row.appendChild(this.button("Leave the tour", "leave", function () { tour.leave(); }));
  box.appendChild(row);
  document.body.appendChild(box);
  followScheme(box);
  this.box = box;
  next.focus({ preventScroll: true });
};

Tour.prototype.button = function (text, name, onPress) {
  var button = make("button", "docent-button", text);
  button.type = "button";
  button.setAttribute("data-tour", name);
  button.addEventListener("click", onPress);
  return button;
};

Tour.prototype.go = function (index) {
  var state = this.store.get("tour");
  if (!state) return;
  state.index = index;
  this.store.set("tour", state);
  this.show();
};

Tour.prototype.close = function () {
  if (this.box && this.box.parentNode) this.box.parentNode.removeChild(this.box);
  this.box = null;
};

/* Done: the tour ends where it is. */
Tour.prototype.finish = function () {
  var state = this.store.get("tour");
  this.close();
  this.store.set("tour", null);
  this.hooks.ended(false, Boolean(state && state.origin && state.origin.panel));
};

/* Esc or Leave: back to where the visitor was when the tour began. */
Tour.prototype.leave = function () {
  var state = this.store.get("tour");
  this.close();
  if (!state || !state.origin) {
    this.store.set("tour", null);
    return;
  }
  var origin = state.origin;
  var there = new URL(origin.href);
  if (there.pathname !== window.location.pathname) {
    this.store.set("tour", { back: { y: origin.y, panel: origin.panel } });
    window.location.assign(there.href);
    return;
  }
  this.store.set("tour", null);
  window.scrollTo({ top: origin.y || 0, behavior: "instant" });
  this.hooks.ended(true, Boolean(origin.panel));
};

Tour.prototype.active = function () {
  var state = this.store.get("tour");
  return Boolean(state && !state.back);
};
