/**
 * The server's in-memory index of recent events, so that `GET /api/events`
 * (the last N events of the project) answers from memory on a warm server
 * instead of reading every log again.
 *
 * Per task it keeps the last few events (their cursor and type), loaded
 * once from the end of the log and then fed by the shared follower. No
 * event's JSON is kept: an event loaded from the log keeps where its window
 * was read, one that came live the bytes of its line (from the end of the
 * task's previous live event to its own), and the JSON of the few that an
 * answer needs is read again from there. Two thousand tasks of a few dozen
 * events each are then a few MB of cursors rather than tens of MB of text
 * (the server's memory, issue 15), and a thousand live events a second are
 * not a thousand strings a second kept long enough for V8 to promote them
 * (issue 37). Only the first live event of a task, whose line start is not
 * known, keeps its JSON.
 *
 * An answer is a merge of the tasks' tails, newest first; when the
 * tail of a task runs out before the answer is complete, that task's tail is
 * read again from disk with a window twice as large, and the merge is redone.
 * The answer is exactly what a full replay (src/follow/replay_feed.ts `replayFeed`)
 * would give; when the windows would grow past their bound the caller falls
 * back to that replay.
 *
 * @module
 */
import { compareCursor, type Cursor, cursorOf, formatCursor } from "../contract/cursor.ts";
import type { FeedItem } from "../follow/feed_item.ts";
import { type LogRecord, readLog } from "../store/log_reader.ts";
import { BadLogFile, openLogFile } from "../store/log_file.ts";
import { completeLinesEnd } from "../follow/complete_lines.ts";
import { Heap } from "../follow/heap.ts";
import type { StateDir } from "../store/state_dir.ts";
import type { Task } from "../store/tasks.ts";
import { taggedText } from "../codec/read_form.ts";

/** One event of the index. */
interface Item {
  cursor: Cursor;
  type: string;
  /** The tagged JSON; null until an answer needs it (read from the log). */
  json: string | null;
  /** The bytes of the log that hold its line (an event that came live), else its tail's window. */
  from?: number;
  to?: number;
}

/** The last events of one task. */
class Tail {
  items: Item[] = [];
  /** Every feed event of the task is in `items`. */
  complete: boolean;
  /** Most items kept. */
  cap: number;
  /** Bytes read from the end of the log by the last load. */
  windowBytes: number;
  /** The bytes of the log the loads read: every item without its JSON is a line of them. */
  windowFrom = 0;
  windowTo = 0;
  /** The log's offset after the last event that came live, when known. */
  liveEnd: number | null = null;
  loading: Promise<void> | null = null;

  constructor(readonly task: Task, complete: boolean, cap: number, windowBytes: number) {
    this.complete = complete;
    this.cap = cap;
    this.windowBytes = windowBytes;
  }

  add(it: Item): void {
    // Usually the newest: a short walk back keeps the items sorted.
    let i = this.items.length;
    let c = 1;
    while (i > 0 && (c = compareCursor(this.items[i - 1].cursor, it.cursor)) > 0) i--;
    if (i > 0 && c === 0) {
      // Already here (read from the log and delivered live): keep what either has.
      const had = this.items[i - 1];
      had.json ??= it.json;
      if (had.from === undefined) [had.from, had.to] = [it.from, it.to];
      return;
    }
    this.items.splice(i, 0, it);
    this.trim();
  }

  trim(): void {
    if (this.items.length <= this.cap) return;
    this.items = this.items.slice(this.items.length - this.cap);
    this.complete = false;
  }
}

/** The item of an event that came live, the tail's previous live event ending at `liveEnd`. */
function itemOf(it: FeedItem, liveEnd: number | null): Item {
  const type = it.record.env.event.type;
  const end = it.record.end;
  // Its line is the bytes from the end of the previous live event's (a log only grows: an
  // end not past it is a log read again from its start, and the line's start is not known).
  if (liveEnd !== null && end !== undefined && end > liveEnd) {
    return { cursor: it.cursor, type, json: null, from: liveEnd, to: end };
  }
  return { cursor: it.cursor, type, json: taggedText(it.record, it.task) };
}

/** Options of {@link RecentIndex}. */
export interface RecentIndexOptions {
  /** Events kept per task unless an answer needed more. Default 16. */
  itemsPerTask?: number;
  /** Bytes read from the end of each log at first. Default 4 KiB. */
  windowBytes?: number;
  /** Most bytes read from the end of one log before the caller must replay. Default 64 MiB. */
  windowBytesMax?: number;
}

/** What {@link RecentIndex.query} answers. */
export interface RecentAnswer {
  /** Tagged envelopes as JSON text, oldest first. */
  items: string[];
  /** The newest cursor read before filtering, or null when nothing is after the bound. */
  last: string | null;
}

