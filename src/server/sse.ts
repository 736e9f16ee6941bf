/**
 * Server-Sent Events: frame encoding, and one client's outgoing stream with a
 * `retry:` line at the start, a heartbeat comment, frames batched into one
 * write, and a bound on what may wait for a slow client. Where it can, the
 * stream writes its chunks to the client's connection itself, past the
 * runtime (see {@link SseStreamOptions.socket}, docs/server.md).
 *
 * @module
 */

/** One SSE frame. */
export interface SseFrame {
  /** The `id:` line; omitted for ephemeral events. */
  id?: string;
  /** The `event:` line; left out unless a plain name (see {@link frameText}). */
  event: string;
  /** JSON text; any CR or LF in it is sent as a space. */
  data: string;
}

/** A type that may stand on an `event:` line: a plain name, 1 to 64 characters. */
const PLAIN_NAME = /^[A-Za-z0-9_.:-]{1,64}$/;

/**
 * Encodes a frame: `id:`, `event:` and `data:` lines and a blank line.
 *
 * Log text is hostile, so nothing a caller passes can split or forge a frame:
 * an `event` that is not a plain name (`[A-Za-z0-9_.:-]`, 1 to 64 characters)
 * is left out (the client sees a default `message` event, and the data still
 * names the type), an `id` holding anything but printable ASCII is left out,
 * and every CR or LF of `data` becomes a space. In JSON text a raw CR or LF can
 * only be whitespace between tokens (inside strings they are escaped), so the
 * data still parses to the same value.
 *
 * @example
 * ```ts
 * frameText({ id: "1-1-1", event: "run_started", data: "{}" });
 * // "id: 1-1-1\nevent: run_started\ndata: {}\n\n"
 * frameText({ id: "2", event: "x\nid: 9", data: "{}" });
 * // "id: 2\ndata: {}\n\n"
 * ```
 */
export function frameText(f: SseFrame): string {
  const id = f.id === undefined || !/^[\x21-\x7e]{1,256}$/.test(f.id) ? "" : `id: ${f.id}\n`;
  const event = PLAIN_NAME.test(f.event) ? `event: ${f.event}\n` : "";
  const data = /[\r\n]/.test(f.data) ? f.data.replace(/[\r\n]/g, " ") : f.data;
  return `${id}${event}data: ${data}\n\n`;
}

/** Options of {@link SseStream}. */
export interface SseStreamOptions {
  /** Milliseconds between heartbeat comments. Default 15000. */
  heartbeatMs?: number;
  /** The reconnection delay announced by `retry:`, in milliseconds. Default 1000. */
  retryMs?: number;
  /**
   * Bytes that may wait for the client (queued here and not yet taken by the
   * connection) before {@link SseStream.push} refuses more. Default 128 KiB.
   */
  queueBytesMax?: number;
  /** Called once when the client goes away or the stream is closed. */
  onClose?: () => void;
  /**
   * A client that has bytes waiting and takes none of them for this long is
   * dropped: its connection is closed (it may come back with
   * `Last-Event-ID`), in ms. Default 10000.
   */
  stallMsMax?: number;
  /**
   * The client's connection, if it may be written to directly, and the
   * bytes of the response head the runtime writes on it
   * ({@link sseHeadBytes}). The connection must be one that had nothing
   * written on it before this response. What the stream sends waits until
   * the kernel has taken the head: if it took exactly `headBytes`, the
   * stream writes its chunks itself, and the runtime writes nothing more
   * until the end of the body; if not (another protocol, other headers), or
   * the connection is null, the stream writes through the runtime.
   */
  socket?: { connection: Promise<DirectSocket | null>; headBytes: number };
}

/** Bytes the response body stream holds before it counts as full (its high-water mark). */
export const STREAM_HIGH_WATER_BYTES = 16 * 1024;

const encoder = new TextEncoder();

/** The response headers of an event stream. */
export const SSE_HEADERS: Record<string, string> = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-store",
  "x-accel-buffering": "no",
};

