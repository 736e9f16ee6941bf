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
 * The parts: the replica's writes (replica_writer.ts), the position on disk
 * (mirror_checkpoint.ts), lines and outputs sent in parts (part_assembly.ts),
 * the owners of ephemeral events (live_owners.ts), problems told once
 * (reports.ts).
 *
 * @module
 */
import type { JsMsg } from "@nats-io/jetstream";
import type { StateDir } from "../store/state_dir.ts";
import { BadLogFile } from "../store/log_file.ts";
import {
  isNotFound,
  jetStreamApi,
  jetstreamManager,
  type NatsAddress,
  type NatsConnection,
  openNats,
  type OpenNatsOptions,
} from "./nats.ts";
import { LiveChannelFanout, parseLiveLine } from "../follow/live_channel.ts";
import { parseTimeNsUncached } from "../contract/time.ts";
import { LiveOwners } from "./live_owners.ts";
import {
  type Checkpoint,
  checkpointPath,
  loadCheckpoint,
  saveCheckpoint,
} from "./mirror_checkpoint.ts";
import { PartAssembly } from "./part_assembly.ts";
import { ReplicaWriter } from "./replica_writer.ts";
import { Reports, shown } from "./reports.ts";
import {
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
  /** Problems told once each. */
  readonly #reports: Reports;
  /** The parts of lines and outputs larger than a message, until they are whole. */
  readonly #parts: PartAssembly;
  /** What the messages read write into the replica. */
  readonly #writer: ReplicaWriter;
  /** With `live`: which task an ephemeral event may speak in. */
  readonly #owners: LiveOwners;
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
    this.#reports = new Reports(options.onReport);
    this.#parts = new PartAssembly(this.stats, this.#reports);
    this.#writer = new ReplicaWriter(state, {
      stats: this.stats,
      reports: this.#reports,
      onReport: options.onReport,
    });
    this.#owners = new LiveOwners(state, this.#reports);
  }

  #report(key: string, message: string) {
    this.#reports.say(key, message);
  }

  /** Writes the batch (see {@link ReplicaWriter.flush}). */
  #flush(): void {
    if (this.#holdTimer !== null) {
      clearTimeout(this.#holdTimer);
      this.#holdTimer = null;
    }
    this.#writer.flush();
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
      this.#owners.indexTasks();
      const sub = nc.subscribe(`${LIVE_SUBJECT_ROOT}.${project ?? "*"}.*`, {
        callback: (_e, m) => {
          const env = parseLiveLine(dec.decode(m.data));
          if (env && this.#owners.owns(m.subject, env.task)) fan.send(env);
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
    const cp = loadCheckpoint(this.#state); // a checkpoint that is not a regular file ends the mirror
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
        if (m.info.pending === 0 || this.#writer.batchBytes >= (this.#o.batchBytesMax ?? 4 << 20)) {
          this.#flush();
        } else if (this.#writer.batchBytes > 0 && this.#holdTimer === null) {
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
      if (this.#o.live) this.#owners.indexTask(mdir, m.data);
      this.#writer.file(this.#state.taskJsonPath(mdir), m.data);
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
        this.#writer.file(this.#state.traceFile(mdir, o.run, o.call), o.data);
        this.stats.outputs++;
      }
      return;
    }
    const part = parsePart(m.headers?.get(H_PART));
    if (p.kind === "out") {
      const path = this.#state.traceFile(mdir, p.run, p.call);
      const whole = this.#parts.take(m, {
        slot: `out:${path}`,
        key: `out:${path}`,
        part: part ?? { i: 0, n: 1 },
      });
      if (whole) {
        this.#writer.file(path, whole);
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
    const line = this.#parts.take(m, {
      slot: `ev:${mdir}`,
      key: `ev:${mdir}:${offset}`,
      part: part ?? { i: 0, n: 1 },
    });
    if (line) this.#writer.append(mdir, { offset, data: line, seq: m.seq });
  }

  /** Saves where the mirror stands, once every message read before it is on disk. */
  #saveCheckpoint() {
    if (this.#created === "" || this.#writer.batchBytes > 0) return;
    // Everything up to this sequence is on disk (parts of a line or an output held back are not).
    const seq = this.#parts.doneSeq(this.#readSeq);
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
    saveCheckpoint(this.#state, cp);
    this.#savedSeq = seq;
  }
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
