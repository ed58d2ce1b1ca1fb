/*
 * Docent's proof-of-work solver, run in a Web Worker so the page never stalls. An ES module: the build
 * links it and the SHA-256 it imports into one classic script, docent/worker.js (one request, not two).
 *
 * in:  {salt, challenge, maxnumber}           (an ALTCHA v1 challenge, algorithm SHA-256)
 * out: {type: "progress", tried, max}         after each batch
 *      {type: "solved", number, tried, ms}    sha256(salt + number) == challenge
 *      {type: "failed", message}              no number up to maxnumber, or a bad challenge
 */
import { search } from "./sha256.js";

const BATCH = 20000; // tries between progress reports: about 10 ms each on a laptop

self.onmessage = (message) => {
  const task = message.data || {};
  const max = Number(task.maxnumber);
  if (String(task.algorithm || "SHA-256").toUpperCase() !== "SHA-256" ||
      typeof task.salt !== "string" || !/^[0-9a-f]{64}$/i.test(String(task.challenge)) ||
      !(max >= 0)) {
    self.postMessage({ type: "failed", message: "The challenge is not one this panel can solve." });
    return;
  }
  const began = Date.now();
  const challenge = String(task.challenge).toLowerCase();
  for (let from = 0; from <= max; from += BATCH) {
    const to = Math.min(max, from + BATCH - 1);
    const found = search(task.salt, challenge, from, to);
    if (found >= 0) {
      self.postMessage({ type: "solved", number: found, tried: found + 1, ms: Date.now() - began });
      return;
    }
    self.postMessage({ type: "progress", tried: to + 1, max: max + 1 });
  }
  self.postMessage({ type: "failed", message: `No answer to the challenge up to ${max}.` });
};
