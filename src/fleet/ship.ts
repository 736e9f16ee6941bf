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
 * - Tasks are found and followed as `events --follow` does: the tasks
 *   directory is watched ({@link watchDir}) and polled every `pollIntervalMs`.
 * - A project file is read only when it is a regular file inside
 *   `.taskline/` (src/store/log_file.ts): a log, a `task.json` or a kept
 *   output that is a FIFO (whose read would wait for a writer), a socket, a
 *   device or a link out is reported once and not shipped, and tried again
 *   at each poll; the other tasks go on.
 *
 * @module
 */
import type { Msg, MsgHdrs } from "@nats-io/transport-node";
import { TasklineError } from "../errors.ts";
import {
  BadLogFile,
  checkLogFileSync,
  openLogFile,
  readAt,
  readRegularFileSync,
} from "../store/log_file.ts";
import type { StateDir } from "../store/state_dir.ts";
import { taskDirNames } from "../store/tasks.ts";
import { Wakeup } from "../follow/wakeup.ts";
import { taskDirOfPath, watchDir } from "../follow/watch_dir.ts";
import { listenLiveChannel } from "../follow/live_listen.ts";
import type { TaggedEnvelope } from "../contract/envelope.ts";
import {
  checkNetPermission,
  ensureStream,
  isNotFound,
  isRefusal,
  jetstreamManager,
  type NatsAddress,
  type NatsConnection,
  openNats,
  type OpenNatsOptions,
} from "./nats.ts";
import { bytesEqual, readCompleteLinesSync, shortHash } from "./raw_lines.ts";
import {
  batchMsgId,
  countLines,
  DEFAULT_STREAM,
  encodeOutputs,
  ERR_WRONG_LAST_SEQ,
  eventsSubject,
  evExtent,
  H_DIR,
  H_EXPECT_LAST_SUBJECT_SEQ,
  H_LEN,
  H_MSG_ID,
  H_OUTS_UPTO,
  H_PART,
  isCall,
  isSafeDir,
  isToken,
  isToolReturnedLine,
  type KeptOutput,
  lastLineStart,
  lineKeysOfBytes,
  lineMsgId,
  liveSubject,
  outputBytesInMsg,
  OUTPUTS_OVERHEAD_BYTES,
  OUTPUTS_PER_MSG_MAX,
  outputsMsgId,
  outputsSubject,
  outputSubject,
  parsePart,
  SUBJECT_ROOT,
  taskSubject,
} from "./wire.ts";

/**
 * Tasks shipped side by side, at most (a worker each, with one message
 * unacknowledged and the chunk of its log it reads, up to `chunkBytes`).
 */
const WORKERS_MAX = 64;

/** What becomes of a task whose log is not a regular file. */
const NOT_SHIPPED = "its lines are not shipped while it is not a regular file";

const encoder = new TextEncoder();

/**
 * Headers already encoded, as the client puts them on the wire (it calls
 * only `encode()` of the headers it publishes): one string and one encode a
 * message instead of a headers object filled key by key.
 */
class RawHeaders {
  readonly #bytes: Uint8Array;
  constructor(pairs: [string, string][]) {
    let s = "NATS/1.0";
    for (const [k, v] of pairs) s += `\r\n${k}: ${v.trim()}`;
    this.#bytes = encoder.encode(`${s}\r\n\r\n`);
  }
  encode(): Uint8Array {
    return this.#bytes;
  }
}

/** The headers of a message: message id, task directory, and any others. */
function msgHeaders(id: string, dir: string, more: [string, string][] = []): MsgHdrs {
  if (/[\r\n]/.test(id) || /[\r\n]/.test(dir)) {
    throw new TasklineError("bad-state", `a message id or directory holds a line break: ${id}`);
  }
  return new RawHeaders([[H_MSG_ID, id], [H_DIR, dir], ...more]) as unknown as MsgHdrs;
}

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

interface Followed {
  dir: string;
  id: string;
  /** Offset just after the last line published. */
  next: number;
  /** The last line published and where it starts (to notice a rewrite). */
  last: Uint8Array | null;
  lastStart: number;
  /**
   * Messages of lines published by a session that ended before they were
   * acknowledged: start offset -> end offset. Lines from such a start go out
   * again in one message that ends there, the same message with the same id,
   * so that JetStream drops it if the first one was stored after all (late,
   * after the stream was asked where the task stands).
   */
  replay: Map<number, number>;
  /** `next` is what the stream holds (or was published after it). */
  synced: boolean;
  /**
   * The stream sequence of the last message of the task's `ev` subject, and
   * of its `outs` subject (0: none), as the stream said (when asked where
   * the task stands, then in each acknowledgement): the expectation
   * ({@link H_EXPECT_LAST_SUBJECT_SEQ}) of the next publish there, so that
   * one is stored only right after what this ship saw.
   */
  evSeq: number;
  outsSeq: number;
  /** The outputs of the lines that start before this offset are on the stream ({@link H_OUTS_UPTO}). */
  outsUpto: number;
  /** The bytes of task.json last published, and the stat stamp read. */
  taskJson: Uint8Array | null;
  taskStamp: string;
  /** Why this task is no longer shipped. */
  stopped: string | null;
}

