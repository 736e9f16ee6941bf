/**
 * The live project-wide feed: {@link ProjectFollower}, ONE reader of every
 * log of the project, to be shared by every live client (all SSE
 * connections of the server, or the one CLI follower):
 *
 * ```ts
 * const follower = new ProjectFollower(state, { onProblem });
 * await follower.start();          // tails start at the current end of each log
 * // A client that resumes after cursor C (Last-Event-ID), or starts now:
 * const sub = follower.subscribe({ start: C ? feedAfter(C) : FEED_NOW, signal: request.signal });
 * for await (const items of sub) for (const it of items) send(it.cursorText, it.record.env);
 * follower.close();                // ends every subscription
 * ```
 *
 * `subscribe({ start: feedAfter(C) })` first replays from disk (replay_feed.ts)
 * every event with a cursor strictly after C up to exactly the point where
 * live delivery starts for that subscriber, then gives live events: no gap
 * and no repeat between the two. `FEED_NOW` gives only events appended from
 * now on. Live events come in the order they are appended (each wake-up's
 * events sorted by cursor); per delivery rule 4 of the contract, a late
 * event stamped earlier by another process is delivered live once, even
 * though its cursor sorts before events already delivered.
 * A subscriber that falls `queueItemsMax` items behind is ended with a
 * TasklineError `fell-behind`; it may subscribe again after the
 * last cursor it saw. A `lossless` subscriber (the CLI) is never ended:
 * the follower stops reading until it catches up.
 * New tasks are picked up (a task directory that appears: its log is read
 * from its first byte). The follower watches `.taskline/tasks`
 * recursively with `Deno.watchFs` and polls every `pollIntervalMs` for
 * missed notifications.
 * {@link ProjectFollower.tasks} lists the tasks it follows.
 * Ephemeral events are not in logs; the server adds them itself.
 *
 * @module
 */
import { compareCursor, type Cursor } from "../contract/cursor.ts";
import { TasklineError } from "../errors.ts";
import type { LogProblem } from "../store/log_reader.ts";
import { BadLogFile } from "../store/log_file.ts";
import type { StateDir } from "../store/state_dir.ts";
import { readTask, type Task } from "../store/tasks.ts";
import { completeLinesEnd } from "./complete_lines.ts";
import { feedCursor, type FeedItem, LazyItem } from "./feed_item.ts";
import { FEED_NOW, type FeedStart, feedStartOf } from "./feed_start.ts";
import { LogTail, type TailReset } from "./log_tail.ts";
import { replayBytes, replayRecords, tellBadLog } from "./replay_feed.ts";
import { TaskDirs } from "./task_dirs.ts";
import { Wakeup } from "./wakeup.ts";

