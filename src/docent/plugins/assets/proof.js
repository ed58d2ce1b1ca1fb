/*
 * The proof of work, solved off the page: the worker (worker.js, vetted under Trusted Types) tries numbers and
 * reports how far it got; solve resolves with the number that answers the challenge. A page whose CSP keeps the
 * worker out, or a worker that fails, rejects with a GuideError that says so.
 */
import { GuideError } from "./guide.js";

/* workerURL: the worker's URL; progress(fraction): after each batch the worker reports, in [0, 1]. */
export const solve = (workerURL, challenge, progress) => new Promise((resolve, reject) => {
  let worker;
  try {
    worker = new Worker(workerURL);
  } catch (error) {
    reject(new GuideError(0, "This page does not let the guide start its worker.", "worker"));
    return;
  }
  worker.onmessage = (message) => {
    const data = message.data || {};
    if (data.type === "progress") {
      progress(data.tried / data.max);
      return;
    }
    worker.terminate();
    if (data.type === "solved") resolve(data.number);
    else reject(new GuideError(0, data.message || "The challenge could not be solved.", "challenge"));
  };
  worker.onerror = () => {
    worker.terminate();
    reject(new GuideError(0, "The guide's worker failed to start.", "worker"));
  };
  worker.postMessage(challenge);
});
