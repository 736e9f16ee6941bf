/**
 * The replay of the project-wide feed: every logged event of schema 2 or
 * above of the given tasks, on disk now, ordered by event cursor
 * (`<ns>-<task number>-<seq>`, seq 0 when absent), as `taskline events`
 * without a task and `GET /api/events` give it. A k-way merge that holds one
 * small chunk per task: bounded memory whatever the size of the logs.
 *
 * Three ways to read the logs, one function each:
 *
 * - {@link replayRecords}: every line decoded ({@link FeedItem}s).
 * - {@link replayLight}: records that carry their `--json` text; a line in
 *   its own read form is only checked, and its `env` is light.
 * - {@link replayBytes}: the logs read as bytes ({@link FastItem}s): a line
 *   is decoded only when its `record` is asked for, lines without one of
 *   the `needles` are not looked at, and its tagged line comes from its bytes.
 *
 * {@link replayFeed} is the library's one entry to them (`bytes`, `json`).
 * Each starts at a {@link FeedStart}; the live feed is project_follower.ts.
 *
 * @module
 */
import { compareCursor, type Cursor } from "../contract/cursor.ts";
import type { LogProblem, ReadRecord } from "../store/log_reader.ts";
import { BadLogFile } from "../store/log_file.ts";
import type { StateDir } from "../store/state_dir.ts";
import type { Task } from "../store/tasks.ts";
import { BufferPool } from "./buffer_pool.ts";
import { ByteSource, SourceReader } from "./byte_source.ts";
import { completeLinesEnd } from "./complete_lines.ts";
import { compareItems, type FastItem, type FeedItem } from "./feed_item.ts";
import { FEED_BEGINNING, type FeedStart, feedStartOf } from "./feed_start.ts";
import { Heap } from "./heap.ts";
import { LogTail } from "./log_tail.ts";
import { OpenFiles } from "./open_files.ts";
import { RecordSource } from "./record_source.ts";
import { lightLines } from "./scan.ts";

/** What every replay of the feed takes. */
export interface ReplayBaseOptions {
  /** Where to start (`now`: nothing on disk is replayed). Default {@link FEED_BEGINNING}. */
  start?: FeedStart;
  /** Per task directory, where to start reading (a line start). Default 0. */
  from?: ReadonlyMap<string, number>;
  /** Per task directory, where to stop reading (a line start). Default: the size at open. */
  to?: ReadonlyMap<string, number>;
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
  onProblem?: (p: LogProblem) => void;
  /**
   * Told of a task whose log is not a regular file inside `.taskline/` (a
   * FIFO, a link out...): that task is left out, the others are read.
   * Default: told to `onProblem` as a problem of line 0.
   */
  onBadLog?: (e: BadLogFile, task: Task) => void;
  signal?: AbortSignal;
}

/** Options of {@link replayRecords} and {@link replayLight}. */
export interface ReplayRecordsOptions extends ReplayBaseOptions {
  /** Cheap test on raw lines. Default: all. */
  prefilter?: (line: string) => boolean;
}

/** Options of {@link replayBytes}. */
export interface ReplayBytesOptions extends ReplayBaseOptions {
  /**
   * A line that contains none of these (event type names in quotes) is
   * neither decoded nor reported. Default: every line.
   */
  needles?: readonly string[] | null;
  /**
   * Chunk buffers are reused once a batch was taken, so an item's bytes (and
   * its `record`, when first asked for then) are valid only until the next
   * batch is asked for. For consumers that write each batch out at once (the
   * CLI). Default false.
   */
  reuseBuffers?: boolean;
}

/** Options of {@link replayFeed}: those of the function it picks, and which. */
export interface ReplayFeedOptions extends ReplayRecordsOptions, ReplayBytesOptions {
  /**
   * Only events with a cursor strictly after this: the same as `start:
   * feedAfter(after)`, which wins when both are given. Default: all.
   */
  after?: Cursor;
  /** {@link replayLight}. Default false. */
  json?: boolean;
  /**
   * {@link replayBytes} (`needles` instead of `prefilter`). Default false
   * ({@link replayRecords}).
   */
  bytes?: boolean;
}

/**
 * The events on disk of `tasks`, merged by cursor, in batches: with
 * `bytes` {@link replayBytes}, with `json` {@link replayLight}, else
 * {@link replayRecords}.
 *
 * @example
 * ```ts
 * for await (const items of replayFeed(state, tasks, { start: feedAfter(parseCursor("0-0-0")) })) {
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
export function replayFeed(
  state: StateDir,
  tasks: readonly Task[],
  options: ReplayFeedOptions = {},
): AsyncGenerator<FeedItem<ReadRecord>[]> {
  const o = { ...options, start: feedStartOf(options, FEED_BEGINNING) };
  if (options.bytes) return replayBytes(state, tasks, o);
  return options.json ? replayLight(state, tasks, o) : replayRecords(state, tasks, o);
}

/**
 * The events on disk of `tasks`, merged by cursor, every line decoded.
 *
 * @example
 * ```ts
 * for await (const items of replayRecords(state, tasks, { start: FEED_BEGINNING })) {
 *   for (const it of items) console.log(it.cursorText, it.record.env.event.type);
 * }
 * ```
 */
