/*
 * A server-sent events parser for fetch() streams (EventSource cannot POST).
 *
 * Follows the HTML standard's event-stream interpretation: lines end in CRLF, LF or CR (a CR
 * at the end of one chunk and an LF at the start of the next are one line end); a line starting
 * with ":" is a comment; "data" lines join with "\n"; an empty line dispatches; an event with no
 * data is dropped; a leading BOM is skipped. Chunks may split anywhere, even inside a character.
 *
 *   const parser = new SseParser();
 *   parser.push(uint8ArrayOrString) -> [{event, data, id}]   events completed by this chunk
 *   parser.end()                    -> []                     (an unterminated event is dropped)
 *   readEvents(response, onEvent) -> Promise                 reads a fetch Response to its end
 */

export class SseParser {
  constructor() {
    this.decoder = typeof TextDecoder !== "undefined" ? new TextDecoder("utf-8") : null;
    this.buffer = "";
    this.started = false;
    this.skipLf = false; // the last chunk ended in CR: an LF first in the next one is the same line end
    this.reset();
    this.lastId = "";
  }

  reset() {
    this.event = "";
    this.data = [];
    this.hasData = false;
  }

  push(chunk) {
    const text = typeof chunk === "string" ? chunk : this.decoder.decode(chunk, { stream: true });
    return this.feed(text);
  }

  end() {
    const events = this.decoder ? this.feed(this.decoder.decode()) : [];
    this.buffer = "";
    this.reset();
    return events;
  }

  feed(text) {
    const out = [];
    if (!text) return out;
    if (this.skipLf) {
      if (text.charAt(0) === "\n") text = text.slice(1);
      this.skipLf = false;
    }
    let buffer = this.buffer + text;
    if (!this.started && buffer.length) {
      if (buffer.charCodeAt(0) === 0xfeff) buffer = buffer.slice(1);
      this.started = buffer.length > 0;
    }
    let pos = 0;
    for (let end = this.lineEnd(buffer, pos); end; end = this.lineEnd(buffer, pos)) {
      this.line(buffer.slice(pos, end.cut), out);
      pos = end.next;
    }
    this.buffer = buffer.slice(pos);
    return out;
  }

  /* The next line end from pos: where the line stops (cut) and the next begins (next); null where none is whole. */
  lineEnd(buffer, pos) {
    const cr = buffer.indexOf("\r", pos), lf = buffer.indexOf("\n", pos);
    if (cr < 0 && lf < 0) return null;
    if (cr < 0 || (lf >= 0 && lf < cr)) return { cut: lf, next: lf + 1 };
    if (cr + 1 < buffer.length) return { cut: cr, next: buffer.charAt(cr + 1) === "\n" ? cr + 2 : cr + 1 };
    this.skipLf = true;
    return { cut: cr, next: cr + 1 };
  }

  line(line, out) {
    if (line === "") {
      if (this.hasData) out.push({ event: this.event || "message", data: this.data.join("\n"), id: this.lastId });
      this.reset();
      return;
    }
    if (line.charAt(0) === ":") return;
    const colon = line.indexOf(":");
    let field = line, value = "";
    if (colon >= 0) {
      field = line.slice(0, colon);
      value = line.slice(colon + 1);
      if (value.charAt(0) === " ") value = value.slice(1);
    }
    if (field === "event") this.event = value;
    else if (field === "data") { this.data.push(value); this.hasData = true; }
    else if (field === "id" && value.indexOf("\u0000") < 0) this.lastId = value;
    // "retry" and unknown fields are ignored: the panel does not reconnect on its own.
  }
}

/* Reads a fetch Response's body to its end, calling onEvent({event, data, id}) for each event. */
export async function readEvents(response, onEvent) {
  const parser = new SseParser();
  const reader = response.body.getReader();
  for (;;) {
    const step = await reader.read();
    const events = step.done ? parser.end() : parser.push(step.value);
    for (const event of events) onEvent(event);
    if (step.done) return;
  }
}
