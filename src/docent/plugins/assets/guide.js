/*
 * The sidecar's guide API, as the panel calls it: status, challenge, conversation, questions
 * (a text/event-stream read with sse.js's readEvents), forget. No cookies: the conversation
 * token travels in the body.
 */
import { readEvents } from "./sse.js";

export function GuideError(status, message, code) {
  this.name = "GuideError";
  this.status = status;
  this.message = message;
  this.code = code || "";
}
GuideError.prototype = Object.create(Error.prototype);

export function Guide(base) {
  this.base = base; // ".../api/guide"
}

/* The error a failed response carries, in the sidecar's words when it gave any. */
function failure(response) {
  var retry = response.headers.get("Retry-After");
  return response.text().then(function (text) {
    var message = "", code = "";
    try {
      var body = JSON.parse(text);
      var detail = body.error && typeof body.error === "object" ? body.error : body;
      message = detail.message || detail.detail || (typeof body.error === "string" ? body.error : "");
      code = detail.code || (typeof body.error === "string" ? body.error : "");
    } catch (ignored) {
      message = "";
    }
    if (!message) message = "The guide answered " + response.status + ".";
    if (response.status === 429 && /^\d+$/.test(retry || "") && !/try again/i.test(message)) {
      message += " Try again in " + retry + (retry === "1" ? " second." : " seconds.");
    }
    return new GuideError(response.status, String(message), String(code));
  }, function () {
    return new GuideError(response.status, "The guide answered " + response.status + ".", "");
  });
}

function json(promise) {
  return promise.then(function (response) {
    if (!response.ok) return failure(response).then(function (error) { throw error; });
    return response.json();
  }, function () {
    throw new GuideError(0, "The guide can't be reached right now.", "network");
  });
}

function post(url, body, init) {
  var options = {
    method: "POST",
    headers: { "Content-Type": "application/json", "Accept": "application/json" },
    body: JSON.stringify(body),
    credentials: "omit",
    cache: "no-store"
  };
  for (var key in init || {}) options[key] = init[key];
  return fetch(url, options);
}

Guide.prototype.status = function () {
  return json(fetch(this.base, { credentials: "omit", cache: "no-store", headers: { "Accept": "application/json" } }));
};

Guide.prototype.challenge = function () {
  return json(post(this.base + "/challenge", { purpose: "guide" }));
};

Guide.prototype.open = function (proof) {
  return json(post(this.base + "/conversations", { proof: proof }));
};

Guide.prototype.forget = function (token) {
  return fetch(this.base + "/conversations", {
    method: "DELETE",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ conversation: token }),
    credentials: "omit",
    keepalive: true
  }).catch(function () { return null; });
};

/* POSTs a question or a reply; calls onEvent(name, data) for each event; resolves at the stream's end. */
Guide.prototype.ask = function (body, onEvent, onAccepted) {
  var request = post(this.base + "/questions", body, {
    headers: { "Content-Type": "application/json", "Accept": "text/event-stream" }
  });
  return request.then(function (response) {
    if (!response.ok) return failure(response).then(function (error) { throw error; });
    var type = response.headers.get("Content-Type") || "";
    if (type.indexOf("text/event-stream") < 0 || !response.body) {
      throw new GuideError(response.status, "The guide answered in a form the panel cannot read.", "format");
    }
    if (onAccepted) onAccepted();
    return readEvents(response, function (raw) {
      var data = null;
      try {
        data = raw.data ? JSON.parse(raw.data) : {};
      } catch (ignored) {
        return; // a line the panel cannot read is skipped, not shown
      }
      onEvent(raw.event, data && typeof data === "object" ? data : {});
    });
  }, function (error) {
    if (error instanceof GuideError) throw error;
    throw new GuideError(0, "The guide can't be reached right now.", "network");
  });
};

/* The proof a solved challenge makes: base64 of its JSON, as ALTCHA v1 has it. */
Guide.proof = function (challenge, number) {
  var text = JSON.stringify({
    algorithm: challenge.algorithm || "SHA-256",
    challenge: challenge.challenge,
    number: number,
    salt: challenge.salt,
    signature: challenge.signature
  });
  var bytes = new TextEncoder().encode(text), binary = "";
  for (var i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i]);
  return btoa(binary);
};
