/*
 * The panel's DOM: a button in the page's bottom corner that opens a labelled, non-modal
 * dialog (Esc closes it and gives focus back to the button), or the full-size panel mounted in
 * <div id="docent-panel" data-docent-panel="full"> on the assistant page. Built with
 * createElement and textContent only.
 *
 * On a phone the dialog is a sheet along the screen's bottom. While the guide points at a part,
 * runs an experiment, tours or opens a citation, it makes room (makeRoom): it moves to the other
 * side of the screen where the part leaves room, else it shrinks to its header and stays so until
 * the visitor comes back to it (its button, or the launcher).
 * Empty, it says what the guide does and offers questions to ask (the manifest's suggestions).
 * It takes the site's colour scheme (dom.js's followScheme), not only the system's.
 */
import { followScheme, make } from "./dom.js";

var MAX_QUESTION = 500;

/* What the guide does, by the site's kind (the manifest's `kind`): documentation has nothing to run. */
var INTRO = {
  portfolio: "The guide answers from this site's own pages, links each sentence to where it comes from, " +
    "and can open pages, point things out and run what the site shows.",
  docs: "The guide answers from this documentation, links each sentence to the section it comes from, " +
    "and shows code as the pages give it."
};

/* A touch screen without a mouse: focusing the question there would raise the keyboard over the page. */
function touchFirst(event) {
  if (event && event.pointerType) return event.pointerType === "touch" || event.pointerType === "pen";
  if (event && event.detail === 0) return false; // a click from the keyboard
  return Boolean(window.matchMedia && window.matchMedia("(hover: none) and (pointer: coarse)").matches);
}

/* mode: "float" or "full"; mount: the element the full panel goes in; hooks: {submit, opened, closed, forget};
   suggestions: the questions an empty panel offers; kind: the site's kind, "portfolio" or "docs". */
export function PanelView(mode, mount, hooks, siteName, suggestions, kind) {
  this.mode = mode;
  this.hooks = hooks;
  this.collapsed = false;
  this.pinned = true; // the transcript follows its last line until the visitor scrolls up
  var suffix = mode === "full" ? "-full" : "";
  var panel = this.panel = make(mode === "full" ? "section" : "div", "docent-panel docent-" + mode);
  panel.id = "docent-dialog" + suffix;
  panel.setAttribute("data-docent-view", mode);
  panel.setAttribute("aria-labelledby", "docent-title" + suffix);

  var head = make("div", "docent-head");
  var title = make("h2", "docent-title", "Guide");
  if (siteName) title.appendChild(make("span", "docent-visually-hidden", " to " + siteName));
  title.id = "docent-title" + suffix;
  head.appendChild(title);
  this.forgetButton = make("button", "docent-forget", "New conversation");
  this.forgetButton.type = "button";
  this.forgetButton.addEventListener("click", function () { hooks.forget(); });
  head.appendChild(this.forgetButton);
  panel.appendChild(head);
  this.head = head;
  title.tabIndex = -1; // where focus goes when the panel opens by touch
  this.title = title;

  this.status = make("p", "docent-status");
  this.status.setAttribute("role", "status");
  panel.appendChild(this.status);
  this.progress = make("progress", "docent-progress");
  this.progress.max = 100;
  this.progress.value = 0;
  this.progress.hidden = true;
  this.progress.setAttribute("aria-label", "Getting the guide ready");
  panel.appendChild(this.progress);

  this.log = make("div", "docent-log");
  this.log.setAttribute("role", "log");
  this.log.setAttribute("aria-live", "polite");
  this.log.setAttribute("aria-relevant", "additions text");
  this.log.setAttribute("aria-label", "Conversation with the guide");
  this.log.tabIndex = 0;

  this.empty = this.emptyState(suggestions, kind);
  panel.appendChild(this.empty);
  panel.appendChild(this.log);
  var view = this;
  this.log.addEventListener("scroll", function () {
    view.pinned = view.log.scrollTop + view.log.clientHeight >= view.log.scrollHeight - 8;
  });
  if (window.ResizeObserver) {
    // The status line or the sheet changing size must not hide the last line.
    new window.ResizeObserver(function () { if (view.pinned) view.scrollToEnd(); }).observe(this.log);
  }

  var form = this.form = make("form", "docent-form");
  form.noValidate = true;
  var label = make("label", "docent-label", "Your question");
  label.htmlFor = "docent-question" + suffix;
  var input = this.input = make("textarea", "docent-input");
  input.id = "docent-question" + suffix;
  input.name = "question";
  input.rows = 2;
  input.maxLength = MAX_QUESTION;
  input.setAttribute("autocomplete", "off");
  this.askButton = make("button", "docent-button docent-ask", "Ask");
  this.askButton.type = "submit";
  form.appendChild(label);
  var row = make("div", "docent-row");
  row.appendChild(input);
  row.appendChild(this.askButton);
  form.appendChild(row);
  panel.appendChild(form);

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    view.submit();
  });
  input.addEventListener("keydown", function (event) {
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      view.submit();
    }
  });

  if (mode === "full") {
    mount.appendChild(panel);
    followScheme(panel);
    return;
  }
  panel.setAttribute("role", "dialog");
  panel.setAttribute("aria-modal", "false");
  panel.hidden = true;
  var shrink = this.shrinkButton = make("button", "docent-shrink");
  shrink.type = "button";
  shrink.setAttribute("aria-controls", panel.id);
  shrink.addEventListener("click", function () { view.collapse(!view.collapsed, true); });
  head.appendChild(shrink);
  this.collapse(false, false);
  var close = make("button", "docent-close");
  close.type = "button";
  close.setAttribute("aria-label", "Close the guide");
  close.textContent = "\u00d7";
  close.addEventListener("click", function () { view.close(); });
  head.appendChild(close);
  panel.addEventListener("keydown", function (event) {
    if (event.key === "Escape") {
      event.preventDefault();
      view.close();
    }
  });
  var launcher = this.launcher = make("button", "docent-launcher", "Ask the guide");
  launcher.type = "button";
  launcher.setAttribute("aria-haspopup", "dialog");
  launcher.setAttribute("aria-expanded", "false");
  launcher.setAttribute("aria-controls", panel.id);
  launcher.addEventListener("click", function (event) {
    if (view.isOpen()) view.close();
    else view.open(true, event);
  });
  document.body.appendChild(launcher);
  document.body.appendChild(panel);
  followScheme(launcher);
  followScheme(panel);
}

