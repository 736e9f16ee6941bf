/**
 * The server's HTTP/1.1, on the connections of `Deno.listen` (the network
 * permission is all it takes).
 *
 * Why not `Deno.serve`: a response body there is a `ReadableStream` that the
 * runtime pumps into its own write buffer, one per connection. For a
 * thousand event streams that is a pending read and a buffer of up to 400 KB
 * per client, held whatever the client takes (docs/server.md, "Memory with
 * a thousand stream clients"). Here an event stream's bytes go from its
 * `SseStream` to the socket with one write per flush, the connection
 * shared by nobody, and nothing waits but what the client has not taken.
 * It also puts back the bounds `Deno.serve` lacks: a request's head and body
 * must arrive within {@link Http1Options.requestMsMax}, an idle keep-alive
 * connection is closed after {@link Http1Options.idleMsMax}, and past the
 * file descriptor limit the server waits and accepts again instead of
 * stopping.
 *
 * What it speaks: HTTP/1.1 and 1.0 requests (origin-form or absolute-form
 * targets), keep-alive and pipelining, bodies by `Content-Length` or
 * `chunked`, `Expect: 100-continue`; answers with `Content-Length` when the
 * body is known at once, else `chunked` (HTTP/1.0: until close); an event
 * stream is written until close (`Connection: close`). A request whose
 * framing is broken gets a bare 400 (431 for a head too large), as from any
 * HTTP server, and the connection closes: a client's mistake is never a 5xx.
 *
 * @module
 */
import { concatBytes } from "../codec/lines.ts";
import { TasklineError } from "../errors.ts";
import { statusText } from "./problem.ts";
import { sseOfBody, type SseSink, type SseStream, STREAM_HIGH_WATER_BYTES } from "./sse.ts";

/** Options of {@link listenHttp1}. */
export interface Http1Options {
  hostname: string;
  /** 0 takes a free port. */
  port: number;
  /** Answers a request. */
  handler: (req: Request) => Promise<Response>;
  /** Answers a request whose handler threw. */
  onError: (e: unknown) => Response;
  /** Told when accepting fails (past the descriptor limit); the server retries. */
  onAcceptError?: (e: Error) => void;
  /** An open connection with no request under way is closed after this long, in ms. Default 60000. */
  idleMsMax?: number;
  /** A request's head and body must arrive within this, from its first byte, in ms. Default 30000. */
  requestMsMax?: number;
  /** Largest request head, in bytes. Default 64 KiB. */
  headBytesMax?: number;
}

/** A running server. */
export interface Http1Server {
  readonly addr: Deno.NetAddr;
  /**
   * Stops accepting, closes idle connections and those that finish their
   * answer; resolves when every connection is closed (an event stream when
   * its stream ends).
   */
  close(): Promise<void>;
}

const HEAD_BYTES_MAX = 64 * 1024;
/** An answer up to this size is sent with `Content-Length`; a larger one, chunked, as it is read. */
const WHOLE_BODY_BYTES_MAX = 64 * 1024;
/** Bytes written in one call at most when several chunks wait (joined into one). */
const JOIN_BYTES_MAX = 256 * 1024;

