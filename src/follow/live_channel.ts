/**
 * The live channel, its sending side: how ephemeral events (`agent_delta`)
 * of a run reach a running server in another process. The shipped
 * program's net permission (`--allow-net=127.0.0.1,localhost,[::1]`) does
 * not cover Unix sockets, so the channel is a loopback TCP port whose number
 * and key the server writes to `.taskline/live.json` (mode 0600, removed at
 * exit): only a process that may read `.taskline/` can find and use it. A
 * run process connects, sends the key as its first line, then each
 * ephemeral event as one line of JSON (a tagged envelope).
 *
 * The sending side never blocks or fails the run: it connects lazily, drops
 * events while no server listens (retrying the connection at most once a
 * second) and drops them when the server reads too slowly. Ephemeral events
 * are live only; a dropped delta is never replayed anyway.
 *
 * Every process that runs tasks (`taskline run`, `taskline record`, the
 * terminal UI) sends through {@link liveChannelSink}, to every listener
 * announced in `.taskline/`: the server's `live.json` and any
 * `live-<name>.json` (`taskline ship --live`), each with its own connection.
 * The listening side is src/follow/live_listen.ts.
 *
 * @module
 */
import { isEphemeral } from "../contract/events.ts";
import { tag, type TaggedEnvelope } from "../contract/envelope.ts";
import { decodeValue } from "../codec/decode.ts";
import { concatBytes } from "../codec/lines.ts";
import type { Envelope } from "../contract/envelope.ts";
import { dirEntries, type StateDir } from "../store/state_dir.ts";
import type { Task } from "../store/tasks.ts";
import type { RecorderSink } from "../store/recorder.ts";

/** Longest line accepted on the channel, in bytes. */
export const LIVE_LINE_BYTES_MAX = 256 * 1024;

/** What `.taskline/live.json` holds. */
export interface LiveChannelInfo {
  port: number;
  key: string;
}

/** Compares in time that depends only on the lengths. */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

/**
 * Reads one line of the channel: a tagged envelope of an ephemeral event.
 * Anything else (logged events come from the logs, not from here) is null.
 */
export function parseLiveLine(line: string): TaggedEnvelope | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  if (value === null || typeof value !== "object") return null;
  const v = value as Record<string, unknown>;
  if (typeof v.task !== "string" || !Number.isSafeInteger(v.number)) return null;
  const { task, number, ...rest } = v;
  const d = decodeValue(rest);
  if (!d.ok || !isEphemeral(d.env.event.type) || d.env.seq !== undefined) return null;
  return tag(d.env, { id: task as string, number: number as number });
}

/** Options of {@link LiveChannelSender}. */
export interface LiveSenderOptions {
  /** Bytes that may wait to be written before events are dropped. Default 256 KiB. */
  pendingBytesMax?: number;
  /** Least time between connection attempts, in ms. Default 1000. */
  retryMs?: number;
}

const encoder = new TextEncoder();

/**
 * The sending side of the live channel: {@link send} never blocks and never
 * throws.
 *
 * @example
 * ```ts
 * const sender = new LiveChannelSender(".taskline/live.json");
 * sender.send(tag(env, task));
 * ```
 */
export class LiveChannelSender {
  readonly path: string;
  #conn: Deno.Conn | null = null;
  #connecting = false;
  #nextAttempt = 0;
  #queue: Uint8Array[] = [];
  #queuedBytes = 0;
  #writing = false;
  #closed = false;
  readonly #pendingBytesMax: number;
  readonly #retryMs: number;
  /** Events dropped (no server, or it reads too slowly). */
  dropped = 0;

  constructor(path: string, options: LiveSenderOptions = {}) {
    this.path = path;
    this.#pendingBytesMax = options.pendingBytesMax ?? 256 * 1024;
    this.#retryMs = options.retryMs ?? 1000;
  }