/** Items read in one round of the follower, at most (about; a chunk may pass it). */
const ROUND_ITEMS_MAX = 2000;

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
  /** Told when a task is followed: at start (`initial`) or made later. Default: ignored. */
  onFound?: (task: Task, initial: boolean) => void;
  /**
   * Told of each file of a followed task's directory that a notification
   * says changed (`task.json` rewritten...). Default: ignored.
   */
  onChanged?: (task: Task, path: string) => void;
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
   * The same as `start: feedAfter(after)` (null: `FEED_NOW`); `start` wins
   * when both are given. Default null.
   */
  after?: Cursor | null;
  /** Cheap test on raw lines of this subscriber. Default: all. */
  prefilter?: (line: string) => boolean;
  /**
   * The quoted type names of the subscriber's type filter: its replay from
   * disk reads bytes and skips lines without one (see replay_feed.ts's
   * `replayBytes`). Default: the replay decodes every line it passes `prefilter`.
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
  /** The task directories: found, gone, changed (see task_dirs.ts). */
  readonly #dirs: TaskDirs;
  readonly #subscribers = new Set<Subscriber>();
  /** Woken when a subscriber takes its queue (lossless back pressure). */
  readonly #drained = new Wakeup();
  #closed = false;
  #abort = new AbortController();
  #loop: Promise<void> | null = null;

  constructor(state: StateDir, options: ProjectFollowerOptions = {}) {
    this.state = state;
    this.#options = options;
    this.#dirs = new TaskDirs(state, {
      pollIntervalMs: options.pollIntervalMs,
      onFound: (dir, initial) => this.#found(dir, initial),
      onChanged: (dir, path) => {
        const f = this.#followed.get(dir);
        if (f) this.#options.onChanged?.(f.task, path);
      },
      onRemoved: (dir) => {
        // A discarded task is no longer followed; a task made later in a
        // directory of the same name is another task, read from its first event.
        const f = this.#followed.get(dir);
        this.#followed.delete(dir);
        if (f) this.#options.onRemoved?.(f.task);
      },
    });
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
    await this.#dirs.scan();
    this.#dirs.watch(this.#abort.signal);
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

  /**
   * A task directory found: followed when it is a readable task the filter
   * keeps. A task that exists at start is followed from now; one that
   * appears later from its first event.
   */
  async #found(dir: string, initial: boolean): Promise<boolean | null> {
    let task: Task;
    try {
      task = await readTask(this.state, dir);
    } catch {
      return null;
    }
    if (this.#options.taskFilter && !this.#options.taskFilter(task)) return false;
    const path = this.state.logPath(dir);
    let from = 0;
    let bad: string | undefined;
    try {
      if (initial) from = await completeLinesEnd(path);
    } catch (e) {
      tellBadLog(this.#options, e, task);
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
    this.#options.onFound?.(task, initial);
    return true;
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
      this.#dirs.ignore(dir);
      return false;
    }
    return true;
  }

  async #run(): Promise<void> {
    const poll = this.#options.pollIntervalMs ?? 1000;
    while (!this.#closed) {
      try {
        // The poll's listing when due, and the sweep's next slice.
        await this.#dirs.turn();
        // A lossless subscriber that is behind holds the reading back.
        while (this.#behind()) await this.#drained.wait(poll, this.#abort.signal);
        await this.#readDirty();
        await this.#dirs.wait(this.#abort.signal);
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

  #behind(): boolean {
    const max = this.#options.queueItemsMax ?? 10_000;
    for (const s of this.#subscribers) if (s.lossless && s.queue.length >= max) return true;
    return false;
  }

  async #readDirty(): Promise<void> {
    const dirty = this.#dirs.dirty;
    const dirs = [...dirty];
    dirty.clear();
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
          if (f.bad !== e.message) tellBadLog(this.#options, e, f.task);
          f.bad = e.message;
          break;
        }
        if (f.reset) {
          f.reset = false;
          if (!(await this.#sameTask(dir, f))) return;
        }
        for (const r of b.records) {
          const c = feedCursor(r, f.task, f.tail.path, this.#options.onProblem);
          if (c) items.push(new LazyItem(f.task, r, c));
        }
        if (b.atEnd) break;
        if (round === 63 || items.length >= ROUND_ITEMS_MAX) {
          dirty.add(dir);
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
    if (dirty.size > 0) this.#dirs.wake();
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
   * A subscription: batches of items, first the replay from disk from its
   * start (unless it starts `now`), then live items, until the follower is closed (the iterator
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
    const start = feedStartOf(options, FEED_NOW);
    return {
      async *[Symbol.asyncIterator]() {
        try {
          if (start.from !== "now") {
            const replay = {
              start,
              to: snapshot,
              onProblem,
              // The follower tells of a bad log itself, once.
              onBadLog: () => {},
              signal: options.signal,
            };
            // Bytes when the subscriber's filter is the type set's needles (or none).
            yield* options.prefilter === undefined || options.needles !== undefined
              ? replayBytes(state, tasks, { ...replay, needles: options.needles })
              : replayRecords(state, tasks, { ...replay, prefilter: options.prefilter });
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