const encoder = new TextEncoder();
const CRLF = encoder.encode("\r\n");
const LAST_CHUNK = encoder.encode("0\r\n\r\n");
const CONTINUE = encoder.encode("HTTP/1.1 100 Continue\r\n\r\n");

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const REQUEST_LINE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+) ([\x21-\x7e]+) HTTP\/(\d)\.(\d)$/;
// deno-lint-ignore no-control-regex
const BAD_VALUE = /[\x00-\x08\x0a-\x1f\x7f]/;
const FORBIDDEN_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);
const ABSOLUTE = /^https?:\/\/[^/?#]*([^#]*)/i;

/** A request the server refuses before any handler sees it. */
class Refusal extends Error {
  /** `why` says what is wrong, for the reader of this code: the answer is a bare status. */
  constructor(readonly status: number, why: string) {
    super(why);
  }
}

/** The `Date` header, made once a second. */
let dateText = "";
let dateSecond = -1;
function httpDate(): string {
  const second = Math.floor(Date.now() / 1000);
  if (second !== dateSecond) {
    dateSecond = second;
    dateText = new Date(second * 1000).toUTCString();
  }
  return dateText;
}

/**
 * Listens and serves until {@link Http1Server.close}.
 *
 * @throws Deno.errors.AddrInUse, Deno.errors.NotCapable as `Deno.listen` does.
 */
export function listenHttp1(options: Http1Options): Http1Server {
  const listener = Deno.listen({ hostname: options.hostname, port: options.port });
  const addr = listener.addr as Deno.NetAddr;
  const authority = addr.hostname.includes(":")
    ? `[${addr.hostname}]:${addr.port}`
    : `${addr.hostname}:${addr.port}`;
  const limits: Limits = {
    idleMsMax: options.idleMsMax ?? 60_000,
    requestMsMax: options.requestMsMax ?? 30_000,
    headBytesMax: options.headBytesMax ?? HEAD_BYTES_MAX,
  };
  const open = new Set<Connection>();
  let closing = false;
  // One timer checks every connection's deadline.
  const timer = setInterval(() => {
    const now = Date.now();
    for (const c of open) c.checkDeadline(now);
  }, Math.min(1000, Math.max(10, Math.floor(Math.min(limits.idleMsMax, limits.requestMsMax) / 4))));
  const accepting = (async () => {
    let failing = false;
    while (!closing) {
      let conn: Deno.TcpConn;
      try {
        conn = await listener.accept();
      } catch (e) {
        if (closing) break;
        if (e instanceof Deno.errors.BadResource || e instanceof Deno.errors.Interrupted) break;
        // Past the descriptor limit ("Too many open files"): the kernel keeps
        // the new connections in its backlog; accepting again once some close.
        if (!failing) options.onAcceptError?.(e instanceof Error ? e : new Error(String(e)));
        failing = true;
        await new Promise((r) => setTimeout(r, 100));
        continue;
      }
      failing = false;
      const c = new Connection(conn, authority, options, limits, () => closing);
      open.add(c);
      c.run().finally(() => open.delete(c));
    }
  })();
  return {
    addr,
    async close() {
      if (closing) return;
      closing = true;
      try {
        listener.close();
      } catch { /* closed already */ }
      await accepting;
      for (const c of open) c.closeIfIdle();
      const deadline = Date.now() + 5_000;
      while (open.size > 0 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 10));
      }
      for (const c of open) c.close();
      clearInterval(timer);
    },
  };
}

interface Limits {
  idleMsMax: number;
  requestMsMax: number;
  headBytesMax: number;
}

/** A request's head, parsed. */
interface Head {
  method: string;
  /** The path and query, as sent. */
  target: string;
  minor: number;
  headers: Headers;
  /** The body's length; -1: chunked; 0: none. */
  length: number;
  keepAlive: boolean;
  expectContinue: boolean;
  /** Both Transfer-Encoding and Content-Length were sent: the connection closes after the answer. */
  lengthDoubtful: boolean;
}

/** One client connection: its requests one after the other, then maybe an event stream. */
class Connection {
  readonly #conn: Deno.TcpConn;
  readonly #authority: string;
  readonly #options: Http1Options;
  readonly #limits: Limits;
  readonly #closing: () => boolean;
  readonly #writer: ConnWriter;
  #buf = new Uint8Array(2048);
  #start = 0;
  #end = 0;
  #closed = false;
  /** When what is awaited must have come (0: nothing awaited from the client). */
  #deadline = 0;
  /** Whether the connection waits between requests (closed at once when the server stops). */
  #idle = true;
  /** A request body was left unread: the client may still be sending it. */
  #unread = false;

  constructor(
    conn: Deno.TcpConn,
    authority: string,
    options: Http1Options,
    limits: Limits,
    closing: () => boolean,
  ) {
    this.#conn = conn;
    this.#authority = authority;
    this.#options = options;
    this.#limits = limits;
    this.#closing = closing;
    this.#writer = new ConnWriter(conn, () => this.close());
    try {
      conn.setNoDelay(true);
    } catch { /* closed already */ }
  }

