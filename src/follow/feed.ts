/**
 * The project-wide feed: every logged event of schema 2 or above of every
 * task, ordered by event cursor (`<ns>-<task number>-<seq>`, seq 0 when
 * absent), as `taskline events` without a task, `GET /api/events` and
 * `GET /api/stream` give it.
 *
 * ## API (for the CLI and the server)
 *
 * - {@link replayFeed}`(state, tasks, { after, to, prefilter })`: the events
 *   on disk with a cursor strictly after `after`, merged by cursor (a k-way
 *   merge holding one small chunk per task: bounded memory whatever the size
 *   of the logs). Batches of {@link FeedItem}.
 * - {@link ProjectFollower}: ONE reader of every log of the project, to be
 *   shared by every live client (all SSE connections of the server, or the
 *   one CLI follower):
 *   ```ts
 *   const follower = new ProjectFollower(state, { onProblem });
 *   await follower.start();          // tails start at the current end of each log
 *   // A client that resumes after cursor C (Last-Event-ID), or starts now (null):
 *   const sub = follower.subscribe({ after: C, signal: request.signal });
 *   for await (const items of sub) for (const it of items) send(it.cursorText, it.record.env);
 *   follower.close();                // ends every subscription
 *   ```
 *   `subscribe({ after: C })` first replays from disk every event with a
 *   cursor strictly after C up to exactly the point where live delivery
 *   starts for that subscriber, then gives live events: no gap and no
 *   repeat between the two. `after: null` gives only events appended from
 *   now on. Live events come in the order they are appended (each wake-up's
 *   events sorted by cursor); per delivery rule 4 of the contract, a late
 *   event stamped earlier by another process is delivered live once, even
 *   though its cursor sorts before events already delivered.
 *   A subscriber that falls `queueItemsMax` items behind is ended with a
 *   TasklineError `fell-behind`; it may subscribe again after the
 *   last cursor it saw. A `lossless` subscriber (the CLI) is never ended:
 *   the follower stops reading until it catches up.
 *   New tasks are picked up (a task directory that appears: its log is read
 *   from its first byte). The follower watches `.taskline/tasks`
 *   recursively with `Deno.watchFs` and polls every `pollIntervalMs` for
 *   missed notifications.
 *   {@link ProjectFollower.tasks} lists the tasks it follows.
 *   Ephemeral events are not in logs; the server adds them itself.
 *
 * @module
 */
import { compareCursor, type Cursor, cursorOf, formatCursor } from "../contract/cursor.ts";
import { TasklineError } from "../errors.ts";
import type { LightRecord, LogProblem, ReadRecord } from "../store/log_reader.ts";
import { BadLogFile } from "../store/log_file.ts";
import type { StateDir } from "../store/state_dir.ts";
import { readTask, type Task, taskDirNames } from "../store/tasks.ts";
import { Heap } from "./heap.ts";
import { lightLines } from "./scan.ts";
import {
  BufferPool,
  ByteSource,
  compareItems,
  type FastItem,
  type FeedItem,
  LogFiles,
  noCursorProblem,
  SourceReader,
} from "./feed_source.ts";
import { completeLinesEnd } from "./complete_lines.ts";
import { heldFifoPaths, holdFifo } from "./hold_fifo.ts";
import { LogTail, type TailReset } from "./log_tail.ts";
import { OpenFiles } from "./open_files.ts";
import { Wakeup } from "./wakeup.ts";
import { taskDirOfPath, watchDir } from "./watch_dir.ts";

export type { FastItem, FeedItem } from "./feed_source.ts";

/** A feed item whose cursor text is made when it is first asked for (a replay prints most without it). */
class Item<R extends ReadRecord> implements FeedItem<R> {
  #text: string | undefined;
  constructor(readonly task: Task, readonly record: R, readonly cursor: Cursor) {}
  get cursorText(): string {
    return this.#text ??= formatCursor(this.cursor);
  }
}

/**
 * Where a feed starts: at the first event on disk, strictly after a cursor
 * (a client's last seen event), or with the events appended from now on.
 * The same for a replay and a subscription.
 */
export type FeedStart =
  | { readonly from: "beginning" }
  | { readonly from: "after"; readonly cursor: Cursor }
  | { readonly from: "now" };

