/**
 * The items of the project-wide feed: an event of a task with its event
 * cursor. A replay that decodes every line gives {@link FeedItem}s; one that
 * reads bytes gives {@link FastItem}s, which hold their cursor as numbers
 * and their line's bytes, and decode the line only when asked for.
 *
 * @module
 */
import { type Decoded, decodeLine } from "../codec/decode.ts";
import { lineText } from "../codec/lines.ts";
import { taggedText } from "../codec/read_form.ts";
import { type Cursor, cursorOf, formatCursor } from "../contract/cursor.ts";
import type { LogProblem, LogRecord, ReadRecord } from "../store/log_reader.ts";
import type { Task } from "../store/tasks.ts";

/** One event of the feed. */
export interface FeedItem<R extends ReadRecord = LogRecord> {
  task: Task;
  /** The decoded event and its log line (light only in a feed read for `--json`). */
  record: R;
  cursor: Cursor;
  /** The cursor as text (the SSE id). */
  readonly cursorText: string;
}

/**
 * An item whose cursor is also held as numbers and whose tagged line can be
 * had without decoding it: what the merge and the byte output use.
 */
export interface FastItem extends FeedItem {
  /** The cursor's time: seconds since the epoch (floor) and nanoseconds. */
  readonly sec: number;
  readonly nanos: number;
  /** The cursor's seq (0 when the event has none). */
  readonly seq: number;
  /** The event's type. */
  readonly type: string;
  /** The tagged envelope as one line of JSON, without its newline. */
  taggedText(): string;
  /**
   * The tagged line's bytes (with its newline) as two ranges: the task's
   * prefix and the rest of the original line; null when it has no bytes of
   * its own (its `taggedText` is encoded).
   */
  readonly bytes: Uint8Array | null;
  readonly start: number;
  readonly end: number;
  readonly prefix: Uint8Array;
  /** The offset in its log just after its line (where a reader of that log stands after it). */
  readonly fileEnd: number;
}

/** Orders fast items by cursor. */
export function compareItems(a: FastItem, b: FastItem): number {
  return a.sec - b.sec || a.nanos - b.nanos || a.task.number - b.task.number || a.seq - b.seq;
}

const NS = 1_000_000_000n;

/** Seconds (floor) and nanoseconds of a time in nanoseconds since the epoch. */
export function splitNs(ns: bigint): [number, number] {
  let sec = ns / NS;
  let nanos = ns % NS;
  if (nanos < 0n) {
    sec -= 1n;
    nanos += NS;
  }
  return [Number(sec), Number(nanos)];
}

/** A cursor as the numbers fast items compare with. */
export function cursorNumbers(c: Cursor): { sec: number; nanos: number } {
  const [sec, nanos] = splitNs(c.ns);
  return { sec, nanos };
}

const encoder = new TextEncoder();

/** The bytes a tagged line of `task` starts with: `{"task":"<id>","number":N,`. */
export function taggedPrefix(task: Task): Uint8Array {
  return encoder.encode(`{"task":${JSON.stringify(task.id)},"number":${task.number},`);
}

/**
 * A line in its own read form: its bytes, and its record decoded only when
 * asked for. Or a line of another serialiser's form read by the foreign
 * reader: its read form's bytes instead (its record's `text` is then its
 * read form, which decodes to the same record).
 */
export class ByteItem implements FastItem {
  #record: LogRecord | undefined;
  #cursor: Cursor | undefined;
  constructor(
    readonly task: Task,
    readonly prefix: Uint8Array,
    readonly bytes: Uint8Array,
    /** The line's bytes in `bytes`: [start, end), its newline included. */
    readonly start: number,
    readonly end: number,
    readonly sec: number,
    readonly nanos: number,
    readonly seq: number,
    readonly type: string,
    readonly line: number,
    /** The offset in its log just after its line. */
    readonly fileEnd: number,
  ) {}

  get record(): LogRecord {
    if (this.#record === undefined) {
      const text = lineText(this.bytes.subarray(this.start, this.end - 1));
      const d = decodeLine(text) as Extract<Decoded, { ok: true }>;
      this.#record = {
        env: d.env,
        upgraded: d.upgraded,
        text,
        line: this.line,
        end: this.fileEnd,
      };
    }
    return this.#record;
  }

  get cursor(): Cursor {
    return this.#cursor ??= {
      ns: BigInt(this.sec) * NS + BigInt(this.nanos),
      number: this.task.number,
      seq: this.seq,
    };
  }

  get cursorText(): string {
    return formatCursor(this.cursor);
  }

  taggedText(): string {
    // The prefix ends with a comma: the line goes on after its "{".
    return lineText(this.prefix) + lineText(this.bytes.subarray(this.start + 1, this.end - 1));
  }
}

/** A line decoded in full (of a replay on bytes). */
export class RecordItem implements FastItem {
  readonly sec: number;
  readonly nanos: number;
  readonly seq: number;
  readonly type: string;
  readonly bytes = null;
  readonly start = 0;
  readonly end = 0;
  #cursorText: string | undefined;
  constructor(
    readonly task: Task,
    readonly prefix: Uint8Array,
    readonly record: LogRecord,
    readonly cursor: Cursor,
  ) {
    [this.sec, this.nanos] = splitNs(cursor.ns);
    this.seq = cursor.seq;
    this.type = record.env.event.type;
  }
  get cursorText(): string {
    return this.#cursorText ??= formatCursor(this.cursor);
  }
  get fileEnd(): number {
    return this.record.end ?? 0;
  }
  taggedText(): string {
    return taggedText(this.record, this.task);
  }
}

/** A feed item whose cursor text is made when it is first asked for (a replay prints most without it). */
export class LazyItem<R extends ReadRecord> implements FeedItem<R> {
  #text: string | undefined;
  constructor(readonly task: Task, readonly record: R, readonly cursor: Cursor) {}
  get cursorText(): string {
    return this.#text ??= formatCursor(this.cursor);
  }
}

/**
 * The problem of a line of schema 2 or above whose `at` gives it no event
 * cursor: it is left out of the merge of every task (with a warning, never
 * silently), and `events <TASK>` still shows it.
 */
export function noCursorProblem(path: string, line: number, offset: number): LogProblem {
  return {
    path,
    line,
    offset,
    reason: "its `at` is not a UTC timestamp of 1970 or later, so it has no event cursor; " +
      "`events <TASK>` shows it",
  };
}

/**
 * Whether a record belongs in the feed; its cursor if so. One of schema 2
 * or above without a cursor is told to `onProblem`.
 */
export function feedCursor(
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
