/*
 * The panel's DOM: a button in the page's bottom corner that opens a labelled, non-modal
 * dialog (Esc closes it and gives focus back to the button), or the full-size panel mounted in
 * <div id="docent-panel" data-docent-panel="full"> on the assistant page. Built with
 * createElement and textContent only.
 */
(function (root) {
  "use strict";
  var Docent = root.Docent = root.Docent || {};
  var MAX_QUESTION = 500;

  var make = Docent.make;

  /* mode: "float" or "full"; mount: the element the full panel goes in; hooks: {submit, opened, closed, forget}. */
  function PanelView(mode, mount, hooks, siteName) {
    this.mode = mode;
    this.hooks = hooks;
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
    panel.appendChild(this.log);

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

    var view = this;
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
      return;
    }
    panel.setAttribute("role", "dialog");
    panel.setAttribute("aria-modal", "false");
    panel.hidden = true;
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
    launcher.addEventListener("click", function () {
      if (view.isOpen()) view.close();
      else view.open(true);
    });
    document.body.appendChild(launcher);
    document.body.appendChild(panel);
  }

  PanelView.prototype.submit = function () {
    var text = this.input.value.trim();
    if (!text || this.askButton.disabled) return;
    if (this.hooks.submit(text) !== false) this.input.value = "";
  };

  PanelView.prototype.isOpen = function () {
    return this.mode === "full" || !this.panel.hidden;
  };

  PanelView.prototype.open = function (focus) {
    if (this.mode !== "full") {
      this.panel.hidden = false;
      this.launcher.setAttribute("aria-expanded", "true");
      this.launcher.classList.add("is-open");
    }
    this.scrollToEnd();
    if (focus) this.input.focus({ preventScroll: true });
    this.hooks.opened();
  };

  PanelView.prototype.close = function () {
    if (this.mode === "full" || this.panel.hidden) return;
    var hadFocus = this.panel.contains(document.activeElement);
    this.panel.hidden = true;
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
    this.panel.setAttribute("data-off", off ? "true" : "false");
  };

  PanelView.prototype.scrollToEnd = function () {
    this.log.scrollTop = this.log.scrollHeight;
  };

  PanelView.prototype.destroy = function () {
    if (this.launcher && this.launcher.parentNode) this.launcher.parentNode.removeChild(this.launcher);
    if (this.panel.parentNode) this.panel.parentNode.removeChild(this.panel);
  };

  Docent.PanelView = PanelView;
})(self);
