/*
 * The peek: what the floating panel keeps of the answer while it has shrunk out of the way of what the guide shows
 * (float.js's makeRoom and makeWay). A phone's sheet cannot leave a ringed part and the answer both in sight at full
 * size: shrunk to its header, the answer was a tap away and out of sight. Shrunk for the guide, the panel keeps two
 * lines of the answer under its header, the latest answer's first cited sentence (or that of the answer whose
 * citation the visitor followed), and a "Read the answer" button (a tap on the lines does the same) that brings the
 * whole panel back. Its height is fixed from the moment it shows, so the part the guide scrolled into view above it
 * stays clear as the answer goes on. Shrunk by the visitor (the header's ▾), the panel is its header alone, as they
 * asked.
 */
import { make } from "./dom.js";
import { button } from "./view.js";

const flat = (text) => String(text || "").replace(/\s+/g, " ").trim();

/* A sentence's own words: without its citations' chips and the words only a screen reader hears. */
function words(sentence) {
  const copy = sentence.cloneNode(true);
  for (const extra of copy.querySelectorAll(".docent-cites, .docent-visually-hidden")) extra.remove();
  return flat(copy.textContent);
}

/* What the peek says of the answer whose citation the visitor followed (view.js's pressed), else of the latest answer:
   its first sentence that cites and leads into nothing (no colon at its end), else its first that cites, else its
   first sentence, else its first code block's first line (an answer that is code alone peeked blank), else its
   refusal or error; "" while it has said nothing yet. An answer is what came after its question, up to the next.
   Followed from an earlier answer, the peek spoke of the latest one (a refusal, "The site does not say", beside the
   line the earlier answer cited). */
export function firstSaid(log) {
  const pressed = log.querySelector("a.docent-cite[data-docent-pressed]");
  const questions = [...log.querySelectorAll(":scope > .docent-question")]
    .filter((question) => !pressed || question.compareDocumentPosition(pressed) & Node.DOCUMENT_POSITION_FOLLOWING);
  const last = questions.length ? questions[questions.length - 1] : null;
  const after = [];
  for (let node = last ? last.nextElementSibling : log.firstElementChild; node && !node.matches(".docent-question");
       node = node.nextElementSibling) {
    after.push(node);
  }
  const sentences = after.flatMap((node) => [...node.querySelectorAll(".docent-sentence")]);
  // A lead-in ending in a colon ("These options in conjunction mean:") says nothing alone: the sentence after it does.
  const cites = sentences.filter((sentence) => sentence.getAttribute("data-cites"));
  const said = cites.find((sentence) => !words(sentence).endsWith(":")) || cites[0] || sentences[0];
  if (said) return words(said);
  const code = after.flatMap((node) => [...node.querySelectorAll(".docent-pre")])[0];
  const first = code ? code.textContent.split("\n").find((line) => line.trim()) : "";
  if (first) return flat(first);
  const line = after.find((node) => node.matches(".docent-refused, .docent-error"));
  return line ? flat(line.textContent) : "";
}

export class Peek {
  /* log: the transcript it reads; open(event): brings the whole panel back. */
  constructor(log, open) {
    this.log = log;
    this.element = make("div", "docent-peek");
    this.element.hidden = true;
    this.text = make("p", "docent-peek-text");
    this.text.addEventListener("click", (event) => open(event)); // the lines are part of the peek's one tap
    this.openButton = button("docent-button docent-peek-open", "Read the answer");
    this.openButton.addEventListener("click", (event) => open(event));
    this.element.appendChild(this.text);
    this.element.appendChild(this.openButton);
    // The answer goes on while the panel is shrunk: the peek follows its first line, watching the log only while it
    // shows (whole, the panel's log streams token by token with no peek to keep).
    this.watch = window.MutationObserver ? new window.MutationObserver(() => this.read()) : null;
  }

  read() {
    const said = firstSaid(this.log);
    if (this.text.textContent !== said) this.text.textContent = said;
  }

  show(shown) {
    if (shown) this.read();
    this.element.hidden = !shown;
    if (!this.watch) return;
    if (shown) this.watch.observe(this.log, { childList: true, subtree: true, characterData: true });
    else this.watch.disconnect();
  }
}