/** An answer picked from the tails, before the JSON of every item is at hand. */
interface Picked {
  items: [Tail, Item][];
  last: Cursor | null;
}

/** The index of the last events of every task. */
export class RecentIndex {
  readonly state: StateDir;
  readonly #tails = new Map<string, Tail>();
  readonly #itemsPerTask: number;
  readonly #windowBytes: number;
  readonly #windowBytesMax: number;

  constructor(state: StateDir, options: RecentIndexOptions = {}) {
    this.state = state;
    this.#itemsPerTask = options.itemsPerTask ?? 16;
    this.#windowBytes = options.windowBytes ?? 4 * 1024;
    this.#windowBytesMax = options.windowBytesMax ?? 64 * 1024 * 1024;
  }

  /**
   * Declares the tasks whose logs existed when the follower started: their
   * events before that are read from disk. A task first seen through
   * {@link add} is new, and every one of its events comes live.
   */
  existing(tasks: readonly Task[]): void {
    for (const t of tasks) {
      if (!this.#tails.has(t.dir)) {
        this.#tails.set(t.dir, new Tail(t, false, this.#itemsPerTask, 0));
      }
    }
  }

  /**
   * Forgets a task that is gone (`task discard`): its events are no longer
   * in any answer, as they are in no replay of the logs.
   */
  remove(task: Task): void {
    const tail = this.#tails.get(task.dir);
    if (tail && tail.task.id === task.id) this.#tails.delete(task.dir);
  }

  /** Adds events the follower delivered. */
  add(items: readonly FeedItem[]): void {
    for (const it of items) {
      let tail = this.#tails.get(it.task.dir);
      if (tail && tail.task.id !== it.task.id) tail = undefined;
      if (!tail) {
        tail = new Tail(it.task, true, this.#itemsPerTask, 0);
        this.#tails.set(it.task.dir, tail);
      }
      tail.add(itemOf(it, tail.liveEnd));
      tail.liveEnd = it.record.end ?? null;
    }
  }

  /** Reads the last `bytes` of a task's log into its tail. */
  async #load(tail: Tail, bytes: number): Promise<void> {
    if (tail.loading) return await tail.loading;
    tail.loading = (async () => {
      try {
        await this.#read(tail, bytes);
      } catch (e) {
        if (!(e instanceof BadLogFile)) throw e;
        // Not a log (a FIFO, a link out...): that task has nothing to add
        // here; what the follower delivers once it is a log again comes live.
        tail.complete = true;
        tail.windowBytes = bytes;
      }
    })().finally(() => tail.loading = null);
    await tail.loading;
  }

  async #read(tail: Tail, bytes: number): Promise<void> {
    const path = this.state.logPath(tail.task.dir);
    const end = await completeLinesEnd(path);
    let from = Math.max(0, end - bytes);
    if (from > 0) from = await nextLineStart(path, from, end);
    const loaded: Item[] = [];
    for await (const [r, cursor] of feedEvents(path, tail.task, from, end)) {
      loaded.push({ cursor, type: r.env.event.type, json: null });
    }
    tail.cap = Math.max(tail.cap, loaded.length + this.#itemsPerTask);
    for (const it of loaded) tail.add(it);
    tail.windowBytes = bytes;
    // Every load's lines stay readable: the first item of an earlier window may still be kept.
    tail.windowFrom = tail.windowTo === 0 ? from : Math.min(tail.windowFrom, from);
    tail.windowTo = Math.max(tail.windowTo, end);
    if (from === 0) tail.complete = true;
  }

