/*
 * The panel's controller: one per tab's page life, bound again to each page. It opens the
 * conversation (status, proof of work, token), sends a turn (a question, or a reply to a card)
 * and shows what streams back, and carries out the answer's actions in order.
 *
 * A question's answer: sentences are shown as they stream; actions are carried out in order as
 * they come. An action that leaves the page (show_page, a tour's step elsewhere) waits for the
 * answer's end ("done"): cutting the stream would lose the answer, which the server keeps only
 * when it ends well. The actions after it are stored and carried out on the next page.
 */
import { Actions } from "./actions.js";
import { Cited } from "./cited.js";
import { Guide, GuideError } from "./guide.js";
import { Screen } from "./screen.js";
import { Site } from "./site.js";
import { Store } from "./store.js";
import { Tour } from "./tour.js";
import { Transcript } from "./transcript.js";
import { PanelView } from "./view.js";

/* manifestData: the public manifest, or null when it could not be read; scriptSrc: panel.js's own URL;
   workerURL: the proof-of-work worker's URL (vetted under Trusted Types). */
export function Panel(manifestData, scriptSrc, workerURL) {
  var panel = this;
  this.workerURL = workerURL;
  this.manifestMissing = !manifestData;
  this.site = new Site(scriptSrc, manifestData || {});
  this.store = new Store("docent:" + this.site.root.pathname);
  this.guide = new Guide(this.site.api());
  this.screen = new Screen(this.site);
  this.actions = new Actions(this.site, function (element, ms) {
    if (panel.view) panel.view.makeRoom(element, ms);
  });
  this.cited = new Cited(this.store, function (target) {
    if (panel.view) panel.view.makeRoom(target);
  });
  this.tour = new Tour(this.site, this.store, {
    panelOpen: function () { return Boolean(panel.view && panel.view.mode === "float" && panel.view.isOpen()); },
    ended: function (left, reopen) { panel.tourEnded(reopen); }
  });
  this.reachable = true;   // the guide's API answered as Docent's, and is not switched off (check)
  this.switchedOff = false;
  this.says = {}; // the guide's words about itself, as its status reply gives them
  this.view = null;
  this.transcript = null;
  this.preparing = null;
  this.busy = false;
  this.streaming = false;
  this.chain = Promise.resolve();
  this.leaving = null;     // the address to open once the answer has ended
  this.tourAfter = null;   // a tour to start once the answer has ended
  this.leavingEntry = null; // the action line that says the page is opening: {index, note once opened}
  this.deferred = [];      // actions for the next page
}

var CHECKED_FOR_MS = 5 * 60 * 1000; // a tab's pages trust one check for this long

/* Whether the guide's API answers as Docent's; without it the button stays away and the console
   says why, for the owner. A tab remembers a good answer a while, so its next pages cost no request. */
Panel.prototype.check = function () {
  var panel = this, base = this.guide.base, checked = this.store.get("checked");
  if (this.manifestMissing) return Promise.resolve(true); // the panel says so when opened
  if (checked && checked.base === base && Date.now() - checked.at < CHECKED_FOR_MS) return Promise.resolve(true);
  return this.guide.status().then(function (status) {
    if (!status || typeof status.on !== "boolean") throw new Error("answered, but not as Docent's guide (its JSON has no `on`)");
    if (!status.on && status.why === "switched_off") {
      // Switched off by its owner: no button to press for nothing (the assistant page's own panel says why).
      panel.reachable = false;
      panel.switchedOff = true;
      panel.says = status.says || {};
      if (window.console) console.info("Docent: the guide's button is hidden: the guide is switched off " +
        "(docent serve --enable, or DOCENT_ENABLED=1, turns it on).");
      return false;
    }
    panel.store.set("checked", { base: base, at: Date.now() });
    return true;
  }).catch(function (error) {
    // A busy or troubled guide still answers as Docent's (its own error, in JSON): the button stays.
    if (error instanceof GuideError && error.code && (error.status === 429 || error.status >= 500)) return true;
    var why = error instanceof GuideError
      ? (error.status ? "answered " + error.status : "could not be reached")
      : (error instanceof SyntaxError ? "answered, but not with JSON" : error.message);
    panel.reachable = false;
    if (window.console) {
      console.warn("Docent: the guide's button is hidden: GET " + base + " " + why + ". Run the sidecar " +
        "(docent serve) at that address, or set the docent plugin's sidecar_url to where it runs.");
    }
    return false;
  });
};

