/*
 * The record's code in the transcript, as written: its language, a copy button (the clipboard, else the code
 * selected for the visitor to copy), and the lines in a box that scrolls, reached by the keyboard too. Code that is a
 * run of a longer block says so beside its language ("lines 2–13 of 34"), as an agent is told: pasted alone it may
 * lack its imports; its source opens the block whole.
 */
import { make } from "./dom.js";

/* The copy button's work: the code to the clipboard, or selected where the page may not write to it. */
function copier(copy, code, text) {
  const said = (word) => {
    copy.textContent = word;
    setTimeout(() => { copy.textContent = "Copy"; }, 2000);
  };
  const select = () => {
    const range = document.createRange();
    range.selectNodeContents(code);
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    said("Selected");
  };
  return async () => {
    if (!navigator.clipboard || !navigator.clipboard.writeText) {
      select();
      return;
    }
    try {
      await navigator.clipboard.writeText(text);
    } catch (ignored) {
      select();
      return;
    }
    said("Copied");
  };
}

/* entry: {text, language, run?: [first, last, of]}; sources: the element that names its citations, or null. */
export function codeFigure(entry, sources) {
  const text = String(entry.text || "");
  const language = String(entry.language || "");
  const figure = make("figure", "docent-code");
  const head = make("figcaption", "docent-code-head");
  head.appendChild(make("span", "docent-code-language", language || "code"));
  if (Array.isArray(entry.run) && entry.run.length === 3) {
    const [first, last, of] = entry.run.map(Number);
    head.appendChild(make("span", "docent-code-run", first === last ? `line ${first} of ${of}` : `lines ${first}–${last} of ${of}`));
  }
  const copy = make("button", "docent-code-copy", "Copy");
  copy.type = "button";
  copy.setAttribute("aria-label", `Copy the ${language ? language + " " : ""}code`);
  head.appendChild(copy);
  figure.appendChild(head);
  const pre = make("pre", "docent-pre");
  pre.tabIndex = 0; // a box that scrolls is reached by the keyboard too
  const code = make("code", null, text);
  pre.appendChild(code);
  figure.appendChild(pre);
  copy.addEventListener("click", copier(copy, code, text));
  if (sources) figure.appendChild(sources);
  return figure;
}
