/*
 * The panel: one per tab's page life, bound again to each page. It wires the parts: the conversation with the
 * guide (conversation.js), a turn for each question or reply to a card (turn.js), the queue that carries out the
 * answer's actions in order (queue.js), the transcript's entries (entries.js), and the view on this page
 * (view.js, float.js, transcript.js); and the tour and the citations that open the page at their line.
 */
import { Actions } from "./actions.js";
import { Cited } from "./cited.js";
import { Conversation } from "./conversation.js";
import { Entries } from "./entries.js";
import { FloatingView } from "./float.js";
import { Guide } from "./guide.js";
import { ActionQueue } from "./queue.js";
import { Screen } from "./screen.js";
import { Site } from "./site.js";
import { Store } from "./store.js";
import { Tour } from "./tour.js";
import { Transcript } from "./transcript.js";
import { Turn } from "./turn.js";
import { PanelView } from "./view.js";

export class Panel {
  /* manifest: the public manifest, or null when it could not be read; scriptSrc: panel.js's own URL;
     workerURL: the proof-of-work worker's URL (vetted under Trusted Types). */
  constructor(manifest, scriptSrc, workerURL) {
    const room = (element, ms) => { if (this.view) this.view.makeRoom(element, ms); };
    this.site = new Site(scriptSrc, manifest || {});
    this.store = new Store(`docent:${this.site.root.pathname}`);
    this.guide = new Guide(this.site.api());
    this.screen = new Screen(this.site);
    this.cited = new Cited(this.store, room, (index) => { if (this.view) this.view.pressed(index); });
    this.tour = new Tour(this.site, this.store, {
      panelOpen: () => Boolean(this.view && this.view.mode === "float" && this.view.isOpen()),
      ended: (left, reopen) => this.tourEnded(reopen)
    });
    this.entries = new Entries(this.store);
    this.conversation = new Conversation({ guide: this.guide, store: this.store, workerURL, missing: !manifest,
                                           ready: () => this.idle() });
    this.queue = new ActionQueue({ actions: new Actions(this.site, room), store: this.store, entries: this.entries,
      hooks: { idle: () => this.idle(), startTour: (tour) => this.startTour(tour), leaving: () => this.leaving() } });
    this.view = null;
    this.busy = false; // a turn is under way: its answer, then the actions it queued
  }

  /* Whether the guide answers as Docent's (conversation.js): the button shows only where it does. */
  check() {
    return this.conversation.check();
  }

  /* Builds the panel for the page now shown (again after an instant page swap). */
  bind() {
    const mount = document.getElementById("docent-panel");
    const wantFull = Boolean(mount);
    if (this.view && (!document.body.contains(this.view.panel) || (this.view.mode === "full") !== wantFull)) {
      this.view.destroy();
      this.show(null);
    }
    if (!wantFull && !this.conversation.reachable) return; // no guide to ask: no button (check said why)
    if (!this.view) this.show(this.build(wantFull, mount));
    if (wantFull || this.store.get("open")) this.view.open(!wantFull);
    this.arrive();
    setTimeout(() => { // after the page's own scripts (experiments) have bound
      this.queue.runPending();
      this.tour.resume();
      this.cited.resume();
    }, 0);
  }

  build(wantFull, mount) {
    const manifest = this.site.manifest;
    const hooks = {
      submit: (text) => this.ask(text),
      opened: () => {
        if (this.view.mode === "float") this.store.set("open", true);
        this.conversation.prepare();
      },
      closed: () => this.store.set("open", false),
      forget: () => this.forget()
    };
    const shown = [manifest.site_name, this.site.list("suggestions"), manifest.kind];
    const view = wantFull ? new PanelView("full", mount, hooks, ...shown) : new FloatingView(hooks, ...shown);
    view.panel.addEventListener("click", (event) => this.cited.follow(event));
    return view;
  }

  /* The view on this page (null: none), with the transcript drawn in it. */
  show(view) {
    this.view = view;
    this.conversation.view = view;
    const transcript = view && new Transcript(view.log, this.site, {
      pick: (index, option) => this.pick(index, option),
      confirm: (index, approved) => this.confirm(index, approved),
      offer: (index) => this.offer(index)
    });
    this.entries.show(view, transcript);
    if (view) view.setReady(!this.busy && Boolean(this.store.get("token")));
  }

  /* The guide waits for a question: the status line says how it answers now. */
  idle() {
    this.view.setProgress(null);
    this.view.setReady(!this.busy);
    this.view.setStatus(this.conversation.standing(), this.conversation.warnsOfDisk() ? "notice" : "info");
  }

  forget() {
    if (this.busy) return;
    this.conversation.forget();
    this.entries.cleared();
    this.conversation.prepare();
  }

  ask(text) {
    if (this.busy) return false;
    this.entries.closeCards();
    this.entries.add({ kind: "question", text });
    this.turn({ question: text });
    return true;
  }

  pick(index, option) {
    const entry = this.entries.at(index);
    if (!entry || this.busy || entry.picked != null || entry.closed) return;
    entry.picked = option;
    this.entries.changed(index);
    this.turn({ reply: { call: entry.card.call, pick: option } });
  }

  confirm(index, approved) {
    const entry = this.entries.at(index);
    if (!entry || this.busy || entry.approved != null || entry.closed) return;
    entry.approved = approved;
    this.entries.changed(index);
    this.view.input.focus({ preventScroll: true }); // the card's buttons are gone
    this.turn({ reply: { call: entry.card.call, approved } });
  }

  /* A question or a reply, answered; then what waited for the answer's end, and the panel is free again. */
  async turn(body) {
    this.busy = true;
    this.queue.streaming = true;
    this.view.setReady(false);
    this.view.setStatus("The guide is answering…", "busy");
    await new Turn(this, body).run(); // the turn takes the parts it uses from the panel's
    this.queue.streaming = false;
    return this.queue.later(() => {
      this.busy = false;
      return this.queue.settle();
    });
  }

  /* The answer opens the next page: leaving the assistant page's own panel, it goes on in the floating panel;
     leaving the floating panel, it makes way there for the page the visitor asked to see (arrive). */
  leaving() {
    if (this.view && this.view.mode === "full") this.store.set("open", true);
    else if (this.view && this.view.isOpen()) this.store.set("arrived", true);
  }

  /* On the page an answer in the floating panel opened: the view makes way for it (a phone's sheet shrinks). */
  arrive() {
    if (!this.store.get("arrived")) return;
    this.store.set("arrived", false);
    if (this.view.mode === "float" && this.view.isOpen()) this.view.makeWay();
  }

  startTour(definition) {
    const reopen = this.view && this.view.mode === "float" && this.view.isOpen();
    this.tour.start(definition);
    if (reopen && this.tour.active()) {
      this.view.close(); // out of the way of the tour; Esc brings the visitor back to it
      this.store.set("open", false);
    }
  }

  /* A tour is over: the visitor is back at the question (the panel opens again where it was open). */
  tourEnded(reopen) {
    const view = this.view;
    if (!view) return;
    if (view.mode === "full") view.focus();
    else if (reopen) view.open(true);
  }

  /* An offer does nothing until pressed; pressed, it opens its target. */
  offer(index) {
    const entry = this.entries.at(index);
    if (entry && entry.url) window.location.assign(entry.url);
  }
}
