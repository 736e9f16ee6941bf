/**
 * `taskline mirror`: rebuilds a replica `.taskline/` from the stream that
 * `ship` writes, and keeps it up to date.
 *
 * - Each task of each project lands in `tasks/<project>--<source dir>/`:
 *   `task.json` as on the source, `events.jsonl` byte for byte (the lines of
 *   a message, one or a batch of several, are placed at the byte offset its
 *   message names: lines already there are skipped, so reading a message
 *   twice writes nothing twice), and its tool
 *   outputs in `tool-output/<project>--<source dir>/<run>/<call>.txt` (one
 *   a message, or several: both forms are read).
 * - Where to resume is decided by what is on disk: a torn last line (a crash
 *   in the middle of a write) is cut off when the log is first touched, and
 *   the stream is read again from `mirror.json`'s position (the last stream
 *   sequence whose effect is on disk, saved every half second; without it,
 *   from the start). A stream deleted and created again is read from its
 *   start.
 * - Writes are batched: what arrives while more is pending is appended with
 *   one write a log; a batch is written as soon as the server says nothing
 *   more is pending, and at the latest `batchHoldMs` after its first message
 *   (that count is the server's estimate: after a restart it can stay above
 *   zero when nothing more is coming). A kept output is written (atomically)
 *   before the lines of its batch, so a reader who sees a `tool_returned`
 *   finds its output.
 * - Every reconnection (however many, also one during the creation of the
 *   consumer) and any sign that the consumer is gone (not found, deleted,
 *   heartbeats missed) makes a new consumer from what was read: the consumer
 *   is held in the server's memory and does not survive its restart.
 *
 * @module
 */
import type { JsMsg } from "@nats-io/jetstream";
import { type StateDir, writeFileAtomicSync } from "../store/state_dir.ts";
import {
  BadLogFile,
  checkLogFileSync,
  lastNewlineBeforeSync,
  readRegularFileSync,
} from "../store/log_file.ts";
import {
  isNotFound,
  jetStreamApi,
  jetstreamManager,
  type NatsAddress,
  type NatsConnection,
  openNats,
  type OpenNatsOptions,
} from "./nats.ts";
import { bytesEqual } from "./raw_lines.ts";
import { LiveChannelFanout, parseLiveLine } from "../follow/live_channel.ts";
import { parseTimeNsUncached } from "../contract/time.ts";
import {
  countLines,
  decodeOutputs,
  DEFAULT_STREAM,
  H_DIR,
  H_MSG_ID,
  H_PART,
  isSafeDir,
  LIVE_SUBJECT_ROOT,
  mirrorDir,
  offsetOfMsgId,
  parsePart,
  parseSubject,
  SUBJECT_ROOT,
} from "./wire.ts";

/** Options of {@link mirror}. */
export interface MirrorOptions {
  /** The stream. Default `TASKLINE`. */
  stream?: string;
  /** Only this project. Default: every project of the stream. */
  project?: string;
  /** Credentials and a client name. Default none. */
  nats?: OpenNatsOptions;
  /** Stops mirroring (the promise resolves once what was read is written). */
  signal?: AbortSignal;
  /** Problems a user must know (a gap, an unusable message). Default: ignored. */
  onReport?: (message: string) => void;
  /** Called once the stream is being read. */
  onReady?: (info: { stream: string; server: string; from: number }) => void;
  /** How often the position is saved, in ms. Default 500. */
  checkpointIntervalMs?: number;
  /** Most bytes held before a write, whatever is pending. Default 4 MiB. */
  batchBytesMax?: number;
  /** Longest a read message is held before it is written, in ms. Default 20. */
  batchHoldMs?: number;
  /**
   * Also the ephemeral events that `ship --live` publishes: each is handed to
   * this replica's live channel (a `taskline serve` running on it streams
   * it), never written. Default false.
   */
  live?: boolean;
}

