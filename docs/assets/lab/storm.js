/*
 * The storm experiment: 250 clients call a service that crashes at 3 s and comes back at 8 s.
 * Every client retries a failed call, up to 8 attempts, then gives up and asks again later.
 * How they wait between attempts is the preset; the service degrades under overload (past
 * twice its capacity almost nothing finishes inside the clients' timeout), which is what
 * turns retries into a storm that outlives the outage.
 *
 * DOM contract (see experiment.js, which implements it for every experiment):
 *   container  [data-docent-experiment="storm"] (no data-docent-live: it has no live run)
 *   in   "docent:run"   detail {preset: "no-backoff"|"backoff"|"backoff-jitter"|null, live: false}
 *   in   "docent:reset"
 *   out  "docent:state" (bubbles) detail {experiment: "storm", running, preset, live, error}
 *   A run with live: true fails with error "This experiment has no live run."
 * Drawn into: canvas[data-lab-chart], the figures [data-lab-stat], and the results table's
 * cells [data-lab-result="PRESET:figure"], which keep the last run of each preset.
 */
(function () {
  "use strict";

  var STORM = { clients: 250, capacity: 40, outage: [30, 80], ticks: 300, maxAttempts: 8,
    think: 20, reissue: 10, capTicks: 32, tickSeconds: 0.1, seed: 7 };

  // Ticks to wait before the next attempt (attempt counts from 1).
  function delay(preset, attempt, random) {
    if (preset === "no-backoff") return 1;
    var wait = Math.min(STORM.capTicks, Math.pow(2, attempt - 1));
    return preset === "backoff" ? wait : Math.max(1, Math.ceil(random() * wait));
  }

  // Calls that finish in time: all of them up to capacity, then fewer and fewer.
  function goodput(load) {
    if (load <= STORM.capacity) return load;
    return Math.max(1, Math.floor(STORM.capacity * (2 - load / STORM.capacity)));
  }

  function wait(mean, random) {
    return 1 + Math.floor(-Math.log(1 - random()) * mean);
  }

  // Every tick of a run: [attempts, successes, gave up].
  function simulate(preset, random) {
    var clients = [];
    for (var i = 0; i < STORM.clients; i++) clients.push({ next: Math.floor(random() * STORM.think * 2), attempt: 0 });
    var ticks = [];
    for (var t = 0; t < STORM.ticks; t++) {
      if (t === STORM.outage[0]) clients.forEach(function (client) { client.next = t; }); // the crash fails every call in flight
      var sending = clients.filter(function (client) { return client.next === t; });
      var down = t >= STORM.outage[0] && t < STORM.outage[1];
      var ok = down ? 0 : goodput(sending.length);
      for (var k = sending.length - 1; k > 0; k--) {
        var j = Math.floor(random() * (k + 1));
        var swap = sending[k]; sending[k] = sending[j]; sending[j] = swap;
      }
      var gaveUp = 0;
      sending.forEach(function (client, index) {
        if (index < ok) {
          client.attempt = 0;
          client.next = t + wait(STORM.think, random);
        } else if (++client.attempt >= STORM.maxAttempts) {
          gaveUp++;
          client.attempt = 0;
          client.next = t + wait(STORM.reissue, random);
        } else {
          client.next = t + delay(preset, client.attempt, random);
        }
      });
      ticks.push([sending.length, ok, gaveUp]);
    }
    return ticks;
  }

  // The figures of a run so far: peak load once the service is back, attempts, calls given up, recovery after the outage.
  function figures(ticks) {
    var peak = 0, attempts = 0, gaveUp = 0, lastFailure = -1;
    ticks.forEach(function (tick, t) {
      if (t >= STORM.outage[1]) peak = Math.max(peak, tick[0]);
      attempts += tick[0];
      gaveUp += tick[2];
      if (t >= STORM.outage[1] && tick[1] < tick[0]) lastFailure = t;
    });
    var done = ticks.length >= STORM.ticks;
    var failingAtEnd = lastFailure >= STORM.ticks - 10;
    var recovery = !done ? null : failingAtEnd ? Infinity :
      Math.max(0, lastFailure + 1 - STORM.outage[1]) * STORM.tickSeconds;
    return { peak: peak / STORM.tickSeconds, attempts: attempts, gaveUp: gaveUp, recovery: recovery };
  }

  if (typeof module === "object" && module.exports) {
    module.exports = { STORM: STORM, simulate: simulate, figures: figures };
    return;
  }

  var lab = window.DocentLab;
  var COLORS = { load: "#c2410c", ok: "#16a34a", capacity: "#374151", outage: "#fee2e2", grid: "#e5e7eb", ink: "#374151" };

  function Engine(root) {
    this.root = root;
    this.chart = root.querySelector("[data-lab-chart]");
    this.ticks = [];
  }

  Engine.prototype.clear = function () {
    this.ticks = [];
    this.stats();
    this.draw();
  };

  Engine.prototype.start = function (run) {
    var self = this;
    var all = simulate(run.preset, lab.random(STORM.seed));
    var index = 0;
    self.ticks = [];
    function next() {
      // Five ticks a frame: half a second of the storm in 80 ms.
      for (var i = 0; i < 5 && index < all.length; i++) self.ticks.push(all[index++]);
      self.stats();
      self.draw();
      if (index >= all.length) {
        self.result(run.preset);
        return Promise.resolve(self.summary());
      }
      return lab.pause(80, run.signal).then(next);
    }
    return next();
  };

  Engine.prototype.summary = function () {
    var f = figures(this.ticks);
    var head = "Finished: " + f.attempts.toLocaleString("en") + " attempts, " + f.gaveUp + " calls given up; ";
    if (f.recovery === Infinity) return head + "the storm outlived the outage: still failing 22 s after the service came back.";
    return head + "every call succeeded again " + f.recovery.toFixed(1) + " s after the service came back.";
  };

  Engine.prototype.stats = function () {
    var f = figures(this.ticks);
    var last = this.ticks[this.ticks.length - 1] || [0, 0, 0];
    var values = {
      time: (this.ticks.length * STORM.tickSeconds).toFixed(1) + " s",
      load: (last[0] / STORM.tickSeconds).toFixed(0) + " /s",
      attempts: f.attempts.toLocaleString("en"),
      gaveup: String(f.gaveUp)
    };
    lab.stats(this.root, values);
  };

  Engine.prototype.result = function (preset) {
    var f = figures(this.ticks);
    var cells = {
      peak: f.peak.toLocaleString("en") + " /s",
      attempts: f.attempts.toLocaleString("en"),
      gaveup: String(f.gaveUp),
      recovery: f.recovery === Infinity ? "not within 22 s" : f.recovery.toFixed(1) + " s"
    };
    Object.keys(cells).forEach(function (key) {
      var cell = document.querySelector("[data-lab-result=\"" + preset + ":" + key + "\"]");
      if (cell) cell.textContent = cells[key];
    });
  };

  Engine.prototype.draw = function () {
    if (!this.chart) return;
    var frame = lab.frame(this.chart);
    var g = frame.g, pad = frame.pad, w = frame.w, h = frame.h;
    var top = STORM.clients + 10;
    var x = function (t) { return pad.left + w * t / STORM.ticks; };
    var y = function (calls) { return pad.top + h * (1 - calls / top); };
    g.fillStyle = COLORS.outage;
    g.fillRect(x(STORM.outage[0]), pad.top, x(STORM.outage[1]) - x(STORM.outage[0]), h);
    g.fillStyle = "#991b1b";
    g.textAlign = "center";
    g.fillText("service down", (x(STORM.outage[0]) + x(STORM.outage[1])) / 2, pad.top + 12);
    g.lineWidth = 1;
    for (var calls = 0; calls <= STORM.clients; calls += 50) {
      g.strokeStyle = COLORS.grid;
      g.beginPath(); g.moveTo(pad.left, y(calls)); g.lineTo(pad.left + w, y(calls)); g.stroke();
      g.fillStyle = COLORS.ink;
      g.textAlign = "right";
      g.fillText((calls / STORM.tickSeconds).toLocaleString("en") + "/s", pad.left - 6, y(calls) + 4);
    }
    g.textAlign = "center";
    for (var s = 0; s <= 30; s += 5) g.fillText(s + " s", x(s / STORM.tickSeconds), pad.top + h + 18);

    var ticks = this.ticks;
    var barWidth = Math.max(1, w / STORM.ticks);
    g.fillStyle = COLORS.ok;
    ticks.forEach(function (tick, t) { g.fillRect(x(t), y(tick[1]), barWidth, y(0) - y(tick[1])); });
    g.strokeStyle = COLORS.load;
    g.lineWidth = 1.5;
    g.beginPath();
    ticks.forEach(function (tick, t) {
      if (t === 0) g.moveTo(x(t), y(tick[0])); else g.lineTo(x(t), y(tick[0]));
    });
    g.stroke();
    g.setLineDash([5, 4]);
    g.strokeStyle = COLORS.capacity;
    g.lineWidth = 1;
    g.beginPath(); g.moveTo(pad.left, y(STORM.capacity)); g.lineTo(pad.left + w, y(STORM.capacity)); g.stroke();
    g.setLineDash([]);
    g.fillStyle = COLORS.ink;
    g.textAlign = "right";
    g.fillText("capacity " + (STORM.capacity / STORM.tickSeconds) + "/s", pad.left + w - 4, y(STORM.capacity) - 5);
  };

  lab.mount("storm", function (root) { return new Engine(root); });
})();
