/**
 * Server-Sent Events: frame encoding, and one client's outgoing stream with a
 * `retry:` line at the start, a heartbeat comment, frames batched into one
 * write, and a bound on what may wait for a slow client.
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
}

/**
 * Bytes that may wait for a client before a writer that goes at the client's
 * pace waits for room ({@link SseStream.room}).
 */
export const STREAM_HIGH_WATER_BYTES = 16 * 1024;

/**
 * Where a stream's bytes go when the server writes them to the client's
 * connection itself (http1.ts): no `ReadableStream` between the stream and
 * the socket.
 */
export interface SseSink {
  /** Queues bytes for the connection (written in order, as fast as it takes them). */
  write(bytes: Uint8Array): void;
  /** Bytes queued and not yet taken by the connection. */
  readonly queuedBytes: number;
  /** Closes the connection once what is queued is written. */
  end(): void;
  /** Closes the connection now. */
  abort(): void;
}

/**
 * The sink of a reader of {@link SseStream.readable} (tests, in-process
 * callers): what waits is what its queue holds (a high-water mark of 0).
 */
function controllerSink(c: ReadableStreamDefaultController<Uint8Array>): SseSink {
  return {
    write(bytes) {
      try {
        c.enqueue(bytes);
      } catch { /* cancelled: the stream is told by its cancel */ }
    },
    get queuedBytes() {
      return Math.max(0, -(c.desiredSize ?? 0));
    },
    end() {
      try {
        c.close();
      } catch { /* closed already */ }
    },
    abort() {
      try {
        c.error(new Error("The client took nothing for too long"));
      } catch { /* closed already */ }
    },
  };
}

/** The stream of each body handed out, so that the server can write it to its connection itself. */
const streamOfBody = new WeakMap<ReadableStream<Uint8Array>, SseStream>();

/**
 * The event stream whose body this is, if it is one nobody has read yet: the
 * server then attaches its connection ({@link SseStream.attach}) instead of
 * reading the body.
 */
export function sseOfBody(body: ReadableStream<Uint8Array> | null): SseStream | undefined {
  if (body === null || body.locked) return undefined;
  return streamOfBody.get(body);
}

const encoder = new TextEncoder();

/** The response headers of an event stream. */
export const SSE_HEADERS: Record<string, string> = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-store",
  "x-accel-buffering": "no",
};

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
 *
 * Its bytes wait here until the stream is bound to a consumer: the server's
 * connection ({@link attach}), or a reader of {@link readable} (its first
 * read binds it; tests and in-process callers read it so).
 */
export class SseStream {
  readonly readable: ReadableStream<Uint8Array>;
  /** Where the bytes go, once bound. */
  #sink: SseSink | null = null;
  /** Bytes made before the stream was bound. */
  #early: Uint8Array[] = [];
  #earlyBytes = 0;
  #pending: string[] = [];
  #pendingChars = 0;
  #scheduled = false;
  #closed = false;
  /** Closed by {@link close} (the consumer gets what was made, then the end), not dropped. */
  #ended = false;
  readonly #heartbeatMs: number;
  #heartbeatAt: number;
  readonly #stallMsMax: number;
  readonly #tickMs: number;
  readonly #queueBytesMax: number;
  readonly #onClose?: () => void;
  /** Bytes made so far (handed to the consumer or waiting here). */
  #enqueuedBytes = 0;
  /** Bytes the connection had taken at the last stall check, and since when it took none. */
  #takenAtCheck = 0;
  #stalledSince: number | null = null;
  /** Waiters for room in the stream (see {@link room}). */
  #roomWaiters: Array<() => void> = [];

  constructor(options: SseStreamOptions = {}) {
    this.#queueBytesMax = options.queueBytesMax ?? 128 * 1024;
    this.#onClose = options.onClose;
    // A high-water mark of 0: `pull` is called only when a reader waits, so
    // a body that the server hands to its connection is never read.
    this.readable = new ReadableStream<Uint8Array>({
      pull: (c) => {
        if (this.#sink === null) this.#bind(controllerSink(c));
        this.#wakeRoom();
      },
      cancel: () => this.#finish(),
    }, { highWaterMark: 0 });
    streamOfBody.set(this.readable, this);
    this.#send(`retry: ${options.retryMs ?? 1000}\n: taskline\n\n`);
    this.#heartbeatMs = options.heartbeatMs ?? 15_000;
    this.#heartbeatAt = Date.now() + this.#heartbeatMs;
    this.#stallMsMax = options.stallMsMax ?? 10_000;
    this.#tickMs = Math.max(1, Math.min(1000, this.#stallMsMax, this.#heartbeatMs));
    startTicks(this, this.#tickMs);
  }

  /**
   * Binds the stream to a connection the server writes itself: what waits
   * is written first. The sink tells of its progress with {@link drained}
   * and of the client going with {@link cancel}.
   */
  attach(sink: SseSink): void {
    if (this.#sink !== null) throw new Error("The stream is bound already");
    this.#bind(sink);
  }

  /** Binds the consumer, hands it what waited, and ends it if the stream has ended. */
  #bind(sink: SseSink) {
    this.#sink = sink;
    const early = this.#early;
    this.#early = [];
    this.#earlyBytes = 0;
    for (const b of early) sink.write(b);
    if (this.#ended) sink.end();
    else if (this.#closed) sink.abort();
  }

  /** The connection took what was queued (or enough of it): writers waiting for room go on. */
  drained(): void {
    this.#wakeRoom();
  }

  /** The client went away. */
  cancel(): void {
    this.#finish();
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
      // Dropped, not ended: the connection is closed at once, which frees
      // what the kernel's socket buffer held for it.
      this.stalled = true;
      this.#sink?.abort();
      this.#finish();
    }
  }

  /** Set when the stream was closed because its client took nothing for too long. */
  stalled = false;

  /** Bytes made and not yet taken by the connection. */
  #queuedBytes(): number {
    return this.#sink?.queuedBytes ?? this.#earlyBytes;
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

  /** Bytes the connection has taken from the stream so far. */
  get takenBytes(): number {
    return this.#enqueuedBytes - this.#queuedBytes();
  }

  /** Bytes waiting for the client: queued for the connection plus batched here. */
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
    this.#hand(bytes);
  }

  /** Hands bytes to the consumer, or keeps them until there is one. */
  #hand(bytes: Uint8Array) {
    if (this.#closed) return;
    this.#enqueuedBytes += bytes.byteLength;
    if (this.#sink !== null) this.#sink.write(bytes);
    else {
      this.#early.push(bytes);
      this.#earlyBytes += bytes.byteLength;
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
    this.#hand(encoder.encode(text));
  }

  /** Ends the stream (the server is stopping, or the stream has nothing more to send). */
  close(): void {
    if (this.#closed) return;
    this.#flush();
    this.#ended = true;
    // Not bound yet: what waits is handed over, then ended, when it is.
    this.#sink?.end();
    this.#finish();
  }

  #finish() {
    if (this.#closed) return;
    this.#closed = true;
    if (!this.#ended) {
      this.#early = [];
      this.#earlyBytes = 0;
    }
    stopTicks(this, this.#tickMs);
    this.#wakeRoom();
    this.#pending = [];
    this.#pendingChars = 0;
    this.#onClose?.();
  }
}
