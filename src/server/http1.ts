/**
 * The server's HTTP/1.1 layer, on `Deno.listen`: it reads requests, hands
 * each to a `fetch`-style handler as a `Request`, and writes the `Response`.
 *
 * It exists for the bounds that `Deno.serve` does not give (docs/server.md,
 * "Bounds of a connection"):
 * - a request's head must be complete within `headTimeoutMs` of the
 *   connection's opening or of the end of its last answer, and be at most
 *   `headBytesMax` bytes: a client that sends its head a byte at a time, or
 *   nothing, is closed then;
 * - a response body that errors (a stream client dropped for taking nothing)
 *   closes the connection at once, even while a write waits for the client:
 *   what the client did not read is released, not kept behind a stalled
 *   write;
 * - nothing is buffered per connection beyond the chunk being written: the
 *   body stream is read one chunk at a time, when the last one was taken.
 *
 * Requests are read one at a time on a connection (keep-alive, pipelining
 * answered in order). Bodies: `Content-Length` or `chunked`. Answers carry
 * `Content-Length` when the body is known whole at once, else they are
 * `chunked` (HTTP/1.0: ended by closing).
 *
 * @module
 */

/** Options of {@link serveHttp1}. */
export interface Http1Options {
  hostname: string;
  port: number;
  /** Stops accepting, closes idle connections, and the rest after their answer. */
  signal: AbortSignal;
  /** The answer when the handler throws. */
  onError: (e: unknown) => Response;
  /**
   * From a connection's opening, or the end of its last answer, to the end
   * of the next request's head, in ms. Default {@link HEAD_TIMEOUT_MS}.
   */
  headTimeoutMs?: number;
  /** Largest request head, in bytes. Default {@link HEAD_BYTES_MAX}. */
  headBytesMax?: number;
  /** How long open answers may run on after `signal`, in ms. Default 2000. */
  closeGraceMs?: number;
}

/** A running server. */
export interface Http1Server {
  addr: Deno.NetAddr;
  /** Resolves when the listener and every connection are closed. */
  finished: Promise<void>;
}

/** Default bound of the time to a complete request head, in ms. */
export const HEAD_TIMEOUT_MS = 10_000;
/** Default bound of a request head's size, in bytes. */
export const HEAD_BYTES_MAX = 64 * 1024;
/** How long a refused request's connection reads on before it closes, in ms. */
const LINGER_MS = 2000;
/** How much it reads then, at most. */
const LINGER_BYTES_MAX = 1024 * 1024;
/** Most header lines a request may have. */
export const HEADERS_MAX = 100;

const enc = new TextEncoder();
const latin1 = new TextDecoder("latin1");
const CRLF = enc.encode("\r\n");
const LAST_CHUNK = enc.encode("0\r\n\r\n");

const REASONS: Record<number, string> = {
  100: "Continue",
  200: "OK",
  201: "Created",
  202: "Accepted",
  204: "No Content",
  206: "Partial Content",
  301: "Moved Permanently",
  302: "Found",
  303: "See Other",
  304: "Not Modified",
  307: "Temporary Redirect",
  308: "Permanent Redirect",
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  406: "Not Acceptable",
  408: "Request Timeout",
  409: "Conflict",
  410: "Gone",
  411: "Length Required",
  413: "Content Too Large",
  414: "URI Too Long",
  415: "Unsupported Media Type",
  416: "Range Not Satisfiable",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  431: "Request Header Fields Too Large",
  500: "Internal Server Error",
  501: "Not Implemented",
  503: "Service Unavailable",
  505: "HTTP Version Not Supported",
};

/** A request the protocol refuses: answered with `status` and closed. */
class Refusal extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

/**
 * Serves `handler` on `hostname:port` until `options.signal` aborts.
 *
 * @throws Deno.errors.AddrInUse, Deno.errors.NotCapable as `Deno.listen` does.
 */
