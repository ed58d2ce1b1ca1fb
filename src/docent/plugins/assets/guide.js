/*
 * The sidecar's guide API, as the panel calls it: status, challenge, conversation, questions
 * (a text/event-stream read with sse.js's readEvents), forget. No cookies: the conversation
 * token travels in the body.
 */
import { readEvents } from "./sse.js";

export class GuideError extends Error {
  constructor(status, message, code) {
    super(message);
    this.name = "GuideError";
    this.status = status;
    this.code = code || "";
  }
}

const unreachable = () => new GuideError(0, "The guide can't be reached right now.", "network");

/* The sidecar's own words in a failed response's JSON, where it gave any: {message, code}. */
function said(text) {
  try {
    const body = JSON.parse(text);
    const detail = body.error && typeof body.error === "object" ? body.error : body;
    return {
      message: detail.message || detail.detail || (typeof body.error === "string" ? body.error : ""),
      code: detail.code || (typeof body.error === "string" ? body.error : "")
    };
  } catch (ignored) {
    return { message: "", code: "" };
  }
}

/* The error a failed response carries, in the sidecar's words when it gave any. */
async function failure(response) {
  const retry = response.headers.get("Retry-After");
  let text;
  try {
    text = await response.text();
  } catch (ignored) {
    return new GuideError(response.status, `The guide answered ${response.status}.`, "");
  }
  const found = said(text);
  let message = found.message || `The guide answered ${response.status}.`;
  if (response.status === 429 && /^\d+$/.test(retry || "") && !/try again/i.test(message)) {
    message += ` Try again in ${retry}${retry === "1" ? " second." : " seconds."}`;
  }
  return new GuideError(response.status, String(message), String(found.code));
}

/* The response a request gets, or the GuideError of a guide that cannot be reached. */
async function reached(request) {
  try {
    return await request;
  } catch (ignored) {
    throw unreachable();
  }
}

async function json(request) {
  const response = await reached(request);
  if (!response.ok) throw await failure(response);
  return response.json();
}

function post(url, body, init) {
  return fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Accept": "application/json" },
    body: JSON.stringify(body),
    credentials: "omit",
    cache: "no-store",
    ...init
  });
}

export class Guide {
  constructor(base) {
    this.base = base; // ".../api/guide"
  }

  status() {
    return json(fetch(this.base, { credentials: "omit", cache: "no-store", headers: { "Accept": "application/json" } }));
  }

  challenge() {
    return json(post(`${this.base}/challenge`, { purpose: "guide" }));
  }

  open(proof) {
    return json(post(`${this.base}/conversations`, { proof }));
  }

  async forget(token) {
    try {
      return await fetch(`${this.base}/conversations`, {
        method: "DELETE",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ conversation: token }),
        credentials: "omit",
        keepalive: true
      });
    } catch (ignored) {
      return null;
    }
  }

  /* POSTs a question or a reply; calls onEvent(name, data) for each event; resolves at the stream's end. */
  async ask(body, onEvent, onAccepted) {
    const request = post(`${this.base}/questions`, body, {
      headers: { "Content-Type": "application/json", "Accept": "text/event-stream" }
    });
    const response = await reached(request);
    if (!response.ok) throw await failure(response);
    const type = response.headers.get("Content-Type") || "";
    if (type.indexOf("text/event-stream") < 0 || !response.body) {
      throw new GuideError(response.status, "The guide answered in a form the panel cannot read.", "format");
    }
    if (onAccepted) onAccepted();
    return readEvents(response, (raw) => {
      let data = null;
      try {
        data = raw.data ? JSON.parse(raw.data) : {};
      } catch (ignored) {
        return; // a line the panel cannot read is skipped, not shown
      }
      onEvent(raw.event, data && typeof data === "object" ? data : {});
    });
  }

  /* The proof a solved challenge makes: base64 of its JSON, as ALTCHA v1 has it. */
  static proof(challenge, number) {
    const text = JSON.stringify({
      algorithm: challenge.algorithm || "SHA-256",
      challenge: challenge.challenge,
      number,
      salt: challenge.salt,
      signature: challenge.signature
    });
    const bytes = new TextEncoder().encode(text);
    return btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(""));
  }
}