/**
 * A client's connection, written to directly (server/sockets.ts): the
 * runtime's own writes of a response body (its stream machinery and its
 * HTTP library) cost the server's one thread about twice what the system
 * call does, a thousand times a flush.
 */
export interface DirectSocket {
  /**
   * Bytes the kernel has taken on the connection so far; -1 when it cannot
   * be told or the descriptor is no longer this connection.
   */
  written(): number;
  /** Writes without waiting: the bytes the kernel took (0: no room now), -1 when the connection is gone. */
  send(bytes: Uint8Array): number;
  /** Ends the connection at once, dropping what the kernel holds for it (a reset). */
  reset(): void;
}

/**
 * The bytes of the response head the runtime writes for an event stream:
 * HTTP/1.1 200, `headers`, `transfer-encoding: chunked` and a `date` (an
 * IMF-fixdate is always 29 characters). See {@link SseStreamOptions.socket}.
 */
export function sseHeadBytes(headers: Record<string, string> = SSE_HEADERS): number {
  let n = "HTTP/1.1 200 OK\r\n".length + "transfer-encoding: chunked\r\n".length +
    "date: \r\n".length + 29 + 2;
  for (const [name, value] of Object.entries(headers)) n += name.length + 2 + value.length + 2;
  return n;
}

/** `bytes` as one chunk of a chunked body. */
function chunkOf(bytes: Uint8Array): Uint8Array {
  const size = encoder.encode(`${bytes.byteLength.toString(16)}\r\n`);
  const out = new Uint8Array(size.length + bytes.byteLength + 2);
  out.set(size);
  out.set(bytes, size.length);
  out[out.length - 2] = 13;
  out[out.length - 1] = 10;
  return out;
}

/** The last bytes framed, and their chunk: a flush shared by every member is framed once. */
let lastShared: { bytes: Uint8Array; chunk: Uint8Array } | null = null;

/** Times a stream looks for its response head in the kernel, a millisecond apart, before it leaves the writing to the runtime. */
const HEAD_LOOKS_MAX = 200;
/** Longest wait between two tries of bytes the kernel had no room for, in ms. */
const DIRECT_RETRY_MS_MAX = 50;

/**
 * The timers of the streams: one interval for all the streams of a period,
 * not two for each (a thousand clients made two thousand timers, a
 * thousand of them firing every second).
 */
const tickers = new Map<
  number,
  { streams: Set<SseStream>; timer: ReturnType<typeof setInterval> }
>();

function startTicks(stream: SseStream, periodMs: number): void {
  let t = tickers.get(periodMs);
  if (t === undefined) {
    const streams = new Set<SseStream>();
    const timer = setInterval(() => {
      const now = Date.now();
      for (const x of streams) x.tick(now);
    }, periodMs);
    t = { streams, timer };
    tickers.set(periodMs, t);
  }
  t.streams.add(stream);
}

function stopTicks(stream: SseStream, periodMs: number): void {
  const t = tickers.get(periodMs);
  if (t === undefined) return;
  t.streams.delete(stream);
  if (t.streams.size === 0) {
    clearInterval(t.timer);
    tickers.delete(periodMs);
  }
}

/**
 * One client's stream. Text pushed in the same turn of the event loop goes
 * out as one chunk.
 */
