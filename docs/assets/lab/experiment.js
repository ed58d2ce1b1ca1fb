/*
 * The lab's experiment harness: one per [data-docent-experiment] container.
 *
 * DOM contract, the same for the Docent panel and for the page's own buttons:
 *   in   "docent:run"    CustomEvent on the container, detail {preset: "PRESET-ID" | null, live: bool}.
 *                        A preset switches the preset select first; null runs the preset shown.
 *                        A preset marked data-docent-server runs only live, so it always runs live.
 *                        live on an experiment without data-docent-live fails (see "docent:state").
 *   in   "docent:reset"  CustomEvent on the container: stops the run and clears the drawing.
 *   out  "docent:state"  CustomEvent dispatched on the container, bubbling, whenever the state
 *                        changes (started, finished, reset, failed):
 *                        detail {experiment: "ID", running: bool, preset: "PRESET-ID", live: bool,
 *                                error: null | "message"}
 *   The container's own controls: [data-lab-preset] (the preset select, its options carry
 *   data-docent-preset), [data-lab-run], [data-lab-reset] and [data-lab-status] (a live region).
 *
 * An experiment registers with DocentLab.mount(id, factory); factory(root) returns an engine
 * {start({preset, live, signal}) -> Promise<string summary>, clear()}. No eval, no inline script:
 * the site runs under a strict Content-Security-Policy.
 */
(function () {
  "use strict";

  var factories = {};

  function whenReady(callback) {
    if (document.readyState === "loading") {
      document.addEventListener("DOMContentLoaded", callback, { once: true });
    } else {
      callback();
    }
  }

  function presetOption(select, preset) {
    var options = select ? select.querySelectorAll("[data-docent-preset]") : [];
    for (var i = 0; i < options.length; i++) {
      if (options[i].getAttribute("data-docent-preset") === preset) return options[i];
    }
    return null;
  }

  function attach(root, id) {
    if (root.hasAttribute("data-lab-ready")) return;
    root.setAttribute("data-lab-ready", "");
    var select = root.querySelector("[data-lab-preset]");
    var status = root.querySelector("[data-lab-status]");
    var engine = factories[id](root);
    var state = { experiment: id, running: false, preset: select ? select.value : null, live: false, error: null };
    var current = null; // the AbortController of the run in progress

    function emit(changes, message) {
      Object.keys(changes).forEach(function (key) { state[key] = changes[key]; });
      root.classList.toggle("is-running", state.running);
      if (status && message) status.textContent = message;
      root.dispatchEvent(new CustomEvent("docent:state", {
        bubbles: true,
        detail: { experiment: id, running: state.running, preset: state.preset, live: state.live, error: state.error }
      }));
    }

    function stop() {
      if (current) current.abort();
      current = null;
    }

    function fail(message, changes) {
      stop();
      var next = { running: false, error: message };
      Object.keys(changes || {}).forEach(function (key) { next[key] = changes[key]; });
      emit(next, message);
    }

    function run(detail) {
      var preset = detail && detail.preset != null ? String(detail.preset) : (select ? select.value : null);
      var option = presetOption(select, preset);
      var asked = Boolean(detail && detail.live);
      if (select && !option) {
        return fail("No preset \"" + preset + "\" in this experiment.", { preset: select.value, live: asked });
      }
      if (select) select.value = option.value;
      var server = Boolean(option && option.hasAttribute("data-docent-server"));
      var live = asked || server;
      if (live && !root.hasAttribute("data-docent-live")) {
        return fail("This experiment has no live run.", { preset: preset, live: live });
      }
      stop();
      var controller = new AbortController();
      current = controller;
      emit({ running: true, preset: preset, live: live, error: null },
        live ? "Replaying the recorded server run of " + preset + "…" : "Running " + preset + "…");
      engine.start({ preset: preset, live: live, signal: controller.signal }).then(function (summary) {
        if (current !== controller) return;
        current = null;
        emit({ running: false }, summary);
      }, function (error) {
        if (current !== controller) return;
        current = null;
        fail(error && error.message ? error.message : String(error));
      });
    }

    function reset() {
      stop();
      engine.clear();
      emit({ running: false, live: false, error: null, preset: select ? select.value : state.preset },
        "Ready. Pick a preset and run it.");
    }

    root.addEventListener("docent:run", function (event) { run(event.detail || {}); });
    root.addEventListener("docent:reset", reset);
    var runButton = root.querySelector("[data-lab-run]");
    var resetButton = root.querySelector("[data-lab-reset]");
    if (runButton) runButton.addEventListener("click", function () { run({ preset: null, live: false }); });
    if (resetButton) resetButton.addEventListener("click", reset);
    if (select) {
      select.addEventListener("change", function () {
        if (!state.running) state.preset = select.value;
      });
    }
    engine.clear();
  }

  // A small seeded generator (mulberry32), so that a preset draws the same run every time.
  function random(seed) {
    var a = seed >>> 0;
    return function () {
      a = (a + 0x6D2B79F5) >>> 0;
      var t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  var PAD = { left: 60, right: 12, top: 14, bottom: 30 }; // room for the axes' labels

  // A chart's canvas, blank and sized for the screen's pixel density (sizing clears it and its
  // context's state): its 2-D context in CSS pixels, the padding, and the plot's width and height.
  function frame(element) {
    var ratio = window.devicePixelRatio || 1;
    var width = element.clientWidth || Number(element.getAttribute("width"));
    var height = element.clientHeight || Number(element.getAttribute("height"));
    element.width = Math.round(width * ratio);
    element.height = Math.round(height * ratio);
    var context = element.getContext("2d");
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.font = "12px system-ui, sans-serif";
    return { g: context, pad: PAD, w: width - PAD.left - PAD.right, h: height - PAD.top - PAD.bottom };
  }

  // Writes each value into the experiment's [data-lab-stat=KEY] figure, where it has one.
  function stats(root, values) {
    Object.keys(values).forEach(function (key) {
      var element = root.querySelector("[data-lab-stat=\"" + key + "\"]");
      if (element) element.textContent = values[key];
    });
  }

  // Resolves after ms, or rejects as soon as the run is aborted.
  function pause(ms, signal) {
    return new Promise(function (resolve, reject) {
      if (signal.aborted) return reject(new Error("aborted"));
      var timer = setTimeout(resolve, ms);
      signal.addEventListener("abort", function () {
        clearTimeout(timer);
        reject(new Error("aborted"));
      }, { once: true });
    });
  }

  window.DocentLab = {
    mount: function (id, factory) {
      factories[id] = factory;
      whenReady(function () {
        var roots = document.querySelectorAll("[data-docent-experiment=\"" + id + "\"]");
        for (var i = 0; i < roots.length; i++) attach(roots[i], id);
      });
    },
    random: random,
    frame: frame,
    stats: stats,
    pause: pause
  };
})();
