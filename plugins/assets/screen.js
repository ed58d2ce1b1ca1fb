/*
 * What is on the visitor's screen, in the manifest's ids, sent with each question:
 * {page, section, experiment, running, preset, fields}. It reads the page, never what a
 * visitor typed into it: fields are the page's option fields (select values).
 * Experiments report their state with "docent:state" events; the latest of each is kept.
 */
(function (root) {
  "use strict";
  var Docent = root.Docent = root.Docent || {};

  function Screen(site) {
    var states = this.states = {};
    this.site = site;
    document.addEventListener("docent:state", function (event) {
      var detail = event.detail || {};
      if (detail.experiment) states[detail.experiment] = detail;
    });
  }

  function visibleArea(element) {
    var box = element.getBoundingClientRect();
    var width = Math.min(box.right, root.innerWidth) - Math.max(box.left, 0);
    var height = Math.min(box.bottom, root.innerHeight) - Math.max(box.top, 0);
    return width > 0 && height > 0 ? width * height : 0;
  }

  /* The home section being read: the last one whose heading is above a third of the screen. */
  Screen.prototype.section = function (page) {
    var sections = this.site.list("sections"), found = null;
    for (var i = 0; i < sections.length; i++) {
      if (sections[i].page !== page.id) continue;
      var heading = document.getElementById(sections[i].id);
      if (!heading) continue;
      if (heading.getBoundingClientRect().top <= root.innerHeight / 3) found = sections[i].id;
    }
    return found;
  };

  /* The experiment that takes most of the screen, and its state. */
  Screen.prototype.experiment = function (page) {
    var best = null, area = 0, experiments = this.site.list("experiments");
    for (var i = 0; i < experiments.length; i++) {
      if (experiments[i].page !== page.id) continue;
      var element = Docent.byAttribute("data-docent-experiment", experiments[i].id);
      var seen = element ? visibleArea(element) : 0;
      if (seen > area) { best = element; area = seen; }
    }
    if (!best) return { experiment: null, running: false, preset: null };
    var id = best.getAttribute("data-docent-experiment");
    var state = this.states[id] || {};
    var chosen = best.querySelector("option[data-docent-preset]:checked") ||
                 best.querySelector("[data-docent-preset][aria-pressed='true']");
    return {
      experiment: id,
      running: Boolean(state.running || best.classList.contains("is-running")),
      preset: state.preset || (chosen ? chosen.getAttribute("data-docent-preset") : null)
    };
  };

  Screen.prototype.fields = function (page) {
    var values = {}, fields = this.site.list("fields");
    for (var i = 0; i < fields.length; i++) {
      var field = fields[i];
      if (field.page !== page.id || !field.options || !field.options.length) continue;
      var element = document.getElementById(field.id);
      if (element && element.getAttribute("data-docent-field") === field.name) values[field.id] = element.value;
    }
    return values;
  };

  Screen.prototype.read = function () {
    var page = this.site.page(root.location);
    if (!page) return { page: null, section: null, experiment: null, running: false, preset: null, fields: {} };
    var shown = this.experiment(page);
    return {
      page: page.id,
      section: this.section(page),
      experiment: shown.experiment,
      running: shown.running,
      preset: shown.preset,
      fields: this.fields(page)
    };
  };

  Docent.Screen = Screen;
})(self);