  /**
   * Closes the connection when what it awaits from the client is late, or
   * when the client has taken nothing written to it for `idleMsMax`.
   */
  checkDeadline(now: number): void {
    if (this.#deadline !== 0 && now >= this.#deadline) this.close();
    else if (this.#writer.stalledSince(now) >= this.#limits.idleMsMax) this.close();
  }

  closeIfIdle(): void {
    if (this.#idle) this.close();
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    try {
      this.#conn.close();
    } catch { /* closed already */ }
  }

  async run(): Promise<void> {
    try {
      while (!this.#closed) {
        this.#idle = true;
        this.#deadline = Date.now() + this.#limits.idleMsMax;
        let head: Head | null;
        try {
          head = await this.#readHead();
        } catch (e) {
          if (e instanceof Refusal) {
            await this.#refuse(e);
            await this.#linger();
          }
          break;
        }
        if (head === null) break;
        this.#idle = false;
        // The handler may take its time; reading the body and writing the answer are bounded apart.
        this.#deadline = 0;
        const outcome = await this.#answer(head);
        if (outcome === "stream") {
          await this.#drainUntilClosed();
          this.#writer.gone();
          break;
        }
        if (outcome === "close" || this.#closing()) {
          if (this.#unread) await this.#linger();
          break;
        }
      }
    } catch {
      // The connection failed (reset, closed under a read): nothing to answer.
    } finally {
      await this.#writer.settled();
      this.close();
    }
  }

  // -- reading ------------------------------------------------------------------------

  /** Reads more bytes into the buffer; false at the end of the connection. */
  async #fill(): Promise<boolean> {
    if (this.#start === this.#end) {
      this.#start = 0;
      this.#end = 0;
    }
    if (this.#end === this.#buf.length) {
      if (this.#start > 0) {
        this.#buf.copyWithin(0, this.#start, this.#end);
        this.#end -= this.#start;
        this.#start = 0;
      } else {
        const bigger = new Uint8Array(this.#buf.length * 2);
        bigger.set(this.#buf);
        this.#buf = bigger;
      }
    }
    let n: number | null;
    try {
      n = await this.#conn.read(this.#buf.subarray(this.#end));
    } catch {
      return false;
    }
    if (n === null) return false;
    this.#end += n;
    return true;
  }

  /** The next request's head; null when the client closed (or timed out) between requests. */
  async #readHead(): Promise<Head | null> {
    // Bytes after #start already looked at (the buffer may move when it fills).
    let seen = 0;
    for (;;) {
      // Empty lines before a request line are skipped (RFC 9112, 2.2).
      while (
        this.#start < this.#end && (this.#buf[this.#start] === 13 || this.#buf[this.#start] === 10)
      ) {
        this.#start++;
        seen = Math.max(0, seen - 1);
      }
      const lf = headEnd(this.#buf, this.#start + seen, this.#end);
      if (lf >= 0) {
        const text = latin1(this.#buf.subarray(this.#start, lf));
        this.#start = lf + (this.#buf[lf + 1] === 10 ? 2 : 3);
        return parseHead(text.endsWith("\r") ? text.slice(0, -1) : text);
      }
      seen = Math.max(0, this.#end - this.#start - 2);
      if (this.#end - this.#start >= this.#limits.headBytesMax) {
        throw new Refusal(
          431,
          `The request head is larger than ${this.#limits.headBytesMax} bytes`,
        );
      }
      const hadBytes = this.#end > this.#start;
      if (!(await this.#fill())) {
        if (this.#end > this.#start) throw new Refusal(400, "The request head ended early");
        return null;
      }
      if (!hadBytes && this.#end > this.#start) {
        // The first byte of a request: its head must come in time.
        this.#deadline = Date.now() + this.#limits.requestMsMax;
      }
    }
  }

  /** Up to `max` body bytes from the buffer, reading more when it is empty; null at the end of the connection. */
  async #take(max: number): Promise<Uint8Array | null> {
    if (this.#start === this.#end && !(await this.#fill())) return null;
    const n = Math.min(max, this.#end - this.#start);
    const out = this.#buf.slice(this.#start, this.#start + n);
    this.#start += n;
    return out;
  }

  /** A line of a chunked body (size line or trailer), without its end. */
  async #line(): Promise<string> {
    for (;;) {
      const lf = this.#buf.subarray(this.#start, this.#end).indexOf(10);
      if (lf >= 0) {
        const text = latin1(this.#buf.subarray(this.#start, this.#start + lf));
        this.#start += lf + 1;
        return text.endsWith("\r") ? text.slice(0, -1) : text;
      }
      if (this.#end - this.#start > 4096) throw badBody("a chunk line is longer than 4096 bytes");
      if (!(await this.#fill())) throw badBody("the connection ended inside the body");
    }
  }

  /** The body of a request, read from the connection as the handler reads it. */
  #body(head: Head): { stream: ReadableStream<Uint8Array>; done: () => boolean } {
    let left = head.length > 0 ? head.length : 0;
    const chunked = head.length === -1;
    let finished = false;
    let continued = !head.expectContinue;
    const next = async (): Promise<Uint8Array | null> => {
      if (finished) return null;
      if (!continued) {
        continued = true;
        this.#writer.write(CONTINUE);
      }
      this.#deadline = Date.now() + this.#limits.requestMsMax;
      try {
        return await read();
      } finally {
        this.#deadline = 0;
      }
    };
    const read = async (): Promise<Uint8Array | null> => {
      if (!chunked) {
        const got = await this.#take(left);
        if (got === null) throw badBody(`the connection ended ${left} bytes before the body's end`);
        left -= got.length;
        if (left === 0) finished = true;
        return got;
      }
      if (left === 0) {
        const sizeLine = (await this.#line()).split(";")[0].trim();
        if (!/^[0-9a-fA-F]{1,8}$/.test(sizeLine)) throw badBody("a chunk size is not hexadecimal");
        left = parseInt(sizeLine, 16);
        if (left === 0) {
          // Trailers, up to the empty line: read and dropped.
          for (let i = 0; (await this.#line()) !== ""; i++) {
            if (i > 100) throw badBody("too many trailer lines");
          }
          finished = true;
          return null;
        }
      }
      const got = await this.#take(left);
      if (got === null) throw badBody("the connection ended inside a chunk");
      left -= got.length;
      if (left === 0 && (await this.#line()) !== "") {
        throw badBody("a chunk is longer than its size");
      }
      return got;
    };
    const stream = new ReadableStream<Uint8Array>({
      pull: async (c) => {
        const got = await next();
        if (got === null) c.close();
        else if (got.length > 0) c.enqueue(got);
      },
    }, { highWaterMark: 0 });
    return { stream, done: () => finished };
  }

  /**
   * Closes the writing side and reads what the client still sends (a body
   * the answer did not need) for up to 2 s, so that the kernel does not
   * reset the connection before the client has read the answer.
   */
  async #linger(): Promise<void> {
    await this.#writer.settled();
    try {
      await this.#conn.closeWrite();
    } catch {
      return;
    }
    this.#deadline = Date.now() + 2_000;
    const sink = new Uint8Array(16 * 1024);
    try {
      while ((await this.#conn.read(sink)) !== null) { /* dropped */ }
    } catch { /* closed by the deadline */ }
  }

  /** After an event stream's head: reads (and drops) until the client goes. */
  async #drainUntilClosed(): Promise<void> {
    this.#deadline = 0;
    // The head's buffer is not needed again (a thousand streams would hold a thousand).
    this.#buf = new Uint8Array(0);
    this.#start = 0;
    this.#end = 0;
    const sink = new Uint8Array(512);
    try {
      while ((await this.#conn.read(sink)) !== null) { /* a client sends nothing here */ }
    } catch { /* reset or closed by us */ }
  }

  // -- answering ----------------------------------------------------------------------

  /** Answers one request: "keep" the connection, "close" it, or it became an event "stream". */
  async #answer(head: Head): Promise<"keep" | "close" | "stream"> {
    const hasBody = head.length !== 0;
    // `new Request` writes these in capitals whatever the case sent.
    const upper = head.method.toUpperCase();
    const bodyAllowed = upper !== "GET" && upper !== "HEAD";
    const body = hasBody && bodyAllowed ? this.#body(head) : null;
    let req: Request;
    try {
      // CONNECT, TRACE and TRACK may not be given to `new Request`: the
      // request is made as a GET and told its method, as the runtime's own
      // server gives them to handlers (which answer 401 or 405).
      const forbidden = FORBIDDEN_METHODS.has(upper);
      req = new Request(`http://${this.#authority}${head.target}`, {
        method: forbidden ? "GET" : head.method,
        headers: head.headers,
        body: forbidden ? null : body?.stream ?? null,
      });
      if (forbidden) Object.defineProperty(req, "method", { value: head.method });
    } catch {
      await this.#refuse(new Refusal(400, "The request cannot be read"));
      return "close";
    }
    let res: Response;
    try {
      res = await this.#options.handler(req);
    } catch (e) {
      res = this.#options.onError(e);
    }
    // A body left unread (or a GET's) would be read as the next request: the connection closes instead.
    let keepAlive = head.keepAlive && !this.#closing() && !head.lengthDoubtful;
    if (hasBody && !(body?.done() ?? false)) {
      keepAlive = false;
      this.#unread = true;
    }
    this.#deadline = 0;
    const sse = sseOfBody(res.body);
    if (sse !== undefined && req.method !== "HEAD") {
      this.#writer.write(encoder.encode(headText(res, "connection: close\r\n")));
      this.#attach(sse);
      return "stream";
    }
    const noBody = req.method === "HEAD" || res.status === 204 || res.status === 304 ||
      res.status < 200;
    if (noBody || res.body === null) {
      await res.body?.cancel().catch(() => {});
      const length = noBody ? "" : "content-length: 0\r\n";
      this.#writer.write(encoder.encode(headText(res, length + connection(keepAlive, head))));
      await this.#writer.settled();
      return keepAlive ? "keep" : "close";
    }
    return await this.#writeBody(res, head, keepAlive) ? "keep" : "close";
  }

  /** Writes an answer with a body; whether the connection may carry another request. */
  async #writeBody(res: Response, head: Head, keepAlive: boolean): Promise<boolean> {
    const reader = res.body!.getReader();
    const parts: Uint8Array[] = [];
    let size = 0;
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) {
          const whole = concatBytes(parts, size);
          const text = headText(res, `content-length: ${size}\r\n${connection(keepAlive, head)}`);
          this.#writer.write(concatBytes([encoder.encode(text), whole]));
          await this.#writer.settled();
          return keepAlive;
        }
        parts.push(value);
        size += value.byteLength;
        if (size > WHOLE_BODY_BYTES_MAX) break;
      }
    } catch (e) {
      reader.releaseLock();
      await res.body?.cancel().catch(() => {});
      const failed = this.#options.onError(e);
      return this.#writeBody(failed, head, keepAlive);
    }
    // Large, or still coming: chunked (HTTP/1.0: until the connection closes).
    const chunked = head.minor === 1;
    const extra = chunked
      ? `transfer-encoding: chunked\r\n${connection(keepAlive, head)}`
      : "connection: close\r\n";
    this.#writer.write(encoder.encode(headText(res, extra)));
    const frame = (bytes: Uint8Array) =>
      chunked
        ? concatBytes([encoder.encode(bytes.byteLength.toString(16) + "\r\n"), bytes, CRLF])
        : bytes;
    this.#writer.write(frame(concatBytes(parts, size)));
    try {
      for (;;) {
        await this.#writer.room();
        if (this.#closed) {
          await reader.cancel().catch(() => {});
          return false;
        }
        const { value, done } = await reader.read();
        if (done) break;
        if (value.byteLength > 0) this.#writer.write(frame(value));
      }
    } catch {
      // The answer failed halfway: the client sees the connection end without the last chunk.
      await reader.cancel().catch(() => {});
      return false;
    }
    if (chunked) this.#writer.write(LAST_CHUNK);
    await this.#writer.settled();
    return chunked && keepAlive;
  }

  /** Hands an event stream the connection. */
  #attach(sse: SseStream) {
    this.#writer.onProgress = () => sse.drained();
    this.#writer.onGone = () => sse.cancel();
    sse.attach(this.#writer);
  }

  /**
   * Answers a request refused before its handler (its framing is broken):
   * a bare status, as HTTP servers do, and the connection closes.
   */
  async #refuse(r: Refusal): Promise<void> {
    this.#writer.write(encoder.encode(
      `HTTP/1.1 ${r.status} ${statusText(r.status)}\r\ncontent-length: 0\r\n` +
        `date: ${httpDate()}\r\nconnection: close\r\n\r\n`,
    ));
    await this.#writer.settled();
  }
}

/** The `connection` header an answer needs, if any. */
function connection(keepAlive: boolean, head: Head): string {
  if (!keepAlive) return "connection: close\r\n";
  return head.minor === 0 ? "connection: keep-alive\r\n" : "";
}

/** An answer's status line and headers, with `extra` header lines, up to the empty line. */
function headText(res: Response, extra: string): string {
  let text = `HTTP/1.1 ${res.status} ${statusText(res.status) || res.statusText}\r\n`;
  for (const [name, value] of res.headers) {
    if (
      name === "connection" || name === "transfer-encoding" || name === "content-length" ||
      name === "keep-alive"
    ) continue;
    text += `${name}: ${value}\r\n`;
  }
  return `${text}date: ${httpDate()}\r\n${extra}\r\n`;
}

function badBody(what: string): TasklineError {
  return new TasklineError("bad-request", `The request body is broken: ${what}`);
}

/**
 * Where a head ends: the index of the line feed before its blank line, or -1.
 * Lines may end in CR LF or LF alone.
 */
function headEnd(buf: Uint8Array, from: number, to: number): number {
  for (let at = from; at < to; at++) {
    at = buf.indexOf(10, at);
    if (at < 0 || at + 1 >= to) return -1;
    if (buf[at + 1] === 10) return at;
    if (buf[at + 1] === 13) {
      if (at + 2 >= to) return -1;
      if (buf[at + 2] === 10) return at;
    }
  }
  return -1;
}

function latin1(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i += 8192) {
    s += String.fromCharCode(...bytes.subarray(i, i + 8192));
  }
  return s;
}

/** Parses a request head (request line and header lines). */
function parseHead(text: string): Head {
  const lines = text.split(/\r?\n/);
  const m = REQUEST_LINE.exec(lines[0]);
  if (m === null) {
    if (/ HTTP\/\d(\.\d)?$/.test(lines[0])) {
      throw new Refusal(400, "This server speaks HTTP/1.1 (and 1.0)");
    }
    throw new Refusal(400, "The request line is not METHOD TARGET HTTP/1.1");
  }
  const [, method, rawTarget, major, minor] = m;
  if (major !== "1" || (minor !== "0" && minor !== "1")) {
    throw new Refusal(400, "This server speaks HTTP/1.1 (and 1.0)");
  }
  let target = rawTarget;
  if (!target.startsWith("/")) {
    const abs = ABSOLUTE.exec(target);
    if (abs === null) throw new Refusal(400, "The request target must be a path");
    target = abs[1] === "" ? "/" : abs[1].startsWith("/") ? abs[1] : `/${abs[1]}`;
  }
  const headers = new Headers();
  let length: string | null = null;
  let transfer: string | null = null;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i];
    const colon = line.indexOf(":");
    if (colon <= 0) throw new Refusal(400, "A header line has no name");
    const name = line.slice(0, colon);
    if (!TOKEN.test(name)) {
      throw new Refusal(400, "A header name is not a token (or a line is folded)");
    }
    const value = line.slice(colon + 1).replace(/^[ \t]+|[ \t]+$/g, "");
    if (BAD_VALUE.test(value)) throw new Refusal(400, "A header value holds a control character");
    const lower = name.toLowerCase();
    if (lower === "content-length") {
      if (length !== null && length !== value) {
        throw new Refusal(400, "Two different Content-Length headers");
      }
      length = value;
    } else if (lower === "transfer-encoding") {
      transfer = transfer === null ? value : `${transfer}, ${value}`;
    }
    try {
      headers.append(name, value);
    } catch {
      throw new Refusal(400, "A header value cannot be read");
    }
  }
  let bodyLength = 0;
  if (transfer !== null) {
    // A body's end is known only when chunked is its last coding (RFC 9112, 6.3);
    // beside a Content-Length, Transfer-Encoding wins, and the connection closes after.
    const codings = transfer.toLowerCase().split(",").map((c) => c.trim());
    if (minor === "0") throw new Refusal(400, "Transfer-Encoding in an HTTP/1.0 request");
    if (codings[codings.length - 1] !== "chunked") {
      throw new Refusal(
        400,
        "The request body's length is unknown (its last coding is not chunked)",
      );
    }
    bodyLength = -1;
  } else if (length !== null) {
    if (!/^\d{1,15}$/.test(length)) throw new Refusal(400, "Content-Length is not a number");
    bodyLength = Number(length);
  }
  const tokens = (headers.get("connection") ?? "").toLowerCase().split(",").map((t) => t.trim());
  const keepAlive = minor === "1" ? !tokens.includes("close") : tokens.includes("keep-alive");
  // Other expectations are ignored (the answer comes as if none was asked).
  const expect = headers.get("expect");
  return {
    method,
    target,
    minor: Number(minor),
    headers,
    length: bodyLength,
    keepAlive,
    expectContinue: expect?.toLowerCase() === "100-continue" && minor === "1" && bodyLength !== 0,
    lengthDoubtful: transfer !== null && length !== null,
  };
}

/**
 * What is written to one connection, in order, as fast as it takes it. It
 * is an event stream's sink ({@link SseSink}): chunks queued together are
 * written in one call, and progress is told as it is made.
 */
class ConnWriter implements SseSink {
  readonly #conn: Deno.TcpConn;
  readonly #fail: () => void;
  #queue: Uint8Array[] = [];
  #queued = 0;
  #writing: Promise<void> | null = null;
  #ending = false;
  #failed = false;
  /** Told after each write the connection takes. */
  onProgress: (() => void) | null = null;
  /** Told once when the connection fails (the client went). */
  onGone: (() => void) | null = null;
  #roomWaiter: (() => void) | null = null;
  /** When the connection last took bytes, or bytes came to wait while none did. */
  #progressAt = 0;

  constructor(conn: Deno.TcpConn, fail: () => void) {
    this.#conn = conn;
    this.#fail = fail;
  }

  get queuedBytes(): number {
    return this.#queued;
  }

  /** How long bytes have waited with none taken, in ms (0: none wait). */
  stalledSince(now: number): number {
    return this.#queued === 0 ? 0 : now - this.#progressAt;
  }

  /** The client went (its connection ended): told once. */
  gone(): void {
    if (this.#failed) return;
    this.#failed = true;
    this.#queue = [];
    this.#queued = 0;
    this.#roomWaiter?.();
    this.#roomWaiter = null;
    this.onGone?.();
  }

  write(bytes: Uint8Array): void {
    if (this.#failed || bytes.byteLength === 0) return;
    if (this.#queued === 0) this.#progressAt = Date.now();
    this.#queue.push(bytes);
    this.#queued += bytes.byteLength;
    this.#writing ??= this.#pump();
  }

  end(): void {
    this.#ending = true;
    if (this.#writing === null) this.#fail();
  }

  abort(): void {
    this.#queue = [];
    this.#queued = 0;
    this.#fail();
  }

  /** Resolves when everything queued is written (or the connection failed). */
  async settled(): Promise<void> {
    while (this.#writing !== null) await this.#writing;
  }

  /** Resolves when less than a stream's high-water mark waits. */
  async room(): Promise<void> {
    while (!this.#failed && this.#queued >= STREAM_HIGH_WATER_BYTES) {
      await new Promise<void>((r) => this.#roomWaiter = r);
    }
  }

  async #pump(): Promise<void> {
    try {
      while (this.#queue.length > 0) {
        let bytes: Uint8Array;
        if (this.#queue.length === 1 || this.#queue[0].byteLength >= JOIN_BYTES_MAX) {
          bytes = this.#queue.shift()!;
        } else {
          let n = 0;
          let size = 0;
          while (n < this.#queue.length && size + this.#queue[n].byteLength <= JOIN_BYTES_MAX) {
            size += this.#queue[n++].byteLength;
          }
          bytes = concatBytes(this.#queue.splice(0, n), size);
        }
        for (let at = 0; at < bytes.byteLength;) {
          const n = await this.#conn.write(at === 0 ? bytes : bytes.subarray(at));
          at += n;
          this.#queued -= n;
          this.#progressAt = Date.now();
          this.onProgress?.();
          const w = this.#roomWaiter;
          if (w !== null && this.#queued < STREAM_HIGH_WATER_BYTES) {
            this.#roomWaiter = null;
            w();
          }
        }
      }
    } catch {
      this.gone();
      this.#fail();
    } finally {
      this.#writing = null;
    }
    if (this.#ending) this.#fail();
  }
}
