/*
 * What the gate held back from an answer: one quiet line at the answer's foot that says how many sentences and
 * why, opened for each reason. It stays the answer's last line, and a new question starts a new one.
 */
import { make } from "./dom.js";

/* "it spoke as ..." said of several sentences. */
const plural = (why) => why.replace(/^it /, "they ").replace(/^(they) (shares|cites|carried|names|named) /,
  (all, they, verb) => `${they} ${{ shares: "share", cites: "cite" }[verb] || verb} `);

/* The line's summary: how many were held back, and why where they share one reason. */
function summary(whys) {
  const count = whys.length, why = whys[count - 1];
  if (count === 1) return `1 sentence held back: ${why}`;
  const distinct = whys.filter((text, i) => whys.indexOf(text) === i);
  return `${count} sentences held back: ${distinct.length === 1 ? plural(why) : "they did not pass the site's checks."}`;
}

function reasons(whys) {
  const one = whys.length === 1;
  const list = make("ul");
  list.appendChild(make("li", null, "The guide checks each sentence against the site before you see it; " +
    (one ? "this one" : "these") + " did not pass, so " + (one ? "it was" : "they were") + " left out."));
  for (const why of whys) list.appendChild(make("li", null, why));
  return list;
}

export class Held {
  /* log: the transcript's element, where the line goes. */
  constructor(log) {
    this.log = log;
    this.node = null; // this answer's held-back line
    this.whys = [];
  }

  /* The answer is over: what is held back next goes in a new line. */
  end() {
    this.node = null;
    this.whys = [];
  }

  /* A held-back entry: its reason added to the answer's line; the line. */
  add(entry) {
    const message = String(entry.message || "A sentence was held back: it did not pass the site's checks.");
    if (!this.node || !this.node.parentNode) {
      this.node = make("details", "docent-held");
      this.whys = [];
      this.log.appendChild(this.node);
      this.node.addEventListener("toggle", (event) => {
        if (event.target.open) event.target.scrollIntoView({ block: "nearest" }); // opened at the log's foot: show it
      });
    }
    const node = this.node, open = node.open;
    this.whys.push(message.replace(/^A sentence was held back:\s*/, ""));
    while (node.firstChild) node.removeChild(node.firstChild);
    node.appendChild(make("summary", null, summary(this.whys)));
    node.appendChild(reasons(this.whys));
    node.open = open;
    return node;
  }

  /* The held-back line stays the answer's last. */
  keepLast() {
    if (this.node && this.node.parentNode === this.log) this.log.appendChild(this.node);
  }
}