/** A feed from the first event on disk. */
export const FEED_BEGINNING: FeedStart = Object.freeze({ from: "beginning" });
/** A feed of the events appended from now on. */
export const FEED_NOW: FeedStart = Object.freeze({ from: "now" });

/** A feed strictly after `cursor` (`0-0-0`: from the beginning). */
export function feedAfter(cursor: Cursor): FeedStart {
  return { from: "after", cursor };
}

/** The cursor a replay from `start` goes strictly after; null: nothing on disk is replayed. */
function replayAfter(start: FeedStart): Cursor | undefined | null {
  return start.from === "beginning" ? undefined : start.from === "after" ? start.cursor : null;
}

/** Options of {@link replayFeed}. */
export interface ReplayFeedOptions {
  /**
   * Where to start. `now` replays nothing. Default: {@link FEED_BEGINNING},
   * or after `after` when it is given.
   */
  start?: FeedStart;
  /** Only events with a cursor strictly after this (`start: feedAfter(c)`). Default: all. */
  after?: Cursor;
  /** Per task directory, where to start reading (a line start). Default 0. */
  from?: ReadonlyMap<string, number>;
  /** Per task directory, where to stop reading (a line start). Default: the size at open. */
  to?: ReadonlyMap<string, number>;
  /** Cheap test on raw lines. Default: all. */
  prefilter?: (line: string) => boolean;
  /**
   * Bytes read at a time per task. Default 8 KiB: the
   * merge holds a chunk of every task at once, so this times the number of
   * tasks is its memory.
   */
  chunkBytes?: number;
  /**
   * Items of one log kept sorted ahead of the merge, so that `at` times that
   * go backwards within one log still come out in cursor order. Default 16.
   */
  lookaheadItems?: number;
  /** Most items a batch. Default 512. */
  batchItemsMax?: number;
  /**
   * Records carry their `--json` text, and those in their own read form a
   * light `env` only (see scan.ts's `lightLines`): its schema, seq and at,
   * and an event of only type, run and success. Default false.
   */
  json?: boolean;
  /**
   * Read the logs as bytes (see feed_source.ts): the items are
   * {@link FastItem}s, a line in its own read form is decoded only when its
   * `record` is asked for, and its tagged line is had from its bytes. Takes
   * `needles` instead of `prefilter`. Default false (every line decoded).
   */
  bytes?: boolean;
  /**
   * With `bytes`: a line that contains none of these (event type names in
   * quotes) is neither decoded nor reported. Default: every line.
   */
  needles?: readonly string[] | null;
  /**
   * With `bytes`: chunk buffers are reused once a batch was taken, so an
   * item's bytes (and its `record`, when first asked for then) are valid
   * only until the next batch is asked for. For consumers that write each
   * batch out at once (the CLI). Default false.
   */
  reuseBuffers?: boolean;
  onProblem?: (p: LogProblem) => void;
  /**
   * Told of a task whose log is not a regular file inside `.taskline/` (a
   * FIFO, a link out...): that task is left out, the others are read.
   * Default: told to `onProblem` as a problem of line 0.
   */
  onBadLog?: (e: BadLogFile, task: Task) => void;
  signal?: AbortSignal;
}

/** Tells `o` of a bad log (see {@link ReplayFeedOptions.onBadLog}); rethrows anything else. */
function badLog(
  o: { onBadLog?: (e: BadLogFile, task: Task) => void; onProblem?: (p: LogProblem) => void },
  e: unknown,
  task: Task,
): void {
  if (!(e instanceof BadLogFile)) throw e;
  if (o.onBadLog) o.onBadLog(e, task);
  else o.onProblem?.({ path: e.path, line: 0, offset: 0, reason: e.message });
}

/**
 * The bytes of a task's log that a replay reads: from `options.from` (a line
 * start) to `options.to` or the end of its complete lines. Null when there is
 * nothing to read, or when the log is not a log (told to `options`).
 */
async function replayRange(
  options: ReplayFeedOptions,
  task: Task,
  path: string,
  end: (path: string) => number | Promise<number> = completeLinesEnd,
): Promise<{ from: number; to: number } | null> {
  let to: number;
  try {
    to = options.to?.get(task.dir) ?? await end(path);
  } catch (e) {
    badLog(options, e, task);
    return null;
  }
  const from = options.from?.get(task.dir) ?? 0;
  return to <= from ? null : { from, to };
}

