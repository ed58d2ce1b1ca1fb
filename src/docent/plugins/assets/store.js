/*
 * What the panel keeps across page changes, in sessionStorage (one tab, gone when it closes):
 * the conversation token, the transcript, whether the panel is open, the actions of an answer
 * still to carry out on the next page, the actions that failed (sent with the next question),
 * a tour in progress, when the guide last answered as Docent's, a citation pressed on the page before, and whether
 * an answer in the floating panel opened this page (arrived). Where storage is blocked it keeps them in memory for this page.
 */

const MAX_ENTRIES = 300; // a conversation of twelve questions stays far below this

const blank = () => ({ token: null, transcript: [], open: false, pending: [], failed: [], tour: null, checked: null, cited: null,
                      arrived: false });

export class Store {
  constructor(key) {
    this.key = key;
    this.state = blank();
    try {
      const saved = JSON.parse(window.sessionStorage.getItem(key) || "null");
      if (saved && typeof saved === "object") {
        for (const name of Object.keys(blank())) {
          if (Object.getOwnPropertyDescriptor(saved, name)) this.state[name] = saved[name]; // own; Object.hasOwn needs Safari 15.4
        }
      }
    } catch (ignored) {
      // Storage blocked or corrupted: start clean, keep going in memory.
    }
  }

  get(name) {
    return this.state[name];
  }

  set(name, value) {
    this.state[name] = value;
    this.save();
  }

  add(entry) {
    const list = this.state.transcript;
    list.push(entry);
    if (list.length > MAX_ENTRIES) list.splice(0, list.length - MAX_ENTRIES);
    this.save();
    return entry;
  }

  fail(failure) {
    this.state.failed.push(failure);
    this.save();
  }

  forget() {
    const { open, checked } = this.state;
    this.state = blank();
    this.state.open = open;
    this.state.checked = checked;
    this.save();
  }

  save() {
    try {
      window.sessionStorage.setItem(this.key, JSON.stringify(this.state));
    } catch (ignored) {
      // Quota or blocked storage: the page keeps working; only the next page forgets.
    }
  }
}
