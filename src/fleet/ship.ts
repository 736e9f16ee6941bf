/**
 * `taskline ship`: publishes every task of the project to a JetStream stream,
 * exactly once in effect.
 *
 * - Complete log lines go out byte for byte on the task's subject: the lines
 *   there are to ship in batches (several lines a message, up to 256 KiB),
 *   a line appended alone as its own message, with an id (task, run, seq or
 *   first and last seq, line count, byte offset) that JetStream uses to drop
 *   duplicates. `task.json` and each kept tool output (before the message
 *   with the `tool_returned` line that names it; the small outputs of one
 *   message of lines several to a message) go out too; what is larger than a
 *   message is split into parts.
 * - Where to start is asked of the stream, never remembered locally: for each
 *   task the last message of its subject gives the offset just after the
 *   last line stored. So a crash, a restart, a lost connection or a stream
 *   deleted under it (created again, every task shipped again from its start)
 *   neither loses nor repeats a line. Each task has one message (of lines or
 *   outputs) unacknowledged at a time, many tasks side by side; each carries
 *   the stream sequence its subject must end at (JetStream's optimistic
 *   concurrency), so that a message another writer stored in between (a
 *   killed ship's, arriving late) makes the server refuse it rather than
 *   store lines or outputs twice. Any refused or missing acknowledgement
 *   makes every task start again from what the stream holds, and the lines
 *   of the messages left unacknowledged go again as the same messages (same
 *   cuts, same ids: one stored late is dropped as a duplicate).
 * - A log whose shipped part changed on disk (truncated, or rewritten so that
 *   the last line shipped is not where it was) is reported and not shipped
 *   again.
 * - Tasks are found and followed as the project follower of `events
 *   --follow` finds them (src/follow/task_dirs.ts): the tasks directory is
 *   watched, and polled every `pollIntervalMs`.
 * - The parts: the acknowledgements (ack_window.ts), where each task stands
 *   on the stream (stream_position.ts), its lines (ship_lines.ts) and its
 *   kept outputs (kept_outputs.ts).
 * - A project file is read only when it is a regular file inside
 *   `.taskline/` (src/store/log_file.ts): a log, a `task.json` or a kept
 *   output that is a FIFO (whose read would wait for a writer), a socket, a
 *   device or a link out is reported once and not shipped, and tried again
 *   at each poll; the other tasks go on.
 *
 * @module
 */
import { TasklineError } from "../errors.ts";
import { BadLogFile, checkLogFileSync, readRegularFileSync } from "../store/log_file.ts";
import type { StateDir } from "../store/state_dir.ts";
import { TaskDirs } from "../follow/task_dirs.ts";
import { listenLiveChannel } from "../follow/live_listen.ts";
import type { TaggedEnvelope } from "../contract/envelope.ts";
import { AckWindow } from "./ack_window.ts";
import type { Listing } from "./kept_outputs.ts";
import {
  checkNetPermission,
  ensureStream,
  isRefusal,
  jetstreamManager,
  type NatsAddress,
  type NatsConnection,
  openNats,
  type OpenNatsOptions,
} from "./nats.ts";
import { bytesEqual, shortHash } from "./raw_lines.ts";
import { shipLines } from "./ship_lines.ts";
import { type ShipContext, type ShippedTask, shippedTask, type StreamApi } from "./shipped_task.ts";
import { syncTasks } from "./stream_position.ts";
import {
  DEFAULT_STREAM,
  isSafeDir,
  isToken,
  liveSubject,
  msgHeaders,
  taskSubject,
} from "./wire.ts";

/**
 * Tasks shipped side by side, at most (a worker each, with one message
 * unacknowledged and the chunk of its log it reads, up to `chunkBytes`).
 */
const WORKERS_MAX = 64;

const encoder = new TextEncoder();