  /** Sends one tagged envelope, or drops it. */
  send(env: TaggedEnvelope): void {
    if (this.#closed) return;
    if (!this.#conn) this.connect();
    if (!this.#conn && !this.#connecting) {
      this.dropped++; // no server listens: deltas are live only
      return;
    }
    const bytes = encoder.encode(JSON.stringify(env) + "\n");
    if (this.#queuedBytes + bytes.length > this.#pendingBytesMax) {
      this.dropped++;
      return;
    }
    this.#queue.push(bytes);
    this.#queuedBytes += bytes.length;
    if (this.#conn && !this.#writing) void this.#drain();
  }

  /** Starts connecting, unless connected, connecting, or a failed attempt was too recent. */
  connect(): void {
    if (this.#closed || this.#conn || this.#connecting || Date.now() < this.#nextAttempt) return;
    this.#connecting = true;
    this.#nextAttempt = Date.now() + this.#retryMs;
    (async () => {
      const text = await Deno.readTextFile(this.path);
      const info = JSON.parse(text) as LiveChannelInfo;
      if (!Number.isSafeInteger(info.port) || typeof info.key !== "string") throw new Error();
      let c: Deno.Conn;
      try {
        c = await Deno.connect({ hostname: "127.0.0.1", port: info.port });
      } catch (e) {
        if (e instanceof Deno.errors.ConnectionRefused) await removeStale(this.path, text);
        throw e;
      }
      let off = 0;
      const hello = encoder.encode(info.key + "\n");
      while (off < hello.length) off += await c.write(hello.subarray(off));
      return c;
    })().then((c) => {
      this.#connecting = false;
      if (this.#closed) return c.close();
      this.#conn = c;
      if (!this.#writing) void this.#drain();
    }, () => {
      this.#connecting = false;
      this.dropped += this.#queue.length;
      this.#queue = [];
      this.#queuedBytes = 0;
    });
  }

  async #drain() {
    this.#writing = true;
    try {
      while (this.#queue.length > 0 && this.#conn) {
        const chunk = concatBytes(this.#queue, this.#queuedBytes);
        this.#queue = [];
        this.#queuedBytes = 0;
        let off = 0;
        while (off < chunk.length) off += await this.#conn.write(chunk.subarray(off));
      }
    } catch {
      // The server went away: drop what waits and reconnect on a later event.
      try {
        this.#conn?.close();
      } catch { /* closed */ }
      this.#conn = null;
      this.dropped += this.#queue.length;
      this.#queue = [];
      this.#queuedBytes = 0;
    } finally {
      this.#writing = false;
    }
  }

  /** Closes the connection; later events are dropped. */
  close(): void {
    this.#closed = true;
    try {
      this.#conn?.close();
    } catch { /* closed */ }
    this.#conn = null;
  }
}

/**
 * Removes an announcement whose port refuses connections: its listener died
 * without removing it (SIGKILL). A listener announces only once it listens
 * and removes its file before it stops, so a refusal means it is gone; the
 * file is removed only if it still says what was read (a new listener may
 * have written its own since).
 */
async function removeStale(path: string, text: string): Promise<void> {
  try {
    if ((await Deno.readTextFile(path)) === text) await Deno.remove(path);
  } catch { /* gone already, or not ours to remove */ }
}

/** Whether a file name of `.taskline/` announces a listener of the live channel. */
export function isLiveAnnouncement(name: string): boolean {
  return name === "live.json" || /^live-[A-Za-z0-9_.-]{1,100}\.json$/.test(name);
}

/** Events held while the first look for listeners runs (see LiveChannelFanout). */
const HELD_EVENTS_MAX = 256;

/**
 * Sends to every listener announced in a directory ({@link isLiveAnnouncement}),
 * looking for new or gone listeners at most once every `retryMs`. Like
 * {@link LiveChannelSender}, it never blocks and never throws.
 */
export class LiveChannelFanout {
  readonly dir: string;
  readonly #senders = new Map<string, LiveChannelSender>();
  readonly #options: LiveSenderOptions;
  #nextScan = 0;
  #scanning = false;
  #closed = false;
  /**
   * Events sent before the first look for listeners has ended (it takes a
   * millisecond or so; a run's first deltas come as soon): handed to the
   * listeners found then, instead of being dropped. Null once it has ended.
   */
  #held: TaggedEnvelope[] | null = [];

  readonly #accept: (name: string) => boolean;

  /** `accept` narrows the announcements used (default: every one). */
  constructor(
    dir: string,
    options: LiveSenderOptions = {},
    accept: (name: string) => boolean = () => true,
  ) {
    this.dir = dir;
    this.#options = options;
    this.#accept = accept;
  }

  /** Events dropped, all listeners together. */
  get dropped(): number {
    let n = 0;
    for (const s of this.#senders.values()) n += s.dropped;
    return n;
  }

  /** Looks for listeners (unless it did so less than `retryMs` ago) and connects to them. */
  connect(): void {
    if (this.#closed || this.#scanning || Date.now() < this.#nextScan) return;
    this.#scanning = true;
    this.#nextScan = Date.now() + (this.#options.retryMs ?? 1000);
    dirEntries(this.dir).then((entries) => {
      const found = new Set<string>();
      for (const e of entries) {
        if (e.isFile && isLiveAnnouncement(e.name) && this.#accept(e.name)) {
          found.add(`${this.dir}/${e.name}`);
        }
      }
      this.#scanning = false;
      if (this.#closed) return;
      for (const [path, s] of this.#senders) {
        if (!found.has(path)) {
          s.close();
          this.#senders.delete(path);
        }
      }
      for (const path of found) {
        let s = this.#senders.get(path);
        if (!s) {
          s = new LiveChannelSender(path, this.#options);
          this.#senders.set(path, s);
        }
        s.connect();
      }
      const held = this.#held;
      this.#held = null;
      for (const env of held ?? []) {
        for (const s of this.#senders.values()) s.send(env);
      }
    }, () => {
      this.#scanning = false;
      this.#held = null;
    });
  }

  /** Sends one tagged envelope to every listener known, or drops it. */
  send(env: TaggedEnvelope): void {
    if (this.#closed) return;
    this.connect();
    if (this.#held !== null && this.#scanning) {
      if (this.#held.length < HELD_EVENTS_MAX) this.#held.push(env);
      return;
    }
    for (const s of this.#senders.values()) s.send(env);
  }

  /** Closes every connection; later events are dropped. */
  close(): void {
    this.#closed = true;
    for (const s of this.#senders.values()) s.close();
    this.#senders.clear();
  }
}

/** A recorder's sink to the live channel, and how to close it. */
export interface LiveSink {
  /** Pass as the recorder's `sink` option. */
  sink: RecorderSink;
  close(): void;
}

/**
 * A sink that sends a recorder's ephemeral events to every listener of the
 * live channel (a running server, `taskline ship --live`), if any. Pass `sink` to the recorders of a process that runs tasks (`taskline
 * run`, `taskline record`); `close` when they are done.
 *
 * @example
 * ```ts
 * const live = liveChannelSink(ctx.state);
 * try { await runTask(state, task, { settings, sink: live.sink }); } finally { live.close(); }
 * ```
 */
export function liveChannelSink(state: StateDir): LiveSink {
  const sender = new LiveChannelFanout(state.root);
  // Connect now, so the first delta of a run already finds the connection up.
  sender.connect();
  return {
    sink: (env: Envelope, task: Task) => {
      if (env.seq !== undefined || !isEphemeral(env.event.type)) return;
      sender.send(tag(env, { id: task.id, number: task.number }));
    },
    close: () => sender.close(),
  };
}