/** What the mirror has written since its start. */
export interface MirrorStats {
  lines: number;
  bytes: number;
  outputs: number;
  taskFiles: number;
  /** Messages read that were already on disk. */
  skipped: number;
  /** Messages skipped as unusable (a subject, a header or data that ship never writes). */
  unusable: number;
}

/** What `mirror.json` holds. */
interface Checkpoint {
  stream: string;
  created: string;
  seq: number;
  /** The server's time of the message at `seq`, in nanoseconds since the epoch. */
  ns?: string;
}

interface LogFile {
  /** Bytes on disk. */
  size: number;
  /** Bytes queued to be appended. */
  queued: Uint8Array[];
  queuedBytes: number;
  gapReported: boolean;
  /** Why this replica log is not written (not a regular file); null when it is. */
  bad: string | null;
}

interface Parts {
  /** The line or output they are parts of. */
  key: string;
  firstSeq: number;
  n: number;
  parts: Uint8Array[];
  got: number;
  /** Bytes of the parts held. */
  bytes: number;
  /** What it is, for a report: the subject of its first part. */
  subject: string;
}

/**
 * Most bytes of parts held while their line or output is incomplete, all
 * assemblies together. `ship` sends the parts of one line or output one
 * after the other, so one assembly a log or output is ever in flight; a
 * stream that holds parts which never complete (a hostile or broken
 * publisher) is dropped from the oldest on past this, with a report.
 */
export const PARTS_BYTES_MAX = 256 * 1024 * 1024;

/** Most problems named one by one on stderr (each kind once). */
const REPORTED_MAX = 1000;

/** A subject for a message: its start when it is long. */
function shown(subject: string): string {
  return subject.length > 200 ? `${subject.slice(0, 200)}…` : subject;
}

/** The path of the mirror's position. */
export function checkpointPath(state: StateDir): string {
  return `${state.root}/mirror.json`;
}

/**
 * Mirrors the stream at `addr` into `state` until `signal` is aborted.
 *
 * @example
 * ```ts
 * const stop = new AbortController();
 * await mirror(new StateDir(), parseNatsUrl("nats://127.0.0.1:4222"), { signal: stop.signal });
 * ```
 */
export async function mirror(
  state: StateDir,
  addr: NatsAddress,
  options: MirrorOptions = {},
): Promise<MirrorStats> {
  return await new Mirror(state, addr, options).run();
}