export class SseStream {
  readonly readable: ReadableStream<Uint8Array>;
  #controller!: ReadableStreamDefaultController<Uint8Array>;
  #pending: string[] = [];
  #pendingChars = 0;
  #scheduled = false;
  #closed = false;
  readonly #heartbeatMs: number;
  #heartbeatAt: number;
  readonly #stallMsMax: number;
  readonly #tickMs: number;
  readonly #queueBytesMax: number;
  readonly #onClose?: () => void;
  /** Bytes handed to the body stream so far. */
  #enqueuedBytes = 0;
  /** Bytes the connection had taken at the last stall check, and since when it took none. */
  #takenAtCheck = 0;
  #stalledSince: number | null = null;
  /** Waiters for room in the stream (see {@link room}). */
  #roomWaiters: Array<() => void> = [];
  /** While direct: the connection (see {@link SseStreamOptions.socket}). */
  #socket: DirectSocket | null = null;
  #direct = false;
  /** Until it is known whether the stream writes directly: what it sent meanwhile. */
  #held: Array<{ bytes: Uint8Array; shared: boolean }> | null = null;
  #heldBytes = 0;
  /** While direct: chunks (or their rest) the kernel had no room for yet, in order. */
  #unsent: Uint8Array[] = [];
  #unsentBytes = 0;
  #retryTimer: ReturnType<typeof setTimeout> | null = null;
  #retryMs = 1;