/* What an empty panel shows: one sentence on what the guide does, and questions to ask as buttons. */
PanelView.prototype.emptyState = function (suggestions, kind) {
  var view = this, box = make("div", "docent-empty");
  box.appendChild(make("p", "docent-intro", INTRO[kind] || INTRO.portfolio));
  var list = Array.isArray(suggestions) ? suggestions.filter(function (s) { return typeof s === "string" && s; }) : [];
  if (list.length) {
    var heading = make("p", "docent-try", "Try asking:");
    heading.id = this.panel.id + "-try";
    box.appendChild(heading);
    var group = make("ul", "docent-suggestions");
    group.setAttribute("aria-labelledby", heading.id);
    list.forEach(function (text) {
      var item = make("li");
      var button = make("button", "docent-button docent-suggestion", text);
      button.type = "button";
      button.addEventListener("click", function () {
        if (view.input.disabled) return;
        view.hooks.submit(text);
        // The transcript takes the suggestions' place; a question box out of sight below (the full panel on a
        // phone) comes into view, so that the next question is a tap away. One in view already stays put.
        view.form.scrollIntoView({ block: "nearest" });
      });
      item.appendChild(button);
      group.appendChild(item);
    });
    box.appendChild(group);
  }
  return box;
};

/* Empty: the suggestions show; once anything is said, the transcript takes their place. */
PanelView.prototype.setEmpty = function (empty) {
  this.empty.hidden = !empty;
  this.panel.setAttribute("data-empty", empty ? "true" : "false");
};

/* Shrinks the panel to its header, or grows it back; byVisitor: the visitor pressed the button. */
PanelView.prototype.collapse = function (collapsed, byVisitor) {
  if (this.mode === "full") return;
  this.collapsed = collapsed;
  if (byVisitor) this.clearRoom();
  this.panel.classList.toggle("is-collapsed", collapsed);
  this.shrinkButton.setAttribute("aria-expanded", collapsed ? "false" : "true");
  this.shrinkButton.setAttribute("aria-label", collapsed ? "Show the whole guide" : "Shrink the guide to its header");
  this.shrinkButton.textContent = collapsed ? "\u25b4" : "\u25be";
  if (!collapsed && this.pinned) this.scrollToEnd();
};

