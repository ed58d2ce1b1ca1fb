/*
 * A sentence's inline marks (code, strong, em) as elements holding text: the model's markup never becomes HTML.
 * Spans are [kind, start, end] over the sentence's text, nested or apart; overlapping marks keep their text and
 * lose the mark.
 */
import { make } from "./dom.js";

const KINDS = { code: ["code", "docent-code-inline"], strong: ["strong", null], em: ["em", null] };

function fill(parent, text, runs, from, to) {
  let at = from;
  while (runs.length && runs[0][1] < to) {
    const run = runs.shift();
    if (run[1] < at || run[2] > to) continue; // overlapping marks: the text stays, the mark goes
    if (run[1] > at) parent.appendChild(document.createTextNode(text.slice(at, run[1])));
    const [tag, className] = KINDS[run[0]];
    const element = make(tag, className);
    if (run[0] === "code") element.textContent = text.slice(run[1], run[2]);
    else fill(element, text, runs, run[1], run[2]);
    parent.appendChild(element);
    at = run[2];
  }
  if (at < to) parent.appendChild(document.createTextNode(text.slice(at, to)));
}

/* A sentence's text with its inline marks as elements. */
export function marked(text, spans) {
  const runs = (Array.isArray(spans) ? spans : [])
    .filter((span) => Array.isArray(span) && KINDS[span[0]] && span[1] >= 0 && span[1] < span[2] && span[2] <= text.length)
    .sort((a, b) => a[1] - b[1] || b[2] - a[2]);
  const holder = make("span", "docent-text");
  fill(holder, text, runs, 0, text.length);
  return holder;
}
