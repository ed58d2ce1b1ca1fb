/*
 * What an empty panel shows: one sentence on what the guide does, by the site's kind (the manifest's `kind`;
 * documentation has nothing to run), and the manifest's suggestions as buttons that ask them.
 */
import { make } from "./dom.js";

const INTRO = {
  portfolio: "The guide answers from this site's own pages, links each sentence to where it comes from, " +
    "and can open pages, point things out and run what the site shows.",
  docs: "The guide answers from this documentation, links each sentence to the section it comes from, " +
    "and shows code as the pages give it."
};

/* A suggestion's button: pressed, it asks the question, unless the guide is off. */
function suggestion(view, text) {
  const item = make("li");
  const button = make("button", "docent-button docent-suggestion", text);
  button.type = "button";
  button.addEventListener("click", () => {
    if (view.input.disabled) return;
    view.hooks.submit(text);
    // The transcript takes the suggestions' place; a question box out of sight below (the full panel on a
    // phone) comes into view, so that the next question is a tap away. One in view already stays put.
    view.form.scrollIntoView({ block: "nearest" });
  });
  item.appendChild(button);
  return item;
}

/* view: the panel's view (its id, question box and hooks); suggestions: the manifest's; kind: the site's. */
export function emptyState(view, suggestions, kind) {
  const box = make("div", "docent-empty");
  box.appendChild(make("p", "docent-intro", INTRO[kind] || INTRO.portfolio));
  const list = Array.isArray(suggestions) ? suggestions.filter((text) => typeof text === "string" && text) : [];
  if (!list.length) return box;
  const heading = make("p", "docent-try", "Try asking:");
  heading.id = `${view.panel.id}-try`;
  box.appendChild(heading);
  const group = make("ul", "docent-suggestions");
  group.setAttribute("aria-labelledby", heading.id);
  for (const text of list) group.appendChild(suggestion(view, text));
  box.appendChild(group);
  return box;
}