/* Makes room for element (anything with getBoundingClientRect) while the guide shows it: to the other side of
   the screen where the element leaves room there, else down to its header, until the visitor brings it back. */
PanelView.prototype.makeRoom = function (element) {
  if (this.mode === "full" || !this.isOpen() || !element) return;
  var panel = this.panel;
  var box = element.getBoundingClientRect(), width = window.innerWidth;
  var mine = panel.getBoundingClientRect(), gap = 16;
  var onLeft = panel.classList.contains("is-left");
  var right = { left: width - mine.width - gap, right: width - gap };
  var left = { left: gap, right: gap + mine.width };
  var fitsRight = box.left >= right.right || box.right <= right.left;
  var fitsLeft = box.left >= left.right || box.right <= left.left;
  var wide = width > 600;
  if (wide && (onLeft ? fitsLeft : fitsRight)) return; // where it is, it leaves the element's columns free
  if (wide && (onLeft ? fitsRight : fitsLeft)) {
    panel.classList.toggle("is-left", !onLeft);
    return;
  }
  if (this.collapsed) return; // already out of the way (the guide's doing or the visitor's)
  this.collapse(true, false);
  this.roomed = true;
};

/* Ends what makeRoom did; grow: the panel grows back (it shrank for the guide, not the visitor). */
PanelView.prototype.clearRoom = function (grow) {
  var roomed = this.roomed;
  this.roomed = false;
  if (grow && roomed && this.collapsed) this.collapse(false, false);
};

PanelView.prototype.submit = function () {
  var text = this.input.value.trim();
  if (!text || this.askButton.disabled) return;
  if (this.hooks.submit(text) !== false) this.input.value = "";
};

PanelView.prototype.isOpen = function () {
  return this.mode === "full" || !this.panel.hidden;
};

/* focus: move focus into the panel (to the question; on a touch screen to the title, so no keyboard
   covers the page); event: the click that opened it, if any. */
PanelView.prototype.open = function (focus, event) {
  if (this.mode !== "full") {
    this.panel.hidden = false;
    this.launcher.setAttribute("aria-expanded", "true");
    this.launcher.classList.add("is-open");
  }
  this.scrollToEnd();
  if (focus) this.focus(event);
  this.hooks.opened();
};

/* Focus to the question, or to the panel's title on a touch screen. */
PanelView.prototype.focus = function (event) {
  if (this.collapsed) this.collapse(false, true);
  if (touchFirst(event)) this.title.focus({ preventScroll: true });
  else this.input.focus({ preventScroll: true });
};

PanelView.prototype.close = function () {
  if (this.mode === "full" || this.panel.hidden) return;
  var hadFocus = this.panel.contains(document.activeElement);
  this.panel.hidden = true;
  this.clearRoom(true);
  this.launcher.setAttribute("aria-expanded", "false");
  this.launcher.classList.remove("is-open");
  if (hadFocus) this.launcher.focus({ preventScroll: true });
  this.hooks.closed();
};

PanelView.prototype.setStatus = function (text, kind) {
  this.status.textContent = text || "";
  this.status.setAttribute("data-kind", kind || "");
  this.status.hidden = !text;
};

/* fraction in [0, 1] shows the bar; null hides it. */
PanelView.prototype.setProgress = function (fraction) {
  this.progress.hidden = fraction == null;
  if (fraction != null) this.progress.value = Math.round(Math.max(0, Math.min(1, fraction)) * 100);
};

PanelView.prototype.setReady = function (ready) {
  this.askButton.disabled = !ready;
  this.panel.setAttribute("data-ready", ready ? "true" : "false");
  this.panel.setAttribute("aria-busy", ready ? "false" : "true");
};

PanelView.prototype.setOff = function (off) {
  this.input.disabled = off;
  this.askButton.disabled = off;
  var buttons = this.empty.querySelectorAll("button");
  for (var i = 0; i < buttons.length; i++) buttons[i].disabled = off;
  this.panel.setAttribute("data-off", off ? "true" : "false");
};

PanelView.prototype.scrollToEnd = function () {
  this.log.scrollTop = this.log.scrollHeight;
  this.pinned = true;
};

PanelView.prototype.destroy = function () {
  if (this.launcher && this.launcher.parentNode) this.launcher.parentNode.removeChild(this.launcher);
  if (this.panel.parentNode) this.panel.parentNode.removeChild(this.panel);
};
