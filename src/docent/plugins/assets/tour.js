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
import { pin } from "./viewport.js";

function button(text, name, onPress) {
  const element = make("button", "docent-button", text);
  element.type = "button";
  element.setAttribute("data-tour", name);
  element.addEventListener("click", onPress);
  return element;
}

/* The step's card, labelled by its title and described by its caption. */
function card(definition, index, found) {
  const steps = definition.steps;
  const box = make("div", "docent-tour");
  box.setAttribute("role", "dialog");
  box.setAttribute("aria-modal", "false");
  box.setAttribute("aria-labelledby", "docent-tour-title");
  box.setAttribute("aria-describedby", "docent-tour-caption");
  const title = make("p", "docent-tour-title", `${definition.label || "Tour"} · step ${index + 1} of ${steps.length}`);
  title.id = "docent-tour-title";
  const caption = make("p", "docent-tour-caption", steps[index].caption || "");
  caption.id = "docent-tour-caption";
  box.appendChild(title);
  box.appendChild(caption);
  if (!found) box.appendChild(make("p", "docent-tour-missing", "This step's place is not on the page."));
  return box;
}

export class Tour {
  /* hooks: {panelOpen() -> bool, ended(left: bool, reopenPanel: bool)} */
  constructor(site, store, hooks) {
    this.site = site;
    this.store = store;
    this.hooks = hooks;
    this.box = null;
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && this.box) {
        event.preventDefault();
        event.stopPropagation();
        this.leave();
      }
    }, true);
  }

  start(definition) {
    this.store.set("tour", {
      id: definition.id,
      index: 0,
      origin: { href: window.location.href, y: window.scrollY, panel: this.hooks.panelOpen() }
    });
    this.show();
  }

  /* On each page load: go on with a tour, or finish returning the visitor where they were. */
  resume() {
    const state = this.store.get("tour");
    if (!state) return;
    if (state.back) {
      this.store.set("tour", null);
      window.scrollTo({ top: state.back.y || 0, behavior: "instant" });
      this.hooks.ended(true, Boolean(state.back.panel));
      return;
    }
    this.show();
  }

  definition() {
    const state = this.store.get("tour");
    return state ? this.site.find("tours", "id", state.id) : null;
  }

  show() {
    const state = this.store.get("tour");
    const definition = this.definition();
    if (!state || !definition || !definition.steps || !definition.steps[state.index]) {
      this.close();
      this.store.set("tour", null);
      return;
    }
    const step = definition.steps[state.index];
    const url = this.site.url(step.path || "");
    if (url && !this.site.isHere(step.path)) {
      this.close();
      window.location.assign(url.href); // the step shows when the page has loaded (resume)
      return;
    }
    let target = null;
    if (step.part) target = byAttribute("data-docent-part", String(step.part));
    if (!target && step.section) target = document.getElementById(step.section);
    this.render(definition, state.index, Boolean(target));
    if (target) ring(target); // after the card is up: the step scrolls to the part of the screen it leaves free
  }

  render(definition, index, found) {
    const last = index === definition.steps.length - 1;
    this.close();
    const box = card(definition, index, found);
    const row = make("div", "docent-tour-buttons");
    const back = button("Back", "back", () => this.go(index - 1));
    back.disabled = index === 0;
    const next = last ? button("Done", "done", () => this.finish()) : button("Next", "next", () => this.go(index + 1));
    row.appendChild(back);
    row.appendChild(next);
    row.appendChild(button("Leave the tour", "leave", () => this.leave()));
    box.appendChild(row);
    document.body.appendChild(box);
    followScheme(box);
    pin(box);
    this.box = box;
    next.focus({ preventScroll: true });
  }

  go(index) {
    const state = this.store.get("tour");
    if (!state) return;
    state.index = index;
    this.store.set("tour", state);
    this.show();
  }

  close() {
    if (this.box && this.box.parentNode) this.box.parentNode.removeChild(this.box);
    this.box = null;
  }

  /* Done: the tour ends where it is. */
  finish() {
    const state = this.store.get("tour");
    this.close();
    this.store.set("tour", null);
    this.hooks.ended(false, Boolean(state && state.origin && state.origin.panel));
  }

  /* Esc or Leave: back to where the visitor was when the tour began. */
  leave() {
    const state = this.store.get("tour");
    this.close();
    if (!state || !state.origin) {
      this.store.set("tour", null);
      return;
    }
    const origin = state.origin;
    const there = new URL(origin.href);
    if (there.pathname !== window.location.pathname) {
      this.store.set("tour", { back: { y: origin.y, panel: origin.panel } });
      window.location.assign(there.href);
      return;
    }
    this.store.set("tour", null);
    window.scrollTo({ top: origin.y || 0, behavior: "instant" });
    this.hooks.ended(true, Boolean(origin.panel));
  }

  active() {
    const state = this.store.get("tour");
    return Boolean(state && !state.back);
  }
}