/** A kept output, and the offset just after its `tool_returned` line in the log. */
interface LineOutput {
  out: KeptOutput;
  end: number;
}

/** The names in each run's directory of kept outputs of a task (null: none), by run. */
type Listing = Map<string, Set<string> | null>;

/** A message published and not yet acknowledged. */
interface Pending {
  /** When it was published (ms). */
  sent: number;
  bytes: number;
  subject: string;
  /** For the lines of a log: the task, and the bytes of its log the message holds. */
  ev?: { f: Followed; start: number; end: number };
  /** Told the stream sequence it was stored at, or null (refused, lost, session ended). */
  done?: (seq: number | null) => void;
}

/**
 * Acknowledgements of pipelined publishes, on one reply subject: a stream
 * answers the publishes of one connection in the order it received them, so
 * the n-th answer is that of the n-th publish (one subject, not one a
 * message: the server matches it from its cache, and no id is parsed). An
 * answer that is not a stored (or duplicate) acknowledgement, wherever it
 * comes from, is a failure, and a missing one a timeout: either makes every
 * task start again from what the stream holds. A publish can be awaited
 * ({@link send}): it resolves to the stream sequence the message is stored
 * at, the next expectation of its subject.
 */
class AckWindow {
  readonly #nc: NatsConnection;
  readonly #inbox: string;
  #seq = 0;
  #acked = 0;
  /** Each unacknowledged message, by id (ids increase). */
  readonly #pending = new Map<number, Pending>();
  #pendingBytes = 0;
  readonly #room = new Wakeup();
  #failure: string | null = null;
  readonly #sub: { unsubscribe(): void };
  readonly #dec = new TextDecoder();

  constructor(nc: NatsConnection) {
    this.#nc = nc;
    this.#inbox = `_INBOX.taskline.${crypto.randomUUID().replaceAll("-", "")}`;
    this.#sub = nc.subscribe(this.#inbox, { callback: (_e, m) => this.#onAck(m) });
  }

  get pending(): number {
    return this.#pending.size;
  }

  /** Bytes of data published and not yet acknowledged. */
  get pendingBytes(): number {
    return this.#pendingBytes;
  }

  /** Why the session ends; null while it goes on. */
  get failure(): string | null {
    return this.#failure;
  }

  /** Ends the session (the first reason is kept): every awaited publish resolves to null. */
  fail(why: string): void {
    this.#failure ??= why;
    for (const p of this.#pending.values()) {
      const done = p.done;
      p.done = undefined;
      done?.(null);
    }
    this.#room.wake();
  }

  /** Publishes; `ev` names the lines of a log that the message holds. */
  publish(
    subject: string,
    data: Uint8Array,
    h: MsgHdrs,
    ev?: Pending["ev"],
    done?: Pending["done"],
  ): void {
    const id = this.#seq++;
    this.#pending.set(id, { sent: Date.now(), bytes: data.length, subject, ev, done });
    this.#pendingBytes += data.length;
    this.#nc.publish(subject, data, { reply: this.#inbox, headers: h });
  }

