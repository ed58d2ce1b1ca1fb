/*
 * The transcript's entries other than the answer's own lines: the visitor's question, a refusal, an error, an
 * action's line, an offer, and seed 004's cards with its exact attributes: <ul data-assisted-links>,
 * <div data-assisted-choices>, <div data-assisted-confirm>. Text goes in as textContent; a link's address is
 * built from a site path and checked to stay on the site's origin (site.js).
 */
import { make } from "./dom.js";

export const hidden = (text) => make("span", "docent-visually-hidden", text);

/* A link to a checked URL, or the bare text where there is none. */
export function linkTo(url, className, text) {
  const element = make(url ? "a" : "span", className, text);
  if (url) element.href = url.href;
  return element;
}

function question(entry) {
  const box = make("div", "docent-question");
  box.appendChild(hidden("You asked: "));
  box.appendChild(make("p", null, entry.text));
  return box;
}

function error(entry) {
  const line = make("p", "docent-error", entry.message || "Something went wrong.");
  line.setAttribute("role", "alert");
  return line;
}

function action(entry) {
  const note = make("p", "docent-action", entry.note || entry.label || entry.tool);
  note.setAttribute("data-tool", String(entry.tool || ""));
  note.setAttribute("data-status", String(entry.status || "queued"));
  return note;
}

function offer(entry, index, hooks) {
  const box = make("p", "docent-offer");
  const button = make("button", "docent-button", entry.label || entry.id);
  button.type = "button";
  button.setAttribute("data-docent-offer", String(entry.id || ""));
  button.addEventListener("click", () => hooks.offer(index));
  // Never a bare button: a sentence says what it is, whatever the model wrote around it.
  box.appendChild(make("span", "docent-offer-said", "The guide offers this; nothing happens until you press it. "));
  box.appendChild(button);
  return box;
}

/* A link card item's address: its path if the sidecar sent one, else the manifest's for its id. */
function linkPath(site, item) {
  if (typeof item.path === "string") return item.path;
  const target = site.find("pages", "id", item.to) || site.find("sections", "id", item.to);
  return target ? target.path : null;
}

function links(card, site) {
  const list = make("ul", "docent-links");
  list.setAttribute("data-assisted-links", "");
  for (const found of Array.isArray(card.items) ? card.items : []) {
    const item = found || {};
    const row = make("li");
    row.appendChild(linkTo(site.url(linkPath(site, item)), null, item.title || item.to));
    if (item.gist) row.appendChild(make("p", null, item.gist));
    list.appendChild(row);
  }
  return list;
}

function choices(entry, card, index, hooks) {
  const box = make("div", "docent-choices");
  box.setAttribute("data-assisted-choices", "");
  box.appendChild(make("p", null, card.question || ""));
  for (const option of Array.isArray(card.options) ? card.options : []) {
    const button = make("button", "docent-button", option);
    button.type = "button";
    if (entry.picked != null || entry.closed) button.disabled = true;
    if (entry.picked === option) button.setAttribute("data-picked", "");
    button.addEventListener("click", () => hooks.pick(index, String(option)));
    box.appendChild(button);
  }
  return box;
}

function confirm(entry, card, index, hooks) {
  const what = card.label || card.name || "this";
  if (entry.approved != null || entry.closed) {
    const words = entry.approved === true ? "You approved: " : entry.approved === false ? "You declined: " : "Not answered: ";
    return make("p", "docent-action", words + what);
  }
  const box = make("div", "docent-confirm");
  box.setAttribute("data-assisted-confirm", "");
  box.appendChild(make("p", null, what));
  for (const [name, text, approved] of [["approve", "Approve", true], ["deny", "Deny", false]]) {
    const button = make("button", "docent-button", text);
    button.type = "button";
    button.setAttribute("data-answer", name);
    button.addEventListener("click", () => hooks.confirm(index, approved));
    box.appendChild(button);
  }
  return box;
}

function card(entry, index, site, hooks) {
  const shown = entry.card || {};
  if (shown.kind === "links") return links(shown, site);
  if (shown.kind === "choices") return choices(entry, shown, index, hooks);
  if (shown.kind === "confirm") return confirm(entry, shown, index, hooks);
  return make("p", "docent-info", "");
}

/* The element of an entry that stands on its own line; hooks: {pick(index, option), confirm(index, approved),
   offer(index)}. */
export function build(entry, index, site, hooks) {
  switch (entry.kind) {
    case "question": return question(entry);
    case "refused": return make("p", "docent-refused", entry.message || "The guide does not answer that.");
    case "error": return error(entry);
    case "action": return action(entry);
    case "offer": return offer(entry, index, hooks);
    case "card": return card(entry, index, site, hooks);
    default: return make("p", "docent-info", entry.text || "");
  }
}
