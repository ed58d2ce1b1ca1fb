/*
 * The transcript's entries: kept in the tab's store (store.js), so they go on after a page change, and drawn in
 * the panel on this page (transcript.js) once it is bound. Entries are added at the end and changed in place
 * (an action carried out, a card answered); an index names one for as long as the conversation lasts.
 */

export class Entries {
  constructor(store) {
    this.store = store;
    this.view = null;       // the panel's view on this page, once bound
    this.transcript = null; // its rendering of the entries
  }

  /* Binds the entries to a view on this page: drawn there, all of them. */
  show(view, transcript) {
    this.view = view;
    this.transcript = transcript;
    if (!view) return;
    transcript.render(this.all());
    view.setEmpty(!this.all().length);
  }

  all() {
    return this.store.get("transcript");
  }

  at(index) {
    return this.all()[index];
  }

  /* Adds an entry at the end and shows it; its index. */
  add(entry) {
    this.store.add(entry);
    const index = this.all().length - 1;
    if (this.transcript) {
      this.view.setEmpty(false);
      this.transcript.append(entry, index);
      this.view.scrollToEnd();
    }
    return index;
  }

  /* Keeps and redraws an entry changed in place. */
  changed(index) {
    this.store.save();
    const entry = this.at(index);
    if (this.transcript && entry) this.transcript.update(entry, index);
  }

  /* A card that waited on the visitor waits no more once they ask something else. */
  closeCards() {
    this.all().forEach((entry, index) => {
      if (entry.kind === "card" && (entry.card.kind === "choices" || entry.card.kind === "confirm") &&
          entry.picked == null && entry.approved == null && !entry.closed) {
        entry.closed = true;
        this.changed(index);
      }
    });
  }

  /* After the conversation is forgotten: the panel shows none. */
  cleared() {
    this.transcript.render([]);
    this.view.setEmpty(true);
  }
}
