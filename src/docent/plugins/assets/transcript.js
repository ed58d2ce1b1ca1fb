/*
 * The transcript as the visitor reads it. Everything the model or the network wrote goes in
 * as text (textContent), never as HTML; every link is built here from a site path and checked
 * to stay on the site's origin. Seed 004's cards keep its exact attributes:
 * <ul data-assisted-links>, <div data-assisted-choices>, <div data-assisted-confirm>.
 *
 * Entries (kept in sessionStorage): {kind: "question"|"sentence"|"code"|"held"|"refused"|"error"|
 * "info"|"action"|"offer"|"card", ...}. An answer is one block of paragraphs, lists and code: a
 * sentence continues the paragraph or list item before it, starts a new paragraph when it began a
 * new line (`line`), or a list item (`item`: {number}); its inline marks (`spans`: code, strong,
 * em) are elements holding text. A code entry is the record's own lines, shown as written, with its
 * language and a copy button. A citation names its page and section; consecutive sentences citing
 * the same sections show it once, after the last of them. What the gate held back is one quiet,
 * expandable line per answer.
 */
import { citedHref } from "./cited.js";
import { make } from "./dom.js";

function hidden(text) {
  return make("span", "docent-visually-hidden", text);
}

/* A link to a checked URL, or the bare text where there is none. */
function linkTo(url, className, text) {
  var element = make(url ? "a" : "span", className, text);
  if (url) element.href = url.href;
  return element;
}

/* log: the element the entries go in; hooks: {pick(index, option), confirm(index, approved), offer(index)}. */
export function Transcript(log, site, hooks) {
  this.log = log;
  this.site = site;
  this.hooks = hooks;
  this.nodes = [];
  this.paragraph = null; // the answer's block: paragraphs, lists and code go in it
  this.block = null;     // where the next sentence that continues goes: a paragraph or a list item
  this.last = null;      // the block's last sentence: {node, key} of its citations
  this.held = null;      // this answer's held-back line: {node, whys}
}

Transcript.prototype.render = function (entries) {
  while (this.log.firstChild) this.log.removeChild(this.log.firstChild);
  this.nodes = [];
  this.paragraph = null;
  this.block = null;
  this.last = null;
  this.held = null;
  for (var i = 0; i < entries.length; i++) this.append(entries[i], i);
};

Transcript.prototype.append = function (entry, index) {
  if (entry.kind === "sentence" || entry.kind === "code") {
    if (!this.paragraph) {
      this.paragraph = make("div", "docent-answer");
      this.paragraph.appendChild(hidden("Guide: "));
      this.log.appendChild(this.paragraph);
      this.block = null;
      this.heldLast();
    }
    var node = entry.kind === "code" ? this.code(entry) : this.sentence(entry);
    if (entry.kind === "code") {
      this.paragraph.appendChild(node);
      this.block = null;
      this.last = null;
    } else {
      this.place(entry).appendChild(node);
      this.fold(node);
    }
    this.nodes[index] = node;
    return node;
  }
  if (entry.kind === "held") {
    this.nodes[index] = this.holdBack(entry);
    return this.nodes[index];
  }
  if (entry.kind === "question") this.held = null;
  this.paragraph = null;
  this.block = null;
  this.last = null;
  var built = this.build(entry, index);
  this.log.appendChild(built);
  this.nodes[index] = built;
  this.heldLast();
  return built;
};