/* Builds the panel for the page now shown (again after an instant page swap). */
Panel.prototype.bind = function () {
  var mount = document.getElementById("docent-panel");
  var wantFull = Boolean(mount);
  var view = this.view;
  if (view && (!document.body.contains(view.panel) || (view.mode === "full") !== wantFull)) {
    view.destroy();
    this.view = view = null;
  }
  if (!wantFull && !this.reachable) return; // no guide to ask: no button (check said why)
  if (!view) {
    this.view = view = new PanelView(wantFull ? "full" : "float", mount, this.hooks(), this.site.manifest.site_name,
                                            this.site.list("suggestions"), this.site.manifest.kind);
    this.transcript = new Transcript(view.log, this.site, this.cardHooks());
    var cited = this.cited;
    view.panel.addEventListener("click", function (event) { cited.follow(event); });
    this.transcript.render(this.store.get("transcript"));
    view.setEmpty(!this.store.get("transcript").length);
    view.setReady(!this.busy && Boolean(this.store.get("token")));
  }
  if (wantFull || this.store.get("open")) view.open(!wantFull);
  var panel = this;
  setTimeout(function () { // after the page's own scripts (experiments) have bound
    panel.runPending();
    panel.tour.resume();
    panel.cited.resume();
  }, 0);
};

Panel.prototype.hooks = function () {
  var panel = this;
  return {
    submit: function (text) { return panel.ask(text); },
    opened: function () {
      if (panel.view.mode === "float") panel.store.set("open", true);
      panel.prepare();
    },
    closed: function () { panel.store.set("open", false); },
    forget: function () { panel.forget(); }
  };
};

Panel.prototype.cardHooks = function () {
  var panel = this;
  return {
    pick: function (index, option) { panel.pick(index, option); },
    confirm: function (index, approved) { panel.confirm(index, approved); },
    offer: function (index) { panel.follow(index); }
  };
};

/* ---- the conversation: status, proof of work, token ---- */

Panel.prototype.prepare = function () {
  var panel = this;
  if (this.preparing) return this.preparing;
  if (this.manifestMissing) {
    this.view.setStatus("The guide is not set up on this site: its manifest is missing.", "off");
    this.view.setOff(true);
    return Promise.reject(new Error("no manifest"));
  }
  if (!this.reachable) { // only the assistant page's own panel gets here (check found no guide, or it is off)
    this.view.setStatus(this.switchedOff ? offWords({ says: this.says }) :
      "The guide is not running on this site right now.", "off");
    this.view.setOff(true);
    var none = Promise.reject(new GuideError(0, "off", "off"));
    none.catch(function () {}); // said in the panel
    return none;
  }
  this.view.setStatus("Checking the guide…", "busy");
  this.preparing = this.guide.status().then(function (status) {
    if (!status || !status.on) {
      panel.view.setOff(true);
      panel.view.setStatus(offWords(status), "off");
      throw new GuideError(503, "off", "off");
    }
    panel.view.setOff(false);
    panel.says = status.says || {}; // the guide's words about itself, from its one home (sidecar/answer/policy.py)
    panel.offline = Boolean(status.offline);
    panel.degraded = Boolean(status.degraded); // the offline model stands in for the site's usual one
    panel.onDisk = status.on_disk === true; // the owner lets conversations be written to a disk
    return panel.store.get("token") || panel.solve();
  }).then(function (token) {
    panel.idle();
    return token;
  }, function (error) {
    panel.preparing = null; // the next opening tries again
    if (error.code !== "off") {
      panel.view.setProgress(null);
      panel.view.setStatus(error.message || "The guide can't be reached right now.", "error");
    }
    throw error;
  });
  this.preparing.catch(function () {}); // reported in the panel; keeps the console clean
  return this.preparing;
};