/**
 * Whether a record belongs in the feed; its cursor if so. One of schema 2
 * or above without a cursor is told to `onProblem`.
 */
function feedCursor(
  r: ReadRecord,
  task: Task,
  path: string,
  onProblem: ((p: LogProblem) => void) | undefined,
): Cursor | null {
  if (r.env.schema < 2) return null;
  const c = cursorOf(r.env, task.number);
  if (c === null) onProblem?.(noCursorProblem(path, r.line, r.end ?? 0));
  return c;
}

/**
 * One task's log as a source of the merge. A task's log is in seq order,
 * and its `at` times can go slightly backwards (events of the same task
 * stamped by different processes): a window of the next
 * `lookaheadItems` items is kept sorted by cursor, so such inversions come
 * out in cursor order while memory stays bounded.
 */
class Source {
  readonly task: Task;
  readonly #tail: LogTail<LightRecord>;
  readonly #to: number;
  readonly #after: Cursor | undefined;
  readonly #lookahead: number;
  readonly #files: OpenFiles;
  readonly #onBad: (e: unknown) => void;
  readonly #onProblem: ((p: LogProblem) => void) | undefined;
  #items: FeedItem<ReadRecord>[] = [];
  #i = 0;
  #done = false;

  /**
   * `to`: where the log's replay stops; `after`: items with a cursor after
   * this only; `lookahead`: items kept sorted ahead; `files`: the replay's
   * open logs.
   */
  constructor(
    task: Task,
    tail: LogTail<LightRecord>,
    o: {
      to: number;
      after: Cursor | undefined;
      lookahead: number;
      files: OpenFiles;
      onBad: (e: unknown) => void;
      onProblem?: (p: LogProblem) => void;
    },
  ) {
    this.task = task;
    this.#tail = tail;
    this.#to = o.to;
    this.#after = o.after;
    this.#lookahead = o.lookahead;
    this.#files = o.files;
    this.#onBad = o.onBad;
    this.#onProblem = o.onProblem;
  }

  get head(): FeedItem<ReadRecord> | undefined {
    return this.#items[this.#i];
  }