/** Options of {@link ship}. */
export interface ShipOptions {
  /** The project's name on the stream (checked with `checkProject`). */
  project: string;
  /** The stream. Default `TASKLINE`. */
  stream?: string;
  /** Credentials and a client name. Default none. */
  nats?: OpenNatsOptions;
  /** The poll that covers missed file notifications and new tasks, in ms. Default 1000. */
  pollIntervalMs?: number;
  /**
   * Messages published and not yet acknowledged, at most. Default 8192. Once
   * full, publishing goes on when half of them are acknowledged (so that
   * messages leave in batches, not one for each acknowledgement). Each task
   * has at most one message of lines or outputs unacknowledged (and
   * {@link WORKERS_MAX} tasks are shipped at once): this bounds mostly the
   * `task.json` messages.
   */
  windowMsgs?: number;
  /** Bytes published and not yet acknowledged, at most (as `windowMsgs`). Default 16 MiB. */
  windowBytes?: number;
  /**
   * Most bytes of complete lines put in one message (a batch: the lines that
   * are there to ship, while catching up or when several were appended at
   * once). Default 256 KiB, and never more than the server takes; 0: one
   * line a message.
   */
  batchBytes?: number;
  /** How long an acknowledgement may take before every task resyncs, in ms. Default 5000. */
  ackTimeoutMs?: number;
  /** Bytes of one log read at a time. Default 1 MiB. */
  chunkBytes?: number;
  /**
   * Also ephemeral events (`agent_delta`): ship listens on the live channel
   * (announced in `.taskline/live-ship-<pid>.json`) and publishes each event
   * it receives on {@link liveSubject}, not stored. Default false.
   */
  live?: boolean;
  /** Stops shipping (the promise resolves). */
  signal?: AbortSignal;
  /** Problems a user must know: a rewritten log, a re-created stream. Default: ignored. */
  onReport?: (message: string) => void;
  /** Called once connected and the stream is there. */
  onReady?: (info: { stream: string; server: string; maxPayload: number }) => void;
}

/** What has been shipped since the start (acknowledged or not). */
export interface ShipStats {
  lines: number;
  bytes: number;
  outputs: number;
  taskFiles: number;
  resyncs: number;
  /** Ephemeral events published (`live`), and dropped while not connected. */
  liveEvents: number;
  liveDropped: number;
}

/**
 * Ships the project of `state` to the stream at `addr` until `signal` is
 * aborted.
 *
 * @example
 * ```ts
 * const stop = new AbortController();
 * const stats = ship(new StateDir(), parseNatsUrl("nats://127.0.0.1:4222"), {
 *   project: "ci-1",
 *   signal: stop.signal,
 * });
 * ```
 */
export async function ship(
  state: StateDir,
  addr: NatsAddress,
  options: ShipOptions,
): Promise<ShipStats> {
  const shipper = new Shipper(state, addr, options);
  return await shipper.run();
}

class Shipper implements ShipContext {
  readonly state: StateDir;
  readonly project: string;
  readonly stream: string;
  readonly #addr: NatsAddress;
  readonly #o: ShipOptions;
  /** Every task found (a task gone stays: its log's end is told). */
  readonly #followed = new Map<string, ShippedTask>();
  /** The task directories: found, gone, changed (see task_dirs.ts). */
  readonly #dirs: TaskDirs;
  /** Files found not regular (path -> what was said), so that each is said once. */
  readonly #badSaid = new Map<string, string>();
  readonly #dec = new TextDecoder();
  readonly stats: ShipStats = {
    lines: 0,
    bytes: 0,
    outputs: 0,
    taskFiles: 0,
    resyncs: 0,
    liveEvents: 0,
    liveDropped: 0,
  };
  /** The connection of the session, while there is one (ephemeral events go there). */
  #nc: NatsConnection | null = null;
  #partBytes = 512 * 1024;
  /** The session's stream API (a large output asks where it stands). */
  #jsm: StreamApi | null = null;
  /** Tasks being shipped (one worker a task), and their workers. */
  readonly #busy = new Set<string>();
  readonly #workers = new Set<Promise<void>>();
  readonly #windowMsgs: number;
  readonly #windowBytes: number;

