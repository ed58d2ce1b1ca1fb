/*
 * The transcript as the visitor reads it. Everything the model or the network wrote goes in
 * as text (textContent), never as HTML; every link is built here from a site path and checked
 * to stay on the site's origin. The lines that stand alone (a question, an action, a card) are
 * cards.js's; the record's code is code.js's; a sentence's inline marks are marks.js's.
 *
 * Entries (kept in sessionStorage): {kind: "question"|"sentence"|"code"|"held"|"refused"|"error"|
 * "info"|"action"|"offer"|"card", ...}. An answer is one block of paragraphs, lists and code: a
 * sentence continues the paragraph or list item before it, starts a new paragraph when it began a
 * new line (`line`), or a list item (`item`: {number}), or is a table's row (`row`: {cells: [[start, end]],
 * header}: a header row starts a new table, as does a row after anything else), or is a heading the model wrote
 * (`heading`: an h3, under the panel's own h2, never breaking the host page's outline; what follows starts anew).
 * A citation names its page and section;
 * consecutive sentences citing the same sections show it once, after the last of them. What the
 * gate held back is one quiet, expandable line per answer (held.js).
 */
import { build, hidden, linkTo } from "./cards.js";
import { citedHref, quotesOf } from "./cited.js";
import { codeFigure } from "./code.js";
import { make } from "./dom.js";
import { Held } from "./held.js";
import { marked } from "./marks.js";

export class Transcript {
  /* log: the element the entries go in; hooks: {pick(index, option), confirm(index, approved), offer(index)}. */
  constructor(log, site, hooks) {
    this.log = log;
    this.site = site;
    this.hooks = hooks;
    this.nodes = [];
    this.held = new Held(log);
    this.restart();
  }

  /* The next sentence or code starts a new answer block. */
  restart() {
    this.paragraph = null; // the answer being shown: its sentences and code go in it
    this.block = null;     // where the next sentence that continues goes: a paragraph or a list item
    this.last = null;      // the block's last sentence: {node, key} of its citations
    this.table = null;     // the table the next row goes in, while rows follow each other
  }

  render(entries) {
    while (this.log.firstChild) this.log.removeChild(this.log.firstChild);
    this.nodes = [];
    this.restart();
    this.held.end();
    entries.forEach((entry, index) => this.append(entry, index));
  }

  append(entry, index) {
    if (entry.kind === "sentence" || entry.kind === "code") {
      this.nodes[index] = this.answer(entry);
    } else if (entry.kind === "held") {
      this.nodes[index] = this.held.add(entry);
    } else {
      if (entry.kind === "question") {
        this.held.end();
        // A new answer is the one the peek speaks of: the citation followed before it no longer is.
        for (const each of this.log.querySelectorAll("[data-docent-pressed]")) each.removeAttribute("data-docent-pressed");
      }
      this.restart();
      this.nodes[index] = this.log.appendChild(build(entry, index, this.site, this.hooks));
      this.held.keepLast();
    }
    return this.nodes[index];
  }

  /* A sentence or code of the answer, in the answer's block. */
  answer(entry) {
    if (!this.paragraph) {
      this.paragraph = make("div", "docent-answer");
      this.paragraph.appendChild(hidden("Guide: "));
      this.log.appendChild(this.paragraph);
      this.block = null;
      this.held.keepLast();
    }
    if (entry.row && typeof entry.row === "object") return this.row(entry);
    this.table = null;
    if (entry.kind === "code") {
      const node = codeFigure(entry, this.sources(this.live(entry.cites)));
      this.paragraph.appendChild(node);
      this.block = null;
      this.last = null;
      return node;
    }
    if (entry.heading === true) return this.heading(entry);
    const node = this.sentence(entry);
    this.place(entry).appendChild(node);
    this.fold(node);
    return node;
  }

  /* A table's row, its cells as text with their inline marks; the table scrolls sideways inside the panel. */
  row(entry) {
    const text = String(entry.text || "");
    const header = entry.row.header === true;
    if (!this.table || header) {
      const scroller = make("div", "docent-table");
      scroller.tabIndex = 0; // a box that scrolls is reached by the keyboard too
      this.table = make("table");
      this.table.appendChild(make("thead"));
      this.table.appendChild(make("tbody"));
      scroller.appendChild(this.table);
      this.paragraph.appendChild(scroller);
      this.block = null;
      this.last = null;
    }
    const tr = make("tr");
    const spans = Array.isArray(entry.spans) ? entry.spans : [];
    for (const [start, end] of Array.isArray(entry.row.cells) ? entry.row.cells : []) {
      const inside = spans.filter((span) => Array.isArray(span) && span[1] >= start && span[2] <= end)
        .map((span) => [span[0], span[1] - start, span[2] - start]);
      const cell = make(header ? "th" : "td");
      cell.appendChild(marked(text.slice(start, end), inside));
      tr.appendChild(cell);
    }
    const cites = this.live(entry.cites);
    tr.setAttribute("data-cites", cites.map((cite) => String(cite && cite.id)).join(" "));
    const sources = this.sources(cites);
    if (sources && tr.lastChild) tr.lastChild.appendChild(sources);
    this.table.children[header ? 0 : 1].appendChild(tr);
    if (!header) this.fold(tr);
    return tr;
  }