class Mirror {
  readonly #state: StateDir;
  readonly #addr: NatsAddress;
  readonly #o: MirrorOptions;
  readonly #stream: string;
  readonly #logs = new Map<string, LogFile>();
  /** Per log or output (its slot), the one assembly held there. */
  readonly #parts = new Map<string, Parts>();
  #partsBytes = 0;
  /** Files to write before the lines of the batch: path -> bytes. */
  readonly #files = new Map<string, Uint8Array>();
  readonly #madeDirs = new Set<string>();
  readonly #reported = new Set<string>();
  readonly stats: MirrorStats = {
    lines: 0,
    bytes: 0,
    outputs: 0,
    taskFiles: 0,
    skipped: 0,
    unusable: 0,
  };
  /** The last stream sequence read, and the last whose effect is written. */
  #readSeq = 0;
  #savedSeq = -1;
  #created = "";
  #batchBytes = 0;
  /** The server's time of the last message read (`#readSeq`), in ns; -1 unknown. */
  #readNs = -1n;
  /** Reconnections seen: a consumer made before the last one is not trusted. */
  #reconnects = 0;
  /** Stops the messages being read now (a reconnection). */
  #stopReading: (() => void) | null = null;
  /** Writes a held batch when its hold time is up. */
  #holdTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(state: StateDir, addr: NatsAddress, options: MirrorOptions) {
    this.#state = state;
    this.#addr = addr;
    this.#o = options;
    this.#stream = options.stream ?? DEFAULT_STREAM;
  }

  #report(key: string, message: string) {
    if (this.#reported.has(key)) return;
    if (this.#reported.size >= REPORTED_MAX) {
      // Garbage of many kinds (a subject or a header of its own a message)
      // would otherwise grow this set without bound.
      if (this.#reported.size === REPORTED_MAX) {
        this.#reported.add("");
        this.#o.onReport?.(
          `${REPORTED_MAX} kinds of problems named: further ones are counted, not named (the count of unusable messages skipped is told when mirror ends)`,
        );
      }
      return;
    }
    this.#reported.add(key);
    this.#o.onReport?.(message);
  }

  async run(): Promise<MirrorStats> {
    const signal = this.#o.signal;
    await Deno.mkdir(this.#state.tasksDir, { recursive: true });
    const nc = await openNats(this.#addr, {
      name: "taskline mirror",
      signal: this.#o.signal,
      onWaiting: (m) => this.#o.onReport?.(`waiting for NATS at ${this.#addr.server}: ${m}`),
      ...this.#o.nats,
    });
    const stop = new AbortController();
    const onAbort = () => stop.abort();
    signal?.addEventListener("abort", onAbort, { once: true });
    if (signal?.aborted) stop.abort();
    // One listener for the whole run: a reconnection at any moment, also
    // while a consumer is being made, is seen.
    const reconnects = (async () => {
      for await (const st of nc.status()) {
        if (st.type === "reconnect") {
          this.#reconnects++;
          this.#stopReading?.();
        }
      }
    })().catch(() => {});
    // Ephemeral events go to this replica's live listeners as a run's would.
    let live: { close(): void } | null = null;
    if (this.#o.live) {
      // The replica's server only: a `ship --live` on the replica would
      // publish them again, and this mirror would get them back, for ever.
      const fan = new LiveChannelFanout(this.#state.root, {}, (name) => name === "live.json");
      fan.connect();
      const dec = new TextDecoder();
      const project = this.#o.project;
      this.#indexTasks();
      const sub = nc.subscribe(`${LIVE_SUBJECT_ROOT}.${project ?? "*"}.*`, {
        callback: (_e, m) => {
          const env = parseLiveLine(dec.decode(m.data));
          if (env && this.#liveOwned(m.subject, env.task)) fan.send(env);
        },
      });
      live = {
        close: () => {
          sub.unsubscribe();
          fan.close();
        },
      };
    }
    const saver = setInterval(() => {
      try {
        this.#saveCheckpoint();
      } catch (e) {
        this.#report("checkpoint", `cannot save ${checkpointPath(this.#state)}: ${e}`);
      }
    }, this.#o.checkpointIntervalMs ?? 500);
    try {
      while (!stop.signal.aborted) {
        try {
          await this.#follow(nc, stop.signal);
        } catch (e) {
          if (stop.signal.aborted || e instanceof BadLogFile) throw e;
          this.#report(
            `follow:${(e as Error).message}`,
            `reading stream ${this.#stream} stopped (${(e as Error).message}); starting again`,
          );
        }
        this.#flush();
        if (!stop.signal.aborted) await sleep(250, stop.signal);
      }
    } finally {
      clearInterval(saver);
      live?.close();
      signal?.removeEventListener("abort", onAbort);
      try {
        this.#flush();
        this.#saveCheckpoint();
      } finally {
        await nc.close().catch(() => {});
        await reconnects;
      }
    }
    return this.stats;
  }

  /** Reads the stream from the saved position until it fails, is re-created, or `signal`. */
  async #follow(nc: NatsConnection, signal: AbortSignal): Promise<void> {
    // A reconnection from here on makes this consumer one of a server that
    // may be gone: it ends the reading as soon as there is one to end.
    const reconnects = this.#reconnects;
    const jsm = await jetstreamManager(nc);
    let info;
    for (let attempt = 0;; attempt++) {
      signal.throwIfAborted();
      try {
        info = await jsm.streams.info(this.#stream);
        break;
      } catch (e) {
        if (attempt === 0) {
          this.#o.onReport?.(
            `waiting for stream ${this.#stream} at ${this.#addr.server}: ${(e as Error).message}`,
          );
        }
        await sleep(isNotFound(e) ? 500 : 250, signal);
      }
    }
    const cp = this.#loadCheckpoint(); // a checkpoint that is not a regular file ends the mirror
    let from = 1;
    if (this.#created === info.created) {
      from = await this.#verified(jsm, this.#readSeq);
    } else if (cp && cp.stream === this.#stream && cp.created === info.created) {
      this.#readNs = cp.ns !== undefined && /^\d{1,20}$/.test(cp.ns) ? BigInt(cp.ns) : -1n;
      from = await this.#verified(jsm, cp.seq);
    } else if (this.#created !== "" || cp) {
      this.#o.onReport?.(
        `stream ${this.#stream} is not the one mirrored before: reading it from its start (lines already here are skipped)`,
      );
    }
    if (this.#created !== info.created) {
      this.#parts.clear();
      this.#partsBytes = 0;
      this.#created = info.created;
    }
    this.#readSeq = from - 1;
    const js = (await jetStreamApi()).jetstream(nc);
    const project = this.#o.project;
    const consumer = await js.consumers.get(this.#stream, {
      filter_subjects: project ? `${SUBJECT_ROOT}.${project}.>` : `${SUBJECT_ROOT}.>`,
      deliver_policy: "by_start_sequence" as never,
      opt_start_seq: from,
    });
    const iter = await consumer.consume({
      max_messages: 1000,
      // A pull lasts 10 s and the server sends a heartbeat every 5 s of
      // silence: two missed (10 s) say the consumer is gone.
      expires: 10_000,
      abort_on_missing_resource: true,
    } as never);
    this.#stopReading = () => iter.stop();
    if (this.#reconnects !== reconnects) iter.stop();
    this.#o.onReady?.({ stream: this.#stream, server: this.#addr.server, from });
    const onAbort = () => iter.stop();
    signal.addEventListener("abort", onAbort, { once: true });
    // A stream deleted and created again keeps no sequence of the old one:
    // checked every second, and read from its start.
    const created = info.created;
    const watcher = setInterval(async () => {
      try {
        const now = await jsm.streams.info(this.#stream);
        if (now.created !== created) iter.stop();
      } catch (e) {
        if (isNotFound(e)) iter.stop();
      }
    }, 1000);
    // A consumer that is gone is made again from what was read, never
    // waited for: the client's own recovery keeps the old position.
    void (async () => {
      for await (const s of iter.status()) {
        if (
          s.type === "stream_not_found" || s.type === "consumer_not_found" ||
          s.type === "consumer_deleted" || (s.type === "heartbeats_missed" && s.count >= 2)
        ) {
          iter.stop();
        }
      }
    })().catch(() => {});
    // After a reconnection (the run's listener stops this reading) the
    // position is checked again: a server that restarted may have lost what
    // it stored last, and stores what is shipped again under the same
    // sequences.
    try {
      for await (const m of iter) {
        this.#take(m);
        if (m.info.pending === 0 || this.#batchBytes >= (this.#o.batchBytesMax ?? 4 << 20)) {
          this.#flush();
        } else if (this.#batchBytes > 0 && this.#holdTimer === null) {
          this.#holdTimer = setTimeout(() => {
            this.#holdTimer = null;
            try {
              this.#flush();
            } catch {
              // The reading ends; the write is tried again (and its error
              // told) as after any other failed write.
              iter.stop();
            }
          }, this.#o.batchHoldMs ?? 20);
        }
      }
    } finally {
      this.#stopReading = null;
      clearInterval(watcher);
      signal.removeEventListener("abort", onAbort);
      this.#flush();
      // The consumer lives in the server's memory for 5 minutes unless deleted.
      consumer.delete().catch(() => {});
    }
  }

  /**
   * Whether the message at `seq` was stored after the last one read (its
   * server time is later), or is gone: then it was not read.
   */
  async #after(jsm: Awaited<ReturnType<typeof jetstreamManager>>, seq: number): Promise<boolean> {
    try {
      const m = await jsm.streams.getMessage(this.#stream, { seq });
      if (!m) return true;
      const ns = parseTimeNsUncached(m.timestamp);
      return ns === null || ns > this.#readNs;
    } catch (e) {
      if (isNotFound(e)) return true;
      throw e;
    }
  }

  /**
   * Where to go on after `seq`, the last sequence read: just after it when
   * the stream still holds what was read there, else from the first
   * sequence stored after it was read. A server killed before its file
   * store wrote its last messages comes back without them, and stores what
   * is shipped again under the same sequences; the server's clock tells
   * the two apart (its times grow with the sequence).
   */
  async #verified(jsm: Awaited<ReturnType<typeof jetstreamManager>>, seq: number): Promise<number> {
    if (seq <= 0) return 1;
    if (this.#readNs < 0n) {
      this.#o.onReport?.(
        `${
          checkpointPath(this.#state)
        } has no time: reading stream ${this.#stream} again from its start`,
      );
      return 1;
    }
    if (!(await this.#after(jsm, seq))) return seq + 1;
    let lo = 0, hi = seq;
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (await this.#after(jsm, mid)) hi = mid;
      else lo = mid;
    }
    this.#o.onReport?.(
      `stream ${this.#stream} no longer holds messages ${hi} to ${seq} as they were read (a server restart): reading again from ${hi}`,
    );
    return hi;
  }

  /**
   * The ids of the replica's tasks (`--live` only): each task directory's
   * id, from its `task.json` as found at the start and as written since.
   */
  readonly #dirIds = new Map<string, string>();
  /** The task directories of each id. */
  readonly #idDirs = new Map<string, Set<string>>();

  /** Reads the id of every task directory of the replica. */
  #indexTasks(): void {
    let entries: Deno.DirEntry[];
    try {
      entries = [...Deno.readDirSync(this.#state.tasksDir)];
    } catch {
      return; // none yet
    }
    for (const e of entries) {
      if (!e.isDirectory) continue;
      try {
        const bytes = readRegularFileSync(this.#state.taskJsonPath(e.name), {
          root: this.#state.root,
        });
        if (bytes) this.#indexTask(e.name, bytes);
      } catch { /* not a task: holds no id */ }
    }
  }

  /** Notes the id that `task.json` bytes give a task directory. */
  #indexTask(mdir: string, bytes: Uint8Array): void {
    let id: unknown;
    try {
      id = JSON.parse(new TextDecoder().decode(bytes))?.id;
    } catch { /* no id */ }
    const old = this.#dirIds.get(mdir);
    if (old !== undefined) {
      this.#idDirs.get(old)?.delete(mdir);
      if (this.#idDirs.get(old)?.size === 0) this.#idDirs.delete(old);
      this.#dirIds.delete(mdir);
    }
    if (typeof id !== "string") return;
    this.#dirIds.set(mdir, id);
    let dirs = this.#idDirs.get(id);
    if (!dirs) this.#idDirs.set(id, dirs = new Set());
    dirs.add(mdir);
  }

  /**
   * Whether an ephemeral event of `subject` (`taskline_live.<project>.<task
   * id>`) may be handed on as one of task `id`: the subject names that id,
   * and the replica's tasks of that id are the project's only. The replica's
   * server routes an event by its id: a project that names another's task
   * there (or gave a task of its own that task's id) would speak in it.
   */
  #liveOwned(subject: string, id: string): boolean {
    const t = subject.split(".");
    const project = t[1] ?? "";
    const dirs = this.#idDirs.get(id);
    let why: string | null = null;
    if (t.length !== 3 || t[2] !== id) why = "its subject names another task";
    else if (!dirs) why = "no task of the replica has that id (yet)";
    else if ([...dirs].some((d) => !d.startsWith(`${project}--`))) {
      why = "a task of another project has that id";
    }
    if (why === null) return true;
    this.#report(
      `live:${subject}:${id}`,
      `an ephemeral event of ${shown(subject)} for task ${
        id.slice(0, 80)
      } is not handed on: ${why}`,
    );
    return false;
  }

  /** Takes one message into the batch. */
  #take(m: JsMsg): void {
    this.#readSeq = m.seq;
    this.#readNs = m.timestampNanos;
    const p = parseSubject(m.subject);
    if (!p) {
      this.stats.unusable++;
      this.#report(
        `subject:${m.subject}`,
        `a message of ${
          shown(m.subject)
        } (stream sequence ${m.seq}) is not one that taskline ship writes: skipped`,
      );
      return;
    }
    const dir = m.headers?.get(H_DIR) ?? "";
    if (!isSafeDir(dir, p.project)) {
      this.stats.unusable++;
      this.#report(
        `dir:${dir}`,
        `a message of ${m.subject} (stream sequence ${m.seq}) names no usable task directory: skipped`,
      );
      return;
    }
    const mdir = mirrorDir(p.project, dir);
    if (p.kind === "task") {
      if (this.#o.live) this.#indexTask(mdir, m.data);
      this.#files.set(this.#state.taskJsonPath(mdir), m.data);
      this.#batchBytes += m.data.length;
      this.stats.taskFiles++;
      return;
    }
    if (p.kind === "outs") {
      // Several small outputs (ship since output batches).
      const outs = decodeOutputs(m.data);
      if (outs === null) {
        this.stats.unusable++;
        this.#report(
          `outs:${m.subject}`,
          `a message of ${m.subject} (stream sequence ${m.seq}) holds no readable outputs: skipped`,
        );
        return;
      }
      for (const o of outs) {
        this.#files.set(this.#state.traceFile(mdir, o.run, o.call), o.data);
        this.#batchBytes += o.data.length;
        this.stats.outputs++;
      }
      return;
    }
    const part = parsePart(m.headers?.get(H_PART));
    if (p.kind === "out") {
      const path = this.#state.traceFile(mdir, p.run, p.call);
      const whole = this.#assemble(`out:${path}`, `out:${path}`, m, part ?? { i: 0, n: 1 });
      if (whole) {
        this.#files.set(path, whole);
        this.#batchBytes += whole.length;
        this.stats.outputs++;
      }
      return;
    }
    const offset = offsetOfMsgId(m.headers?.get(H_MSG_ID) ?? "");
    if (offset === null) {
      this.stats.unusable++;
      this.#report(`id:${m.subject}`, `a line of ${m.subject} has no offset: skipped`);
      return;
    }
    const line = this.#assemble(`ev:${mdir}`, `ev:${mdir}:${offset}`, m, part ?? { i: 0, n: 1 });
    if (line) this.#append(mdir, offset, line);
  }

  /**
   * Collects parts; the whole when the last arrives, else null. `slot` is
   * the log or output they belong to, `key` the line or output itself: ship
   * sends the parts of one after the other, so a slot holds one assembly,
   * and a message of another key there means the one held will never
   * complete (its `ship` died): it is let go.
   */
  #assemble(
    slot: string,
    key: string,
    m: JsMsg,
    part: { i: number; n: number },
  ): Uint8Array | null {
    let p = this.#parts.get(slot);
    if (p && p.key !== key) {
      this.#dropParts(slot, "another one came after it");
      p = undefined;
    }
    if (part.n === 1) return m.data;
    if (part.i === 0 || !p || p.n !== part.n) {
      // A first part starts over (a line sent again after a crash of ship); a
      // later part with no first before it can never complete.
      if (p) this.#dropParts(slot, null);
      if (part.i !== 0) return null;
      p = { key, firstSeq: m.seq, n: part.n, parts: [], got: 0, bytes: 0, subject: m.subject };
      this.#parts.set(slot, p);
    }
    const old = p.parts[part.i];
    if (old === undefined) p.got++;
    else {
      p.bytes -= old.length;
      this.#partsBytes -= old.length;
    }
    p.parts[part.i] = m.data;
    p.bytes += m.data.length;
    this.#partsBytes += m.data.length;
    // Never more than PARTS_BYTES_MAX held: the oldest incomplete assemblies go first.
    for (const [s] of this.#parts) {
      if (this.#partsBytes <= PARTS_BYTES_MAX || s === slot) break;
      this.#dropParts(s, `more than ${PARTS_BYTES_MAX / 1024 / 1024} MiB of parts were held`);
    }
    if (p.got < p.n) return null;
    this.#dropParts(slot, null);
    let size = 0;
    for (const b of p.parts) size += b.length;
    const all = new Uint8Array(size);
    let off = 0;
    for (const b of p.parts) {
      all.set(b, off);
      off += b.length;
    }
    return all;
  }

  /** Lets a slot's assembly go (its parts' bytes freed); `why` reports it as dropped. */
  #dropParts(slot: string, why: string | null): void {
    const p = this.#parts.get(slot);
    if (!p) return;
    this.#parts.delete(slot);
    this.#partsBytes -= p.bytes;
    if (why !== null) {
      this.stats.unusable++;
      this.#report(
        `parts:${p.subject}`,
        `parts of a message of ${p.subject} (from stream sequence ${p.firstSeq}) that never completed were dropped: ${why}`,
      );
    }
  }

  #log(mdir: string): LogFile {
    let f = this.#logs.get(mdir);
    if (f) return f;
    let size = 0;
    let bad: string | null = null;
    try {
      size = repairTail(this.#state.logPath(mdir), { root: this.#state.root });
    } catch (e) {
      if (!(e instanceof BadLogFile)) throw e;
      // Never opened (a FIFO would hold the mirror): this task alone is left.
      bad = e.message;
      this.#report(
        `bad:${e.path}`,
        `task ${mdir}: ${e.message}: its lines are not written (remove it, and mirror.json, to read the stream again from its start)`,
      );
    }
    f = { size, queued: [], queuedBytes: 0, gapReported: false, bad };
    this.#logs.set(mdir, f);
    return f;
  }

  /**
   * Queues the lines of a message (one line, or several of a batch) at
   * `offset`; what is already here is skipped.
   */
  #append(mdir: string, offset: number, data: Uint8Array): void {
    const f = this.#log(mdir);
    if (f.bad !== null) return;
    const end = f.size + f.queuedBytes;
    let line = data;
    if (offset + line.length <= end) {
      this.stats.skipped++;
      return;
    }
    if (offset < end && line[end - offset - 1] === 10) {
      // A batch that starts with lines already here (`ship` sent its lines
      // again with other bounds): the lines after them.
      line = line.subarray(end - offset);
      offset = end;
    }
    if (offset !== end) {
      if (!f.gapReported) {
        f.gapReported = true;
        this.#o.onReport?.(
          `task ${mdir}: message ${this.#readSeq} of the stream has a line at byte ${offset} but the log here ends at ${end}: lines are missing from the stream; later lines of this task are not written`,
        );
      }
      return;
    }
    f.queued.push(line);
    f.queuedBytes += line.length;
    this.#batchBytes += line.length;
    this.stats.lines += countLines(line);
    this.stats.bytes += line.length;
  }

  #ensureDir(dir: string) {
    if (this.#madeDirs.has(dir)) return;
    Deno.mkdirSync(dir, { recursive: true });
    this.#madeDirs.add(dir);
  }

  /** Writes the batch: files first, then the lines, one append a log. */
  #flush(): void {
    if (this.#holdTimer !== null) {
      clearTimeout(this.#holdTimer);
      this.#holdTimer = null;
    }
    for (const [path, bytes] of this.#files) {
      this.#ensureDir(path.slice(0, path.lastIndexOf("/")));
      let same = false;
      try {
        const here = readRegularFileSync(path, { root: this.#state.root });
        same = here !== null && bytesEqual(here, bytes);
      } catch (e) {
        if (e instanceof BadLogFile) {
          // Never opened, nor replaced: named, and the other files go on.
          this.#report(`bad:${e.path}`, `${e.message}: it is not written`);
          continue;
        }
        // Unreadable: written again.
      }
      if (!same) writeFileAtomicSync(path, bytes);
    }
    this.#files.clear();
    for (const [mdir, f] of this.#logs) {
      if (f.queuedBytes === 0) continue;
      this.#ensureDir(this.#state.taskDir(mdir));
      const all = new Uint8Array(f.queuedBytes);
      let off = 0;
      for (const b of f.queued) {
        all.set(b, off);
        off += b.length;
      }
      const file = Deno.openSync(this.#state.logPath(mdir), { append: true, create: true });
      try {
        let done = 0;
        while (done < all.length) done += file.writeSync(all.subarray(done));
      } finally {
        file.close();
      }
      f.size += f.queuedBytes;
      f.queued = [];
      f.queuedBytes = 0;
    }
    this.#batchBytes = 0;
  }

  /** Everything up to this sequence is on disk (parts of a line or an output held back are not). */
  #doneSeq(): number {
    let seq = this.#readSeq;
    for (const p of this.#parts.values()) seq = Math.min(seq, p.firstSeq - 1);
    return seq;
  }

  #saveCheckpoint() {
    if (this.#created === "" || this.#batchBytes > 0) return;
    const seq = this.#doneSeq();
    if (seq === this.#savedSeq) return;
    // The time saved is that of the last message read: with parts held
    // back it is later than `seq`'s, which only makes a check read more again.
    const cp: Checkpoint = {
      stream: this.#stream,
      created: this.#created,
      seq,
      ns: this.#readNs.toString(),
    };
    // What is not a regular file there is not replaced (run() ends on it).
    try {
      checkLogFileSync(checkpointPath(this.#state), { root: this.#state.root });
    } catch (e) {
      throw e instanceof BadLogFile ? badCheckpoint(e) : e;
    }
    writeFileAtomicSync(
      checkpointPath(this.#state),
      new TextEncoder().encode(JSON.stringify(cp) + "\n"),
    );
    this.#savedSeq = seq;
  }

  /**
   * The checkpoint (`mirror.json`), null when there is none or it does not
   * read as one (the stream is read from its start).
   *
   * @throws BadLogFile when it is not a regular file inside `.taskline/` (a
   * FIFO would hold the mirror): never opened, nor replaced, the mirror ends
   * with an error that names it.
   */
  #loadCheckpoint(): Checkpoint | null {
    const path = checkpointPath(this.#state);
    let bytes: Uint8Array | null = null;
    try {
      bytes = readRegularFileSync(path, { root: this.#state.root });
    } catch (e) {
      if (e instanceof BadLogFile) throw badCheckpoint(e);
      return null;
    }
    if (bytes === null) return null;
    try {
      const v = JSON.parse(new TextDecoder().decode(bytes));
      if (
        typeof v?.stream === "string" && typeof v?.created === "string" &&
        Number.isSafeInteger(v?.seq)
      ) {
        return v as Checkpoint;
      }
    } catch { /* none, or unreadable: from the start */ }
    return null;
  }
}

/**
 * Cuts a torn last line (one without its newline) off a log; returns the
 * size that is left (0 when there is no log).
 */
export function repairTail(path: string, options: { root?: string } = {}): number {
  // lstat first: what is not a regular file inside .taskline/ is never opened.
  if (checkLogFileSync(path, options) === null) return 0;
  let file: Deno.FsFile;
  try {
    file = Deno.openSync(path, { read: true, write: true });
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return 0;
    throw e;
  }
  try {
    const st = file.statSync();
    if (!st.isFile) throw new BadLogFile(path, "other");
    const size = st.size;
    const pos = lastNewlineBeforeSync(file, size) + 1;
    if (pos < size) file.truncateSync(pos);
    return pos;
  } finally {
    file.close();
  }
}

/** The error of a checkpoint that is not a regular file, with what to do. */
function badCheckpoint(e: BadLogFile): BadLogFile {
  const err = new BadLogFile(e.path, e.kind, e.target);
  err.message =
    `${e.message}: it is where mirror keeps its place in the stream; remove it (the stream is then read again from its start, what is already here is skipped)`;
  return err;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });
}
