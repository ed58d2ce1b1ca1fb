/*
 * The conversation with the guide, as the panel keeps it: whether the guide answers as Docent's (check), the
 * status, the proof of work and the token (prepare, start), and forgetting it. The guide's words about itself
 * (why it is off, that it answers offline, that a conversation may reach a disk) are the status reply's `says`,
 * written once in the sidecar (sidecar/answer/policy.py); the panel shows them as given.
 */
import { Guide, GuideError } from "./guide.js";
import { solve } from "./proof.js";

const CHECKED_FOR_MS = 5 * 60 * 1000; // a tab's pages trust one check for this long

/* Why the guide is off, in the words the status reply gives (`says.off`). */
const offWords = (status) => {
  const said = status && status.says && status.says.off;
  return said ? String(said) : "The guide is off right now.";
};

export class Conversation {
  /* guide: the sidecar's API; store: the tab's store; workerURL: the proof-of-work worker's (vetted) URL;
     missing: the manifest could not be read; ready(): the guide is ready for a question (the panel goes idle). */
  constructor({ guide, store, workerURL, missing, ready }) {
    this.guide = guide;
    this.store = store;
    this.workerURL = workerURL;
    this.missing = missing;
    this.ready = ready;
    this.view = null;        // the panel's view on this page, once bound
    this.reachable = true;   // the guide's API answered as Docent's, and is not switched off (check)
    this.switchedOff = false;
    this.says = {};          // the guide's words about itself, as its status reply gives them
    this.offline = false;
    this.degraded = false;   // the offline model stands in for the site's usual one
    this.onDisk = false;     // the owner lets conversations be written to a disk
    this.preparing = null;
  }

  /* Whether the guide's API answers as Docent's; without it the button stays away and the console says why,
     for the owner. A tab remembers a good answer a while, so its next pages cost no request. */
  async check() {
    const checked = this.store.get("checked");
    if (this.missing) return true; // the panel says so when opened
    if (checked && checked.base === this.guide.base && Date.now() - checked.at < CHECKED_FOR_MS) return true;
    try {
      return this.answered(await this.guide.status());
    } catch (error) {
      return this.unanswered(error);
    }
  }

  answered(status) {
    if (!status || typeof status.on !== "boolean") throw new Error("answered, but not as Docent's guide (its JSON has no `on`)");
    if (!status.on && status.why === "switched_off") {
      // Switched off by its owner: no button to press for nothing (the assistant page's own panel says why).
      this.reachable = false;
      this.switchedOff = true;
      this.says = status.says || {};
      if (window.console) console.info("Docent: the guide's button is hidden: the guide is switched off " +
        "(docent serve --enable, or DOCENT_ENABLED=1, turns it on).");
      return false;
    }
    this.store.set("checked", { base: this.guide.base, at: Date.now() });
    return true;
  }

  unanswered(error) {
    // A busy or troubled guide still answers as Docent's (its own error, in JSON): the button stays.
    if (error instanceof GuideError && error.code && (error.status === 429 || error.status >= 500)) return true;
    const why = error instanceof GuideError
      ? (error.status ? `answered ${error.status}` : "could not be reached")
      : (error instanceof SyntaxError ? "answered, but not with JSON" : error.message);
    this.reachable = false;
    if (window.console) {
      console.warn(`Docent: the guide's button is hidden: GET ${this.guide.base} ${why}. Run the sidecar ` +
        "(docent serve) at that address, or set the docent plugin's sidecar_url to where it runs.");
    }
    return false;
  }

  /* The guide's status and a token: resolves with the token once the guide is ready; one at a time. */
  prepare() {
    if (this.preparing) return this.preparing;
    if (this.missing || !this.reachable) return this.refuse();
    this.preparing = this.prepared();
    this.preparing.catch(() => {}); // reported in the panel; keeps the console clean
    return this.preparing;
  }

  /* No guide to ask (only the assistant page's own panel gets here): the panel says why. */
  refuse() {
    const [words, error] = this.missing
      ? ["The guide is not set up on this site: its manifest is missing.", new Error("no manifest")]
      : [this.switchedOff ? offWords({ says: this.says }) : "The guide is not running on this site right now.",
         new GuideError(0, "off", "off")];
    this.view.setStatus(words, "off");
    this.view.setOff(true);
    const none = Promise.reject(error);
    none.catch(() => {}); // said in the panel
    return none;
  }

  async prepared() {
    this.view.setStatus("Checking the guide…", "busy");
    let token;
    try {
      token = this.opened(await this.guide.status()) || await this.start();
    } catch (error) {
      this.preparing = null; // the next opening tries again
      if (error.code !== "off") {
        this.view.setProgress(null);
        this.view.setStatus(error.message || "The guide can't be reached right now.", "error");
      }
      throw error;
    }
    this.ready();
    return token;
  }

  /* The status reply read: the guide's words and state kept; the token this tab holds, if any. */
  opened(status) {
    if (!status || !status.on) {
      this.view.setOff(true);
      this.view.setStatus(offWords(status), "off");
      throw new GuideError(503, "off", "off");
    }
    this.view.setOff(false);
    this.says = status.says || {}; // the guide's words about itself, from its one home (sidecar/answer/policy.py)
    this.offline = Boolean(status.offline);
    this.degraded = Boolean(status.degraded);
    this.onDisk = status.on_disk === true;
    return this.store.get("token");
  }

  /* Asks for a challenge, solves it in the worker with progress shown, and opens a conversation: its token. */
  async start() {
    const view = this.view;
    view.setReady(false);
    view.setStatus("Getting the guide ready…", "busy");
    view.setProgress(0);
    const challenge = await this.guide.challenge();
    const number = await solve(this.workerURL, challenge, (fraction) => {
      view.setProgress(fraction);
      view.setStatus(`Getting the guide ready… ${Math.round(fraction * 100)}%`, "busy");
    });
    view.setProgress(1);
    view.setStatus("Opening a conversation…", "busy");
    const opened = await this.guide.open(Guide.proof(challenge, number));
    const token = opened && (opened.conversation || opened.token);
    if (!token) throw new GuideError(0, "The guide did not open a conversation.", "conversation");
    this.store.set("token", token);
    view.setProgress(null);
    return token;
  }

  /* What the status line says while the guide waits for a question: its words for how it answers now. */
  standing() {
    const says = this.says || {};
    let said = (this.degraded ? says.degraded : this.offline ? says.offline : "") || "";
    if (this.warnsOfDisk()) said = (said ? `${said} ` : "") + says.on_disk;
    return said;
  }

  /* Whether the standing words tell that the conversation may reach a disk: a notice the visitor must read whole,
     never cut to a line as the offline note is on a phone. */
  warnsOfDisk() {
    return this.onDisk && Boolean((this.says || {}).on_disk);
  }

  /* The guide forgets the conversation, and the tab its token, transcript and actions; the next opens anew. */
  forget() {
    const token = this.store.get("token");
    if (token) this.guide.forget(token);
    this.store.forget();
    this.preparing = null;
  }
}
