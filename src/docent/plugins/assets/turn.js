/*
 * One turn: a question, or a reply to a card, sent with what is on the screen and the actions that failed since
 * the last; the answer read as it streams (guide.js, sse.js), each event into the transcript, each action into
 * the queue. A conversation that expired or is full gets a new one for a question, said so in the transcript.
 * An answer that stops before its "done" is said to be cut short; one that ends having shown nothing (no
 * sentence, code, card, action, refusal or held line) says so, so that the question is never left alone.
 */

/* Each citation with its section's hash in this build, so that a later build can tell what changed. */
const pinned = (site, cites) => (Array.isArray(cites) ? cites : []).map((cite) => {
  const hash = cite && site.sectionHash(cite.id);
  if (!hash) return cite;
  const kept = { id: cite.id, title: cite.title, path: cite.path, hash };
  if (typeof cite.quote === "string" && cite.quote) kept.quote = cite.quote;
  return kept;
});

/* A sentence event as a transcript entry: its text, citations, inline marks, where it starts, whether it is a heading
 * the model wrote, and its cells where it is a table's row. */
const sentence = (site, data) => {
  const entry = { kind: "sentence", text: String(data.text || ""), cites: pinned(site, data.cites) };
  if (Array.isArray(data.spans) && data.spans.length) entry.spans = data.spans;
  if (data.item && typeof data.item === "object") {
    entry.item = { number: typeof data.item.number === "number" ? data.item.number : null };
  }
  if (data.line) entry.line = true;
  if (data.heading === true) entry.heading = true;
  const row = data.row && typeof data.row === "object" ? data.row : null;
  if (row && Array.isArray(row.cells)) {
    const cells = row.cells.filter((cell) => Array.isArray(cell) && cell.length === 2 &&
      Number.isInteger(cell[0]) && Number.isInteger(cell[1]) && cell[0] >= 0 && cell[0] <= cell[1] &&
      cell[1] <= entry.text.length);
    entry.row = { cells: cells.map((cell) => [cell[0], cell[1]]), header: row.header === true };
  }
  return entry;
};

/* The events that show the visitor something, and the line for an answer that had none of them. */
/* A code block's run of a longer block, as the stream says it: {run: [first, last, of]}, lines from 1; {} for none. */
const codeRun = (run) => Array.isArray(run) && run.length === 3 && run.every(Number.isInteger) &&
  run[0] >= 1 && run[0] <= run[1] && run[1] <= run[2] ? { run: run.slice() } : {};
const SHOWN = new Set(["sentence", "code", "held", "refused", "error", "card", "action"]);
const NOTHING = "The guide found nothing to show for this question. Asking it in other words may help.";

/* The guide no longer knows the conversation, or it has had all its questions. */
const ended = (error) => error.status === 404 || error.status === 410 || error.code === "unknown_conversation" ||
  error.code === "conversation_full";

export class Turn {
  /* The panel's parts this turn uses; body: {question} or {reply}. */
  constructor({ site, store, guide, screen, conversation, entries, queue }, body) {
    Object.assign(this, { site, store, guide, screen, conversation, entries, queue });
    this.body = body;
    this.ended = false; // the answer's "done" came
    this.shown = false; // an event of the answer showed something to the visitor
  }

  /* Sends the turn and reads its answer to the end; what went wrong is said in the transcript. */
  async run() {
    try {
      await this.answer();
    } catch (error) {
      if (error && error.code === "off") return;
      this.entries.add({ kind: "error", message: (error && error.message) || "Something went wrong." });
      return;
    }
    if (!this.ended) this.entries.add({ kind: "error", message: "The answer was cut short." });
    else if (!this.shown) this.entries.add({ kind: "info", text: NOTHING });
  }

  async answer() {
    await this.conversation.prepare();
    const token = this.store.get("token") || await this.conversation.start();
    try {
      await this.send(token);
    } catch (error) {
      if (!ended(error) || !this.body.question) throw error;
      // The conversation expired or was forgotten: a new one, said so.
      this.store.set("token", null);
      this.entries.add({ kind: "info", text: error.code === "conversation_full"
        ? "That conversation had all its questions; this question starts a new one, which does not remember it."
        : "The earlier conversation has ended; this question starts a new one." });
      await this.send(await this.conversation.start());
    }
  }

  send(token) {
    const failed = this.store.get("failed").slice();
    Object.assign(this.body, { conversation: token, screen: this.screen.read(), failed });
    const onEvent = (name, data) => {
      if (name === "done") this.ended = true;
      this.receive(name, data);
    };
    const onAccepted = () => this.store.set("failed", this.store.get("failed").slice(failed.length)); // reported once
    return this.guide.ask(this.body, onEvent, onAccepted);
  }

  receive(name, data) {
    if (SHOWN.has(name)) this.shown = true;
    switch (name) {
      case "sentence":
        this.entries.add(sentence(this.site, data));
        break;
      case "code":
        this.entries.add({ kind: "code", text: String(data.text || ""), language: String(data.language || ""),
                           cites: pinned(this.site, data.cites), ...codeRun(data.run) });
        break;
      case "held":
      case "refused":
        this.entries.add({ kind: name, reason: String(data.reason || ""), message: String(data.message || "") });
        break;
      case "error":
        this.entries.add({ kind: "error", code: String(data.code || ""),
                           message: String(data.message || "The guide failed to answer.") });
        break;
      case "card":
        this.entries.add({ kind: "card", card: data });
        break;
      case "action":
        this.queue.act(data);
        break;
      case "done":
        // The offline model answered for the site's usual one (its budget spent, or it is down): said once idle.
        if (data && data.model === "offline" && !this.conversation.offline) this.conversation.degraded = true;
        break;
      default:
        break; // start, and events this panel does not know, show nothing
    }
  }
}
