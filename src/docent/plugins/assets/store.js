/*
 * What the panel keeps across page changes, in sessionStorage (one tab, gone when it closes):
 * the conversation token, the transcript, whether the panel is open, the actions of an answer
 * still to carry out on the next page, the actions that failed (sent with the next question),
 * a tour in progress, when the guide last answered as Docent's, and a citation pressed on the page before. Where storage is blocked it keeps them in memory for this page.
 */

var MAX_ENTRIES = 300; // a conversation of twelve questions stays far below this

function blank() {
  return { token: null, transcript: [], open: false, pending: [], failed: [], tour: null, checked: null, cited: null };
}

export function Store(key) {
  this.key = key;
  this.state = blank();
  try {
    var saved = JSON.parse(window.sessionStorage.getItem(key) || "null");
    if (saved && typeof saved === "object") {
      var fresh = blank();
      for (var name in fresh) {
        if (Object.prototype.hasOwnProperty.call(saved, name)) this.state[name] = saved[name];
      }
    }
  } catch (ignored) {
    // Storage blocked or corrupted: start clean, keep going in memory.
  }
}

Store.prototype.get = function (name) {
  return this.state[name];
};

Store.prototype.set = function (name, value) {
  this.state[name] = value;
  this.save();
};

Store.prototype.add = function (entry) {
  var list = this.state.transcript;
  list.push(entry);
  if (list.length > MAX_ENTRIES) list.splice(0, list.length - MAX_ENTRIES);
  this.save();
  return entry;
};

Store.prototype.fail = function (failure) {
  this.state.failed.push(failure);
  this.save();
};

Store.prototype.forget = function () {
  var open = this.state.open, checked = this.state.checked;
  this.state = blank();
  this.state.open = open;
  this.state.checked = checked;
  this.save();
};

Store.prototype.save = function () {
  try {
    window.sessionStorage.setItem(this.key, JSON.stringify(this.state));
  } catch (ignored) {
    // Quota or blocked storage: the page keeps working; only the next page forgets.
  }
};
