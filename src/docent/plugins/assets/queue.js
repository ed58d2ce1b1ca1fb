/*
 * The answer's actions, carried out on the page one at a time, in the order they came (actions.js does each).
 * An action that leaves the page (show_page, a part on another page) waits for the answer's end: cutting the
 * stream would lose the answer, which the server keeps only when it ends well. The actions after it are stored
 * and carried out on the next page (runPending); a tour the answer starts waits for its end too.
 */

export class ActionQueue {
  /* actions: carries out one action (actions.js); entries: the transcript's entries; hooks: {idle(),
     startTour(definition), leaving()}: the panel goes idle, starts a tour, or is about to open the next page. */
  constructor({ actions, store, entries, hooks }) {
    this.actions = actions;
    this.store = store;
    this.entries = entries;
    this.hooks = hooks;
    this.chain = Promise.resolve();
    this.streaming = false;   // an answer is still coming: a tour waits for its end
    this.leaving = null;      // the address to open once the answer has ended
    this.tourAfter = null;    // a tour to start once the answer has ended
    this.leavingEntry = null; // the action line that says the page is opening: {index, note once opened}
    this.deferred = [];       // actions for the next page
  }

  /* Runs step after every step queued before it; a step that fails is logged, and the queue goes on. */
  later(step) {
    const before = this.chain;
    this.chain = (async () => {
      await before;
      try {
        await step();
      } catch (error) {
        if (window.console) console.error("Docent action:", error);
      }
    })();
    return this.chain;
  }

  /* An action event of the answer: an offer is shown at once (it does nothing until pressed); the rest queue. */
  act(action) {
    const id = String(action.id || "");
    if (action.tool === "offer") {
      const offer = this.actions.offer(action);
      if (offer.status === "offer") this.entries.add({ kind: "offer", id, label: offer.label, url: offer.url });
      else this.store.fail({ tool: "offer", id, reason: offer.reason });
      return;
    }
    const index = this.entries.add({ kind: "action", tool: String(action.tool || ""), id,
                                     label: String(action.label || ""), status: "queued", note: "…" });
    this.enqueue(index, action);
  }

  enqueue(index, action) {
    this.later(() => this.execute(index, action));
  }

  async execute(index, action) {
    const entry = this.entries.at(index);
    if (this.leaving) {
      this.deferred.push({ index, action });
      if (entry) {
        entry.note = `Next page: ${action.label || action.tool}.`;
        this.entries.changed(index);
      }
      return;
    }
    const result = await this.actions.carry(action);
    this.follow(index, action, result);
    if (entry) {
      entry.status = result.status === "failed" ? "failed" : "done";
      entry.note = result.note;
      this.entries.changed(index);
    }
  }

  /* What an action's result asks of the panel: a page to open at the end, a tour, a failure to report. */
  follow(index, action, result) {
    if (result.status === "navigate") {
      this.leaving = result.url;
      if (result.then) this.deferred.unshift({ index, action: result.then }); // done on the new page, first
      this.leavingEntry = { index, note: result.done }; // past tense once the page is opened
    } else if (result.status === "tour") {
      if (this.streaming) this.tourAfter = result.tour;
      else this.hooks.startTour(result.tour);
    } else if (result.status === "failed") {
      this.store.fail({ tool: String(action.tool || ""), id: String(action.id || ""), reason: result.reason });
    }
  }

  /* After the answer: what waited for its end (a page to open, a tour), else the panel goes idle. */
  settle() {
    if (this.leaving) return this.leave();
    const tour = this.tourAfter;
    this.tourAfter = null;
    this.hooks.idle();
    if (tour) this.hooks.startTour(tour);
  }

  /* Opens the next page; the actions still to come go with it. */
  leave() {
    const url = this.leaving, entry = this.leavingEntry;
    this.leaving = null;
    this.leavingEntry = null;
    const shown = entry ? this.entries.at(entry.index) : null;
    if (shown && entry.note) {
      shown.note = entry.note;
      this.entries.changed(entry.index);
    }
    this.store.set("pending", this.deferred);
    this.deferred = [];
    this.hooks.leaving();
    if (this.tourAfter) {
      this.store.set("pending", [...this.store.get("pending"), { index: -1, action: { tool: "start_tour", id: this.tourAfter.id } }]);
      this.tourAfter = null;
    }
    try {
      window.location.assign(url);
    } catch (error) {
      this.store.fail({ tool: "show_page", id: "", reason: "navigation_blocked" });
      this.store.set("pending", []);
      this.hooks.idle();
    }
  }

  /* The actions an answer left for this page. */
  runPending() {
    const pending = this.store.get("pending");
    if (!pending || !pending.length) return;
    this.store.set("pending", []);
    for (const { index, action } of pending) this.enqueue(index, action);
    this.later(() => {
      if (this.leaving) this.leave();
    });
  }
}
