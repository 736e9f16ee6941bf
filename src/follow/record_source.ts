/**
 * One task's log as a source of the feed's merge, read as records (every
 * line decoded, or checked in its light form): see replay_feed.ts. Its twin
 * on bytes is byte_source.ts.
 *
 * @module
 */
import { compareCursor } from "../contract/cursor.ts";
import type { LightRecord, LogProblem, ReadRecord } from "../store/log_reader.ts";
import type { Task } from "../store/tasks.ts";
import { feedCursor, type FeedItem, LazyItem } from "./feed_item.ts";
import { type FeedStart, isAfterStart } from "./feed_start.ts";
import type { LogTail } from "./log_tail.ts";
import type { OpenFiles } from "./open_files.ts";

/**
 * One task's log as a source of the merge. A task's log is in seq order,
 * and its `at` times can go slightly backwards (events of the same task
 * stamped by different processes): a window of the next
 * `lookaheadItems` items is kept sorted by cursor, so such inversions come
 * out in cursor order while memory stays bounded.
 */
export class RecordSource {
  readonly task: Task;
  readonly #tail: LogTail<LightRecord>;
  readonly #to: number;
  readonly #start: FeedStart;
  readonly #lookahead: number;
  readonly #files: OpenFiles;
  readonly #onBad: (e: unknown) => void;
  readonly #onProblem: ((p: LogProblem) => void) | undefined;
  #items: FeedItem<ReadRecord>[] = [];
  #i = 0;
  #done = false;

  /**
   * `to`: where the log's replay stops; `start`: where the feed starts
   * (items after it only); `lookahead`: items kept sorted ahead; `files`: the replay's
   * open logs.
   */
  constructor(
    task: Task,
    tail: LogTail<LightRecord>,
    o: {
      to: number;
      start: FeedStart;
      lookahead: number;
      files: OpenFiles;
      onBad: (e: unknown) => void;
      onProblem?: (p: LogProblem) => void;
    },
  ) {
    this.task = task;
    this.#tail = tail;
    this.#to = o.to;
    this.#start = o.start;
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
        if (c === null || !isAfterStart(this.#start, c)) continue;
        fresh.push(new LazyItem(this.task, r, c));
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