  constructor(state: StateDir, addr: NatsAddress, options: ShipOptions) {
    this.state = state;
    this.project = options.project;
    this.stream = options.stream ?? DEFAULT_STREAM;
    this.#addr = addr;
    this.#o = options;
    this.#windowMsgs = Math.max(2, options.windowMsgs ?? 8192);
    this.#windowBytes = Math.max(1 << 20, options.windowBytes ?? 16 << 20);
    this.#dirs = new TaskDirs(state, {
      pollIntervalMs: options.pollIntervalMs,
      onFound: (dir) => this.#found(dir),
      // A task gone is looked at once more: a log that was shipped is told gone.
      onRemoved: (dir) => this.#dirs.dirty.add(dir),
    });
  }

  get partBytes(): number {
    return this.#partBytes;
  }

  get jsm(): StreamApi | null {
    return this.#jsm;
  }

  #report(message: string) {
    this.#o.onReport?.(message);
  }

  /** See {@link ShipContext.readFine}. */
  readFine(path: string): void {
    if (this.#badSaid.size > 0) this.#badSaid.delete(path);
  }

  /** See {@link ShipContext.badFile}; the file is tried again at the next read. */
  badFile(dir: string, e: BadLogFile, consequence: string): void {
    if (this.#badSaid.get(e.path) === e.message) return;
    this.#badSaid.set(e.path, e.message);
    this.#report(`task ${dir}: ${e.message} (${consequence})`);
  }

  async run(): Promise<ShipStats> {
    await checkNetPermission(this.#addr);
    const signal = this.#o.signal;
    const stop = new AbortController();
    const onAbort = () => stop.abort();
    signal?.addEventListener("abort", onAbort, { once: true });
    if (signal?.aborted) stop.abort();
    this.#dirs.watch(stop.signal);
    const live = this.#o.live
      ? await listenLiveChannel(
        this.state.liveListenerPath(`ship-${Deno.pid}`),
        crypto.randomUUID().replaceAll("-", ""),
        (env) => this.#onLive(env),
        { onWarning: (m) => this.#report(m) },
      )
      : null;
    let created: string | null = null;
    let lastWhy = "";
    try {
      // One connection a session. Any failure ends the session: the
      // connection is closed with what it still buffers (a publish sent
      // after a server restart, behind lines the server lost, would leave a
      // hole), and the next session starts every task again from what the
      // stream holds.
      while (!stop.signal.aborted) {
        let why: string;
        try {
          why = await this.#session(stop.signal, (c) => {
            if (created !== null && c !== created) {
              this.#report(
                `stream ${this.stream} was created again: every task is shipped again from its start`,
              );
            }
            created = c;
          });
        } catch (e) {
          if (stop.signal.aborted) break;
          // Credentials refused: said, and the end (trying again in silence
          // mends nothing, and the client's socket then fails uncaught).
          if (
            e instanceof TasklineError && e.message.startsWith("Cannot connect to NATS") &&
            isRefusal(e)
          ) throw e;
          why = (e as Error).message;
        }
        if (stop.signal.aborted) break;
        this.stats.resyncs++;
        // The same failure again and again (a full stream) is told once.
        if (created !== null && why !== lastWhy) {
          this.#report(`NATS session ended (${why}): starting again from what the stream holds`);
        }
        lastWhy = why;
        for (const f of this.#followed.values()) {
          if (f.stopped === null) f.synced = false;
          f.taskJson = null;
          f.taskStamp = "";
          this.#dirs.dirty.add(f.dir);
        }
        await new Promise((r) => setTimeout(r, 250));
      }
    } finally {
      signal?.removeEventListener("abort", onAbort);
      stop.abort();
      await live?.close().catch(() => {});
    }
    return this.stats;
  }

  /** An ephemeral event of a run: published now, or dropped (it is never replayed). */
  #onLive(env: TaggedEnvelope) {
    const nc = this.#nc;
    if (nc === null || nc.isClosed() || !isToken(env.task)) {
      this.stats.liveDropped++;
      return;
    }
    try {
      nc.publish(liveSubject(this.project, env.task), encoder.encode(JSON.stringify(env)));
      this.stats.liveEvents++;
    } catch {
      this.stats.liveDropped++;
    }
  }

  /** One connection: ships until it fails (returns why) or `signal`. */
  async #session(signal: AbortSignal, onStream: (created: string) => void): Promise<string> {
    const nc = await openNats(this.#addr, {
      name: "taskline ship",
      signal,
      reconnect: false,
      onWaiting: (m) => this.#o.onReport?.(`waiting for NATS at ${this.#addr.server}: ${m}`),
      ...this.#o.nats,
    });
    const window = new AckWindow(nc);
    this.#nc = nc;
    const closed = nc.closed().then((e) => {
      window.fail(`connection lost${e ? `: ${e.message}` : ""}`);
      this.#dirs.wake();
    });
    try {
      const jsm = await jetstreamManager(nc);
      this.#jsm = jsm;
      const info = await ensureStream(jsm, this.stream);
      onStream(info.created);
      const maxPayload = nc.info?.max_payload ?? 1024 * 1024;
      // Room for the headers and the subject.
      this.#partBytes = Math.max(4096, maxPayload - 8192);
      this.#o.onReady?.({ stream: this.stream, server: this.#addr.server, maxPayload });
      const poll = this.#o.pollIntervalMs ?? 1000;
      let lastCheck = Date.now();
      while (!signal.aborted && window.failure === null) {
        // The poll's listing when due, and the sweep's next slice.
        await this.#dirs.turn();
        await syncTasks(this, this.#followed.values());
        await this.#shipDirty(window, signal);
        // A publish never acknowledged (lost with a server that restarted)
        // is noticed while idle too, and shipped again by the next session.
        window.checkTimeout(this.#o.ackTimeoutMs ?? 5000);
        if (window.failure !== null) break;
        // A stream deleted under us while nothing is published: this check notices.
        if (Date.now() - lastCheck >= poll) {
          lastCheck = Date.now();
          const now = await ensureStream(jsm, this.stream);
          if (now.created !== info.created) return "the stream was created again";
        }
        if (!this.#startable()) {
          // A task's worker that ends, or a change on disk, wakes this.
          await this.#dirs.wait(signal).catch(() => {});
        }
      }
      if (signal.aborted) {
        // What was published is given a moment to be acknowledged.
        await window.settle(this.#o.ackTimeoutMs ?? 5000).catch(() => {});
        return "stopped";
      }
      return window.failure ?? "stopped";
    } finally {
      this.#nc = null;
      this.#jsm = null;
      // Every task's worker stops (its awaited publish resolves to nothing).
      window.fail("the session ended");
      await Promise.allSettled(this.#workers);
      // What may still be stored (late) is sent again as the same messages.
      for (const u of window.unacknowledged()) u.f.replay.set(u.start, u.end);
      window.close();
      await nc.close().catch(() => {});
      await closed;
    }
  }

  /**
   * A task directory found: followed once its `task.json` names its id (a
   * task that cannot be recreated on a mirror is followed, not shipped).
   */
  #found(dir: string): boolean | null {
    // Made again after it was gone: the task found first goes on.
    if (this.#followed.has(dir)) return true;
    let id: string;
    try {
      const bytes = readRegularFileSync(this.state.taskJsonPath(dir), {
        root: this.state.root,
      });
      if (bytes === null) throw new Error("no task.json");
      const rec = JSON.parse(this.#dec.decode(bytes));
      if (typeof rec?.id !== "string") throw new Error("task.json has no id");
      id = rec.id;
    } catch (e) {
      if (e instanceof BadLogFile) this.badFile(dir, e, "the task is not shipped");
      return null; // not (yet) a readable task: tried at the next poll
    }
    let stopped: string | null = null;
    if (!isToken(id)) stopped = `its id "${id.slice(0, 80)}" cannot name a subject`;
    else if (!isSafeDir(dir, this.project)) {
      stopped = "its directory name cannot be recreated on a mirror";
    }
    if (stopped) this.#report(`task ${dir} is not shipped: ${stopped}`);
    this.#followed.set(dir, shippedTask(dir, id, stopped));
    return true;
  }

  /** See {@link ShipContext.stop}. */
  stop(f: ShippedTask, why: string): void {
    f.stopped = why;
    this.#report(
      `task ${f.dir}: ${why}: the log was truncated or rewritten; it is not shipped again`,
    );
  }

  /** A dirty task that no worker ships, and room for a worker. */
  #startable(): boolean {
    if (this.#busy.size >= WORKERS_MAX) return false;
    for (const dir of this.#dirs.dirty) if (!this.#busy.has(dir)) return true;
    return false;
  }

  /**
   * Starts a worker for each dirty task that has none, up to
   * {@link WORKERS_MAX}: each task has at most one message unacknowledged
   * (so that every publish can carry the expectation of what its subject
   * holds), and the tasks go on side by side. A task that becomes dirty while
   * its worker runs is started again when that worker ends.
   */
  async #shipDirty(window: AckWindow, signal: AbortSignal): Promise<void> {
    let yielded = Date.now();
    for (const dir of [...this.#dirs.dirty]) {
      if (window.failure !== null || signal.aborted) return;
      if (this.#busy.size >= WORKERS_MAX) return;
      if (this.#busy.has(dir)) continue;
      if (Date.now() - yielded >= 50) {
        // Files are read synchronously: acknowledgements, socket writes and
        // the live channel get a turn at least every 50 ms.
        await new Promise((r) => setTimeout(r, 0));
        yielded = Date.now();
        if (this.#busy.has(dir)) continue;
      }
      this.#dirs.dirty.delete(dir);
      const f = this.#followed.get(dir);
      if (!f || f.stopped !== null || !f.synced) continue;
      this.#busy.add(dir);
      const worker: Promise<void> = this.#shipTask(f, window, signal)
        .catch((e) => window.fail((e as Error).message))
        .finally(() => {
          this.#busy.delete(dir);
          this.#workers.delete(worker);
          this.#dirs.wake();
        });
      this.#workers.add(worker);
    }
  }

  /** A task's worker: its `task.json`, then its lines (and their outputs). */
  async #shipTask(f: ShippedTask, window: AckWindow, signal: AbortSignal): Promise<void> {
    this.#shipTaskJson(f, window);
    await this.#room(window, signal);
    // The task's output directories, listed once for all its chunks of this pass.
    const listed: Listing = new Map();
    // A bounded number of chunks a round, so that one big log does not hold the others back.
    for (let round = 0; round < 16; round++) {
      const more = await shipLines(this, f, {
        window,
        signal,
        listed,
        chunkBytes: this.#o.chunkBytes,
        batchBytes: this.#o.batchBytes,
      });
      if (!more) break;
      if (round === 15) this.#dirs.dirty.add(f.dir);
    }
  }

  /** Ships `task.json` when it changed (read synchronously, as the logs). */
  #shipTaskJson(f: ShippedTask, window: AckWindow): void {
    const path = this.state.taskJsonPath(f.dir);
    let stamp: string;
    let bytes: Uint8Array | null;
    try {
      // lstat first: a FIFO is never opened (nor a link out of .taskline/ followed).
      const st = checkLogFileSync(path, { root: this.state.root });
      if (st === null) return;
      stamp = `${st.mtime?.getTime()}:${st.size}:${st.ino}`;
      if (stamp === f.taskStamp) return;
      bytes = readRegularFileSync(path, { root: this.state.root });
    } catch (e) {
      if (e instanceof BadLogFile) this.badFile(f.dir, e, "its task.json is not shipped");
      return;
    }
    if (bytes === null) return;
    this.#badSaid.delete(path);
    f.taskStamp = stamp;
    if (f.taskJson && bytesEqual(f.taskJson, bytes)) return;
    const h = msgHeaders(`${f.id}:task:${shortHash(bytes)}`, f.dir);
    window.publish(taskSubject(this.project, f.id), bytes, h);
    f.taskJson = bytes;
    this.stats.taskFiles++;
  }

  /** Waits while the window of unacknowledged messages is full, until half of it is acknowledged. */
  async #room(window: AckWindow, signal: AbortSignal): Promise<void> {
    if (window.pending >= this.#windowMsgs || window.pendingBytes >= this.#windowBytes) {
      await window.waitRoom(
        this.#windowMsgs >> 1,
        this.#windowBytes >> 1,
        this.#o.ackTimeoutMs ?? 5000,
        signal,
      );
    }
  }
}
