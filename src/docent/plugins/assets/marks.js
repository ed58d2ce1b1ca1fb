/*
 * A sentence's inline marks (code, strong, em) as elements holding text: the model's markup never becomes HTML.
 * Spans are [kind, start, end] over the sentence's text, nested or apart; overlapping marks keep their text and
 * lose the mark.
 */
import { make } from "./dom.js";

const KINDS = { code: ["code", "docent-code-inline"], strong: ["strong", null], em: ["em", null] };
// An option's leading hyphens and its name's first word: "--annotated" of "--annotated-tag".
const OPTION = /(^|\s)(-+[^\s-]+)/g;

/* Inline code's text, each option's leading hyphens held to the word after them (a span that does not wrap): at
   390 px "cz bump --annotated-tag" broke as "cz bump -" | "-annotated-tag", and "--verbose" as "--" | "verbose"
   (Chromium breaks after a hyphen there). The name may still break after a hyphen inside it, as the site's page does;
   the element's text is the code as written. */
function codeText(element, code) {
  let at = 0;
  for (const found of code.matchAll(OPTION)) {
    const start = found.index + found[1].length;
    if (start > at) element.appendChild(document.createTextNode(code.slice(at, start)));
    element.appendChild(make("span", "docent-nowrap", found[2]));
    at = start + found[2].length;
  }
  if (at < code.length) element.appendChild(document.createTextNode(code.slice(at)));
}

function fill(parent, text, runs, from, to) {
  let at = from;
  while (runs.length && runs[0][1] < to) {
    const run = runs.shift();
    if (run[1] < at || run[2] > to) continue; // overlapping marks: the text stays, the mark goes
    if (run[1] > at) parent.appendChild(document.createTextNode(text.slice(at, run[1])));
    const [tag, className] = KINDS[run[0]];
    const element = make(tag, className);
    if (run[0] === "code") codeText(element, text.slice(run[1], run[2]));
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