  /** Makes `head` the next item; false when the source is exhausted. */
  fill(): boolean {
    if (this.#items.length - this.#i >= this.#lookahead || this.#done) {
      return this.#i < this.#items.length;
    }
    const fresh: FeedItem<ReadRecord>[] = [];
    while (!this.#done && this.#items.length - this.#i + fresh.length < this.#lookahead) {
      // Synchronous: the merge waits for this read anyway, and an
      // asynchronous open, stat, seek and read per small chunk of thousands
      // of logs costs more than the chunk (a batch yields to the event loop).
      let b;
      try {
        b = this.#tail.readSync({ to: this.#to, files: this.#files });
      } catch (e) {
        // Turned into something else than a log while it was read: what was
        // read of it stays, the rest is left out.
        this.#onBad(e);
        this.#done = true;
        this.#files.release(this.#tail.path);
        break;
      }
      for (const r of b.records) {
        const c = feedCursor(r, this.task, this.#tail.path, this.#onProblem);
        if (c === null || (this.#after && compareCursor(c, this.#after) <= 0)) continue;
        fresh.push(new Item(this.task, r, c));
      }
      if (b.caughtUp || this.#tail.offset >= this.#to) {
        this.#done = true;
        this.#files.release(this.#tail.path);
      }
    }
    if (fresh.length > 0) {
      const rest = this.#items.slice(this.#i);
      for (const it of fresh) rest.push(it);
      // Stable: equal cursors keep log order.
      rest.sort((a, b) => compareCursor(a.cursor, b.cursor));
      this.#items = rest;
      this.#i = 0;
    }
    return this.#i < this.#items.length;
  }

  next(): void {
    this.#i++;
  }
}

/**
 * The events on disk of `tasks`, merged by cursor, in batches.
 *
 * @example
 * ```ts
 * for await (const items of replayFeed(state, tasks, { after: parseCursor("0-0-0") })) {
 *   for (const it of items) console.log(it.cursorText, it.record.env.event.type);
 * }
 * ```
 */
export function replayFeed(
  state: StateDir,
  tasks: readonly Task[],
  options: ReplayFeedOptions & { bytes: true },
): AsyncGenerator<FastItem[]>;
export function replayFeed(
  state: StateDir,
  tasks: readonly Task[],
  options?: ReplayFeedOptions & { json?: false },
): AsyncGenerator<FeedItem[]>;
export function replayFeed(
  state: StateDir,
  tasks: readonly Task[],
  options: ReplayFeedOptions,
): AsyncGenerator<FeedItem<ReadRecord>[]>;
export async function* replayFeed(
  state: StateDir,
  tasks: readonly Task[],
  options: ReplayFeedOptions = {},
): AsyncGenerator<FeedItem<ReadRecord>[]> {
  if (options.start !== undefined) {
    const after = replayAfter(options.start);
    if (after === null) return;
    options = { ...options, after };
  }
  if (options.bytes) {
    yield* replayBytes(state, tasks, options);
    return;
  }
  const heap = new Heap<Source>(less);
  // One check for every log: lines are checked one at a time.
  const light = options.json ? lightLines() : undefined;
  const files = new OpenFiles();
  try {
    for (const task of tasks) {
      const path = state.logPath(task.dir);
      const range = await replayRange(options, task, path);
      if (range === null) continue;
      const { from, to } = range;
      const tail = new LogTail(path, {
        from,
        chunkBytes: options.chunkBytes ?? 8 * 1024,
        prefilter: options.prefilter,
        onProblem: options.onProblem,
        light,
      });
      const src = new Source(task, tail, {
        to,
        after: options.after,
        lookahead: options.lookaheadItems ?? 16,
        files,
        onBad: (e) => badLog(options, e, task),
        onProblem: options.onProblem,
      });
      if (src.fill()) heap.push(src);
    }
    yield* merge(heap, options);
  } finally {
    files.close();
  }
}

/** {@link replayFeed} on bytes. */
async function* replayBytes(
  state: StateDir,
  tasks: readonly Task[],
  options: ReplayFeedOptions,
): AsyncGenerator<FastItem[]> {
  const heap = new Heap<ByteSource>(lessBytes);
  const files = new LogFiles();
  const reader = new SourceReader(options.needles ?? null);
  const chunkBytes = options.chunkBytes ?? 8 * 1024;
  // Buffers with room for a chunk and the start of a line before it.
  const pool = options.reuseBuffers ? new BufferPool(2 * chunkBytes) : undefined;
  try {
    for (const task of tasks) {
      const path = state.logPath(task.dir);
      const range = await replayRange(options, task, path, (p) => files.completeEnd(p));
      if (range === null) continue;
      const src = new ByteSource(task, {
        path,
        from: range.from,
        to: range.to,
        after: options.after,
        lookahead: options.lookaheadItems ?? 16,
        chunkBytes,
        files,
        reader,
        pool,
        onProblem: options.onProblem,
        onBad: (e) => badLog(options, e, task),
      });
      if (src.fill()) heap.push(src);
    }
    for (const batch of merge<FastItem, ByteSource>(heap, options)) {
      yield batch;
      pool?.release(batch);
    }
  } finally {
    files.close();
  }
}

/** A source of the merge. */
interface Merged<T> {
  readonly head: T | undefined;
  next(): void;
  fill(): boolean;
}

/** The heads of the sources in order, in batches; the heap is emptied. */
function* merge<T, S extends Merged<T>>(heap: Heap<S>, options: ReplayFeedOptions): Generator<T[]> {
  const batchMax = options.batchItemsMax ?? 512;
  let batch: T[] = [];
  while (heap.size > 0) {
    options.signal?.throwIfAborted();
    const src = heap.top!;
    batch.push(src.head!);
    src.next();
    if (src.fill()) heap.replaceTop();
    else heap.pop();
    if (batch.length >= batchMax) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

function lessBytes(a: ByteSource, b: ByteSource): boolean {
  return compareItems(a.head!, b.head!) < 0;
}

function less(a: Source, b: Source): boolean {
  return compareCursor(a.head!.cursor, b.head!.cursor) < 0;
}

/** Items read in one round of the follower, at most (about; a chunk may pass it). */
const ROUND_ITEMS_MAX = 2000;

/**
 * Logs a poll of the follower looks at in one turn. The poll (every
 * `pollIntervalMs`) is the safety net for changes the watch missed; a look
 * at a quiet log costs an lstat (see tail.ts).
 */
const POLL_SLICE_LOGS = 256;

/**
 * Logs the poll looks at in a second, at most: a project of more logs than
 * this is swept more slowly than every `pollIntervalMs` (2,000 logs: every
 * 4 s), so that an idle server does not stat thousands of files a second
 * (2,000 logs cost 2 % of a core idle, and a share of the server's thread
 * under load). New tasks and notified changes are not slowed by it.
 */
const POLL_LOGS_PER_SECOND = 500;
/** A directory mtime older than this tells every change made before it (clocks are coarse). */
const MTIME_SURE_MS = 2000;

/** Logs the follower reads at once in a wake-up (each holds at most a chunk). */
const READS_AT_ONCE = 8;

/** Options of {@link ProjectFollower}. */
export interface ProjectFollowerOptions {
  /** Which tasks to follow. Default: every task, new ones included. */
  taskFilter?: (task: Task) => boolean;
  /** The slow poll for missed notifications and new tasks, in ms. Default 1000. */
  pollIntervalMs?: number;
  /** Most items a subscriber may be behind before it is ended. Default 10000. */
  queueItemsMax?: number;
  onProblem?: (p: LogProblem) => void;
  onReset?: (r: TailReset) => void;
  /** Told when a followed task's directory is gone (`task discard`). Default: ignored. */
  onRemoved?: (task: Task) => void;
  /**
   * Told once each time a followed task's log is found not to be a regular
   * file inside `.taskline/` (at start, or replaced by a FIFO while
   * followed): that task is passed over until it is a log again, the others
   * are read. Default: told to `onProblem`.
   */
  onBadLog?: (e: BadLogFile, task: Task) => void;
}

/** Options of {@link ProjectFollower.subscribe}. */
export interface SubscribeOptions {
  /**
   * Where to start: `beginning` or `after` a cursor replay from disk first,
   * then go on live; `now` gives only events appended from now on. Default:
   * {@link FEED_NOW}, or after `after` when it is given.
   */
  start?: FeedStart;
  /**
   * Replay from disk every event with a cursor strictly after this first;
   * null: only events appended from now on (`start: feedAfter(c)` or
   * `FEED_NOW`). Default null.
   */
  after?: Cursor | null;
  /** Cheap test on raw lines of this subscriber. Default: all. */
  prefilter?: (line: string) => boolean;
  /**
   * The quoted type names of the subscriber's type filter: its replay from
   * disk reads bytes and skips lines without one (see replayFeed's
   * `bytes`). Default: the replay decodes every line it passes `prefilter`.
   */
  needles?: readonly string[] | null;
  /** Ends the subscription (the iterator rejects with the signal's reason). */
  signal?: AbortSignal;
  /**
   * Never dropped: while this subscriber is `queueItemsMax` items behind, the
   * follower stops reading (and so holds back every subscriber) until it
   * catches up. For a single consumer such as the CLI. Default false (a
   * subscriber that falls behind is ended).
   */
  lossless?: boolean;
}

interface Followed {
  task: Task;
  tail: LogTail;
  /** The message of the bad log last told, while the log is not a log. */
  bad?: string;
  /** Offset up to which items were published to subscribers. */
  published: number;
  /** The log was replaced or cut since the task was last read: is it still that task? */
  reset?: boolean;
}

interface Subscriber {
  queue: FeedItem[];
  wakeup: Wakeup;
  lossless: boolean;
  prefilter?: (line: string) => boolean;
  failure: Error | null;
  closed: boolean;
}

/**
 * One live reader of every log of the project, shared by all its
 * subscribers. See the module documentation.
 */
export class ProjectFollower {
  readonly state: StateDir;
  readonly #options: ProjectFollowerOptions;
  readonly #followed = new Map<string, Followed>();
  /** Directories that are not (yet) readable tasks: tried again at each poll. */
  readonly #skipped = new Set<string>();
  /** Directories of tasks the filter leaves out: not read again. */
  readonly #ignored = new Set<string>();
  readonly #subscribers = new Set<Subscriber>();
  readonly #wakeup = new Wakeup();
  /** Woken when a subscriber takes its queue (lossless back pressure). */
  readonly #drained = new Wakeup();
  readonly #dirty = new Set<string>();
  /** Logs the current poll has still to look at (see {@link POLL_SLICE_LOGS}). */
  #pollQueue: string[] = [];
  /** Each task directory's mtime when the poll last looked for FIFOs in it. */
  readonly #dirMtimes = new Map<string, number>();
  #rescan = true;
  #closed = false;
  #abort = new AbortController();
  #loop: Promise<void> | null = null;
  #tasksDirAbs = "";
  /** The tasks directory's mtime at the last listing (see {@link #scan}). */
  #tasksMtime: number | null = null;

  constructor(state: StateDir, options: ProjectFollowerOptions = {}) {
    this.state = state;
    this.#options = options;
  }

  /** The tasks followed now. */
  tasks(): Task[] {
    return [...this.#followed.values()].map((f) => f.task);
  }

  /** Each task followed now, with the offset up to which its log was published. */
  published(): Array<{ task: Task; offset: number }> {
    return [...this.#followed.values()].map((f) => ({ task: f.task, offset: f.published }));
  }

  /** Lists the tasks and starts following their logs from their current end. */
  async start(): Promise<void> {
    if (this.#loop) return;
    try {
      this.#tasksDirAbs = await Deno.realPath(this.state.tasksDir);
    } catch {
      this.#tasksDirAbs = "";
    }
    await this.#scan(true);
    watchDir(this.state.tasksDir, (paths) => this.#onChange(paths), {
      signal: this.#abort.signal,
    });
    this.#loop = this.#run();
  }

  /** Stops reading and ends every subscription. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#abort.abort();
    for (const s of this.#subscribers) {
      s.closed = true;
      s.wakeup.wake();
    }
    this.#subscribers.clear();
  }

  #onChange(paths: string[]) {
    for (const p of paths) {
      const dir = taskDirOfPath(this.#tasksDirAbs, p);
      if (dir !== null && this.#followed.has(dir)) this.#dirty.add(dir);
      else this.#rescan = true;
    }
    this.#wakeup.wake();
  }

  /** Finds new task directories; `initial`: existing logs are read from their end. */
  async #scan(initial: boolean): Promise<void> {
    // The tasks directory's mtime moves when a task is made or removed:
    // listing thousands of names every second would cost more than the poll.
    let mtime: number | null = null;
    try {
      mtime = Deno.lstatSync(this.state.tasksDir).mtime?.getTime() ?? null;
    } catch { /* listed below, which says what is wrong */ }
    if (
      !initial && mtime !== null && mtime === this.#tasksMtime && this.#skipped.size === 0 &&
      Date.now() - mtime > MTIME_SURE_MS
    ) return;
    this.#tasksMtime = mtime;
    const dirs = await taskDirNames(this.state);
    // A discarded task is no longer followed; a task made later in a
    // directory of the same name is another task, read from its first event.
    const present = new Set(dirs);
    for (const [dir, f] of this.#followed) {
      if (present.has(dir)) continue;
      this.#followed.delete(dir);
      this.#dirMtimes.delete(dir);
      this.#options.onRemoved?.(f.task);
    }
    for (const dir of dirs) {
      if (this.#followed.has(dir) || this.#ignored.has(dir)) continue;
      let task: Task;
      try {
        task = await readTask(this.state, dir);
      } catch {
        this.#skipped.add(dir);
        continue;
      }
      this.#skipped.delete(dir);
      if (this.#options.taskFilter && !this.#options.taskFilter(task)) {
        this.#ignored.add(dir);
        continue;
      }
      const path = this.state.logPath(dir);
      // A task that exists at start is followed from now; one that appears
      // later from its first event.
      let from = 0;
      let bad: string | undefined;
      try {
        if (initial) from = await completeLinesEnd(path);
      } catch (e) {
        badLog(this.#options, e, task);
        bad = (e as Error).message;
      }
      const f: Followed = {
        bad,
        task,
        tail: new LogTail(path, {
          from,
          chunkBytes: 64 * 1024,
          onProblem: this.#options.onProblem,
          onReset: (r) => {
            f.reset = true;
            this.#options.onReset?.(r);
          },
        }),
        published: from,
      };
      this.#followed.set(dir, f);
      this.#dirty.add(dir);
    }
  }

  /**
   * After a log was replaced or cut: a task discarded and another made in a
   * directory of the same name between two scans (`task discard 3 && task new`
   * of the same title gives the same number and directory) is another task.
   * Its events are tagged with its own id, and the old one is told removed.
   * False when the new task is not one to follow (the task filter).
   */
  async #sameTask(dir: string, f: Followed): Promise<boolean> {
    let task: Task;
    try {
      task = await readTask(this.state, dir);
    } catch {
      return true;
    }
    if (task.id === f.task.id) return true;
    const old = f.task;
    f.task = task;
    this.#options.onRemoved?.(old);
    if (this.#options.taskFilter && !this.#options.taskFilter(task)) {
      this.#followed.delete(dir);
      this.#dirMtimes.delete(dir);
      this.#ignored.add(dir);
      return false;
    }
    return true;
  }

  async #run(): Promise<void> {
    const poll = this.#options.pollIntervalMs ?? 1000;
    let lastPoll = Date.now();
    let lastSweep = lastPoll;
    while (!this.#closed) {
      try {
        const now = Date.now();
        if (now - lastPoll >= poll) {
          lastPoll = now;
          this.#rescan = true;
        }
        const sweepMs = Math.max(poll, (this.#followed.size / POLL_LOGS_PER_SECOND) * 1000);
        // A sweep not finished yet goes on (the logs at its end are not skipped).
        if (now - lastSweep >= sweepMs && this.#pollQueue.length === 0) {
          lastSweep = now;
          this.#pollQueue = [...this.#followed.keys()];
        }
        if (this.#rescan) {
          this.#rescan = false;
          await this.#scan(false);
        }
        // The poll looks at a slice of the logs a turn (a look at a quiet log
        // is one lstat): a poll of thousands of logs never holds back the
        // changes the watch tells of.
        const slice = this.#pollQueue.splice(0, POLL_SLICE_LOGS);
        for (const dir of slice) {
          this.#dirty.add(dir);
          this.#lookForFifos(dir);
        }
        // A lossless subscriber that is behind holds the reading back.
        while (this.#behind()) await this.#drained.wait(poll, this.#abort.signal);
        await this.#readDirty();
        if (this.#pollQueue.length > 0) {
          // More of the poll to do: let the event loop run first.
          await new Promise((r) => setTimeout(r, 0));
        } else {
          await this.#wakeup.wait(Math.max(1, poll - (Date.now() - lastPoll)), this.#abort.signal);
        }
      } catch (e) {
        if (this.#closed) return;
        // A failing read (permissions, a vanished directory) must not stop
        // the follower: report it to subscribers once and keep polling.
        this.#options.onProblem?.({
          path: this.state.tasksDir,
          line: 0,
          offset: 0,
          reason: (e as Error).message,
        });
        await new Promise((r) => setTimeout(r, poll));
      }
    }
  }

  /**
   * Holds open the FIFOs of a task's directory (see holdFifo: a FIFO
   * anywhere under the watched directory stops the watcher), and lets go of
   * those that are gone. The directory is listed only when its mtime moved
   * (or is too recent to be sure of).
   */
  #lookForFifos(dir: string) {
    const path = this.state.taskDir(dir);
    let mtime: number;
    try {
      mtime = Deno.lstatSync(path).mtime?.getTime() ?? 0;
    } catch {
      return;
    }
    if (this.#dirMtimes.get(dir) === mtime && Date.now() - mtime > MTIME_SURE_MS) return;
    this.#dirMtimes.set(dir, mtime);
    try {
      for (const e of Deno.readDirSync(path)) {
        if (!e.isFile && !e.isDirectory && !e.isSymlink) holdFifo(`${path}/${e.name}`);
      }
    } catch { /* gone meanwhile */ }
    for (const held of heldFifoPaths()) if (held.startsWith(`${path}/`)) holdFifo(held);
  }

  #behind(): boolean {
    const max = this.#options.queueItemsMax ?? 10_000;
    for (const s of this.#subscribers) if (s.lossless && s.queue.length >= max) return true;
    return false;
  }

  async #readDirty(): Promise<void> {
    const dirs = [...this.#dirty];
    this.#dirty.clear();
    const items: FeedItem[] = [];
    const ends: Array<[Followed, number]> = [];
    const readOne = async (dir: string) => {
      const f = this.#followed.get(dir);
      if (!f) return;
      // Read what is there now, a bounded number of chunks and items per
      // round: a big log that appears is read over several rounds.
      for (let round = 0; round < 64; round++) {
        let b;
        try {
          b = await f.tail.read();
          f.bad = undefined;
        } catch (e) {
          if (!(e instanceof BadLogFile)) throw e;
          // Not a log now (replaced by a FIFO...): told once, passed over
          // until it is one again; the other tasks are read as usual (a
          // FIFO is held open by the poll: see #lookForFifos).
          if (f.bad !== e.message) badLog(this.#options, e, f.task);
          f.bad = e.message;
          break;
        }
        if (f.reset) {
          f.reset = false;
          if (!(await this.#sameTask(dir, f))) return;
        }
        for (const r of b.records) {
          const c = feedCursor(r, f.task, f.tail.path, this.#options.onProblem);
          if (c) items.push(new Item(f.task, r, c));
        }
        if (b.atEnd) break;
        if (round === 63 || items.length >= ROUND_ITEMS_MAX) {
          this.#dirty.add(dir);
          break;
        }
      }
      ends.push([f, f.tail.offset]);
    };
    // A log kept open is read at once (synchronously); one that must be
    // opened (first read, or after it was closed) waits for the open:
    // several opens at a time.
    let next = 0;
    const worker = async () => {
      while (next < dirs.length) await readOne(dirs[next++]);
    };
    await Promise.all(Array.from({ length: Math.min(READS_AT_ONCE, dirs.length) }, worker));
    if (this.#dirty.size > 0) this.#wakeup.wake();
    // Publishing and moving `published` happen together, synchronously: a
    // subscriber's snapshot is always consistent with what it will be sent.
    items.sort((a, b) => compareCursor(a.cursor, b.cursor));
    for (const [f, end] of ends) f.published = end;
    if (items.length > 0) this.#publish(items);
  }

  #publish(items: FeedItem[]) {
    const max = this.#options.queueItemsMax ?? 10_000;
    for (const s of this.#subscribers) {
      for (const it of items) {
        if (s.prefilter && !s.prefilter(it.record.text)) continue;
        s.queue.push(it);
      }
      if (s.queue.length > max && !s.lossless) {
        s.failure = new TasklineError(
          "fell-behind",
          `The live feed fell ${s.queue.length} events behind; resume after the last cursor seen`,
        );
        s.queue = [];
        this.#subscribers.delete(s);
      }
      s.wakeup.wake();
    }
  }

  /**
   * A subscription: batches of items, first the replay after `after` (when
   * given), then live items, until the follower is closed (the iterator
   * returns) or `signal` is aborted (it rejects with the signal's reason).
   */
  subscribe(options: SubscribeOptions = {}): AsyncIterable<FeedItem[]> {
    if (!this.#loop) throw new Error("ProjectFollower.subscribe before start");
    const sub: Subscriber = {
      queue: [],
      wakeup: new Wakeup(),
      lossless: options.lossless === true,
      prefilter: options.prefilter,
      failure: null,
      closed: this.#closed,
    };
    // The snapshot: what was published before this line is replayed from
    // disk, everything after it comes through the queue.
    const snapshot = new Map<string, number>();
    const tasks: Task[] = [];
    for (const [dir, f] of this.#followed) {
      snapshot.set(dir, f.published);
      tasks.push(f.task);
    }
    this.#subscribers.add(sub);
    const state = this.state;
    const unsubscribe = () => {
      this.#subscribers.delete(sub);
      drained.wake();
    };
    const drained = this.#drained;
    const onProblem = this.#options.onProblem;
    return {
      async *[Symbol.asyncIterator]() {
        try {
          const start = options.start ??
            (options.after ? feedAfter(options.after) : FEED_NOW);
          if (start.from !== "now") {
            yield* replayFeed(state, tasks, {
              start,
              to: snapshot,
              // Bytes when the subscriber's filter is the type set's needles (or none).
              bytes: options.prefilter === undefined || options.needles !== undefined,
              needles: options.needles,
              prefilter: options.prefilter,
              onProblem,
              // The follower tells of a bad log itself, once.
              onBadLog: () => {},
              signal: options.signal,
            });
          }
          for (;;) {
            if (sub.queue.length > 0) {
              const items = sub.queue;
              sub.queue = [];
              drained.wake();
              yield items;
              continue;
            }
            if (sub.failure) throw sub.failure;
            if (sub.closed) return;
            await sub.wakeup.wait(60_000, options.signal);
          }
        } finally {
          unsubscribe();
        }
      },
    };
  }
}