  constructor(options: SseStreamOptions = {}) {
    this.#queueBytesMax = options.queueBytesMax ?? 128 * 1024;
    this.#onClose = options.onClose;
    this.readable = new ReadableStream<Uint8Array>({
      start: (c) => {
        this.#controller = c;
      },
      // Called when the connection took bytes and the stream has room again.
      pull: () => this.#wakeRoom(),
      cancel: () => this.#finish(),
    }, { highWaterMark: STREAM_HIGH_WATER_BYTES, size: (chunk) => chunk.byteLength });
    if (options.socket !== undefined) {
      this.#held = [];
      const { connection, headBytes } = options.socket;
      connection.then((c) => this.#lookForHead(c, headBytes, 0), () => this.#release());
    }
    this.#send(`retry: ${options.retryMs ?? 1000}\n: taskline\n\n`);
    this.#heartbeatMs = options.heartbeatMs ?? 15_000;
    this.#heartbeatAt = Date.now() + this.#heartbeatMs;
    this.#stallMsMax = options.stallMsMax ?? 10_000;
    this.#tickMs = Math.max(1, Math.min(1000, this.#stallMsMax, this.#heartbeatMs));
    startTicks(this, this.#tickMs);
  }

  /** A tick of the streams' shared timer: the heartbeat and the stall check. */
  tick(now: number): void {
    if (this.#closed) return;
    if (now >= this.#heartbeatAt) {
      this.#heartbeatAt = now + this.#heartbeatMs;
      // A heartbeat only keeps a quiet connection open: none is queued behind waiting bytes.
      if (this.backlogBytes === 0) this.#send(`: keep-alive ${now}\n\n`);
    }
    this.#checkStall(this.#stallMsMax);
  }

  /** Closes the stream when bytes have waited and none was taken for `stallMsMax`. */
  #checkStall(stallMsMax: number) {
    if (this.#closed) return;
    const queued = this.#queuedBytes();
    const taken = this.#enqueuedBytes - queued;
    const now = Date.now();
    if (queued === 0 || taken !== this.#takenAtCheck) {
      this.#takenAtCheck = taken;
      this.#stalledSince = null;
      return;
    }
    this.#stalledSince ??= now;
    if (now - this.#stalledSince >= stallMsMax) {
      // Dropped, not ended: an ended response leaves the connection open
      // for its next request, with what it did not read in the kernel's
      // socket buffer and the runtime's write buffer.
      this.stalled = true;
      if (this.#direct) return this.#drop();
      try {
        this.#controller.error(new Error("The client took nothing for too long"));
      } catch { /* closed already */ }
      this.#finish();
    }
  }

  /** Set when the stream was closed because its client took nothing for too long. */
  stalled = false;

  #queuedBytes(): number {
    if (this.#held !== null) return this.#heldBytes;
    if (this.#direct) return this.#unsentBytes;
    return Math.max(0, STREAM_HIGH_WATER_BYTES - (this.#controller.desiredSize ?? 0));
  }

  /** Whether the stream writes to its connection directly (see {@link SseStreamOptions.socket}). */
  get direct(): boolean {
    return this.#direct;
  }

  /**
   * Goes direct once the kernel has taken exactly the response head; hands
   * what was held to the runtime when it took anything else, or nothing
   * for {@link HEAD_LOOKS_MAX} looks.
   */
  #lookForHead(connection: DirectSocket | null, headBytes: number, looks: number) {
    if (this.#closed || this.#held === null) return;
    const written = connection === null ? -1 : connection.written();
    if (written === 0 && looks < HEAD_LOOKS_MAX) {
      setTimeout(() => this.#lookForHead(connection, headBytes, looks + 1), 1);
      return;
    }
    if (written !== headBytes) return this.#release();
    const held = this.#held;
    this.#held = null;
    this.#enqueuedBytes -= this.#heldBytes;
    this.#heldBytes = 0;
    this.#socket = connection;
    this.#direct = true;
    for (const h of held) {
      if (this.#closed) return;
      this.#emit(h.bytes, h.shared);
    }
  }

  /** Hands what was held to the runtime, which writes the stream from now on. */
  #release() {
    const held = this.#held;
    if (held === null) return;
    this.#held = null;
    this.#enqueuedBytes -= this.#heldBytes;
    this.#heldBytes = 0;
    try {
      for (const h of held) this.#emit(h.bytes);
    } catch {
      this.#finish();
    }
  }

  /** Hands bytes to the client: to the body stream, or to the connection while direct. */
  #emit(bytes: Uint8Array, shared = false) {
    if (this.#held !== null) {
      this.#held.push({ bytes, shared });
      this.#heldBytes += bytes.byteLength;
      this.#enqueuedBytes += bytes.byteLength;
      return;
    }
    if (!this.#direct) {
      this.#controller.enqueue(bytes);
      this.#enqueuedBytes += bytes.byteLength;
      return;
    }
    let chunk: Uint8Array;
    if (!shared) chunk = chunkOf(bytes);
    else if (lastShared?.bytes === bytes) chunk = lastShared.chunk;
    else {
      chunk = chunkOf(bytes);
      lastShared = { bytes, chunk };
    }
    this.#enqueuedBytes += chunk.byteLength;
    if (this.#unsentBytes > 0) {
      this.#unsent.push(chunk);
      this.#unsentBytes += chunk.byteLength;
      return;
    }
    const sent = this.#socket!.send(chunk);
    if (sent < 0) return this.#gone();
    if (sent < chunk.byteLength) {
      this.#unsent.push(chunk.subarray(sent));
      this.#unsentBytes += chunk.byteLength - sent;
      this.#retryMs = 1;
      this.#scheduleRetry();
    }
    // Text batched here counted as waiting until now.
    if (this.#unsentBytes < STREAM_HIGH_WATER_BYTES) this.#wakeRoom();
  }

  #scheduleRetry() {
    if (this.#retryTimer !== null || this.#closed) return;
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = null;
      this.#sendUnsent();
    }, this.#retryMs);
  }

  /** Writes what the kernel had no room for; tries again later, less often while it takes nothing. */
  #sendUnsent() {
    if (this.#closed) return;
    let progress = false;
    while (this.#unsent.length > 0) {
      const chunk = this.#unsent[0];
      const sent = this.#socket!.send(chunk);
      if (sent < 0) return this.#gone();
      if (sent > 0) progress = true;
      this.#unsentBytes -= sent;
      if (sent < chunk.byteLength) {
        this.#unsent[0] = chunk.subarray(sent);
        break;
      }
      this.#unsent.shift();
    }
    if (this.#unsentBytes < STREAM_HIGH_WATER_BYTES) this.#wakeRoom();
    if (this.#unsent.length === 0) return;
    this.#retryMs = progress ? 1 : Math.min(DIRECT_RETRY_MS_MAX, this.#retryMs * 2);
    this.#scheduleRetry();
  }

  /**
   * The connection is gone (found while writing to it directly). The body
   * is ended: the runtime's write of its end fails, and it lets the
   * connection go.
   */
  #gone() {
    try {
      this.#controller.close();
    } catch { /* closed already */ }
    this.#finish();
  }

  #wakeRoom() {
    const ws = this.#roomWaiters;
    if (ws.length === 0) return;
    this.#roomWaiters = [];
    for (const w of ws) w();
  }

  /**
   * Resolves when the connection has taken what waited for it (the body
   * stream is below its high-water mark and nothing is batched), or the
   * stream closed, or `signal` aborted. For writers that go at the client's
   * pace: a position, not a queue, waits for a slow client.
   */
  async room(signal?: AbortSignal): Promise<void> {
    while (!this.#closed && !signal?.aborted && this.backlogBytes >= STREAM_HIGH_WATER_BYTES) {
      await new Promise<void>((resolve) => {
        const done = () => {
          signal?.removeEventListener("abort", done);
          resolve();
        };
        this.#roomWaiters.push(done);
        signal?.addEventListener("abort", done, { once: true });
      });
    }
  }

  /** Whether the stream ended (client gone or closed). */
  get closed(): boolean {
    return this.#closed;
  }

  /**
   * Bytes waiting for the client: queued in the connection plus batched here.
   */
  get backlogBytes(): number {
    if (this.#closed) return 0;
    return this.#queuedBytes() + this.#pendingChars;
  }

  /**
   * Queues frames. Returns false, queuing nothing, when the client is too far
   * behind (the caller then catches it up from disk) or the stream is closed.
   */
  push(text: string): boolean {
    if (this.#closed) return false;
    if (this.backlogBytes + text.length > this.#queueBytesMax) return false;
    this.#send(text);
    return true;
  }

  /**
   * Queues text whatever the backlog: for callers that pace themselves
   * (catching up from disk waits for the backlog to drain between writes).
   */
  write(text: string): void {
    this.#send(text);
  }

  /**
   * Queues bytes whatever the backlog, after any text queued before them
   * (frames encoded once and shared by many clients).
   */
  writeBytes(bytes: Uint8Array): void {
    if (this.#closed) return;
    this.#flush();
    if (this.#closed) return;
    try {
      this.#emit(bytes, true);
    } catch {
      this.#finish();
    }
  }

  #send(text: string) {
    if (this.#closed) return;
    this.#pending.push(text);
    this.#pendingChars += text.length;
    if (!this.#scheduled) {
      this.#scheduled = true;
      queueMicrotask(() => this.#flush());
    }
  }

  #flush() {
    this.#scheduled = false;
    if (this.#closed || this.#pending.length === 0) return;
    const text = this.#pending.length === 1 ? this.#pending[0] : this.#pending.join("");
    this.#pending = [];
    this.#pendingChars = 0;
    try {
      this.#emit(encoder.encode(text));
    } catch {
      this.#finish();
    }
  }

  /** Ends the stream (the server is stopping, or the stream has nothing more to send). */
  close(): void {
    if (this.#closed) return;
    this.#flush();
    this.#release();
    if (this.#direct && this.#unsentBytes > 0) this.#sendUnsent();
    if (this.#closed) return;
    // The runtime would write the body's end after what it wrote itself,
    // before bytes still unsent here: the connection is dropped instead.
    if (this.#direct && this.#unsentBytes > 0) return this.#drop();
    try {
      this.#controller.close();
    } catch { /* already closed */ }
    this.#finish();
  }

  /** While direct: resets the connection, then ends the body (the runtime's write of its end fails). */
  #drop() {
    this.#socket?.reset();
    this.#gone();
  }

  #finish() {
    if (this.#closed) return;
    this.#closed = true;
    stopTicks(this, this.#tickMs);
    if (this.#retryTimer !== null) clearTimeout(this.#retryTimer);
    this.#retryTimer = null;
    this.#unsent = [];
    this.#unsentBytes = 0;
    this.#socket = null;
    this.#held = null;
    this.#heldBytes = 0;
    this.#wakeRoom();
    this.#pending = [];
    this.#pendingChars = 0;
    this.#onClose?.();
  }
}
