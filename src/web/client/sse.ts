/**
 * Server-Sent Events read from a fetched stream, as the SSE specification
 * parses them: lines end with CRLF, LF or CR; `data` lines join with a
 * newline; a blank line dispatches; comments and unknown fields are skipped;
 * an `id` with a NUL is ignored. `onEvent(type, data, lastEventId)` gets
 * every event, whatever its type (an EventSource only gives the types a
 * listener was added for, so it would drop the types of a newer format).
 *
 * @module
 */
export class SseParser {
  rest = "";
  type = "";
  data: string[] = [];
  lastEventId = "";
  retryMs: number | null = null;
  readonly onEvent: (type: string, data: string, lastEventId: string) => void;

  constructor(onEvent: (type: string, data: string, lastEventId: string) => void) {
    this.onEvent = onEvent;
  }

  push(text: string): void {
    const s = this.rest + text;
    let at = 0;
    for (;;) {
      const m = /\r\n|\r|\n/g;
      m.lastIndex = at;
      const hit = m.exec(s);
      // A CR at the very end may be the first half of a CRLF: wait for more.
      if (!hit || (hit[0] === "\r" && hit.index === s.length - 1)) break;
      this.line(s.slice(at, hit.index));
      at = hit.index + hit[0].length;
    }
    this.rest = s.slice(at);
    if (this.rest.length > 16 * 1024 * 1024) throw new Error("an event stream line over 16 MB");
  }

  line(l: string): void {
    if (l === "") {
      if (this.data.length > 0) {
        this.onEvent(this.type || "message", this.data.join("\n"), this.lastEventId);
      }
      this.type = "";
      this.data = [];
      return;
    }
    if (l.startsWith(":")) return;
    const colon = l.indexOf(":");
    const field = colon < 0 ? l : l.slice(0, colon);
    let value = colon < 0 ? "" : l.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") this.type = value;
    else if (field === "data") this.data.push(value);
    else if (field === "id" && !value.includes("\0")) this.lastEventId = value;
    else if (field === "retry" && /^\d+$/.test(value)) this.retryMs = Number(value);
  }
}