  /**
   * Publishes and waits for the acknowledgement: the stream sequence the
   * message is stored at (of the first copy, for a duplicate); null when it
   * was refused or the session ended.
   */
  send(subject: string, data: Uint8Array, h: MsgHdrs, ev?: Pending["ev"]): Promise<number | null> {
    if (this.#failure !== null) return Promise.resolve(null);
    return new Promise((resolve) => this.publish(subject, data, h, ev, resolve));
  }

  /** The log lines of every message not acknowledged, in the order published. */
  unacknowledged(): NonNullable<Pending["ev"]>[] {
    const out: NonNullable<Pending["ev"]>[] = [];
    for (const p of this.#pending.values()) if (p.ev) out.push(p.ev);
    return out;
  }

  #onAck(m: Msg) {
    const id = this.#acked++;
    const p = this.#pending.get(id);
    if (p === undefined) return;
    this.#pending.delete(id);
    this.#pendingBytes -= p.bytes;
    const d = m.data;
    // {"stream":"...","seq":N[,"duplicate":true]}: stored (or already there).
    const ok = d.length > 10 && d[0] === 123 && d[2] === 115 && d[3] === 116;
    if (ok) {
      if (p.done) {
        let seq: unknown = null;
        try {
          seq = JSON.parse(this.#dec.decode(d)).seq;
        } catch { /* not an acknowledgement after all */ }
        const done = p.done;
        p.done = undefined;
        if (typeof seq === "number" && seq > 0) done(seq);
        else {
          done(null);
          this.fail(`an acknowledgement without a sequence (${this.#dec.decode(d).slice(0, 200)})`);
        }
      }
    } else {
      const text = this.#dec.decode(d).slice(0, 200);
      const status = m.headers?.code ? `status ${m.headers.code}` : "";
      p.done?.(null);
      p.done = undefined;
      this.fail(
        text.includes(`"err_code":${ERR_WRONG_LAST_SEQ}`)
          ? `${p.subject} holds a message stored by another writer, a ship killed before? (${text})`
          : `a publish was refused (${text || status || "empty answer"})`,
      );
    }
    this.#room.wake();
  }

  /**
   * Waits until fewer than `max` messages and `maxBytes` bytes are
   * unacknowledged (or a failure).
   */
  async waitRoom(
    max: number,
    maxBytes: number,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<void> {
    while (
      (this.#pending.size >= max || this.#pendingBytes >= maxBytes) && this.#failure === null
    ) {
      this.checkTimeout(timeoutMs);
      await this.#room.wait(100, signal);
    }
  }

  /** Waits until every message is acknowledged, a failure, or a timeout. */
  async settle(timeoutMs: number, signal?: AbortSignal): Promise<void> {
    while (this.#pending.size > 0 && this.#failure === null) {
      this.checkTimeout(timeoutMs);
      await this.#room.wait(100, signal);
    }
  }

  /** Makes an acknowledgement older than `timeoutMs` a failure. */
  checkTimeout(timeoutMs: number): void {
    const oldest = this.#pending.values().next().value?.sent;
    if (oldest !== undefined && Date.now() - oldest > timeoutMs && this.#failure === null) {
      this.fail(`no acknowledgement in ${timeoutMs} ms`);
    }
  }

  close(): void {
    this.fail("the session ended");
    this.#sub.unsubscribe();
  }
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

class Shipper {
  readonly #state: StateDir;
  readonly #addr: NatsAddress;
  readonly #o: ShipOptions;
  readonly #stream: string;
  readonly #followed = new Map<string, Followed>();
  readonly #skipped = new Set<string>();
  readonly #dirty = new Set<string>();
  /** Files found not regular (path -> what was said), so that each is said once. */
  readonly #badSaid = new Map<string, string>();
  readonly #wakeup = new Wakeup();
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
  #rescan = true;
  #partBytes = 512 * 1024;
  #tasksDirAbs = "";
  /** The session's stream API (a large output asks where it stands). */
  #jsm: Awaited<ReturnType<typeof jetstreamManager>> | null = null;
  /** Tasks being shipped (one worker a task), and their workers. */
  readonly #busy = new Set<string>();
  readonly #workers = new Set<Promise<void>>();
  readonly #windowMsgs: number;
  readonly #windowBytes: number;

  constructor(state: StateDir, addr: NatsAddress, options: ShipOptions) {
    this.#state = state;
    this.#addr = addr;
    this.#o = options;
    this.#stream = options.stream ?? DEFAULT_STREAM;
    this.#windowMsgs = Math.max(2, options.windowMsgs ?? 8192);
    this.#windowBytes = Math.max(1 << 20, options.windowBytes ?? 16 << 20);
  }

  #report(message: string) {
    this.#o.onReport?.(message);
  }

  /**
   * A file of task `dir` that is not a regular file inside `.taskline/`: its
   * task's problem alone, said once (again if it changes, or after it was
   * read fine); it is tried again at the next read.
   */
  #badFile(dir: string, e: BadLogFile, consequence: string) {
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
    watchDir(this.#state.tasksDir, (paths) => this.#onChange(paths), { signal: stop.signal });
    const live = this.#o.live
      ? await listenLiveChannel(
        this.#state.liveListenerPath(`ship-${Deno.pid}`),
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
                `stream ${this.#stream} was created again: every task is shipped again from its start`,
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
          this.#dirty.add(f.dir);
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
      nc.publish(liveSubject(this.#o.project, env.task), encoder.encode(JSON.stringify(env)));
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
      this.#wakeup.wake();
    });
    try {
      const jsm = await jetstreamManager(nc);
      this.#jsm = jsm;
      const info = await ensureStream(jsm, this.#stream);
      onStream(info.created);
      const maxPayload = nc.info?.max_payload ?? 1024 * 1024;
      // Room for the headers and the subject.
      this.#partBytes = Math.max(4096, maxPayload - 8192);
      this.#o.onReady?.({ stream: this.#stream, server: this.#addr.server, maxPayload });
      const poll = this.#o.pollIntervalMs ?? 1000;
      let lastPoll = 0;
      let lastCheck = Date.now();
      while (!signal.aborted && window.failure === null) {
        if (Date.now() - lastPoll >= poll) {
          lastPoll = Date.now();
          this.#rescan = true;
          for (const dir of this.#followed.keys()) this.#dirty.add(dir);
        }
        if (this.#rescan) {
          this.#rescan = false;
          await this.#scan();
        }
        await this.#syncAll(jsm);
        await this.#shipDirty(window, signal);
        // A publish never acknowledged (lost with a server that restarted)
        // is noticed while idle too, and shipped again by the next session.
        window.checkTimeout(this.#o.ackTimeoutMs ?? 5000);
        if (window.failure !== null) break;
        // A stream deleted under us while nothing is published: this check notices.
        if (Date.now() - lastCheck >= poll) {
          lastCheck = Date.now();
          const now = await ensureStream(jsm, this.#stream);
          if (now.created !== info.created) return "the stream was created again";
        }
        if (!this.#startable()) {
          // A task's worker that ends, or a change on disk, wakes this.
          await this.#wakeup.wait(Math.max(1, poll - (Date.now() - lastPoll)), signal)
            .catch(() => {});
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

  #onChange(paths: string[]) {
    for (const p of paths) {
      const dir = taskDirOfPath(this.#tasksDirAbs, p);
      if (dir !== null && this.#followed.has(dir)) this.#dirty.add(dir);
      else this.#rescan = true;
    }
    this.#wakeup.wake();
  }

  async #scan(): Promise<void> {
    if (this.#tasksDirAbs === "") {
      try {
        this.#tasksDirAbs = await Deno.realPath(this.#state.tasksDir);
      } catch { /* not yet */ }
    }
    const dirs = await taskDirNames(this.#state);
    for (const dir of dirs) {
      if (this.#followed.has(dir)) continue;
      let id: string;
      try {
        const bytes = readRegularFileSync(this.#state.taskJsonPath(dir), {
          root: this.#state.root,
        });
        if (bytes === null) throw new Error("no task.json");
        const rec = JSON.parse(this.#dec.decode(bytes));
        if (typeof rec?.id !== "string") throw new Error("task.json has no id");
        id = rec.id;
      } catch (e) {
        if (e instanceof BadLogFile) this.#badFile(dir, e, "the task is not shipped");
        this.#skipped.add(dir); // not (yet) a readable task: tried at the next poll
        continue;
      }
      this.#skipped.delete(dir);
      let stopped: string | null = null;
      if (!isToken(id)) stopped = `its id "${id.slice(0, 80)}" cannot name a subject`;
      else if (!isSafeDir(dir, this.#o.project)) {
        stopped = "its directory name cannot be recreated on a mirror";
      }
      if (stopped) this.#report(`task ${dir} is not shipped: ${stopped}`);
      this.#followed.set(dir, {
        dir,
        id,
        next: 0,
        last: null,
        lastStart: 0,
        replay: new Map(),
        synced: false,
        evSeq: 0,
        outsSeq: 0,
        outsUpto: 0,
        taskJson: null,
        taskStamp: "",
        stopped,
      });
      this.#dirty.add(dir);
    }
  }

  /**
   * Asks the stream where each task not yet synced stands, many at a time.
   * With many tasks to sync, the subjects the stream holds for this project
   * are listed first (two requests), and a task whose subject is not there
   * starts at its beginning without a request of its own.
   */
  async #syncAll(jsm: Awaited<ReturnType<typeof jetstreamManager>>): Promise<void> {
    const todo = [...this.#followed.values()].filter((f) => !f.synced && f.stopped === null);
    let held: Set<string> | null = null;
    if (todo.length > 16) {
      const project = this.#o.project;
      held = new Set([
        ...await subjectsHeld(jsm, this.#stream, `${SUBJECT_ROOT}.${project}.*.ev`),
        ...await subjectsHeld(jsm, this.#stream, `${SUBJECT_ROOT}.${project}.*.task`),
        ...await subjectsHeld(jsm, this.#stream, `${SUBJECT_ROOT}.${project}.*.outs`),
      ]);
    }
    for (let i = 0; i < todo.length; i += 64) {
      await Promise.all(todo.slice(i, i + 64).map((f) => this.#sync(jsm, f, held)));
    }
  }

  async #sync(
    jsm: Awaited<ReturnType<typeof jetstreamManager>>,
    f: Followed,
    held: Set<string> | null,
  ): Promise<void> {
    const project = this.#o.project;
    const last = (subject: string) =>
      held && !held.has(subject) ? Promise.resolve(null) : lastMessage(jsm, this.#stream, subject);
    const [ev, task, outs] = await Promise.all([
      last(eventsSubject(project, f.id)),
      last(taskSubject(project, f.id)),
      last(outputsSubject(project, f.id)),
    ]);
    f.evSeq = ev?.seq ?? 0;
    f.outsSeq = outs?.seq ?? 0;
    // Written by a ship before this header: its outputs are not relied on.
    const upto = /^\d{1,15}$/.exec(outs?.header?.get(H_OUTS_UPTO) ?? "");
    f.outsUpto = upto ? Number(upto[0]) : 0;
    f.taskJson = task ? task.data : null;
    f.taskStamp = "";
    f.last = null;
    f.lastStart = 0;
    f.next = 0;
    if (ev) {
      const x = evExtent(ev.header, ev.data.length);
      if (x === null) {
        throw new TasklineError("bad-state", `the last message of task ${f.dir} has no offset`);
      }
      // A split line cut short is sent again whole (its end is its start).
      f.next = x.end;
      if (x.part === null) {
        // One line, or several (a batch): the last of them is checked.
        const at = lastLineStart(ev.data);
        f.last = ev.data.subarray(at);
        f.lastStart = x.start + at;
      }
      // What was shipped must still be there, unchanged.
      await this.#checkShipped(f);
    }
    for (const start of f.replay.keys()) if (start < f.next) f.replay.delete(start);
    f.synced = true;
  }

  /**
   * Stops `f` when its log no longer holds what the stream holds of it. A log
   * that is not a regular file is not opened: reported, and checked when it
   * is one again (its next read starts at the last line shipped, which must
   * be there).
   */
  async #checkShipped(f: Followed): Promise<void> {
    const path = this.#state.logPath(f.dir);
    let file: Deno.FsFile | null = null;
    try {
      file = await openLogFile(path);
    } catch (e) {
      if (e instanceof BadLogFile) return this.#badFile(f.dir, e, NOT_SHIPPED);
      // Not readable: as missing.
    }
    try {
      const size = file === null ? 0 : (await file.stat()).size;
      if (size < f.next) {
        this.#stop(f, `its log is shorter (${size} bytes) than what was shipped (${f.next} bytes)`);
      } else if (
        file !== null && f.last &&
        !bytesEqual(await readAt(file, f.lastStart, f.last.length), f.last)
      ) {
        this.#stop(f, `the last line shipped is no longer at byte ${f.lastStart} of its log`);
      }
    } finally {
      file?.close();
    }
  }

  #stop(f: Followed, why: string) {
    f.stopped = why;
    this.#report(
      `task ${f.dir}: ${why}: the log was truncated or rewritten; it is not shipped again`,
    );
  }

  /** A dirty task that no worker ships, and room for a worker. */
  #startable(): boolean {
    if (this.#busy.size >= WORKERS_MAX) return false;
    for (const dir of this.#dirty) if (!this.#busy.has(dir)) return true;
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
    for (const dir of [...this.#dirty]) {
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
      this.#dirty.delete(dir);
      const f = this.#followed.get(dir);
      if (!f || f.stopped !== null || !f.synced) continue;
      this.#busy.add(dir);
      const worker: Promise<void> = this.#shipTask(f, window, signal)
        .catch((e) => window.fail((e as Error).message))
        .finally(() => {
          this.#busy.delete(dir);
          this.#workers.delete(worker);
          this.#wakeup.wake();
        });
      this.#workers.add(worker);
    }
  }

  /** A task's worker: its `task.json`, then its lines (and their outputs). */
  async #shipTask(f: Followed, window: AckWindow, signal: AbortSignal): Promise<void> {
    this.#shipTaskJson(f, window);
    await this.#room(window, signal);
    // The task's output directories, listed once for all its chunks of this pass.
    const listed: Listing = new Map();
    // A bounded number of chunks a round, so that one big log does not hold the others back.
    for (let round = 0; round < 16; round++) {
      const more = await this.#shipLines(f, window, signal, listed);
      if (!more) break;
      if (round === 15) this.#dirty.add(f.dir);
    }
  }

  /** Ships `task.json` when it changed (read synchronously, as the logs). */
  #shipTaskJson(f: Followed, window: AckWindow): void {
    const path = this.#state.taskJsonPath(f.dir);
    let stamp: string;
    let bytes: Uint8Array | null;
    try {
      // lstat first: a FIFO is never opened (nor a link out of .taskline/ followed).
      const st = checkLogFileSync(path, { root: this.#state.root });
      if (st === null) return;
      stamp = `${st.mtime?.getTime()}:${st.size}:${st.ino}`;
      if (stamp === f.taskStamp) return;
      bytes = readRegularFileSync(path, { root: this.#state.root });
    } catch (e) {
      if (e instanceof BadLogFile) this.#badFile(f.dir, e, "its task.json is not shipped");
      return;
    }
    if (bytes === null) return;
    this.#badSaid.delete(path);
    f.taskStamp = stamp;
    if (f.taskJson && bytesEqual(f.taskJson, bytes)) return;
    const h = msgHeaders(`${f.id}:task:${shortHash(bytes)}`, f.dir);
    window.publish(taskSubject(this.#o.project, f.id), bytes, h);
    f.taskJson = bytes;
    this.stats.taskFiles++;
  }

  /**
   * Ships the next chunk of complete lines of one task; true when there may
   * be more. The lines go in batches of at most `batchBytes` (one message
   * each, cut at a line's end), a batch of one line as a line; a line larger
   * than a message goes alone, in parts. A batch ends where a message of a
   * session that ended unacknowledged ended (`replay`), so that it is that
   * same message again. Each message of the task waits for the
   * acknowledgement of the one before, and carries the stream sequence its
   * subject must end at ({@link H_EXPECT_LAST_SUBJECT_SEQ}): a message that
   * another writer stored in between (a killed ship's, late) makes the server
   * refuse it, and the session starts again from what the stream holds.
   */
  async #shipLines(
    f: Followed,
    window: AckWindow,
    signal: AbortSignal,
    listed: Listing,
  ): Promise<boolean> {
    const path = this.#state.logPath(f.dir);
    // Read from the start of the last line shipped: it must still be there.
    const from = f.last ? f.lastStart : f.next;
    let chunk;
    try {
      chunk = readCompleteLinesSync(path, from, { chunkBytes: this.#o.chunkBytes });
    } catch (e) {
      if (!(e instanceof BadLogFile)) throw e;
      this.#badFile(f.dir, e, NOT_SHIPPED);
      return false;
    }
    if (this.#badSaid.size > 0) this.#badSaid.delete(path);
    if (chunk === null) {
      if (f.next > 0) this.#stop(f, "its log is gone");
      return false;
    }
    if (chunk.size < f.next) {
      this.#stop(
        f,
        `its log is shorter (${chunk.size} bytes) than what was shipped (${f.next} bytes)`,
      );
      return false;
    }
    let bytes = chunk.bytes;
    if (f.last) {
      const head = bytes.subarray(0, f.last.length);
      if (head.length < f.last.length || !bytesEqual(head, f.last)) {
        this.#stop(f, `the last line shipped is no longer at byte ${f.lastStart} of its log`);
        return false;
      }
      bytes = bytes.subarray(f.last.length);
    }
    if (bytes.length === 0) return false;
    const subject = eventsSubject(this.#o.project, f.id);
    const batchMax = Math.min(this.#partBytes, this.#o.batchBytes ?? 256 * 1024);
    const base = f.next;
    // The kept outputs of the chunk's `tool_returned` lines are read first,
    // so that the lines then go out without waiting on a file.
    const outputs = this.#readOutputs(f, bytes, listed);
    const outAt = [...outputs.keys()]; // in the order of the log
    let oi = 0;
    let pos = 0;
    // The outputs of the lines about to go (up to `end`), before them:
    // several to a message, cut by the lines of that message alone, so that
    // a message sent again (`replay`) has the same outputs, the same id.
    // Those of lines before `outsUpto` are on the stream already (sent by a
    // ship before this one, whose lines were not stored).
    const shipOutputsBefore = async (end: number): Promise<boolean> => {
      const outs: LineOutput[] = [];
      while (oi < outAt.length && outAt[oi] < end) {
        const at = outAt[oi++];
        if (base + at < f.outsUpto) continue;
        outs.push({ out: outputs.get(at)!, end: base + bytes.indexOf(10, at) + 1 });
      }
      if (outs.length === 0) return true;
      // Should this session end before the lines go, the next one cuts
      // them (and so these outputs) at the same place.
      f.replay.set(base + pos, base + end);
      return await this.#shipOutputs(f, outs, batchMax, window);
    };
    while (pos < bytes.length) {
      if (window.failure !== null || signal.aborted) return false;
      const firstEnd = bytes.indexOf(10, pos) + 1;
      if (firstEnd - pos > this.#partBytes) {
        if (!await shipOutputsBefore(firstEnd)) return false;
        const line = bytes.subarray(pos, firstEnd);
        const keys = lineKeysOfBytes(line, this.#dec);
        const n = Math.ceil(line.length / this.#partBytes);
        for (let i = 0; i < n; i++) {
          const h = msgHeaders(lineMsgId(f.id, keys.run, keys.seq, base + pos, i), f.dir, [
            [H_PART, `${i}/${n}`],
            [H_LEN, String(line.length)],
            [H_EXPECT_LAST_SUBJECT_SEQ, String(f.evSeq)],
          ]);
          const seq = await window.send(
            subject,
            line.subarray(i * this.#partBytes, Math.min(line.length, (i + 1) * this.#partBytes)),
            h,
          );
          if (seq === null) return false;
          f.evSeq = seq;
        }
        f.replay.delete(base + pos);
        f.last = line;
        f.lastStart = base + pos;
        f.next = base + firstEnd;
        this.stats.lines++;
        this.stats.bytes += line.length;
        pos = firstEnd;
        continue;
      }
      // Where this message ends.
      let target = pos + batchMax;
      const replayEnd = f.replay.get(base + pos);
      if (replayEnd !== undefined && replayEnd - (base + pos) > batchMax) {
        f.replay.delete(base + pos); // larger than a message may now be (another server)
      } else if (replayEnd !== undefined) {
        if (replayEnd - base <= bytes.length) target = replayEnd - base;
        else if (pos > 0) break; // past this chunk: read again from here
        else f.replay.delete(base + pos);
      }
      let cut = target >= bytes.length ? bytes.length : bytes.lastIndexOf(10, target - 1) + 1;
      if (cut <= pos) cut = firstEnd; // one line longer than a batch
      if (!await shipOutputsBefore(cut)) return false;
      if (window.failure !== null || signal.aborted) return false;
      const data = bytes.subarray(pos, cut);
      const lastAt = lastLineStart(data);
      const lines = lastAt === 0 ? 1 : countLines(data);
      const first = lineKeysOfBytes(bytes.subarray(pos, firstEnd), this.#dec);
      const offset = base + pos;
      const id = lines === 1 ? lineMsgId(f.id, first.run, first.seq, offset) : batchMsgId(
        f.id,
        first.run,
        first.seq,
        lineKeysOfBytes(data.subarray(lastAt), this.#dec).seq,
        lines,
        offset,
      );
      const h = msgHeaders(id, f.dir, [[H_EXPECT_LAST_SUBJECT_SEQ, String(f.evSeq)]]);
      const seq = await window.send(subject, data, h, {
        f,
        start: offset,
        end: offset + data.length,
      });
      if (seq === null) return false;
      f.evSeq = seq;
      f.replay.delete(offset);
      f.last = data.subarray(lastAt);
      f.lastStart = offset + lastAt;
      f.next = base + cut;
      this.stats.lines += lines;
      this.stats.bytes += data.length;
      pos = cut;
    }
    // The last line is kept as a copy: the chunk's buffer is let go.
    if (f.last) f.last = f.last.slice();
    return pos < bytes.length || (chunk.bytes.length > 0 && chunk.size > from + chunk.bytes.length);
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

  /**
   * The kept outputs named by the `tool_returned` lines of `bytes`, by the
   * line's index in `bytes`, in the order of the log. Each run's directory is
   * listed once a pass (`listed`: most calls keep no output, and a failed
   * open costs more than a name looked up), and again only for a line that
   * names an output (`output_file`) the listing does not hold: an output is
   * written before its line, so it may be newer than the listing. Read
   * synchronously: a local read costs a third of the CPU of an asynchronous
   * one.
   */
  #readOutputs(f: Followed, bytes: Uint8Array, listed: Listing): Map<number, KeptOutput> {
    const found = new Map<number, KeptOutput>();
    let start = 0;
    while (start < bytes.length) {
      const end = bytes.indexOf(10, start) + 1;
      const at = start;
      start = end;
      if (!isToolReturnedLine(bytes, at, end, this.#dec)) continue;
      let run: unknown, call: unknown, named = false;
      try {
        const ev = JSON.parse(this.#dec.decode(bytes.subarray(at, end))).event;
        run = ev?.run;
        call = ev?.call;
        named = typeof ev?.output_file === "string";
      } catch {
        continue;
      }
      if (typeof run !== "string" || typeof call !== "string") continue;
      if (!isToken(run) || !isCall(call)) continue;
      let names = listed.get(run);
      if (names === undefined || (named && !names?.has(`${call}.txt`))) {
        names = this.#listOutputs(f, run);
        listed.set(run, names);
      }
      if (!names?.has(`${call}.txt`)) continue;
      const path = this.#state.traceFile(f.dir, run, call);
      try {
        const data = readRegularFileSync(path, { root: this.#state.root });
        if (data !== null) found.set(at, { run, call, data });
      } catch (e) {
        // A FIFO (or a link out...): the line goes without it.
        if (e instanceof BadLogFile) this.#badFile(f.dir, e, "that output is not shipped");
        // Else not kept after all (a write that failed).
      }
    }
    return found;
  }

  /** The names in the directory of `run`'s kept outputs; null when it has none. */
  #listOutputs(f: Followed, run: string): Set<string> | null {
    const names = new Set<string>();
    try {
      const dir = this.#state.traceFile(f.dir, run, "x");
      for (const e of Deno.readDirSync(dir.slice(0, dir.lastIndexOf("/")))) names.add(e.name);
    } catch {
      return null; // no output kept for this run
    }
    return names;
  }

  /**
   * Ships the kept outputs of the `tool_returned` lines of one message of
   * lines (in the order of the log), before it: several to a message of at
   * most `maxBytes` on the task's `outs` subject ({@link encodeOutputs}, cut
   * greedily in that order, so that the same outputs are always cut the same
   * way; one alone is a message of one), each waiting for the one before and
   * expecting its sequence, and with {@link H_OUTS_UPTO}; one larger than
   * `maxBytes` alone on its own subject, in parts when larger than a
   * message. False when the session ended.
   */
  async #shipOutputs(
    f: Followed,
    outs: LineOutput[],
    maxBytes: number,
    window: AckWindow,
  ): Promise<boolean> {
    let group: LineOutput[] = [];
    let size = OUTPUTS_OVERHEAD_BYTES;
    const flush = async (): Promise<boolean> => {
      if (group.length === 0) return true;
      const data = encodeOutputs(group.map((g) => g.out));
      const upto = group[group.length - 1].end;
      const id = outputsMsgId(f.id, group[0].out, group.length, shortHash(data));
      const h = msgHeaders(id, f.dir, [
        [H_OUTS_UPTO, String(upto)],
        [H_EXPECT_LAST_SUBJECT_SEQ, String(f.outsSeq)],
      ]);
      const count = group.length;
      group = [];
      size = OUTPUTS_OVERHEAD_BYTES;
      const seq = await window.send(outputsSubject(this.#o.project, f.id), data, h);
      if (seq === null) return false;
      f.outsSeq = seq;
      f.outsUpto = upto;
      this.stats.outputs += count;
      return true;
    };
    for (const o of outs) {
      const bytes = outputBytesInMsg(o.out);
      if (OUTPUTS_OVERHEAD_BYTES + bytes > maxBytes) {
        if (!await flush() || !await this.#shipOutput(f, o.out, window)) return false;
        continue;
      }
      if (size + bytes > maxBytes || group.length >= OUTPUTS_PER_MSG_MAX) {
        if (!await flush()) return false;
      }
      group.push(o);
      size += bytes;
    }
    return await flush();
  }

  /**
   * Ships a large kept output alone, in parts, on its own subject. What that
   * subject holds is asked first: an output already there whole (a ship
   * before this one sent it, and its line was not stored) is not sent again,
   * one there in part goes on after its last part; each part expects the
   * sequence of the one before. False when the session ended.
   */
  async #shipOutput(f: Followed, out: KeptOutput, window: AckWindow): Promise<boolean> {
    const { run, call, data } = out;
    const subject = outputSubject(this.#o.project, f.id, run, call);
    const n = Math.max(1, Math.ceil(data.length / this.#partBytes));
    const hash = shortHash(data);
    const idOf = (i: number) => `${f.id}:out:${run}:${call}:${hash}#${i}`;
    if (this.#jsm === null) return false;
    const held = await lastMessage(this.#jsm, this.#stream, subject);
    let expect = held?.seq ?? 0;
    let from = 0;
    const part = parsePart(held?.header?.get(H_PART));
    if (part !== null && part.n === n && held?.header?.get(H_MSG_ID) === idOf(part.i)) {
      if (part.i === n - 1) return true;
      from = part.i + 1;
    }
    for (let i = from; i < n; i++) {
      const h = msgHeaders(idOf(i), f.dir, [
        [H_PART, `${i}/${n}`],
        [H_EXPECT_LAST_SUBJECT_SEQ, String(expect)],
      ]);
      const seq = await window.send(
        subject,
        data.subarray(i * this.#partBytes, Math.min(data.length, (i + 1) * this.#partBytes)),
        h,
      );
      if (seq === null) return false;
      expect = seq;
    }
    this.stats.outputs++;
    return true;
  }
}

/** The subjects of `stream` that match `filter` and hold a message. */
async function subjectsHeld(
  jsm: Awaited<ReturnType<typeof jetstreamManager>>,
  stream: string,
  filter: string,
): Promise<string[]> {
  const info = await jsm.streams.info(stream, { subjects_filter: filter });
  return Object.keys(info.state.subjects ?? {});
}

/** The last message of `subject` in `stream`; null when it has none. */
async function lastMessage(
  jsm: Awaited<ReturnType<typeof jetstreamManager>>,
  stream: string,
  subject: string,
): Promise<{ data: Uint8Array; header: MsgHdrs | undefined; seq: number } | null> {
  try {
    const m = await jsm.streams.getMessage(stream, { last_by_subj: subject });
    if (!m) return null;
    return { data: m.data, header: m.header, seq: m.seq };
  } catch (e) {
    if (isNotFound(e) && !/stream not found/i.test((e as Error).message)) return null;
    throw e;
  }
}