  /* A heading the model wrote ("## Install", a bold line alone): a heading element of its own, its bold a heading's.
     Its sources go on a line after it, outside the h3, so that the heading is named by its words alone. */
  heading(entry) {
    const whole = (span) => Array.isArray(span) && span[0] === "strong" && span[1] === 0 && span[2] === String(entry.text || "").length;
    const heading = make("h3", "docent-heading");
    const words = this.sentence({ ...entry, spans: (Array.isArray(entry.spans) ? entry.spans : []).filter((span) => !whole(span)) });
    const sources = words.querySelector(".docent-cites");
    heading.appendChild(words);
    this.paragraph.appendChild(heading);
    if (sources) {
      sources.classList.add("docent-heading-cites");
      this.paragraph.appendChild(sources);
    }
    this.block = null;
    this.last = null;
    return heading;
  }

  /* The element a sentence goes in: a new list item, a new paragraph, or the block it continues. */
  place(entry) {
    const item = entry.item && typeof entry.item === "object" ? entry.item : null;
    if (item) {
      const numbered = typeof item.number === "number";
      let list = this.block && this.block.parentNode;
      if (!list || list.tagName !== (numbered ? "OL" : "UL") || list.parentNode !== this.paragraph) {
        list = make(numbered ? "ol" : "ul", "docent-list");
        if (numbered && item.number !== 1) list.setAttribute("start", String(item.number));
        this.paragraph.appendChild(list);
      }
      this.block = make("li");
      list.appendChild(this.block);
      this.last = null;
      return this.block;
    }
    if (!this.block || (entry.line && (this.block.tagName === "LI" || this.block.childNodes.length))) {
      this.block = make("p", "docent-paragraph");
      this.paragraph.appendChild(this.block);
      this.last = null;
    }
    return this.block;
  }

  /* The citations still in this build: a transcript restored after the site was rebuilt drops the gone. */
  live(cites) {
    return (Array.isArray(cites) ? cites : []).filter((cite) => this.site.citation(cite) !== "gone");
  }

  /* The citations' list after a sentence or code, or null where there are none. */
  sources(cites) {
    if (!cites.length) return null;
    const list = make("span", "docent-cites");
    list.appendChild(hidden(" Sources: "));
    for (const cite of cites) list.appendChild(this.cite(cite));
    return list;
  }

  /* Redraws one entry in place after it changed (an action carried out, a card answered). */
  update(entry, index) {
    const old = this.nodes[index];
    if (!old || !old.parentNode || entry.kind === "sentence" || entry.kind === "code" || entry.kind === "held") return;
    const node = build(entry, index, this.site, this.hooks);
    old.parentNode.replaceChild(node, old);
    this.nodes[index] = node;
  }

  sentence(entry) {
    const span = make("span", "docent-sentence");
    span.appendChild(marked(String(entry.text || ""), entry.spans));
    const cites = this.live(entry.cites);
    span.setAttribute("data-cites", cites.map((cite) => String(cite && cite.id)).join(" "));
    const sources = this.sources(cites);
    if (sources) span.appendChild(sources);
    span.appendChild(document.createTextNode(" "));
    return span;
  }

  /* A sentence citing what the one before it cited: the citation moves to the end of the run, and opens at each
     sentence's quote of its section, the run's first first (cited.js). */
  fold(sentence) {
    const key = sentence.getAttribute("data-cites");
    const before = this.last;
    this.last = { node: sentence, key };
    if (!key || !before || before.key !== key) return;
    const list = before.node.querySelector(".docent-cites");
    if (!list) return;
    const earlier = list.querySelectorAll("a.docent-cite");
    sentence.querySelectorAll(".docent-cites a.docent-cite").forEach((link, i) => run(earlier[i], link));
    list.parentNode.removeChild(list);
  }

  /* A citation as "Page · Section": the section's own title, and the page it is on, from the manifest. */
  cite(cite) {
    const title = String(cite && (cite.title || cite.id) || "");
    const path = cite ? String(cite.path || "") : "";
    const url = cite ? this.site.url(path) : null;
    const page = url ? this.site.pageAt(path) : null;
    // A page another shares a title with by its name ("Basic (Kubernetes)"): `named` where the manifest sets it.
    const name = page ? String(page.named || page.label || "") : "";
    const label = !name || name === title ? title : page.label === title ? name : `${name} \u00b7 ${title}`;
    const link = linkTo(url, "docent-cite", label);
    const quote = cite && typeof cite.quote === "string" ? cite.quote : "";
    if (url && quote && this.site.citation(cite) === "same") { // the line, where the section is as it was cited
      link.href = citedHref(url, quote);
      link.setAttribute("data-docent-quote", quote);
    }
    if (this.site.citation(cite) !== "changed") return link;
    const pinned = make("span", "docent-cite-pinned");
    pinned.appendChild(link);
    pinned.appendChild(make("span", "docent-changed", "changed since this answer"));
    return pinned;
  }
}

/* The link of a sentence's citation, made to open at the quotes of the sentences before it that cite the same section
   too (earlier: the link their folded citation had), then its own. */
function run(earlier, link) {
  const own = quotesOf(link), quotes = [...new Set([...quotesOf(earlier), ...own])];
  if (!own.length || quotes.length === own.length) return;
  link.setAttribute("data-docent-quote", quotes[0]);
  link.setAttribute("data-docent-more", JSON.stringify(quotes.slice(1)));
  link.href = citedHref(new URL(link.href.split(":~:")[0]), quotes[0], quotes.slice(1));
}