export function serveHttp1(
  options: Http1Options,
  handler: (req: Request) => Response | Promise<Response>,
): Http1Server {
  const listener = Deno.listen({ hostname: options.hostname, port: options.port });
  const addr = listener.addr as Deno.NetAddr;
  const connections = new Set<Connection>();
  const settings: Settings = {
    headTimeoutMs: options.headTimeoutMs ?? HEAD_TIMEOUT_MS,
    headBytesMax: options.headBytesMax ?? HEAD_BYTES_MAX,
    origin: `http://${
      addr.hostname.includes(":") ? `[${addr.hostname}]` : addr.hostname
    }:${addr.port}`,
    handler,
    onError: options.onError,
  };
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    try {
      listener.close();
    } catch { /* closed */ }
    for (const c of connections) c.shutdown();
    const grace = setTimeout(() => {
      for (const c of connections) c.close();
    }, options.closeGraceMs ?? 2000);
    Deno.unrefTimer(grace);
  };
  options.signal.addEventListener("abort", stop, { once: true });
  const finished = (async () => {
    const running = new Set<Promise<void>>();
    try {
      for await (const conn of listener) {
        if (stopping) {
          conn.close();
          continue;
        }
        try {
          conn.setNoDelay(true);
        } catch { /* not a TCP connection */ }
        const c = new Connection(conn, settings);
        connections.add(c);
        const p: Promise<void> = c.serve().finally(() => {
          connections.delete(c);
          running.delete(p);
        });
        running.add(p);
      }
    } catch {
      // The listener was closed.
    }
    stop();
    await Promise.allSettled([...running]);
  })();
  return { addr, finished };
}

interface Settings {
  headTimeoutMs: number;
  headBytesMax: number;
  /** The server's own origin: the base of a request without a usable `Host`. */
  origin: string;
  handler: (req: Request) => Response | Promise<Response>;
  onError: (e: unknown) => Response;
}

/** One parsed request head. */
interface Head {
  method: string;
  url: string;
  headers: Headers;
  http10: boolean;
  keepAlive: boolean;
  /** The body's framing: a length, or chunked. */
  body: { length: number } | { chunked: true };
  expectContinue: boolean;
}

/** Framings of chunks shared by many answers (one frame encoded once for every client). */
const framed = new WeakMap<Uint8Array, Uint8Array>();

function chunkFrame(chunk: Uint8Array): Uint8Array {
  let f = framed.get(chunk);
  if (f === undefined) {
    const size = enc.encode(chunk.byteLength.toString(16) + "\r\n");
    f = new Uint8Array(size.length + chunk.byteLength + 2);
    f.set(size, 0);
    f.set(chunk, size.length);
    f.set(CRLF, size.length + chunk.byteLength);
    framed.set(chunk, f);
  }
  return f;
}

let dateText = "";
let dateSecond = -1;
function httpDate(): string {
  const s = Math.floor(Date.now() / 1000);
  if (s !== dateSecond) {
    dateSecond = s;
    dateText = new Date(s * 1000).toUTCString();
  }
  return dateText;
}

/** One connection: reads requests one after the other and answers each. */
class Connection {
  readonly #conn: Deno.Conn;
  readonly #s: Settings;
  #buf = new Uint8Array(4096);
  #start = 0;
  #end = 0;
  /** Bytes received in all (the buffer's offsets move when it is compacted). */
  #received = 0;
  #eof = false;
  #closed = false;
  #reading = false;
  #wake: (() => void) | null = null;
  /** Called when the client goes away while an answer is written. */
  #onGone: (() => void) | null = null;
  #idle = true;
  #shuttingDown = false;
  /** Cap of bytes read ahead of what a request has used. */
  readonly #readAheadMax: number;

  constructor(conn: Deno.Conn, settings: Settings) {
    this.#conn = conn;
    this.#s = settings;
    this.#readAheadMax = settings.headBytesMax + 64 * 1024;
  }