/* The element a sentence goes in: a new list item, a new paragraph, or the block it continues. */
Transcript.prototype.place = function (entry) {
  var item = entry.item && typeof entry.item === "object" ? entry.item : null;
  if (item) {
    var numbered = typeof item.number === "number";
    var list = this.block && this.block.parentNode;
    var tag = numbered ? "OL" : "UL";
    if (!list || list.tagName !== tag || list.parentNode !== this.paragraph) {
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
};

/* A sentence's text with its inline marks as elements: spans are [kind, start, end], nested or apart. */
function marked(text, spans) {
  var runs = (Array.isArray(spans) ? spans : []).filter(function (span) {
    return Array.isArray(span) && KINDS[span[0]] && span[1] >= 0 && span[1] < span[2] && span[2] <= text.length;
  }).sort(function (a, b) { return a[1] - b[1] || b[2] - a[2]; });
  var holder = make("span", "docent-text");
  fill(holder, text, runs, 0, text.length);
  return holder;
}

var KINDS = { code: ["code", "docent-code-inline"], strong: ["strong", null], em: ["em", null] };

function fill(parent, text, runs, from, to) {
  var at = from;
  while (runs.length && runs[0][1] < to) {
    var run = runs.shift();
    if (run[1] < at || run[2] > to) continue; // overlapping marks: the text stays, the mark goes
    if (run[1] > at) parent.appendChild(document.createTextNode(text.slice(at, run[1])));
    var kind = KINDS[run[0]];
    var element = make(kind[0], kind[1]);
    if (run[0] === "code") element.textContent = text.slice(run[1], run[2]);
    else fill(element, text, runs, run[1], run[2]);
    parent.appendChild(element);
    at = run[2];
  }
  if (at < to) parent.appendChild(document.createTextNode(text.slice(at, to)));
}

/* The record's code, as written: its language, a copy button, the lines in a box that scrolls. */
Transcript.prototype.code = function (entry) {
  var text = String(entry.text || "");
  var language = String(entry.language || "");
  var figure = make("figure", "docent-code");
  var head = make("figcaption", "docent-code-head");
  head.appendChild(make("span", "docent-code-language", language || "code"));
  var copy = make("button", "docent-code-copy", "Copy");
  copy.type = "button";
  copy.setAttribute("aria-label", "Copy the " + (language ? language + " " : "") + "code");
  head.appendChild(copy);
  figure.appendChild(head);
  var pre = make("pre", "docent-pre");
  pre.tabIndex = 0; // a box that scrolls is reached by the keyboard too
  var code = make("code", null, text);
  pre.appendChild(code);
  figure.appendChild(pre);
  copy.addEventListener("click", function () {
    var done = function (word) { copy.textContent = word; setTimeout(function () { copy.textContent = "Copy"; }, 2000); };
    var select = function () {
      var range = document.createRange();
      range.selectNodeContents(code);
      var selection = window.getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
      done("Selected");
    };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(function () { done("Copied"); }, select);
    } else {
      select();
    }
  });
  var cites = this.live(entry.cites);
  if (cites.length) {
    var list = make("span", "docent-cites");
    list.appendChild(hidden(" Sources: "));
    for (var i = 0; i < cites.length; i++) list.appendChild(this.cite(cites[i]));
    figure.appendChild(list);
  }
  return figure;
};

/* The citations still in this build: a transcript restored after the site was rebuilt drops the gone. */
Transcript.prototype.live = function (cites) {
  var site = this.site;
  return (Array.isArray(cites) ? cites : []).filter(function (cite) {
    return site.citation(cite) !== "gone";
  });
};

/* Redraws one entry in place after it changed (an action carried out, a card answered). */
Transcript.prototype.update = function (entry, index) {
  var old = this.nodes[index];
  if (!old || !old.parentNode || entry.kind === "sentence" || entry.kind === "code" || entry.kind === "held") return;
  var node = this.build(entry, index);
  old.parentNode.replaceChild(node, old);
  this.nodes[index] = node;
};

Transcript.prototype.sentence = function (entry) {
  var span = make("span", "docent-sentence");
  span.appendChild(marked(String(entry.text || ""), entry.spans));
  var cites = this.live(entry.cites);
  span.setAttribute("data-cites", cites.map(function (cite) { return String(cite && cite.id); }).join(" "));
  if (cites.length) {
    var list = make("span", "docent-cites");
    list.appendChild(hidden(" Sources: "));
    for (var i = 0; i < cites.length; i++) list.appendChild(this.cite(cites[i]));
    span.appendChild(list);
  }
  span.appendChild(document.createTextNode(" "));
  return span;
};

/* A sentence citing what the one before it cited: the citation moves to the end of the run. */
Transcript.prototype.fold = function (sentence) {
  var key = sentence.getAttribute("data-cites");
  var before = this.last;
  this.last = { node: sentence, key: key };
  if (!key || !before || before.key !== key) return;
  var list = before.node.querySelector(".docent-cites");
  if (list) list.parentNode.removeChild(list);
};

/* A citation as "Page · Section": the section's own title, and the page it is on, from the manifest. */
Transcript.prototype.cite = function (cite) {
  var title = String(cite && (cite.title || cite.id) || "");
  var path = cite ? String(cite.path || "") : "";
  var url = cite ? this.site.url(path) : null;
  var page = url ? this.site.pageAt(path) : null;
  var label = page && page.label && page.label !== title ? page.label + " \u00b7 " + title : title;
  var link = linkTo(url, "docent-cite", label);
  var quote = cite && typeof cite.quote === "string" ? cite.quote : "";
  if (url && quote && this.site.citation(cite) === "same") { // the line, where the section is as it was cited
    link.href = citedHref(url, quote);
    link.setAttribute("data-docent-quote", quote);
  }
  if (this.site.citation(cite) !== "changed") return link;
  var pinned = make("span", "docent-cite-pinned");
  pinned.appendChild(link);
  pinned.appendChild(make("span", "docent-changed", "changed since this answer"));
  return pinned;
};

/* What the gate held back from this answer: one quiet line that says how many and why, opened for each. */
Transcript.prototype.holdBack = function (entry) {
  var message = String(entry.message || "A sentence was held back: it did not pass the site's checks.");
  var why = message.replace(/^A sentence was held back:\s*/, "");
  if (!this.held || !this.held.node.parentNode) {
    this.held = { node: make("details", "docent-held"), whys: [] };
    this.log.appendChild(this.held.node);
    this.held.node.addEventListener("toggle", function (event) {
      if (event.target.open) event.target.scrollIntoView({ block: "nearest" }); // opened at the log's foot: show it
    });
  }
  var held = this.held, node = held.node;
  held.whys.push(why);
  var open = node.open;
  while (node.firstChild) node.removeChild(node.firstChild);
  var count = held.whys.length;
  var distinct = held.whys.filter(function (text, i) { return held.whys.indexOf(text) === i; });
  var summary = count === 1 ? "1 sentence held back: " + why
    : count + " sentences held back: " + (distinct.length === 1 ? plural(why) : "they did not pass the site's checks.");
  node.appendChild(make("summary", null, summary));
  var list = make("ul");
  list.appendChild(make("li", null, "The guide checks each sentence against the site before you see it; " +
    (count === 1 ? "this one" : "these") + " did not pass, so " + (count === 1 ? "it was" : "they were") + " left out."));
  for (var i = 0; i < held.whys.length; i++) list.appendChild(make("li", null, held.whys[i]));
  node.appendChild(list);
  node.open = open;
  return node;
};

/* The held-back line stays the answer's last. */
Transcript.prototype.heldLast = function () {
  if (this.held && this.held.node.parentNode === this.log) this.log.appendChild(this.held.node);
};

/* "it spoke as ..." said of several sentences. */
function plural(why) {
  return why.replace(/^it /, "they ").replace(/^(they) (shares|cites|carried|names|named) /, function (all, they, verb) {
    return they + " " + ({ shares: "share", cites: "cite" }[verb] || verb) + " ";
  });
}

Transcript.prototype.build = function (entry, index) {
  switch (entry.kind) {
    case "question": {
      var box = make("div", "docent-question");
      box.appendChild(hidden("You asked: "));
      box.appendChild(make("p", null, entry.text));
      return box;
    }
    case "refused":
      return make("p", "docent-refused", entry.message || "The guide does not answer that.");
    case "error": {
      var error = make("p", "docent-error", entry.message || "Something went wrong.");
      error.setAttribute("role", "alert");
      return error;
    }
    case "action":
      return this.action(entry);
    case "offer":
      return this.offer(entry, index);
    case "card":
      return this.card(entry, index);
    default:
      return make("p", "docent-info", entry.text || "");
  }
};

Transcript.prototype.action = function (entry) {
  var note = make("p", "docent-action", entry.note || entry.label || entry.tool);
  note.setAttribute("data-tool", String(entry.tool || ""));
  note.setAttribute("data-status", String(entry.status || "queued"));
  return note;
};

Transcript.prototype.offer = function (entry, index) {
  var hooks = this.hooks;
  var box = make("p", "docent-offer");
  var button = make("button", "docent-button", entry.label || entry.id);
  button.type = "button";
  button.setAttribute("data-docent-offer", String(entry.id || ""));
  button.addEventListener("click", function () { hooks.offer(index); });
  // Never a bare button: a sentence says what it is, whatever the model wrote around it.
  var said = make("span", "docent-offer-said", "The guide offers this; nothing happens until you press it. ");
  box.appendChild(said);
  box.appendChild(button);
  return box;
};

Transcript.prototype.card = function (entry, index) {
  var card = entry.card || {};
  if (card.kind === "links") return this.links(card);
  if (card.kind === "choices") return this.choices(entry, card, index);
  if (card.kind === "confirm") return this.confirm(entry, card, index);
  return make("p", "docent-info", "");
};

/* A link card item's address: its path if the sidecar sent one, else the manifest's for its id. */
Transcript.prototype.linkPath = function (item) {
  if (typeof item.path === "string") return item.path;
  var target = this.site.find("pages", "id", item.to) || this.site.find("sections", "id", item.to);
  return target ? target.path : null;
};

Transcript.prototype.links = function (card) {
  var list = make("ul", "docent-links");
  list.setAttribute("data-assisted-links", "");
  var items = Array.isArray(card.items) ? card.items : [];
  for (var i = 0; i < items.length; i++) {
    var item = items[i] || {};
    var row = make("li");
    var url = this.site.url(this.linkPath(item));
    row.appendChild(linkTo(url, null, item.title || item.to));
    if (item.gist) row.appendChild(make("p", null, item.gist));
    list.appendChild(row);
  }
  return list;
};

Transcript.prototype.choices = function (entry, card, index) {
  var hooks = this.hooks;
  var box = make("div", "docent-choices");
  box.setAttribute("data-assisted-choices", "");
  box.appendChild(make("p", null, card.question || ""));
  var options = Array.isArray(card.options) ? card.options : [];
  options.forEach(function (option) {
    var button = make("button", "docent-button", option);
    button.type = "button";
    if (entry.picked != null || entry.closed) button.disabled = true;
    if (entry.picked === option) button.setAttribute("data-picked", "");
    button.addEventListener("click", function () { hooks.pick(index, String(option)); });
    box.appendChild(button);
  });
  return box;
};

Transcript.prototype.confirm = function (entry, card, index) {
  var hooks = this.hooks;
  var what = card.label || card.name || "this";
  if (entry.approved != null || entry.closed) {
    var words = entry.approved === true ? "You approved: " : entry.approved === false ? "You declined: " : "Not answered: ";
    return make("p", "docent-action", words + what);
  }
  var box = make("div", "docent-confirm");
  box.setAttribute("data-assisted-confirm", "");
  box.appendChild(make("p", null, what));
  [["approve", "Approve", true], ["deny", "Deny", false]].forEach(function (answer) {
    var button = make("button", "docent-button", answer[1]);
    button.type = "button";
    button.setAttribute("data-answer", answer[0]);
    button.addEventListener("click", function () { hooks.confirm(index, answer[2]); });
    box.appendChild(button);
  });
  return box;
};