/* Why the guide is off, in a visitor's words (the status says it by a code). */
/* Why the guide is off, in the words the status reply gives (`says.off`), written in the sidecar only. */
function offWords(status) {
  var said = status && status.says && status.says.off;
  return said ? String(said) : "The guide is off right now.";
}

/* Asks for a challenge, solves it in the worker with progress shown, and opens a conversation. */
Panel.prototype.solve = function () {
  var panel = this, view = this.view;
  view.setReady(false);
  view.setStatus("Getting the guide ready…", "busy");
  view.setProgress(0);
  return this.guide.challenge().then(function (challenge) {
    return panel.work(challenge).then(function (number) {
      view.setStatus("Opening a conversation…", "busy");
      return panel.guide.open(Guide.proof(challenge, number));
    });
  }).then(function (opened) {
    var token = opened && (opened.conversation || opened.token);
    if (!token) throw new GuideError(0, "The guide did not open a conversation.", "conversation");
    panel.store.set("token", token);
    view.setProgress(null);
    return token;
  });
};

Panel.prototype.work = function (challenge) {
  var view = this.view, url = this.workerURL;
  return new Promise(function (resolve, reject) {
    var worker;
    try {
      worker = new Worker(url);
    } catch (error) {
      reject(new GuideError(0, "This page does not let the guide start its worker.", "worker"));
      return;
    }
    worker.onmessage = function (message) {
      var data = message.data || {};
      if (data.type === "progress") {
        var fraction = data.tried / data.max;
        view.setProgress(fraction);
        view.setStatus("Getting the guide ready… " + Math.round(fraction * 100) + "%", "busy");
      } else {
        worker.terminate();
        if (data.type === "solved") {
          view.setProgress(1);
          resolve(data.number);
        } else {
          reject(new GuideError(0, data.message || "The challenge could not be solved.", "challenge"));
        }
      }
    };
    worker.onerror = function () {
      worker.terminate();
      reject(new GuideError(0, "The guide's worker failed to start.", "worker"));
    };
    worker.postMessage(challenge);
  });
};

Panel.prototype.idle = function () {
  this.view.setProgress(null);
  this.view.setReady(!this.busy);
  var says = this.says || {};
  var said = (this.degraded ? says.degraded : this.offline ? says.offline : "") || "";
  if (this.onDisk && says.on_disk) said = (said ? said + " " : "") + says.on_disk;
  this.view.setStatus(said, "info");
};


Panel.prototype.forget = function () {
  var token = this.store.get("token");
  if (this.busy) return;
  if (token) this.guide.forget(token);
  this.store.forget();
  this.transcript.render([]);
  this.view.setEmpty(true);
  this.preparing = null;
  this.prepare();
};

/* ---- a turn: a question, or a reply to a card ---- */

Panel.prototype.ask = function (text) {
  if (this.busy) return false;
  this.closeCards();
  this.add({ kind: "question", text: text });
  this.turn({ question: text });
  return true;
};

Panel.prototype.pick = function (index, option) {
  var entry = this.store.get("transcript")[index];
  if (!entry || this.busy || entry.picked != null || entry.closed) return;
  entry.picked = option;
  this.changed(index);
  this.turn({ reply: { call: entry.card.call, pick: option } });
};

Panel.prototype.confirm = function (index, approved) {
  var entry = this.store.get("transcript")[index];
  if (!entry || this.busy || entry.approved != null || entry.closed) return;
  entry.approved = approved;
  this.changed(index);
  this.view.input.focus({ preventScroll: true }); // the card's buttons are gone
  this.turn({ reply: { call: entry.card.call, approved: approved } });
};

/* A card that waited on the visitor waits no more once they ask something else. */
Panel.prototype.closeCards = function () {
  var entries = this.store.get("transcript");
  for (var i = 0; i < entries.length; i++) {
    var entry = entries[i];
    if (entry.kind === "card" && (entry.card.kind === "choices" || entry.card.kind === "confirm") &&
        entry.picked == null && entry.approved == null && !entry.closed) {
      entry.closed = true;
      this.changed(i);
    }
  }
};