  /**
   * Reads the JSON of `items` (of `tail`, without it) from the bytes that
   * hold them: their own lines, or the bytes the tail's loads read. False
   * when one is no longer there (the log was rewritten since): the caller
   * replays.
   */
  async #fill(tail: Tail, items: Item[]): Promise<boolean> {
    const want = new Map<string, Item>();
    let from = Infinity, to = 0;
    for (const it of items) {
      want.set(formatCursor(it.cursor), it);
      from = Math.min(from, it.from ?? tail.windowFrom);
      to = Math.max(to, it.to ?? tail.windowTo);
    }
    const path = this.state.logPath(tail.task.dir);
    try {
      for await (const [r, cursor] of feedEvents(path, tail.task, from, to)) {
        const key = formatCursor(cursor);
        const it = want.get(key);
        if (it === undefined) continue;
        it.json = taggedText(r, tail.task);
        want.delete(key);
      }
    } catch (e) {
      if (!(e instanceof BadLogFile)) throw e;
    }
    return want.size === 0;
  }

  /**
   * Loads the first window of every task not loaded yet (a warm-up),
   * `concurrency` at a time; with `pauseMs`, each worker lets the event
   * loop run that long between two loads (a warm-up in the background that
   * must not hold up live events).
   */
  async warm(concurrency = 16, pauseMs = 0): Promise<void> {
    const todo = [...this.#tails.values()].filter((t) => !t.complete && t.windowBytes === 0);
    let next = 0;
    const worker = async () => {
      while (next < todo.length) {
        const tail = todo[next++];
        if (tail.complete || tail.windowBytes > 0) continue;
        await this.#load(tail, this.#windowBytes);
        if (pauseMs > 0) await new Promise((r) => setTimeout(r, pauseMs));
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, todo.length) }, worker));
  }

  /**
   * The last `limit` events after `bound` that pass `keep`, of the tasks
   * `only` (all when null). Null when answering would need to read more
   * than the windows allow: the caller then replays from disk.
   */
  async query(
    limit: number,
    bound: Cursor | null,
    keep: (taskId: string, type: string, cursor: Cursor) => boolean,
    only: Set<string> | null,
  ): Promise<RecentAnswer | null> {
    await this.warm();
    const tails = [...this.#tails.values()].filter((t) => only === null || only.has(t.task.id));
    for (let round = 0; round < 32; round++) {
      const short: Tail[] = [];
      const answer = mergeNewest(tails, limit, bound, keep, short);
      if (short.length === 0) return await this.#json(answer);
      for (const t of short) {
        const bytes = Math.max(t.windowBytes * 2, this.#windowBytes);
        if (bytes > this.#windowBytesMax) return null;
        t.cap = Math.max(t.cap, limit + this.#itemsPerTask);
        await this.#load(t, bytes);
      }
    }
    return null;
  }

  /** The answer of `picked`: the JSON of its items read where missing; null if one is gone. */
  async #json(picked: Picked): Promise<RecentAnswer | null> {
    const missing = new Map<Tail, Item[]>();
    for (const [t, it] of picked.items) {
      if (it.json !== null) continue;
      const list = missing.get(t);
      if (list) list.push(it);
      else missing.set(t, [it]);
    }
    for (const [t, items] of missing) {
      if (!(await this.#fill(t, items))) return null;
    }
    return {
      items: picked.items.map(([, it]) => it.json!),
      last: picked.last === null ? null : formatCursor(picked.last),
    };
  }
}

/** The feed's events (schema 2 on, with a cursor) of a log's bytes `from` to `to`. */
async function* feedEvents(
  path: string,
  task: Task,
  from: number,
  to: number,
): AsyncGenerator<[LogRecord, Cursor]> {
  for await (const b of readLog(path, { from, to })) {
    for (const r of b.records) {
      if (r.env.schema < 2) continue;
      const cursor = cursorOf(r.env, task.number);
      if (cursor !== null) yield [r, cursor];
    }
  }
}

/** A line start at or after `from` (the byte after the first newline there). */
async function nextLineStart(path: string, from: number, end: number): Promise<number> {
  const file = await openLogFile(path);
  if (file === null) return end;
  try {
    let pos = from - 1;
    const buf = new Uint8Array(64 * 1024);
    while (pos < end) {
      await file.seek(pos, Deno.SeekMode.Start);
      const n = await file.read(buf);
      if (n === null || n === 0) return end;
      const i = buf.subarray(0, n).indexOf(10);
      if (i >= 0) return pos + i + 1;
      pos += n;
    }
    return end;
  } finally {
    file.close();
  }
}

/**
 * Merges the tails newest first. Tails that run out while the answer still
 * needs older events (and do not hold their task's every event) go to
 * `short`.
 */
function mergeNewest(
  tails: Tail[],
  limit: number,
  bound: Cursor | null,
  keep: (taskId: string, type: string, cursor: Cursor) => boolean,
  short: Tail[],
): Picked {
  // The newest first: [tail, index of its next item].
  const heap = new Heap<[Tail, number]>((a, b) =>
    compareCursor(a[0].items[a[1]].cursor, b[0].items[b[1]].cursor) > 0
  );
  let last: Cursor | null = null;
  for (const t of tails) {
    if (t.items.length > 0) {
      heap.push([t, t.items.length - 1]);
      const c = t.items[t.items.length - 1];
      if (
        (bound === null || compareCursor(c.cursor, bound) > 0) &&
        (last === null || compareCursor(c.cursor, last) > 0)
      ) {
        last = c.cursor;
      }
    } else if (!t.complete) short.push(t);
  }
  const out: [Tail, Item][] = [];
  while (heap.size > 0 && out.length < limit) {
    const top = heap.top!;
    const [t, i] = top;
    const it = t.items[i];
    if (bound !== null && compareCursor(it.cursor, bound) <= 0) {
      // Everything older in this tail is at or before the bound too.
      heap.pop();
      continue;
    }
    if (keep(t.task.id, it.type, it.cursor)) out.push([t, it]);
    if (i > 0) {
      top[1] = i - 1;
      heap.replaceTop();
    } else {
      if (!t.complete) short.push(t);
      heap.pop();
    }
  }
  out.reverse();
  return { items: out, last };
}