  /** Closes the connection now (a pending write or read fails). */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    try {
      this.#conn.close();
    } catch { /* closed */ }
    this.#wakeUp();
    this.#onGone?.();
  }

  /** Closes the connection when it waits for a request; else after its answer. */
  shutdown(): void {
    this.#shuttingDown = true;
    if (this.#idle && this.#end === this.#start) this.close();
  }

  #wakeUp() {
    const w = this.#wake;
    this.#wake = null;
    w?.();
  }

  /** Keeps one read pending while there is room: so that a client's going away is seen. */
  #pump() {
    if (this.#reading || this.#eof || this.#closed) return;
    if (this.#end - this.#start >= this.#readAheadMax) return;
    this.#reading = true;
    (async () => {
      try {
        while (!this.#eof && !this.#closed && this.#end - this.#start < this.#readAheadMax) {
          this.#room();
          const n = await this.#conn.read(this.#buf.subarray(this.#end));
          if (n === null) {
            this.#eof = true;
            this.#onGone?.();
          } else {
            this.#end += n;
            this.#received += n;
          }
          this.#wakeUp();
        }
      } catch {
        this.#eof = true;
        this.#onGone?.();
        this.#wakeUp();
      } finally {
        this.#reading = false;
      }
    })();
  }

  /** Makes room at the end of the buffer for a read. */
  #room() {
    if (this.#end < this.#buf.length) return;
    const used = this.#end - this.#start;
    if (this.#start > 0 && used <= this.#buf.length / 2) {
      this.#buf.copyWithin(0, this.#start, this.#end);
    } else {
      const bigger = new Uint8Array(Math.max(4096, this.#buf.length * 2));
      bigger.set(this.#buf.subarray(this.#start, this.#end));
      this.#buf = bigger;
    }
    this.#start = 0;
    this.#end = used;
  }

  /** Waits for more bytes; false at the end of the client's input. */
  async #more(): Promise<boolean> {
    if (this.#closed) return false;
    const had = this.#received;
    this.#pump();
    while (this.#received === had && !this.#eof && !this.#closed) {
      await new Promise<void>((resolve) => this.#wake = resolve);
    }
    return this.#received > had;
  }

  #consume(n: number) {
    this.#start += n;
    // A pending read writes at the old end: the buffer moves only between reads.
    if (this.#start === this.#end && !this.#reading) this.#start = this.#end = 0;
    this.#pump();
  }

  async #write(bytes: Uint8Array): Promise<void> {
    let off = 0;
    while (off < bytes.length) {
      off += await this.#conn.write(off === 0 ? bytes : bytes.subarray(off));
    }
  }

  async serve(): Promise<void> {
    try {
      for (;;) {
        this.#idle = true;
        if (this.#shuttingDown && this.#end === this.#start) return;
        let head: Head | null;
        try {
          head = await this.#readHead();
        } catch (e) {
          if (e instanceof Refusal) await this.#refuse(e);
          return;
        }
        if (head === null) return;
        this.#idle = false;
        const keepAlive = await this.#answer(head);
        if (!keepAlive || this.#closed || this.#shuttingDown) return;
      }
    } finally {
      this.close();
    }
  }

  /**
   * Reads a request head within the time bound. Null when the client closed
   * (or was closed) before sending one.
   */
  async #readHead(): Promise<Head | null> {
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      this.#wakeUp();
    }, this.#s.headTimeoutMs);
    try {
      let scanned = 0;
      for (;;) {
        // Empty lines before a request line are skipped (RFC 9112, 2.2).
        while (
          this.#end > this.#start &&
          (this.#buf[this.#start] === 0x0a ||
            (this.#buf[this.#start] === 0x0d && this.#end - this.#start >= 2 &&
              this.#buf[this.#start + 1] === 0x0a))
        ) {
          this.#consume(this.#buf[this.#start] === 0x0a ? 1 : 2);
          scanned = 0;
        }
        const end = headEnd(this.#buf, this.#start + scanned, this.#start, this.#end);
        if (end >= 0) {
          const text = latin1.decode(this.#buf.subarray(this.#start, end));
          this.#consume(end - this.#start);
          return parseHead(text, this.#s.origin);
        }
        scanned = Math.max(0, this.#end - this.#start - 3);
        if (this.#end - this.#start > this.#s.headBytesMax) {
          throw new Refusal(431, `The request's head is larger than ${this.#s.headBytesMax} bytes`);
        }
        if (timedOut) {
          if (this.#end === this.#start) return null;
          throw new Refusal(
            408,
            `The request's head did not arrive within ${this.#s.headTimeoutMs} ms`,
          );
        }
        if (!(await this.#moreOrTimeout(() => timedOut))) {
          if (timedOut) continue;
          return null;
        }
      }
    } finally {
      clearTimeout(timer);
    }
  }

  async #moreOrTimeout(timedOut: () => boolean): Promise<boolean> {
    if (this.#closed) return false;
    const had = this.#received;
    this.#pump();
    while (this.#received === had && !this.#eof && !this.#closed && !timedOut()) {
      await new Promise<void>((resolve) => this.#wake = resolve);
    }
    return this.#received > had;
  }

  /**
   * Answers a request the protocol refuses: its status and reason, no body
   * (the application never saw it), and the connection is closed.
   */
  async #refuse(r: Refusal): Promise<void> {
    const head = `HTTP/1.1 ${r.status} ${REASONS[r.status] ?? ""}\r\ndate: ${httpDate()}\r\n` +
      `x-taskline-refused: ${r.message}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`;
    try {
      await this.#write(enc.encode(head));
      // A lingering close: what the client still sends is read and dropped
      // for a moment, so that closing does not reset the connection before
      // the client has read the answer.
      await this.#conn.closeWrite();
      const until = Date.now() + LINGER_MS;
      let dropped = 0;
      const timer = setTimeout(() => this.close(), LINGER_MS);
      try {
        while (Date.now() < until && dropped < LINGER_BYTES_MAX) {
          dropped += this.#end - this.#start;
          this.#consume(this.#end - this.#start);
          if (!(await this.#more())) break;
        }
      } finally {
        clearTimeout(timer);
      }
    } catch { /* the client is gone */ }
  }

  /** Answers one request; whether the connection can take another. */
  async #answer(head: Head): Promise<boolean> {
    const body = new RequestBody(this, head);
    const abort = new AbortController();
    const hasBody = "chunked" in head.body || head.body.length > 0;
    let req: Request;
    try {
      req = new Request(head.url, {
        method: head.method,
        headers: head.headers,
        body: hasBody && head.method !== "GET" && head.method !== "HEAD" ? body.stream() : null,
        signal: abort.signal,
      });
    } catch {
      // A method `Request` refuses (CONNECT, TRACE, TRACK): none is served here.
      await this.#refuse(new Refusal(405, `The method ${head.method} is not served here`));
      return false;
    }
    let res: Response;
    try {
      res = await this.#s.handler(req);
    } catch (e) {
      res = this.#s.onError(e);
    }
    // A body the handler did not read to its end ends the connection with
    // this answer: what follows it on the connection cannot be trusted to be
    // a request.
    const keepAlive = head.keepAlive && !this.#shuttingDown && (!hasBody || body.done);
    try {
      await this.#writeResponse(head, res, keepAlive);
    } catch {
      abort.abort();
      return false;
    }
    return keepAlive && !this.#eof;
  }

  async #writeResponse(head: Head, res: Response, keepAlive: boolean): Promise<void> {
    const status = res.status;
    let lines = `HTTP/1.1 ${status} ${res.statusText || REASONS[status] || ""}\r\n`;
    let hasDate = false;
    for (const [name, value] of res.headers) {
      if (
        name === "content-length" || name === "transfer-encoding" || name === "connection" ||
        name === "keep-alive"
      ) continue;
      if (name === "date") hasDate = true;
      lines += `${name}: ${value}\r\n`;
    }
    if (!hasDate) lines += `date: ${httpDate()}\r\n`;
    if (!keepAlive) lines += "connection: close\r\n";
    const noBody = head.method === "HEAD" || status === 204 || status === 304 ||
      (status >= 100 && status < 200);
    if (noBody || res.body === null) {
      if (res.body !== null) await res.body.cancel().catch(() => {});
      if (!noBody) lines += "content-length: 0\r\n";
      await this.#write(enc.encode(lines + "\r\n"));
      return;
    }
    const reader = res.body.getReader();
    let active = true;
    // A body that errors (a dropped stream client) ends the connection at
    // once, even while a write waits for the client.
    reader.closed.catch(() => {
      if (active) this.close();
    });
    this.#onGone = () => void reader.cancel().catch(() => {});
    try {
      const first = await reader.read();
      if (first.done) {
        await this.#write(enc.encode(lines + "content-length: 0\r\n\r\n"));
        return;
      }
      // Is the body whole already? A second read that settles before the
      // next task says so; one that does not is a stream.
      const second = reader.read();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const settled = await Promise.race([
        second.then(() => true, () => true),
        new Promise<false>((r) => timer = setTimeout(() => r(false), 0)),
      ]);
      clearTimeout(timer);
      if (settled) {
        const s = await second;
        if (s.done) {
          const bytes = first.value;
          await this.#write(
            concat(enc.encode(lines + `content-length: ${bytes.byteLength}\r\n\r\n`), bytes),
          );
          return;
        }
        await this.#streamBody(head, lines, reader, [first.value, s.value]);
        return;
      }
      await this.#streamBody(head, lines, reader, [first.value], second);
    } finally {
      this.#onGone = null;
      active = false;
      reader.releaseLock();
    }
  }

  async #streamBody(
    head: Head,
    lines: string,
    reader: ReadableStreamDefaultReader<Uint8Array>,
    chunks: Uint8Array[],
    next?: Promise<ReadableStreamReadResult<Uint8Array>>,
  ): Promise<void> {
    const chunked = !head.http10;
    const frame = (c: Uint8Array) => chunked ? chunkFrame(c) : c;
    const start = enc.encode(lines + (chunked ? "transfer-encoding: chunked\r\n\r\n" : "\r\n"));
    await this.#write(concat(start, ...chunks.map(frame)));
    for (;;) {
      if (this.#closed) throw new Error("closed");
      const r = next !== undefined ? await next : await reader.read();
      next = undefined;
      if (r.done) break;
      if (r.value.byteLength === 0) continue;
      await this.#write(frame(r.value));
    }
    if (chunked) await this.#write(LAST_CHUNK);
    // HTTP/1.0: the end of the body is the end of the connection.
    else this.close();
  }

  // --- for RequestBody ---

  /** Bytes read and not used yet. */
  get buffered(): Uint8Array {
    return this.#buf.subarray(this.#start, this.#end);
  }

  /** Uses `n` buffered bytes. */
  use(n: number): void {
    this.#consume(n);
  }

  /** Waits for more bytes; false when the client's input ended. */
  more(): Promise<boolean> {
    return this.#more();
  }

  /** Sends `100 Continue`. */
  async sendContinue(): Promise<void> {
    await this.#write(enc.encode("HTTP/1.1 100 Continue\r\n\r\n"));
  }
}

/** A request's body, read from the connection as the handler asks for it. */
class RequestBody {
  readonly #c: Connection;
  readonly #head: Head;
  /** Bytes of the body (or of the current chunk) left. */
  #left: number;
  #chunked: boolean;
  /** Chunked: the last chunk and the trailer were read. */
  done = false;
  started = false;

  constructor(c: Connection, head: Head) {
    this.#c = c;
    this.#head = head;
    this.#chunked = "chunked" in head.body;
    this.#left = "length" in head.body ? head.body.length : 0;
    if (!this.#chunked && this.#left === 0) this.done = true;
  }

  stream(): ReadableStream<Uint8Array> {
    return new ReadableStream<Uint8Array>({
      pull: async (controller) => {
        try {
          const bytes = await this.#next();
          if (bytes === null) controller.close();
          else controller.enqueue(bytes);
        } catch (e) {
          controller.error(e);
        }
      },
    });
  }

  /** The next piece of the body, or null at its end. */
  async #next(): Promise<Uint8Array | null> {
    if (this.done) return null;
    if (!this.started) {
      this.started = true;
      if (this.#head.expectContinue) await this.#c.sendContinue();
    }
    if (this.#chunked && this.#left === 0) {
      const size = await this.#chunkSize();
      if (size === 0) {
        await this.#trailer();
        this.done = true;
        return null;
      }
      this.#left = size;
    }
    while (this.#c.buffered.length === 0) {
      if (!(await this.#c.more())) throw new Error("The client closed inside the request's body");
    }
    const b = this.#c.buffered;
    const n = Math.min(b.length, this.#left);
    const out = b.slice(0, n);
    this.#c.use(n);
    this.#left -= n;
    if (this.#left === 0) {
      if (this.#chunked) await this.#crlf();
      else this.done = true;
    }
    return out;
  }

  /** One line of the chunked framing, without its line end. */
  async #line(): Promise<string> {
    for (;;) {
      const b = this.#c.buffered;
      const lf = b.indexOf(0x0a);
      if (lf >= 0) {
        const line = latin1.decode(b.subarray(0, lf > 0 && b[lf - 1] === 0x0d ? lf - 1 : lf));
        this.#c.use(lf + 1);
        return line;
      }
      if (b.length > 4096) throw new Error("A chunk's size line is too long");
      if (!(await this.#c.more())) throw new Error("The client closed inside the request's body");
    }
  }

  async #chunkSize(): Promise<number> {
    const line = await this.#line();
    const m = /^([0-9a-fA-F]{1,12})[ \t]*(;.*)?$/.exec(line);
    if (!m) throw new Error("The request's chunked body is malformed");
    return parseInt(m[1], 16);
  }

  async #crlf(): Promise<void> {
    if ((await this.#line()) !== "") throw new Error("The request's chunked body is malformed");
  }

  async #trailer(): Promise<void> {
    for (let i = 0; i < HEADERS_MAX; i++) if ((await this.#line()) === "") return;
    throw new Error("The request's trailer is too long");
  }
}

/**
 * Where the head in `buf[from..to)` ends (the index after its empty line),
 * searching from `at`; -1 when it is not complete.
 */
function headEnd(buf: Uint8Array, at: number, from: number, to: number): number {
  let i = buf.indexOf(0x0a, Math.max(at, from));
  while (i >= 0 && i < to) {
    if (i + 1 < to && buf[i + 1] === 0x0a) return i + 2;
    if (i + 2 < to && buf[i + 1] === 0x0d && buf[i + 2] === 0x0a) return i + 3;
    i = buf.indexOf(0x0a, i + 1);
  }
  return -1;
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** Visible ASCII but the backslash: what a request target may hold. */
const TARGET = /^[\x21-\x5b\x5d-\x7e]+$/;
/** Field values: visible characters, obs-text, spaces and tabs (no controls). */
const FIELD_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/** Parses a request head (latin1 text, line ends included). */
function parseHead(text: string, origin: string): Head {
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].endsWith("\r")) lines[i] = lines[i].slice(0, -1);
  }
  while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  const requestLine = lines[0] ?? "";
  const parts = requestLine.split(" ");
  if (parts.length !== 3) throw new Refusal(400, "The request line is not METHOD TARGET VERSION");
  const [method, target, version] = parts;
  if (!TOKEN.test(method)) throw new Refusal(400, "The request's method is not a token");
  if (version !== "HTTP/1.1" && version !== "HTTP/1.0") {
    if (/^HTTP\/\d\.\d$/.test(version)) {
      throw new Refusal(400, `${version} is not served here: HTTP/1.1 is`);
    }
    throw new Refusal(400, "The request line has no HTTP version");
  }
  if (!TARGET.test(target)) {
    throw new Refusal(400, "The request target holds a character a URI may not hold");
  }
  const headerLines = lines.slice(1);
  if (headerLines.length > HEADERS_MAX) {
    throw new Refusal(431, `The request has more than ${HEADERS_MAX} header fields`);
  }
  const headers = new Headers();
  let host: string | null = null;
  const lengths: string[] = [];
  let te: string | null = null;
  for (const line of headerLines) {
    if (line.startsWith(" ") || line.startsWith("\t")) {
      throw new Refusal(400, "A header field is folded over lines (obs-fold)");
    }
    const colon = line.indexOf(":");
    if (colon <= 0) throw new Refusal(400, "A header line has no name and colon");
    const name = line.slice(0, colon);
    if (!TOKEN.test(name)) throw new Refusal(400, "A header's name is not a token");
    const value = line.slice(colon + 1).replace(/^[ \t]+|[ \t]+$/g, "");
    if (!FIELD_VALUE.test(value)) {
      throw new Refusal(400, "A header's value holds a control character");
    }
    const lower = name.toLowerCase();
    if (lower === "host") {
      if (host !== null) throw new Refusal(400, "The request has two Host headers");
      host = value;
    } else if (lower === "content-length") lengths.push(value);
    else if (lower === "transfer-encoding") te = te === null ? value : `${te}, ${value}`;
    headers.append(name, value);
  }
  const http10 = version === "HTTP/1.0";
  if (host === null && !http10) throw new Refusal(400, "An HTTP/1.1 request needs a Host header");
  let url: URL;
  if (target.startsWith("/")) {
    const base = host !== null ? hostOrigin(host) : origin;
    url = new URL(target, base);
    // `new URL` reads `//x` as a host: keep the target a path.
    if (target.startsWith("//")) url = new URL(base + target);
  } else if (/^http:\/\//i.test(target)) {
    try {
      url = new URL(target);
    } catch {
      throw new Refusal(400, "The request target is not a URL");
    }
    if (host !== null && url.host !== new URL(hostOrigin(host)).host) {
      throw new Refusal(400, "The request target names another host than its Host header");
    }
  } else {
    throw new Refusal(400, "The request target must be a path (origin-form)");
  }
  let body: Head["body"] = { length: 0 };
  if (te !== null) {
    if (lengths.length > 0) {
      throw new Refusal(400, "The request has both Content-Length and Transfer-Encoding");
    }
    if (http10 || te.toLowerCase() !== "chunked") {
      throw new Refusal(400, "Transfer-Encoding other than chunked is not supported");
    }
    body = { chunked: true };
  } else if (lengths.length > 0) {
    const all = lengths.join(",").split(",").map((v) => v.trim());
    if (!all.every((v) => /^\d{1,15}$/.test(v)) || new Set(all).size !== 1) {
      throw new Refusal(400, "The request's Content-Length is not one number");
    }
    body = { length: Number(all[0]) };
  }
  const connection = (headers.get("connection") ?? "").toLowerCase();
  const keepAlive = !http10 && !connection.split(",").some((t) => t.trim() === "close");
  // Expectations other than 100-continue are not met, and not refused either.
  const expect = headers.get("expect")?.toLowerCase() === "100-continue" ? "100-continue" : null;
  return {
    method,
    url: url.href,
    headers,
    http10,
    keepAlive,
    body,
    expectContinue: expect !== null && !http10,
  };
}

/** `http://<host>` of a Host header, refused unless it is a plain host and port. */
function hostOrigin(host: string): string {
  if (!/^[A-Za-z0-9.\-_~%!$&'()*+,;=:\[\]]+$/.test(host)) {
    throw new Refusal(400, "The Host header is not a host");
  }
  try {
    const u = new URL(`http://${host}`);
    if (u.pathname !== "/" || u.username !== "" || u.password !== "") throw new Error();
    return u.origin;
  } catch {
    throw new Refusal(400, "The Host header is not a host");
  }
}

function concat(...parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0];
  let n = 0;
  for (const p of parts) n += p.byteLength;
  const out = new Uint8Array(n);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}
