/*
 * The leak experiment: a JVM-style heap, young and old generation, drawn live as objects are
 * allocated, collected and promoted, while a leak (a cache that is never evicted) fills the
 * old generation until the heap is gone.
 *
 * DOM contract (see experiment.js, which implements it for every experiment):
 *   container  [data-docent-experiment="leak"][data-docent-live]
 *   in   "docent:run"   detail {preset: "healthy"|"slow-leak"|"fast-leak"|"full-heap"|null, live: bool}
 *   in   "docent:reset"
 *   out  "docent:state" (bubbles) detail {experiment: "leak", running, preset, live, error}
 *   Presets healthy, slow-leak and fast-leak run here in the browser. full-heap
 *   (data-docent-server) runs only on the server, so it only runs live.
 *   A live run fetches leak-trace.json, shipped beside this file (the recorded output of the
 *   experiment's server run), and replays it sample by sample on the same drawing.
 * Drawn into: canvas[data-lab-chart], the bars [data-lab-seg] / [data-lab-value],
 * and the figures [data-lab-stat].
 */
(function () {
  "use strict";

  var HEAP = { young: 64, old: 192, live: 24, tickSeconds: 0.25 };
  var PRESETS = {
    "healthy": { leak: 0, seconds: 90, prefill: 0, seed: 11 },
    "slow-leak": { leak: 1.5, seconds: 90, prefill: 0, seed: 12 },
    "fast-leak": { leak: 6, seconds: 90, prefill: 0, seed: 13 },
    "full-heap": { leak: 3, seconds: 30, prefill: 140, seed: 14 }
  };
  var EVENTS = ["", "minor", "major", "oom"];
  var ALLOCATION = 48; // MB a second, the service's steady allocation rate
  var PROMOTED = 0.15; // share of the young generation that survives into the old
  var MAJOR_AT = 0.85; // old-generation occupancy that starts a major collection

  // The heap model: one step is one tick of 0.25 s; a sample is [young, leaked, garbage, event].
  function LeakModel(preset, random) {
    this.preset = PRESETS[preset];
    this.random = random;
    this.young = 0;
    this.pending = 0; // leaked bytes still in the young generation
    this.leaked = this.preset.prefill;
    this.garbage = 0;
  }

  LeakModel.prototype.step = function () {
    var leak = this.preset.leak * HEAP.tickSeconds;
    this.young += ALLOCATION * HEAP.tickSeconds * (0.8 + 0.4 * this.random()) + leak;
    this.pending += leak;
    var event = 0;
    if (this.young >= HEAP.young) {
      event = 1;
      this.garbage += (this.young - this.pending) * PROMOTED;
      this.leaked += this.pending;
      this.young = 0;
      this.pending = 0;
      if (HEAP.live + this.leaked + this.garbage >= HEAP.old * MAJOR_AT) {
        event = 2;
        this.garbage = 0;
        if (HEAP.live + this.leaked >= HEAP.old * 0.97) event = 3;
      }
    }
    return [round(this.young), round(this.leaked), round(this.garbage), event];
  };

  function round(value) {
    return Math.round(value * 10) / 10;
  }

  // Every sample of a run in the browser, up to its end or the OutOfMemoryError.
  function simulate(preset, random) {
    var model = new LeakModel(preset, random);
    var samples = [];
    var ticks = PRESETS[preset].seconds / HEAP.tickSeconds;
    for (var i = 0; i < ticks; i++) {
      var sample = model.step();
      samples.push(sample);
      if (sample[3] === 3) break;
    }
    return samples;
  }

  if (typeof module === "object" && module.exports) {
    module.exports = { HEAP: HEAP, PRESETS: PRESETS, LeakModel: LeakModel, simulate: simulate };
    return;
  }

  var lab = window.DocentLab;
  var traceUrl = new URL("leak-trace.json", document.currentScript.src).href;
  var COLORS = { live: "#6b7280", leaked: "#c2410c", garbage: "#2563eb", young: "#16a34a", grid: "#e5e7eb", ink: "#374151" };

  function Engine(root) {
    this.root = root;
    this.chart = root.querySelector("[data-lab-chart]");
    this.samples = [];
    this.seconds = 90;
  }

  Engine.prototype.clear = function () {
    this.samples = [];
    this.seconds = 90;
    this.bars([0, 0, 0, 0]);
    this.stats();
    this.draw();
  };

  Engine.prototype.start = function (run) {
    var self = this;
    self.samples = [];
    self.seconds = PRESETS[run.preset].seconds;
    var source = run.live ? self.recorded(run.preset, run.signal) :
      Promise.resolve(simulate(run.preset, lab.random(PRESETS[run.preset].seed)));
    return source.then(function (samples) { return self.replay(samples, run); });
  };

  Engine.prototype.recorded = function (preset, signal) {
    return fetch(traceUrl, { signal: signal, cache: "no-store" }).then(function (response) {
      if (!response.ok) throw new Error("The recorded server run could not be loaded (HTTP " + response.status + ").");
      return response.json();
    }, function () {
      throw new Error("The recorded server run could not be loaded.");
    }).then(function (trace) {
      var run = trace.runs && trace.runs[preset];
      if (!run) throw new Error("The recorded server run has no preset \"" + preset + "\".");
      return run.samples;
    });
  };

  Engine.prototype.replay = function (samples, run) {
    var self = this;
    var index = 0;
    function next() {
      // Four samples a frame: a second of heap time in about 140 ms.
      for (var i = 0; i < 4 && index < samples.length; i++) self.samples.push(samples[index++]);
      var last = self.samples[self.samples.length - 1];
      self.bars(last);
      self.stats();
      self.draw();
      if (index >= samples.length) return Promise.resolve(self.summary(run));
      return lab.pause(140, run.signal).then(next);
    }
    return next();
  };

  Engine.prototype.counts = function () {
    var minor = 0, major = 0, floor = HEAP.live, gcMs = 0, oom = -1;
    for (var i = 0; i < this.samples.length; i++) {
      var sample = this.samples[i];
      if (sample[3] >= 1) { minor++; gcMs += 6; }
      if (sample[3] >= 2) { major++; floor = HEAP.live + sample[1]; gcMs += 60 + 1.2 * floor; }
      if (sample[3] === 3) oom = i;
    }
    var seconds = this.samples.length * HEAP.tickSeconds;
    return { minor: minor, major: major, floor: floor, seconds: seconds, oom: oom,
      gcShare: seconds ? Math.min(100, gcMs / (seconds * 10)) : 0 };
  };

  Engine.prototype.summary = function (run) {
    var c = this.counts();
    var prefix = run.live ? "Server run replayed: " : "Finished: ";
    if (c.oom >= 0) {
      return prefix + "java.lang.OutOfMemoryError: Java heap space at " + c.seconds.toFixed(1) + " s, after " +
        c.major + " major collections; the old generation held " + c.floor.toFixed(0) + " MB nothing could free.";
    }
    if (c.floor > HEAP.live + 1) {
      return prefix + "after each major collection the old generation kept more: " + HEAP.live + " MB at the start, " +
        c.floor.toFixed(0) + " MB at " + c.seconds.toFixed(0) + " s. That rising floor is the leak.";
    }
    return prefix + c.minor + " minor and " + c.major + " major collections in " + c.seconds.toFixed(0) +
      " s; after each major collection the old generation fell back to " + HEAP.live + " MB. No leak.";
  };

  Engine.prototype.bars = function (sample) {
    var set = function (root, name, megabytes, capacity) {
      var element = root.querySelector("[data-lab-seg=\"" + name + "\"]");
      if (element) element.style.width = Math.min(100, 100 * megabytes / capacity).toFixed(2) + "%";
    };
    var live = this.samples.length ? HEAP.live : 0;
    set(this.root, "young", sample[0], HEAP.young);
    set(this.root, "live", live, HEAP.old);
    set(this.root, "leaked", sample[1], HEAP.old);
    set(this.root, "garbage", sample[2], HEAP.old);
    var young = this.root.querySelector("[data-lab-value=\"young\"]");
    var old = this.root.querySelector("[data-lab-value=\"old\"]");
    if (young) young.textContent = sample[0].toFixed(0) + " / " + HEAP.young + " MB";
    if (old) old.textContent = Math.min(HEAP.old, live + sample[1] + sample[2]).toFixed(0) + " / " + HEAP.old + " MB";
  };

  Engine.prototype.stats = function () {
    var c = this.counts();
    var values = {
      time: c.seconds.toFixed(1) + " s",
      minor: String(c.minor),
      major: String(c.major),
      floor: this.samples.length ? c.floor.toFixed(0) + " MB" : "–",
      gc: c.gcShare.toFixed(1) + " %"
    };
    lab.stats(this.root, values);
  };

  Engine.prototype.draw = function () {
    if (!this.chart) return;
    var frame = lab.frame(this.chart);
    var g = frame.g, pad = frame.pad, w = frame.w, h = frame.h;
    var total = HEAP.old + HEAP.young;
    var ticks = this.seconds / HEAP.tickSeconds;
    var x = function (i) { return pad.left + w * i / ticks; };
    var y = function (mb) { return pad.top + h * (1 - mb / total); };
    for (var mb = 0; mb <= total; mb += 64) {
      g.strokeStyle = COLORS.grid;
      g.beginPath(); g.moveTo(pad.left, y(mb)); g.lineTo(pad.left + w, y(mb)); g.stroke();
      g.fillStyle = COLORS.ink;
      g.textAlign = "right";
      g.fillText(mb + " MB", pad.left - 6, y(mb) + 4);
    }
    g.textAlign = "center";
    for (var s = 0; s <= this.seconds; s += 15) g.fillText(s + " s", x(s / HEAP.tickSeconds), pad.top + h + 18);

    var samples = this.samples;
    var band = function (color, low, high) {
      if (!samples.length) return;
      g.fillStyle = color;
      g.beginPath();
      g.moveTo(x(0), y(low(samples[0])));
      for (var i = 0; i < samples.length; i++) g.lineTo(x(i + 1), y(high(samples[i])));
      for (var j = samples.length - 1; j >= 0; j--) g.lineTo(x(j + 1), y(low(samples[j])));
      g.closePath();
      g.fill();
    };
    var live = function () { return HEAP.live; };
    var leaked = function (sample) { return HEAP.live + sample[1]; };
    var old = function (sample) { return Math.min(HEAP.old, HEAP.live + sample[1] + sample[2]); };
    band(COLORS.live, function () { return 0; }, live);
    band(COLORS.leaked, live, leaked);
    band(COLORS.garbage, leaked, old);
    band(COLORS.young, old, function (sample) { return old(sample) + sample[0]; });

    g.setLineDash([5, 4]);
    g.strokeStyle = COLORS.ink;
    g.beginPath(); g.moveTo(pad.left, y(HEAP.old)); g.lineTo(pad.left + w, y(HEAP.old)); g.stroke();
    g.setLineDash([]);
    g.textAlign = "right";
    g.fillStyle = COLORS.ink;
    g.fillText("old generation full (" + HEAP.old + " MB)", pad.left + w - 4, y(HEAP.old) - 5);
    for (var k = 0; k < samples.length; k++) {
      if (samples[k][3] === 2) {
        g.fillStyle = COLORS.ink;
        g.fillRect(x(k + 1) - 1, pad.top + h - 6, 2, 6);
      }
      if (samples[k][3] === 3) {
        g.strokeStyle = "#b91c1c";
        g.lineWidth = 2;
        g.beginPath(); g.moveTo(x(k + 1), pad.top); g.lineTo(x(k + 1), pad.top + h); g.stroke();
        g.fillStyle = "#b91c1c";
        g.textAlign = "right";
        g.fillText("OutOfMemoryError", x(k + 1) - 6, pad.top + 12);
      }
    }
  };

  lab.mount("leak", function (root) { return new Engine(root); });
})();