export function replayRecords(
  state: StateDir,
  tasks: readonly Task[],
  options: ReplayRecordsOptions = {},
): AsyncGenerator<FeedItem[]> {
  return replaySources(state, tasks, options) as AsyncGenerator<FeedItem[]>;
}

/**
 * {@link replayRecords} for `--json`: records carry their `--json` text, and
 * those in their own read form a light `env` only (see scan.ts's
 * `lightLines`): its schema, seq and at, and an event of only type, run and
 * success.
 *
 * @example
 * ```ts
 * for await (const items of replayLight(state, tasks)) {
 *   for (const it of items) console.log(readFormText(it.record));
 * }
 * ```
 */
export function replayLight(
  state: StateDir,
  tasks: readonly Task[],
  options: ReplayRecordsOptions = {},
): AsyncGenerator<FeedItem<ReadRecord>[]> {
  // One check for every log: lines are checked one at a time.
  return replaySources(state, tasks, options, lightLines());
}

/** {@link replayRecords} and {@link replayLight}: `light`, the light reader of lines. */
async function* replaySources(
  state: StateDir,
  tasks: readonly Task[],
  options: ReplayRecordsOptions,
  light?: ReturnType<typeof lightLines>,
): AsyncGenerator<FeedItem<ReadRecord>[]> {
  const start = options.start ?? FEED_BEGINNING;
  if (start.from === "now") return;
  const heap = new Heap<RecordSource>(less);
  const files = new OpenFiles();
  try {
    for (const task of tasks) {
      const path = state.logPath(task.dir);
      const range = await replayRange(options, task, path, (p) => files.completeEnd(p));
      if (range === null) continue;
      const { from, to } = range;
      const tail = new LogTail(path, {
        from,
        chunkBytes: options.chunkBytes ?? 8 * 1024,
        prefilter: options.prefilter,
        onProblem: options.onProblem,
        light,
      });
      const src = new RecordSource(task, tail, {
        to,
        start,
        lookahead: options.lookaheadItems ?? 16,
        files,
        onBad: (e) => tellBadLog(options, e, task),
        onProblem: options.onProblem,
      });
      if (src.fill()) heap.push(src);
    }
    yield* merge(heap, options);
  } finally {
    files.close();
  }
}

/**
 * The events on disk of `tasks`, merged by cursor, read as bytes (see
 * byte_source.ts): a line in its own read form is decoded only when its
 * `record` is asked for, and its tagged line is had from its bytes.
 *
 * @example
 * ```ts
 * for await (const items of replayBytes(state, tasks, { needles: ['"tool_called"'] })) {
 *   for (const it of items) console.log(it.taggedText());
 * }
 * ```
 */
export async function* replayBytes(
  state: StateDir,
  tasks: readonly Task[],
  options: ReplayBytesOptions = {},
): AsyncGenerator<FastItem[]> {
  const start = options.start ?? FEED_BEGINNING;
  if (start.from === "now") return;
  const heap = new Heap<ByteSource>(lessBytes);
  const files = new OpenFiles();
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
        start,
        lookahead: options.lookaheadItems ?? 16,
        chunkBytes,
        files,
        reader,
        pool,
        onProblem: options.onProblem,
        onBad: (e) => tellBadLog(options, e, task),
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

/**
 * Tells `o` of a bad log (see {@link ReplayBaseOptions.onBadLog}); rethrows
 * anything else.
 */
export function tellBadLog(
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
  options: ReplayBaseOptions,
  task: Task,
  path: string,
  end: (path: string) => number | Promise<number> = completeLinesEnd,
): Promise<{ from: number; to: number } | null> {
  let to: number;
  try {
    to = options.to?.get(task.dir) ?? await end(path);
  } catch (e) {
    tellBadLog(options, e, task);
    return null;
  }
  const from = options.from?.get(task.dir) ?? 0;
  return to <= from ? null : { from, to };
}

/** A source of the merge: one task's log, its next item at `head`. */
interface MergeSource<T> {
  readonly head: T | undefined;
  next(): void;
  fill(): boolean;
}

/** The heads of the sources in order, in batches; the heap is emptied. */
function* merge<T, S extends MergeSource<T>>(
  heap: Heap<S>,
  options: ReplayBaseOptions,
): Generator<T[]> {
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

function less(a: RecordSource, b: RecordSource): boolean {
  return compareCursor(a.head!.cursor, b.head!.cursor) < 0;
}