Panel.prototype.turn = function (body) {
  var panel = this, view = this.view;
  var ended = false, retried = false;
  this.busy = true;
  this.streaming = true;
  view.setReady(false);
  view.setStatus("The guide is answering…", "busy");
  function send(token) {
    var failed = panel.store.get("failed").slice();
    body.conversation = token;
    body.screen = panel.screen.read();
    body.failed = failed;
    return panel.guide.ask(body, function (name, data) {
      if (name === "done") ended = true;
      panel.receive(name, data);
    }, function () {
      panel.store.set("failed", panel.store.get("failed").slice(failed.length)); // reported once
    });
  }
  return this.prepare().then(function () {
    return panel.store.get("token") || panel.solve();
  }).then(function (token) {
    return send(token).catch(function (error) {
      var gone = error.status === 404 || error.status === 410 || error.code === "unknown_conversation" ||
                 error.code === "conversation_full";
      if (!gone || retried || !body.question) throw error;
      retried = true; // the conversation expired or was forgotten: a new one, said so
      panel.store.set("token", null);
      panel.add({ kind: "info", text: error.code === "conversation_full"
        ? "That conversation had all its questions; this question starts a new one, which does not remember it."
        : "The earlier conversation has ended; this question starts a new one." });
      return panel.solve().then(send);
    });
  }).then(function () {
    if (!ended) panel.add({ kind: "error", message: "The answer was cut short." });
  }, function (error) {
    if (error && error.code === "off") return;
    panel.add({ kind: "error", message: (error && error.message) || "Something went wrong." });
  }).then(function () {
    panel.streaming = false;
    return panel.settle();
  });
};

/* After the answer: carry out what waited for its end, then free the panel. */
Panel.prototype.settle = function () {
  var panel = this;
  this.chain = this.chain.then(function () {
    panel.busy = false;
    if (panel.leaving) return panel.leave();
    var tour = panel.tourAfter;
    panel.tourAfter = null;
    panel.idle();
    if (tour) panel.startTour(tour);
  });
  return this.chain;
};

/* Each citation with its section's hash in this build, so that a later build can tell what changed. */
Panel.prototype.pinned = function (cites) {
  var site = this.site;
  return (Array.isArray(cites) ? cites : []).map(function (cite) {
    var hash = cite && site.sectionHash(cite.id);
    if (!hash) return cite;
    var pinned = { id: cite.id, title: cite.title, path: cite.path, hash: hash };
    if (typeof cite.quote === "string" && cite.quote) pinned.quote = cite.quote;
    return pinned;
  });
};

Panel.prototype.receive = function (name, data) {
  switch (name) {
    case "sentence": {
      var sentence = { kind: "sentence", text: String(data.text || ""), cites: this.pinned(data.cites) };
      if (Array.isArray(data.spans) && data.spans.length) sentence.spans = data.spans;
      if (data.item && typeof data.item === "object") sentence.item = { number: typeof data.item.number === "number" ? data.item.number : null };
      if (data.line) sentence.line = true;
      this.add(sentence);
      break;
    }
    case "code":
      this.add({ kind: "code", text: String(data.text || ""), language: String(data.language || ""), cites: this.pinned(data.cites) });
      break;
    case "held":
    case "refused":
      this.add({ kind: name, reason: String(data.reason || ""), message: String(data.message || "") });
      break;
    case "error":
      this.add({ kind: "error", code: String(data.code || ""), message: String(data.message || "The guide failed to answer.") });
      break;
    case "card":
      this.add({ kind: "card", card: data });
      break;
    case "action":
      this.act(data);
      break;
    case "done":
      // The offline model answered for the site's usual one (its budget spent, or it is down): say so once idle.
      if (data && data.model === "offline" && !this.offline) this.degraded = true;
      break;
    default:
      break; // start, and events this panel does not know, show nothing
  }
};

/* ---- actions, in order ---- */

Panel.prototype.act = function (action) {
  if (action.tool === "offer") {
    var offer = this.actions.offer(action);
    if (offer.status === "offer") {
      this.add({ kind: "offer", id: String(action.id || ""), label: offer.label, url: offer.url });
    } else {
      this.store.fail({ tool: "offer", id: String(action.id || ""), reason: offer.reason });
    }
    return;
  }
  var index = this.add({ kind: "action", tool: String(action.tool || ""), id: String(action.id || ""),
                         label: String(action.label || ""), status: "queued", note: "…" });
  this.enqueue(index, action);
};

Panel.prototype.enqueue = function (index, action) {
  var panel = this;
  this.chain = this.chain.then(function () {
    return panel.execute(index, action);
  }).catch(function (error) {
    if (window.console) console.error("Docent action:", error);
  });
};

Panel.prototype.execute = function (index, action) {
  var panel = this, entry = this.store.get("transcript")[index];
  if (this.leaving) {
    this.deferred.push({ index: index, action: action });
    if (entry) { entry.note = "Next page: " + (action.label || action.tool) + "."; this.changed(index); }
    return null;
  }
  return this.actions.carry(action).then(function (result) {
    if (result.status === "navigate") {
      panel.leaving = result.url;
      if (result.then) panel.deferred.unshift({ index: index, action: result.then });  // done on the new page, first
      panel.leavingEntry = { index: index, note: result.done }; // past tense once the page is opened
    } else if (result.status === "tour") {
      if (panel.streaming) panel.tourAfter = result.tour;
      else panel.startTour(result.tour);
    } else if (result.status === "failed") {
      panel.store.fail({ tool: String(action.tool || ""), id: String(action.id || ""), reason: result.reason });
    }
    if (entry) {
      entry.status = result.status === "failed" ? "failed" : "done";
      entry.note = result.note;
      panel.changed(index);
    }
  });
};

/* Opens the next page; the actions still to come go with it. */
Panel.prototype.leave = function () {
  var url = this.leaving, entry = this.leavingEntry;
  this.leaving = null;
  this.leavingEntry = null;
  var shown = entry ? this.store.get("transcript")[entry.index] : null;
  if (shown && entry.note) { shown.note = entry.note; this.changed(entry.index); }
  this.store.set("pending", this.deferred);
  this.deferred = [];
  // Leaving the assistant page's own panel, the answer goes on in the floating panel, open on the next page.
  if (this.view && this.view.mode === "full") this.store.set("open", true);
  if (this.tourAfter) {
    this.store.set("pending", this.store.get("pending").concat([{ index: -1, action: { tool: "start_tour", id: this.tourAfter.id } }]));
    this.tourAfter = null;
  }
  try {
    window.location.assign(url);
  } catch (error) {
    this.store.fail({ tool: "show_page", id: "", reason: "navigation_blocked" });
    this.store.set("pending", []);
    this.idle();
  }
};

/* The actions an answer left for this page. */
Panel.prototype.runPending = function () {
  var pending = this.store.get("pending");
  if (!pending || !pending.length) return;
  this.store.set("pending", []);
  for (var i = 0; i < pending.length; i++) this.enqueue(pending[i].index, pending[i].action);
  var panel = this;
  this.chain = this.chain.then(function () {
    if (panel.leaving) return panel.leave();
  });
};

Panel.prototype.startTour = function (definition) {
  var reopen = this.view && this.view.mode === "float" && this.view.isOpen();
  this.tour.start(definition);
  if (reopen && this.tour.active()) {
    this.view.close(); // out of the way of the tour; Esc brings the visitor back to it
    this.store.set("open", false);
  }
};

/* A tour is over: the visitor is back at the question (the panel opens again where it was open). */
Panel.prototype.tourEnded = function (reopen) {
  var view = this.view;
  if (!view) return;
  if (view.mode === "full") view.focus();
  else if (reopen) view.open(true);
};

/* An offer does nothing until pressed; pressed, it opens its target. */
Panel.prototype.follow = function (index) {
  var entry = this.store.get("transcript")[index];
  if (entry && entry.url) window.location.assign(entry.url);
};

/* ---- the transcript ---- */

Panel.prototype.add = function (entry) {
  this.store.add(entry);
  var entries = this.store.get("transcript");
  var index = entries.length - 1;
  if (this.transcript) {
    this.view.setEmpty(false);
    this.transcript.append(entry, index);
    this.view.scrollToEnd();
  }
  return index;
};

Panel.prototype.changed = function (index) {
  this.store.save();
  var entry = this.store.get("transcript")[index];
  if (this.transcript && entry) this.transcript.update(entry, index);
};
